-- gas_consegna_risposte: the one way an answer is stored (the answer desk,
-- double entry and every other writer of answers call it through
-- server/src/gara/risposte/consegna.ts). This file is its current definition:
-- migrations created it (0003) and changed it (0007, 0012), and
-- migrateDatabase applies this file after them, so a change is made here,
-- in one place (a change of its signature or result columns also needs a
-- migration that drops the old one).
--
-- Checked answers go in with one statement: one round trip and one
-- transaction for a whole batch (the server gathers the answers that arrive
-- while the previous batch is being stored). The caller has checked
-- permissions and computed `corretto` against the problem's solution as it
-- knew it. `p_risposte` is a JSON array of {n, squadra, sessione, problema,
-- valore, valore_exp, momento, momento_scelto, ricevuta, dal, corretto,
-- inserita_da, soluzione, soluzione_exp, intervallo, indirizzo, chiave,
-- impronta, kind}; one result row per element, with its `n`. `kind` 'j' is a
-- joker's answer row (gara/risposte/jolly.ts, in its own transaction, which
-- then stores the joker): no value, no correctness, no duplicate window and
-- no solution to check; its key, team and audit entry as any answer's.
-- Here:
-- - the lock on risposta comes first: a solution correction takes SHARE ROW
--   EXCLUSIVE on it before re-checking stored answers (gara/ricontrollo.ts), so
--   either these answers are committed before the re-check reads them, or
--   they wait and then meet the new solution below;
-- - teams are taken in id order (no deadlock between concurrent batches); the
--   team's row lock serialises one team's submissions, so the duplicate check
--   sees a concurrent twin (and an earlier one of the batch);
-- - Idempotency-Key (issue 17): an element may carry the submission's key
--   (`chiave`) and the sha256 of its request (`impronta`). A key the
--   submitter already used answers its row ('replay' when the request is the
--   same, 'conflict' when not) and stores nothing; a keyed answer skips the
--   duplicate window (the key, not a guess, says what is a retry: two entries
--   of one slip are two answers); two transactions storing one key meet on
--   the unique index and the second answers the first's row;
-- - 'duplicate': without a key, the same answer of the team received since
--   `dal` (a double click, a retried request), returned instead of stored twice;
-- - 'stale': the team is no longer in that session, or the problem's solution
--   is no longer the one `corretto` was computed with: the caller reloads and
--   checks again;
-- - 'created': the new row, and its audit entry (issue 14) in the same
--   transaction, with the submitter's address (`indirizzo`). The username is
--   left empty (the log reads it from the account when it lists the entry): a
--   lookup per answer would cost the hot path for nothing.
CREATE OR REPLACE FUNCTION gas_consegna_risposte(p_risposte jsonb) RETURNS TABLE (
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
      soluzione_exp integer, intervallo double precision, indirizzo text,
      chiave text, impronta text, kind text)
    ORDER BY x.squadra, x.n
  LOOP
    n := a.n;
    r := NULL;
    esito := NULL;
    PERFORM 1 FROM squadra s WHERE s.id = a.squadra AND s.sessione_id = a.sessione
      FOR NO KEY UPDATE;
    IF NOT FOUND THEN
      esito := 'stale';
    ELSIF a.chiave IS NULL AND coalesce(a.kind, 'r') = 'r' THEN
      -- Without a key, the same answer of the team within a few seconds is a retry.
      SELECT * INTO r FROM risposta x
        WHERE x.squadra_id = a.squadra AND x.problema_id = a.problema AND x.kind = 'r'
          AND x.valore = a.valore AND x.valore_exp = a.valore_exp
          AND (NOT a.momento_scelto OR x.momento_consegna = a.momento)
          AND x.date_received > a.dal
        ORDER BY x.id DESC LIMIT 1;
      IF FOUND THEN
        esito := 'duplicate';
      END IF;
    END IF;
    IF esito IS NULL AND coalesce(a.kind, 'r') = 'r' THEN
      PERFORM 1 FROM problema p
        WHERE p.id = a.problema AND p.soluzione = a.soluzione
          AND p.soluzione_exp = a.soluzione_exp AND p.intervallo_validita = a.intervallo;
      IF NOT FOUND THEN
        esito := 'stale';
      END IF;
    END IF;
    IF esito IS NULL THEN
      INSERT INTO risposta (problema_id, squadra_id, sessione_id, valore, valore_exp, kind,
          corretto, momento_consegna, date, date_received, inserita_da,
          chiave_idempotenza, impronta_richiesta)
        VALUES (a.problema, a.squadra, a.sessione, coalesce(a.valore, ''),
          coalesce(a.valore_exp, 0), coalesce(a.kind, 'r'),
          a.corretto, a.momento, a.momento, a.ricevuta, a.inserita_da, a.chiave, a.impronta)
        ON CONFLICT (inserita_da, chiave_idempotenza) WHERE chiave_idempotenza IS NOT NULL
          DO NOTHING
        RETURNING * INTO r;
      IF NOT FOUND THEN
        -- Another transaction stored the same key meanwhile (two tabs, two
        -- instances): its row is the answer.
        SELECT * INTO r FROM risposta x
          WHERE x.inserita_da = a.inserita_da AND x.chiave_idempotenza = a.chiave;
        esito := CASE WHEN r.impronta_richiesta = a.impronta THEN 'replay' ELSE 'conflict' END;
      ELSE
        -- The audit entry of the new answer, in the same transaction, with
        -- the fields of the back office's answer record (api/admin).
        INSERT INTO registro (utente_id, utente_nome, indirizzo, origine, azione, risorsa,
            oggetto_id, oggetto_nome, modifiche)
          VALUES (a.inserita_da, '', coalesce(a.indirizzo, ''), 'api', 'crea', 'risposta',
            r.id, r.valore,
            jsonb_strip_nulls(jsonb_build_object(
              'sessione', jsonb_build_array(NULL, r.sessione_id),
              'squadra', jsonb_build_array(NULL, r.squadra_id),
              'problema', jsonb_build_array(NULL, r.problema_id),
              'kind', jsonb_build_array(NULL, r.kind),
              'valore', jsonb_build_array(NULL, r.valore),
              'valore_exp', jsonb_build_array(NULL, r.valore_exp),
              'corretto', CASE WHEN r.corretto IS NULL THEN NULL
                ELSE jsonb_build_array(NULL, r.corretto) END,
              'momento_consegna', jsonb_build_array(NULL, to_jsonb(r.momento_consegna)),
              'date_received', jsonb_build_array(NULL, to_jsonb(r.date_received)),
              'inserita_da', CASE WHEN r.inserita_da IS NULL THEN NULL
                ELSE jsonb_build_array(NULL, r.inserita_da) END)));
        esito := 'created';
      END IF;
    END IF;
    -- A key already used by this submitter answers with its stored row even
    -- when the team or the solution changed since (a retry of an answer the
    -- desk never heard back about): looked up only then, since a key in use
    -- also stops the insert above (ON CONFLICT), the usual case costs no
    -- lookup of its own.
    IF esito = 'stale' AND a.chiave IS NOT NULL THEN
      SELECT * INTO r FROM risposta x
        WHERE x.inserita_da = a.inserita_da AND x.chiave_idempotenza = a.chiave;
      IF FOUND THEN
        esito := CASE WHEN r.impronta_richiesta = a.impronta THEN 'replay' ELSE 'conflict' END;
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
