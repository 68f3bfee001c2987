-- gas_notifica_parte_evento: a committed change to a part of an event its
-- pages show (sessions, problems, teams, venues) is announced on the channel
-- `gas_modifiche` as '<part>:<event id>' ('sessioni:3', 'problemi:3',
-- 'squadre:3', 'poli:3'), whatever wrote it (the API, the back office, the
-- import, a script); changes to the event's own row come as 'evento:<id>'
-- (gas_notifica_modifica). Each instance turns them into the `modifica` and
-- `tempi` frames of the event's open pages (server/src/gara/modifiche-evento.ts).
-- PostgreSQL folds identical notifications of one transaction into one, so
-- an import of a thousand teams announces 'squadre:<id>' once.
-- TG_ARGV[0] is the part; the row's `evento_id` names the event (squadra keeps
-- it denormalised).
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
