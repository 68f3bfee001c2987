CREATE TABLE "sincronizzazione" (
	"id" serial PRIMARY KEY NOT NULL,
	"inizio" timestamp with time zone DEFAULT now() NOT NULL,
	"fine" timestamp with time zone,
	"esito" text DEFAULT 'in_corso' NOT NULL,
	"avviata_da" text DEFAULT 'pianificata' NOT NULL,
	"generato" text DEFAULT '' NOT NULL,
	"riepilogo" jsonb,
	"errore" text DEFAULT '' NOT NULL,
	CONSTRAINT "sincronizzazione_esito_check" CHECK ("sincronizzazione"."esito" in ('in_corso', 'applicato', 'rifiutato', 'fallito'))
);
--> statement-breakpoint
ALTER TABLE "responsabile" ADD COLUMN "id_esterno" text;--> statement-breakpoint
CREATE INDEX "sincronizzazione_inizio_idx" ON "sincronizzazione" USING btree ("inizio");--> statement-breakpoint
CREATE UNIQUE INDEX "responsabile_id_esterno_unique" ON "responsabile" USING btree ("id_esterno");