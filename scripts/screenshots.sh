#!/usr/bin/env bash
# Screenshots of every screen of the desktop game, under Xvfb with Mesa's software Vulkan, at three sizes:
#   desktop  1280x720 at scale factor 1
#   hidpi    1920x1080 pixels at scale factor 2 (960x540 logical), as on a HiDPI laptop
#   phone    390x844, a phone held upright
# and the frame times of each run (the screenshot mode prints them), gathered in OUT/frames.txt (but with --readme).
#
#   scripts/screenshots.sh OUT [SIZE...] [-- SCENE...]
#   scripts/screenshots.sh --readme OUT
#
# The game must be built first (`cargo build`); FANORONA_BIN names another build. Each PNG is OUT/SIZE/SCENE.png
# (see src/dev/scene.rs for the scenes and their options: `menu+fr` is the title page in French). With --readme, the
# pictures README.md shows, each named there as docs/screenshots/SIZE/SCENE.png: `--readme docs/screenshots` takes
# them all again, and CI takes them in a folder of its own to compare with the committed ones. The online scenes
# (the lobby, an online game) play against a game server started here on 127.0.0.1:8080, with a bot of the beginner level
# opening challenges (the server and the bot built beside the game: `cargo build --workspace`).
set -euo pipefail

readme=false
if [[ ${1:-} == --readme ]]; then
  readme=true
  shift
fi
out=${1:?usage: scripts/screenshots.sh OUT [SIZE...] [-- SCENE...] or scripts/screenshots.sh --readme OUT}
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
# README's pictures: SIZE/SCENE pairs, as README names them.
shots=()
if $readme; then
  mapfile -t shots < <(grep -o 'docs/screenshots/[a-z]*/[a-z+-]*\.png' "$(dirname "$0")/../README.md" | sed 's|^docs/screenshots/||; s|\.png$||' |
    sort -u)
  [[ ${#shots[@]} -gt 0 ]] || { echo "README.md shows no picture" >&2; exit 1; }
else
  for size in "${sizes[@]}"; do
    for scene in "${scenes[@]}"; do
      shots+=("$size/$scene")
    done
  done
fi

target=${CARGO_TARGET_DIR:-target}
bin=${FANORONA_BIN:-$target/debug/fanorona}
[[ -x $bin ]] || { echo "no game at $bin: run cargo build first" >&2; exit 1; }

# The online scenes' server and bot, stopped when the script ends.
online=()
stop_online() {
  [[ ${#online[@]} -eq 0 ]] || kill "${online[@]}" 2>/dev/null || true
  wait 2>/dev/null || true
}
trap stop_online EXIT
start_online() {
  [[ ${#online[@]} -eq 0 ]] || return 0
  local data
  data=$(mktemp -d)
  "$target/debug/fanorona-server" --data-dir "$data" >"$data/server.log" 2>&1 &
  online+=($!)
  for _ in $(seq 100); do
    grep -q 'listening' "$data/server.log" && break
    sleep 0.1
  done
  "$target/debug/fanorona-bot" --level beginner --name easybot >"$data/bot.log" 2>&1 &
  online+=($!)
}

mkdir -p "$out"
failed=0
for shot in "${shots[@]}"; do
  size=${shot%%/*} scene=${shot#*/}
  case $size in
    desktop) screen=1280x720 window=1280x720 scale=1 ;;
    hidpi) screen=1920x1080 window=960x540 scale=2 ;;
    phone) screen=390x844 window=390x844 scale=1 ;;
    *) echo "unknown size $size (desktop, hidpi or phone)" >&2; exit 1 ;;
  esac
  case ${scene%%+*} in
    # The tournaments' lobby too: it shows its sample list connected to a server, as README's picture does, whichever
    # scene came before it.
    lobby | online | challenge | challenge-days | watch | tournaments) start_online ;;
  esac
  mkdir -p "$out/$size"
  rm -f "$out/$size/$scene.png"
  log=$(FANORONA_SCENE=$scene FANORONA_WINDOW=$window FANORONA_SCREENSHOT="$out/$size/$scene.png" \
    WINIT_X11_SCALE_FACTOR=$scale WGPU_BACKEND=vulkan \
    timeout 300 xvfb-run -a -s "-screen 0 ${screen}x24" "$bin" 2>&1) || true
  frames=$(grep -E '^frames ' <<<"$log" | tr '\n' ' ' || true)
  $readme && frames_file=/dev/null || frames_file=$out/frames.txt
  if [[ -f $out/$size/$scene.png ]]; then
    # A palette of 256 colours makes a picture a sixth of its size, and no difference the eye or CI's check sees.
    if command -v pngquant >/dev/null; then
      pngquant --force --skip-if-larger --ext .png 256 "$out/$size/$scene.png" || true
    fi
    echo "$size $scene: $frames" | tee -a "$frames_file"
  else
    echo "$size $scene: no screenshot" | tee -a "$frames_file"
    tail -5 <<<"$log" >&2
    failed=1
  fi
done
exit $failed
