#!/usr/bin/env bash
# Puts the newest version of the site online (README, « Mettre à jour ») : as root, on the server,
#   /srv/portfolio/current/deploy/update.sh
# 1. fetch: the branch (main) from the Git remote, into APP_DIR/repo;
# 2. install and build it in a release folder of its own, APP_DIR/releases/<commit>: `npm ci` (the
#    running release's node_modules, hard-linked, when package-lock.json has not changed) and
#    `npm run build` (its dist/, when nothing the build reads has changed);
#    a failure here removes that folder and stops: the running site never saw it;
# 3. migrate: `npm run migrate` with /etc/portfolio.env, as the site's user (each migration is
#    one transaction: a failure leaves the database as it was, and the site running);
# 4. switch: APP_DIR/current points to the new release (one rename);
# 5. restart the processes one after the other (portfolio@PORT), each answering again before the
#    next stops: behind nginx's upstream with two processes, visitors see no error. A process that
#    does not answer within a minute puts the previous release back.
# Settings (environment): APP_DIR (/srv/portfolio), BRANCH (main), ENV_FILE (/etc/portfolio.env),
# APP_USER (portfolio), PORTS (the portfolio@*.service instances, e.g. "8081 8082"), KEEP (3 releases).
set -euo pipefail

APP_DIR=${APP_DIR:-/srv/portfolio}
BRANCH=${BRANCH:-main}
ENV_FILE=${ENV_FILE:-/etc/portfolio.env}
APP_USER=${APP_USER:-portfolio}
KEEP=${KEEP:-3}
if [ -z "${PORTS:-}" ]; then
  PORTS=$(systemctl list-units --all --plain --no-legend 'portfolio@*.service' | sed -nE 's/^portfolio@([0-9]+)\.service.*/\1/p' | tr '\n' ' ')
fi

say() { echo "[mise à jour] $*"; }
fail() { echo "[mise à jour] ÉCHEC : $*" >&2; exit 1; }

# Runs a command as the site's user with /etc/portfolio.env (the variables the server gets).
as_site() {
  ( set -a; . "$ENV_FILE"; set +a
    if [ "$(id -un)" = "$APP_USER" ]; then "$@"; else runuser -u "$APP_USER" -- "$@"; fi )
}

# Answers within 60 s on 127.0.0.1:PORT?
answers() {
  node -e '
    const deadline = Date.now() + 60000;
    const ask = () => fetch(`http://127.0.0.1:${process.argv[1]}/api/menu`).then((r) => r.ok, () => false)
      .then((ok) => ok ? process.exit(0) : Date.now() > deadline ? process.exit(1) : setTimeout(ask, 200));
    ask();' "$1"
}

restart() {
  for port in $PORTS; do
    say "redémarrage de portfolio@$port"
    systemctl restart "portfolio@$port.service"
    answers "$port" || return 1
    say "portfolio@$port répond"
  done
}

[ -n "$PORTS" ] || fail "aucun processus portfolio@PORT (PORTS=\"8081 8082\" pour les nommer)"
cd "$APP_DIR"
current=$(readlink -f current)
current_commit=$(basename "$current")

# 1. fetch
git -C repo fetch --quiet origin "$BRANCH"
commit=$(git -C repo rev-parse FETCH_HEAD)
if [ "$commit" = "$current_commit" ]; then
  say "déjà à jour ($commit)"
  exit 0
fi
say "$current_commit → $commit"

# 2. install and build, beside the running release
release="releases/$commit"
work="releases/.$commit.partial"
rm -rf "$work" "$release"
trap 'rm -rf "$APP_DIR/$work"; echo "[mise à jour] le site en ligne n’a pas changé ($current_commit)" >&2' ERR
mkdir -p "$work"
git -C repo archive "$commit" | tar -x -C "$work"

same() { # same content for these paths in both commits?
  local path
  for path in "$@"; do
    [ "$(git -C repo rev-parse -q --verify "$current_commit:$path" 2>/dev/null || echo -)" = \
      "$(git -C repo rev-parse -q --verify "$commit:$path" 2>/dev/null || echo -)" ] || return 1
  done
}
if same package-lock.json && [ -d "$current/node_modules" ]; then
  say "dépendances inchangées : celles de la version en ligne"
  cp -al "$current/node_modules" "$work/" 2>/dev/null || cp -a "$current/node_modules" "$work/"
else
  say "npm ci"
  (cd "$work" && npm ci --no-audit --no-fund)
fi
if same src public contract openapi.yaml webpack.config.ts tsconfig.json package.json package-lock.json && [ -d "$current/dist" ]; then
  say "interface inchangée : la construction de la version en ligne"
  cp -al "$current/dist" "$work/" 2>/dev/null || cp -a "$current/dist" "$work/"
else
  say "npm run build"
  (cd "$work" && npm run build)
fi
mv "$work" "$release"
trap - ERR

# 3. migrate (the running site is still the old release, on a database it can read)
say "migrations"
(cd "$release" && as_site node server/migrate.ts) || fail "migration refusée : le site en ligne n’a pas changé ($current_commit)"

# 4. switch, 5. restart one process after the other
ln -sfn "$release" current.next && mv -T current.next current
if ! restart; then
  say "la nouvelle version ne répond pas : retour à $current_commit"
  ln -sfn "releases/$current_commit" current.next && mv -T current.next current
  restart || true
  fail "la nouvelle version ($commit) n’a pas démarré (journalctl -u 'portfolio@*')"
fi

# Old releases: the KEEP newest stay (the previous one among them, to go back by hand).
ls -1dt releases/*/ | tail -n +"$((KEEP + 1))" | while read -r old; do
  [ "$(readlink -f "$old")" = "$(readlink -f current)" ] || rm -rf "$old"
done
say "en ligne : $commit"
