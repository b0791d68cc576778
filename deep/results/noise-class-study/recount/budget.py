#!/usr/bin/env python3
"""What budget would decide the sparse claims? A sizing for a follow-up study on fresh seeds, not a verdict
(not pre-registered; it decides nothing). Worlds resampled from each sparse noise's settled
seeds (the first SEEDS; each seed's pair and collapse together), R as observed; one look at n seeds, the recovery rule's set at
one-sided alpha per side, band [0.5, 1.5]: the share of studies that PASS, FAIL or stay INCONCLUSIVE.

usage: budget.py REPS [ALPHA [SEEDS]]   (ALPHA a fraction, default 1/200; SEEDS the settled seeds the worlds are
drawn from, default 40; recount/budget-40.txt: 400 draws at 0.0125 = 0.05/4 and at 1/720, the v2 rule's per-look
alpha). Standard library only.
"""
import os, random, sys, time
here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
import recount as rc
from fractions import Fraction
SEEDS = int(sys.argv[3]) if len(sys.argv) > 3 else 40
runs = rc.settled_seeds(os.path.join(os.path.dirname(here), "authors-code"), SEEDS)
if len(runs) < SEEDS:
    sys.exit("budget.py: only %d settled paired seeds, asked for %d" % (len(runs), SEEDS))
def data(noise):
    return [(a, b, c) for _, a, b, c in rc.contrasts(runs, noise)]
alpha = Fraction(5, 1000) if len(sys.argv) < 3 else Fraction(sys.argv[2])
reps = int(sys.argv[1])
for noise in ["msgd-sparse-fisher-10", "msgd-sparse-cov-10"]:
    seeds = data(noise)
    for n in [60, 120, 240, 360]:
        rng = random.Random(7)
        t = {"PASS": 0, "FAIL": 0, "INCONCLUSIVE": 0}
        t0 = time.time()
        for _ in range(reps):
            kept = [(a, b) for a, b, c in (rng.choice(seeds) for _ in range(n)) if not c]
            pieces, _, _ = rc.confidence_set([k[0] for k in kept], [k[1] for k in kept], alpha)
            t[rc.verdict(pieces)] += 1
        print(noise, "n", n, "alpha", float(alpha), {k: round(v / reps, 3) for k, v in t.items()}, "%.1fs" % (time.time() - t0), flush=True)
