CREATE TABLE "digitazione" (
	"id" serial PRIMARY KEY NOT NULL,
	"squadra_id" integer NOT NULL,
	"sessione_id" integer NOT NULL,
	"problema_id" integer NOT NULL,
	"valore" text NOT NULL,
	"valore_exp" integer DEFAULT 0 NOT NULL,
	"momento_consegna" timestamp with time zone NOT NULL,
	"momento_scelto" boolean DEFAULT false NOT NULL,
	"ricevuta" timestamp with time zone DEFAULT now() NOT NULL,
	"utente_id" integer,
	"stato" text DEFAULT 'in_attesa' NOT NULL,
	"stato_iniziale" text NOT NULL,
	"abbinata_a" integer,
	"risposta_id" integer,
	"risolta_da" integer,
	"risolta_il" timestamp with time zone,
	"chiave_idempotenza" text,
	"impronta_richiesta" text,
	CONSTRAINT "digitazione_stato_check" CHECK ("digitazione"."stato" in ('in_attesa', 'confermata', 'discordante', 'risolta', 'scartata')),
	CONSTRAINT "digitazione_stato_iniziale_check" CHECK ("digitazione"."stato_iniziale" in ('in_attesa', 'confermata', 'discordante', 'risolta', 'scartata'))
);
--> statement-breakpoint
ALTER TABLE "evento" ADD COLUMN "doppia_digitazione" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "digitazione" ADD CONSTRAINT "digitazione_sessione_id_sessione_id_fk" FOREIGN KEY ("sessione_id") REFERENCES "public"."sessione"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "digitazione" ADD CONSTRAINT "digitazione_problema_id_problema_id_fk" FOREIGN KEY ("problema_id") REFERENCES "public"."problema"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "digitazione" ADD CONSTRAINT "digitazione_utente_id_users_id_fk" FOREIGN KEY ("utente_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "digitazione" ADD CONSTRAINT "digitazione_abbinata_a_digitazione_id_fk" FOREIGN KEY ("abbinata_a") REFERENCES "public"."digitazione"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "digitazione" ADD CONSTRAINT "digitazione_risposta_id_risposta_id_fk" FOREIGN KEY ("risposta_id") REFERENCES "public"."risposta"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "digitazione" ADD CONSTRAINT "digitazione_risolta_da_users_id_fk" FOREIGN KEY ("risolta_da") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "digitazione" ADD CONSTRAINT "digitazione_squadra_sessione_fk" FOREIGN KEY ("squadra_id","sessione_id") REFERENCES "public"."squadra"("id","sessione_id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE UNIQUE INDEX "digitazione_chiave_idempotenza_unique" ON "digitazione" USING btree ("utente_id","chiave_idempotenza") WHERE "digitazione"."chiave_idempotenza" is not null;--> statement-breakpoint
CREATE INDEX "digitazione_squadra_problema_idx" ON "digitazione" USING btree ("squadra_id","problema_id");--> statement-breakpoint
CREATE INDEX "digitazione_sessione_stato_idx" ON "digitazione" USING btree ("sessione_id","stato");