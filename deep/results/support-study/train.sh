#!/usr/bin/env bash
# Trains the support study (PLAN.md) with the build named in build-commit beside this script, built once in a
# git worktree outside this checkout, so that later commits here change nothing in the study's runs.
# oneDNN may use the widest instruction set the CPU has (ONEDNN_MAX_CPU_ISA=ALL; recorded in each run.json's bits):
# the runs of one paired seed are computed alike, different seeds may come from different machines (PLAN.md).
# Usage: deep/results/support-study/train.sh [--seeds auto|N] [--hours H] [--workers W]
# (defaults: --seeds auto, the plan's next look; --workers 2). Interrupt with Ctrl-C or TERM: every run is
# checkpointed every 1,000 iterations, and the same command on the same machine type continues it bit for bit.
set -euo pipefail
here="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")" && pwd -P)"
repo="$(git -C "$here" rev-parse --show-toplevel)"
build="$(tr -d '[:space:]' < "$here/build-commit" 2>/dev/null || true)"
if [[ ! "$build" =~ ^[0-9a-f]{40}$ ]] || ! git -C "$repo" cat-file -e "$build^{commit}" 2>/dev/null; then
  echo "train.sh: $here/build-commit must name a commit of this repository (40 hex digits); it holds '$build'" >&2
  exit 2
fi
# the data first: without them every run would fail, one error line each, and a session would learn it late
data="${MSGD_FASHION_MNIST:-/usr/share/datasets/fashion-mnist}"
for f in train-images-idx3-ubyte train-labels-idx1-ubyte t10k-images-idx3-ubyte t10k-labels-idx1-ubyte; do
  if [[ ! -f "$data/$f" && ! -f "$data/$f.gz" ]]; then
    echo "train.sh: Fashion-MNIST file $f(.gz) not found in $data (MSGD_FASHION_MNIST); install Debian's dataset-fashion-mnist (apt-get install dataset-fashion-mnist) or set MSGD_FASHION_MNIST to a folder with the four files" >&2
    exit 2
  fi
done
tree="${MSGD_SUPPORT_BUILD:-${XDG_CACHE_HOME:-$HOME/.cache}/msgd-support/$build}"
if [[ ! -f "$tree/app/target/msgd.jar" ]]; then
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
# A paired seed left unfinished by another machine type or another build cannot be finished here (its runs would
# not be computed alike) and would hold back every later seed: its runs are moved, unread, to abandoned/ and the
# seed is trained anew here. What decides is only where, by what and whether the runs were computed, never results.
python3 - "$here" "$build" <<'PY'
import glob, json, os, sys, time
here, build = sys.argv[1], sys.argv[2]
info = {}
for line in open("/proc/cpuinfo"):
    if ":" in line:
        k, v = line.split(":", 1)
        info.setdefault(k.strip(), v.strip())
cpu = info.get("model name", "unknown")
if "cpu family" in info and "model" in info:
    cpu += " (family %s, model %s)" % (info["cpu family"], info["model"])
methods = 9
seeds = {}
for rj in glob.glob(os.path.join(here, "authors-code", "*", "seed-*", "run.json")):
    seeds.setdefault(os.path.basename(os.path.dirname(rj)), []).append(rj)
stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
for seed, files in sorted(seeds.items()):
    runs = [json.load(open(f)) for f in files]
    done = sum(1 for r in runs if r.get("status") == "completed")
    elsewhere = ["%s, build %s" % (r["bits"].get("cpu"), r["bits"].get("commit", "?")[:7]) for r in runs
                 if "bits" in r and (r["bits"].get("cpu") != cpu or r["bits"].get("commit") != build)]
    if done < methods and elsewhere:
        for f in files:
            d = os.path.dirname(f)
            target = os.path.join(here, "abandoned", stamp, os.path.relpath(d, here))
            os.makedirs(os.path.dirname(target), exist_ok=True)
            os.rename(d, target)
        print("train.sh: %s had %d of %d runs, made on %s, not this %s with build %s: moved to abandoned/%s, trained anew here"
              % (seed, done, methods, elsewhere[0], cpu, build[:7], stamp), file=sys.stderr)
PY
export ONEDNN_MAX_CPU_ISA="${ONEDNN_MAX_CPU_ISA:-ALL}"
exec "$tree/msgd" study --plan support --dir "$here" --data "$data" "$@"
