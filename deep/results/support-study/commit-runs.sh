#!/usr/bin/env bash
# Commits the support study's completed runs (run.json and metrics.csv of each run whose status is completed), with the
# number of complete paired seeds in the message and in the README's progress line; prints no accuracy (PLAN.md: nothing is looked at before the look at 50).
# Usage: deep/results/support-study/commit-runs.sh   (from anywhere in the repository)
set -euo pipefail
cd "$(git -C "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")" rev-parse --show-toplevel)"
# the completed runs with changes to commit, found by one Python and one git call (one each per run took minutes at
# 900 runs); a run.json being written as this runs does not parse and waits for the next commit
mapfile -t added < <(python3 - <<'PY'
import glob, json, os, subprocess
base = "deep/results/support-study/authors-code"
changed = set()
for line in subprocess.check_output(["git", "status", "--porcelain", "--untracked-files=all", "--", base],
                                    text=True).splitlines():
    changed.add(os.path.dirname(line[3:].strip('"')))
for rj in sorted(glob.glob(os.path.join(base, "*", "seed-*", "run.json"))):
    d = os.path.dirname(rj)
    if d not in changed:
        continue
    try:
        completed = json.load(open(rj)).get("status") == "completed"
    except (OSError, ValueError):
        completed = False
    if completed:
        print(d)
PY
)
for d in "${added[@]}"; do git add -- "$d/run.json" "$d/metrics.csv"; done
[[ ${#added[@]} -gt 0 ]] || { echo "nothing new"; exit 0; }
complete=$(python3 - <<'PY'
import json, os, subprocess, time
base = "deep/results/support-study/authors-code"
# what this commit holds, not what is on disk: a run that finishes while this script runs is not in it
tracked = set(subprocess.check_output(["git", "ls-files", "--", base], text=True).splitlines())
ids = ["gd","sgd-50-wor","msgd-cov","msgd-fisher","msgd-bernoulli-50","msgd-sparse-cov-exact-10","msgd-sparse-fisher-10","msgd-sparse-fisher-50","msgd-sparse-fisher-250"]
def done(m, s):
    p = os.path.join(base, m, "seed-%d" % s, "run.json")
    return p in tracked and json.load(open(p)).get("status") == "completed"
k = 0
while all(done(m, k) for m in ids): k += 1
extra = sum(done(m, k) for m in ids)
cpu = None
for s in (k, k - 1):            # what computed the seed in progress (or the last complete one)
    for m in ids:
        p = os.path.join(base, m, "seed-%d" % s, "run.json")
        if cpu is None and s >= 0 and os.path.exists(p):
            b = json.load(open(p))["bits"]; cpu = "seed %d: %s, %s, build %s" % (s, b["cpu"], b["isa"], b["commit"][:7])
print("%d complete paired seeds%s%s (%s)" % (k, " (0-%d)" % (k - 1) if k else "",
                                         " and %d of seed %d's nine runs" % (extra, k) if extra else "", cpu))
# the README's progress line says the same, with the time of this commit
readme = "deep/results/support-study/README.md"
text = open(readme, encoding="utf-8").read().split("\n")
at = [i for i, line in enumerate(text) if line.startswith("Progress: ")]
if len(at) != 1:
    raise SystemExit("commit-runs.sh: %s must have exactly one line starting 'Progress: ', it has %d" % (readme, len(at)))
line = "Progress: %d complete paired seeds%s" % (k, " (0\u2013%d)" % (k - 1) if k else "")
if extra:
    line += " and %d of seed %d's nine runs" % (extra, k)
text[at[0]] = line + " committed by " + time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()) + "."
open(readme, "w", encoding="utf-8").write("\n".join(text))
PY
)
git commit -q -m "support study: completed runs: ${#added[@]} more; $complete" -- deep/results/support-study/authors-code \
  deep/results/support-study/README.md
git log --oneline -1
# at the cap the look must land with these runs: CI's recount checks recompute it from them
if [[ "$complete" == 100\ complete* ]] && ! grep -q ',100,100,' deep/results/support-study/authors-code/verdicts.csv; then
  echo "commit-runs.sh: 100 complete paired seeds are committed but verdicts.csv is still at the look of 50:" \
       "CI's recount checks fail until the look at 100 is done (README: 'At the cap'); do it before this session ends" >&2
fi
