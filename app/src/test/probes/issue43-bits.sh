#!/usr/bin/env bash
# Issue 43, "same bits stay the promise within one machine type and setting", under the launcher's default
# instruction set (ONEDNN_MAX_CPU_ISA=ALL: oneDNN at the CPU's widest): each case replayed with the real launcher.
# One line per case: PASS/FAIL/SKIP <case id> <what>. Exit 1 when a case FAILs.
# MSGD-Fisher full-batch steps on the 1,000-image training set (the study's costly step), a 1,000-image evaluation
# subset, one thread, 300 iterations: about a minute on a busy 2-core machine.
set -euo pipefail

ROOT="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/../../../.." && pwd -P)"
MSGD="$ROOT/msgd"
DATA="${MSGD_FASHION_MNIST:-/usr/share/datasets/fashion-mnist}"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
failed=0
# the launcher's own default is the subject: an instruction set set by the caller would hide it
unset ONEDNN_MAX_CPU_ISA DNNL_MAX_CPU_ISA

pass() { echo "PASS $1 $2"; }
fail() { echo "FAIL $1 $2"; failed=1; }
skip() { echo "SKIP $1 $2"; }

run() {
  local id="$1"
  shift
  set +e
  "$MSGD" "$@" >"$WORK/$id.out" 2>"$WORK/$id.err"
  rc=$?
  set -e
}
said() { head -c 400 "$WORK/$1.err" | tr '\n' ' '; }

# metrics.csv without its wall-clock column (elapsed_seconds, the last): the numbers a run computes
numbers() { cut -d, -f1-5 "$1"; }
field() { python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["bits"][sys.argv[2]])' "$1" "$2"; }

T=(--preset fashion-mnist-small --protocol authors-code --method msgd-fisher --data "$DATA" --seed 7 --data-seed 7
   --iterations 300 --eval-every 50 --eval-subset 1000 --checkpoint-every 50 --threads 1,1 --no-progress)

if [[ ! -f "$DATA/t10k-images-idx3-ubyte" && ! -f "$DATA/t10k-images-idx3-ubyte.gz" ]]; then
  skip all "no Fashion-MNIST at $DATA (set MSGD_FASHION_MNIST)"
  exit 0
fi
widest="$(grep -m1 -o -w avx512f /proc/cpuinfo >/dev/null && echo avx512 || echo avx2)"

# ---------------------------------------------------------------- B1: the reference run, at the CPU's widest
# (two JVMs training one seed to the same bits under this default: SameSeedSameRunIT, in mvn -B verify)
run a train "${T[@]}" --out "$WORK/a"
if [[ $rc -ne 0 ]]; then
  fail B1 "the reference run failed: exit $rc, $(said a)"
elif [[ "$(field "$WORK/a/run.json" isa)" != "$widest" ]]; then
  fail B1 "run.json records oneDNN at $(field "$WORK/a/run.json" isa), not the CPU's widest ($widest), under the launcher's default"
else
  pass B1 "a run at the launcher's default records oneDNN at the CPU's widest ($widest) in run.json's bits"
fi

# ---------------------------------------------------------------- B2: kill -9 after a checkpoint, resume, the same bits
D="$WORK/killed"
set +e
"$MSGD" train "${T[@]}" --out "$D" >"$WORK/k.out" 2>"$WORK/k.err" &
k=$!
for _ in $(seq 1 600); do
  [[ -f "$D/metrics.csv" && "$(grep -c . "$D/metrics.csv")" -ge 4 ]] && break
  sleep 0.2
done
jvm="$(sed -n 's/^PID \([0-9]*\),.*/\1/p' "$D/.msgd.lock" 2>/dev/null)"
[[ -n "$jvm" ]] && kill -9 "$jvm"
wait $k
set -e
rows="$(grep -c . "$D/metrics.csv" 2>/dev/null || echo 0)"
run resume train --resume "$D"
if [[ -z "$jvm" ]]; then
  fail B2 "no training JVM to kill in $D"
elif [[ $rc -ne 0 ]]; then
  fail B2 "the resume after kill -9 failed: exit $rc, $(said resume)"
elif ! cmp -s <(numbers "$WORK/a/metrics.csv") <(numbers "$D/metrics.csv"); then
  fail B2 "the resumed run differs from the uninterrupted one: $(diff <(numbers "$WORK/a/metrics.csv") <(numbers "$D/metrics.csv") | head -3 | tr '\n' ' ')"
else
  pass B2 "kill -9 with $((rows - 1)) evaluations logged, then train --resume: every logged number equals the uninterrupted run's"
fi

# ---------------------------------------------------------------- B3: another instruction set does not continue it
if [[ "$widest" == avx2 ]]; then
  skip B3 "this CPU's widest instruction set is AVX2: no narrower cap to refuse"
else
  cp -r "$WORK/a" "$WORK/c"
  set +e
  ONEDNN_MAX_CPU_ISA=AVX2 "$MSGD" train --resume "$WORK/c" --iterations 350 >"$WORK/c.out" 2>"$WORK/c.err"
  rc=$?
  set -e
  if [[ $rc -eq 0 ]]; then
    fail B3 "a run of $widest bits was continued under ONEDNN_MAX_CPU_ISA=AVX2"
  elif ! grep -q 'isa: avx512 vs avx2' "$WORK/c.err"; then
    fail B3 "refused (exit $rc) without naming the instruction set: $(said c)"
  else
    pass B3 "a run of $widest bits is not continued under ONEDNN_MAX_CPU_ISA=AVX2: exit $rc, the refusal names 'isa: avx512 vs avx2'"
  fi
fi

exit $failed
