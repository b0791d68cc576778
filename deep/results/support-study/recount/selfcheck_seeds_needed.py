"""recount.py --selfcheck, the seeds a decision would need (PLAN.md amendment 3, recount.py's A9): the constants, the
search against stubs and a scan, the simulated studies replayed one by one, the world's shift, "more than 1,000" at an
edge (seeds_needed_checks); and a study of 100 synthetic seeds with a claim INCONCLUSIVE at the cap, --compare's
seeds_needed column on it (seeds_needed_world). Standard library only."""
import os, random

import recount
from compare import OVER, seeds_needed_consistent, write_table
from recount import (ALPHA, CAP, CLAIM_IDS, COV, COVX10, FI10, FISHER, M_MAX, M_STEP, PLAN_ALPHA, POWER, PREFIX,
                     all_claims, at_cap_undecided, decide, load_study, planning_seed, planning_world, seeds_needed,
                     study_root)
from stats import resampled_decision_rate, smallest_on_grid, yuen
from synthetic import mismatches, run_main, world, write_world

def seeds_needed_checks(check, STUDY_N_SIM):
    """PLAN.md amendment 3 (recount.py's A9) without a study folder: the constants, the grid search on stubs, the
    simulated studies replayed through yuen(), the world's shift, the search against a scan, an edge world."""
    print("selfcheck: the seeds a decision would need (PLAN.md amendment 3, A9; %d simulated studies per size here, "
          "not %d)" % (recount.N_SIM, STUDY_N_SIM))
    check(PLAN_ALPHA == ALPHA[50] + ALPHA[100] == 0.005 and POWER == 0.8 and (M_STEP, M_MAX) == (10, 1000)
          and STUDY_N_SIM == 40000, "one look at alpha 0.001 + 0.004 = 0.005, power 0.8, sizes 10, 20, ..., 1000, "
          "40,000 simulated studies per size in the study")

    # the search: a stub probability that is a step at every possible answer (and one never reached)
    wrong, most = [], 0
    for answer in list(range(M_STEP, M_MAX + 1, M_STEP)) + [None]:
        got, seen = smallest_on_grid(lambda m: 0.9 if answer is not None and m >= answer else 0.1, POWER, M_STEP, M_MAX)
        most = max(most, len(seen))
        if got != answer or (answer is not None and answer > M_STEP and answer - M_STEP not in seen) or \
                (answer is None and M_MAX not in seen):
            wrong.append(answer)
    check(not wrong and most <= 8, "bisection on a step stub finds each of the 100 answers and 'more than 1,000' "
          "(with the probability at m - 10, or at 1000, among its evaluations), at most %d evaluations; wrong: %s"
          % (most, wrong or "none"))
    got, _ = smallest_on_grid(lambda m: 0.8 if m >= 370 else 0.7999999, POWER, M_STEP, M_MAX)
    check(got == 370, "the target is reached at p = 0.8 exactly (p >= 0.8), not at 0.7999999 (got %s)" % got)
    got, _ = smallest_on_grid(lambda m: 0.5 + m / 1000, POWER, 10, 10)
    check(got is None and smallest_on_grid(lambda m: 0.85, POWER, 10, 10)[0] == 10, "a grid of one size")

    # --compare's consistency test on stubs (se 0.002 -> tolerance 0.008)
    def stub(table):
        return lambda m: (table[m], 0.002)
    cases = [(270, {270: 0.7921, 260: 0.8079}, True), (270, {270: 0.7919, 260: 0.5}, False),
             (270, {270: 0.95, 260: 0.8081}, False), (10, {10: 0.7921}, True), (OVER, {1000: 0.8079}, True),
             (OVER, {1000: 0.8081}, False)]
    got = [seeds_needed_consistent(v, stub(t))[0] for v, t, _ in cases]
    check(got == [c[2] for c in cases], "consistency of a table's m at 4 se either side: p(m) >= 0.8 - 4 se, "
          "p(m - 10) <= 0.8 + 4 se, >1000: p(1000) <= 0.8 + 4 se (six stub cases at the edges: %s)" % got)

    # the simulated studies, replayed one by one through yuen() and decide() with the same random stream
    r = random.Random(20261127)
    world = [r.gauss(0.0, 1.0) ** 3 - 0.3 for _ in range(100)] + [-6.0, -4.5]       # skewed, with two dips
    diff = []
    for kind, m, form, alpha in (("below", 10, "tm", PLAN_ALPHA), ("below", 40, "yuen1974", PLAN_ALPHA),
                                 ("equivalence", 130, "tm", PLAN_ALPHA), ("equivalence", 25, "tm", 0.05),
                                 ("below", 70, "tm", 0.2)):
        dec = lambda lo, up: decide(kind, lo, up) != "INCONCLUSIVE"
        fast = resampled_decision_rate(world, m, alpha, dec, 400, 99, form)
        draw = random.Random(99).choices
        slow = sum(dec(y["lower"], y["upper"]) for y in (yuen(draw(world, k=m), alpha, form) for _ in range(400))) / 400
        diff.append((kind, m, form, alpha, fast, slow))
    check(all(f == sl for *_, f, sl in diff) and len({f for *_, f, _ in diff}) > 2,
          "the lean simulation decides each of 400 studies as yuen() and decide() do on the same draws (5 settings: "
          "both kinds, both standard errors, m = 10..130, alphas 0.005..0.2; rates %s)"
          % ", ".join("%.3f/%.3f" % (f, sl) for *_, f, sl in diff))

    # the world: shifted to the estimate; at the cap the estimate is the world's own trimmed mean (shift 0)
    d = [r.gauss(0.4, 1.0) for _ in range(100)]
    w, shift = planning_world(d, -0.25)
    y = yuen(d, ALPHA[CAP])
    w0, shift0 = planning_world(d, y["tm"])
    check(abs(yuen(w, PLAN_ALPHA)["tm"] + 0.25) < 1e-12 and shift0 == 0.0 and w0 == d,
          "the world's 10%%-trimmed mean is the estimate (shifted by %+.4f to -0.25); at the estimate itself the shift "
          "is exactly 0 and the world is the look's values" % shift)
    check(planning_seed(PREFIX + "support.fisher-10-below-fisher") == 7636459479051323466,
          "the claim's random seed: SHA-256 of its id, the same on every run and machine")

    # the search against a scan of every size, same simulation, in two worlds of large effect (small m)
    for kind, mu, sd, seed in (("below", -0.8, 1.0, 11), ("equivalence", 0.0, 0.6, 12)):
        r2 = random.Random(seed)
        d = [r2.gauss(0.0, sd) for _ in range(100)]
        c = yuen(d, PLAN_ALPHA)["tm"]
        d = [v - c + mu for v in d]
        row = {"claim": "selfcheck.%s" % kind, "kind": kind, "d": d, "trimmed_mean": yuen(d, PLAN_ALPHA)["tm"]}
        sn = seeds_needed(row)
        dec = lambda lo, up, kind=kind: decide(kind, lo, up) != "INCONCLUSIVE"
        scan, m = [], 0
        while m < M_MAX and not (len(scan) > 1 and scan[-1][1] >= POWER and scan[-2][1] >= POWER):
            m += M_STEP
            scan.append((m, resampled_decision_rate(d, m, PLAN_ALPHA, dec, recount.N_SIM, planning_seed(row["claim"]))))
        first = next((m for m, p in scan if p >= POWER), None)
        same = all(sn["p"][m][0] == p for m, p in scan if m in sn["p"])
        check(sn["m"] == first and first is not None and 20 <= first <= 60 and same,
              "%s world (estimate %+.1f, sd %.1f): the search's %s = the first size of a scan reaching 0.8 (%s), "
              "same probabilities where both evaluated" % (kind, mu, sd, sn["m"], ", ".join(
                  "%d: %.3f" % (m, p) for m, p in scan)))

    # an edge world: a "below" claim whose estimate is exactly 0 is decided only by error, about 2 x 0.005
    half = [abs(r.gauss(0.0, 1.0)) for _ in range(50)]
    row = {"claim": "selfcheck.edge", "kind": "below", "d": half + [-v for v in half], "trimmed_mean": 0.0}
    sn = seeds_needed(row)
    p, se = sn["p"][M_MAX]
    check(sn["m"] is None and sorted(sn["p"]) == [500, 1000] and abs(p - 2 * PLAN_ALPHA) < 4 * se + 1e-9,
          "a below world at its edge (estimate 0, symmetric): more than 1,000 (evaluated at 500 and 1000 only), "
          "P(decided) at 1000 = %.4f (se %.4f), about 2 x 0.005" % (p, se))


def seeds_needed_world(check, rng, tmp):
    """A study of 100 seeds whose [Fisher-10] - Fisher (d_s about N(-0.22, 1)) is INCONCLUSIVE at the cap and
    needs a few hundred seeds, every other claim decided at 50: --compare's seeds_needed with a finite m."""
    print("selfcheck: world 'needs seeds' ([Fisher-10] - Fisher about -0.22 +- 1 point, INCONCLUSIVE at the cap)")
    r = random.Random(42)
    e = [r.gauss(0.0, 1.0) for _ in range(100)]
    c = yuen(e, PLAN_ALPHA)["tm"]
    e = [v - c - 0.22 for v in e]
    acc = world(rng, 100, sd=0.0)
    for a, v in zip(acc, e):
        a[FI10] = a[FISHER] + v
        a[COVX10] = a[COV] - 1.0
    d8 = os.path.join(tmp, "needs")
    write_world(os.path.join(d8, "authors-code"), acc)
    res8 = all_claims(load_study(study_root(d8))[0])
    cap = [cid for cid in CLAIM_IDS if at_cap_undecided(*res8[cid]) is not None]
    check(cap == [CLAIM_IDS[3]] and all(res8[cid][0][res8[cid][1]]["look"] == 50 for cid in CLAIM_IDS if cid not in cap),
          "[Fisher-10] below Fisher alone undecided at the cap, the others decided at 50")
    if cap != [CLAIM_IDS[3]]:
        return
    sn = seeds_needed(at_cap_undecided(*res8[CLAIM_IDS[3]]))
    m = sn["m"]
    check(m is not None and 150 <= m <= 600, "its seeds needed: %s (P %.3f at m, %.3f at m - 10; %d studies per size)"
          % (m, sn["p"][m][0] if m else float("nan"), sn["p"][m - M_STEP][0] if m else float("nan"), sn["nsim"]))
    if m is None:
        return
    tab = os.path.join(d8, "authors-code", "verdicts.csv")
    write_table(tab, res8)
    rc, out = run_main(["--dir", d8, "--compare"])
    check(rc == 0 and ("table %d, consistent" % m) in out, "--compare: the recount's own m (%d): exit 0" % m)
    for v, why in ((min(M_MAX, 3 * m), "3 x m"), (int(round(m / 3.0, -1)), "m / 3"), (OVER, ">1000")):
        write_table(tab, res8, override={CLAIM_IDS[3]: str(v)})
        rc, out = run_main(["--dir", d8, "--compare"])
        lines = mismatches(out)
        check(rc == 1 and len(lines) == 1 and ("seeds_needed table=%s is inconsistent" % v) in lines[0]
              and lines[0].endswith("the recount's own search: %d" % m),
              "--compare: %s (%s) stated: exit 1 (%s)" % (v, why, lines[0].split(": ", 2)[-1][:90] if lines else out[:80]))
