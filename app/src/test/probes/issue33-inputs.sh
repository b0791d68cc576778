#!/usr/bin/env bash
# Issue 33, "hand-edited inputs" and option validation: each case replayed as a user would, with the
# real launcher. One line per case: PASS/FAIL/SKIP <case id> <what>. Exit 1 when a case FAILs.
# Training cases use real Fashion-MNIST (/usr/share/datasets/fashion-mnist, or MSGD_FASHION_MNIST),
# 1-10 iterations on a 1000-image evaluation subset, one thread: a few minutes on a busy 2-core machine.
set -euo pipefail

ROOT="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/../../../.." && pwd -P)"
MSGD="$ROOT/msgd"
DATA="${MSGD_FASHION_MNIST:-/usr/share/datasets/fashion-mnist}"
REFERENCE="$ROOT/app/src/test/resources/org/msgdlab/app/reference/quick-theory-regression-sde.results.json.gz"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
failed=0

pass() { echo "PASS $1 $2"; }
fail() { echo "FAIL $1 $2"; failed=1; }
skip() { echo "SKIP $1 $2"; }

# run ID EXPECTED_RC ARGS...: runs msgd, keeping stdout in $WORK/out and stderr in $WORK/err; sets rc
run() {
  local id="$1"
  shift 2
  set +e
  "$MSGD" "$@" >"$WORK/out" 2>"$WORK/err"
  rc=$?
  set -e
}

# check ID EXPECTED_RC EXPECTED_TEXT WHAT: the exit code, one line on stderr, no stack trace, the text in it
check() {
  local id="$1" want="$2" text="$3" what="$4"
  local lines
  lines="$(grep -c . "$WORK/err" || true)"
  if [[ "$rc" -ne "$want" ]]; then
    fail "$id" "exit $rc, not $want: $(head -c 300 "$WORK/err" | tr '\n' ' ')"
  elif grep -q '^\s*at [a-z]' "$WORK/err" || grep -q 'Exception' "$WORK/err"; then
    fail "$id" "a stack trace or exception name: $(head -c 300 "$WORK/err" | tr '\n' ' ')"
  elif [[ "$lines" -ne 1 ]]; then
    fail "$id" "$lines lines on stderr, not one: $(head -c 300 "$WORK/err" | tr '\n' ' ')"
  elif ! grep -qF -- "$text" "$WORK/err"; then
    fail "$id" "stderr lacks '$text': $(head -c 300 "$WORK/err")"
  else
    pass "$id" "$what (exit $want, one line)"
  fi
}

if ! command -v python3 >/dev/null 2>&1; then
  skip all "python3 is needed to edit the JSON files"
  exit 0
fi

# the launcher builds the jar first when it is stale: do it before the first timed case
"$MSGD" --version >/dev/null 2>&1 || { fail build "msgd --version failed"; exit 1; }

# ---------------------------------------------------------------- D3, D4: sweep.json edited by hand
S="$WORK/sweep"
run plan 0 sweep plan "$S" --methods gd,sgd-50 --seeds 0 --iterations 20 --eval-every 4 --data "$DATA"
plan="$S/sweep.json"
cp "$plan" "$WORK/sweep.json.orig"
edit() { python3 - "$plan" "$@" <<'EOF'
import json, sys
f, index, key, value = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
d = json.load(open(f))
d["runs"][index]["settings"][key] = value
json.dump(d, open(f, "w"), indent=2)
EOF
}
edit 1 method bogus
for cmd in status run; do
  run "D3-method-$cmd" 1 sweep "$cmd" "$S"
  check "D3-method-$cmd" 1 "$plan: run 1 (authors-code/sgd-50-wor/seed-0): method 'bogus' must be one of" \
    "sweep $cmd on \"method\": \"bogus\" names file, run, field and rule"
done
cp "$WORK/sweep.json.orig" "$plan"
edit 0 iterations -20
for cmd in status run; do
  run "D3-iterations-$cmd" 1 sweep "$cmd" "$S"
  check "D3-iterations-$cmd" 1 "$plan: run 0 (authors-code/gd/seed-0): iterations=-20 must be >= 1" \
    "sweep $cmd on \"iterations\": \"-20\" refused before anything trains"
done
if [[ -e "$S/authors-code" ]]; then fail D3-nothing-trained "a run directory was made"; else pass D3-nothing-trained "no run directory made"; fi
head -c 300 "$WORK/sweep.json.orig" >"$plan"
for cmd in status run; do
  run "D4-truncated-$cmd" 1 sweep "$cmd" "$S"
  check "D4-truncated-$cmd" 1 "$plan: not valid JSON at line " "sweep $cmd on a truncated sweep.json names the file"
done
cp "$plan" "$WORK/sweep.json.cut"
run D4-truncated-plan 1 sweep plan "$S" --methods gd --seeds 1 --iterations 20 --eval-every 4 --data "$DATA"
check D4-truncated-plan 1 "$plan: not valid JSON at line " "sweep plan extending a truncated sweep.json names the file"
if cmp -s "$plan" "$WORK/sweep.json.cut"; then pass D4-kept "the truncated plan is left as it was, not replaced"
else fail D4-kept "sweep.json was rewritten"; fi

# ---------------------------------------------------------------- D12: a plan too large
start=$(date +%s)
run D12 2 sweep plan "$WORK/huge" --methods gd --seeds 0-99999999
check D12 2 "--seeds=0-99999999 gives 100000000 seeds: a plan holds at most 10000 runs" \
  "sweep plan --seeds 0-99999999 refused stating the limit, in $(( $(date +%s) - start )) s"

# ---------------------------------------------------------------- D5: diff --only, verify --only
A="$WORK/a"; B="$WORK/b"
mkdir -p "$A" "$B"
zcat "$REFERENCE" >"$A/results.json"
python3 - "$A/results.json" "$B/results.json" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
d["studies"][0]["claims"][0]["verdict"] = "FAIL"
json.dump(d, open(sys.argv[2], "w"), indent=2)
EOF
run D5-diff 2 diff --only bogus "$A" "$B"
check D5-diff 2 "--only bogus: study 'bogus' is in neither file (there: regression, regression.theorem1, sde," \
  "diff --only bogus on different files refused listing the studies there"
if grep -q "the same results" "$WORK/out"; then fail D5-diff-silent "still says 'the same results'"; else pass D5-diff-silent "no 'same results' verdict"; fi
run D5-diff-known 3 diff --only theory "$A" "$B"
if [[ "$rc" -eq 3 ]]; then pass D5-diff-known "diff --only theory still finds the difference (exit 3)"; else fail D5-diff-known "exit $rc, not 3"; fi
run D5-verify 2 verify --only nosuch --out "$WORK/v"
check D5-verify 2 "--only nosuch: unknown module (allowed: theory, online-regression, sde, deep, plugins (with --plugin JAR))" \
  "verify --only nosuch lists plugins among the modules"

# ---------------------------------------------------------------- exit codes of malformed files
head -c 200 "$A/results.json" >"$WORK/cut.json"
run X-diff-malformed 1 diff "$A" "$WORK/cut.json"
check X-diff-malformed 1 "$WORK/cut.json: malformed results file at line " "diff on a cut results file (read as report reads it, issue 47)"
mkdir -p "$WORK/r"
cp "$WORK/cut.json" "$WORK/r/results.json"
run X-report-malformed 1 report "$WORK/r"
check X-report-malformed 1 "$WORK/r/results.json: malformed results file" "report on a cut results file"

# ---------------------------------------------------------------- D13: escaping and formula neutralisation
R="$WORK/inject"
mkdir -p "$R"
python3 - "$A/results.json" "$R/results.json" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
d["provenance"]["command"] = "msgd verify\n# Owned\n| a | b |\n|---|---|"
d["provenance"]["gitCommit"] = "\"><img src=x onerror=alert(1)>"
s = d["studies"][0]
s["claims"] = s["claims"][:1]
s["claims"][0]["claimId"] = "=1+1"
s["claims"][0]["paperRef"] = "=HYPERLINK(\"http://evil.example\",\"click\")"
for c in s["claims"]:
    c["series"] = []
d["studies"] = [s]
json.dump(d, open(sys.argv[2], "w"), indent=2)
EOF
run D13-report 0 report "$R"
if [[ "$rc" -ne 0 ]]; then
  fail D13-report "report exit $rc: $(head -c 300 "$WORK/err")"
else
  md="$R/summary.md"; csv="$R/summary.csv"
  if grep -q '^# Owned' "$md" || grep -q '^| a | b |' "$md"; then fail D13-md-newline "a newline in command opened a heading or table"
  else pass D13-md-newline "a newline in command stays inside its line of summary.md"; fi
  if grep -q '<img' "$md"; then fail D13-md-html "raw <img> tag in summary.md"
  else pass D13-md-html "gitCommit's <img ...> is written as &lt;img, inert"; fi
  if grep -q '<img src=x' "$R/index.html"; then fail D13-html "raw <img src=x> in index.html"
  else pass D13-html "index.html escapes the gitCommit too"; fi
  if grep -q "^[^,]*,'=1+1,\"'=HYPERLINK(" "$csv"; then pass D13-csv "=1+1 and =HYPERLINK(...) neutralised with a leading apostrophe"
  else fail D13-csv "formulas not neutralised: $(sed -n 2p "$csv")"; fi
  if grep -qE ',-?[0-9.]+E-?[0-9]+,|,-[0-9]' "$csv" && ! grep -q ",'-[0-9]" "$csv"; then pass D13-csv-numbers "negative numbers stay numbers"
  else fail D13-csv-numbers "a negative number was neutralised: $(sed -n 2p "$csv")"; fi
fi

# ---------------------------------------------------------------- training cases (real Fashion-MNIST)
if [[ ! -f "$DATA/train-images-idx3-ubyte" && ! -f "$DATA/train-images-idx3-ubyte.gz" ]]; then
  for c in M-nan M-gd B-gd SEED RESUME-damaged NANLOSS D6 D7; do skip "$c" "no Fashion-MNIST in $DATA"; done
  exit "$failed"
fi
T=(--preset fashion-mnist-small --data "$DATA" --eval-subset 1000 --threads 1,1 --no-progress)

run M-nan 2 train "${T[@]}" --method '[msgd-fisher]-100' --magnitude NaN --iterations 2 --out "$WORK/m1"
check M-nan 2 "--magnitude=NaN must be a finite number >= 0" "--magnitude NaN refused, not read as the default"
run M-gd 2 train "${T[@]}" --method gd --magnitude 0.5 --iterations 2 --out "$WORK/m2"
check M-gd 2 "--magnitude applies to [msgd-fisher]-B and [msgd-cov]-B (Algorithm 2) only, not to --method gd" \
  "--magnitude with gd refused"
run B-gd 2 train "${T[@]}" --method gd --bernoulli-batch 20 --iterations 2 --out "$WORK/m3"
check B-gd 2 "--bernoulli-batch applies to msgd-bernoulli only, not to --method gd" "--bernoulli-batch with gd refused"

D="$WORK/seed"
run SEED-train 0 train "${T[@]}" --method gd --iterations 4 --eval-every 2 --checkpoint-every 2 --seed 3 --out "$D"
if [[ "$rc" -ne 0 ]]; then
  fail SEED "training the run failed (exit $rc): $(tail -c 300 "$WORK/err")"
else
  cp "$D/metrics.csv" "$WORK/metrics.before"
  python3 - "$D/run.json" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
d["config"]["seed"] = 4
json.dump(d, open(sys.argv[1], "w"), indent=2)
EOF
  run SEED 1 train --resume "$D" --iterations 6
  check SEED 1 "seed is 4, but the checkpoint ($D/checkpoint.json) was made by the run with seed 3" \
    "a seed edited in run.json does not continue seed 3's checkpoint"
  if cmp -s "$D/metrics.csv" "$WORK/metrics.before"; then pass SEED-kept "metrics.csv untouched"; else fail SEED-kept "metrics.csv changed"; fi
fi

# a damaged run file under --resume: exit 1 (a malformed input file, as report and diff give), one line naming it
if [[ -f "$D/run.json" ]]; then
  for f in run.json checkpoint.json; do
    R="$WORK/damaged-${f%.json}"
    rm -rf "$R" && cp -r "$D" "$R"
    head -c 40 "$D/$f" > "$R/$f"
    cp "$R/metrics.csv" "$WORK/metrics.damaged"
    run "RESUME-damaged-$f" 1 train --resume "$R" --iterations 6
    check "RESUME-damaged-$f" 1 "$R/$f" "train --resume on a truncated $f: exit 1, one line naming the file"
    if cmp -s "$R/metrics.csv" "$WORK/metrics.damaged" && [[ "$(head -c 40 "$D/$f")" == "$(cat "$R/$f")" ]]; then
      pass "RESUME-damaged-$f-kept" "the run's files are left as they were"
    else
      fail "RESUME-damaged-$f-kept" "a file of the damaged run was rewritten"
    fi
  done
fi

run NANLOSS 3 train "${T[@]}" --method gd --iterations 1 --eval-every 1 --lr 1e12 --out "$WORK/nan"
if [[ "$rc" -eq 3 ]] && grep -q '"stopped: non-finite loss"' "$WORK/nan/run.json" && grep -q '^STOPPED' "$WORK/out" \
    && grep -q 'diverged' "$WORK/err"; then
  pass NANLOSS "a run whose loss goes non-finite at its last step ends 'stopped: non-finite loss' (diverged), exit 3"
else
  fail NANLOSS "exit $rc; run.json status $(grep -o '"status"[^,]*' "$WORK/nan/run.json" 2>/dev/null || echo none); $(head -c 200 "$WORK/out")"
fi

ST="$WORK/study"
STUDY=(study --protocol paper-text --seeds 1 --methods gd --iterations 10 --eval-every 2 --dir "$ST" --data "$DATA")
run D6-train 0 "${STUDY[@]}"
if [[ "$rc" -ne 0 ]]; then
  fail D6 "the study's run failed (exit $rc): $(tail -c 300 "$WORK/err")"
else
  M="$ST/paper-text/gd/seed-0/metrics.csv"
  cp "$M" "$WORK/study-metrics"
  awk -F, 'BEGIN{OFS=","} NR==5{$5="NaN"} {print}' "$WORK/study-metrics" >"$M"
  run D6 1 "${STUDY[@]}"
  check D6 1 "$M: line 5 '" "a NaN test_accuracy in a study's metrics.csv"
  grep -qF "column test_accuracy 'NaN' must be a number in [0, 1]" "$WORK/err" \
    && pass D6-column "the line names the column and the rule" || fail D6-column "$(head -c 300 "$WORK/err")"
  head -n 4 "$WORK/study-metrics" >"$M"
  run D7 1 "${STUDY[@]}"
  check D7 1 "$M: run.json says \"completed\" but the rows stop at iteration 4, not at the run's last iteration 10" \
    "a completed run's metrics.csv cut short: exit 1, not silent NOT_RUN"
  if cmp -s "$M" <(head -n 4 "$WORK/study-metrics"); then pass D7-kept "the cut file is left as it was"; else fail D7-kept "metrics.csv rewritten"; fi
fi

exit "$failed"
