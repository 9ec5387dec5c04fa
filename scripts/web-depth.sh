#!/usr/bin/env bash
# How deep the master looks in the web build's thinking time (issue 10, point 6): builds the `web_depth` example of
# the AI crate as WebAssembly with the web build's profile (the engine crates at opt-level 3, as in the game's web
# build) and runs it in Node, whose WebAssembly engine is the browser's (V8). It searches the start and the start
# after f3-e3A as the game on the web does, 8 ms a frame for the master's second, and prints the depth reached.
# Installs the wasm32-wasip1 target if needed. Builds go to $CARGO_TARGET_DIR (default target).
set -euo pipefail
cd "$(dirname "$0")/.."
target_dir="${CARGO_TARGET_DIR:-target}"

rustup target list --installed | grep -qx wasm32-wasip1 || rustup target add wasm32-wasip1
cargo build --locked -q --profile web-release --target wasm32-wasip1 -p fanorona-ai --example web_depth
node --no-warnings --input-type=module -e '
import { readFile } from "node:fs/promises";
import { WASI } from "node:wasi";
const wasi = new WASI({ version: "preview1", args: ["web_depth"], env: {} });
const module = await WebAssembly.compile(await readFile(process.argv[1]));
wasi.start(await WebAssembly.instantiate(module, wasi.getImportObject()));
' "$target_dir/wasm32-wasip1/web-release/examples/web_depth.wasm"
