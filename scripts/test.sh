#!/usr/bin/env bash
# npm test: everything a change must pass. Installs what the browser tests need first.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-system-deps.sh
[ -d node_modules ] || npm install --no-audit --no-fund

log=$(mktemp)
trap 'rm -f "$log"' EXIT
# keeps the runner's output on screen and in $log for the closing count
run() { "$@" 2>&1 | tee -a "$log"; return "${PIPESTATUS[0]}"; }

echo "== typecheck"; npx tsc -p tsconfig.json --noEmit
echo "== lint"; npx eslint . --max-warnings 0
echo "== unit + API tests (PGlite)"; run npx vitest run
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  echo "== API tests on PostgreSQL"; TEST_DB=postgres run npx vitest run --project api
fi
echo "== build web"; node scripts/build-web.mjs
echo "== e2e (Chromium)"; run npx playwright test

# one closing line over every runner: vitest 'Tests  N passed', playwright 'N passed'
passed=$(sed 's/\x1b\[[0-9;]*m//g' "$log" | grep -E '^\s*(Tests\s+)?[0-9]+ passed' | grep -oE '[0-9]+ passed' | awk '{s+=$1} END {print s+0}')
failed=$(sed 's/\x1b\[[0-9;]*m//g' "$log" | grep -E '^\s*(Tests\s+)?[0-9]+ failed|[0-9]+ failed \|' | grep -oE '[0-9]+ failed' | awk '{s+=$1} END {print s+0}')
echo
echo "$passed passed, $failed failed"
