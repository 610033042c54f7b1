#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the tests: Debian's postgresql package (installed by apt-get
# when missing), a cluster in a temporary directory, listening on 127.0.0.1 only, trust
# authentication, no fsync (the data is thrown away; a crash of the server process is what the
# crash test kills, never PostgreSQL). Source it: it exports TEST_POSTGRES_URL, or leaves it unset
# and says why when PostgreSQL cannot be installed here.
#   . .ci/postgres.sh          start (or reuse the one this shell started)
#   postgres_stop              stop it and delete its directory

postgres_stop() {
  if [ -n "${PG_DIR:-}" ] && [ -d "$PG_DIR" ]; then
    su postgres -s /bin/sh -c "'$PG_BIN/pg_ctl' -D '$PG_DIR/data' -m immediate stop" >/dev/null 2>&1 || true
    rm -rf "$PG_DIR"
  fi
}

postgres_start() {
  if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
    echo "Installing Debian's PostgreSQL for the tests on PostgreSQL"
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null; } ||
      { echo "PostgreSQL could not be installed (apt-get failed): the tests on PostgreSQL are SKIPPED"; return 0; }
  fi
  PG_BIN="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)"
  # The first free port from 54329 (another cluster, e.g. a developer's, may hold one).
  PG_PORT=54329
  while (exec 3<>"/dev/tcp/127.0.0.1/$PG_PORT") 2>/dev/null; do PG_PORT=$((PG_PORT + 1)); done
  PG_DIR="$(mktemp -d /tmp/portfolio-pg.XXXXXX)"
  chmod 755 "$PG_DIR"
  chown postgres "$PG_DIR"
  su postgres -s /bin/sh -c "'$PG_BIN/initdb' -D '$PG_DIR/data' --auth=trust --username=postgres --encoding=UTF8 --locale=C.UTF-8" >/dev/null
  su postgres -s /bin/sh -c "'$PG_BIN/pg_ctl' -D '$PG_DIR/data' -l '$PG_DIR/log' -w start \
    -o \"-p $PG_PORT -k '$PG_DIR' -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300\"" >/dev/null
  export PG_BIN PG_DIR
  export TEST_POSTGRES_URL="postgres://postgres@127.0.0.1:$PG_PORT/postgres"
  echo "PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') on $TEST_POSTGRES_URL ($PG_DIR)"
}

if [ -z "${TEST_POSTGRES_URL:-}" ]; then postgres_start; fi
