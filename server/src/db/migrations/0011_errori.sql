CREATE TABLE "errore_gruppo" (
	"id" serial PRIMARY KEY NOT NULL,
	"impronta" text NOT NULL,
	"origine" text NOT NULL,
	"tipo" text NOT NULL,
	"messaggio" text NOT NULL,
	"contesto" text DEFAULT '' NOT NULL,
	"conteggio" integer DEFAULT 1 NOT NULL,
	"primo" timestamp with time zone DEFAULT now() NOT NULL,
	"ultimo" timestamp with time zone DEFAULT now() NOT NULL,
	"risolto" boolean DEFAULT false NOT NULL,
	"risolto_il" timestamp with time zone,
	"risolto_da" integer,
	"ultima_email" timestamp with time zone,
	CONSTRAINT "errore_gruppo_impronta_unique" UNIQUE("impronta"),
	CONSTRAINT "errore_gruppo_origine_check" CHECK ("errore_gruppo"."origine" in ('web', 'server'))
);
--> statement-breakpoint
CREATE TABLE "errore_occorrenza" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"gruppo_id" integer NOT NULL,
	"quando" timestamp with time zone DEFAULT now() NOT NULL,
	"messaggio" text NOT NULL,
	"stack" text DEFAULT '' NOT NULL,
	"percorso" text DEFAULT '' NOT NULL,
	"versione" text DEFAULT '' NOT NULL,
	"utente" text DEFAULT 'Anonymous' NOT NULL,
	"request_id" text DEFAULT '' NOT NULL,
	"browser" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "errore_gruppo" ADD CONSTRAINT "errore_gruppo_risolto_da_users_id_fk" FOREIGN KEY ("risolto_da") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "errore_occorrenza" ADD CONSTRAINT "errore_occorrenza_gruppo_id_errore_gruppo_id_fk" FOREIGN KEY ("gruppo_id") REFERENCES "public"."errore_gruppo"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "errore_gruppo_ultimo_idx" ON "errore_gruppo" USING btree ("ultimo");--> statement-breakpoint
CREATE INDEX "errore_occorrenza_gruppo_idx" ON "errore_occorrenza" USING btree ("gruppo_id","id");