#!/usr/bin/env bash
# npm test: everything a change must pass. Installs what the browser tests need first.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-system-deps.sh
[ -d node_modules ] || npm install --no-audit --no-fund

log=$(mktemp)
# keeps the runner's output on screen and in $log for the closing count
run() { "$@" 2>&1 | tee -a "$log"; return "${PIPESTATUS[0]}"; }

# one closing line over every runner: vitest 'Tests  N passed' or 'Tests  N failed | N passed', playwright
# 'N passed' and 'N failed' lines; awk does the matching: a grep that finds nothing would end the script under pipefail
count() { sed 's/\x1b\[[0-9;]*m//g' "$log" | awk -v w="$1" '$0 ~ "^[[:space:]]*(Tests[[:space:]]+)?[0-9]+ (passed|failed|flaky|skipped|todo)" { for (i = 1; i < NF; i++) if ($(i + 1) == w) s += $i } END { print s + 0 }'; }

# a phase that fails ends the script; whatever ended it, the last line counts the tests that ran
phase="setup"
finish() {
  local status=$?
  echo
  [ "$status" -eq 0 ] || echo "failed: $phase (exit $status)"
  echo "$(count passed) passed, $(count failed) failed"
  rm -f "$log"
  exit "$status"
}
trap finish EXIT

# the API suite runs on PostgreSQL too: on the one given (with TEST_DATABASE_READ_URL, its streaming replica), or on a
# throwaway one and its replica started here
if [ -z "${TEST_DATABASE_URL:-}" ]; then
  # shellcheck source=scripts/throwaway-pg.sh
  source scripts/throwaway-pg.sh
  trap 'status=$?; stop_throwaway_pg; (exit $status); finish' EXIT
fi

# two things at a time, one per core: the phase's outputs are shown one after the other, each as a whole
both() {
  local a_log b_log a_status=0 b_status=0
  a_log=$(mktemp) b_log=$(mktemp)
  bash -c "$1" >"$a_log" 2>&1 &
  local a_pid=$!
  bash -c "$2" >"$b_log" 2>&1 || b_status=$?
  wait "$a_pid" || a_status=$?
  tee -a "$log" <"$a_log"
  tee -a "$log" <"$b_log"
  rm -f "$a_log" "$b_log"
  [ "$a_status" -eq 0 ] || return "$a_status"
  return "$b_status"
}

phase="typecheck and lint"; echo "== $phase (eslint and the layer rules)"
both "npx tsc -p tsconfig.json --noEmit" "npm run lint"
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  # the API suite on both databases side by side, one worker each; the PostgreSQL pass (much of it waiting on the
  # server, a process of its own) ends minutes earlier, so the unit tests follow it in its lane. The browser tests
  # then have the machine to themselves. TEST_BENCH_SMOKE=1 adds the benchmark smoke to that lane (it proves the
  # benchmarks still run, no timings asserted; ~8 minutes there, which the PGlite pass then shares its cores with)
  second="TEST_DB=postgres npx vitest run --project 'api*' --maxWorkers=1 && npx vitest run --project 'unit*' --maxWorkers=1"
  [ "${TEST_BENCH_SMOKE:-}" = 1 ] && second="$second && echo '== bench smoke' && BENCH_SCALE=small BENCH_SMOKE=1 BENCH_LANES=1 npm run bench"
  phase="unit + API tests (PGlite) and API tests (PostgreSQL)"; echo "== $phase"
  both "npx vitest run --project 'api*' --maxWorkers=1" "$second"
else
  phase="unit + API tests (PGlite)"; echo "== $phase"
  run npx vitest run --maxWorkers=2
fi
phase="build web"; echo "== $phase"; node scripts/build-web.mjs
phase="e2e (Chromium)"; echo "== $phase"
run npx playwright test
