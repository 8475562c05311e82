#!/usr/bin/env bash
# npm test: everything a change must pass. Installs what the browser tests need first.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-system-deps.sh
[ -d node_modules ] || npm install --no-audit --no-fund

log=$(mktemp)
pg_log=$(mktemp)
pg_pid=""
# keeps the runner's output on screen and in $log for the closing count
run() { "$@" 2>&1 | tee -a "$log"; return "${PIPESTATUS[0]}"; }

# one closing line over every runner: vitest 'Tests  N passed' or 'Tests  N failed | N passed', playwright
# 'N passed' and 'N failed' lines; awk does the matching: a grep that finds nothing would end the script under pipefail
count() { sed 's/\x1b\[[0-9;]*m//g' "$log" | awk -v w="$1" '$0 ~ "^[[:space:]]*(Tests[[:space:]]+)?[0-9]+ (passed|failed|flaky|skipped|todo)" { for (i = 1; i < NF; i++) if ($(i + 1) == w) s += $i } END { print s + 0 }'; }

# a phase that fails ends the script (the PostgreSQL pass still running in the background goes with it); whatever
# ended it, the last line counts the tests that ran
phase="setup"
finish() {
  local status=$?
  [ -z "$pg_pid" ] || kill "$pg_pid" 2>/dev/null || true
  echo
  [ "$status" -eq 0 ] || echo "failed: $phase (exit $status)"
  echo "$(count passed) passed, $(count failed) failed"
  rm -f "$log" "$pg_log"
  exit "$status"
}
trap finish EXIT

phase="typecheck"; echo "== $phase"; npx tsc -p tsconfig.json --noEmit
phase="lint"; echo "== lint (eslint and the layer rules)"; npm run lint
phase="unit + API tests (PGlite)"; echo "== $phase"; run npx vitest run
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  # most of its time is spent waiting on PostgreSQL, a process of its own: it runs while the web builds and
  # the browser tests run, on one worker so they keep the rest of the machine; its output follows theirs
  echo "== API tests on PostgreSQL (in the background, output after e2e)"
  TEST_DB=postgres npx vitest run --project api --maxWorkers=1 >"$pg_log" 2>&1 &
  pg_pid=$!
fi
phase="build web"; echo "== $phase"; node scripts/build-web.mjs
phase="e2e (Chromium)"; echo "== $phase"
e2e_status=0
run npx playwright test || e2e_status=$?
pg_status=0
if [ -n "$pg_pid" ]; then
  wait "$pg_pid" || pg_status=$?
  pg_pid=""
  echo "== API tests on PostgreSQL (output)"
  tee -a "$log" <"$pg_log"
fi
[ "$e2e_status" -eq 0 ] || exit "$e2e_status"
phase="API tests on PostgreSQL"
[ "$pg_status" -eq 0 ] || exit "$pg_status"
