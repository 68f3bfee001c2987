-- One account per e-mail address and per chat name (issue 12, items 1 and 6).
--
-- 1. An e-mail address identifies one account, whatever its case: invitations
--    grant a role to the account with that address, so two accounts sharing
--    it (e.g. 'Admin@…' next to 'admin@…') would let one take the other's
--    place. Accounts without an address ('') are not bound.
-- 2. A chat name belongs to one account, whatever its case: the chat bot
--    learns from a token which account it is, and two accounts must not show
--    up under one name.
-- Existing duplicates are not merged or renamed here (only people can tell
-- which account is the right one): the migration stops and lists them, and
-- nothing is applied until they are resolved.
DO $$
DECLARE
  elenco text;
  quanti int;
BEGIN
  SELECT count(*), string_agg(voce, '; ' ORDER BY voce) FILTER (WHERE n <= 50)
    INTO quanti, elenco
  FROM (
    SELECT format('%s (account %s)', lower(email),
             string_agg(format('%s, id %s', username, id), '; ' ORDER BY id)) AS voce,
           row_number() OVER (ORDER BY lower(email)) AS n
    FROM users WHERE email <> ''
    GROUP BY lower(email) HAVING count(*) > 1
  ) doppi;
  IF quanti > 0 THEN
    RAISE EXCEPTION USING
      MESSAGE = format('migrazione 0005: %s indirizzi e-mail usati da più account (senza distinguere maiuscole e minuscole): %s%s',
        quanti, elenco, CASE WHEN quanti > 50 THEN '; …' ELSE '' END),
      HINT = 'Lascia ogni indirizzo a un solo account (UPDATE users SET email = … WHERE id = …), poi riavvia: la migrazione non applica nulla finché ci sono doppioni.';
  END IF;

  SELECT count(*), string_agg(voce, '; ' ORDER BY voce) FILTER (WHERE n <= 50)
    INTO quanti, elenco
  FROM (
    SELECT format('%s (account %s)', lower(c.username),
             string_agg(format('%s, id %s', u.username, u.id), '; ' ORDER BY u.id)) AS voce,
           row_number() OVER (ORDER BY lower(c.username)) AS n
    FROM chat_token c JOIN users u ON u.id = c.user_id
    GROUP BY lower(c.username) HAVING count(*) > 1
  ) doppi;
  IF quanti > 0 THEN
    RAISE EXCEPTION USING
      MESSAGE = format('migrazione 0005: %s nomi della chat usati da più account (senza distinguere maiuscole e minuscole): %s%s',
        quanti, elenco, CASE WHEN quanti > 50 THEN '; …' ELSE '' END),
      HINT = 'Cambia il nome della chat di tutti gli account tranne uno (UPDATE chat_token SET username = … WHERE user_id = …), poi riavvia.';
  END IF;
END $$;
--> statement-breakpoint
DROP INDEX "users_email_lower_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_unique" ON "users" USING btree (lower("email")) WHERE "users"."email" <> '';--> statement-breakpoint
CREATE UNIQUE INDEX "chat_token_username_lower_unique" ON "chat_token" USING btree (lower("username"));--> statement-breakpoint
-- 3. Who is behind a session is cached for a few seconds on each instance
--    (plugins/auth/actor-cache.ts). Changes to an account, its sessions and
--    its manager record are announced on the change feed of migration 0003,
--    so that every instance drops those entries at once: 'utente:<user id>'
--    for users, login_session and responsabile, 'responsabile:<id>' for the
--    manager's schools and teams.
CREATE TRIGGER gas_modifiche AFTER INSERT OR UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION gas_notifica_modifica('utente', 'id');
--> statement-breakpoint
-- A new session changes nothing cached; an expired one is refused anyway
-- (and the hourly sweep of expired sessions stays quiet).
CREATE TRIGGER gas_modifiche AFTER UPDATE OR DELETE ON login_session
  FOR EACH ROW WHEN (OLD.expires_at > now())
  EXECUTE FUNCTION gas_notifica_modifica('utente', 'user_id');
--> statement-breakpoint
CREATE TRIGGER gas_modifiche AFTER INSERT OR UPDATE OR DELETE ON responsabile
  FOR EACH ROW EXECUTE FUNCTION gas_notifica_modifica('utente', 'user_id');
--> statement-breakpoint
CREATE TRIGGER gas_modifiche AFTER INSERT OR UPDATE OR DELETE ON responsabile_scuola
  FOR EACH ROW EXECUTE FUNCTION gas_notifica_modifica('responsabile', 'responsabile_id');
--> statement-breakpoint
CREATE TRIGGER gas_modifiche_responsabile AFTER INSERT OR UPDATE OR DELETE ON responsabile_squadra
  FOR EACH ROW EXECUTE FUNCTION gas_notifica_modifica('responsabile', 'responsabile_id');
--> statement-breakpoint
CREATE TRIGGER gas_modifiche_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION gas_notifica_modifica();
--> statement-breakpoint
CREATE TRIGGER gas_modifiche_truncate AFTER TRUNCATE ON login_session
  FOR EACH STATEMENT EXECUTE FUNCTION gas_notifica_modifica();
--> statement-breakpoint
CREATE TRIGGER gas_modifiche_truncate AFTER TRUNCATE ON responsabile
  FOR EACH STATEMENT EXECUTE FUNCTION gas_notifica_modifica();
--> statement-breakpoint
CREATE TRIGGER gas_modifiche_truncate AFTER TRUNCATE ON responsabile_scuola
  FOR EACH STATEMENT EXECUTE FUNCTION gas_notifica_modifica();
--> statement-breakpoint
CREATE TRIGGER gas_modifiche_truncate AFTER TRUNCATE ON responsabile_squadra
  FOR EACH STATEMENT EXECUTE FUNCTION gas_notifica_modifica();
