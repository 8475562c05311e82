#!/usr/bin/env bash
# npm test: everything a change must pass. Installs what the browser tests need first.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-system-deps.sh
[ -d node_modules ] || npm install --no-audit --no-fund

echo "== typecheck"; npx tsc -p tsconfig.json --noEmit
echo "== lint"; npx eslint . --max-warnings 0
echo "== unit + API tests (PGlite)"; npx vitest run
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  echo "== API tests on PostgreSQL"; TEST_DB=postgres npx vitest run --project api
fi
echo "== build web"; node scripts/build-web.mjs
echo "== e2e (Chromium)"; npx playwright test
