#!/usr/bin/env python3
"""Independent recount of the support study (the third deep-learning study), derived from PLAN.md (and, for the one
question A1 below, the sizing script PLAN.md cites as its rule's simulation).

usage: recount.py [--dir STUDY_DIR] [--seeds N] [--runs] [--se tm|yuen1974]
       recount.py [--dir STUDY_DIR] --compare [--table PATH] [--se tm|yuen1974]
       recount.py [--dir STUDY_DIR] --readme
       recount.py --selfcheck
  --dir DIR    the study folder (deep/results/support-study, the default: the folder above this script) or its
               authors-code folder; runs are read from DIR/authors-code/<method id>/seed-<s>/{run.json,metrics.csv}
  --seeds N    count only the first N complete paired seeds (e.g. to reprint the look at 50 later)
  --runs       also print every counted run's window accuracy (points), seed by seed
  --se FORM    the trimmed mean's standard error (A1 below): tm (default, the plan's sizing) or yuen1974
  --compare    check the Java study's verdict table (DIR/authors-code/verdicts.csv, or --table PATH) claim by claim
               against this recount; exit 0 when every verdict, look and seed count match, every number agrees
               to 5e-6 points and the seeds_needed column (A9; its 12-column form without it is read too) is empty
               where due and consistent with this recount's simulation where a claim is INCONCLUSIVE at the cap
               (compare.py's docstring: within 4 Monte Carlo standard errors), 1 with one line per mismatch, 2 with
               one line when an input cannot be used
  --readme     check the numbers the READMEs print against this recount (readme.py's docstring): every "E [L, U]"
               in the top README's support paragraph and in the study README above its status must be a trimmed mean
               with its bounds this recount computes, rounded as printed, and each claim must be printed at the look
               that fixes it; exit 0 match, 1 one line per mismatch, 2 unusable, 3 before the look at 50
  --selfcheck  synthetic study folders in a temporary directory (equivalent and below worlds, a seed with mixed
               bits, a lost run, dips, too few seeds, the first deciding look, --compare's exits, seeds_needed) and
               a hand-worked Yuen example, and the search of A9 against a scan, a stub and a replay through yuen();
               a few seconds (with fewer simulated studies than N_SIM, as it says); exit 0 when all checks hold, 1
               otherwise
Exit codes of the plain report: 0 printed; 2 unusable input; 3 refused: fewer than 50 complete paired seeds (the plan's
first look), so no statistic of the study is printed (PLAN.md: nothing is looked at before the look at 50). At the
look of 100, the plain report and --compare run A9's simulation for each claim INCONCLUSIVE at the cap: about 10 s
of one core per claim.

Written from deep/results/support-study/PLAN.md (the plan of 2026-11-27, commit 3220dbb, "Amendments: None yet"; its
amendments 2 and 3, of the same day, name the readings of A1-A3 and define what A9 computes), without reading the
Java implementation of the rule. File formats (run.json "status"/"bits"/"startedAt",
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
* For a claim INCONCLUSIVE at the look of 100: the seeds a decision would need at power 0.8 (PLAN.md amendment 3;
  A9), a planning statement, not a verdict.

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
 A9 The seeds a decision would need (PLAN.md amendment 3), for a claim INCONCLUSIVE at the look of 100: the
    smallest m in 10, 20, ..., 1000 for which a fresh study of m paired seeds, decided at ONE look at one-sided
    alpha 0.005 (PLAN_ALPHA = 0.001 + 0.004, the claim's whole share in the rule) by the rule of the looks (10%-
    trimmed mean, g = floor(0.1 m), Tukey-McLaughlin bounds with the standard error in use (A1) and h - 1 degrees of
    freedom, PASS/FAIL by the claim's kind, margin 0.42), PASSes or FAILs with probability >= 0.8; "more than 1,000"
    (>1000 in verdicts.csv) when it does not at 1000. How this recount reads it:
    * The world: the claim's d_s of the 100 seeds of the look (amendment 2's seeds), each drawn with probability
      1/100 (random.choices, with replacement), shifted so that the world's 10%-trimmed mean is the study's
      estimate. The world's trimmed mean is taken as the trimmed mean of those values themselves, as yuen()
      computes it (floor(0.1 k) cut from each end). For k = 100 this is also the 10%-trimmed mean of the world as
      a distribution (10 atoms of mass 1/100 cut from each end), so both readings agree, and since the estimate is
      that very number the shift is exactly 0: the world is the look's values as they are (planning_world; the
      report says so). No large reference sample is drawn.
    * "With probability at least 0.8": the share of the N_SIM = 40,000 simulated studies that are decided, p >= 0.8
      as estimated (no allowance for its Monte Carlo se, about 0.002 near 0.8: the plan fixes the 40,000, not a
      confidence); the report gives p and its se at m and at m - 10 (at 1000 for "more than 1,000").
    * The search bisects the grid (stats.smallest_on_grid: 500 first; if short, 1000, and "more than 1,000" when
      that is short too; then bisection; 8 evaluations at most). It ASSUMES that the probability of a decision rises
      with m: it does when the estimate is off the claim's decision edges (the bounds narrow as 1/sqrt(m)); at an
      estimate on an edge (0 for a "below" claim, -0.42 or +0.42 for an equivalence claim) it stays near 2 x 0.005
      and the answer is "more than 1,000". Monte Carlo noise can make the estimated p non-monotone within a few se
      of 0.8, so a scan of every m and the bisection can differ by a grid step there: --compare allows for it.
    * Random numbers: one fixed seed per claim, the first 8 bytes of SHA-256 of the claim id (planning_seed, not
      Python's hash()), the same seed at every m; the studies at one m are drawn in turn from random.Random(seed).
      Reproducible on a given Python (the Mersenne Twister and random.choices' floor(random() * n)).
    * Cost, pure Python (stats.resampled_decision_rate: per study one choices, one sort, two sums): about 17 us a
      study at m = 100, 50 us at 300, 130 us at 1000 (one shared core of the machine this was written on); one
      search about 11 s for a world of sd 1 and estimate -0.25 (m = 270, 7 sizes evaluated); "more than 1,000"
      evaluates 500 and 1000 only.
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
    and match when the folder reaches no look. The table's 13-column form, with seeds_needed last (A9), is read as
    well as the first 12-column one; compare.py's docstring says how that column is checked.
"""
import csv, hashlib, json, math, os, sys

# The sibling modules (stats.py; report.py, compare.py, readme.py and selfcheck.py, one for each way the script is
# run; selfcheck.py's parts synthetic.py, selfcheck_seeds_needed.py and selfcheck_readme.py) are
# imported from this file's folder, from whatever directory the script is run. Run as a script, this file is also
# the module "recount" they import (one module, not a copy), and it writes no __pycache__ beside itself (it reads
# the study and writes nothing).
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
if __name__ == "__main__":
    sys.dont_write_bytecode = True
    sys.modules.setdefault("recount", sys.modules[__name__])
import stats                                   # stats.SE_FORM: the standard error in use (A1; --se switches it)
from stats import SE_FORMS, resampled_decision_rate, slope_log10, smallest_on_grid, tbounds, yuen

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
# the trim (TRIM = 10%: g = floor(0.1 k)) and Yuen's standard error (A1, SE_FORM): stats.py
UNION_LINE = ("By the union bound over claims and looks, the probability of any wrong verdict in the study is at "
              "most 6 x 0.0082 < 0.05, on worlds shaped like the second study's data.")
SGD_ADVANTAGE_V2 = 1.41                      # points, the second study's SGD-50 - GD the margin is built on
# PLAN.md amendment 3 (A9): the seeds a decision would need at power 0.8, for a claim INCONCLUSIVE at the cap
PLAN_ALPHA = 0.005                           # one look at the claim's whole one-sided alpha, 0.001 + 0.004
POWER = 0.8
M_STEP, M_MAX = 10, 1000                     # the grid of fresh study sizes, paired seeds
N_SIM = 40000                                # simulated studies per size (selfcheck.py lowers it, and says so)
SN_TOL = 4                                   # --compare: Monte Carlo standard errors allowed (compare.py's docstring)
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


# ---------------------------------------------------------------- the seeds a decision would need (amendment 3, A9)
def at_cap_undecided(rows, fix):
    """The row of the look at the cap when the claim is INCONCLUSIVE there (no look decided it), else None."""
    if rows and rows[fix]["look"] == CAP and rows[fix]["verdict"] == "INCONCLUSIVE":
        return rows[fix]
    return None


def planning_seed(cid):
    """The claim's fixed random seed: the first 8 bytes of SHA-256 of its id (stable across runs and machines,
    unlike hash()); the same seed at every m."""
    return int.from_bytes(hashlib.sha256(cid.encode("utf-8")).digest()[:8], "big")


def planning_world(d, estimate):
    """The world of A9: the per-seed values d shifted so that their 10%-trimmed mean (yuen()'s, floor(0.1 k) cut
    from each end) is `estimate`. At the look of 100 the estimate IS that trimmed mean, so the shift is exactly 0."""
    shift = estimate - yuen(d, PLAN_ALPHA)["tm"]
    return [v + shift for v in d], shift


_RATES = {}                                  # (world, kind, m, nsim, seed, standard error) -> P(decided)


def decision_probability(world, kind, m, seed, nsim=None):
    """P(a fresh study of m paired seeds, one look at PLAN_ALPHA, is decided: PASS or FAIL by the claim's kind) in
    the world, from nsim (default N_SIM) simulated studies; returns (p, its Monte Carlo standard error
    sqrt(p (1 - p) / nsim)). Cached: --compare and the report ask for the same m more than once."""
    nsim = N_SIM if nsim is None else nsim
    key = (tuple(world), kind, m, nsim, seed, stats.SE_FORM)
    if key not in _RATES:
        _RATES[key] = resampled_decision_rate(
            world, m, PLAN_ALPHA, lambda lo, up: decide(kind, lo, up) != "INCONCLUSIVE", nsim, seed)
    p = _RATES[key]
    return p, math.sqrt(p * (1 - p) / nsim)


def seeds_needed(row, nsim=None):
    """PLAN.md amendment 3 for one claim's row at the cap (claim_looks): {"m": the smallest m in 10, 20, ..., 1000
    with P(decided) >= 0.8, or None for "more than 1,000"; "p": {m: (p, se)} at every m evaluated; "seed", "nsim",
    "shift"}. The search assumes P(decided) rises with m (stats.smallest_on_grid; A9)."""
    nsim = N_SIM if nsim is None else nsim
    world, shift = planning_world(row["d"], row["trimmed_mean"])
    seed = planning_seed(row["claim"])
    probs = {}

    def prob(m):
        probs[m] = decision_probability(world, row["kind"], m, seed, nsim)
        return probs[m][0]

    m, _ = smallest_on_grid(prob, POWER, M_STEP, M_MAX)
    return {"m": m, "p": probs, "seed": seed, "nsim": nsim, "shift": shift, "world": world}


def seeds_phrase_of(m):
    return "more than %d" % M_MAX if m is None else "%d" % m


# ---------------------------------------------------------------- described outcomes
def described(accs):
    """The described outcomes (PLAN.md) of per-seed window accuracies accs ([{method: acc}]): [(key, per-seed
    differences)], key "sgd-gd", a dense noise's method id (against SGD-50), ("dose", B) or "slope"."""
    out = [("sgd-gd", [a[SGD] - a[GD] for a in accs])]
    out += [(m, [a[m] - a[SGD] for a in accs]) for m in (COV, FISHER, BERN)]
    out += [(("dose", b), [a[m] - a[FISHER] for a in accs]) for b, m in ((10, FI10), (50, FI50), (250, FI250))]
    out.append(("slope", [slope_log10([(10, a[FI10]), (50, a[FI50]), (250, a[FI250]), (1000, a[FISHER])])
                          for a in accs]))
    return out


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


# ---------------------------------------------------------------- main
USAGE = ("usage: recount.py [--dir STUDY_DIR] [--seeds N] [--runs] [--se tm|yuen1974] | recount.py [--dir STUDY_DIR] "
         "--compare [--table PATH] [--se tm|yuen1974] | recount.py [--dir STUDY_DIR] --readme | recount.py --selfcheck")


def main(argv=None):
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
        elif a == "--readme":
            mode = "readme"
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
                stats.SE_FORM = v
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
        from selfcheck import selfcheck
        return selfcheck()
    if mode == "compare":
        from compare import compare
        return compare(study, table if table is not None else os.path.join(study_root(study), "verdicts.csv"))
    if table is not None:
        print(USAGE)
        return 2
    if mode == "readme":
        from readme import check_readmes, default_files
        try:
            return check_readmes(study, default_files(study))
        except BadInput as e:
            print("recount.py: cannot use %s: %s" % (study, e))
            return 2
    from report import report
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
