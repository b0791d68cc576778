#!/usr/bin/env python3
"""Independent recount of the noise-class study's verdicts, derived from PLAN.md only.

usage: recount.py [STUDY_DIR] [MAX_SEEDS]
  STUDY_DIR  deep/results/noise-class-study (default) or its authors-code folder
  MAX_SEEDS  consider paired seeds 0..MAX_SEEDS-1 only (default: all settled seeds)
Standard library only. Reads run.json / metrics.csv; writes nothing.
"""
import csv, json, os, sys, statistics
from bisect import bisect_left, bisect_right
from fractions import Fraction

ANCHOR_GD, ANCHOR_SGD = "gd", "sgd-50-wor"
NOISES = ["msgd-fisher", "msgd-cov", "msgd-bernoulli-20", "msgd-bernoulli-50",
          "msgd-sparse-fisher-10", "msgd-sparse-cov-10"]
METHODS = [ANCHOR_GD, ANCHOR_SGD] + NOISES
WINDOW = list(range(4000, 5001, 200))          # 6 evaluations
LOOKS = (20, 40, 60)
ALPHA_LOOK = Fraction(5, 100) / 12 / 3         # 0.05/12 per claim, split over 3 looks: 1/720 per look and side
BAND = (0.5, 1.5)


# ---------------------------------------------------------------- data
def load_run(d):
    rj = os.path.join(d, "run.json")
    if not os.path.isfile(rj):
        return None
    with open(rj) as f:
        meta = json.load(f)
    if meta.get("status") != "completed":
        return None
    rows = {}
    with open(os.path.join(d, "metrics.csv")) as f:
        for r in csv.DictReader(f):
            rows[int(r["iteration"])] = (float(r["test_accuracy"]), float(r["train_accuracy"]))
    if any(it not in rows for it in WINDOW):
        return None
    acc = sum(rows[it][0] for it in WINDOW) / len(WINDOW)
    reasons = []
    low = [(it, te) for it, (te, _) in sorted(rows.items()) if it >= 1000 and te < 0.3]
    if low:
        it, te = min(low, key=lambda x: x[1])
        reasons.append("(i) test acc %.3f at it %d (%d evals < 0.3 from 1000 on)" % (te, it, len(low)))
    if rows[5000][1] < 0.9:
        reasons.append("(ii) train acc %.3f at 5000" % rows[5000][1])
    if acc < 0.5:
        reasons.append("(iii) acc %.3f" % acc)
    return {"acc": acc, "collapsed": bool(reasons), "why": "; ".join(reasons),
            "bits": json.dumps(meta.get("bits"), sort_keys=True)}


def settled_seeds(root, max_seeds):
    """Seeds 0..k-1 where all eight runs are completed and computed alike (equal bits); stop at the first gap."""
    runs, s = {}, 0
    while max_seeds is None or s < max_seeds:
        got = {m: load_run(os.path.join(root, m, "seed-%d" % s)) for m in METHODS}
        if any(v is None for v in got.values()):
            break
        if len({v["bits"] for v in got.values()}) != 1:
            print("seed %d: runs not computed alike (bits differ) -> not settled" % s)
            break
        runs[s] = got
        s += 1
    return runs


# ---------------------------------------------------------------- exact signed-rank null
def lower_cut(n, alpha):
    """c = largest integer with P(W+ < c) <= alpha under the exact null (W+ in 0..M); keep W+ in [c, M-c]."""
    M = n * (n + 1) // 2
    cnt = [0] * (M + 1)
    cnt[0] = 1
    for k in range(1, n + 1):                  # subsets of {1..k} by rank sum
        for w in range(k * (k + 1) // 2, k - 1, -1):
            cnt[w] += cnt[w - k]
    total, cum, c = 2 ** n, 0, 0
    for w in range(M + 1):                     # P(W+ <= w) = cum/total; reject if <= alpha
        cum += cnt[w]
        if Fraction(cum, total) <= alpha:
            c = w + 1
        else:
            break
    return c, M


# ---------------------------------------------------------------- test inversion
def walsh(a, b):
    n = len(a)
    return [(a[i] + a[j], b[i] + b[j]) for i in range(n) for j in range(i, n)]


def confidence_set(a, b, alpha):
    """Pieces (lo, hi, lo_closed, hi_closed) of {rho : c <= W+(rho) <= M-c}; W+ counts (s - rho t) > 0."""
    n = len(a)
    c, M = lower_cut(n, alpha)
    pairs = walsh(a, b)
    pos = sorted(s / t for s, t in pairs if t > 0)
    neg = sorted(s / t for s, t in pairs if t < 0)
    zero = sum(1 for s, t in pairs if t == 0 and s > 0)
    bps = sorted(set(pos) | set(neg))
    ok = lambda w: c <= w <= M - c

    def at(p):       # count exactly at breakpoint p
        return (len(pos) - bisect_right(pos, p)) + bisect_left(neg, p) + zero

    def after(p):    # count on the open interval just right of p
        return (len(pos) - bisect_right(pos, p)) + bisect_right(neg, p) + zero

    inf = float("inf")
    # elementary pieces in order: (-inf,p0), {p0}, (p0,p1), {p1}, ..., (pK,+inf)
    pieces = []
    left = len(pos) + zero  # rho -> -inf: t>0 pairs positive
    elems = [(-inf, bps[0] if bps else inf, False, False, left)]
    for k, p in enumerate(bps):
        elems.append((p, p, True, True, at(p)))
        nxt = bps[k + 1] if k + 1 < len(bps) else inf
        elems.append((p, nxt, False, False, after(p)))
    for lo, hi, lc, hc, w in elems:
        if not ok(w):
            continue
        if pieces and pieces[-1][1] == lo and (pieces[-1][3] or lc):
            pl = pieces[-1]
            pieces[-1] = (pl[0], hi, pl[2], hc)
        else:
            pieces.append((lo, hi, lc, hc))
    return pieces, c, M


def hl(a, b, rho):
    w = sorted((s - rho * t) / 2 for s, t in walsh(a, b))
    m = len(w)
    return w[m // 2] if m % 2 else (w[m // 2 - 1] + w[m // 2]) / 2


def estimate(a, b):
    """All rho with HL pseudo-median of D(rho) = 0 (found on the breakpoint grid, then bisection)."""
    pairs = walsh(a, b)
    bps = sorted(set(s / t for s, t in pairs if t != 0))
    grid = [bps[0] - 1.0] + bps + [bps[-1] + 1.0]
    vals = [hl(a, b, r) for r in grid]
    roots = []
    for k in range(len(grid) - 1):
        x0, x1, f0, f1 = grid[k], grid[k + 1], vals[k], vals[k + 1]
        if f0 == 0:
            roots.append(x0)
        elif f0 * f1 < 0:
            for _ in range(200):
                xm = (x0 + x1) / 2
                fm = hl(a, b, xm)
                if fm == 0 or xm in (x0, x1):
                    break
                if (fm > 0) == (f0 > 0):
                    x0, f0 = xm, fm
                else:
                    x1 = xm
            roots.append((x0 + x1) / 2)
    if vals[-1] == 0:
        roots.append(grid[-1])
    return roots


def verdict(pieces):
    lo_b, hi_b = BAND
    if not pieces:
        return "FAIL"  # empty set does not meet the band
    inside = all(lo >= lo_b and hi <= hi_b for lo, hi, _, _ in pieces)
    meets = any(lo <= hi_b and hi >= lo_b for lo, hi, _, _ in pieces)
    return "PASS" if inside else ("FAIL" if not meets else "INCONCLUSIVE")


def fmt_set(pieces):
    out = []
    for lo, hi, lc, hc in pieces:
        f = lambda x: ("%.4f" % x) if abs(x) != float("inf") else ("-inf" if x < 0 else "+inf")
        if lo == hi:
            out.append("{%s}" % f(lo))
        else:
            out.append("%s%s, %s%s" % ("[" if lc else "(", f(lo), f(hi), "]" if hc else ")"))
    return " U ".join(out) if out else "(empty)"


# ---------------------------------------------------------------- main
def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "deep/results/noise-class-study"
    if os.path.isdir(os.path.join(root, "authors-code")):
        root = os.path.join(root, "authors-code")
    max_seeds = int(sys.argv[2]) if len(sys.argv) > 2 else None
    runs = settled_seeds(root, max_seeds)
    N = len(runs)
    looks = [k for k in LOOKS if k <= N]
    print("settled paired seeds: %d (0..%d); looks reached: %s; alpha per look and side = 1/720 = %.6f"
          % (N, N - 1, looks, float(ALPHA_LOOK)))
    for n in (19, 20, 37, 38, 39, 40):
        c1, M = lower_cut(n, ALPHA_LOOK)
        c2, _ = lower_cut(n, Fraction(139, 100000))
        print("  n=%d: M=%d c=%d (c with alpha 0.00139: %d)" % (n, M, c1, c2))
    for s in sorted(runs):
        for m in METHODS:
            if runs[s][m]["collapsed"]:
                print("collapse: %s seed %d: %s (acc %.4f)" % (m, s, runs[s][m]["why"], runs[s][m]["acc"]))
    K = looks[-1] if looks else N
    ok = [s for s in range(K) if not runs[s][ANCHOR_GD]["collapsed"] and not runs[s][ANCHOR_SGD]["collapsed"]]
    d = [100 * (runs[s][ANCHOR_SGD]["acc"] - runs[s][ANCHOR_GD]["acc"]) for s in ok]
    print("SGD-50 - GD over %d seeds of 0..%d without a GD/SGD-50 collapse: mean %.4f pts, sd %.4f pts"
          % (len(ok), K - 1, statistics.mean(d), statistics.stdev(d)))
    print()
    for x in NOISES:
        res, earlier = None, []
        for k in looks:
            used = [s for s in range(k) if not any(runs[s][m]["collapsed"] for m in (ANCHOR_GD, ANCHOR_SGD, x))]
            left = [s for s in range(k) if s not in used]
            a = [runs[s][x]["acc"] - runs[s][ANCHOR_GD]["acc"] for s in used]
            b = [runs[s][ANCHOR_SGD]["acc"] - runs[s][ANCHOR_GD]["acc"] for s in used]
            pieces, c, M = confidence_set(a, b, ALPHA_LOOK)
            v = verdict(pieces)
            res = (k, used, left, pieces, c, M, v, estimate(a, b),
                   statistics.mean(a) * 100, statistics.mean(b) * 100)
            if v != "INCONCLUSIVE":
                break
            earlier.append("look %d: n=%d %s R-hat %s set %s" % (k, len(used), v,
                           ", ".join("%.4f" % r for r in res[7]), fmt_set(pieces)))
        if earlier and earlier[-1].startswith("look %d:" % res[0]):
            earlier.pop()
        k, used, left, pieces, c, M, v, est, ma, mb = res
        n10 = sum(1 for s in range(K) if runs[s][x]["collapsed"] and not runs[s][ANCHOR_SGD]["collapsed"])
        n01 = sum(1 for s in range(K) if not runs[s][x]["collapsed"] and runs[s][ANCHOR_SGD]["collapsed"])
        n11 = sum(1 for s in range(K) if runs[s][x]["collapsed"] and runs[s][ANCHOR_SGD]["collapsed"])
        print("%s" % x)
        print("  recovers-sgd: look %d (%s), seeds used %d, left out %s, verdict %s"
              % (k, "deciding" if v != "INCONCLUSIVE" else "last reached", len(used), left, v))
        print("    R-hat %s; set %s  (n=%d, M=%d, keep W+ in [%d, %d]); mean a %.4f pts, mean b %.4f pts"
              % (", ".join("%.4f" % r for r in est) or "none", fmt_set(pieces), len(used), M, c, M - c, ma, mb))
        for e in earlier:
            print("    (earlier %s)" % e)
        print("  collapses-no-more-than-sgd (descriptive, %d seeds 0..%d): n10=%d n01=%d (both %d); decided at 60 only"
              % (K, K - 1, n10, n01, n11))


if __name__ == "__main__":
    main()
