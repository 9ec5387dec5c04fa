#!/usr/bin/env bash
# Builds the web version of the game into dist/ (index.html, the wasm-bindgen output of the game and of the light
# board's engine; the sounds are built in):
# cargo for wasm32 with the size-optimised web-release profile, then web/package.sh (wasm-bindgen at the version in
# Cargo.lock, wasm-opt from npm's binaryen, hashed names, the service worker, the manifest, compressed copies).
# Installs the wasm target and the tools it needs. `web/build.sh --dev` builds the game with its start scenes (the
# `dev` feature: `?scene=board` in the address), which the browser test opens; what ships is built without them.
set -euo pipefail
features=()
case "${1:-}" in
    --dev) features=(--features dev) ;;
    "") ;;
    *) echo "usage: web/build.sh [--dev]" >&2; exit 2 ;;
esac
cd "$(dirname "$0")/.."
target_dir="${CARGO_TARGET_DIR:-target}"

rustup target list --installed | grep -qx wasm32-unknown-unknown || rustup target add wasm32-unknown-unknown
version=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
if ! wasm-bindgen --version 2>/dev/null | grep -q " $version"; then
    # Not --locked: the tool's published lockfile pins a crate version the registry no longer serves.
    cargo install wasm-bindgen-cli --version "$version"
fi
[ -x web/node_modules/.bin/wasm-opt ] && [ -f web/node_modules/@fluent/bundle/index.js ] ||
    (cd web && npm ci --no-audit --no-fund)

cargo web "${features[@]}"
# The light board's engine (web/light.js), with the same profile: the rules and the AI are built once for both.
cargo build --locked --profile web-release --target wasm32-unknown-unknown -p fanorona-light
web/package.sh "$target_dir/wasm32-unknown-unknown/web-release/fanorona.wasm" \
    "$target_dir/wasm32-unknown-unknown/web-release/fanorona_light.wasm"
