-- Current definitions: server/src/db/functions/gas_notifica_modifica.sql and
-- gas_consegna_risposte.sql (applied after the migrations); below, as 0003 created them.
-- The hot path of a contest day: submitting an answer (issue 5).
--
-- 1. gas_modifiche: every committed change to what the answer route checks
--    (events and their staff, problems, teams and their managers) is announced
--    on the channel `gas_modifiche` as '<table>:<id>', so each server instance
--    can keep those rows in memory and drop them the moment they change
--    (server/src/api/risposta/targets.ts). NOTIFY is delivered at commit,
--    to every listening instance, whatever wrote the row.
CREATE FUNCTION gas_notifica_modifica() RETURNS trigger LANGUAGE plpgsql AS $$
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
--> statement-breakpoint
CREATE TRIGGER gas_modifiche AFTER INSERT OR UPDATE OR DELETE ON evento
  FOR EACH ROW EXECUTE FUNCTION gas_notifica_modifica('evento', 'id');
--> statement-breakpoint
CREATE TRIGGER gas_modifiche AFTER INSERT OR UPDATE OR DELETE ON evento_amministratore
  FOR EACH ROW EXECUTE FUNCTION gas_notifica_modifica('evento', 'evento_id');
--> statement-breakpoint
CREATE TRIGGER gas_modifiche AFTER INSERT OR UPDATE OR DELETE ON evento_inseritore
  FOR EACH ROW EXECUTE FUNCTION gas_notifica_modifica('evento', 'evento_id');
--> statement-breakpoint
CREATE TRIGGER gas_modifiche AFTER INSERT OR UPDATE OR DELETE ON problema
  FOR EACH ROW EXECUTE FUNCTION gas_notifica_modifica('problema', 'id');
--> statement-breakpoint
CREATE TRIGGER gas_modifiche AFTER INSERT OR UPDATE OR DELETE ON squadra
  FOR EACH ROW EXECUTE FUNCTION gas_notifica_modifica('squadra', 'id');
--> statement-breakpoint
CREATE TRIGGER gas_modifiche AFTER INSERT OR UPDATE OR DELETE ON responsabile_squadra
  FOR EACH ROW EXECUTE FUNCTION gas_notifica_modifica('squadra', 'squadra_id');
--> statement-breakpoint
CREATE TRIGGER gas_modifiche_truncate AFTER TRUNCATE ON evento
  FOR EACH STATEMENT EXECUTE FUNCTION gas_notifica_modifica();
--> statement-breakpoint
CREATE TRIGGER gas_modifiche_truncate AFTER TRUNCATE ON problema
  FOR EACH STATEMENT EXECUTE FUNCTION gas_notifica_modifica();
--> statement-breakpoint
CREATE TRIGGER gas_modifiche_truncate AFTER TRUNCATE ON squadra
  FOR EACH STATEMENT EXECUTE FUNCTION gas_notifica_modifica();
--> statement-breakpoint
-- 2. gas_consegna_risposte: checked answers go in with one statement (one
--    round trip, one transaction for the whole batch: the server gathers the
--    answers that arrive while the previous batch is being stored). The
--    caller has checked permissions and computed `corretto` against the
--    problem's solution as it knew it. `p_risposte` is a JSON array of
--    {n, squadra, sessione, problema, valore, valore_exp, momento, momento_scelto,
--    ricevuta, dal, corretto, inserita_da, soluzione, soluzione_exp,
--    intervallo}; one result row per element, with its `n`. Here:
--    - the lock on risposta comes first: a solution correction takes SHARE ROW
--      EXCLUSIVE on it before re-checking stored answers (evento/recheck.ts),
--      so either these answers are committed before the re-check reads the
--      answers, or they wait and then meet the new solution below;
--    - teams are taken in id order (no deadlock between concurrent batches);
--      the team's row lock serialises one team's submissions, so the
--      duplicate check sees a concurrent twin (and an earlier one of the batch);
--    - 'duplicate': the same answer of the team received since `dal` (a double
--      click, a retried request), returned instead of stored twice;
--    - 'stale': the team is no longer in that session, or the problem's
--      solution is no longer the one `corretto` was computed with: the caller
--      reloads and checks again;
--    - 'created': the new row.
CREATE FUNCTION gas_consegna_risposte(p_risposte jsonb) RETURNS TABLE (
  n integer,
  esito text,
  r_id integer,
  r_sessione_id integer,
  r_corretto boolean,
  r_momento_consegna timestamptz,
  r_date timestamptz,
  r_date_received timestamptz,
  r_inserita_da integer
) LANGUAGE plpgsql AS $$
DECLARE
  a record;
  r risposta%ROWTYPE;
BEGIN
  LOCK TABLE risposta IN ROW EXCLUSIVE MODE;
  FOR a IN
    SELECT x.* FROM jsonb_to_recordset(p_risposte) AS x(
      n integer, squadra integer, sessione integer, problema integer, valore text, valore_exp integer,
      momento timestamptz, momento_scelto boolean, ricevuta timestamptz, dal timestamptz,
      corretto boolean, inserita_da integer, soluzione double precision,
      soluzione_exp integer, intervallo double precision)
    ORDER BY x.squadra, x.n
  LOOP
    n := a.n;
    r := NULL;
    PERFORM 1 FROM squadra s WHERE s.id = a.squadra AND s.sessione_id = a.sessione
      FOR NO KEY UPDATE;
    IF NOT FOUND THEN
      esito := 'stale';
    ELSE
      SELECT * INTO r FROM risposta x
        WHERE x.squadra_id = a.squadra AND x.problema_id = a.problema AND x.kind = 'r'
          AND x.valore = a.valore AND x.valore_exp = a.valore_exp
          AND (NOT a.momento_scelto OR x.momento_consegna = a.momento)
          AND x.date_received > a.dal
        ORDER BY x.id DESC LIMIT 1;
      IF FOUND THEN
        esito := 'duplicate';
      ELSE
        PERFORM 1 FROM problema p
          WHERE p.id = a.problema AND p.soluzione = a.soluzione
            AND p.soluzione_exp = a.soluzione_exp AND p.intervallo_validita = a.intervallo;
        IF NOT FOUND THEN
          esito := 'stale';
        ELSE
          INSERT INTO risposta (problema_id, squadra_id, sessione_id, valore, valore_exp, kind,
              corretto, momento_consegna, date, date_received, inserita_da)
            VALUES (a.problema, a.squadra, a.sessione, a.valore, a.valore_exp, 'r',
              a.corretto, a.momento, a.momento, a.ricevuta, a.inserita_da)
            RETURNING * INTO r;
          esito := 'created';
        END IF;
      END IF;
    END IF;
    r_id := r.id;
    r_sessione_id := r.sessione_id;
    r_corretto := r.corretto;
    r_momento_consegna := r.momento_consegna;
    r_date := r.date;
    r_date_received := r.date_received;
    r_inserita_da := r.inserita_da;
    RETURN NEXT;
  END LOOP;
END $$;
