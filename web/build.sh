#!/usr/bin/env bash
# Builds the web version of the game into dist/ (index.html and the wasm-bindgen output; the sounds are built in):
# cargo for wasm32 with the size-optimised web-release profile, wasm-bindgen at the version in Cargo.lock, then
# wasm-opt from npm's binaryen. Installs the wasm target and the tools it needs.
set -euo pipefail
cd "$(dirname "$0")/.."
target_dir="${CARGO_TARGET_DIR:-target}"

rustup target list --installed | grep -qx wasm32-unknown-unknown || rustup target add wasm32-unknown-unknown
version=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
if ! wasm-bindgen --version 2>/dev/null | grep -q " $version"; then
    # Not --locked: the tool's published lockfile pins a crate version the registry no longer serves.
    cargo install wasm-bindgen-cli --version "$version"
fi
[ -x web/node_modules/.bin/wasm-opt ] || (cd web && npm ci --no-audit --no-fund)

cargo web
rm -rf dist
mkdir -p dist
wasm-bindgen --target web --no-typescript --out-dir dist --out-name fanorona \
    "$target_dir/wasm32-unknown-unknown/web-release/fanorona.wasm"
web/node_modules/.bin/wasm-opt -Oz --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
    --enable-mutable-globals --enable-reference-types --enable-multivalue \
    -o dist/fanorona_bg.wasm dist/fanorona_bg.wasm
cp web/index.html dist/
raw=$(stat -c %s dist/fanorona_bg.wasm)
gz=$(gzip -9 -c dist/fanorona_bg.wasm | wc -c)
echo "dist/fanorona_bg.wasm: $raw bytes, $gz bytes gzipped"
