#!/usr/bin/env python3
"""Independent recount of the noise-class study's verdicts, derived from PLAN.md only.

usage: recount.py [STUDY_DIR] [MAX_SEEDS]
       recount.py [STUDY_DIR] --compare [--table PATH]
       recount.py --selfcheck
  STUDY_DIR  deep/results/noise-class-study (default) or its authors-code folder
  MAX_SEEDS  consider paired seeds 0..MAX_SEEDS-1 only (default: all settled seeds)
  --compare  read the verdict table (default STUDY_DIR/authors-code/verdicts.csv, or --table PATH), take
             the number N of paired seeds it was written at (its collapse rows' seeds_used), recount at
             seeds 0..N-1 and compare claim by claim; exit 0 all twelve match, 1 any differs, 2 unreadable input
  --selfcheck  print the collapse rule (claim 2) at a few counts and check its arithmetic; exit 0/1
Which seeds count: in seed order, those whose eight runs are completed and computed alike (equal "bits"); a
seed whose runs differ is left out and named; the first seed not yet settled ends the list. The looks count
these seeds (a look at 20 is the first 20 of them); printed seed numbers are the paired seeds'.
Standard library only. Reads run.json / metrics.csv (and the table with --compare); writes nothing.
"""
import csv, json, math, os, sys, statistics
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
CAP = 60                                       # paired seeds; the collapse claims are decided here only
ALPHA_CLAIM = Fraction(5, 100) / 12            # 0.05/12 = 1/240 = 0.0041667, the collapse claims' one look (PLAN: "0.00417")
DELTA = Fraction(1, 10)                        # collapse margin, amendment 1 (first committed as 0.2; erratum 2)


# ---------------------------------------------------------------- data
class BadInput(Exception):
    pass


def load_run(d):
    rj = os.path.join(d, "run.json")
    if not os.path.isfile(rj):
        return None
    try:
        with open(rj) as f:
            meta = json.load(f)
        if meta.get("status") != "completed":
            return None
        rows = {}
        with open(os.path.join(d, "metrics.csv")) as f:
            for r in csv.DictReader(f):
                rows[int(r["iteration"])] = (float(r["test_accuracy"]), float(r["train_accuracy"]))
    except (OSError, KeyError, ValueError, TypeError, AttributeError) as e:
        raise BadInput("completed run %s is unreadable (%s: %s)" % (d, type(e).__name__, e))
    if any(it not in rows for it in WINDOW):
        return None
    total = 0.0
    for it in WINDOW:                                # in order, one addition at a time (Python 3.12's sum()
        total += rows[it][0]                         # compensates float sums; this does not)
    acc = total / len(WINDOW)
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


SEED_AT = []   # the paired seed at each position of the last settled_seeds() answer


def settled_seeds(root, max_seeds):
    """The paired seeds the analysis uses, by position 0..N-1 (the looks count positions): in seed order, each
    seed whose eight runs are completed and computed alike (equal "bits", none missing); a settled seed whose
    runs differ is left out, named, and the next one taken; the first seed not settled ends the list."""
    runs, s = {}, 0
    del SEED_AT[:]
    while max_seeds is None or len(runs) < max_seeds:
        got = {m: load_run(os.path.join(root, m, "seed-%d" % s)) for m in METHODS}
        if any(v is None for v in got.values()):
            break
        bits = {v["bits"] for v in got.values()}
        if len(bits) != 1 or "null" in bits:
            print("paired seed %d left out: its runs were not computed alike (bits differ or are missing)" % s)
            s += 1
            continue
        runs[len(runs)] = got
        SEED_AT.append(s)
        s += 1
    return runs


def contrasts(runs, x, k=None):
    """Noise x's paired contrasts at positions 0..k-1 (all settled seeds when k is None), as PLAN.md's claim 1
    uses them: (position, a = acc(X) - acc(GD), b = acc(SGD-50) - acc(GD), collapsed), where collapsed means
    GD, SGD-50 or X collapsed at that seed (such a seed is left out of the recovery claim)."""
    out = []
    for s in range(len(runs) if k is None else k):
        r = runs[s]
        gd = r[ANCHOR_GD]["acc"]
        out.append((s, r[x]["acc"] - gd, r[ANCHOR_SGD]["acc"] - gd,
                    any(r[m]["collapsed"] for m in (ANCHOR_GD, ANCHOR_SGD, x))))
    return out


def kept(contrasts_):
    """The seeds the recovery claim uses: (positions, a, b) of the contrasts without a collapse."""
    keep = [(s, a, b) for s, a, b, c in contrasts_ if not c]
    return [s for s, _, _ in keep], [a for _, a, _ in keep], [b for _, _, b in keep]


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
    if not bps:
        return []
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


# ---------------------------------------------------------------- claim 2: the collapse claims
# PLAN.md, claim 2, with n = all paired seeds 0..59 (every settled seed, whatever GD did), alpha = 0.05/12:
#  FAIL  when the exact one-sided McNemar test says X collapses more often:
#        P(Bin(n10 + n01, 1/2) >= n10) <= alpha                      (computed exactly, in fractions)
#  PASS  when the exact Clopper-Pearson upper bound (one-sided, level alpha) of q10 is below delta = 0.1.
#        q10 = P(X collapses and SGD-50 does not) is a probability per seed, estimated by n10 out of all n seeds
#        (not out of the discordant ones: the plan's own figures, 0.087 for no collapse in 60 seeds and 0.120
#        for one, are reproduced only with n = 60). The one-sided CP upper bound U of k successes in n trials is
#        the p solving P(Bin(n, p) <= k) = alpha (U = 1 when k = n), i.e. the 1 - alpha quantile of
#        Beta(k + 1, n - k); shown here by bisection. Since P(Bin(n, p) <= k) falls strictly as p grows,
#        U < delta  <=>  P(Bin(n, delta) <= k) < alpha, which is what decides (exact, in fractions).
#  INCONCLUSIVE otherwise. The two cannot both hold (PASS needs n10 = 0 at n = 60; FAIL needs n10 >= 8).
def binom_tail_half(m, k):
    """P(Bin(m, 1/2) >= k), exact."""
    return Fraction(sum(math.comb(m, j) for j in range(max(k, 0), m + 1)), 2 ** m)


def binom_cdf(n, p, k):
    """P(Bin(n, p) <= k); exact when p is a Fraction."""
    return sum(math.comb(n, j) * p ** j * (1 - p) ** (n - j) for j in range(0, min(k, n) + 1))


def cp_upper(n, k, alpha):
    """One-sided Clopper-Pearson upper bound of a binomial proportion (k of n) at level alpha, by bisection."""
    if k >= n:
        return 1.0
    lo, hi, a = 0.0, 1.0, float(alpha)
    for _ in range(200):
        mid = (lo + hi) / 2
        if binom_cdf(n, mid, k) > a:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def collapse_rule(n, n10, n01, alpha=ALPHA_CLAIM, delta=DELTA):
    p_mcnemar = binom_tail_half(n10 + n01, n10)
    bound = cp_upper(n, n10, alpha)
    fail = p_mcnemar <= alpha
    ok = binom_cdf(n, Fraction(delta), n10) < alpha          # exactly "bound < delta"
    v = "FAIL" if fail else ("PASS" if ok else "INCONCLUSIVE")
    return {"verdict": v, "p": p_mcnemar, "bound": bound, "fail": fail, "pass": ok}


def collapse_projection(n, n10, n01, limit=1000):
    """A projection, not a verdict: the fewest paired seeds m >= n at which the counts scaled to m at the same
    rates (n10*m/n and n01*m/n, rounded half up, n01's held to m - n10's) are decided by the rule; None when none up to limit."""
    for m in range(n, limit + 1):
        a = math.floor(Fraction(n10 * m, n) + Fraction(1, 2))
        b = min(math.floor(Fraction(n01 * m, n) + Fraction(1, 2)), m - a)   # both rounding up past m: held
        v = collapse_rule(m, a, b)["verdict"]
        if v != "INCONCLUSIVE":
            return m, a, b, v
    return None


def collapse_counts(runs, x, k):
    n10 = sum(1 for s in range(k) if runs[s][x]["collapsed"] and not runs[s][ANCHOR_SGD]["collapsed"])
    n01 = sum(1 for s in range(k) if not runs[s][x]["collapsed"] and runs[s][ANCHOR_SGD]["collapsed"])
    return n10, n01


def selfcheck():
    """Run by hand: the collapse rule at a few counts, and checks of its arithmetic."""
    print("claim 2 rule: n seeds; FAIL if P(Bin(n10+n01, 1/2) >= n10) <= alpha; PASS if CP upper bound of q10 "
          "(n10 of n, one-sided, level alpha) < %s; alpha = 1/240 = %.7f" % (DELTA, float(ALPHA_CLAIM)))
    bad = 0
    for n, n10, n01 in [(60, 0, 0), (60, 1, 1), (60, 0, 1), (60, 1, 0), (60, 0, 5), (60, 7, 0), (60, 8, 0),
                        (60, 9, 1), (60, 10, 2)]:
        r = collapse_rule(n, n10, n01)
        print("  n=%d n10=%d n01=%d: McNemar P = %.6f (FAIL if <= %.6f: %s); CP upper bound of q10 = %.4f "
              "(PASS if < 0.1: %s) -> %s" % (n, n10, n01, float(r["p"]), float(ALPHA_CLAIM), r["fail"],
                                             r["bound"], r["pass"], r["verdict"]))
    # the plan's own figures: no collapse in 60 seeds -> 0.087, one -> 0.120
    for k, want in ((0, 0.087), (1, 0.120)):
        u = cp_upper(60, k, ALPHA_CLAIM)
        closed = 1 - float(ALPHA_CLAIM) ** (1 / 60) if k == 0 else None
        ok = round(u, 3) == want and (closed is None or abs(u - closed) < 1e-12)
        bad += not ok
        print("  check: CP bound %d of 60 = %.5f (plan: %.3f%s) %s" % (
            k, u, want, "" if closed is None else "; closed form 1 - alpha^(1/60) = %.5f" % closed,
            "ok" if ok else "WRONG"))
    # the exact PASS test agrees with the bisected bound, and alpha 0.00417 (the plan's rounding) = 1/240
    flips_delta = flips_alpha = 0
    for n10 in range(0, 61):
        for n01 in range(0, 61 - n10):
            r = collapse_rule(60, n10, n01)
            flips_delta += (r["bound"] < 0.1) != r["pass"]
            flips_alpha += collapse_rule(60, n10, n01, alpha=Fraction(417, 100000))["verdict"] != r["verdict"]
    bad += flips_delta + flips_alpha
    print("  check: over all (n10, n01) with n10 + n01 <= 60 at n = 60: exact PASS test vs bisected bound "
          "disagree %d times; alpha 0.00417 vs 1/240 change %d verdicts" % (flips_delta, flips_alpha))
    # the projection of an undecided claim: no lone collapse in n seeds PASSes once 1 - alpha^(1/m) < 0.1, i.e. at
    # the first m above ln(alpha)/ln(0.9) = 52.02 (closed form), whatever n <= that
    want = math.floor(math.log(float(ALPHA_CLAIM)) / math.log(1 - float(DELTA))) + 1
    got = [collapse_projection(n, 0, 0) for n in (1, 30, 52)]
    ok = all(g == (want, 0, 0, "PASS") for g in got)
    bad += not ok
    print("  check: projection of no collapse in 1, 30, 52 seeds -> %s (closed form %d) %s" % (
        [g[0] for g in got], want, "ok" if ok else "WRONG"))
    print("selfcheck: %s" % ("ok" if not bad else "%d FAILED" % bad))
    return 0 if not bad else 1


def recount_rows(runs, N):
    """The twelve claims as the table should hold them after N settled paired seeds (seeds 0..N-1)."""
    looks = [k for k in LOOKS if k <= N]
    out = {}
    for x in NOISES:
        def at(k):
            used, a, b = kept(contrasts(runs, x, k))
            pieces = confidence_set(a, b, ALPHA_LOOK)[0] if len(used) >= 2 else []   # no set from < 2 seeds
            return used, pieces, a, b
        row = None
        for k in looks:
            used, pieces, a, b = at(k)
            if len(used) < 2 and k != CAP:                 # a look with fewer than two kept seeds decides nothing
                continue
            v = verdict(pieces) if len(used) >= 2 else "INCONCLUSIVE"
            if v != "INCONCLUSIVE" or k == CAP:            # decided at this look, or undecided at the cap
                row = {"kind": "decided", "verdict": v, "look": k, "used": used, "pieces": pieces,
                       "estimate": estimate(a, b)}
                break
        if row is None:                                    # undecided below the cap: the last look, and "so far"
            used, pieces, a, b = at(N)
            row = {"kind": "so far", "verdict": "INCONCLUSIVE" if looks else "NOT_RUN",
                   "look": looks[-1] if looks else 0, "used": used, "pieces": pieces, "estimate": estimate(a, b)}
        out["deep.noise-class.%s.recovers-sgd" % x] = row
        K = min(N, CAP)
        n10, n01 = collapse_counts(runs, x, K)
        v = collapse_rule(CAP, n10, n01)["verdict"] if N >= CAP else "NOT_RUN"
        out["deep.noise-class.%s.collapses-no-more-than-sgd" % x] = {"kind": "collapse", "verdict": v,
                                                                    "n10": n10, "n01": n01}
    return out


# ---------------------------------------------------------------- main
USAGE = "usage: recount.py [STUDY_DIR] [MAX_SEEDS] | recount.py [STUDY_DIR] --compare [--table PATH] | recount.py --selfcheck"


def main():
    args, pos, mode, table = sys.argv[1:], [], "look", None
    while args:
        a = args.pop(0)
        if a in ("-h", "--help"):
            print(__doc__.strip())
            return 0
        elif a == "--compare":
            mode = "compare"
        elif a == "--selfcheck":
            mode = "selfcheck"
        elif a == "--table":
            if not args:
                print("recount.py: --table needs a PATH\n" + USAGE)
                return 2
            table = args.pop(0)
        elif a.startswith("--"):
            print("recount.py: unknown option %s\n%s" % (a, USAGE))
            return 2
        else:
            pos.append(a)
    if mode == "selfcheck":
        return selfcheck()
    if len(pos) > (1 if mode == "compare" else 2) or (table is not None and mode != "compare"):
        print(USAGE)
        return 2
    root = pos[0] if pos else "deep/results/noise-class-study"
    if os.path.isdir(os.path.join(root, "authors-code")):
        root = os.path.join(root, "authors-code")
    if mode == "compare":
        sys.modules.setdefault("recount", sys.modules[__name__])   # compare.py shares this module, not a copy
        import compare
        return compare.compare(root, table if table is not None else os.path.join(root, "verdicts.csv"))
    max_seeds = int(pos[1]) if len(pos) > 1 else None
    try:
        look_report(root, max_seeds)
    except BadInput as e:
        print("recount.py: cannot use %s: %s" % (root, e))
        return 2
    return 0


def look_report(root, max_seeds):
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
                print("collapse: %s seed %d: %s (acc %.4f)" % (m, SEED_AT[s], runs[s][m]["why"], runs[s][m]["acc"]))
    K = looks[-1] if looks else N
    ok = [s for s in range(K) if not runs[s][ANCHOR_GD]["collapsed"] and not runs[s][ANCHOR_SGD]["collapsed"]]
    d = [100 * (runs[s][ANCHOR_SGD]["acc"] - runs[s][ANCHOR_GD]["acc"]) for s in ok]
    print("SGD-50 - GD over %d seeds of 0..%d without a GD/SGD-50 collapse: mean %.4f pts, sd %.4f pts"
          % (len(ok), K - 1, statistics.mean(d), statistics.stdev(d)))
    print()
    for x in NOISES:
        res, earlier = None, []
        for k in looks:
            used, a, b = kept(contrasts(runs, x, k))
            left = [SEED_AT[s] for s in range(k) if s not in used]
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
        n10, n01 = collapse_counts(runs, x, K)
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
    print()
    print("collapse claims (claim 2), decided once at %d paired seeds: FAIL if P(Bin(n10+n01, 1/2) >= n10) <= 1/240; "
          "PASS if the one-sided Clopper-Pearson upper bound of q10 (n10 of n) < 0.1" % CAP)
    for x in NOISES:
        n10, n01 = collapse_counts(runs, x, min(N, CAP))
        if N >= CAP:
            r = collapse_rule(CAP, n10, n01)
            print("  %s: n=%d n10=%d n01=%d, McNemar P=%.6f, CP upper bound %.4f -> %s"
                  % (x, CAP, n10, n01, float(r["p"]), r["bound"], r["verdict"]))
            if r["verdict"] == "INCONCLUSIVE":
                p = collapse_projection(CAP, n10, n01)
                print("    seeds needed at these rates (a projection): %s" % (
                    "none up to 1000 decide it" if p is None else "%d seeds (%d and %d of them) would %s it" % p))
        else:
            print("  %s: NOT_RUN (%d of %d seeds settled); so far n10=%d n01=%d" % (x, N, CAP, n10, n01))


if __name__ == "__main__":
    sys.exit(main())
