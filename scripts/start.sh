#!/usr/bin/env bash
# Builds the web app and starts Skald on the embedded defaults (SQLite, local files) unless
# the environment says otherwise. The first start seeds the demo tenant and prints its users.
set -euo pipefail
cd "$(dirname "$0")/.."
# Without ffmpeg Skald still starts (sign-in, folders, search); uploaded media waits in error until
# it is installed and the items are reprocessed.
bash scripts/setup.sh media || echo "start: starting without ffmpeg: uploaded media will not be processed" >&2
npm run build --silent
# Request bodies arrive as many short-lived Buffers; with their memory counted in V8's global heap
# limit the GC stops running a full collection every few tens of MB of upload (bench/upload.ts).
exec node --external-memory-accounted-in-global-limit apps/server/src/main.api.ts
