#!/usr/bin/env bash
# Packages the web game into dist/ from the wasm that `cargo web` built (or the one given as the argument):
# wasm-bindgen at the version web/build.sh installs, wasm-opt from npm's binaryen, the build's version (a content hash
# of the JS and the wasm) in their names and filled into index.html and the service worker, the manifest and icons,
# and brotli and gzip copies of the two large files. web/build.sh runs it after cargo; run alone, it packages the
# last cargo build again (after a change to a file of web/, say) without the minutes of the wasm build.
set -euo pipefail
cd "$(dirname "$0")/.."
wasm="${1:-${CARGO_TARGET_DIR:-target}/wasm32-unknown-unknown/web-release/fanorona.wasm}"
light_wasm="${2:-${CARGO_TARGET_DIR:-target}/wasm32-unknown-unknown/web-release/fanorona_light.wasm}"
for file in "$wasm" "$light_wasm"; do
    [ -f "$file" ] || { echo "$file: no such file (run web/build.sh)" >&2; exit 1; }
done
wasm_opt() {
    web/node_modules/.bin/wasm-opt -Oz --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
        --enable-mutable-globals --enable-reference-types --enable-multivalue -o "$1" "$1"
}

# Made beside dist/ and moved over it at the end: a server serving dist/ meanwhile never sees half a build.
out=dist.new
rm -rf "$out"
mkdir -p "$out"
wasm-bindgen --target web --no-typescript --out-dir "$out" --out-name fanorona "$wasm"
# Everything wasm-bindgen writes is renamed, cached and precompressed below: a new kind of file (a snippets/ folder
# of inline JS, say) would need its place there first.
if [ "$(ls "$out" | tr '\n' ' ')" != "fanorona.js fanorona_bg.wasm " ]; then
    echo "wasm-bindgen wrote more than fanorona.js and fanorona_bg.wasm: $(ls "$out")" >&2
    exit 1
fi
wasm_opt "$out/fanorona_bg.wasm"

# The light board (web/light.js): its engine (crates/fanorona-light) through wasm-bindgen and wasm-opt like the
# game's, its script, and Fluent's, under a version of their own: a change to the game alone leaves them in the
# browser's cache.
mkdir "$out/light"
wasm-bindgen --target web --no-typescript --out-dir "$out/light" --out-name light "$light_wasm"
if [ "$(ls "$out/light" | tr '\n' ' ')" != "light.js light_bg.wasm " ]; then
    echo "wasm-bindgen wrote more than light.js and light_bg.wasm: $(ls "$out/light")" >&2
    exit 1
fi
wasm_opt "$out/light/light_bg.wasm"
cp web/light.js "$out/light/light-board.js"
cp web/node_modules/@fluent/bundle/index.js "$out/light/fluent.js"
light=$(cat "$out/light/light.js" "$out/light/light_bg.wasm" "$out/light/light-board.js" "$out/light/fluent.js" |
    sha256sum | cut -c 1-8)
for file in light.js light_bg.wasm light-board.js fluent.js; do
    mv "$out/light/$file" "$out/${file%%.*}-$light.${file#*.}"
done
rmdir "$out/light"

# One version for the pair, which only work together, and the light board that comes with them: a file's name
# changes whenever either file does, so the browser's year-long cache of a hashed file, and the service worker's
# cache named with the version, never hold another build's code under the name.
version=$(cat "$out/fanorona.js" "$out/fanorona_bg.wasm" <(echo "$light") | sha256sum | cut -c 1-8)
js="fanorona-$version.js"
wasm_file="fanorona_bg-$version.wasm"
mv "$out/fanorona.js" "$out/$js"
mv "$out/fanorona_bg.wasm" "$out/$wasm_file"
wasm_bytes=$(stat -c %s "$out/$wasm_file")

sed -e "s/__VERSION__/$version/g" -e "s/__LIGHT__/$light/g" -e "s/__WASM_BYTES__/$wasm_bytes/g" web/index.html \
    >"$out/index.html"
node web/words.mjs "$out/index.html"
sed -e "s/__VERSION__/$version/g" -e "s/__LIGHT__/$light/g" web/sw.js >"$out/sw.js"
if grep -n "__VERSION__\|__LIGHT__\|__WASM_BYTES__\|__WORDS__" "$out/index.html" "$out/sw.js"; then
    echo "a placeholder was left in index.html or sw.js" >&2
    exit 1
fi
cp web/manifest.webmanifest "$out/"
cp -r web/icons "$out/"
node web/compress.mjs "$out/$js" "$out/$wasm_file" "$out/index.html" "$out"/light*-"$light".* "$out/fluent-$light.js"

rm -rf dist
mv "$out" dist
echo "dist/: version $version, $(du -sh --apparent-size dist | cut -f 1) with the compressed copies"
