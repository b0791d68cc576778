#!/usr/bin/env python3
"""Seeds for power 0.8: what a follow-up on fresh seeds would need to decide the four claims the study left
INCONCLUSIVE, at a stated power (issue 42, item 1). A sizing, not a verdict: it decides nothing.

The verdict table's projections ("about 147 seeds would PASS it", "about 73 paired seeds would PASS it") put
the current estimate at a band edge or scale the observed counts: they are about 50% points, the size at
which a study would decide the claim about half the time if the estimate were the truth. This script gives
the probability itself, and the seeds at which it reaches 0.8.

* Recovery, [Fisher-10] and [Cov-10]: a study of n fresh paired seeds with one look at the study's per-look
  one-sided alpha 1/720 per side (PLAN.md's rule otherwise: the exact signed-rank set of R, PASS inside
  [0.5, 1.5]); each seed drawn from the noise's 60 settled seeds (its pair and collapses together, R as
  observed, no shift), seeds with a collapse of GD, SGD-50 or the noise left out as the plan says. n counts
  the paired seeds trained. P(PASS) by simulation; its Monte Carlo SE is printed.
* Collapse, Bernoulli-20 and [Cov-10]: a study of m paired seeds decided by PLAN.md's claim-2 rule at
  one-sided 1/240 with the lone-collapse rates as observed (q10 = n10/60, q01 = n01/60); P(PASS) and P(FAIL)
  exactly, summing the trinomial law of (n10, n01), and checked against a simulation.

The signed-rank set is computed here with numpy (the recount's confidence_set in pure Python is too slow
for thousands of studies of 300 seeds); before any number is printed, this implementation is checked to
give the recount's verdict on random resampled studies and the recount's exact cut-offs.

usage: power.py [REPS] [SEED]   (REPS simulated studies per n, default 1000; SEED default 20261127)
Output: recount/power-60.txt (python3 power.py > power-60.txt). numpy and scipy.
"""
import math, os, sys
from fractions import Fraction
import numpy as np
from scipy import stats

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
import recount as rc

ALPHA = float(rc.ALPHA_LOOK)          # 1/720
ALPHA_C = float(rc.ALPHA_CLAIM)       # 1/240
POWER = 0.8
SPARSE = ["msgd-sparse-fisher-10", "msgd-sparse-cov-10"]
COLLAPSE = ["msgd-bernoulli-20", "msgd-sparse-cov-10"]
NAMES = {"msgd-sparse-fisher-10": "MSGD-[Fisher-10]", "msgd-sparse-cov-10": "MSGD-[Cov-10]",
         "msgd-bernoulli-20": "MSGD-Bernoulli-20"}


# ---------------------------------------------------------------- the signed-rank rule, vectorized
_CUTS = {}


def cut(n):
    """c = the largest count with P(W+ < c) <= alpha under the exact signed-rank null of n (as rc.lower_cut), from
    the null's probabilities in floating point (exact counts overflow nothing below n = 1000, but the probabilities
    are what is compared); M = n(n+1)/2."""
    if n not in _CUTS:
        M = n * (n + 1) // 2
        p = np.zeros(M + 1)
        p[0] = 1.0
        for k in range(1, n + 1):
            q = p.copy()
            q[k:] += p[:-k] if k <= M else 0
            p = q / 2
        cum = np.cumsum(p)
        c = int(np.searchsorted(cum, ALPHA, side="right"))   # cum[w] <= alpha exactly for w < c
        _CUTS[n] = (c, M)
    return _CUTS[n]


def verdict(a, b):
    """PLAN.md's claim-1 verdict from the exact signed-rank set of R at one-sided ALPHA per side (rc.verdict of
    rc.confidence_set, computed with arrays)."""
    n = len(a)
    if n < 2:
        return "INCONCLUSIVE"
    c, M = cut(n)
    i, j = np.triu_indices(n)
    s, t = a[i] + a[j], b[i] + b[j]
    pos = np.sort(s[t > 0] / t[t > 0])
    neg = np.sort(s[t < 0] / t[t < 0])
    zero = int(((t == 0) & (s > 0)).sum())
    bps = np.unique(np.concatenate([pos, neg]))
    npos = len(pos)
    base = npos - np.searchsorted(pos, bps, side="right") + zero
    at = base + np.searchsorted(neg, bps, side="left")
    after = base + np.searchsorted(neg, bps, side="right")
    inf = np.inf
    lo = np.concatenate([[-inf], bps, bps])
    hi = np.concatenate([[bps[0] if len(bps) else inf], bps, np.append(bps[1:], inf)])
    w = np.concatenate([[npos + zero], at, after])
    ok = (w >= c) & (w <= M - c)
    if not ok.any():
        return "FAIL"
    lo, hi = lo[ok], hi[ok]
    if ((lo >= rc.BAND[0]) & (hi <= rc.BAND[1])).all():
        return "PASS"
    return "INCONCLUSIVE" if ((lo <= rc.BAND[1]) & (hi >= rc.BAND[0])).any() else "FAIL"


def check_against_recount(seeds_by_noise, rng, studies=120):
    """The array implementation gives the recount's cut-offs and verdicts; returns the number of disagreements."""
    bad = 0
    for n in (10, 19, 20, 37, 40, 57, 59, 80):
        if cut(n) != rc.lower_cut(n, rc.ALPHA_LOOK):
            print("  cut-off differs at n=%d: %s vs recount %s" % (n, cut(n), rc.lower_cut(n, rc.ALPHA_LOOK)))
            bad += 1
    tally = {}
    for k in range(studies):
        data = seeds_by_noise[k % len(seeds_by_noise)]
        n = int(rng.integers(8, 70))
        shift = float(rng.choice([0.0, -0.004, 0.004, 0.01]))   # move R about, so all three verdicts occur
        idx = rng.integers(0, len(data), size=n)
        a = np.array([data[q][0] for q in idx if not data[q][2]]) + shift
        b = np.array([data[q][1] for q in idx if not data[q][2]])
        mine = verdict(a, b)
        theirs = rc.verdict(rc.confidence_set(list(a), list(b), rc.ALPHA_LOOK)[0]) if len(a) >= 2 else "INCONCLUSIVE"
        tally[theirs] = tally.get(theirs, 0) + 1
        if mine != theirs:
            bad += 1
            print("  verdict differs: n=%d shift %g: %s vs recount %s" % (len(a), shift, mine, theirs))
    print("check against recount.py: cut-offs at 8 sizes and verdicts of %d resampled studies (recount's verdicts %s):"
          " %d differ" % (studies, dict(sorted(tally.items())), bad))
    return bad


def p_pass(data, n, reps, rng):
    a_all = np.array([d[0] for d in data])
    b_all = np.array([d[1] for d in data])
    c_all = np.array([d[2] for d in data])
    k = 0
    for _ in range(reps):
        idx = rng.integers(0, len(data), size=n)
        keep = idx[~c_all[idx]]
        k += verdict(a_all[keep], b_all[keep]) == "PASS"
    return k / reps


def projection(a, b):
    """The verdict table's projection (NoiseClassVerdicts.seedsNeeded): the set's half-width over the estimate's room
    to the nearer band edge, squared, times n; the set and estimate at alpha 1/720 over these seeds."""
    pieces = rc.confidence_set(list(a), list(b), rc.ALPHA_LOOK)[0]
    est = rc.estimate(list(a), list(b))
    if len(pieces) != 1 or len(est) != 1:
        return None
    lo, hi = pieces[0][0], pieces[0][1]
    r = est[0]
    room = min(r - rc.BAND[0], rc.BAND[1] - r)
    half = (hi - lo) / 2
    return math.ceil(len(a) * (half / room) ** 2)


# ---------------------------------------------------------------- the collapse rule, exactly
def kmax_pass(m):
    """The largest n10 whose one-sided Clopper-Pearson upper bound (n10 of m, level 1/240) is below 0.1 (-1: none)."""
    k = -1
    while k + 1 <= m and stats.binom.cdf(k + 1, m, 0.1) < ALPHA_C:   # bound < delta  <=>  P(Bin(m, delta) <= k) < alpha
        k += 1
    return k


def collapse_probs(m, q10, q01):
    """P(PASS), P(FAIL) of claim 2 at m paired seeds when a seed has only X collapsing with probability q10 and only
    SGD-50 with q01: the exact sum over the trinomial law of (n10, n01)."""
    k = kmax_pass(m)
    p_pass = p_fail = 0.0
    hi10 = int(stats.binom.isf(1e-13, m, q10)) + 2
    for n10 in range(0, min(m, hi10) + 1):
        p10 = stats.binom.pmf(n10, m, q10)
        if p10 < 1e-15:
            continue
        n01 = np.arange(0, m - n10 + 1)
        p01 = stats.binom.pmf(n01, m - n10, q01 / (1 - q10))
        # McNemar: FAIL when P(Bin(n10 + n01, 1/2) >= n10) <= alpha
        fail = (n10 > 0) & (stats.binom.sf(n10 - 1, n10 + n01, 0.5) <= ALPHA_C)
        p_fail += p10 * p01[fail].sum()
        if n10 <= k:
            p_pass += p10 * p01[~fail].sum()
    return p_pass, p_fail


def collapse_sim(m, q10, q01, reps, rng):
    """The same probabilities by simulation, deciding each study with recount.py's collapse_rule."""
    draws = rng.multinomial(m, [q10, q01, 1 - q10 - q01], size=reps)
    seen, t = {}, {"PASS": 0, "FAIL": 0, "INCONCLUSIVE": 0}
    for n10, n01, _ in draws:
        key = (int(n10), int(n01))
        if key not in seen:
            seen[key] = rc.collapse_rule(m, *key)["verdict"]
        t[seen[key]] += 1
    return t["PASS"] / reps, t["FAIL"] / reps


def main():
    reps = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 20261127
    root = os.path.join(os.path.dirname(here), "authors-code")
    runs = rc.settled_seeds(root, rc.CAP)
    if len(runs) < rc.CAP:
        sys.exit("power.py: only %d settled paired seeds" % len(runs))
    print("Seeds for power %.1f for the four claims the study left INCONCLUSIVE (a sizing for fresh seeds; decides"
          " nothing). Worlds: the 60 settled paired seeds. seed %d, %d simulated studies per size." % (POWER, seed, reps))
    print()
    data = {x: [(a, b, c) for _, a, b, c in rc.contrasts(runs, x)] for x in rc.NOISES}
    if check_against_recount([data[x] for x in rc.NOISES], np.random.default_rng([seed, 0])):
        print("power.py: the array implementation disagrees with recount.py; no sizing printed")
        return 1
    print()

    print("1. Recovery claims: one look at n fresh paired seeds, one-sided alpha 1/720 per side (the study's per look),"
          " R as observed; P(PASS) (Monte Carlo SE)")
    print()
    for i, x in enumerate(SPARSE):
        _, a, b = rc.kept(rc.contrasts(runs, x))
        proj = projection(a, b)
        sizes = sorted({60, 120, 180, 240, 300, proj})
        res = {}
        for n in sizes:
            res[n] = p_pass(data[x], n, reps, np.random.default_rng([seed, 1 + i, n]))
        # the crossing: first size on the grid at or above POWER, then refined by bisection on 10-seed steps
        above = [n for n in sizes if res[n] >= POWER]
        lo_n = max([n for n in sizes if res[n] < POWER and (not above or n < above[0])], default=None)
        if above and lo_n is not None:
            hi_n = above[0]
            slope = (res[hi_n] - res[lo_n]) / (hi_n - lo_n)      # on the coarse grid, before the bisection
            spread = 2 * math.sqrt(POWER * (1 - POWER) / reps) / slope if slope > 0 else float("inf")
            while hi_n - lo_n > 10:
                mid = (lo_n + hi_n) // 2
                res[mid] = p_pass(data[x], mid, reps, np.random.default_rng([seed, 1 + i, mid]))
                if res[mid] >= POWER:
                    hi_n = mid
                else:
                    lo_n = mid
            need = "about %d (P(PASS) %.3f at %d, %.3f at %d; two Monte Carlo SE of P move the crossing by about %d" \
                   " seeds)" % (hi_n, res[lo_n], lo_n, res[hi_n], hi_n, round(spread))
        else:
            need = "not within the sizes tried"
        print("%s: R (pseudo-median ratio) %.2f over %d seeds; the verdict table's projection %s seeds" % (
            NAMES[x], rc.estimate(a, b)[0], len(a), proj))
        for n in sorted(res):
            p = res[n]
            print("  n = %3d: P(PASS) %.3f (%.3f)%s" % (n, p, math.sqrt(p * (1 - p) / reps),
                                                       "   <- the projection" if n == proj else ""))
        print("  seeds for power %.1f: %s" % (POWER, need))
        print()

    print("2. Collapse claims: m paired seeds, claim 2's rule at one-sided 1/240, lone-collapse rates as observed;"
          " P(PASS) and P(FAIL) exact (a simulation of 200,000 studies checks them at three sizes)")
    print()
    for i, x in enumerate(COLLAPSE):
        n10, n01 = rc.collapse_counts(runs, x, rc.CAP)
        q10, q01 = n10 / rc.CAP, n01 / rc.CAP
        proj = rc.collapse_projection(rc.CAP, n10, n01)
        probs = {m: collapse_probs(m, q10, q01) for m in range(rc.CAP, 1001)}
        runs_ok, start = [], None             # maximal runs of m with P(PASS) >= POWER (the rule's discreteness saws it)
        for m in range(rc.CAP, 1002):
            good = m <= 1000 and probs[m][0] >= POWER
            if good and start is None:
                start = m
            elif not good and start is not None:
                runs_ok.append((start, m - 1))
                start = None
        first = runs_ok[0][0] if runs_ok else None
        longest = max(runs_ok, key=lambda r: r[1] - r[0]) if runs_ok else None
        print("%s: lone collapses %d of 60, SGD-50's %d of 60 (q10 = %.4f, q01 = %.4f); the verdict table's projection"
              " %s seeds" % (NAMES[x], n10, n01, q10, q01, proj[0] if proj else None))
        for m in sorted({60, proj[0] if proj else 60, 100, 150, 200, 250, 300, 400, 500, 750, 1000}):
            pp, pf = probs[m]
            print("  m = %4d: P(PASS) %.3f, P(FAIL) %.3f%s" % (m, pp, pf, "   <- the projection" if proj and m == proj[0] else ""))
        for m in (proj[0] if proj else 100, 200, 400):
            sp, sf = collapse_sim(m, q10, q01, 200000, np.random.default_rng([seed, 10 + i, m]))
            ep, ef = probs[m]
            z = max(abs(sp - ep) / math.sqrt(max(ep * (1 - ep), 1e-12) / 200000),
                    abs(sf - ef) / math.sqrt(max(ef * (1 - ef), 1e-12) / 200000))
            print("  check at m = %d: simulated P(PASS) %.4f, P(FAIL) %.4f; exact %.4f, %.4f (|z| <= %.1f)%s" % (
                m, sp, sf, ep, ef, z, "" if z < 4.5 else "   DISAGREES"))
        best = max(probs, key=lambda m: probs[m][0])
        if first is None:
            print("  seeds for power %.1f: none up to 1000 (largest P(PASS) %.3f at m = %d)" % (POWER, probs[best][0], best))
        else:
            print("  seeds for power %.1f: %d (P(PASS) first reaches it); P(PASS) >= %.1f at every m from %d to %d%s" % (
                POWER, first, POWER, longest[0], longest[1],
                " (the largest size computed)" if longest[1] == 1000 else
                ", then P(FAIL) grows: at these rates X does collapse more often than SGD-50, and McNemar comes to see it"
                if probs[1000][1] > 0.05 else ""))
        print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
