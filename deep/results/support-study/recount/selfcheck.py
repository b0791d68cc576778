"""recount.py --selfcheck: the recount checked on synthetic study folders written in a temporary directory
(equivalent and below worlds, a seed with mixed bits, a lost run, dips, too few seeds, the first deciding look,
--compare's exits, the seeds_needed column, --readme's reading of printed numbers), its arithmetic on Student t quantiles tabulated from scipy (and scipy
itself when importable) and on a hand-worked Yuen example, and the seeds a decision would need (PLAN.md amendment 3,
recount.py's A9): the search against a stub at every answer and against a scan of every size, the simulated studies
replayed one by one through yuen(), the world's shift, "more than 1,000" at an edge. Exit 0 when all checks hold, 1
otherwise. Standard library only (scipy optional).

To run in a few seconds, the selfcheck simulates SELFCHECK_N_SIM = 2000 studies per size (recount.N_SIM, 40,000 in
the study, is lowered for the selfcheck's duration and restored): its Monte Carlo se near 0.8 is 0.009, so
--compare's tolerance (4 se) is 0.036 here; every check below is one that a wrong search, world, alpha or rule
would fail by far more.

Its parts: synthetic.py writes the synthetic studies, selfcheck_seeds_needed.py checks amendment 3's search and
selfcheck_readme.py checks --readme; this file checks the rest and runs them all.
"""
import math, os, random, re, shutil, subprocess, sys, tempfile

import recount
import stats
from compare import COLUMNS, write_table
from recount import (BERN, CLAIM_IDS, CLAIMS, COV, COVX10, FI10, FI50, FI250, FISHER, GD, METHODS, PREFIX, SGD,
                     UNION_LINE, all_claims, decide, load_study, losses_and_dips, study_root)
from selfcheck_readme import readme_checks
from selfcheck_seeds_needed import seeds_needed_checks, seeds_needed_world
from stats import SE_FORMS, clopper_pearson_exact, slope_log10, t_upper, yuen
from synthetic import BITS, mismatches, run_main, short, verdicts_of, world, write_run, write_world

SELFCHECK_N_SIM = 2000
STUDY_N_SIM = recount.N_SIM                  # the study's (40,000), kept while the selfcheck lowers recount.N_SIM


def selfcheck():
    global STUDY_N_SIM
    STUDY_N_SIM = recount.N_SIM
    recount.N_SIM = SELFCHECK_N_SIM
    try:
        return _selfcheck()
    finally:
        recount.N_SIM = STUDY_N_SIM


def _selfcheck():
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
    check(stats.SE_FORM == "tm" or "--se" in sys.argv, "the claims use the plan's sizing's standard error (tm) by default")
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

    seeds_needed_checks(check, STUDY_N_SIM)

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
        said = re.findall(r"seeds a decision would need at power 0.8 \(PLAN.md amendment 3; a planning statement, "
                          r"not a verdict\): (more than 1000|\d+) paired seeds", out)
        check(len(said) == 3 and out.count("P(PASS or FAIL) of a fresh study decided at one look at alpha 0.005") == 3,
              "the three claims INCONCLUSIVE at the cap, and only they, get the seeds a decision would need, named as "
              "amendment 3's planning statement (%s)" % ", ".join(said))
        rc, out = run_main(["--dir", d1, "--seeds", "50"])
        check(rc == 0 and "seeds a decision would need" not in out and "amendment 3" not in out,
              "nothing of it at the look of 50")

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
        if stats.SE_FORM == "tm":                       # s_w^2 = k / (k - 1), se = s_w sqrt(k) / h
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
        check(rc == 0 and "seeds_needed of %s (PLAN.md amendment 3): table >1000, consistent" % CLAIM_IDS[3] in out
              and "seeds_needed empty on 5 rows as due, checked by simulation on 1" in out,
              "a table as the recount computes it (one row per claim, 6 decimals; [Fisher-10] at the cap, exactly "
              "+-1 each seed: seeds_needed >1000): exit 0 (%s)" % out.strip().splitlines()[-1][:60])
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
        lines = mismatches(out)
        check(rc == 1 and len(lines) == 2 and lines[0].startswith(CLAIM_IDS[1] + ": upper")
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
        saved, stats.SE_FORM = stats.SE_FORM, [f for f in SE_FORMS if f != stats.SE_FORM][0]
        try:
            rc, out = run_main(["--dir", d7, "--compare"])
        finally:
            stats.SE_FORM = saved
        fields = {l.split(": ")[1].split(" ")[0] for l in mismatches(out)}
        check(rc == 1 and fields <= {"lower", "upper"} and fields, "the same table checked with the other standard "
              "error (A1): exit 1, only lower and upper bounds differ")
        write_table(tab, all_claims(seeds[:50]))
        rc, out = run_main(["--dir", d7, "--compare"])
        lines = mismatches(out)
        check(rc == 1 and lines and all(l.split(":")[0] in (CLAIM_IDS[0], CLAIM_IDS[1], CLAIM_IDS[3], CLAIM_IDS[5])
                                        for l in lines) and any(": look recount=100 table=50" in l for l in lines),
              "a table still at the look of 50 when the study holds 100 seeds: exit 1 for the claims the look at 100 "
              "decides or closes, none for those fixed at 50")
        write_table(tab, res7)
        rc, out = run_main(["--dir", d2, "--compare", "--table", tab])
        check(rc == 2 and "needs 100" in out, "a table at 100 seeds against a study of 50: exit 2, one line")

        print("selfcheck: --compare, the seeds_needed column (PLAN.md amendment 3)")
        write_table(tab, res7, seeds_needed_column=False)
        rc, out = run_main(["--dir", d7, "--compare"])
        lines = mismatches(out)
        check(rc == 1 and len(lines) == 1 and lines[0].startswith(CLAIM_IDS[3] + ": no seeds_needed column"),
              "the 12-column table at the cap, a claim INCONCLUSIVE there: exit 1, 'no seeds_needed column'")
        write_table(tab, res7, override={CLAIM_IDS[3]: "10"})
        rc, out = run_main(["--dir", d7, "--compare"])
        lines = mismatches(out)
        check(rc == 1 and len(lines) == 1 and "seeds_needed table=10 is inconsistent" in lines[0]
              and "p(10) = " in lines[0] and "the recount's own search: more than 1000" in lines[0],
              "a claim at its edge (estimate 0, a below claim) stated as needing 10 seeds: exit 1 (%s)"
              % (lines[0][len(PREFIX):110] if lines else out.strip()[:80]))
        write_table(tab, res7, override={CLAIM_IDS[0]: "200", CLAIM_IDS[3]: ""})
        rc, out = run_main(["--dir", d7, "--compare"])
        lines = mismatches(out)
        check(rc == 1 and len(lines) == 2 and lines[0].startswith(CLAIM_IDS[0] + ": seeds_needed recount=(empty: "
                                                                   "not INCONCLUSIVE at the cap) table=200")
              and lines[1].startswith(CLAIM_IDS[3] + ": seeds_needed recount=more than 1000")
              and lines[1].endswith("table=(empty)"),
              "seeds_needed on a claim decided at the cap, none on the claim INCONCLUSIVE there: exit 1, one line each")
        write_table(tab, res7, one_row=False)
        rc, out = run_main(["--dir", d7, "--compare"])
        check(rc == 0 and "seeds_needed of %s at look 100" % CLAIM_IDS[3] in out,
              "a row per claim and look, seeds_needed on the row at 100: exit 0")
        write_table(tab, res7, one_row=False, override={CLAIM_IDS[2]: "300"})
        rc, out = run_main(["--dir", d7, "--compare"])
        lines = mismatches(out)
        check(rc == 1 and len(lines) == 1 and lines[0].startswith(
              CLAIM_IDS[2] + " at look 100: seeds_needed recount=(empty: not INCONCLUSIVE at the cap)"),
              "... and on the look-100 row of a claim PASSed at 50: exit 1")
        refused = []
        for v in ("275", "0", "1010", ">1,000", "more than 1000", "2.7e2"):
            write_table(tab, res7, override={CLAIM_IDS[3]: v})
            rc, out = run_main(["--dir", d7, "--compare"])
            refused.append(rc == 2 and len(out.strip().splitlines()) == 1 and "seeds_needed" in out)
        check(all(refused), "a seeds_needed that is not a multiple of 10 in [10, 1000] nor >1000 (275, 0, 1010, >1,000, "
              "'more than 1000', 2.7e2): exit 2, one line")
        shutil.rmtree(os.path.join(d7, "authors-code", SGD, "seed-60"))
        rc, out = run_main(["--dir", d7, "--compare"])
        check(rc == 2, "a study that lost seed 60 since the table: exit 2")
        seeds_needed_world(check, rng, tmp)
        readme_checks(check, rng, tmp, d6)
        with open(os.path.join(d6, "authors-code", "verdicts.csv"), "w") as f:
            f.write(",".join(COLUMNS) + "\n" + "".join("%s,%s,0,49,,,,,NOT_RUN,,,\n" % (c[0], c[1]) for c in CLAIMS))
        rc, out = run_main(["--dir", d6, "--compare"])
        check(rc == 0 and not re.search(r"[-+]?\d+\.\d{3}", out.replace(d6, "")),
              "a NOT_RUN table before the first look: exit 0, no statistic printed")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print("selfcheck: %s" % ("all checks hold" if not fails else "%d FAILED: %s" % (len(fails), "; ".join(fails))))
    return 0 if not fails else 1
