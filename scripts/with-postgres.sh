#!/usr/bin/env bash
# Runs a command with a throwaway PostgreSQL cluster on loopback and exports
# TEST_DATABASE_URL for it. Used by the test command (the database suite runs
# against PGlite and against this server) and by CI.
# Without a PostgreSQL installation it runs the command as is, unless
# REQUIRE_POSTGRES=1 (set by CI), in which case it fails.
set -euo pipefail
if [ -n "${TEST_DATABASE_URL:-}" ]; then exec "$@"; fi
PGBIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)
if [ -z "$PGBIN" ] || [ ! -x "$PGBIN/initdb" ]; then
  if [ "${REQUIRE_POSTGRES:-0}" = "1" ]; then
    echo "PostgreSQL non trovato (serve /usr/lib/postgresql/*/bin/initdb): installare il pacchetto postgresql" >&2
    exit 1
  fi
  echo "PostgreSQL non installato: i test su PostgreSQL non vengono eseguiti" >&2
  exec "$@"
fi
DIR=$(mktemp -d /tmp/gas-pg.XXXXXX)
PORT=${GAS_TEST_PG_PORT:-$((20000 + RANDOM % 20000))}
as_pg=()
if [ "$(id -u)" = "0" ]; then
  chown postgres:postgres "$DIR"
  as_pg=(runuser -u postgres --)
fi
cleanup() {
  "${as_pg[@]}" "$PGBIN/pg_ctl" -D "$DIR/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$DIR"
}
trap cleanup EXIT
"${as_pg[@]}" "$PGBIN/initdb" -A trust -U gas -D "$DIR/data" >/dev/null
"${as_pg[@]}" "$PGBIN/pg_ctl" -D "$DIR/data" -l "$DIR/log" -w \
  -o "-k $DIR -p $PORT -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=300" start >/dev/null
"${as_pg[@]}" "$PGBIN/createdb" -h 127.0.0.1 -p "$PORT" -U gas gas_test
export TEST_DATABASE_URL="postgres://gas@127.0.0.1:$PORT/gas_test"
echo "PostgreSQL di test su $TEST_DATABASE_URL" >&2
set +e
"$@"
status=$?
exit $status
