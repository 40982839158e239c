#!/usr/bin/env bash
# Builds the web app and starts Skald on the embedded defaults (SQLite, local files) unless
# the environment says otherwise. The first start seeds the demo tenant and prints its users.
set -euo pipefail
cd "$(dirname "$0")/.."
npm run build --silent
exec node apps/server/src/main.api.ts
