#!/usr/bin/env bash
# Self-play data for the learned evaluation (docs/TUNING.md, "Self-play data"), at the lowest priority so that builds
# and tests go on beside it. The data lives outside git; run this again and it carries on where it stopped.
#   scripts/selfplay-data.sh [DIR] [more fanorona-cli selfplay arguments]
# DIR defaults to ~/.cache/fanorona/selfplay; the file is DIR/positions.txt.
set -euo pipefail
cd "$(dirname "$0")/.."
dir="${1:-$HOME/.cache/fanorona/selfplay}"
shift || true
mkdir -p "$dir"
cargo build --locked -p fanorona-cli
bin="${CARGO_TARGET_DIR:-target}/debug/fanorona-cli"
exec nice -n 19 "$bin" selfplay --out "$dir/positions.txt" --threads 2 "$@"
