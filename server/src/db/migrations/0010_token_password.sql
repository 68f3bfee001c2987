CREATE TABLE "token_password" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"hash" text NOT NULL,
	"scopo" text NOT NULL,
	"scade" timestamp with time zone NOT NULL,
	"usato" timestamp with time zone,
	"creato" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "token_password_scopo_check" CHECK ("token_password"."scopo" in ('imposta', 'reimposta'))
);
--> statement-breakpoint
ALTER TABLE "token_password" ADD CONSTRAINT "token_password_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "token_password_hash_unique" ON "token_password" USING btree ("hash");--> statement-breakpoint
CREATE INDEX "token_password_user_idx" ON "token_password" USING btree ("user_id");