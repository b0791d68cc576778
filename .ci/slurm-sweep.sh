#!/usr/bin/env bash
# Integration test of `msgd sweep` against a real Slurm (issue 12): a single-node cluster from
# Debian's packages, started as root without systemd (../shared/notes/slurm.md has the facts).
#   1. plans a 4-run sweep (GD and SGD-50, paired seeds 0 and 1) twice, in two directories;
#   2. executes one with the local executor, submits the other as a Slurm job array;
#   3. requeues the GD task mid-run (`scontrol requeue`): it must save its step, start again and
#      continue from its checkpoint;
#   4. checks that every run's metrics are the local executor's, bit for bit (wall time aside),
#      and that `msgd verify --from` builds the study's claims from the Slurm sweep without training;
#   5. writes a plan file's study as a sweep (msgd study run PLAN --as-sweep, the README's example plug-in on a
#      tiny budget), trains it under Slurm with no accuracy in the task logs, and checks that its runs and its look
#      are those of .ci/run's `msgd study run` of the same plan on this machine (target/ci-study), bit for bit.
# The daemons it started are stopped at the end by their PIDs. Usage: .ci/slurm-sweep.sh [WORKDIR]
set -euo pipefail
cd "$(dirname "$0")/.."
root="$(pwd -P)"
work="$(realpath -m "${1:-target/slurm-it}")"

if [[ "$(id -u)" -ne 0 ]]; then
  echo "slurm-sweep: not root: cannot install and start Slurm; skipped" >&2
  exit 0
fi
if ! command -v slurmctld >/dev/null || ! command -v slurmd >/dev/null || ! command -v munged >/dev/null; then
  DEBIAN_FRONTEND=noninteractive apt-get install -y slurmctld slurmd slurm-client munge \
    || { apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y slurmctld slurmd slurm-client munge; }
fi

rm -rf "$work"
mkdir -p "$work"
# shellcheck source=private-slurm.sh
source "$root/.ci/private-slurm.sh"
trap 'private_slurm_stop "$work/cluster"' EXIT
# KillWait: a requeued task has 60 s between SIGTERM and SIGKILL to save its step
why="$(private_slurm_start "$work/cluster" msgdit KillWait=60)" || {
  echo "slurm-sweep: $why" >&2; tail -20 "$work"/cluster/slurm*.log >&2 2>/dev/null; exit 1; }
export SLURM_CONF="$work/cluster/slurm.conf"   # private_slurm_start ran in a subshell
# printed through a variable, not `tee /dev/stderr`: opening /dev/stderr anew truncates a log file that stderr
# points to (CI's whole log up to here was lost that way)
nodes="$(sinfo -h -o '%P %t %c')"
echo "$nodes" >&2
grep -q idle <<< "$nodes" || { echo "slurm-sweep: the node did not come up" >&2; tail -20 "$work"/cluster/slurm*.log >&2; exit 1; }

# GD runs long enough (100 iterations, a checkpoint every 10) to be requeued in the middle.
plan=(--protocols authors-code --methods gd,sgd-50 --seeds 0-1 --iterations 100 --eval-every 20 --checkpoint-every 10)
./msgd sweep plan "$work/local" "${plan[@]}"
./msgd sweep plan "$work/slurm" "${plan[@]}"

echo "== local executor"
./msgd sweep run "$work/local" --jobs 2

echo "== Slurm executor"
./msgd sweep run "$work/slurm" --executor slurm --dry-run | grep -q '^#SBATCH --array=0-3$'
./msgd sweep run "$work/slurm" --executor slurm --time 00:30:00
job="$(tail -1 "$work/slurm/slurm/jobs.txt" | cut -d' ' -f1)"
gd="$work/slurm/authors-code/gd/seed-0"
# requeue the GD task of seed 0 once it has checkpointed, before it ends
for _ in $(seq 1200); do
  if [[ -f "$gd/metrics.csv" ]] && awk -F, 'NR > 1 && $1 >= 20 { found = 1 } END { exit !found }' "$gd/metrics.csv"; then
    break
  fi
  sleep 0.1
done
grep -q '"status" : "running"' "$gd/run.json" || { echo "slurm-sweep: GD ended before it could be requeued" >&2; exit 1; }
scontrol requeue "${job}_0"
echo "requeued ${job}_0 at iteration $(tail -1 "$gd/metrics.csv" | cut -d, -f1)"
for _ in $(seq 120); do
  scontrol show job "${job}_0" 2>/dev/null | grep -q 'JobState=PENDING' && break
  sleep 0.5
done
scontrol update JobId="${job}_0" StartTime=now   # a requeued job otherwise waits for its BeginTime
./msgd sweep status "$work/slurm" --wait --timeout 20

echo "== checks"
restarts="$(scontrol show job "${job}_0" | grep -o 'Restarts=[0-9]*' | cut -d= -f2)"
[[ "$restarts" == "1" ]] || { echo "slurm-sweep: ${job}_0 shows Restarts=$restarts, not 1" >&2; exit 1; }
out="$work/slurm/slurm/${job}_0.out"
grep -q 'interrupted after iteration' "$out" || { echo "slurm-sweep: $out shows no interruption" >&2; cat "$out" >&2; exit 1; }
grep -q 'resuming .* from iteration [1-9]' "$out" || { echo "slurm-sweep: $out shows no resume from a checkpoint" >&2; cat "$out" >&2; exit 1; }
python3 - "$work/local" "$work/slurm" <<'PY'
import csv, json, sys
local, slurm = sys.argv[1], sys.argv[2]
runs = [r["id"] for r in json.load(open(local + "/sweep.json"))["runs"]]
for rid in runs:
    def rows(d):
        with open("%s/%s/metrics.csv" % (d, rid)) as f:
            return [{k: v for k, v in r.items() if k != "elapsed_seconds"} for r in csv.DictReader(f)]
    a, b = rows(local), rows(slurm)
    if a != b:
        sys.exit("slurm-sweep: %s differs between the local and the Slurm executor" % rid)
    if json.load(open("%s/%s/run.json" % (slurm, rid)))["status"] != "completed":
        sys.exit("slurm-sweep: %s is not completed" % rid)
print("slurm-sweep: %d runs identical under both executors (%d metrics rows each)" % (len(runs), len(a)))
PY

echo "== verify --from"
./msgd verify --from "$work/slurm" --out "$work/verify" > "$work/verify.log" 2>&1 || { cat "$work/verify.log" >&2; exit 1; }
python3 - "$work/verify/results.json" <<'PY'
import json, sys
claims = {c["claimId"]: c for s in json.load(open(sys.argv[1]))["studies"] for c in s["claims"]}
c = claims.get("deep.fashion-mnist.authors-code.sgd-50-above-gd")
# two paired seeds: below the study's first look at 5, so NOT_RUN, with the runs counted from the sweep
if c is None or c["verdict"] != "NOT_RUN" or "2 paired seeds of SGD-50 (without replacement) and GD completed" not in c["verdictReason"]:
    sys.exit("slurm-sweep: verify --from did not count the sweep's 2 paired seeds: %s" % c)
f = claims.get("deep.fashion-mnist.authors-code.msgd-fisher.above-gd")
if f is None or "the sweep plans no run of msgd-fisher" not in f["verdictReason"]:
    sys.exit("slurm-sweep: verify --from did not name the method the sweep lacks: %s" % f)
print("slurm-sweep: verify --from counted the sweep's runs without training: %s" % c["verdictReason"])
PY
echo "== a plan file's study as a Slurm sweep (README, A study of your own: on a cluster, msgd study run --as-sweep)"
study="$work/study"
mkdir -p "$study"
python3 - examples/study/plan.json "$study/plan.json" "$root/examples/target/msgd-examples.jar" <<'PY'
import json, sys
p = json.load(open(sys.argv[1]))
p["runs"].update(iterations=20, evalEvery=4)    # the tiny budget of .ci/run's local study
p["plugins"][0]["jar"] = sys.argv[3]
json.dump(p, open(sys.argv[2], "w"), indent=2)
PY
./msgd study run "$study/plan.json" --as-sweep --seeds 3 | tee "$study/as-sweep.txt"
grep -q '9 runs planned (paired seeds 0-2 x 3 methods); 9 not begun' "$study/as-sweep.txt"
./msgd sweep run "$study" --executor slurm --time 00:10:00
./msgd sweep status "$study" --wait --timeout 20
if grep -rqE 'accuracy [0-9]' "$study/slurm/"; then echo "slurm-sweep: a plan's task log shows an accuracy before the look" >&2; exit 1; fi
./msgd study look "$study/plan.json"
# .ci/run trained the same plan with msgd study run on this machine just before (target/ci-study): the same runs, bit
# for bit, and the same verdicts
if [[ -d target/ci-study/authors-code ]]; then
  python3 - target/ci-study "$study" <<'PY'
import csv, sys
here, cluster = sys.argv[1], sys.argv[2]
for m in ("sgd-50-wor", "msgd-cov", "plugin-isotropic-gaussian"):
    for s in range(3):
        rows = [[{k: v for k, v in r.items() if k != "elapsed_seconds"} for r in csv.DictReader(open(
            "%s/authors-code/%s/seed-%d/metrics.csv" % (d, m, s)))] for d in (here, cluster)]
        if rows[0] != rows[1]:
            sys.exit("slurm-sweep: %s seed %d differs between msgd study run and the Slurm sweep" % (m, s))
keys = ("claim", "verdict", "look", "seeds_counted", "estimate")
looks = [[tuple(r[k] for k in keys) for r in csv.DictReader(open(d + "/authors-code/plan-look.csv"))] for d in (here, cluster)]
if looks[0] != looks[1]:
    sys.exit("slurm-sweep: the look differs: study run %s, Slurm sweep %s" % tuple(looks))
print("slurm-sweep: a plan's 9 runs trained under Slurm are study run's, bit for bit; the same look:", looks[1])
PY
fi
echo "slurm-sweep: passed"
