#!/usr/bin/env bash
# Issue 33, "Plug-in users" and "Sweep users": each case replayed as a user would, with the real launcher.
# Prints one line per case, PASS/FAIL/SKIP <case> <what>; exits 1 if any case FAILs.
# Slurm cases start a private single-node Slurm (own munged socket, own ports, own state folder) when run as
# root with Debian's slurmctld/slurmd/munged installed, stop its daemons by their PIDs, and SKIP otherwise.
set -euo pipefail

ROOT="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/../../../.." && pwd -P)"
TMP="$(mktemp -d)"
# shellcheck source=../../../../.ci/private-slurm.sh
source "$ROOT/.ci/private-slurm.sh"
cleanup() {
  local rc=$?
  set +e
  [[ -d "$TMP/slurm" ]] && private_slurm_stop "$TMP/slurm"
  rm -rf "$TMP" 2>/dev/null || echo "note: could not remove all of $TMP"
  exit "$rc"
}
trap cleanup EXIT

failed=0
pass() { echo "PASS $1 $2"; }
fail() { echo "FAIL $1 $2"; failed=1; }
skip() { echo "SKIP $1 $2"; }
msgd() { nice -n 10 "$ROOT/msgd" "$@"; }
json() { python3 -c "$1" "${@:2}"; }    # small readers of results.json

# --- plug-ins: four small plug-ins compiled against the toolkit's jar ---------------------------------------
msgd --version >/dev/null 2>&1 || msgd --help >/dev/null   # builds app/target/msgd.jar if it is stale
JAR="$ROOT/app/target/msgd.jar"
mkdir -p "$TMP/plug/src/probe" "$TMP/plug/classes/META-INF/services"
cat > "$TMP/plug/src/probe/Plugins.java" <<'EOF'
package probe;

import org.apache.commons.rng.UniformRandomProvider;
import org.msgdlab.theory.noise.*;
import org.msgdlab.theory.plugin.NoisePlugin;

public final class Plugins {
    private Plugins() { }

    /** Works at n = 20 only: throws for Theorem 1's and the SDE's n. */
    public static final class Fragile implements NoisePlugin {
        public String name() { return "fragile"; }
        public String description() { return "works at n=20 only"; }
        public SamplingNoise create(int n, int b) {
            if (n != 20) {
                throw new IllegalArgumentException("n=" + n + " must be 20");
            }
            return new HypothesizedNoise(new SgdWithoutReplacement(n, b), new CovarianceDeclaration.SgdBatch(b, false));
        }
    }

    /** One dimension too many. */
    public static final class TooLong implements NoisePlugin {
        public String name() { return "too-long"; }
        public String description() { return "the wrong dimension"; }
        public SamplingNoise create(int n, int b) { return new SgdWithoutReplacement(n + 1, b); }
    }

    /** SGD without replacement whose sampler writes NaN into V[0]. */
    public static final class NaNs implements NoisePlugin {
        public String name() { return "nans"; }
        public String description() { return "draws NaN"; }
        public SamplingNoise create(int n, int b) {
            SgdWithoutReplacement sgd = new SgdWithoutReplacement(n, b);
            return new SamplingNoise() {
                public int dimension() { return n; }
                public String paperName() { return "NaN noise"; }
                public String formula() { return "V_sgd with V[0] = NaN"; }
                public ExchangeableCovariance covariance() { return sgd.covariance(); }
                public NoiseSampler sampler(UniformRandomProvider rng) {
                    NoiseSampler s = sgd.sampler(rng);
                    return v -> { s.sample(v); v[0] = Double.NaN; };
                }
            };
        }
    }

    /** SGD without replacement declaring twice its covariance. */
    public static final class Twice implements NoisePlugin {
        public String name() { return "twice"; }
        public String description() { return "declares 2x its covariance"; }
        public SamplingNoise create(int n, int b) {
            SgdWithoutReplacement sgd = new SgdWithoutReplacement(n, b);
            return new HypothesizedNoise(sgd, sgd.covariance().scaled(2));
        }
    }
}
EOF
printf 'probe.Plugins$Fragile\nprobe.Plugins$TooLong\nprobe.Plugins$NaNs\nprobe.Plugins$Twice\n' \
  > "$TMP/plug/classes/META-INF/services/org.msgdlab.theory.plugin.NoisePlugin"
nice -n 10 javac -d "$TMP/plug/classes" -cp "$JAR" "$TMP/plug/src/probe/Plugins.java"
(cd "$TMP/plug/classes" && jar cf "$TMP/plug/probe-plugins.jar" .)

set +e
msgd verify --only plugins --plugin "$TMP/plug/probe-plugins.jar" --n 20 --b 5 --out "$TMP/plug/out" \
  > "$TMP/plug/stdout" 2> "$TMP/plug/stderr"
rc=$?
set -e
R="$TMP/plug/out/results.json"
verdict() {  # verdict CLAIM -> "VERDICT|reason|statement"
  json 'import json,sys
for s in json.load(open(sys.argv[1]))["studies"]:
    for c in s["claims"]:
        if c["claimId"] == sys.argv[2]:
            print(c["verdict"] + "|" + (c.get("verdictReason") or "") + "|" + c["statement"])' "$R" "$1"
}
if [[ $rc -ne 1 || ! -f "$R" ]] || grep -q $'\tat \|Exception in thread' "$TMP/plug/stderr"; then
  fail plugin-throws "verify exit $rc (1 wanted), results.json $( [[ -f $R ]] && echo written || echo missing ), stderr: $(head -c 400 "$TMP/plug/stderr")"
else
  v="$(verdict plugin.fragile.thm1.same-risk-as-sgd)"
  if [[ "$v" == "ERROR|plug-in 'fragile' (jar $TMP/plug/probe-plugins.jar): create(n="*", b="*") threw IllegalArgumentException: n="*" must be 20|"* ]] \
     && [[ "$(verdict plugin.fragile.covariance.as-declared)" == PASS* ]]; then
    pass plugin-throws "create(n, b) throwing for Theorem 1's n: thm1 ERROR in one line naming plug-in, call and cause; its other claims ran, exit 1, results written"
  else
    fail plugin-throws "thm1: $v"
  fi
fi
v="$(verdict plugin.too-long.mean)"
if [[ "$v" == "ERROR|plug-in 'too-long' (jar $TMP/plug/probe-plugins.jar): create(n=20, b=5) returned a noise of dimension 21; it must be n=20|"* ]]; then
  pass plugin-wrong-dimension "a noise of dimension 21 for n=20: ERROR naming the rule"
else
  fail plugin-wrong-dimension "mean: $v"
fi
v="$(verdict plugin.nans.mean)"
if [[ "$v" == "ERROR|plug-in 'nans' (jar $TMP/plug/probe-plugins.jar): the noise of create(n=20, b=5) drew a non-finite value, V[0] = NaN"* ]]; then
  pass plugin-nan-draws "a noise drawing NaN: ERROR naming the non-finite draw, not a NaN tolerance"
else
  fail plugin-nan-draws "mean: $v"
fi
a="$(verdict plugin.twice.covariance.as-declared)"
s="$(verdict plugin.twice.sde.weak-order)"
t="$(verdict plugin.twice.thm1.same-risk-as-sgd)"
if [[ "$a" == FAIL* && "$s" == "INCONCLUSIVE|not decided: it rests on plugin.twice.covariance.as-declared, which is FAIL"* \
      && "$t" == "INCONCLUSIVE|not decided: it rests on plugin.twice.covariance.as-declared, which is FAIL"* \
      && "$s" == *"rests on plugin.twice.covariance.as-declared"* ]]; then
  pass plugin-declares-2x "2x declared covariance: as-declared FAIL; sde.weak-order and thm1 INCONCLUSIVE, resting on it (stated)"
else
  fail plugin-declares-2x "as-declared: ${a%%|*}; sde: ${s:0:160}; thm1: ${t:0:160}"
fi
if [[ "$t" == *"sampling without replacement, the SGD of Theorem 1"* ]]; then
  pass thm1-states-comparison "thm1's statement names SGD-b without replacement"
else
  fail thm1-states-comparison "statement: ${t##*|}"
fi

# --- the README's outside-project pom, with a tiny plug-in and a test-kit test, outside the repository ----
if ! command -v mvn >/dev/null; then
  skip readme-outside-pom "mvn is not installed"
  skip testkit-nan-draws "mvn is not installed (the test kit's case runs in an outside project's build)"
else
  P="$TMP/outside/my-noise"
  mkdir -p "$P/src/main/java/com/example" "$P/src/main/resources/META-INF/services" "$P/src/test/java/com/example"
  python3 - "$ROOT/README.md" "$P/pom.xml" <<'EOF'
import sys
text = open(sys.argv[1], encoding="utf-8").read()
at = text.index("<!-- outside-project-pom:")
start = text.index("```xml\n", at) + len("```xml\n")
open(sys.argv[2], "w", encoding="utf-8").write(text[start:text.index("\n```", start) + 1])
EOF
  cat > "$P/src/main/java/com/example/MyNoise.java" <<'EOF'
package com.example;

import org.msgdlab.theory.noise.CovarianceDeclaration;
import org.msgdlab.theory.noise.HypothesizedNoise;
import org.msgdlab.theory.noise.SamplingNoise;
import org.msgdlab.theory.noise.SgdWithoutReplacement;
import org.msgdlab.theory.plugin.NoisePlugin;

/** SGD without replacement, declared as such. */
public final class MyNoise implements NoisePlugin {
    @Override public String name() { return "my-noise"; }
    @Override public String description() { return "SGD-b without replacement, declared as such"; }
    @Override public SamplingNoise create(int n, int b) {
        return new HypothesizedNoise(new SgdWithoutReplacement(n, b), new CovarianceDeclaration.SgdBatch(b, false));
    }
}
EOF
  echo com.example.MyNoise > "$P/src/main/resources/META-INF/services/org.msgdlab.theory.plugin.NoisePlugin"
  cat > "$P/src/test/java/com/example/MyNoiseTest.java" <<'EOF'
package com.example;

import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;
import org.msgdlab.theory.noise.ExchangeableCovariance;
import org.msgdlab.theory.noise.NoiseSampler;
import org.msgdlab.theory.noise.SamplingNoise;
import org.opentest4j.AssertionFailedError;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.msgdlab.testkit.NoiseAssertions.assertCovariance;
import static org.msgdlab.testkit.NoiseAssertions.assertMean;

class MyNoiseTest {
    @Test void itsCovarianceIsTheDeclaredOne() {
        assertCovariance(new MyNoise().create(50, 5)).check();
    }

    @Test void aNoiseDrawingNaNIsNamed() {
        SamplingNoise ok = new MyNoise().create(50, 5);
        SamplingNoise nan = new SamplingNoise() {
            public int dimension() { return 50; }
            public String paperName() { return "broken"; }
            public String formula() { return "NaN"; }
            public ExchangeableCovariance covariance() { return ok.covariance(); }
            public NoiseSampler sampler(UniformRandomProvider rng) { return v -> java.util.Arrays.fill(v, Double.NaN); }
        };
        AssertionFailedError e = assertThrows(AssertionFailedError.class, () -> assertMean(nan).check());
        assertTrue(e.getMessage().contains("broken (n=50) drew a non-finite value, W[0] = NaN"), e.getMessage());
    }
}
EOF
  set +e
  (cd "$ROOT" && nice -n 10 mvn -o -q -B -DskipTests install -pl testkit -am) > "$TMP/install.log" 2>&1
  irc=$?
  (cd "$P" && nice -n 10 mvn -o -q -B package) > "$TMP/outside.log" 2>&1
  prc=$?
  set -e
  if [[ $irc -ne 0 || $prc -ne 0 || ! -f "$P/target/my-noise-1.0.jar" ]]; then
    fail readme-outside-pom "install exit $irc, mvn -o -q package exit $prc: $(tail -c 600 "$TMP/outside.log" "$TMP/install.log")"
  else
    pass testkit-nan-draws "the test kit, in an outside project's JUnit suite, names a NaN draw (no 'tolerance=NaN')"
    set +e
    msgd verify --only plugins --plugin "$P/target/my-noise-1.0.jar" --n 20 --b 5 --out "$TMP/outside/out" \
      > "$TMP/outside/stdout" 2> "$TMP/outside/stderr"
    vrc=$?
    set -e
    n="$(json 'import json,sys; print(sum(1 for s in json.load(open(sys.argv[1]))["studies"] for c in s["claims"] if c["verdict"] == "PASS"))' "$TMP/outside/out/results.json" 2>/dev/null || echo 0)"
    if [[ $vrc -eq 0 && "$n" == 5 ]]; then
      pass readme-outside-pom "README's pom built a plug-in outside the repository (mvn -o -q package); verify --plugin: 5 PASS"
    else
      fail readme-outside-pom "verify exit $vrc, $n PASS of 5: $(tail -c 400 "$TMP/outside/stderr")"
    fi
  fi
fi

# --- sweeps --------------------------------------------------------------------------------------------------
DATA="${MSGD_FASHION_MNIST:-/usr/share/datasets/fashion-mnist}"
set +e
msgd sweep plan "$TMP/s1" --methods gd,sgd-50 --seeds 0-1 --eval-every 100 --iterations 200 --data "$DATA" \
  > "$TMP/s1.out" 2> "$TMP/s1.err"
rc=$?
set -e
if [[ $rc -eq 2 && ! -f "$TMP/s1/sweep.json" && "$(wc -l < "$TMP/s1.err")" -eq 1 ]] \
   && grep -q "eval-every=100 must be in \[1, iterations/5 = 40\]" "$TMP/s1.err"; then
  pass sweep-plan-checked "--eval-every 100 --iterations 200 refused at plan time (exit 2, one line), nothing trained"
else
  fail sweep-plan-checked "exit $rc: $(cat "$TMP/s1.err")"
fi

msgd sweep plan "$TMP/s2" --methods gd --seeds 0-1 --iterations 20 --eval-every 4 --data "$TMP/wrong/fashion-mnist" >/dev/null 2>&1
set +e
msgd sweep plan "$TMP/s2" --methods gd --seeds 0-1 --iterations 20 --eval-every 4 --data "$DATA" > /dev/null 2> "$TMP/s2.err"
rc=$?
msgd sweep repoint "$TMP/s2" --data "$DATA" > "$TMP/s2.out" 2>&1
rrc=$?
msgd sweep plan "$TMP/s2" --methods gd --seeds 0-1 --iterations 20 --eval-every 4 --data "$DATA" > /dev/null 2>&1
prc=$?
set -e
if [[ $rc -eq 2 && $rrc -eq 0 && $prc -eq 0 ]] && grep -q "msgd sweep repoint" "$TMP/s2.err" \
   && grep -q "2 of 2 runs now read $DATA" "$TMP/s2.out"; then
  pass sweep-repoint "a wrong --data: re-planning says how to move it; sweep repoint moves the plan, ids kept"
else
  fail sweep-repoint "plan again exit $rc, repoint exit $rrc, plan after exit $prc: $(cat "$TMP/s2.err" "$TMP/s2.out")"
fi

set +e
# one run finished (verify --from refuses a sweep with none: nothing to decide from), the other not
msgd sweep task "$TMP/s2" --index=0 > /dev/null 2>&1
msgd verify --from "$TMP/s2" --out "$TMP/s2-report" > /dev/null 2> "$TMP/s3.err"
vrc=$?
set -e
reasons="$(json 'import json,sys
cs = [c for s in json.load(open(sys.argv[1]))["studies"] for c in s["claims"]]
print(sum(1 for c in cs if "a shortened design, not the pre-registered one: trained 20 iterations (the design: 5000)" in (c.get("verdictReason") or "")), len(cs))' \
  "$TMP/s2-report/results.json" 2>/dev/null || echo "0 0")"
if [[ ! -f "$DATA/train-images-idx3-ubyte" && ! -f "$DATA/train-images-idx3-ubyte.gz" ]]; then
  skip verify-from-shortened "no Fashion-MNIST in $DATA (the sweep's run cannot train)"
elif [[ $vrc -eq 0 ]] && grep -q "verify --from: WARNING: the authors-code runs of .* are trained 20 iterations (the design: 5000)" "$TMP/s3.err" \
   && [[ "${reasons% *}" -gt 0 && "${reasons% *}" == "${reasons#* }" ]]; then
  pass verify-from-shortened "runs of 20 iterations: exit 0, a WARNING line, and every claim's reason says shortened design (${reasons% *} claims)"
else
  fail verify-from-shortened "exit $vrc; claims with the note: $reasons; stderr: $(grep -i warn "$TMP/s3.err" | head -3)"
fi

set +e
msgd sweep plan "$TMP/s4" --methods gd --seeds 0-1100 --iterations 20 --eval-every 4 --data "$DATA" >/dev/null 2>&1
msgd sweep run "$TMP/s4" --executor slurm --dry-run --max-array-size 1001 --max-running 50 > "$TMP/s4.out" 2>&1
rc=$?
set -e
if [[ $rc -eq 0 ]] && grep -q "^# ---- job array 2 of 2: plan indices 1001-1100 (MaxArraySize 1001)" "$TMP/s4.out" \
   && grep -q '^#SBATCH --array=0-1000%50$' "$TMP/s4.out" && grep -q '^#SBATCH --array=0-99%50$' "$TMP/s4.out" \
   && grep -q 'MSGD_PLAN_INDEX=$(( SLURM_ARRAY_TASK_ID + 1001 ))' "$TMP/s4.out"; then
  pass slurm-array-split "1,101 runs: two arrays under MaxArraySize 1001, task ids from 0 with the offset added back, %50 throttle"
else
  fail slurm-array-split "exit $rc: $(grep -- '--array\|job array' "$TMP/s4.out" | head -4)"
fi

# --- a private single-node Slurm ----------------------------------------------------------------------------
if ! command -v sbatch >/dev/null; then
  for c in slurm-quoted-output slurm-max-array-size slurm-duplicate-refused slurm-status-requeued; do
    skip "$c" "sbatch is not installed"
  done
elif ! why="$(private_slurm_start "$TMP/slurm" probe33 MaxArraySize=5)"; then
  for c in slurm-quoted-output slurm-max-array-size slurm-duplicate-refused slurm-status-requeued; do
    skip "$c" "$why"
  done
else
  export SLURM_CONF="$TMP/slurm/slurm.conf"   # private_slurm_start ran in a subshell
  D="$TMP/it's a \"sweep\" #1"
  msgd sweep plan "$D" --methods gd --seeds 0-6 --iterations 5 --eval-every 1 --data "$DATA" >/dev/null 2>&1
  set +e
  msgd sweep run "$D" --executor slurm --java /bin/true --max-running 2 > "$TMP/q.out" 2>&1
  rc=$?
  set -e
  first="$(head -1 "$D/slurm/jobs.txt" 2>/dev/null | cut -d' ' -f1)"
  second="$(sed -n 2p "$D/slurm/jobs.txt" 2>/dev/null | cut -d' ' -f1)"
  for _ in $(seq 60); do
    [[ -n "$second" && -f "$D/slurm/${second}_1.out" ]] && break
    sleep 1
  done
  if [[ $rc -eq 0 && -n "$first" ]] && grep -q "plan index 0" "$D/slurm/${first}_0.out" 2>/dev/null; then
    pass slurm-quoted-output "sbatch took a sweep folder with a space, an apostrophe, quotes and #; the task log is there"
  else
    fail slurm-quoted-output "exit $rc: $(cat "$TMP/q.out" | head -5)"
  fi
  if grep -q "2 job arrays (MaxArraySize 5), at most 2 tasks at once" "$TMP/q.out" \
     && grep -q "plan index 6" "$D/slurm/${second}_1.out" 2>/dev/null; then
    pass slurm-max-array-size "7 runs against MaxArraySize 5 read from scontrol: two arrays, the second's task 1 ran plan index 6"
  else
    fail slurm-max-array-size "$(cat "$TMP/q.out" | tail -2); second array output: $(cat "$D/slurm/${second}_1.out" 2>&1 | head -2)"
  fi

  # an interrupted run (TERM during training, saved), then queued again: status says requeued, with Slurm's job and state
  E="$TMP/e"
  msgd sweep plan "$E" --methods gd --seeds 0-1 --iterations 4000 --eval-every 800 --eval-subset 1000 --checkpoint-every 5 \
    --data "$DATA" >/dev/null 2>&1
  nice -n 10 "$ROOT/msgd" sweep task "$E" --index 0 > "$TMP/e-task.log" 2>&1 &
  task=$!
  for _ in $(seq 120); do
    [[ -f "$E/authors-code/gd/seed-0/checkpoint.json" ]] && break
    sleep 1
  done
  kill -TERM "$task" 2>/dev/null || true
  wait "$task" || true
  set +e
  msgd sweep run "$E" --executor slurm --java /bin/true --sbatch=--begin=now+1hour > "$TMP/e1.out" 2>&1
  rc1=$?
  msgd sweep run "$E" --executor slurm --java /bin/true > "$TMP/e2.out" 2> "$TMP/e2.err"
  rc2=$?
  msgd sweep status "$E" > "$TMP/e-status.out" 2>&1
  set -e
  job="$(head -1 "$E/slurm/jobs.txt" 2>/dev/null | cut -d' ' -f1)"
  if [[ $rc1 -eq 0 && $rc2 -eq 2 && "$(wc -l < "$TMP/e2.err")" -eq 1 && "$(wc -l < "$E/slurm/jobs.txt")" -eq 1 ]] \
     && grep -q "tasks of job array $job are still pending or running for this sweep" "$TMP/e2.err"; then
    pass slurm-duplicate-refused "a second sweep run --executor slurm while the array is pending: exit 2, one line naming job $job, nothing submitted"
  else
    fail slurm-duplicate-refused "first exit $rc1, second exit $rc2: $(cat "$TMP/e2.err" "$TMP/e2.out" | head -3)"
  fi
  if grep -q "^requeued    authors-code/gd/seed-0  (.*Slurm ${job}_0 PENDING, reason BeginTime)" "$TMP/e-status.out" \
     && grep -q "^pending     authors-code/gd/seed-1  (Slurm ${job}_1 PENDING" "$TMP/e-status.out"; then
    pass slurm-status-requeued "a saved run queued again shows 'requeued' with its Slurm job ${job}_0 and state PENDING (BeginTime)"
  else
    fail slurm-status-requeued "$(head -3 "$TMP/e-status.out"); task log: $(tail -2 "$TMP/e-task.log")"
  fi
  scancel "$job" 2>/dev/null || true
fi

exit $failed
