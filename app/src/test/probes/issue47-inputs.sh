#!/usr/bin/env bash
# Issue 47, "no silent success on a missing or failed input", "every value checked where it is read", "diff and
# report share one strict reader" and "large inputs refused with a stated limit": each case replayed as a user would
# meet it, with the real launcher. One line per case: PASS/FAIL/SKIP <case id> <what>.
# Exit 1 when a case FAILs. Nothing trains: the cases are refused before a run starts, or read committed runs.
set -euo pipefail

ROOT="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/../../../.." && pwd -P)"
MSGD="$ROOT/msgd"
DATA="${MSGD_FASHION_MNIST:-/usr/share/datasets/fashion-mnist}"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
failed=0

pass() { echo "PASS $1 $2"; }
fail() { echo "FAIL $1 $2"; failed=1; }
skip() { echo "SKIP $1 $2"; }

# run ARGS...: runs msgd from $WORK (not the checkout), keeping stdout in $WORK/out and stderr in $WORK/err; sets rc
run() {
  set +e
  (cd "$WORK" && "$MSGD" "$@" >"$WORK/out" 2>"$WORK/err")
  rc=$?
  set -e
}

# check ID EXPECTED_RC EXPECTED_FIRST_LINE_START WHAT: the exit code, one line on stderr, no stack trace, how it starts
check() {
  local id="$1" want="$2" text="$3" what="$4"
  local lines
  lines="$(grep -c . "$WORK/err" || true)"
  if [[ "$rc" -ne "$want" ]]; then
    fail "$id" "exit $rc, not $want: $(head -c 300 "$WORK/err" | tr '\n' ' ')"
  elif grep -qE '^\s+at [a-z]|Exception|picocli WARN' "$WORK/err"; then
    fail "$id" "a stack trace, exception name or picocli warning: $(head -c 300 "$WORK/err" | tr '\n' ' ')"
  elif [[ "$lines" -ne 1 ]]; then
    fail "$id" "$lines lines on stderr, not one: $(head -c 300 "$WORK/err" | tr '\n' ' ')"
  elif [[ "$(head -n 1 "$WORK/err")" != "$text"* ]]; then
    fail "$id" "stderr does not start with '$text': $(head -c 300 "$WORK/err")"
  else
    pass "$id" "$what (exit $want, one line)"
  fi
}

# the launcher builds the jar first when it is stale: do it before the first case
"$MSGD" --version >/dev/null 2>&1 || { fail build "msgd --version failed"; exit 1; }

# ------------------------------------------------------------ 1. a missing, cut or failed input is an error naming it
cp -a "$ROOT/deep/results/fashion-mnist-study" "$WORK/s"
metrics="$WORK/s/authors-code/gd/seed-0/metrics.csv"
: > "$metrics"
run study --dir "$WORK/s" --seeds 0
check I47-emptied-metrics 1 "msgd study: $metrics: run.json says \"completed\" but the rows stop at no iteration" \
  "study --seeds 0 on a study whose metrics.csv was emptied names the file"
head -c 2000 "$ROOT/deep/results/fashion-mnist-study/authors-code/gd/seed-0/metrics.csv" > "$metrics"
run study --dir "$WORK/s" --seeds 0
check I47-cut-metrics 1 "msgd study: $metrics: " "study --seeds 0 on a study whose metrics.csv was cut names the file"

run verify --only deep --study-dir "$WORK/nonexistent"
check I47-verify-study-dir 1 "msgd verify: --study-dir=$WORK/nonexistent: no such directory" \
  "verify --only deep --study-dir on a folder that does not exist"

run study --dir "$WORK/e" --data "$WORK/nonexistent" --seeds 1 --iterations 5 --eval-every 1 --methods gd
check I47-study-data 1 "msgd study: Fashion-MNIST file train-images-idx3-ubyte[.gz] not found; looked for [$WORK/nonexistent/" \
  "study --data on a folder without Fashion-MNIST, before any run starts"
if [[ -e "$WORK/e/authors-code/gd" ]]; then fail I47-study-data-nothing "a run folder was started"; else pass I47-study-data-nothing "no run folder started"; fi

run study --dir "$WORK/nonexistent" --seeds 0
check I47-study-dir 1 "msgd study: --dir=$WORK/nonexistent: no such directory" "study --seeds 0 on a folder that does not exist"
if [[ -e "$WORK/nonexistent" ]]; then fail I47-study-dir-created "the folder was created"; else pass I47-study-dir-created "the folder is not created"; fi

# from another working directory, the default study folder is the checkout's: the claim reads the committed runs
claim=deep.fashion-mnist.authors-code.sgd-50-above-gd
run verify --claim "$claim" --out "$WORK/r"
verdict="$(python3 -c 'import json,sys; print([c["verdict"] for s in json.load(open(sys.argv[1]))["studies"] for c in s["claims"] if c["claimId"] == sys.argv[2]][0])' \
  "$WORK/r/results.json" "$claim" 2>/dev/null || echo none)"
if [[ "$rc" -eq 0 && "$verdict" != none && "$verdict" != NOT_RUN ]]; then
  pass I47-elsewhere "verify from another directory reads the committed study ($claim: $verdict)"
else
  fail I47-elsewhere "exit $rc, verdict $verdict: $(head -c 300 "$WORK/err" | tr '\n' ' ')"
fi

# a missing positional path is a missing input, as a missing --data or --resume: exit 1 naming it
run report "$WORK/nonexistent"
check I47-report-missing 1 "msgd report: $WORK/nonexistent/results.json: no such file" "report on a folder that does not exist"
run diff "$WORK/nonexistent" "$WORK/nonexistent"
check I47-diff-missing 1 "msgd diff: $WORK/nonexistent: no such file" "diff on a file that does not exist"
run sweep status "$WORK/nonexistent"
check I47-sweep-missing 1 "msgd sweep status: $WORK/nonexistent/sweep.json: no such file" "sweep status on a folder without sweep.json"

# ------------------------------------------------------------ 2. every value checked where it is parsed
run train --preset fashion-mnist-small --method msgd-bernoulli-0 --data "$DATA" --out "$WORK/t"
check I47-bernoulli-0 2 "msgd train: method 'msgd-bernoulli-0': the expected batch K=0 must be >= 1" \
  "train --method msgd-bernoulli-0 is not run as msgd-bernoulli"
run train --preset fashion-mnist-small --method gd --steps=-5 --data "$DATA" --out "$WORK/t"
check I47-steps-without-benchmark 2 "msgd train: --steps applies to --benchmark only" "train --steps without --benchmark"
run train --preset fashion-mnist-small --threads 1,2,3 --method gd --data "$DATA" --out "$WORK/t"
check I47-threads-three 2 "msgd train: --threads=1,2,3 must be INTRA or INTRA,INTER" "train --threads 1,2,3 names the value given"
run train --resume "$WORK/nonexistent"
check I47-resume-missing 1 "msgd train: --resume=$WORK/nonexistent: no such directory" "train --resume of a missing folder: exit 1, as a missing --data"
mkdir -p "$WORK/ro" && chmod a-w "$WORK/ro"
if [[ -w "$WORK/ro" ]]; then
  skip I47-out-read-only "running as a user who can write a read-only folder (root)"
else
  run verify --only theory --out "$WORK/ro"
  check I47-out-read-only 1 "msgd verify: --out $WORK/ro: not writable" "verify --out on a read-only folder: exit 1, as report"
fi
run study --replicate-draw 3 --dir "$ROOT/deep/results/fashion-mnist-study"
check I47-replicate-draw 2 "msgd study: --replicate-draw=3 applies only with --replicate K" "study --replicate-draw without --replicate"
run study --replicate 0 --dir "$ROOT/deep/results/fashion-mnist-study"
check I47-replicate-0 2 "msgd study: --replicate=0 must be >= 1" "study --replicate 0"
run study --hours Infinity --dir "$WORK/s" --seeds 0
check I47-hours-infinity 2 "msgd study: --hours=Infinity must be a finite number > 0" "study --hours Infinity"

run sweep plan "$WORK/sw" --methods gd --seeds 0 --iterations 20 --eval-every 4 --data "$DATA"
if [[ "$rc" -ne 0 ]]; then
  fail I47-sweep-plan "sweep plan failed (exit $rc): $(head -c 300 "$WORK/err" | tr '\n' ' ')"
else
  # a malformed sweep.json in plain words: no JsonReadFeature, no StreamReadConstraints
  cp "$WORK/sw/sweep.json" "$WORK/sweep.json.good"
  sed -i 's/"iterations" : "20"/"iterations" : NaN/' "$WORK/sw/sweep.json"
  run sweep status "$WORK/sw"
  check I47-sweep-json-nan 1 "msgd sweep status: $WORK/sw/sweep.json: not valid JSON at line " "sweep.json with NaN"
  if grep -qE 'Json[A-Z]|Feature|Constraints' "$WORK/err"; then fail I47-sweep-json-words "library names: $(head -c 300 "$WORK/err")"
  else pass I47-sweep-json-words "the line names no JSON library class"; fi
  cp "$WORK/sweep.json.good" "$WORK/sw/sweep.json"
  run sweep status "$WORK/sw" --wait --timeout=NaN
  check I47-timeout-nan 2 "msgd sweep status: --timeout=NaN must be a finite number of minutes >= 0" "sweep status --timeout=NaN"
  run sweep status "$WORK/sw" --timeout=5
  check I47-timeout-without-wait 2 "msgd sweep status: --timeout applies only with --wait" "sweep status --timeout without --wait"
  run sweep run "$WORK/sw" --dry-run --executor slurm --time=1e309
  check I47-slurm-time 2 "msgd sweep run: --time '1e309' must be a Slurm time limit" "sweep run --time=1e309 never reaches #SBATCH"
  run sweep run "$WORK/sw" --dry-run --executor slurm --mem=Infinity
  check I47-slurm-mem 2 "msgd sweep run: --mem 'Infinity' must be a Slurm memory size" "sweep run --mem=Infinity never reaches #SBATCH"
fi

# ------------------------------------------------------------ 3. diff and report share one strict reader
# A results file that report refuses was "different results" (exit 3) to diff: now both read it through core's
# ResultsFile.load and refuse it with the same line (exit 1), naming the file, the field and the rule in the file's terms.
REFERENCE="$ROOT/app/src/test/resources/org/msgdlab/app/reference/quick-theory-regression-sde.results.json.gz"
mkdir -p "$WORK/good"
gzip -dc "$REFERENCE" > "$WORK/good/results.json"

# damaged NAME PYTHON: $WORK/NAME/results.json, the good file changed by PYTHON (t: its text; d: its JSON, for json.dumps)
damaged() {
  mkdir -p "$WORK/$1"
  python3 -c "import json, sys; t = open(sys.argv[1]).read(); d = json.loads(t)
$2
open(sys.argv[2], 'w').write(t)" "$WORK/good/results.json" "$WORK/$1/results.json"
}
# mentions ID TEXT: the stderr line of the last run holds TEXT
mentions() {
  if grep -qF -- "$2" "$WORK/err"; then pass "$1" "the line says: $2"; else fail "$1" "no '$2' in: $(head -c 300 "$WORK/err")"; fi
}
# both ID EXPECTED_FIRST_LINE_AFTER_COMMAND WHAT: report DIR and diff GOOD DIR refuse $WORK/ID with one line each, exit 1
both() {
  local id="$1" rest="$2" what="$3"
  run report "$WORK/$id"
  check "I47-$id-report" 1 "msgd report: $WORK/$id/results.json: $rest" "report: $what"
  cp "$WORK/err" "$WORK/err.report"
  run diff "$WORK/good" "$WORK/$id"
  check "I47-$id-diff" 1 "msgd diff: $WORK/$id/results.json: $rest" "diff: $what"
  if [[ "$(sed 's/^msgd report: //' "$WORK/err.report")" == "$(sed 's/^msgd diff: //' "$WORK/err")" ]]; then
    pass "I47-$id-same" "report and diff refuse it with the same line"
  else
    fail "I47-$id-same" "report: $(head -c 200 "$WORK/err.report") diff: $(head -c 200 "$WORK/err")"
  fi
}

damaged superpass 't = t.replace("\"verdict\" : \"PASS\"", "\"verdict\" : \"SUPERPASS\"", 1)'
both superpass "malformed results file at studies[0].claims[0].verdict (line " "a verdict SUPERPASS"
mentions I47-superpass-rule 'must be one of PASS, APPROXIMATE, FAIL, INCONCLUSIVE, ERROR, NOT_RUN, NOT_APPLICABLE, not the text "SUPERPASS"'
damaged estimate-text 'd["studies"][0]["claims"][0]["estimate"] = "0.001"; t = json.dumps(d, indent=2)'
both estimate-text "malformed results file at studies[0].claims[0].estimate (line " "an estimate \"0.001\" as a string"
mentions I47-estimate-text-rule 'must be a number, not the text "0.001"'
damaged null-claims 'd["studies"][0]["claims"] = None; t = json.dumps(d, indent=2)'
both null-claims "malformed results file: studies[0].claims must be a list, not null" "claims: null"

# the JSON library's words (JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS, StreamReadConstraints.getMaxNestingDepth()) said plainly
damaged nan 't = t.replace("\"estimate\" : 0.0010000000000000005", "\"estimate\" : NaN", 1)'
both nan "malformed results file at line " "an estimate NaN"
mentions I47-nan-rule "numbers must be finite, not NaN (write null for a number that is missing)"
damaged nesting 't = t.replace("\"n\" : 1000,", "\"n\" : " + "[" * 1200 + "]" * 1200 + ",", 1)'
both nesting "malformed results file at line " "1,200 nested lists"
mentions I47-nesting-rule "nested deeper than the limit of 1000 levels"

# ------------------------------------------------------------ 5. large inputs refused with a stated limit, no control character copied
# 294 MB (as a sparse file: nothing is written, and nothing is read) and 10^6 claims (43 MB): the report once ran 219 s,
# took 6.6 GB and died in AtomicFiles.writeString; now refused before anything is parsed or held, naming the limit.
mkdir -p "$WORK/huge"
truncate -s 294000000 "$WORK/huge/results.json"
both huge "294.0 MB (294,000,000 bytes), over the limit of 64 MB for a results file" "a 294 MB results.json"
mkdir -p "$WORK/million"
python3 -c "import json, sys; d = json.load(open(sys.argv[1])); f = open(sys.argv[2], 'w')
f.write('{\"provenance\": %s, \"studies\": [{\"id\": \"s\", \"claims\": [' % json.dumps(d['provenance']))
f.write(', '.join('{\"claimId\": \"c%d\", \"verdict\": \"PASS\"}' % i for i in range(10 ** 6))); f.write(']}]}')" \
  "$WORK/good/results.json" "$WORK/million/results.json"
both million "1,000,000 claims, over the limit of 10,000 claims in a results file" "10^6 claims"

# raw ESC and NUL in results.json's texts reach neither the report's files nor diff's lines
damaged control 'c = d["studies"][0]["claims"][0]; c["statement"] = "\u001b[31mred\u0000nul " + c["statement"]
c["claimId"] = c["claimId"] + "\u001b[2J"; t = json.dumps(d, indent=2)'
run report "$WORK/control"
hostile="$(python3 -c 'import sys, pathlib
bad = [str(p) for p in pathlib.Path(sys.argv[1]).rglob("*") if p.is_file() and p.suffix != ".png" and p.name != "results.json"
       and (b"\x1b" in p.read_bytes() or b"\x00" in p.read_bytes())]
print(" ".join(bad))' "$WORK/control")"
if [[ "$rc" -eq 0 && -z "$hostile" ]] && grep -qF $'\xef\xbf\xbd[31mred\xef\xbf\xbdnul' "$WORK/control/index.html"; then
  pass I47-control-report "report: no ESC or NUL in index.html, the summaries or the figures (shown as U+FFFD)"
else
  fail I47-control-report "exit $rc; files with ESC or NUL: ${hostile:-none}; $(head -c 300 "$WORK/err" | tr '\n' ' ')"
fi
run diff "$WORK/good" "$WORK/control"
if [[ "$rc" -eq 3 ]] && ! grep -q $'\x1b' "$WORK/out" && grep -qF '?[2J: only in the second file' "$WORK/out"; then
  pass I47-control-diff "diff: the claim id's ESC shown as '?' (exit 3, different results)"
else
  fail I47-control-diff "exit $rc: $(head -c 300 "$WORK/out" | tr '\n' ' ')"
fi

# ------------------------------------------------------------ 7. help that renders
run sweep plan --help
if [[ "$(grep -o -- '--methods=' "$WORK/out" | wc -l)" -eq 2 ]]; then   # once in the synopsis, once in the options
  pass I47-help-methods-once "sweep plan --help: --methods once in the synopsis"
else
  fail I47-help-methods-once "$(grep -c -- '--methods=' "$WORK/out") lines with --methods="
fi
for cmd in "sweep" "sweep run" "sweep compare" "study"; do
  id="I47-help-${cmd// /-}"
  # shellcheck disable=SC2086
  run $cmd --help
  if [[ "$rc" -ne 0 ]] || grep -q 'picocli WARN' "$WORK/err" "$WORK/out" || grep -qE '=<[a-z][A-Za-z]*>' "$WORK/out"; then
    fail "$id" "exit $rc or a warning or a field-name label: $(grep -hE 'WARN|=<[a-z]' "$WORK/err" "$WORK/out" | head -c 300)"
  else
    pass "$id" "msgd $cmd --help: no picocli warning, values labelled"
  fi
done

# ------------------------------------------------------------ 6. the launcher trusts content, not a future time
src="$(find "$ROOT/core/src/main/java" -name FolderLock.java | head -n 1)"
stamp="$(stat -c %Y "$src")"
touch -d 2040-01-01 "$src"
"$MSGD" --version >/dev/null 2>&1 || true   # may rebuild once: the jar records the sources it was built from
for call in 2 3; do
  set +e
  start=$(date +%s)
  "$MSGD" --version >"$WORK/out" 2>"$WORK/err"
  rc=$?
  took=$(($(date +%s) - start))
  set -e
  if [[ "$rc" -eq 0 ]] && ! grep -q 'building' "$WORK/err"; then
    pass "I47-future-time-$call" "msgd --version with a source dated 2040: no rebuild (${took} s)"
  else
    fail "I47-future-time-$call" "exit $rc, ${took} s: $(head -c 300 "$WORK/err" | tr '\n' ' ')"
  fi
done
touch -d "@$stamp" "$src"

# ------------------------------------------------------------ 4. plug-ins isolated: a throw, a null or a hang is one line
# Five one-class plug-in jars compiled against the toolkit's jar. Each case asserts the exit code, the one line naming
# the plug-in, its jar and the call (the cause's class name is part of that line), no stack trace, and run.json's status
# (never "running"). A verify case reads the verdicts from results.json: its stderr holds one progress line per claim.
# Unlike the cases above, the train cases run a few steps of tiny runs (about a minute for the block).
P47="$WORK/p47"
mkdir -p "$P47/src/probe" "$P47/classes"
cat > "$P47/src/probe/Bad.java" <<'JAVA'
package probe;

import org.apache.commons.rng.UniformRandomProvider;
import org.msgdlab.theory.noise.*;
import org.msgdlab.theory.plugin.NoisePlugin;

public final class Bad {
    private Bad() { }

    /** SGD-b's noise whose draws fail (throw or hang) with probability 1/3, from the draw's own stream. */
    static SamplingNoise failing(int n, int b, Runnable failure) {
        SamplingNoise sgd = new SgdWithReplacement(n, b);
        return new SamplingNoise() {
            public int dimension() { return n; }
            public String paperName() { return "failing SGD"; }
            public String formula() { return "V_sgd, or a failure"; }
            public ExchangeableCovariance covariance() { return sgd.covariance(); }
            public NoiseSampler sampler(UniformRandomProvider rng) {
                NoiseSampler s = sgd.sampler(rng);
                return v -> { if (rng.nextInt(3) == 0) { failure.run(); } s.sample(v); };
            }
        };
    }

    public static final class BadName implements NoisePlugin {
        public String name() { throw new IllegalStateException("no name today"); }
        public String description() { return "name() throws"; }
        public SamplingNoise create(int n, int b) { return new SgdWithReplacement(n, b); }
    }
    public static final class CreateThrows implements NoisePlugin {
        public String name() { return "create-throws"; }
        public String description() { return "create throws"; }
        public SamplingNoise create(int n, int b) { throw new IllegalStateException("boom in create"); }
    }
    public static final class CreateNull implements NoisePlugin {
        public String name() { return "create-null"; }
        public String description() { return "create returns null"; }
        public SamplingNoise create(int n, int b) { return null; }
    }
    public static final class SamplerThrows implements NoisePlugin {
        public String name() { return "sampler-throws"; }
        public String description() { return "a draw throws"; }
        public SamplingNoise create(int n, int b) { return failing(n, b, () -> { throw new IllegalStateException("boom"); }); }
    }
    public static final class SamplerHangs implements NoisePlugin {
        public String name() { return "sampler-hangs"; }
        public String description() { return "a draw spins forever, deaf to interrupts"; }
        public SamplingNoise create(int n, int b) {
            return failing(n, b, () -> { long x = 0; while (x >= 0) { x = (x + 1) & 0xffff; Thread.onSpinWait(); } });
        }
    }
}
JAVA
javac -d "$P47/classes" -cp "$ROOT/app/target/msgd.jar" "$P47/src/probe/Bad.java"
for c in BadName CreateThrows CreateNull SamplerThrows SamplerHangs; do
  rm -rf "$P47/j" && mkdir -p "$P47/j/META-INF/services" && cp -r "$P47/classes/probe" "$P47/j/"
  echo "probe.Bad\$$c" > "$P47/j/META-INF/services/org.msgdlab.theory.plugin.NoisePlugin"
  (cd "$P47/j" && jar cf "$P47/$c.jar" .)
done

# check_plugin ID EXPECTED_RC EXPECTED_LINE_START WHAT: the exit code, no stack trace, exactly one line on stderr naming
# the plug-in ("msgd COMMAND: plug-in ..."), the last, starting as expected (train prints its run's header line first)
check_plugin() {
  local id="$1" want="$2" text="$3" what="$4"
  if [[ "$rc" -ne "$want" ]]; then
    fail "$id" "exit $rc, not $want: $(tail -c 400 "$WORK/err" | tr '\n' ' ')"
  elif grep -qE '^\s+at [a-zA-Z]|Exception in thread|Caused by:|picocli WARN' "$WORK/err"; then
    fail "$id" "a stack trace or picocli warning: $(head -c 300 "$WORK/err" | tr '\n' ' ')"
  elif [[ "$(grep -cE '^msgd [a-z]+: plug-in' "$WORK/err")" -ne 1 ]]; then
    fail "$id" "not one line naming the plug-in: $(tail -c 400 "$WORK/err" | tr '\n' ' ')"
  elif [[ "$(tail -n 1 "$WORK/err")" != "$text"* ]]; then
    fail "$id" "the last line does not start with '$text': $(tail -n 1 "$WORK/err" | head -c 400)"
  else
    pass "$id" "$what (exit $want, one line)"
  fi
}
status_of() { python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["status"])' "$1/run.json" 2>/dev/null || echo none; }
reasons() {   # the distinct "VERDICT|reason" of the claims in DIR/results.json whose id starts with PREFIX
  python3 -c 'import json,sys; print("\n".join(sorted({c["verdict"] + "|" + (c.get("verdictReason") or "") for s in json.load(open(sys.argv[1]))["studies"] for c in s["claims"] if c["claimId"].startswith(sys.argv[2])})))' \
    "$1/results.json" "$2" 2>/dev/null || echo none
}

run verify --only plugins --plugin "$P47/BadName.jar" --n 20 --b 5 --out "$WORK/p47-v1"
r="$(reasons "$WORK/p47-v1" plugin.probe.bad-badname.)"
if [[ "$rc" -eq 1 && "$r" == "ERROR|plug-in probe.Bad\$BadName (jar $P47/BadName.jar): name() threw IllegalStateException: no name today" ]] \
    && ! grep -qE '^\s+at [a-zA-Z]|Exception in thread' "$WORK/err"; then
  pass I47-plugin-name-verify "verify --plugin whose name() throws: its 5 claims ERROR with one line naming plug-in, jar and call (exit 1)"
else
  fail I47-plugin-name-verify "exit $rc, verdicts '$r': $(tail -c 300 "$WORK/err" | tr '\n' ' ')"
fi
run train --preset fashion-mnist-small --method plugin:anything --plugin "$P47/BadName.jar" --data "$DATA" --out "$WORK/p47-t0"
check_plugin I47-plugin-name-train 1 "msgd train: plug-in probe.Bad\$BadName (jar $P47/BadName.jar): name() threw IllegalStateException: no name today" \
  "train --method plugin:NAME from a jar whose plug-in's name() throws"

run verify --only plugins --plugin "$P47/SamplerHangs.jar" --plugin-timeout 2 --n 20 --b 5 --out "$WORK/p47-v2"
r="$(reasons "$WORK/p47-v2" plugin.sampler-hangs.mean)"
if [[ "$rc" -eq 1 && "$r" == "ERROR|plug-in 'sampler-hangs' (jar $P47/SamplerHangs.jar): create(n=20, b=5).sampler(rng).sample(v) did not return within 2 s"* ]]; then
  pass I47-plugin-verify-hang "verify: a draw that never returns is ERROR after --plugin-timeout, the plug-in called no more (exit 1)"
else
  fail I47-plugin-verify-hang "exit $rc, mean '$r': $(tail -c 300 "$WORK/err" | tr '\n' ' ')"
fi

if [[ ! -f "$DATA/train-images-idx3-ubyte.gz" && ! -f "$DATA/train-images-idx3-ubyte" ]]; then
  skip I47-plugin-train "no Fashion-MNIST in $DATA (set MSGD_FASHION_MNIST)"
else
  # train_plugin JAR NAME OUT [MORE...]: a tiny run of Algorithm 1 with the plug-in
  train_plugin() {
    run train --preset fashion-mnist-small --method "plugin:$2" --plugin "$P47/$1.jar" --iterations 20 --eval-every 5 \
      --no-progress --data "$DATA" --out "$3" "${@:4}"
  }
  for c in "CreateThrows create-throws threw IllegalStateException: boom in create" \
           "CreateNull create-null returned null; it must return a SamplingNoise of dimension n=1000"; do
    read -r jar name cause <<<"$c"
    train_plugin "$jar" "$name" "$WORK/p47-$name"
    check_plugin "I47-plugin-$name" 1 "msgd train: plug-in '$name' (jar $P47/$jar.jar): create(n=1000, b=50) $cause; nothing was trained" \
      "train --method plugin:$name"
    if [[ "$(status_of "$WORK/p47-$name")" != none ]]; then fail "I47-plugin-$name-status" "a run.json was left"; fi
  done
  train_plugin SamplerThrows sampler-throws "$WORK/p47-st"
  check_plugin I47-plugin-sampler-throws 1 "msgd train: plug-in 'sampler-throws' (jar $P47/SamplerThrows.jar): create(n=1000, b=50).sampler(rng).sample(v) threw IllegalStateException: boom; the run stopped after iteration 3 and is marked failed in" \
    "train whose plug-in's sampler throws at step 4"
  if [[ "$(status_of "$WORK/p47-st")" == failed ]]; then pass I47-plugin-sampler-throws-status "run.json: failed"
  else fail I47-plugin-sampler-throws-status "run.json: $(status_of "$WORK/p47-st")"; fi

  start=$(date +%s)
  train_plugin SamplerHangs sampler-hangs "$WORK/p47-sh" --plugin-timeout 2
  took=$(($(date +%s) - start))
  check_plugin I47-plugin-sampler-hangs 1 "msgd train: plug-in 'sampler-hangs' (jar $P47/SamplerHangs.jar): create(n=1000, b=50).sampler(rng).sample(v) did not return within 2 s" \
    "train whose plug-in's sampler never returns: failed after --plugin-timeout 2 (${took} s in all)"
  if [[ "$(status_of "$WORK/p47-sh")" == failed ]]; then pass I47-plugin-sampler-hangs-status "run.json: failed"
  else fail I47-plugin-sampler-hangs-status "run.json: $(status_of "$WORK/p47-sh")"; fi

  # TERM while the draw hangs (the default limit, 60 s, far away): interrupted and saved within seconds, not "running"
  set +e
  (cd "$WORK" && exec "$MSGD" train --preset fashion-mnist-small --method plugin:sampler-hangs --plugin "$P47/SamplerHangs.jar" \
    --iterations 20 --eval-every 5 --no-progress --data "$DATA" --out "$WORK/p47-term" >"$WORK/out" 2>"$WORK/err") &
  pid=$!
  for _ in $(seq 120); do [[ "$(status_of "$WORK/p47-term")" == running ]] && break; sleep 0.5; done
  sleep 8   # the draw of iteration 4 hangs (a step takes about 0.1 s here)
  start=$(date +%s.%N)
  kill -TERM "$pid"
  wait "$pid"
  rc=$?
  set -e
  took=$(python3 -c 'import sys,time; print(round(time.time() - float(sys.argv[1]), 1))' "$start")
  if [[ "$rc" -eq 143 && "$(status_of "$WORK/p47-term")" == interrupted ]] && grep -q '^INTERRUPTED after 4 iterations' "$WORK/out" \
      && python3 -c 'import sys; sys.exit(0 if float(sys.argv[1]) < 10 else 1)' "$took"; then
    pass I47-plugin-term-hang "TERM during a draw that never returns: exit 143 after ${took} s, run.json interrupted, its step saved"
  else
    fail I47-plugin-term-hang "exit $rc after ${took} s, run.json $(status_of "$WORK/p47-term"): $(tail -c 300 "$WORK/err" | tr '\n' ' ')"
  fi
fi

exit $failed
