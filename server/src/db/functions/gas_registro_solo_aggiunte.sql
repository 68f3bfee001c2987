-- gas_registro_solo_aggiunte: the audit log is append-only for everyone,
-- superusers and the database owner's application included: no route
-- changes or deletes an entry, and the triggers of migration 0006 call this
-- to refuse it even to a hand-written statement. This file is the function's
-- current definition (see gas_consegna_risposte.sql).
CREATE OR REPLACE FUNCTION gas_registro_solo_aggiunte() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'registro: le voci del registro non si modificano e non si cancellano'
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
