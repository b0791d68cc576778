"""recount.py --selfcheck, --readme (readme.py): the numbers a README prints against the recount, on texts written
from a synthetic study's own numbers. Standard library only."""
import os, re

from recount import COV, COVX10, FI10, GD, load_study, study_root
from synthetic import run_fn, world, write_world

def readme_checks(check, rng, tmp, few):
    """--readme (readme.py): texts written from a synthetic study's own numbers match; a number off by 0.01, a claim
    left out, a missing paragraph and a study before its first look do not; a double rounding (0.2449 -> 0.245 ->
    0.25) is caught; "E <words> 95% [L, U]" never pairs an estimate with a later number's interval."""
    from readme import STUDY_END, TOP_START, check_readmes, computed, matches, triples
    print("selfcheck: --readme (the numbers a README prints against the recount)")
    d = os.path.join(tmp, "readme")
    accs = world(rng, 60, shift={COVX10: -1.0}, sd=0.8)
    accs[7][FI10] = 10.0                                        # one run lost its training, two others dipped
    write_world(os.path.join(d, "authors-code"), accs, over={(GD, 3): {"dips": {1200: 0.31}},
                                                             (COV, 40): {"dips": {3000: 0.2, 3200: 0.45}}})
    known, fixing, single = computed(load_study(study_root(d))[0])
    check(single["lost"] == (1, 450) and single["dipped"] == (2,),
          "--readme: the synthetic study's counts (60 seeds, the look of 50): 1 run of 450 lost, 2 dipped (%s, %s)"
          % (single["lost"], single["dipped"]))

    def shown(c, sep=" "):
        f = lambda v: ("%+.2f" % v).replace("-", "\u2212")
        return "%s%s[%s, %s]" % (f(c[0]), sep, f(c[1]), f(c[2]))

    claims = [c for _, c in sorted(fixing.values(), key=lambda lc: lc[1])]
    sgd_gd = next(c for label, c in known if label.startswith("SGD-50 - GD"))
    dose = ", ".join(("%+.2f" % v).replace("-", "\u2212") for v in single["dose"])
    bound = ("%+.3f" % claims[0][2]).replace("-", "\u2212")
    top = os.path.join(d, "README.md")
    study = os.path.join(d, "STUDY.md")
    counts = ("One run of 450 lost its training and two\nother runs dipped",
              "**One run of 450 lost its training**. Two runs dipped and came back")

    def write(top_claims, with_paragraph=True, counts=counts, dose=dose, table_row=None):
        table_row = top_claims[0] if table_row is None else table_row   # a table below the paragraph is checked too
        body = "; ".join("claim %d %s" % (i, shown(c, "\n" if i % 2 else " ")) for i, c in enumerate(top_claims))
        with open(top, "w", encoding="utf-8") as f:
            f.write("# t\n\nthe second study: \u22129.99 [\u22129.99, +9.99]; Four runs of 480 lost their training\n\n"
                    "%s %s. Advantage %.2f points here (95%% [%.2f, %.2f]). B = 10, 50, 250: %s points. %s.\n\n"
                    "| contrast | points |\n| --- | --- |\n| claim 0 | %s |\n\n## Next\n\n"
                    "after it: \u22129.99 [\u22129.99, +9.99]\n"
                    % (TOP_START if with_paragraph else "**Another heading**", body, *sgd_gd, dose, counts[0],
                       shown(table_row)))
        with open(study, "w", encoding="utf-8") as f:
            f.write("# s\n\n" + "".join("| %s |\n" % shown(c) for c in claims) + "\nThe upper bound (%s). %s.\n\n%s "
                    "nothing checked: \u22129.99 [\u22129.99, +9.99]; 3 runs of 900 lost their training\n"
                    % (bound, counts[1], STUDY_END))

    files = [(top, "top"), (study, "study")]
    write(claims)
    rc, out = run_fn(lambda: check_readmes(d, files))
    check(rc == 0 and ("all %d printed trimmed means [L, U] and 6 single" % (2 * len(claims) + 2)) in out,
          "--readme: texts printing the study's own numbers (a line break inside one, a '95%%' form, a table below the"
          " top paragraph; text after the next heading unread): exit 0 (%s)"
          % out.strip()[:70])
    off = list(claims)
    off[2] = (off[2][0], off[2][1], off[2][2] + 0.01)
    write(off)
    rc, out = run_fn(lambda: check_readmes(d, files))
    lines = out.strip().splitlines()
    check(rc == 1 and len(lines) == 2 and all(l.startswith(top) for l in lines) and "is no trimmed mean" in lines[0]
          and "is not printed at the look that fixes it" in lines[1],
          "--readme: one bound off by 0.01 in the top README: exit 1, that number and its claim named (2 lines)")
    write(claims[:-1])
    rc, out = run_fn(lambda: check_readmes(d, files))
    check(rc == 1 and len(out.strip().splitlines()) == 1 and "is not printed" in out,
          "--readme: a claim left out of the top README: exit 1, one line")
    for label, kw, want in (
            ("a lost count of two", {"counts": (counts[0].replace("One run", "Two runs"), counts[1])},
             (top, "'Two runs of 450 lost its training' is not what the recount counts (1 run of 450 lost)")),
            ("a lost count of 540 runs (60 seeds; the look counts 50)",
             {"counts": (counts[0], counts[1].replace("450", "540"))},
             (study, "'One run of 540 lost its training' is not what")),
            ("no dip count", {"counts": (counts[0], counts[1].split(". Two")[0])},
             (study, "prints no count of the runs that dipped")),
            ("a row of the table below the top paragraph off by 0.01",
             {"table_row": (claims[0][0], claims[0][1], claims[0][2] + 0.01)}, (top, "is no trimmed mean [L, U]")),
            ("the dose's B = 50 off by 0.01", {"dose": ", ".join(("%+.2f" % (v + (0.01 if i == 1 else 0)))
                                                                  .replace("-", "\u2212")
                                                                  for i, v in enumerate(single["dose"]))},
             (top, "is not what the recount counts (the dose's trimmed means"))):
        write(claims, **kw)
        rc, out = run_fn(lambda: check_readmes(d, files))
        lines = out.strip().splitlines()
        check(rc == 1 and len(lines) == 1 and lines[0].startswith(want[0]) and want[1] in lines[0],
              "--readme: %s: exit 1, one line naming it" % label)
    write(claims)
    t = os.path.join(d, "bound.md")
    with open(t, "w", encoding="utf-8") as f:
        f.write("%s x. The upper bound (%+.3f).\n" % (TOP_START, claims[0][2] + 0.002))
    rc, out = run_fn(lambda: check_readmes(d, [(t, "top")]))
    check(rc == 1 and "upper bound" in out and "a claim's upper bound" in out,
          "--readme: an upper bound off by 0.002 at three decimals: a mismatch")
    write(claims, with_paragraph=False)
    rc, out = run_fn(lambda: check_readmes(d, files))
    check(rc == 2 and len(out.strip().splitlines()) == 1 and TOP_START in out,
          "--readme: a top README without the support paragraph: exit 2, one line")
    rc, out = run_fn(lambda: check_readmes(few, files))
    check(rc == 3 and not re.search(r"\d\.\d", out.replace(few, "")),
          "--readme: a study before its first look: exit 3, no statistic printed")
    dose = (0.0225, -0.1999, 0.2449)
    check(not matches(triples("+0.02 [\u22120.20, +0.25]")[0][1], dose)
          and matches(triples("+0.02 [\u22120.20, +0.24]")[0][1], dose),
          "--readme: 0.2449 printed as 0.25 (rounded twice, through 0.245) is a mismatch, as 0.24 it matches")
    t = triples("B = 10, 50, 250: \u22120.23, +0.02 points; slope +0.14 points per decade, 95% [+0.02, +0.25]")
    check(len(t) == 1 and t[0][0].startswith("+0.14 points per decade"),
          "--readme: '95%% [L, U]' pairs with the number just before it, never across another number (%s)"
          % [x[0] for x in t])
