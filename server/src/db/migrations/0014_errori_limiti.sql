CREATE TABLE "errore_email_ora" (
	"ora" timestamp with time zone PRIMARY KEY NOT NULL,
	"avvisi" integer DEFAULT 0 NOT NULL,
	"riepilogo" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "errore_gruppo" ADD COLUMN "riepilogo_dal" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "errore_gruppo" ADD COLUMN "riepilogo_preso_il" timestamp with time zone;