-- gas_notifica_modifica: every committed change to what the answer route
-- checks (events and their staff, problems, teams and their managers) and to
-- accounts and login sessions is announced on the channel `gas_modifiche` as
-- '<table>:<id>' ('*' after a TRUNCATE), so each server instance can keep
-- those rows in memory and drop them the moment they change
-- (server/src/gara/risposte/targets.ts, server/src/db/changes.ts). NOTIFY is
-- delivered at commit, to every listening instance, whatever wrote the row.
-- The triggers that call it are in migrations 0003 and 0005; this file is the
-- function's current definition (see gas_consegna_risposte.sql).
CREATE OR REPLACE FUNCTION gas_notifica_modifica() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tabella text := TG_ARGV[0];
  colonna text := TG_ARGV[1];
  -- evento_* and responsabile_squadra name the row they belong to (colonna).
  nuovo text;
  vecchio text;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('gas_modifiche', '*');
    RETURN NULL;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    nuovo := to_jsonb(NEW) ->> colonna;
    PERFORM pg_notify('gas_modifiche', tabella || ':' || nuovo);
  END IF;
  IF TG_OP <> 'INSERT' THEN
    vecchio := to_jsonb(OLD) ->> colonna;
    IF vecchio IS DISTINCT FROM nuovo THEN
      PERFORM pg_notify('gas_modifiche', tabella || ':' || vecchio);
    END IF;
  END IF;
  RETURN NULL;
END $$;
