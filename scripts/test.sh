#!/usr/bin/env bash
# Every test: lint, types, unit and integration suites (real SQLite), the web build and its first-load
# budget (bench/web-bundle.ts), and the browser tests in Debian's Chromium (installed by scripts/setup.sh when missing).
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup.sh
echo "== lint"; npx eslint . && npx prettier --check . >/dev/null
echo "== API types"; npx node apps/server/scripts/api-types.ts --check
echo "== types"; npx tsc -p packages/domain && npx tsc -p apps/server && npx tsc -p apps/web && npx tsc -p e2e && npx tsc -p bench
if [ -x ../shared/tools/check-locales ]; then echo "== locales"; ../shared/tools/check-locales .; fi
echo "== unit and integration"; npx vitest run
echo "== web build"; npm run build --silent
echo "== web bundle"; npx node bench/web-bundle.ts
echo "== browser"; npx vitest run --config vitest.e2e.config.ts
