-- The audit log (issue 14): who changed what, when, from where; append-only.
CREATE TABLE "registro" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"momento" timestamp with time zone DEFAULT now() NOT NULL,
	"utente_id" integer,
	"utente_nome" text DEFAULT '' NOT NULL,
	"indirizzo" text DEFAULT '' NOT NULL,
	"origine" text NOT NULL,
	"azione" text NOT NULL,
	"risorsa" text NOT NULL,
	"oggetto_id" integer,
	"oggetto_nome" text DEFAULT '' NOT NULL,
	"modifiche" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"nota" text DEFAULT '' NOT NULL,
	CONSTRAINT "registro_origine_check" CHECK ("registro"."origine" in ('admin', 'api', 'import', 'sistema')),
	CONSTRAINT "registro_azione_check" CHECK ("registro"."azione" in ('crea', 'modifica', 'elimina', 'accesso'))
);
--> statement-breakpoint
CREATE INDEX "registro_oggetto_idx" ON "registro" USING btree ("risorsa","oggetto_id","id");--> statement-breakpoint
CREATE INDEX "registro_utente_idx" ON "registro" USING btree ("utente_id","id");--> statement-breakpoint
CREATE INDEX "registro_momento_idx" ON "registro" USING btree ("momento");--> statement-breakpoint
-- Current definition of the function: server/src/db/functions/
-- gas_registro_solo_aggiunte.sql (applied after the migrations).
-- The audit log is append-only for everyone, superusers and the database
-- owner's application included: no route changes or deletes an entry, and
-- this trigger refuses it even to a hand-written statement.
CREATE FUNCTION gas_registro_solo_aggiunte() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'registro: le voci del registro non si modificano e non si cancellano'
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER gas_registro_solo_aggiunte BEFORE UPDATE OR DELETE ON registro
  FOR EACH ROW EXECUTE FUNCTION gas_registro_solo_aggiunte();
--> statement-breakpoint
CREATE TRIGGER gas_registro_niente_truncate BEFORE TRUNCATE ON registro
  FOR EACH STATEMENT EXECUTE FUNCTION gas_registro_solo_aggiunte();
