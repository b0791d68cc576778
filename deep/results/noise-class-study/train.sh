#!/usr/bin/env bash
# Trains the noise-class study (PLAN.md) with its one build: the commit named in build-commit beside this
# script, built once in a git worktree outside this checkout, so that later commits here change nothing in
# the study's runs.
# Usage: deep/results/noise-class-study/train.sh [--seeds auto|N] [--hours H] [--workers W]
# (defaults: --seeds auto, the plan's next look; --workers 2). Interrupt with Ctrl-C or TERM: every run is
# checkpointed every 1,000 iterations, and the same command continues it bit for bit.
set -euo pipefail
here="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")" && pwd -P)"
repo="$(git -C "$here" rev-parse --show-toplevel)"
build="$(tr -d '[:space:]' < "$here/build-commit" 2>/dev/null || true)"
if [[ ! "$build" =~ ^[0-9a-f]{40}$ ]] || ! git -C "$repo" cat-file -e "$build^{commit}" 2>/dev/null; then
  echo "train.sh: $here/build-commit must name a commit of this repository (40 hex digits); it holds '$build'" >&2
  exit 2
fi
tree="${MSGD_NOISE_CLASS_BUILD:-${XDG_CACHE_HOME:-$HOME/.cache}/msgd-noise-class/$build}"
if [[ ! -f "$tree/reports/target/msgd.jar" ]]; then
  echo "train.sh: building the study's commit $build in $tree (once; a few minutes)" >&2
  if [[ ! -d "$tree" ]]; then
    git -C "$repo" worktree add --detach "$tree" "$build" >&2
  fi
  (cd "$tree" && mvn -q -B -DskipTests package) >&2
fi
# one trainer at a time: a second train.sh here would train the same runs into the same folders
exec 9>"$here/.train.lock"
if ! flock -n 9; then
  echo "train.sh: another train.sh is training this study (lock $here/.train.lock held by PID $(cat "$here/.train.pid" 2>/dev/null || echo '?'))" >&2
  exit 2
fi
echo $$ > "$here/.train.pid"
exec "$tree/msgd" study --plan noise-class --dir "$here" --data "${MSGD_FASHION_MNIST:-/usr/share/datasets/fashion-mnist}" "$@"
