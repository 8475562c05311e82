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
echo "== lint (eslint and the layer rules)"; npm run lint
echo "== unit + API tests (PGlite)"; run npx vitest run
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  echo "== API tests on PostgreSQL"; TEST_DB=postgres run npx vitest run --project api
fi
echo "== build web"; node scripts/build-web.mjs
echo "== e2e (Chromium)"; run npx playwright test

# one closing line over every runner: vitest 'Tests  N passed', playwright 'N passed'
# awk does the matching: a grep that finds nothing would end the script under pipefail
count() { sed 's/\x1b\[[0-9;]*m//g' "$log" | awk -v w="$1" '$0 ~ "^[[:space:]]*(Tests[[:space:]]+)?[0-9]+ " w { for (i = 1; i < NF; i++) if ($(i + 1) == w) s += $i } END { print s + 0 }'; }
passed=$(count passed)
failed=$(count failed)
echo
echo "$passed passed, $failed failed"
