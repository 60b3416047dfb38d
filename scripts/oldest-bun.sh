#!/usr/bin/env bash
# The oldest Bun package.json's `engines.bun` allows, installed from npm into
# .tmp/bun-oldest, runs the real server as README starts it (`bun start`, on a
# new DATA_DIR): passes when `/` answers 200. Prints `1 passed, 0 failed` or
# `0 passed, 1 failed` (the line .ci/run adds up).
set -uo pipefail
cd "$(dirname "$0")/.."
version=$(bun -e 'console.log(require("./package.json").engines.bun.replace(/^>=\s*/, ""))')
prefix=.tmp/bun-oldest
port=${OLDEST_BUN_PORT:-4399}
data=$(mktemp -d)
fail() { echo "oldest Bun smoke: $*"; [ -f "$data/server.log" ] && tail -n 20 "$data/server.log"; echo "0 passed, 1 failed"; exit 1; }
if [ "$("$prefix/node_modules/.bin/bun" --version 2>/dev/null)" != "$version" ]; then
  npm install --prefix "$prefix" --no-save --allow-scripts=bun "bun@$version" >/dev/null 2>&1 \
    || npm install --prefix "$prefix" --no-save "bun@$version" >/dev/null 2>&1 || fail "npm could not install bun@$version"
fi
old="$prefix/node_modules/.bin"
[ "$("$old/bun" --version 2>/dev/null)" = "$version" ] || fail "bun@$version did not install"
echo "oldest Bun smoke: Bun $("$old/bun" --version), bun start on a new DATA_DIR, port $port"
# The old Bun first on PATH, so `bun start`'s own `bun run` is the old one too.
PATH="$PWD/$old:$PATH" PORT=$port HOST=127.0.0.1 DATA_DIR="$data/data" LOG_LEVEL=warn \
  bun start >"$data/server.log" 2>&1 &
pid=$!
code=000
for _ in $(seq 1 240); do
  sleep 0.5
  kill -0 "$pid" 2>/dev/null || break
  code=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/" || true)
  [ "$code" != 000 ] && break
done
kill "$pid" 2>/dev/null
wait "$pid" 2>/dev/null
[ "$code" = 200 ] || fail "GET / answered $code"
rm -rf "$data"
echo "oldest Bun smoke: GET / 200"
echo "1 passed, 0 failed"
