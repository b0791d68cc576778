#!/usr/bin/env python3
"""Independent recount of the support study (the third deep-learning study), derived from PLAN.md (and, for the one
question A1 below, the sizing script PLAN.md cites as its rule's simulation).

usage: recount.py [--dir STUDY_DIR] [--seeds N] [--runs] [--se tm|yuen1974]
       recount.py [--dir STUDY_DIR] --compare [--table PATH] [--se tm|yuen1974]
       recount.py --selfcheck
  --dir DIR    the study folder (deep/results/support-study, the default: the folder above this script) or its
               authors-code folder; runs are read from DIR/authors-code/<method id>/seed-<s>/{run.json,metrics.csv}
  --seeds N    count only the first N complete paired seeds (e.g. to reprint the look at 50 later)
  --runs       also print every counted run's window accuracy (points), seed by seed
  --se FORM    the trimmed mean's standard error (A1 below): tm (default, the plan's sizing) or yuen1974
  --compare    check the Java study's verdict table (DIR/authors-code/verdicts.csv, or --table PATH) claim by claim
               against this recount; exit 0 when every verdict, look and seed count match and every number agrees
               to 5e-6 points, 1 with one line per mismatch, 2 with one line when an input cannot be used
  --selfcheck  synthetic study folders in a temporary directory (equivalent and below worlds, a seed with mixed
               bits, a lost run, dips, too few seeds, the first deciding look, --compare's exits) and a hand-worked
               Yuen example; a few seconds; exit 0 when all checks hold, 1 otherwise
Exit codes of the plain report: 0 printed; 2 unusable input; 3 refused: fewer than 50 complete paired seeds (the plan's
first look), so no statistic of the study is printed (PLAN.md: nothing is looked at before the look at 50).

Written from deep/results/support-study/PLAN.md (the plan of 2026-11-27, commit 3220dbb, "Amendments: None yet"),
without reading the Java implementation of the rule. File formats (run.json "status"/"bits"/"startedAt",
metrics.csv "iteration"/"test_accuracy") as in the second study's recount. Standard library only: the Student t
quantile is computed here (closed form of the t distribution function for integer degrees of freedom,
Abramowitz & Stegun 26.7.3-4, inverted by bisection); --selfcheck compares it with values tabulated from
scipy.stats.t (scipy 1.17.1) and, when scipy is importable, with scipy itself. Reads the study; writes nothing
(--selfcheck writes only in its temporary directory).

What is computed (PLAN.md):
* acc of a run: the mean test accuracy over the evaluations at iterations 4000, 4200, ..., 5000 (6), in points (x100).
* Complete paired seeds: in seed order 0, 1, 2, ..., each seed whose nine runs all have run.json "status"
  "completed" and equal "bits" (the whole object: commit, TensorFlow, kernels, CPU, ISA, threads, environment, JVM);
  a completed seed whose runs' bits differ, or that has a run without bits, is left out, named, and the next seed
  taken; the first seed not completed ends the list. At most 100 (the cap) are counted.
* Six claims on per-seed differences d_s of acc (points): the 10%-trimmed mean (g = floor(0.1 k) cut from each end),
  Yuen's one-sided bounds L, U at the look's alpha with h - 1 degrees of freedom (h = k - 2g; standard error: A1,
  s_w sqrt(k) / h with s_w^2 the winsorized variance); equivalence claims
  PASS if -0.42 < L and U < 0.42, FAIL if U < -0.42 or L > 0.42; "below" claims PASS if U < 0, FAIL if L > 0;
  otherwise INCONCLUSIVE. Looks at 50 and 100 complete paired seeds, one-sided alpha 0.001 and 0.004. The first look
  that decides fixes the verdict; every look reached is printed. Beside each: the plain mean and its t bounds.
* Described: SGD-50 - GD, each dense noise - SGD-50 (the plan names Cov and Fisher; Bernoulli-50 is added), the dose (acc(MSGD-[Fisher-B]) - acc(MSGD-Fisher) at
  B = 10, 50, 250, and the per-seed least-squares slope of acc on log10 B over B = 10, 50, 250, 1000), each with its
  trimmed mean, 95% Yuen interval, mean and 95% t interval; losses (acc < 50 points) and dips (a test accuracy
  below 50% at an evaluation from iteration 1000 on, in a run that did not lose its training) per method, with
  exact (Clopper-Pearson) 95% intervals.

Where PLAN.md is ambiguous, and how this recount reads it:
 A1 Yuen's standard error. PLAN.md names "Yuen's interval (winsorized variance, k - 2g - 1 degrees of freedom)"
    without a formula, and two are in use for one sample: Tukey & McLaughlin (1963) as Wilcox writes it (trimci),
    se = s_w sqrt(k) / h = s_w / ((1 - 2g/k) sqrt(k)), s_w^2 the winsorized sample's variance (k - 1 denominator);
    and the one-sample form of Yuen's (1974) d, se^2 = (k - 1) s_w^2 / (h (h - 1)). At k = 50 the second is 0.26%
    wider (sqrt(49*40 / (50*39))), far above the 5e-6 that --compare allows, and it can move a verdict near an
    edge. This recount was first written with Yuen's (1974) form, from the name alone; then (and only for this
    question) the plan's cited sizing/size.py was read: its bounds() uses the first form, and the plan's stated
    wrong-verdict rates (0.0082 ...) are computed with it. PLAN.md calls size.py "the rule on worlds resampled",
    so the recount uses the first form ("tm", the default); --se yuen1974 recomputes everything with the other, and
    the report notes any look at which the other form would give another verdict. Recommended: an amendment to
    PLAN.md naming the formula, before the look at 50 (the plan allows it before the data are looked at).
 A2 The margin. "Delta = 0.42 points = 0.3 x 1.41" although 0.3 x 1.41 = 0.423 (and 0.3 x 1.406 = 0.4218). This
    recount uses 0.42, the number the plan states (and its sizing prints); the report says so when a verdict
    would be different at 0.423 or 0.4218.
 A3 Looks and left-out seeds. "50 and 100 complete paired seeds (seeds 0..k-1 with all nine runs)": when a seed is
    left out for unequal bits, the seeds are no longer 0..k-1; a look counts the complete paired seeds in seed order
    (a look at 50 with seed 3 left out uses seeds 0-2 and 4-50), as the second study's recount did.
 A4 The plain mean's "t-interval" beside each claim: one-sided t bounds at the same alpha as the claim's look
    (k - 1 degrees of freedom), i.e. the columns mean_lower/mean_upper of verdicts.csv. The described outcomes
    ("95% Yuen intervals") use two-sided 95%: t quantile 0.975.
 A5 Seeds of the described outcomes (SGD-50 - GD, dose, losses, dips): the seeds of the last look reached (50 or
    100), not the complete seeds beyond it: nothing is described from seeds no look has used yet.
 A6 Signs. Dose differences are acc(MSGD-[Fisher-B]) - acc(MSGD-Fisher) (negative: a loss); the slope is in
    points per decade of B (positive: acc grows with the support). The plan's "loss" of 0.33 points is -0.33 here.
 A7 Dips. "Below 50%" is strict (0.5 is not a dip); from iteration 1000 on includes 1000 and runs to 5000; the
    depth reported is the lowest test accuracy among those evaluations (points), with its iteration (the first if
    tied) and the number of such evaluations. A run that lost its training (acc < 50, strict) is lost, not dipped.
    "Exact 95% intervals" of the counts: two-sided Clopper-Pearson.
 A8 A run that is not "completed" (running, failed, stopped) leaves its seed incomplete, so the list of complete
    seeds ends there: the plan counts lost runs in, but only completed runs are runs. A NaN or missing window
    accuracy in a completed run is unusable input (exit 2), not a loss: the plan does not say how it would count.
 A9 Undecided at 100: the plan states "the seeds a decision would need at power 0.8, from a simulation"; that
    simulation is not recounted here.
 A10 startedAt. The plan says its commit is earlier than every run's startedAt; when git can tell (the study folder
    is in a checkout holding PLAN.md's history) the report checks it and names any run started earlier. Such a run
    is reported, not left out: the plan gives no rule for it.
 A11 verdicts.csv. "seeds" is read as the paired seeds used at the row's look (50 or 100). A table with one row
    per claim holds the look that fixed the verdict (or, undecided, the last look reached); a table with a row per
    claim and look is also accepted: each row's numbers are checked at its look and its verdict against the
    verdict in force after that look. The recount checks the table against the last look the study folder reaches
    (a table written at 63 seeds is checked at the look of 50; a table still at the look of 50 when the study holds
    100 complete seeds differs wherever the look at 100 decides or would be the row). A table whose look the
    folder does not reach is unusable (exit 2). Rows of verdict NOT_RUN (before the first look) carry no numbers
    and match when the folder reaches no look.
"""
import contextlib, csv, functools, io, json, math, os, random, re, shutil, subprocess, sys, tempfile
from datetime import datetime

# ---------------------------------------------------------------- the plan's constants
GD, SGD = "gd", "sgd-50-wor"
COV, FISHER, BERN = "msgd-cov", "msgd-fisher", "msgd-bernoulli-50"
COVX10, FI10, FI50, FI250 = ("msgd-sparse-cov-exact-10", "msgd-sparse-fisher-10", "msgd-sparse-fisher-50",
                             "msgd-sparse-fisher-250")
METHODS = [GD, SGD, COV, FISHER, BERN, COVX10, FI10, FI50, FI250]
WINDOW = list(range(4000, 5001, 200))        # 6 evaluations
DIP_FROM = 1000
LOST_BELOW = 50.0                            # points, acc (window) strictly below
DIP_BELOW = 0.5                              # test accuracy (fraction) strictly below
LOOKS = (50, 100)
ALPHA = {50: 0.001, 100: 0.004}              # one-sided, per claim and look (0.005 spent 0.2 / 0.8)
CAP = 100
DELTA = 0.42                                 # points (A2)
DELTA_OTHER = (0.423, 0.4218)                # 0.3 x 1.41 and 0.3 x 1.406, for the sensitivity note only
TRIM = 10                                    # percent: g = floor(k * TRIM / 100) = k // 10
UNION_LINE = ("By the union bound over claims and looks, the probability of any wrong verdict in the study is at "
              "most 6 x 0.0082 < 0.05, on worlds shaped like the second study's data.")
SGD_ADVANTAGE_V2 = 1.41                      # points, the second study's SGD-50 - GD the margin is built on
PREFIX = "deep.support."


def _dense_vs_sgd(a):
    return (a[FISHER] + a[COV] + a[BERN]) / 3.0 - a[SGD]


def _sparse_vs_sgd(a):
    return (a[COVX10] + a[FI10]) / 2.0 - a[SGD]


CLAIMS = [  # (id, kind, d_s from the seed's acc by method, the d_s in words)
    (PREFIX + "class.bernoulli-50-vs-cov", "equivalence", lambda a: a[BERN] - a[COV],
     "acc(MSGD-Bernoulli-50) - acc(MSGD-Cov)"),
    (PREFIX + "class.fisher-vs-cov", "equivalence", lambda a: a[FISHER] - a[COV],
     "acc(MSGD-Fisher) - acc(MSGD-Cov)"),
    (PREFIX + "support.cov-exact-10-below-cov", "below", lambda a: a[COVX10] - a[COV],
     "acc(MSGD-[Cov-exact-10]) - acc(MSGD-Cov)"),
    (PREFIX + "support.fisher-10-below-fisher", "below", lambda a: a[FI10] - a[FISHER],
     "acc(MSGD-[Fisher-10]) - acc(MSGD-Fisher)"),
    (PREFIX + "as-sgd.dense-vs-sgd-50", "equivalence", _dense_vs_sgd,
     "mean acc(MSGD-Fisher, MSGD-Cov, MSGD-Bernoulli-50) - acc(SGD-50)"),
    (PREFIX + "as-sgd.sparse-below-sgd-50", "below", _sparse_vs_sgd,
     "mean acc(MSGD-[Cov-exact-10], MSGD-[Fisher-10]) - acc(SGD-50)"),
]
CLAIM_IDS = [c[0] for c in CLAIMS]


class BadInput(Exception):
    pass


# ---------------------------------------------------------------- Student t (standard library)
def t_two_sided_mass(t, nu):
    """A(t | nu) = P(|T| < t) for integer nu >= 1, t >= 0 (Abramowitz & Stegun 26.7.3, 26.7.4)."""
    theta = math.atan(t / math.sqrt(nu))
    s, c = math.sin(theta), math.cos(theta)
    c2 = c * c
    if nu % 2 == 0:                           # sin(th) * [1 + 1/2 c^2 + 1.3/(2.4) c^4 + ... + 1.3...(nu-3)/(2.4...(nu-2)) c^(nu-2)]
        term, total = 1.0, 1.0
        for j in range(1, nu // 2):
            term *= c2 * (2 * j - 1) / (2 * j)
            total += term
        return s * total
    if nu == 1:
        return 2.0 * theta / math.pi
    term, total = c, c                        # (2/pi) {th + sin(th) [c + 2/3 c^3 + ... + 2.4...(nu-3)/(1.3...(nu-2)) c^(nu-2)]}
    for j in range(1, (nu - 1) // 2):
        term *= c2 * (2 * j) / (2 * j + 1)
        total += term
    return 2.0 / math.pi * (theta + s * total)


@functools.lru_cache(maxsize=None)
def t_upper(alpha, nu):
    """The t quantile q with P(T > q) = alpha (0 < alpha < 1/2), nu integer degrees of freedom: bisection in
    theta = atan(q / sqrt(nu)) on (0, pi/2), where A is increasing."""
    if not (0 < alpha < 0.5) or nu < 1 or int(nu) != nu:
        raise ValueError("t_upper(%r, %r)" % (alpha, nu))
    target = 1.0 - 2.0 * alpha
    lo, hi = 0.0, math.pi / 2
    for _ in range(200):
        mid = (lo + hi) / 2
        if mid in (lo, hi):
            break
        if t_two_sided_mass(math.sqrt(nu) * math.tan(mid), int(nu)) < target:
            lo = mid
        else:
            hi = mid
    return math.sqrt(nu) * math.tan((lo + hi) / 2)


# ---------------------------------------------------------------- the estimators
SE_FORMS = ("tm", "yuen1974")
SE_FORM = "tm"                                 # A1; --se yuen1974 switches


def yuen(d, alpha, form=None):
    """10%-trimmed mean of d and its one-sided bounds at alpha (L = tm - q se, U = tm + q se), q the t quantile of
    P(T > q) = alpha with h - 1 degrees of freedom (A1). form "tm" (Tukey-McLaughlin, the plan's sizing):
    se = s_w sqrt(k) / h; form "yuen1974": se^2 = SSD_w / (h (h - 1)) = (k - 1) s_w^2 / (h (h - 1)); default
    SE_FORM. Returns a dict."""
    form = SE_FORM if form is None else form
    k = len(d)
    g = k * TRIM // 100
    h = k - 2 * g
    if h < 2:
        raise ValueError("Yuen's bounds need at least 2 values after trimming (k = %d)" % k)
    x = sorted(d)
    tm = math.fsum(x[g:k - g]) / h
    w = [x[g]] * g + x[g:k - g] + [x[k - g - 1]] * g
    wm = math.fsum(w) / k
    ssd = math.fsum((v - wm) ** 2 for v in w)
    if form == "tm":
        se = math.sqrt(ssd / (k - 1)) * math.sqrt(k) / h
    elif form == "yuen1974":
        se = math.sqrt(ssd / (h * (h - 1)))
    else:
        raise ValueError(form)
    q = t_upper(alpha, h - 1)
    return {"k": k, "g": g, "h": h, "df": h - 1, "tm": tm, "wmean": wm, "ssd": ssd, "se": se, "q": q,
            "lower": tm - q * se, "upper": tm + q * se}


def tbounds(d, alpha):
    """Plain mean of d and its one-sided t bounds at alpha (k - 1 degrees of freedom)."""
    k = len(d)
    m = math.fsum(d) / k
    sd = math.sqrt(math.fsum((v - m) ** 2 for v in d) / (k - 1))
    q = t_upper(alpha, k - 1)
    se = sd / math.sqrt(k)
    return {"mean": m, "sd": sd, "lower": m - q * se, "upper": m + q * se}


def decide(kind, lower, upper, delta=DELTA):
    if kind == "equivalence":
        if -delta < lower and upper < delta:
            return "PASS"
        if upper < -delta or lower > delta:
            return "FAIL"
        return "INCONCLUSIVE"
    if kind == "below":
        if upper < 0:
            return "PASS"
        if lower > 0:
            return "FAIL"
        return "INCONCLUSIVE"
    raise ValueError(kind)


def slope_log10(accs_by_b):
    """Least-squares slope of acc on log10 B, points per decade; accs_by_b: [(B, acc)]."""
    xs = [math.log10(b) for b, _ in accs_by_b]
    ys = [a for _, a in accs_by_b]
    mx, my = math.fsum(xs) / len(xs), math.fsum(ys) / len(ys)
    return math.fsum((x - mx) * (y - my) for x, y in zip(xs, ys)) / math.fsum((x - mx) ** 2 for x in xs)


def binom_cdf(n, p, x):
    return math.fsum(math.comb(n, j) * p ** j * (1 - p) ** (n - j) for j in range(0, x + 1))


def _cp_lower(x, n, a):
    """The p where P(Bin(n, p) >= x) = a (x >= 1); that probability, P(Bin(n, 1 - p) <= n - x), grows with p."""
    lo, hi = 0.0, 1.0
    for _ in range(100):
        mid = (lo + hi) / 2
        if binom_cdf(n, 1 - mid, n - x) < a:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def clopper_pearson_exact(x, n, level=0.95):
    """Exact two-sided (Clopper-Pearson) interval of a binomial proportion, x of n, by bisection."""
    a = (1 - level) / 2
    lo = 0.0 if x == 0 else _cp_lower(x, n, a)
    if x == n:
        hi = 1.0
    else:
        l2, h2 = 0.0, 1.0
        for _ in range(100):
            mid = (l2 + h2) / 2
            if binom_cdf(n, mid, x) > a:
                l2 = mid
            else:
                h2 = mid
        hi = (l2 + h2) / 2
    return lo, hi


# ---------------------------------------------------------------- reading the study
def study_root(d):
    """DIR or DIR/authors-code -> the folder holding the method folders (authors-code)."""
    if os.path.isdir(os.path.join(d, "authors-code")):
        return os.path.join(d, "authors-code")
    return d


def read_meta(run_dir):
    """run.json -> dict, or None when there is none."""
    rj = os.path.join(run_dir, "run.json")
    if not os.path.isfile(rj):
        return None
    try:
        with open(rj) as f:
            meta = json.load(f)
        if not isinstance(meta, dict):
            raise ValueError("not a JSON object")
    except (OSError, ValueError) as e:
        raise BadInput("%s is unreadable (%s)" % (rj, e))
    return meta


def read_metrics(run_dir):
    """metrics.csv -> {iteration: test accuracy (fraction)}; a repeated iteration keeps its last row."""
    path = os.path.join(run_dir, "metrics.csv")
    rows = {}
    try:
        with open(path, newline="") as f:
            rd = csv.reader(f)
            header = next(rd, [])
            if "iteration" not in header or "test_accuracy" not in header:
                raise KeyError("its header %s lacks iteration or test_accuracy" % ",".join(header))
            i, t = header.index("iteration"), header.index("test_accuracy")
            for r in rd:
                if r:
                    rows[int(r[i])] = float(r[t])
    except (OSError, KeyError, ValueError, TypeError, IndexError, csv.Error) as e:
        raise BadInput("%s is unreadable (%s: %s)" % (path, type(e).__name__, e))
    return rows


def bits_key(meta):
    b = meta.get("bits")
    return None if not b else json.dumps(b, sort_keys=True)


def bits_difference(metas):
    """Which keys of bits differ among the runs (for naming a left-out seed)."""
    keys, out = set(), []
    for m in metas.values():
        if isinstance(m.get("bits"), dict):
            keys |= set(m["bits"])
    missing = [meth for meth, m in metas.items() if not m.get("bits")]
    if missing:
        out.append("no bits in %s" % ", ".join(missing))
    for k in sorted(keys):
        vals = {json.dumps(m["bits"].get(k), sort_keys=True) for m in metas.values()
                if isinstance(m.get("bits"), dict) and m["bits"]}
        if len(vals) > 1:
            out.append("%s differs (%s)" % (k, " / ".join(sorted(vals))))
    return "; ".join(out) or "bits differ"


def complete_seeds(root, limit=CAP):
    """The complete paired seeds in seed order, at most `limit`: [(seed, {method: meta})], the left-out seeds
    [(seed, why)], and where the list ended (seed, {method: status}). Reads run.json only."""
    taken, left, s = [], [], 0
    while len(taken) < limit:
        metas = {m: read_meta(os.path.join(root, m, "seed-%d" % s)) for m in METHODS}
        status = {m: (v.get("status") if v is not None else None) for m, v in metas.items()}
        if any(st != "completed" for st in status.values()):
            return taken, left, (s, status)
        if len({bits_key(v) for v in metas.values()}) != 1 or bits_key(metas[GD]) is None:
            left.append((s, bits_difference(metas)))
        else:
            taken.append((s, metas))
        s += 1
    return taken, left, None


def run_record(root, seed, method, meta):
    rd = os.path.join(root, method, "seed-%d" % seed)
    tests = read_metrics(rd)
    miss = [it for it in WINDOW if it not in tests]
    if miss:
        raise BadInput("completed run %s lacks the evaluations at iterations %s" % (rd, miss))
    vals = [tests[it] for it in WINDOW]
    if any(v != v or math.isinf(v) for v in vals):
        raise BadInput("completed run %s has a NaN or infinite test accuracy in the window" % rd)
    acc = 100.0 * math.fsum(vals) / len(vals)
    return {"seed": seed, "method": method, "acc": acc, "tests": tests, "startedAt": meta.get("startedAt")}


def load_study(root, limit=CAP):
    """complete_seeds plus every counted run's window accuracy: ([(seed, {method: run})], left, end)."""
    taken, left, end = complete_seeds(root, limit)
    seeds = [(s, {m: run_record(root, s, m, metas[m]) for m in METHODS}) for s, metas in taken]
    return seeds, left, end


# ---------------------------------------------------------------- the rule
def claim_looks(seeds, claim, horizon=CAP):
    """Every look reached (<= horizon and <= the complete seeds) for one claim: a list of dicts with the look,
    seeds, trimmed mean, bounds, alpha, the verdict at that look, the plain mean and bounds; and the fixing index
    (the first deciding look, else the last look reached; None when no look is reached)."""
    cid, kind, fn, _ = claim
    accs = [{m: r["acc"] for m, r in runs.items()} for _, runs in seeds]
    out, fix = [], None
    for look in LOOKS:
        if look > horizon or look > len(accs):
            break
        d = [fn(a) for a in accs[:look]]
        y, t = yuen(d, ALPHA[look]), tbounds(d, ALPHA[look])
        v = decide(kind, y["lower"], y["upper"])
        out.append({"claim": cid, "kind": kind, "look": look, "seeds": look, "alpha": ALPHA[look],
                    "trimmed_mean": y["tm"], "lower": y["lower"], "upper": y["upper"], "verdict_at_look": v,
                    "mean": t["mean"], "mean_lower": t["lower"], "mean_upper": t["upper"], "d": d, "yuen": y})
        if fix is None and v != "INCONCLUSIVE":
            fix = len(out) - 1
    if out and fix is None:
        fix = len(out) - 1
    for i, r in enumerate(out):              # the verdict in force after each look
        decided = [o for o in out[:i + 1] if o["verdict_at_look"] != "INCONCLUSIVE"]
        r["verdict"] = decided[0]["verdict_at_look"] if decided else "INCONCLUSIVE"
    return out, fix


def all_claims(seeds, horizon=CAP):
    return {c[0]: claim_looks(seeds, c, horizon) for c in CLAIMS}


# ---------------------------------------------------------------- described outcomes
def describe(d):
    y, t = yuen(d, 0.025), tbounds(d, 0.025)
    return "trimmed mean %+.4f [%+.4f, %+.4f] (95%% Yuen), mean %+.4f [%+.4f, %+.4f] (95%% t), sd %.4f" % (
        y["tm"], y["lower"], y["upper"], t["mean"], t["lower"], t["upper"], t["sd"])


def losses_and_dips(seeds):
    """Per method: lost runs [(seed, acc)], dipped runs [(seed, depth points, iteration, evaluations below, acc)]."""
    out = {}
    for m in METHODS:
        lost, dipped = [], []
        for s, runs in seeds:
            r = runs[m]
            if r["acc"] < LOST_BELOW:
                lost.append((s, r["acc"]))
                continue
            low = [(it, te) for it, te in sorted(r["tests"].items()) if it >= DIP_FROM and te < DIP_BELOW]
            if low:
                it, te = min(low, key=lambda x: (x[1], x[0]))
                dipped.append((s, 100 * te, it, len(low), r["acc"]))
        out[m] = (lost, dipped)
    return out


# ---------------------------------------------------------------- the report
def plan_commit_time(study_dir):
    try:
        out = subprocess.run(["git", "-C", study_dir, "log", "--diff-filter=A", "--format=%cI", "--", "PLAN.md"],
                             capture_output=True, text=True, timeout=20)
    except (OSError, subprocess.SubprocessError):
        return None
    lines = out.stdout.split()
    return parse_time(lines[-1]) if out.returncode == 0 and lines else None


def parse_time(s):
    if not isinstance(s, str):
        return None
    m = re.match(r"^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.(\d+))?(Z|[+-]\d\d:\d\d)$", s.strip())
    if not m:
        return None
    frac = (m.group(2) or "0")[:6].ljust(6, "0")
    tz = "+00:00" if m.group(3) == "Z" else m.group(3)
    return datetime.fromisoformat("%s.%s%s" % (m.group(1), frac, tz))


def seeds_phrase(seeds, left):
    if not seeds:
        return "none"
    nums = [s for s, _ in seeds]
    p = "seeds %d..%d" % (nums[0], nums[-1]) if nums == list(range(nums[0], nums[-1] + 1)) else \
        "seeds %s" % ", ".join(map(str, nums))
    inside = [s for s, _ in left if s < nums[-1]]
    if inside and len(nums) > 12:
        p = "seeds 0..%d less %s" % (nums[-1], ", ".join(map(str, inside)))
    return p


def refusal(n, root, left, end):
    msg = ("recount.py: %d complete paired seed%s in %s; the first look is at %d: no statistic of the study is "
           "printed before it (PLAN.md)." % (n, "" if n == 1 else "s", root, LOOKS[0]))
    lines = [msg]
    for s, why in left:
        lines.append("  seed %d left out: its nine runs were not computed alike (%s)" % (s, why))
    if end is not None:
        s, status = end
        done = sum(1 for v in status.values() if v == "completed")
        lines.append("  seed %d: %d of 9 runs completed%s" % (s, done, "" if done == 0 else " (%s still to come)" %
                     ", ".join(m for m, v in status.items() if v != "completed")))
    return "\n".join(lines)


def report(study_dir, limit, show_runs):
    root = study_root(study_dir)
    if not os.path.isdir(root):
        raise BadInput("no such study folder %s" % root)
    taken, left, end = complete_seeds(root, limit)
    if len(taken) < LOOKS[0]:
        print(refusal(len(taken), root, left, end))
        return 3
    seeds, left, end = load_study(root, limit)
    n = len(seeds)
    looks = [l for l in LOOKS if l <= n]
    last = looks[-1]
    used = seeds[:last]
    print("support study, independent recount from PLAN.md: %s" % root)
    print("complete paired seeds: %d (%s)%s; looks reached: %s; the look at %d uses %s" % (
        n, seeds_phrase(seeds, left), "" if limit == CAP else " (--seeds %d)" % limit,
        ", ".join(map(str, looks)), last, seeds_phrase(used, left)))
    for s, why in left:
        print("  seed %d left out: its nine runs were not computed alike (%s)" % (s, why))
    if n < CAP and end is not None:
        s, status = end
        print("  seed %d: %d of 9 runs completed (the list of complete seeds ends there)"
              % (s, sum(1 for v in status.values() if v == "completed")))
    pc = plan_commit_time(study_dir if root != study_dir else os.path.dirname(root))
    starts = [(parse_time(r["startedAt"]), s, m) for s, runs in used for m, r in runs.items()]
    bad = [(s, m) for t, s, m in starts if t is None]
    good = sorted(t for t, _, _ in starts if t is not None)
    if good:
        print("  the runs of those seeds started %s .. %s%s" % (good[0].isoformat(), good[-1].isoformat(),
              "" if pc is None else "; PLAN.md was committed %s" % pc.isoformat()))
    if bad:
        print("  startedAt missing or unreadable: %s" % ", ".join("%s seed %d" % (m, s) for s, m in bad))
    if pc is not None:
        early = [(s, m, t) for t, s, m in starts if t is not None and t <= pc]
        print("  %s" % ("every counted run started after the plan's commit" if not early else
                        "STARTED BEFORE THE PLAN'S COMMIT: " + ", ".join("%s seed %d (%s)" % (m, s, t.isoformat())
                                                                         for s, m, t in early)))
    else:
        print("  (no git history of PLAN.md here: startedAt not checked against the plan's commit)")
    if show_runs:
        print()
        print("window accuracy acc (points, mean test accuracy at iterations 4000..5000)")
        print("seed  " + " ".join("%12s" % m.replace("msgd-sparse-", "sp-").replace("msgd-", "")[:12] for m in METHODS))
        for s, runs in seeds:
            print("%4d  " % s + " ".join("%12.4f" % runs[m]["acc"] for m in METHODS))

    res = all_claims(seeds)
    print()
    print("CLAIMS (points; 10%%-trimmed mean of d_s with Yuen's one-sided bounds L, U at the look's alpha, standard "
          "error %s; margin +-%.2f; the plain mean with one-sided t bounds at the same alpha, described, no verdict)"
          % ("s_w sqrt(k) / h (tm, the plan's sizing)" if SE_FORM == "tm" else "sqrt(SSD_w / (h (h - 1))) (yuen1974)",
             DELTA))
    print("%-44s %-11s %4s %5s %9s %9s %9s %6s %-12s | %9s %9s %9s" % (
        "claim", "kind", "look", "seeds", "trimmed", "L", "U", "alpha", "at look", "mean", "mean L", "mean U"))
    for cid, kind, _, words in CLAIMS:
        rows, fix = res[cid]
        for i, r in enumerate(rows):
            note = "" if i <= fix else "  (verdict fixed at look %d)" % rows[fix]["look"]
            print("%-44s %-11s %4d %5d %+9.4f %+9.4f %+9.4f %6.3f %-12s | %+9.4f %+9.4f %+9.4f%s" % (
                cid[len(PREFIX):], kind, r["look"], r["seeds"], r["trimmed_mean"], r["lower"], r["upper"],
                r["alpha"], r["verdict_at_look"], r["mean"], r["mean_lower"], r["mean_upper"], note))
    print()
    print("VERDICTS (the first deciding look fixes a claim's verdict)")
    for cid, kind, _, words in CLAIMS:
        rows, fix = res[cid]
        r = rows[fix]
        if r["verdict_at_look"] != "INCONCLUSIVE":
            how = "decided at the look of %d" % r["look"]
        elif r["look"] == CAP:
            how = "undecided at the cap (the seeds a decision would need: the plan's simulation, not recounted)"
        else:
            how = "undecided so far; the look at %d is not reached" % CAP
        print("  %-12s %s: trimmed mean %+.4f [L %+.4f, U %+.4f] at %d seeds, alpha %g; mean %+.4f; %s" % (
            r["verdict"], cid, r["trimmed_mean"], r["lower"], r["upper"], r["seeds"], r["alpha"], r["mean"], how))
        print("               d_s = %s" % words)
        notes = []
        if kind == "equivalence":
            for dl in DELTA_OTHER:
                vs = [decide(kind, o["lower"], o["upper"], dl) for o in rows]
                alt = next((v for v in vs if v != "INCONCLUSIVE"), "INCONCLUSIVE")
                if alt != r["verdict"]:
                    notes.append("at margin %.4f the verdict would be %s (A2)" % (dl, alt))
        for o in rows:
            other = [f for f in SE_FORMS if f != SE_FORM][0]
            w = yuen(o["d"], o["alpha"], form=other)
            if decide(kind, w["lower"], w["upper"]) != o["verdict_at_look"]:
                notes.append("at look %d the other standard error (A1, %s) gives L %+.4f, U %+.4f: %s"
                             % (o["look"], other, w["lower"], w["upper"], decide(kind, w["lower"], w["upper"])))
        for t in notes:
            print("               note: %s" % t)
    print(UNION_LINE)

    accs = [{m: r["acc"] for m, r in runs.items()} for _, runs in used]
    print()
    print("DESCRIBED, NOT CLAIMED (the %d paired seeds of the look at %d; points)" % (last, last))
    d = [a[SGD] - a[GD] for a in accs]
    print("  SGD-50 - GD: %s (the margin is built on the second study's %.2f)" % (describe(d), SGD_ADVANTAGE_V2))
    for m, name in ((COV, "MSGD-Cov"), (FISHER, "MSGD-Fisher"), (BERN, "MSGD-Bernoulli-50")):
        print("  %s - SGD-50: %s" % (name, describe([a[m] - a[SGD] for a in accs])))
    print("  the dose, acc(MSGD-[Fisher-B]) - acc(MSGD-Fisher) (negative: a loss):")
    for b, m in ((10, FI10), (50, FI50), (250, FI250)):
        print("    B = %4d: %s" % (b, describe([a[m] - a[FISHER] for a in accs])))
    slopes = [slope_log10([(10, a[FI10]), (50, a[FI50]), (250, a[FI250]), (1000, a[FISHER])]) for a in accs]
    print("    per-seed slope of acc on log10 B over B = 10, 50, 250, 1000 (points per decade): %s" % describe(slopes))

    print()
    print("LOSSES AND DIPS (the %d paired seeds of the look at %d; lost: acc < 50 points; dipped: a test accuracy "
          "< 50%% at an evaluation from iteration 1000 on, not lost; exact 95%% intervals)" % (last, last))
    ld = losses_and_dips(used)
    for m in METHODS:
        lost, dipped = ld[m]
        lo1, hi1 = clopper_pearson_exact(len(lost), last)
        lo2, hi2 = clopper_pearson_exact(len(dipped), last)
        print("  %-26s lost %2d of %d [%.3f, %.3f]   dipped %2d of %d [%.3f, %.3f]" % (
            m, len(lost), last, lo1, hi1, len(dipped), last, lo2, hi2))
        for s, acc in lost:
            print("      lost: seed %d, acc %.2f" % (s, acc))
        for s, depth, it, cnt, acc in dipped:
            print("      dipped: seed %d, to %.2f at iteration %d (%d evaluation%s below 50%%), acc %.2f" % (
                s, depth, it, cnt, "" if cnt == 1 else "s", acc))
    return 0


# ---------------------------------------------------------------- --compare
COLUMNS = ["claim", "kind", "look", "seeds", "trimmed_mean", "lower", "upper", "alpha", "verdict", "mean",
           "mean_lower", "mean_upper"]
NUMBERS = ["trimmed_mean", "lower", "upper", "alpha", "mean", "mean_lower", "mean_upper"]
VERDICTS = ("PASS", "FAIL", "INCONCLUSIVE", "NOT_RUN")
TOL = 5e-6


def read_table(path):
    try:
        with open(path, newline="") as f:
            rd = csv.DictReader(f)
            header = rd.fieldnames
            if header is None or [h.strip() for h in header] != COLUMNS:
                raise BadInput("its header is %s, not %s" % (",".join(header or []) or "(empty)", ",".join(COLUMNS)))
            raw = list(rd)
    except OSError as e:
        raise BadInput(e.strerror or str(e))
    except (csv.Error, UnicodeDecodeError) as e:
        raise BadInput("not a readable CSV (%s)" % e)
    rows = []
    for i, r in enumerate(raw, start=2):
        if None in r or any(v is None for v in r.values()):
            raise BadInput("line %d does not have %d fields" % (i, len(COLUMNS)))
        try:
            row = {"claim": r["claim"].strip(), "kind": r["kind"].strip().lower(), "verdict": r["verdict"].strip(),
                   "look": int(r["look"]) if r["look"].strip() else 0,
                   "seeds": int(r["seeds"]) if r["seeds"].strip() else 0}
            for c in NUMBERS:
                row[c] = float(r[c]) if r[c].strip() else None
        except ValueError as e:
            raise BadInput("line %d (%s): bad number (%s)" % (i, r.get("claim"), e))
        if row["verdict"] not in VERDICTS:
            raise BadInput("line %d (%s): unknown verdict %r" % (i, row["claim"], row["verdict"]))
        if row["verdict"] != "NOT_RUN" and row["look"] not in LOOKS:
            raise BadInput("line %d (%s): look %d is not one of the plan's looks %s" % (i, row["claim"], row["look"], LOOKS))
        if any(o["claim"] == row["claim"] and o["look"] == row["look"] for o in rows):
            raise BadInput("line %d: claim %s at look %d twice" % (i, row["claim"], row["look"]))
        row["line"] = i
        rows.append(row)
    if not rows:
        raise BadInput("it has no rows")
    return rows


def compare(study_dir, table_path):
    """0: all match; 1: mismatches, one line each; 2: unusable input, one line."""
    try:
        rows = read_table(table_path)
    except BadInput as e:
        print("recount.py --compare: cannot use %s: %s" % (table_path, e))
        return 2
    root = study_root(study_dir)
    if not os.path.isdir(root):
        print("recount.py --compare: cannot use %s: no such study folder" % root)
        return 2
    looks_in_table = [r["look"] for r in rows if r["verdict"] != "NOT_RUN"]
    need = max(looks_in_table) if looks_in_table else max(r["seeds"] for r in rows)
    try:
        taken, _, _ = complete_seeds(root, CAP)
        if len(taken) < need:
            print("recount.py --compare: cannot use %s: the table %s needs %d complete paired seeds, the study "
                  "holds %d" % (root, table_path, need, len(taken)))
            return 2
        horizon = max([l for l in LOOKS if l <= len(taken)], default=0)   # the last look the study reaches
        seeds = load_study(root, horizon)[0] if horizon else []
    except BadInput as e:
        print("recount.py --compare: cannot use %s: %s" % (root, e))
        return 2
    res = all_claims(seeds, horizon) if horizon else {c: ([], None) for c in CLAIM_IDS}
    kinds = {c[0]: c[1] for c in CLAIMS}
    bad = []
    for r in rows:
        if r["claim"] not in kinds:
            bad.append("%s (line %d): not a claim of the plan" % (r["claim"], r["line"]))
    for cid in CLAIM_IDS:
        mine, fix = res[cid]
        theirs = sorted((r for r in rows if r["claim"] == cid), key=lambda r: r["look"])
        if not theirs:
            bad.append("%s: missing from the table" % cid)
            continue
        if not mine:                              # no look reached in the recount's horizon
            for t in theirs:
                if t["verdict"] != "NOT_RUN":
                    bad.append("%s: verdict recount=NOT_RUN table=%s" % (cid, t["verdict"]))
                elif t["seeds"] >= LOOKS[0]:
                    bad.append("%s: table NOT_RUN at %d seeds, but the look at %d is reached" % (cid, t["seeds"], LOOKS[0]))
            continue
        if any(t["verdict"] == "NOT_RUN" for t in theirs):
            bad.append("%s: verdict recount=%s (look %d) table=NOT_RUN" % (cid, mine[fix]["verdict"], mine[fix]["look"]))
            continue
        by_look = {m["look"]: m for m in mine}
        if len(theirs) == 1:
            want_look = mine[fix]["look"]
            if theirs[0]["look"] != want_look:
                bad.append("%s: look recount=%d table=%d" % (cid, want_look, theirs[0]["look"]))
        elif mine[fix]["look"] not in [t["look"] for t in theirs]:
            bad.append("%s: the table has no row at look %d, which fixes the recount's verdict" % (cid, mine[fix]["look"]))
        for t in theirs:
            m = by_look.get(t["look"])
            if m is None:
                bad.append("%s: the table has look %s (verdict %s), a look the recount did not reach"
                           % (cid, t["look"], t["verdict"]))
                continue
            where = "%s at look %d" % (cid, t["look"]) if len(theirs) > 1 else cid
            if t["verdict"] != m["verdict"]:
                bad.append("%s: verdict recount=%s table=%s" % (where, m["verdict"], t["verdict"]))
            if t["seeds"] != m["seeds"]:
                bad.append("%s: seeds recount=%d table=%d" % (where, m["seeds"], t["seeds"]))
            if t["kind"] != m["kind"]:
                bad.append("%s: kind recount=%s table=%s" % (where, m["kind"], t["kind"]))
            for c in NUMBERS:
                if t[c] is None or not abs(t[c] - m[c]) <= TOL:
                    bad.append("%s: %s recount=%.6f table=%s" % (where, c, m[c], "(empty)" if t[c] is None else "%.6f" % t[c]))
    for line in bad:
        print(line)
    if horizon:
        print("compare: %s; table %s checked at the look%s %s (%d complete paired seeds read)" % (
            "all six claims match" if not bad else "%d mismatch%s" % (len(bad), "" if len(bad) == 1 else "es"),
            table_path, "s" if horizon > LOOKS[0] else "", " and ".join(str(l) for l in LOOKS if l <= horizon), len(seeds)))
    else:
        print("compare: %s; table %s written before the first look (NOT_RUN), no statistic compared" % (
            "all six claims match" if not bad else "%d mismatch%s" % (len(bad), "" if len(bad) == 1 else "es"), table_path))
    return 1 if bad else 0


def write_table(path, res, one_row=True):
    """A verdicts.csv as the plan's table would hold it (used by --selfcheck to exercise --compare)."""
    with open(path, "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(COLUMNS)
        for cid in CLAIM_IDS:
            rows, fix = res[cid]
            for r in ([rows[fix]] if one_row else rows):
                w.writerow([cid, r["kind"], r["look"], r["seeds"]] + ["%.6f" % r[c] for c in NUMBERS[:3]] +
                           ["%.6f" % r["alpha"], r["verdict"]] + ["%.6f" % r[c] for c in NUMBERS[4:]])


# ---------------------------------------------------------------- --selfcheck
BITS = {"commit": "0" * 40, "diffHash": "", "tensorflow": "2.18.0", "kernels": "onednn",
        "cpu": "Synthetic CPU (family 0, model 0)", "cpuIsa": "avx512", "isa": "avx512", "intraThreads": 1,
        "interThreads": 1, "environment": {"ONEDNN_MAX_CPU_ISA": "ALL"}, "jvm": "synthetic"}


def write_run(root, method, seed, acc, status="completed", bits=None, dips=None):
    """One synthetic run shaped like the real ones: run.json (status, bits, startedAt) and metrics.csv with an
    evaluation every 200 iterations; the six window evaluations average to acc (points) exactly up to rounding
    (a +-0.05-point wiggle that cancels). dips: {iteration: test accuracy} overrides outside the window."""
    d = os.path.join(root, method, "seed-%d" % seed)
    os.makedirs(d, exist_ok=True)
    meta = {"method": method, "protocol": "authors-code", "bits": BITS if bits is None else bits, "status": status,
            "iterationsDone": 5000 if status == "completed" else 3000,
            "startedAt": "2026-11-28T%02d:%02d:%02d.123456789Z" % (seed % 24, METHODS.index(method), seed % 60)}
    with open(os.path.join(d, "run.json"), "w") as f:
        json.dump(meta, f, indent=2)
    wig = [0.05, -0.05, 0.03, -0.03, 0.0, 0.0]
    with open(os.path.join(d, "metrics.csv"), "w") as f:
        f.write("iteration,train_loss,train_accuracy,test_loss,test_accuracy,elapsed_seconds\n")
        for it in range(0, 5001 if status == "completed" else 3001, 200):
            if it in WINDOW:
                te = (acc + wig[WINDOW.index(it)]) / 100
            else:
                te = 0.1 + (acc / 100 - 0.1) * min(1.0, it / 1500)
            if dips and it in dips:
                te = dips[it]
            f.write("%d,%.6f,%.4f,%.6f,%r,%.3f\n" % (it, 0.5, 0.9, 0.6, te, it * 0.05))


def write_world(root, accs, over=None):
    """accs: [{method: acc}] for seeds 0..; over: {(method, seed): dict of write_run keyword overrides}."""
    over = over or {}
    for s, a in enumerate(accs):
        for m in METHODS:
            write_run(root, m, s, a[m], **over.get((m, s), {}))


def world(rng, n, shift=None, sd=0.1):
    """n seeds: a seed's base accuracy near 80 points, each method base + shift[method] + N(0, sd)."""
    shift = shift or {}
    out = []
    for _ in range(n):
        base = rng.gauss(80.0, 1.0)
        out.append({m: base + shift.get(m, 0.0) + rng.gauss(0.0, sd) for m in METHODS})
    return out


def run_main(argv):
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        rc = main(argv)
    return rc, buf.getvalue()


def verdicts_of(res):
    return {cid: (res[cid][0][res[cid][1]]["verdict"], res[cid][0][res[cid][1]]["look"]) for cid in CLAIM_IDS}


def selfcheck():
    global SE_FORM
    fails = []

    def check(ok, what):
        print("  %s %s" % ("ok  " if ok else "FAIL", what))
        if not ok:
            fails.append(what)

    print("selfcheck: Student t quantiles (this file's, against values tabulated from scipy.stats.t 1.17.1)")
    table = [(0.001, 39, 3.3127880826719003), (0.004, 79, 2.7211276994831315), (0.025, 7, 2.3646242515927844),
             (0.001, 7, 4.785289628638334), (0.025, 39, 2.022690920036761), (0.025, 79, 1.990450210230129),
             (0.001, 49, 3.2650791729288593), (0.004, 99, 2.706909028987945), (0.025, 1, 12.706204736174705),
             (0.025, 2, 4.302652729749464), (0.001, 3, 10.214531852407385)]
    worst = max(abs(t_upper(a, nu) - q) / q for a, nu, q in table)
    check(worst < 1e-12, "11 quantiles (alpha 0.001..0.025, 1..99 df) agree to a relative %.1e" % worst)
    try:
        from scipy.stats import t as scipy_t
        worst = max(abs(t_upper(a, nu) - scipy_t.isf(a, nu)) / scipy_t.isf(a, nu)
                    for a in (0.0005, 0.001, 0.004, 0.025, 0.1) for nu in range(1, 120))
        check(worst < 1e-10, "against scipy.stats.t here: alphas 0.0005..0.1, 1..119 df, relative %.1e" % worst)
        from scipy.stats import trim_mean, mstats
        import numpy as np
        r2 = random.Random(7)
        worst_tm = worst_se = 0.0
        for k in (10, 50, 100):                       # k a multiple of 10: scipy's (1 - 0.2) sqrt(k) is h / sqrt(k)
            for _ in range(20):
                x = [r2.gauss(0, 1) ** 3 for _ in range(k)]
                y = yuen(x, 0.001, form="tm")
                worst_tm = max(worst_tm, abs(y["tm"] - trim_mean(x, 0.1)))
                worst_se = max(worst_se, abs(y["se"] / float(mstats.trimmed_stde(np.array(x), (0.1, 0.1))) - 1))
        check(worst_tm < 1e-12 and worst_se < 1e-12, "tm and its standard error against scipy.stats.trim_mean and "
              "scipy.stats.mstats.trimmed_stde (k = 10, 50, 100): %.1e, relative %.1e" % (worst_tm, worst_se))
    except ImportError:
        print("  (scipy or numpy not importable here: the live comparisons are skipped; the tabulated values stand)")

    print("selfcheck: Yuen's trimmed mean and bounds on a hand-worked example (both standard errors of A1)")
    # x = -3, 0.5, 1, 1, 2, 2, 3, 4, 5, 12 (k = 10, g = 1, h = 8, df 7), by hand:
    #   trimmed: 0.5 1 1 2 2 3 4 5 -> sum 18.5, mean 2.3125
    #   winsorized: 0.5 0.5 1 1 2 2 3 4 5 5 -> mean 2.4; deviations -1.9 -1.9 -1.4 -1.4 -0.4 -0.4 0.6 1.6 2.6 2.6
    #   SSD_w = 2(3.61) + 2(1.96) + 2(0.16) + 0.36 + 2.56 + 2(6.76) = 27.9; s_w^2 = 27.9 / 9 = 3.1
    #   "tm" (used):    se^2 = s_w^2 k / h^2 = 3.1 x 10 / 64 = 0.484375, se = 0.69597055
    #   "yuen1974":     se^2 = 27.9 / (8 x 7) = 0.49821429, se = 0.70584296
    #   t(0.975, 7) = 2.3646242516 (tables: 2.365), t(0.999, 7) = 4.7852896286 (tables: 4.785)
    #   tm:       95% 2.3125 -+ 1.64571 = [0.66679, 3.95821]; alpha 0.001: 2.3125 -+ 3.33042 = -1.01792, 5.64292
    #   yuen1974: 95% 2.3125 -+ 1.66905 = [0.64345, 3.98155]; alpha 0.001: 2.3125 -+ 3.37766 = -1.06516, 5.69016
    x = [12, -3, 2, 0.5, 4, 1, 5, 2, 1, 3]
    y = yuen(x, 0.025, form="tm")
    check((y["g"], y["h"], y["df"]) == (1, 8, 7), "k = 10: g = 1 cut from each end, h = 8, 7 degrees of freedom")
    check(abs(y["tm"] - 2.3125) < 1e-12, "trimmed mean 2.3125 (got %.10f)" % y["tm"])
    check(abs(y["ssd"] - 27.9) < 1e-12 and abs(y["wmean"] - 2.4) < 1e-12,
          "winsorized mean 2.4 and SSD_w 27.9 (got %.10f, %.10f)" % (y["wmean"], y["ssd"]))
    for form, se, i95, i001 in (("tm", 0.69597055, (0.66679, 3.95821), (-1.01792, 5.64292)),
                                ("yuen1974", 0.70584296, (0.64345, 3.98155), (-1.06516, 5.69016))):
        y, y1 = yuen(x, 0.025, form=form), yuen(x, 0.001, form=form)
        check(abs(y["se"] - se) < 1e-8 and abs(y["lower"] - i95[0]) < 1e-5 and abs(y["upper"] - i95[1]) < 1e-5
              and abs(y1["lower"] - i001[0]) < 1e-5 and abs(y1["upper"] - i001[1]) < 1e-5,
              "%s: se %.8f, 95%% [%.5f, %.5f], one-sided 0.001: L %.5f, U %.5f (by hand %.8f, [%.5f, %.5f], %.5f, %.5f)"
              % (form, y["se"], y["lower"], y["upper"], y1["lower"], y1["upper"], se, i95[0], i95[1], i001[0], i001[1]))
    check(SE_FORM == "tm" or "--se" in sys.argv, "the claims use the plan's sizing's standard error (tm) by default")
    g50 = yuen([float(i) for i in range(50)], 0.001)
    g100 = yuen([float(i) for i in range(100)], 0.004)
    check((g50["g"], g50["df"], g100["g"], g100["df"]) == (5, 39, 10, 79),
          "looks: k = 50 cuts 5 each end (39 df), k = 100 cuts 10 (79 df)")
    check(decide("equivalence", -0.41, 0.41) == "PASS" and decide("equivalence", -0.42, 0.1) == "INCONCLUSIVE"
          and decide("equivalence", 0.43, 0.9) == "FAIL" and decide("equivalence", -0.9, -0.4200001) == "FAIL"
          and decide("below", -1, -1e-9) == "PASS" and decide("below", -1, 0.0) == "INCONCLUSIVE"
          and decide("below", 1e-9, 1) == "FAIL" and decide("below", 0.0, 1) == "INCONCLUSIVE",
          "the decision table, strict at the edges (-0.42 < L, U < 0.42; U < 0; L > 0)")
    ex = slope_log10([(10, 79.0), (50, 79.0 + 0.69897), (250, 79.0 + 1.39794), (1000, 81.0)])
    check(abs(ex - 1.0) < 1e-9, "the dose slope of a line of 1 point per decade is 1 (got %.12f)" % ex)
    lo, hi = clopper_pearson_exact(0, 50)
    lo2, hi2 = clopper_pearson_exact(1, 50)
    check(lo == 0 and abs(hi - (1 - 0.025 ** (1 / 50))) < 1e-12 and abs(lo2 - (1 - 0.975 ** (1 / 50))) < 1e-12,
          "Clopper-Pearson: 0 of 50 -> [0, %.5f], 1 of 50 from %.6f (closed forms)" % (hi, lo2))

    shm = "/dev/shm"                          # thousands of small files: a memory file system when there is one
    try:                                      # with room to spare (the worlds take about 35 MB)
        st = os.statvfs(shm)
        roomy = os.access(shm, os.W_OK) and st.f_bavail * st.f_frsize > 256 * 2 ** 20
    except OSError:
        roomy = False
    tmp = tempfile.mkdtemp(prefix="support-recount-selfcheck-", dir=shm if roomy else None)
    try:
        rng = random.Random(20261127)
        P, I, F = "PASS", "INCONCLUSIVE", "FAIL"

        print("selfcheck: world 'equivalent' (every method at its seed's accuracy +- 0.1 points; 50, then 100 seeds)")
        acc = world(rng, 100)
        d1 = os.path.join(tmp, "equivalent")
        write_world(os.path.join(d1, "authors-code"), acc[:50])
        seeds, left, _ = load_study(study_root(d1))
        got = verdicts_of(all_claims(seeds))
        want = {CLAIM_IDS[0]: (P, 50), CLAIM_IDS[1]: (P, 50), CLAIM_IDS[2]: (I, 50), CLAIM_IDS[3]: (I, 50),
                CLAIM_IDS[4]: (P, 50), CLAIM_IDS[5]: (I, 50)}
        check(len(seeds) == 50 and not left, "50 complete paired seeds, none left out")
        check(got == want, "equivalence claims PASS at 50, below claims INCONCLUSIVE: %s" % short(got))
        acc1 = [s[1][FISHER]["acc"] for s in seeds]
        check(all(abs(a - b[FISHER]) < 1e-9 for a, b in zip(acc1, acc)), "window accuracies read back (points)")
        for s in range(50, 100):
            for m in METHODS:
                write_run(os.path.join(d1, "authors-code"), m, s, acc[s][m])
        seeds = load_study(study_root(d1))[0]
        res = all_claims(seeds)
        got = verdicts_of(res)
        want.update({CLAIM_IDS[2]: (I, 100), CLAIM_IDS[3]: (I, 100), CLAIM_IDS[5]: (I, 100)})
        check(got == want, "at 100: the PASSes stay fixed at 50, the below claims INCONCLUSIVE at the cap: %s" % short(got))
        check(len(res[CLAIM_IDS[0]][0]) == 2 and res[CLAIM_IDS[0]][0][1]["verdict"] == P,
              "a decided claim is still computed at the look of 100 (its verdict in force stays PASS)")
        rc, out = run_main(["--dir", d1, "--runs"])
        check(rc == 0 and "VERDICTS" in out and UNION_LINE in out and "the dose" in out and "LOSSES AND DIPS" in out,
              "the report prints (claims, verdicts, the union-bound line, the dose, losses and dips)")

        print("selfcheck: world 'below' (sparse 1 point under, Bernoulli +1.5, Fisher -1.5, SGD-50 +2, [Fisher-10] above)")
        acc = world(rng, 50, {BERN: 1.5, FISHER: -1.5, SGD: 2.0, COVX10: -1.0, FI10: -0.5, FI50: -1.0, FI250: -1.25})
        d2 = os.path.join(tmp, "below")
        write_world(os.path.join(d2, "authors-code"), acc)
        res2 = all_claims(load_study(study_root(d2))[0])
        got = verdicts_of(res2)
        want = {CLAIM_IDS[0]: (F, 50), CLAIM_IDS[1]: (F, 50), CLAIM_IDS[2]: (P, 50), CLAIM_IDS[3]: (F, 50),
                CLAIM_IDS[4]: (F, 50), CLAIM_IDS[5]: (P, 50)}
        check(got == want, "Bernoulli FAIL (L > +0.42), Fisher FAIL (U < -0.42), [Cov-exact-10] PASS, [Fisher-10] "
              "FAIL (L > 0), dense vs SGD-50 FAIL, sparse below SGD-50 PASS: %s" % short(got))
        d = [a[BERN] - a[COV] for a in acc]
        y = yuen(d, 0.001)
        r0 = res2[CLAIM_IDS[0]][0][0]
        check(abs(r0["trimmed_mean"] - y["tm"]) < 1e-9 and abs(r0["lower"] - y["lower"]) < 1e-9,
              "a claim's numbers are Yuen's on the generator's own differences")
        rc, out = run_main(["--dir", d2])
        sl = re.search(r"per-seed slope .*trimmed mean ([-+]\d+\.\d+)", out)
        want = yuen([slope_log10([(10, a[FI10]), (50, a[FI50]), (250, a[FI250]), (1000, a[FISHER])]) for a in acc],
                    0.025)["tm"]
        check(rc == 0 and sl is not None and abs(float(sl.group(1)) - want) < 1e-4 and want < -0.4,
              "the dose slope (trimmed mean of the per-seed slopes on log10 B): %s, from the generator %+.4f "
              "(shifts -0.5, -1, -1.25, -1.5 at B = 10..1000: a fall)" % (sl.group(1) if sl else "not printed", want))

        print("selfcheck: world 'mixed bits' (seed 3's MSGD-Fisher on another CPU, seed 7's GD without bits)")
        acc = world(rng, 52)
        other = dict(BITS, cpu="Another CPU (family 1, model 1)")
        d3 = os.path.join(tmp, "mixed")
        write_world(os.path.join(d3, "authors-code"), acc, {(FISHER, 3): {"bits": other}, (GD, 7): {"bits": {}}})
        seeds, left, _ = load_study(study_root(d3))
        nums = [s for s, _ in seeds]
        check(nums == [0, 1, 2] + [4, 5, 6] + list(range(8, 52)), "seeds 3 and 7 left out, the next seeds taken: "
              "50 seeds 0..51 less 3 and 7")
        check([s for s, _ in left] == [3, 7] and "cpu differs" in left[0][1] and "no bits" in left[1][1],
              "the left-out seeds named with why (%s | %s)" % (left[0][1][:40], left[1][1]))
        d = [acc[s][BERN] - acc[s][COV] for s in nums]
        r0 = all_claims(seeds)[CLAIM_IDS[0]][0][0]
        check(abs(r0["trimmed_mean"] - yuen(d, 0.001)["tm"]) < 1e-9, "the look at 50 uses exactly those 50 seeds")
        rc, out = run_main(["--dir", d3])
        check(rc == 0 and "seed 3 left out" in out and "seed 7 left out" in out, "the report names them")
        try:                                       # startedAt against the plan's commit (A10), in a git repository
            env = dict(os.environ, GIT_AUTHOR_DATE="2026-11-28T12:00:00Z", GIT_COMMITTER_DATE="2026-11-28T12:00:00Z")
            with open(os.path.join(d3, "PLAN.md"), "w") as f:
                f.write("# a plan\n")
            for cmd in (["init", "-q"], ["add", "PLAN.md"],
                        ["-c", "user.name=selfcheck", "-c", "user.email=selfcheck@invalid", "-c", "commit.gpgsign=false",
                         "commit", "-q", "-m", "plan"]):
                subprocess.run(["git", "-C", d3] + cmd, check=True, capture_output=True, env=env, timeout=30)
        except (OSError, subprocess.SubprocessError):
            print("  (git not usable here: the startedAt check against the plan's commit is skipped)")
        else:
            rc, out = run_main(["--dir", d3])
            line = next((l for l in out.splitlines() if "STARTED BEFORE THE PLAN'S COMMIT" in l), "")
            check(rc == 0 and "gd seed 0 (" in line and "gd seed 11 (" in line and "gd seed 12 (" not in line
                  and "gd seed 3 (" not in line, "runs started before the plan's commit (12:00) are named: the "
                  "counted seeds' runs of hours 0..11, not seed 12's (12:00:12) nor the left-out seed 3's")

        print("selfcheck: world 'lost run' (seed 7's MSGD-[Fisher-10] ends at 10% test accuracy)")
        acc = world(rng, 50)
        acc[7][FI10] = 10.0
        d4 = os.path.join(tmp, "lost")
        write_world(os.path.join(d4, "authors-code"), acc)
        seeds = load_study(study_root(d4))[0]
        res4 = all_claims(seeds)
        r3 = res4[CLAIM_IDS[3]][0][0]
        check(len(seeds) == 50 and 7 in [s for s, _ in seeds], "the seed with the lost run stays in (no seed is left out)")
        check(r3["verdict"] == I and abs(r3["trimmed_mean"]) < 0.1 and r3["mean"] < -1.0,
              "the trim bounds its weight: trimmed mean %+.3f, plain mean %+.3f, [Fisher-10] below Fisher INCONCLUSIVE"
              % (r3["trimmed_mean"], r3["mean"]))
        ld = losses_and_dips(seeds)
        check([x[0] for x in ld[FI10][0]] == [7] and not ld[FI10][1] and all(not ld[m][0] for m in METHODS if m != FI10),
              "losses: MSGD-[Fisher-10] 1 of 50 (seed 7), counted lost and not dipped; no other method lost")
        check(verdicts_of(res4)[CLAIM_IDS[0]] == (P, 50), "the other claims are unmoved (Bernoulli-50 vs Cov PASS at 50)")

        print("selfcheck: world 'dips' (seed 9's MSGD-Cov down to 35% at 2400 and back; 30% at 800; exactly 50%)")
        acc = world(rng, 50)
        d5 = os.path.join(tmp, "dips")
        write_world(os.path.join(d5, "authors-code"), acc, {
            (COV, 9): {"dips": {2400: 0.35, 2600: 0.45}}, (GD, 11): {"dips": {800: 0.30}},
            (SGD, 12): {"dips": {3000: 0.5}}, (BERN, 13): {"dips": {1000: 0.49}}})
        seeds = load_study(study_root(d5))[0]
        ld = losses_and_dips(seeds)
        check([(s, round(dp, 6), it, n) for s, dp, it, n, _ in ld[COV][1]] == [(9, 35.0, 2400, 2)],
              "MSGD-Cov dipped at seed 9: to 35.00 at iteration 2400 (2 evaluations below 50%)")
        check(not ld[GD][1] and not ld[SGD][1], "a dip before iteration 1000 and a test accuracy of exactly 50% are no dips")
        check([s for s, *_ in ld[BERN][1]] == [13], "a dip at iteration 1000 itself counts")
        check(all(not ld[m][0] for m in METHODS), "no dipped run counted lost (each came back)")
        rc, out = run_main(["--dir", d5])
        check(rc == 0 and "dipped: seed 9, to 35.00 at iteration 2400" in out, "the report lists the dip")

        print("selfcheck: world 'too few' (49 complete seeds, seed 49 with 8 of 9, seed 50 complete)")
        acc = world(rng, 51)
        d6 = os.path.join(tmp, "few")
        write_world(os.path.join(d6, "authors-code"), acc, {(FI250, 49): {"status": "running"}})
        rc, out = run_main(["--dir", d6])
        check(rc == 3 and "49 complete paired seeds" in out and "seed 49: 8 of 9 runs completed" in out,
              "refused with exit 3, saying 49 seeds are complete and seed 49 has 8 of 9")
        check(not re.search(r"\d+\.\d", out.replace(d6, "")), "the refusal prints no number with a decimal point")
        os.remove(os.path.join(d6, "authors-code", FI250, "seed-49", "run.json"))
        shutil.rmtree(os.path.join(d6, "authors-code", GD, "seed-49"))
        rc, out = run_main(["--dir", d6])
        check(rc == 3 and "49 complete" in out, "a missing run folder ends the list the same way")
        rc, out = run_main(["--dir", d6, "--compare", "--table", os.path.join(d6, "none.csv")])
        check(rc == 2 and len(out.strip().splitlines()) == 1, "--compare without a table: exit 2, one line")

        print("selfcheck: world 'looks' (100 seeds built so that the looks differ)")
        # [Cov-exact-10] - Cov: -1 +- 0.2 on seeds 0..49, +3 +- 0.2 on 50..99: PASS at 50 fixed (the look at 100
        # alone would FAIL). Fisher - Cov: exactly +-1 alternating: at 50 the bound is 3.3128 sqrt(50/49) sqrt(50) / 40
        # = 0.592 > 0.42 (INCONCLUSIVE), at 100 2.7211 sqrt(100/99) 10 / 80 = 0.342 < 0.42 (PASS at 100); with the
        # other standard error 0.593 and 0.342.
        acc = world(rng, 100, sd=0.0)
        for s, a in enumerate(acc):
            a[COVX10] = a[COV] + (-1.0 if s < 50 else 3.0) + rng.uniform(-0.2, 0.2)
            a[FISHER] = a[COV] + (1.0 if s % 2 == 0 else -1.0)
            a[BERN] = a[COV] - (a[FISHER] - a[COV])        # the dense mean stays at MSGD-Cov
            a[SGD] = a[COV] + 0.05
        d7 = os.path.join(tmp, "looks")
        write_world(os.path.join(d7, "authors-code"), acc)
        seeds = load_study(study_root(d7))[0]
        res7 = all_claims(seeds)
        rows, fix = res7[CLAIM_IDS[2]]
        check(rows[fix]["look"] == 50 and rows[fix]["verdict"] == P and rows[1]["verdict_at_look"] == F
              and rows[1]["verdict"] == P, "the first deciding look fixes the verdict: PASS at 50 though the look "
              "at 100 alone says FAIL")
        rows, fix = res7[CLAIM_IDS[1]]
        if SE_FORM == "tm":                             # s_w^2 = k / (k - 1), se = s_w sqrt(k) / h
            want50 = 3.3127880826719003 * math.sqrt(50 / 49) * math.sqrt(50) / 40
            want100 = 2.7211276994831315 * math.sqrt(100 / 99) * math.sqrt(100) / 80
        else:                                           # se^2 = SSD_w / (h (h - 1)), SSD_w = k
            want50 = 3.3127880826719003 * math.sqrt(50 / (40 * 39))
            want100 = 2.7211276994831315 * math.sqrt(100 / (80 * 79))
        check(rows[0]["verdict_at_look"] == I and rows[fix]["look"] == 100 and rows[fix]["verdict"] == P,
              "undecided at 50, PASS at the look of 100")
        check(abs(rows[0]["trimmed_mean"]) < 1e-9 and abs(rows[0]["upper"] - want50) < 1e-6
              and abs(rows[1]["upper"] - want100) < 1e-6,
              "their bounds by hand: U = %.6f at 50 (%.6f), %.6f at 100 (%.6f)"
              % (rows[0]["upper"], want50, rows[1]["upper"], want100))

        print("selfcheck: --compare")
        tab = os.path.join(d7, "authors-code", "verdicts.csv")
        write_table(tab, res7)
        rc, out = run_main(["--dir", d7, "--compare"])
        check(rc == 0, "a table as the recount computes it (one row per claim, 6 decimals): exit 0 (%s)"
              % out.strip().splitlines()[-1][:60])
        write_table(tab, res7, one_row=False)
        rc, out = run_main(["--dir", d7, "--compare"])
        check(rc == 0, "the same with a row per claim and look: exit 0")
        write_table(tab, res7)
        text = open(tab).read().splitlines()
        cells = text[2].split(",")
        cells[6] = "%.6f" % (float(cells[6]) + 1e-5)         # upper of the second claim, off by 1e-5
        cells2 = text[3].split(",")
        cells2[8] = "FAIL"                                   # a verdict changed
        with open(tab, "w") as f:
            f.write("\n".join([text[0], text[1], ",".join(cells), ",".join(cells2)] + text[4:]) + "\n")
        rc, out = run_main(["--dir", d7, "--compare"])
        lines = out.strip().splitlines()
        check(rc == 1 and len(lines) == 3 and lines[0].startswith(CLAIM_IDS[1] + ": upper")
              and lines[1].startswith(CLAIM_IDS[2] + ": verdict recount=PASS table=FAIL"),
              "an upper bound off by 1e-5 and a changed verdict: exit 1, one line each")
        cells = text[2].split(",")
        cells[2], cells[3] = "50", "50"                      # Fisher vs Cov (fixed at 100) reported at 50
        with open(tab, "w") as f:
            f.write("\n".join([text[0], text[1], ",".join(cells)] + text[3:]) + "\n")
        rc, out = run_main(["--dir", d7, "--compare"])
        check(rc == 1 and out.startswith(CLAIM_IDS[1] + ": look recount=100 table=50"),
              "a claim reported at the wrong look: exit 1 (%s)" % out.splitlines()[0])
        with open(tab, "w") as f:
            f.write("\n".join(text[:-1]) + "\n")
        rc, out = run_main(["--dir", d7, "--compare"])
        check(rc == 1 and out.startswith(CLAIM_IDS[5] + ": missing"), "a claim missing: exit 1")
        c1 = text[1].split(",")
        c2 = list(c1)
        c1[2] = "1OO"                                        # the look, with letters O
        c2[8] = "PASSED"
        for bad, why in (("claim,kind,look\n", "a wrong header"), (text[0] + "\n" + ",".join(c1) + "\n", "a bad number"),
                         (text[0] + "\n" + ",".join(c2) + "\n", "an unknown verdict")):
            with open(tab, "w") as f:
                f.write(bad)
            rc, out = run_main(["--dir", d7, "--compare"])
            check(rc == 2 and len(out.strip().splitlines()) == 1, "%s: exit 2, one line (%s)" % (why, out.strip()[:70]))
        write_table(tab, res7)
        saved, SE_FORM = SE_FORM, [f for f in SE_FORMS if f != SE_FORM][0]
        try:
            rc, out = run_main(["--dir", d7, "--compare"])
        finally:
            SE_FORM = saved
        fields = {l.split(": ")[1].split(" ")[0] for l in out.strip().splitlines()[:-1]}
        check(rc == 1 and fields <= {"lower", "upper"} and fields, "the same table checked with the other standard "
              "error (A1): exit 1, only lower and upper bounds differ")
        write_table(tab, all_claims(seeds[:50]))
        rc, out = run_main(["--dir", d7, "--compare"])
        lines = out.strip().splitlines()[:-1]
        check(rc == 1 and lines and all(l.split(":")[0] in (CLAIM_IDS[0], CLAIM_IDS[1], CLAIM_IDS[3], CLAIM_IDS[5])
                                        for l in lines) and any(": look recount=100 table=50" in l for l in lines),
              "a table still at the look of 50 when the study holds 100 seeds: exit 1 for the claims the look at 100 "
              "decides or closes, none for those fixed at 50")
        write_table(tab, res7)
        rc, out = run_main(["--dir", d2, "--compare", "--table", tab])
        check(rc == 2 and "needs 100" in out, "a table at 100 seeds against a study of 50: exit 2, one line")
        shutil.rmtree(os.path.join(d7, "authors-code", SGD, "seed-60"))
        rc, out = run_main(["--dir", d7, "--compare"])
        check(rc == 2, "a study that lost seed 60 since the table: exit 2")
        with open(os.path.join(d6, "authors-code", "verdicts.csv"), "w") as f:
            f.write(",".join(COLUMNS) + "\n" + "".join("%s,%s,0,49,,,,,NOT_RUN,,,\n" % (c[0], c[1]) for c in CLAIMS))
        rc, out = run_main(["--dir", d6, "--compare"])
        check(rc == 0 and not re.search(r"[-+]?\d+\.\d{3}", out.replace(d6, "")),
              "a NOT_RUN table before the first look: exit 0, no statistic printed")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print("selfcheck: %s" % ("all checks hold" if not fails else "%d FAILED: %s" % (len(fails), "; ".join(fails))))
    return 0 if not fails else 1


def short(got):
    return ", ".join("%s %s@%d" % (c.split(".")[-1], v, l) for c, (v, l) in got.items())


# ---------------------------------------------------------------- main
USAGE = ("usage: recount.py [--dir STUDY_DIR] [--seeds N] [--runs] [--se tm|yuen1974] | recount.py [--dir STUDY_DIR] "
         "--compare [--table PATH] [--se tm|yuen1974] | recount.py --selfcheck")


def main(argv=None):
    global SE_FORM
    args = list(sys.argv[1:] if argv is None else argv)
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    study, mode, table, limit, show_runs = here, "report", None, CAP, False
    while args:
        a = args.pop(0)
        if a in ("-h", "--help"):
            print(__doc__.strip())
            return 0
        if a == "--compare":
            mode = "compare"
        elif a == "--selfcheck":
            mode = "selfcheck"
        elif a == "--runs":
            show_runs = True
        elif a in ("--dir", "--table", "--seeds", "--se"):
            if not args:
                print("recount.py: %s needs a value\n%s" % (a, USAGE))
                return 2
            v = args.pop(0)
            if a == "--dir":
                study = v
            elif a == "--table":
                table = v
            elif a == "--se":
                if v not in SE_FORMS:
                    print("recount.py: --se takes %s, not %s" % (" or ".join(SE_FORMS), v))
                    return 2
                SE_FORM = v
            else:
                try:
                    limit = int(v)
                except ValueError:
                    limit = -1
                if not 0 <= limit <= CAP:
                    print("recount.py: --seeds takes 0..%d, not %s" % (CAP, v))
                    return 2
        else:
            print("recount.py: unknown argument %s\n%s" % (a, USAGE))
            return 2
    if mode == "selfcheck":
        return selfcheck()
    if mode == "compare":
        return compare(study, table if table is not None else os.path.join(study_root(study), "verdicts.csv"))
    if table is not None:
        print(USAGE)
        return 2
    try:
        return report(study, limit, show_runs)
    except BadInput as e:
        print("recount.py: cannot use %s: %s" % (study, e))
        return 2


if __name__ == "__main__":
    import signal
    if hasattr(signal, "SIGPIPE"):
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)     # `| head` ends the output quietly
    sys.exit(main())
