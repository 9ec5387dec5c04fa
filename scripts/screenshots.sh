#!/usr/bin/env bash
# Screenshots of every screen of the desktop game, under Xvfb with Mesa's software Vulkan, at three sizes:
#   desktop  1280x720 at scale factor 1
#   hidpi    1920x1080 pixels at scale factor 2 (960x540 logical), as on a HiDPI laptop
#   phone    390x844, a phone held upright
# and the frame times of each run (the screenshot mode prints them), gathered in OUT/frames.txt.
#
#   scripts/screenshots.sh OUT [SIZE...] [-- SCENE...]
#
# The game must be built first (`cargo build`); FANORONA_BIN names another build. The scenes are the ones that
# need no server (see src/dev/scene.rs for all of them). Each PNG is OUT/SIZE/SCENE.png.
set -euo pipefail

out=${1:?usage: scripts/screenshots.sh OUT [SIZE...] [-- SCENE...]}
shift
sizes=()
while [[ $# -gt 0 && $1 != -- ]]; do
  sizes+=("$1")
  shift
done
[[ ${1:-} == -- ]] && shift
scenes=("$@")
[[ ${#sizes[@]} -gt 0 ]] || sizes=(desktop hidpi phone)
[[ ${#scenes[@]} -gt 0 ]] || scenes=(menu new-game settings board moves computer chain choice gameover vela telo tutorial
  puzzle rules review analysis toast correspondence unsent tournaments tournament-call tournament-game)

target=${CARGO_TARGET_DIR:-target}
bin=${FANORONA_BIN:-$target/debug/fanorona}
[[ -x $bin ]] || { echo "no game at $bin: run cargo build first" >&2; exit 1; }

mkdir -p "$out"
for size in "${sizes[@]}"; do
  case $size in
    desktop) screen=1280x720 window=1280x720 scale=1 ;;
    hidpi) screen=1920x1080 window=960x540 scale=2 ;;
    phone) screen=390x844 window=390x844 scale=1 ;;
    *) echo "unknown size $size (desktop, hidpi or phone)" >&2; exit 1 ;;
  esac
  mkdir -p "$out/$size"
  for scene in "${scenes[@]}"; do
    log=$(FANORONA_SCENE=$scene FANORONA_WINDOW=$window FANORONA_SCREENSHOT="$out/$size/$scene.png" \
      WINIT_X11_SCALE_FACTOR=$scale WGPU_BACKEND=vulkan \
      timeout 300 xvfb-run -a -s "-screen 0 ${screen}x24" "$bin" 2>&1) || true
    frames=$(grep -E '^frames ' <<<"$log" | tr '\n' ' ' || true)
    if [[ -f $out/$size/$scene.png ]]; then
      echo "$size $scene: $frames" | tee -a "$out/frames.txt"
    else
      echo "$size $scene: no screenshot" | tee -a "$out/frames.txt"
      tail -5 <<<"$log" >&2
    fi
  done
done
