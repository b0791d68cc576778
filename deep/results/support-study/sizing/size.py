#!/usr/bin/env python3
"""Sizing of the support study (../PLAN.md): the rule's wrong-verdict rates and power, simulated on worlds
resampled from the second study's 60 paired seeds (deep/results/noise-class-study/authors-code/runs.csv).

A world for one claim is the empirical law of the claim's per-seed value in the second study, shifted so
that its 10%-trimmed mean (the claim's estimand) is the world's truth; a simulated study draws its paired
seeds from it with replacement, so the skew and the dips of the real runs come along. "dips" worlds add,
on top, a dip of 3 to 7 points to one side of 4% of the seeds (more than the second study saw). The rule
(PLAN.md, "The rule") is applied at both looks; the table gives P(PASS) and P(FAIL) in each world.

Usage: size.py [--worlds N] [--seed S] [--margin F] [--looks N1,N2] [--normal] [--plain-t]
  --margin F   the margin as a fraction of SGD-50's advantage (default 0.3, the plan's)
  --normal     normal worlds with the same sd, for contrast
  --plain-t    Student t on the untrimmed mean instead (shows why the plan trims)
Deterministic for a given --seed. Python 3 with numpy and scipy.
"""
import argparse, csv, os
import numpy as np
from scipy import stats

HERE = os.path.dirname(os.path.abspath(__file__))
RUNS = os.path.join(HERE, "..", "..", "noise-class-study", "authors-code", "runs.csv")

# --- the plan's constants (PLAN.md) -------------------------------------------------------------
ADVANTAGE = 1.41          # SGD-50 - GD in points: 10%-trimmed mean (1.405) and mean (1.406) over the second study's 60 seeds
TRIM = 0.10               # trimmed from each side
LOOKS = (50, 100)
FAMILY_ALPHA = 0.05
CLAIMS = 6
RESERVE = 0.6             # the rule runs at 0.6 of each claim's Bonferroni share, kept for the data's shape
SPEND = (0.2, 0.8)        # share of a claim's alpha spent at each look


def per_look_alpha():
    a = FAMILY_ALPHA / CLAIMS * RESERVE
    return tuple(a * s for s in SPEND)


def load():
    acc = {}
    for r in csv.DictReader(open(RUNS)):
        acc.setdefault(r["method_id"], {})[int(r["seed"])] = 100.0 * float(r["window_test_accuracy"])
    seeds = sorted(acc["gd"])
    return {m: np.array([v[s] for s in seeds]) for m, v in acc.items()}


def contrasts(a):
    """Per-seed values of each claim in the second study (where v3's noise is new: its closest contrast)."""
    l_cov = a["msgd-sparse-cov-10"] - a["msgd-cov"]        # v3's [Cov-10] is compensated to SGD's covariance
    l_fis = a["msgd-sparse-fisher-10"] - a["msgd-fisher"]
    dense = (a["msgd-fisher"] + a["msgd-cov"] + a["msgd-bernoulli-50"]) / 3
    sparse = (a["msgd-sparse-cov-10"] + a["msgd-sparse-fisher-10"]) / 2
    return {
        "class.bernoulli-50-vs-cov": ("equivalence", a["msgd-bernoulli-50"] - a["msgd-cov"]),
        "class.fisher-vs-cov": ("equivalence", a["msgd-fisher"] - a["msgd-cov"]),
        "support.cov-10-below-cov": ("below", l_cov),
        "support.fisher-10-below-fisher": ("below", l_fis),
        "as-sgd.dense-vs-sgd-50": ("equivalence", dense - a["sgd-50-wor"]),
        "as-sgd.sparse-below-sgd-50": ("below", sparse - a["sgd-50-wor"]),
        # not claims of the plan: sized for the record
        "(single dense: cov vs sgd-50)": ("equivalence", a["msgd-cov"] - a["sgd-50-wor"]),
        "(single dense: fisher vs sgd-50)": ("equivalence", a["msgd-fisher"] - a["sgd-50-wor"]),
        "(trend: fisher dose, not a claim)": ("trend", (l_fis - l_fis.mean()) / np.sqrt(2)),
    }


def trimmed(x, g=TRIM):
    """Trimmed mean of each row (floor(g n) from each side)."""
    n = x.shape[-1]
    k = int(np.floor(g * n))
    return np.sort(x, axis=-1)[..., k:n - k].mean(axis=-1)


def bounds(x, alpha, plain=False):
    """One-sided bounds at level alpha each of each row's estimand: Yuen's trimmed-mean t (or plain t)."""
    n = x.shape[1]
    if plain:
        m, se, df = x.mean(axis=1), x.std(axis=1, ddof=1) / np.sqrt(n), n - 1
    else:
        k = int(np.floor(TRIM * n))
        xs = np.sort(x, axis=1)
        m = xs[:, k:n - k].mean(axis=1)
        w = np.clip(xs, xs[:, [k]], xs[:, [n - k - 1]])          # winsorized
        se = w.std(axis=1, ddof=1) / ((1 - 2 * k / n) * np.sqrt(n))
        df = n - 2 * k - 1
    t = stats.t.ppf(1 - alpha, df)
    return m - t * se, m + t * se


# The dose: supports B of the sparse Fisher noise, the dense MSGD-Fisher as B = n = 1000, and the trend's weights
# (log10 B centred, over sum of squares: the per-seed least-squares slope of accuracy on log10 B, points per decade).
DOSES = np.array([10, 50, 250, 1000])
_C = np.log10(DOSES) - np.log10(DOSES).mean()
TREND_WEIGHTS = _C / (_C ** 2).sum()
# Loss models for the trend's power (points, against the dense MSGD-Fisher): the second study's loss at B = 10
# (-0.33), falling linearly in log10 B to 0 at B = n, or present at B = 10 only.
TREND_MODELS = {"linear in log B": -0.33 * (3 - np.log10(DOSES)) / 2, "at B = 10 only": np.array([-0.33, 0, 0, 0])}


def trend_world(run_residuals, losses, dips):
    """Per-seed slopes when run s at support B has accuracy mu_s + loss_B + r, r drawn independently per run from
    the second study's [Fisher-10] - Fisher differences (centred, / sqrt 2: one run's share): the seed's own level
    mu_s cancels in the slope."""
    def draw(rng, shape):
        r = run_residuals[rng.integers(0, len(run_residuals), shape + (len(DOSES),))]
        if dips:
            hit = rng.random(shape + (len(DOSES),)) < 0.04
            r = r - hit * rng.uniform(3, 7, shape + (len(DOSES),))
        return (r + losses) @ TREND_WEIGHTS
    return draw


def decide(kind, lo, hi, delta):
    if kind == "trend":
        return np.where(lo > 0, 1, np.where(hi < 0, -1, 0))
    if kind == "equivalence":
        return np.where((lo > -delta) & (hi < delta), 1, np.where((hi < -delta) | (lo > delta), -1, 0))
    if kind == "below":
        return np.where(hi < 0, 1, np.where(lo > 0, -1, 0))
    raise ValueError(kind)


def world(values, truth, dips, normal, plain):
    """A sampler of paired-seed values with the world's estimand at `truth`."""
    big = np.random.default_rng(7)
    def raw(rng, shape):
        if normal:
            x = rng.standard_normal(shape) * values.std(ddof=1)
        else:
            x = values[rng.integers(0, len(values), shape)]
        if dips:
            hit = rng.random(shape) < 0.04
            x = x + hit * rng.choice([-1.0, 1.0], shape) * rng.uniform(3, 7, shape)
        return x
    ref = raw(big, (1, 2_000_000))
    centre = ref.mean() if plain else trimmed(ref)[0]
    return lambda rng, shape: raw(rng, shape) - centre + truth


def study(kind, draw, delta, worlds, rng, plain, looks):
    """P(PASS), P(FAIL) of the two-look rule."""
    d = draw(rng, (worlds, looks[-1]))
    verdict = np.zeros(worlds, dtype=int)
    for n, alpha in zip(looks, per_look_alpha()):
        lo, hi = bounds(d[:, :n], alpha, plain)
        v = decide(kind, lo, hi, delta)
        still = verdict == 0
        verdict[still] = v[still]
    return (verdict == 1).mean(), (verdict == -1).mean()


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--worlds", type=int, default=40000)
    p.add_argument("--seed", type=int, default=20261127)
    p.add_argument("--margin", type=float, default=0.3)
    p.add_argument("--looks", default=",".join(map(str, LOOKS)))
    p.add_argument("--normal", action="store_true")
    p.add_argument("--plain-t", action="store_true")
    o = p.parse_args()
    looks = tuple(int(x) for x in o.looks.split(","))
    delta = round(o.margin * ADVANTAGE, 2)
    rng = np.random.default_rng(o.seed)
    a = load()
    a1, a2 = per_look_alpha()
    cap_alpha = FAMILY_ALPHA / CLAIMS
    print(f"worlds: {'normal, same sd' if o.normal else 'resampled from the second study'}; {o.worlds} studies each; "
          f"estimand: {'mean (plain t)' if o.plain_t else '10%-trimmed mean (Yuen)'}; looks {looks}; "
          f"one-sided alpha per look {a1:.5f}, {a2:.5f}; a claim's share {cap_alpha:.5f}; "
          f"margin {delta:.2f} points ({o.margin} x {ADVANTAGE})")
    print(f"Monte Carlo sd of a rate near {cap_alpha:.4f}: {np.sqrt(cap_alpha * (1 - cap_alpha) / o.worlds):.4f}")
    print(f"{'claim':34s} {'est':>6s} {'sd':>5s} {'skew':>5s} | {'world (truth, pts)':>26s} {'P(PASS)':>8s} {'P(FAIL)':>8s}")
    for name, (kind, v) in contrasts(a).items():
        est = v.mean() if o.plain_t else trimmed(v)
        if kind == "equivalence":
            ws = [("-margin: PASS wrong", -delta, False), ("+margin: PASS wrong", delta, False),
                  ("-margin, dips: PASS wrong", -delta, True), ("+margin, dips: PASS wrong", delta, True),
                  ("0: FAIL wrong; power", 0.0, False), ("observed: power", est, False),
                  ("observed, dips: power", est, True)]
        else:
            ws = [("0: PASS wrong", 0.0, False), ("0, dips: PASS wrong", 0.0, True),
                  ("observed: power", est, False), ("observed, dips: power", est, True),
                  ("observed/2: power", est / 2, False)]
        if kind == "trend":
            ws = [("no trend: PASS wrong", np.zeros(4), False), ("no trend, dips: PASS wrong", np.zeros(4), True)]
            ws += [(m + ": power", L, False) for m, L in TREND_MODELS.items()]
            ws += [(m + ", dips: power", L, True) for m, L in TREND_MODELS.items()]
            est = float("nan")
        first = True
        for label, truth, dips in ws:
            if kind == "trend":
                residuals = v if not o.normal else np.random.default_rng(3).standard_normal(100_000) * v.std(ddof=1)
                base = trend_world(residuals, truth, dips)
                ref = base(np.random.default_rng(7), (1, 400_000))
                centre = (ref.mean() if o.plain_t else trimmed(ref)[0]) - (truth @ TREND_WEIGHTS)
                draw = (lambda b, c: (lambda g, shape: b(g, shape) - c))(base, centre)
                truth = float(truth @ TREND_WEIGHTS)
            else:
                draw = world(v, truth, dips, o.normal, o.plain_t)
            pp, pf = study(kind, draw, delta, o.worlds, rng, o.plain_t, looks)
            head = (f"{name:34s} {est:+6.3f} {v.std(ddof=1):5.3f} {stats.skew(v):+5.2f}" if first else " " * 53)
            print(f"{head} | {label + f' ({truth:+.2f})':>26s} {pp:8.4f} {pf:8.4f}")
            first = False


if __name__ == "__main__":
    main()
