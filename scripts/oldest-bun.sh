#!/usr/bin/env bash
# The oldest Bun package.json's `engines.bun` allows, installed from npm into
# .tmp/bun-oldest, runs the real server as README starts it (`bun start`, on a
# new DATA_DIR): passes when `/` answers 200, and when, after a stop and a
# restart on the same directory, the page the stop kept is answered and the
# server then takes over (`/healthz` 200). Prints `1 passed, 0 failed` or
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
echo "oldest Bun smoke: Bun $("$old/bun" --version), bun start on a new DATA_DIR, port $port, then a restart on it"
# The old Bun first on PATH, so `bun start`'s own `bun run` is the old one too.
start() {
  PATH="$PWD/$old:$PATH" PORT=$port HOST=127.0.0.1 DATA_DIR="$data/data" LOG_LEVEL=info \
    bun start >>"$data/server.log" 2>&1 &
  pid=$!
}
# The first status `path` answers, polled every 50 ms for up to 2 minutes (000: nothing).
first_status() {
  code=000
  for _ in $(seq 1 2400); do
    kill -0 "$pid" 2>/dev/null || break
    code=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port$1" || true)
    [ "$code" != 000 ] && break
    sleep 0.05
  done
}
stop() {
  kill "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
}
start
first_status /
[ "$code" = 200 ] || { stop; fail "GET / answered $code"; }
echo "oldest Bun smoke: GET / 200"
# The stop keeps the page the cache holds; the restart answers it while the server starts.
stop
grep -q '"msg":"pages kept for the next start"' "$data/server.log" || fail "the stop kept no page"
start
first_status /
[ "$code" = 200 ] || { stop; fail "GET / after the restart answered $code"; }
first_status /healthz
[ "$code" = 200 ] || { stop; fail "GET /healthz after the restart answered $code"; }
sleep 1
stop
grep -q '"msg":"answering kept pages until the server is ready"' "$data/server.log" \
  || fail "the restart did not answer the kept pages"
grep -q '"msg":"the kept pages'"'"' listener has stopped"' "$data/server.log" \
  || fail "the kept pages' listener did not hand over"
rm -rf "$data"
echo "oldest Bun smoke: after a restart, the kept page answered, then the server"
echo "1 passed, 0 failed"
