-- The parts of an event its open pages show announce their changes
-- (issue 27): sessions, problems, teams and venues, on `gas_modifiche` as
-- '<part>:<event id>'. Current definition of the function:
-- server/src/db/functions/gas_notifica_parte_evento.sql (applied after the
-- migrations); created here first because the triggers name it.
CREATE OR REPLACE FUNCTION gas_notifica_parte_evento() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  parte text := TG_ARGV[0];
BEGIN
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('gas_modifiche', parte || ':' || NEW.evento_id);
  END IF;
  IF TG_OP <> 'INSERT' AND (TG_OP = 'DELETE' OR OLD.evento_id IS DISTINCT FROM NEW.evento_id) THEN
    PERFORM pg_notify('gas_modifiche', parte || ':' || OLD.evento_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER gas_modifiche_evento AFTER INSERT OR UPDATE OR DELETE ON sessione
  FOR EACH ROW EXECUTE FUNCTION gas_notifica_parte_evento('sessioni');
--> statement-breakpoint
CREATE TRIGGER gas_modifiche_evento AFTER INSERT OR UPDATE OR DELETE ON problema
  FOR EACH ROW EXECUTE FUNCTION gas_notifica_parte_evento('problemi');
--> statement-breakpoint
CREATE TRIGGER gas_modifiche_evento AFTER INSERT OR UPDATE OR DELETE ON squadra
  FOR EACH ROW EXECUTE FUNCTION gas_notifica_parte_evento('squadre');
--> statement-breakpoint
CREATE TRIGGER gas_modifiche_evento AFTER INSERT OR UPDATE OR DELETE ON polo
  FOR EACH ROW EXECUTE FUNCTION gas_notifica_parte_evento('poli');
