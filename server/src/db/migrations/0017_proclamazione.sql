-- The award ceremony (issue 29): per session, the proclamation's step
-- (0: not started) and when it was set (gara/proclamazione/).
CREATE TABLE "proclamazione" (
	"sessione_id" integer PRIMARY KEY NOT NULL,
	"passo" integer DEFAULT 0 NOT NULL,
	"aggiornata" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proclamazione_passo_check" CHECK ("proclamazione"."passo" >= 0)
);
--> statement-breakpoint
ALTER TABLE "proclamazione" ADD CONSTRAINT "proclamazione_sessione_id_sessione_id_fk" FOREIGN KEY ("sessione_id") REFERENCES "public"."sessione"("id") ON DELETE cascade ON UPDATE no action;