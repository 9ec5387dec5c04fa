#!/usr/bin/env bash
# Serves the built web version (web/build.sh) on http://localhost:8080 (or $PORT) for playing.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -f dist/index.html ] || { echo "dist/ is not built yet: run web/build.sh first" >&2; exit 1; }
echo "Fanorona on http://localhost:${PORT:-8080}/"
exec python3 -m http.server --directory dist --bind 127.0.0.1 "${PORT:-8080}"
