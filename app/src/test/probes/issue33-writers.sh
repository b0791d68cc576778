#!/usr/bin/env bash
# Issue 33, "one writer per folder", "full disk" and the train/resume items: each case replayed as a user
# would, with the real launcher. One line per case: PASS/FAIL/SKIP <case id> <what>. Exit 1 when a case FAILs.
# Training cases use real Fashion-MNIST (/usr/share/datasets/fashion-mnist, or MSGD_FASHION_MNIST), GD on the
# 1,000-image training set with a 1,000-image evaluation subset and one thread (about 0.05 s a step); the
# full-disk cases mount a small tmpfs and are skipped (with the reason) where that is not allowed (not root).
# About two to three minutes on a busy 2-core machine.
set -euo pipefail

ROOT="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/../../../.." && pwd -P)"
MSGD="$ROOT/msgd"
DATA="${MSGD_FASHION_MNIST:-/usr/share/datasets/fashion-mnist}"
WORK="$(mktemp -d)"
DISK="$WORK/disk"
cleanup() {
  if mountpoint -q "$DISK" 2>/dev/null; then
    umount "$DISK" || true
  fi
  rm -rf "$WORK"
}
trap cleanup EXIT
failed=0

pass() { echo "PASS $1 $2"; }
fail() { echo "FAIL $1 $2"; failed=1; }
skip() { echo "SKIP $1 $2"; }

# run ID ARGS...: runs msgd, stdout in $WORK/ID.out, stderr in $WORK/ID.err; sets rc
run() {
  local id="$1"
  shift
  set +e
  "$MSGD" "$@" >"$WORK/$id.out" 2>"$WORK/$id.err"
  rc=$?
  set -e
}

# a stack trace or an exception's name on stderr
traced() { grep -qE '^\s+at [a-z]|Exception|java\.io\.' "$1"; }

# what ID's stderr says, short
said() { head -c 400 "$WORK/$1.err" | tr '\n' ' '; }

# the iterations of a metrics.csv strictly increasing, no row twice
increasing() { awk -F, 'NR > 1 { if ($1 + 0 <= last && NR > 2) bad = 1; last = $1 + 0 } END { exit bad }' "$1"; }

# the checksums of every file under DIR except the lock file (it names its last writer) and those named in the
# rest of the arguments
sums() {
  local dir="$1"
  shift
  local skip=(! -name .msgd.lock)
  for n in "$@"; do skip+=(! -name "$n"); done
  (cd "$dir" && find . -type f "${skip[@]}" -print0 | sort -z | xargs -0 sha256sum)
}

T=(--preset fashion-mnist-small --method gd --data "$DATA" --eval-subset 1000 --threads 1,1 --no-progress)

if [[ ! -f "$DATA/t10k-images-idx3-ubyte" && ! -f "$DATA/t10k-images-idx3-ubyte.gz" ]]; then
  skip all "no Fashion-MNIST at $DATA (set MSGD_FASHION_MNIST)"
  exit 0
fi
# the launcher builds the jar first when it is stale: do it before the first timed case
"$MSGD" --version >/dev/null 2>&1 || { fail build "msgd --version failed"; exit 1; }

# ---------------------------------------------------------------- D1: train --out D twice at once
D="$WORK/d1"
set +e
"$MSGD" train "${T[@]}" --iterations 200 --eval-every 10 --out "$D" >"$WORK/d1a.out" 2>"$WORK/d1a.err" &
a=$!
"$MSGD" train "${T[@]}" --iterations 200 --eval-every 10 --out "$D" >"$WORK/d1b.out" 2>"$WORK/d1b.err" &
b=$!
wait $a; ra=$?
wait $b; rb=$?
set -e
if [[ $ra -eq 0 && $rb -eq 1 ]]; then loser=d1b; elif [[ $ra -eq 1 && $rb -eq 0 ]]; then loser=d1a; else loser=""; fi
if [[ -z "$loser" ]]; then
  fail D1 "exits $ra and $rb, not one 0 and one 1: $(head -c 300 "$WORK/d1a.err") | $(head -c 300 "$WORK/d1b.err")"
elif ! tail -n 1 "$WORK/$loser.err" | grep -qE "^msgd train: $D is being written by another process \(PID [0-9]+, msgd train\)"; then
  fail D1 "the refused run does not name the writer's PID: $(said $loser)"
elif traced "$WORK/$loser.err"; then
  fail D1 "a stack trace: $(said $loser)"
elif ! increasing "$D/metrics.csv" || [[ "$(tail -n 1 "$D/metrics.csv" | cut -d, -f1)" != 200 ]] \
    || [[ "$(grep -c . "$D/metrics.csv")" -ne 22 ]]; then
  fail D1 "metrics.csv is not one run's 21 rows 0..200: $(cut -d, -f1 "$D/metrics.csv" | tr '\n' ' ')"
elif ! grep -q '"status" : "completed"' "$D/run.json"; then
  fail D1 "run.json is not completed"
else
  pass D1 "two train --out D at once: one trains (21 rows, in order), the other exits 1 naming its PID"
fi

# ---------------------------------------------------------------- D2: train --resume D twice at once
D="$WORK/d2"
run d2-start train "${T[@]}" --iterations 30 --eval-every 10 --checkpoint-every 10 --out "$D"
set +e
"$MSGD" train --resume "$D" --iterations 200 >"$WORK/d2a.out" 2>"$WORK/d2a.err" &
a=$!
"$MSGD" train --resume "$D" --iterations 200 >"$WORK/d2b.out" 2>"$WORK/d2b.err" &
b=$!
wait $a; ra=$?
wait $b; rb=$?
set -e
if [[ $ra -eq 0 && $rb -eq 1 ]]; then loser=d2b; elif [[ $ra -eq 1 && $rb -eq 0 ]]; then loser=d2a; else loser=""; fi
if [[ -z "$loser" ]]; then
  fail D2 "exits $ra and $rb, not one 0 and one 1: $(head -c 300 "$WORK/d2a.err") | $(head -c 300 "$WORK/d2b.err")"
elif ! grep -qE "is being written by another process \(PID [0-9]+, msgd train\)" "$WORK/$loser.err" || traced "$WORK/$loser.err"; then
  fail D2 "the refused resume: $(said $loser)"
elif ! increasing "$D/metrics.csv" || [[ "$(grep -c . "$D/metrics.csv")" -ne 22 ]]; then
  fail D2 "metrics.csv rows twice or out of order: $(cut -d, -f1 "$D/metrics.csv" | tr '\n' ' ')"
elif [[ "$(cat "$WORK/d2a.out" "$WORK/d2b.out" | grep -c '^completed')" -ne 1 ]]; then
  fail D2 "\"completed\" printed $(cat "$WORK/d2a.out" "$WORK/d2b.out" | grep -c '^completed') times"
else
  run d2-again train --resume "$D"
  if [[ $rc -ne 0 ]] || ! grep -q '^completed after 200 iterations' "$WORK/d2-again.out"; then
    fail D2 "the next resume is refused: exit $rc, $(said d2-again)"
  else
    pass D2 "two train --resume D at once: one continues (rows 0..200 once each), the other exits 1 naming its PID; the next resume works"
  fi
fi

# ---------------------------------------------------------------- a killed writer's lock file blocks no one
D="$WORK/killed"
set +e
"$MSGD" train "${T[@]}" --iterations 150 --eval-every 5 --checkpoint-every 5 --out "$D" >"$WORK/k.out" 2>"$WORK/k.err" &
k=$!
for _ in $(seq 1 300); do
  [[ -f "$D/metrics.csv" && "$(grep -c . "$D/metrics.csv")" -ge 3 ]] && break
  sleep 0.2
done
jvm="$(sed -n 's/^PID \([0-9]*\),.*/\1/p' "$D/.msgd.lock" 2>/dev/null)"
[[ -n "$jvm" ]] && kill -9 "$jvm"
wait $k
set -e
if [[ -z "$jvm" || ! -f "$D/.msgd.lock" ]]; then
  fail STALE "no lock file naming the training JVM in $D"
else
  run stale train --resume "$D"
  if [[ $rc -ne 0 ]] || ! grep -q '^completed after 150 iterations' "$WORK/stale.out"; then
    fail STALE "a resume after kill -9 of the writer: exit $rc, $(said stale)"
  else
    pass STALE "kill -9 of a training JVM leaves its lock file, which blocks no one: the resume completes"
  fi
fi

# ---------------------------------------------------------------- TERM: 143, one line on stdout, what was kept
D="$WORK/term"
set +e
"$MSGD" train "${T[@]}" --iterations 400 --eval-every 10 --out "$D" >"$WORK/term.out" 2>"$WORK/term.err" &
t=$!
for _ in $(seq 1 300); do
  [[ -f "$D/metrics.csv" && "$(grep -c . "$D/metrics.csv")" -ge 3 ]] && break
  sleep 0.2
done
kill -TERM $t
wait $t
rt=$?
set -e
if [[ $rt -ne 143 ]]; then
  fail TERM "exit $rt, not 143: $(said term)"
elif [[ "$(grep -c . "$WORK/term.out")" -ne 1 ]] \
    || ! grep -qE "^INTERRUPTED after [0-9]+ iterations \(stopped by Ctrl-C or TERM; kept in $D: the checkpoint of iteration [0-9]+ and the metrics up to iteration [0-9]+; continue with: msgd train --resume $D\)" "$WORK/term.out"; then
  fail TERM "stdout is not the one line saying what was kept: $(head -c 400 "$WORK/term.out")"
elif ! { "$MSGD" --help >"$WORK/help.out" 2>&1; grep -q '^ *143 *stopped by TERM' "$WORK/help.out"; }; then
  fail TERM "msgd --help lists no exit code 143"
else
  pass TERM "kill -TERM of train: exit 143 (in msgd --help), one line on stdout naming the checkpoint kept and the resume"
fi

# ---------------------------------------------------------------- D10: a folder holding the user's files
D="$WORK/users"
mkdir -p "$D/checkpoints"
echo "my metrics" >"$D/metrics.csv"
echo '{"mine": true}' >"$D/checkpoint.json"
echo "important" >"$D/checkpoints/important.bin"
before="$(sums "$D")"
run d10 train "${T[@]}" --iterations 5 --out "$D"
if [[ $rc -ne 2 ]] || traced "$WORK/d10.err" \
    || ! tail -n 1 "$WORK/d10.err" | grep -qF "holds [checkpoint.json, checkpoints/, metrics.csv] but no run.json"; then
  fail D10 "exit $rc: $(said d10)"
elif [[ "$(sums "$D")" != "$before" || "$(ls -A "$D" | tr '\n' ' ')" != "checkpoint.json checkpoints metrics.csv " ]]; then
  fail D10 "the folder changed: $(ls -A "$D" | tr '\n' ' ')"
else
  pass D10 "train --out into a folder of the user's files (no run.json): exit 2, one line naming them, all three kept"
fi

# ---------------------------------------------------------------- D11, NaN s/step, --iterations -5
D="$WORK/run60"
run run60 train "${T[@]}" --iterations 60 --eval-every 10 --checkpoint-every 10 --out "$D"
before="$(sums "$D")"
run d11 train --resume "$D" --iterations 30
if [[ $rc -ne 2 ]] || traced "$WORK/d11.err" || [[ "$(grep -c . "$WORK/d11.err")" -ne 1 ]] \
    || ! grep -qF "the run is already at iteration 60 (its checkpoint), past 30; give --iterations above 60" "$WORK/d11.err" \
    || grep -qiE 'remove|delete' "$WORK/d11.err"; then
  fail D11 "exit $rc: $(said d11)"
elif [[ "$(sums "$D")" != "$before" ]]; then
  fail D11 "the run's files changed"
else
  pass D11 "train --resume RUN60 --iterations 30: exit 2, one line: already at 60, give more; nothing destructive advised, nothing changed"
fi

run nan train --resume "$D"
if [[ $rc -ne 0 ]] || grep -q NaN "$WORK/nan.out" || ! grep -qE '^completed after 60 iterations: .*; [0-9.]+ s/step;' "$WORK/nan.out"; then
  fail NAN-S-STEP "exit $rc: $(head -c 300 "$WORK/nan.out") $(said nan)"
elif [[ "$(sums "$D")" != "$before" ]]; then
  fail NAN-S-STEP "resuming the completed run changed its files (run.json's secondsPerStep)"
else
  pass NAN-S-STEP "train --resume of a completed run: its recorded s/step (no NaN), exit 0, its files untouched"
fi

run minus5 train --resume "$D" --iterations -5
if [[ $rc -ne 2 ]] || [[ "$(grep -c . "$WORK/minus5.err")" -ne 1 ]] \
    || ! grep -qF "msgd train: --iterations -5 must be >= 1" "$WORK/minus5.err"; then
  fail MINUS5 "exit $rc: $(said minus5)"
else
  pass MINUS5 "train --resume D --iterations -5: refused in one line, exit 2"
fi

# ---------------------------------------------------------------- verify twice into one --out; report while verify writes
R="$WORK/report"
# a complete earlier report in R, as when a verify is run again into its --out
run v0 verify --only online-regression --claim thm1.bound.rederived --out "$R"
rm -f "$R/.msgd.lock"   # so that the next one's file says when that verify has started
set +e
"$MSGD" verify --only sde --claim sde.strong.logistic --out "$R" >"$WORK/v1.out" 2>"$WORK/v1.err" &
v=$!
for _ in $(seq 1 300); do
  grep -q "msgd verify" "$R/.msgd.lock" 2>/dev/null && break
  sleep 0.1
done
set -e
run v2 verify --only theory --claim prop1.with-replacement.covariance --out "$R"
rv2=$rc
run rep-busy report "$R"
rrep=$rc
set +e
wait $v
rv1=$?
set -e
if [[ $rv1 -ne 0 ]]; then
  fail VERIFY-TWICE "the first verify failed: exit $rv1, $(said v1)"
elif [[ $rv2 -ne 1 ]] || traced "$WORK/v2.err" || [[ "$(grep -c . "$WORK/v2.err")" -ne 1 ]] \
    || ! grep -qE "^msgd verify: $R is being written by another process \(PID [0-9]+, msgd verify\)" "$WORK/v2.err"; then
  fail VERIFY-TWICE "the second verify: exit $rv2, $(said v2)"
elif ! grep -q '"sde.strong.logistic"' "$R/results.json" || grep -q 'prop1.with-replacement' "$R/results.json"; then
  fail VERIFY-TWICE "results.json is not the first verify's"
elif ! grep -q 'sde.strong.logistic' "$R/index.html"; then
  fail VERIFY-TWICE "the report is not the first verify's"
else
  pass VERIFY-TWICE "a second verify into a folder a verify writes: exit 1, one line naming the writer's PID; the first's results stand"
fi
if [[ $rrep -ne 1 ]] || traced "$WORK/rep-busy.err" || [[ "$(grep -c . "$WORK/rep-busy.err")" -ne 1 ]] \
    || ! grep -qE "^msgd report: $R is being written by another process \(PID [0-9]+, msgd verify\)" "$WORK/rep-busy.err"; then
  fail REPORT-WHILE-VERIFY "exit $rrep: $(said rep-busy)"
else
  pass REPORT-WHILE-VERIFY "msgd report DIR while a verify writes DIR: exit 1, one line naming the writer's PID"
fi

# ---------------------------------------------------------------- D8, D9: a full disk (a small tmpfs; root only)
mkdir -p "$DISK"
if ! mount -t tmpfs -o size=3m tmpfs "$DISK" 2>/dev/null; then
  for id in D8-FRESH D8-OVER-OLD D9; do skip "$id" "cannot mount a tmpfs here (needs root)"; done
else
  # fill FILE leaving KIB KiB free on the tmpfs
  fill() {
    rm -f "$DISK/filler"
    local avail
    avail="$(df -B1 --output=avail "$DISK" | tail -n 1 | tr -d ' ')"
    head -c $((avail - $2 * 1024)) /dev/zero >"$DISK/filler" 2>/dev/null || true
  }
  V=(verify --only theory --claim prop1.with-replacement.covariance)

  # D8 over a complete old report: the old one stays whole, exit 1, one line naming the file
  run d8-old "${V[@]}" --out "$DISK/r"
  if [[ $rc -ne 0 ]]; then
    fail D8-OVER-OLD "the first verify on the tmpfs failed: exit $rc, $(said d8-old)"
  else
    before="$(sums "$DISK/r" results.json)"
    figures="$(ls "$DISK/r/figures" | wc -l)"
    fill filler 248
    run d8 "${V[@]}" --out "$DISK/r"
    last="$(tail -n 1 "$WORK/d8.err")"
    if [[ $rc -ne 1 ]] || traced "$WORK/d8.err"; then
      fail D8-OVER-OLD "exit $rc: $(said d8)"
    elif ! [[ "$last" == "msgd verify: could not write $DISK/r/"*"No space left on device; the previous report in $DISK/r is kept as it was; the new results are in $DISK/r/results.json"* ]]; then
      fail D8-OVER-OLD "the last line does not name the file and say the old report is kept: $last"
    elif [[ "$(sums "$DISK/r" results.json)" != "$before" || "$(ls "$DISK/r/figures" | wc -l)" -ne "$figures" ]]; then
      fail D8-OVER-OLD "the old report changed"
    elif [[ -e "$DISK/r/.msgd-report.tmp" ]] || grep -q 'figures)' "$WORK/d8.out"; then
      fail D8-OVER-OLD "a staging folder left, or a report claimed: $(tail -n 2 "$WORK/d8.out")"
    else
      pass D8-OVER-OLD "verify with 248 KiB free over a complete report: exit 1, one line naming the file; the old report whole ($figures figure files)"
    fi

    # D9: report DIR with 28 KiB free over a complete report
    before="$(sums "$DISK/r")"
    fill filler 28
    run d9 report "$DISK/r"
    if [[ $rc -ne 1 ]] || traced "$WORK/d9.err" || [[ "$(grep -c . "$WORK/d9.err")" -ne 1 ]] \
        || ! grep -qE "^msgd report: could not write $DISK/r/.*No space left on device; the previous report in $DISK/r is kept as it was" "$WORK/d9.err"; then
      fail D9 "exit $rc: $(said d9)"
    elif [[ "$(sums "$DISK/r")" != "$before" || "$(ls "$DISK/r/figures" | wc -l)" -ne "$figures" ]]; then
      fail D9 "the old report changed (figures now $(ls "$DISK/r/figures" | wc -l), were $figures)"
    elif [[ -e "$DISK/r/.msgd-report.tmp" ]]; then
      fail D9 "a staging folder was left"
    else
      pass D9 "report DIR with 28 KiB free: exit 1, one line naming the file; every file of the old report kept"
    fi
  fi

  # D8 in a fresh folder on the full disk
  fill filler 160
  run d8-fresh "${V[@]}" --out "$DISK/fresh"
  last="$(tail -n 1 "$WORK/d8-fresh.err")"
  # (results.json itself may be the file not written: "cannot write", from the results writer)
  if [[ $rc -ne 1 ]] || traced "$WORK/d8-fresh.err" || ! [[ "$last" == "msgd verify: c"*" write $DISK/fresh"*"No space left on device"* ]]; then
    fail D8-FRESH "exit $rc: $(said d8-fresh)"
  else
    pass D8-FRESH "verify on a full tmpfs: exit 1 (help: a file could not be written), one line naming the file"
  fi
  rm -f "$DISK/filler"
fi

exit $failed
