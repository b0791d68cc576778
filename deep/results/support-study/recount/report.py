"""recount.py's report (the plain run, and --runs): the complete paired seeds and the runs' start times against
the plan's commit (A10), each claim at every look reached, the verdicts with the A1/A2 sensitivity notes, the
described outcomes, losses and dips; or, before the first look, the refusal (exit 3). For a claim INCONCLUSIVE at
the cap (the look of 100), the seeds a decision would need at power 0.8 (PLAN.md amendment 3, recount.py's A9), as
a planning statement; nothing of it before the look of 100. What is printed is computed in recount.py (and
stats.py); this module only words and lays it out.
"""
import os, re, subprocess
from datetime import datetime

import stats
from recount import (BERN, CAP, CLAIMS, COV, DELTA, DELTA_OTHER, FISHER, LOOKS, METHODS, M_MAX, M_STEP,
                     PLAN_ALPHA, POWER, PREFIX, SGD_ADVANTAGE_V2, UNION_LINE, BadInput, all_claims,
                     at_cap_undecided, complete_seeds, decide, described, describe, load_study, losses_and_dips,
                     seeds_needed, seeds_phrase_of, study_root)
from stats import SE_FORMS, clopper_pearson_exact, yuen


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
          % ("s_w sqrt(k) / h (tm, the plan's sizing)" if stats.SE_FORM == "tm"
             else "sqrt(SSD_w / (h (h - 1))) (yuen1974)", DELTA))
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
            how = "undecided at the cap (the seeds a decision would need: below)"
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
            other = [f for f in SE_FORMS if f != stats.SE_FORM][0]
            w = yuen(o["d"], o["alpha"], form=other)
            if decide(kind, w["lower"], w["upper"]) != o["verdict_at_look"]:
                notes.append("at look %d the other standard error (A1, %s) gives L %+.4f, U %+.4f: %s"
                             % (o["look"], other, w["lower"], w["upper"], decide(kind, w["lower"], w["upper"])))
        for t in notes:
            print("               note: %s" % t)
        if at_cap_undecided(rows, fix) is not None:
            for t in seeds_needed_lines(at_cap_undecided(rows, fix)):
                print("               %s" % t)
    print(UNION_LINE)

    accs = [{m: r["acc"] for m, r in runs.items()} for _, runs in used]
    print()
    print("DESCRIBED, NOT CLAIMED (the %d paired seeds of the look at %d; points)" % (last, last))
    d = dict(described(accs))
    print("  SGD-50 - GD: %s (the margin is built on the second study's %.2f)" % (describe(d["sgd-gd"]), SGD_ADVANTAGE_V2))
    for m, name in ((COV, "MSGD-Cov"), (FISHER, "MSGD-Fisher"), (BERN, "MSGD-Bernoulli-50")):
        print("  %s - SGD-50: %s" % (name, describe(d[m])))
    print("  the dose, acc(MSGD-[Fisher-B]) - acc(MSGD-Fisher) (negative: a loss):")
    for b in (10, 50, 250):
        print("    B = %4d: %s" % (b, describe(d[("dose", b)])))
    print("    per-seed slope of acc on log10 B over B = 10, 50, 250, 1000 (points per decade): %s" % describe(d["slope"]))

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


def seeds_needed_lines(row):
    """PLAN.md amendment 3 for a claim INCONCLUSIVE at the cap, in words (a planning statement, not a verdict)."""
    sn = seeds_needed(row)
    m, p = sn["m"], sn["p"]
    at = M_MAX if m is None else m
    said = ["%.4f (Monte Carlo se %.4f) at %d" % (p[at][0], p[at][1], at)]
    if m is not None and m > M_STEP:
        said.append("%.4f (%.4f) at %d" % (p[m - M_STEP][0], p[m - M_STEP][1], m - M_STEP))
    return ["seeds a decision would need at power %g (PLAN.md amendment 3; a planning statement, not a verdict): %s "
            "paired seeds" % (POWER, seeds_phrase_of(m)),
            "  P(PASS or FAIL) of a fresh study decided at one look at alpha %g: %s; %d simulated studies per size, "
            "resampled from these %d seeds' d_s (%s: A9), sizes %d..%d by %d (bisection, evaluated at %s; random "
            "seed %d)" % (PLAN_ALPHA, ", ".join(said), sn["nsim"], len(row["d"]),
                          "not shifted: the estimate is their own trimmed mean" if sn["shift"] == 0 else
                          "shifted by %+.6f to the estimate" % sn["shift"], M_STEP, M_MAX, M_STEP,
                          ", ".join(map(str, sorted(p))), sn["seed"])]
