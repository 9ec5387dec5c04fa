#!/usr/bin/env bash
# The master level of the working tree against the master level of an older commit, each engine its own program.
#
#   scripts/gauntlet.sh [--depth N] OLD_COMMIT [GAMES] [MS]
#
# Archives OLD_COMMIT into a temporary directory (the repository's state is not touched), builds both command-line
# tools in release, then plays GAMES games (default 40) at MS milliseconds a move (default 200): two random opening
# turns from a fixed seed, each opening played once with each colour. Prints the result table; the first line is the
# working tree. `--depth N` (or DEPTH=N) plays at a fixed depth instead of a fixed time: the fair test of a change
# that should not lose strength at equal depth, and the only meaningful one on a loaded machine. Set SEED for other
# openings, CONCURRENCY to play games in parallel, THREADS for the working tree's search threads (default 1; the old
# program always searches alone) and PONDER=1 to let the working tree think on its opponent's time (on a thread of
# its own: leave a core free for it). The working tree's master probes its endgame tables of up to five
# pieces, as the desktop game's master does (TABLES=4 gives it the web's four-piece tables, TABLES=0 none; the old
# program, spoken to through the engine protocol, has none). It plays its opening book too, as the game's master
# does (BOOK=0: no book; an old program that has one plays it through the engine protocol). Builds go to
# $CARGO_TARGET_DIR (default /tmp/target-ai) and /tmp/target-ai-old, at low priority.
set -euo pipefail

usage="usage: scripts/gauntlet.sh [--depth N] OLD_COMMIT [GAMES] [MS]"
if [[ ${1:-} == --depth ]]; then
    DEPTH=${2:?$usage}
    shift 2
fi
old=${1:?$usage}
games=${2:-40}
ms=${3:-200}
root=$(cd "$(dirname "$0")/.." && pwd)
new_target=${CARGO_TARGET_DIR:-/tmp/target-ai}
old_target=${OLD_TARGET_DIR:-/tmp/target-ai-old}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
git -C "$root" archive "$old" | tar -x -C "$work"
# The archive's files carry the commit's time, older than what an earlier run left in the old target directory:
# cargo would take that build as fresh and play an engine of another commit. Files dated now are always rebuilt.
find "$work" -type f -exec touch {} +

echo "building $old in $work" >&2
(cd "$work" && CARGO_TARGET_DIR=$old_target nice -n 15 cargo build --release --locked -q -p fanorona-cli)
echo "building the working tree" >&2
(cd "$root" && CARGO_TARGET_DIR=$new_target nice -n 15 cargo build --release -q -p fanorona-cli)

limit=(--time "$ms")
if [[ -n ${DEPTH:-} ]]; then
    limit=(--depth "$DEPTH")
fi
limit+=(--tables "${TABLES:-5}")
if [[ ${BOOK:-1} != 0 ]]; then
    limit+=(--book)
fi
if [[ ${PONDER:-0} != 0 ]]; then
    limit+=(--ponder)
fi
echo "playing $games games: master (working tree) against master ($old), ${limit[*]}" >&2
nice -n 15 "$new_target/release/fanorona-cli" match --white master --black master \
    --versus "$old_target/release/fanorona-cli" --games "$games" "${limit[@]}" --alternate --opening 2 \
    --seed "${SEED:-1}" --concurrency "${CONCURRENCY:-1}" --threads "${THREADS:-1},1"
