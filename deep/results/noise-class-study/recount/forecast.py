#!/usr/bin/env python3
"""A forecast, not a verdict (not pre-registered; it decides nothing): given the settled seeds of the
second look (40), the chance that the look at 60 decides each sparse claim, when the 20 seeds still to come
are drawn with replacement from the noise's own 40 (pair and collapse kept together) and their X shifted so
that their R is rho (as in ResampledSeedsCalibration), or left as observed.

usage: forecast.py [REPS]   (default 400; recount/forecast-40.txt used 2000). Standard library only.
"""
import os, random, sys
here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
import recount as rc
root = os.path.join(os.path.dirname(here), "authors-code")
runs = rc.settled_seeds(root, 40)
alpha = float(rc.ALPHA_LOOK)
def data(noise):
    return [(a, b, c) for _, a, b, c in rc.contrasts(runs, noise)]
def shift(seeds, rho):
    # written again from ResampledSeedsCalibration.shift (core), the tested rule: the c that gives the kept seeds'
    # a + c - rho*b pseudo-median zero over ordered pairs (i, j), so the world's R is rho
    u = [a - rho * b for a, b, c in seeds if not c]
    w = sorted((x + y) / 2 for x in u for y in u)
    m = len(w)
    return -(w[m // 2] if m % 2 else (w[m // 2 - 1] + w[m // 2]) / 2)
reps = int(sys.argv[1]) if len(sys.argv) > 1 else 400
for noise in ["msgd-sparse-fisher-10", "msgd-sparse-cov-10"]:
    seeds = data(noise)
    for rho in [None, 0.5, 1.0]:
        c = 0.0 if rho is None else shift(seeds, rho)
        rng = random.Random(20261127)
        tally = {"PASS": 0, "FAIL": 0, "INCONCLUSIVE": 0}
        for _ in range(reps):
            new = [rng.choice(seeds) for _ in range(20)]
            kept = [(a, b) for a, b, col in seeds if not col] + [(a + c, b) for a, b, col in new if not col]
            pieces, _, _ = rc.confidence_set([x[0] for x in kept], [x[1] for x in kept], alpha)
            tally[rc.verdict(pieces)] += 1
        print(noise, "world R", "as observed" if rho is None else rho, {k: round(v / reps, 3) for k, v in tally.items()}, flush=True)
