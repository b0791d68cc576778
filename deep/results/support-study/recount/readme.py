"""recount.py --readme: check the support study's numbers as the READMEs print them against this recount.

Every "E [L, U]" the checked text prints (a signed number with decimals, then two in brackets; "-" or the true minus
sign "\u2212"; also "E <words> 95% [L, U]", as in "1.03 points here (95% [0.76, 1.30])") must be a 10%-trimmed mean with its bounds as this recount computes them, each number the value rounded
to the decimals printed (|printed - value| <= half a unit of the last printed decimal): a claim at a look reached
(its one-sided bounds at the look's alpha), or a described outcome on the seeds of the last look reached (its 95%
interval: SGD-50 - GD, each dense noise - SGD-50, the dose at B = 10, 50, 250, the dose's slope). And each of the six
claims must be printed at the look that fixes its verdict (or, undecided, the last look reached): the issue's
"the README's answer names, for each contrast, the difference in points with its interval".

The checked text: the top README's answer that starts "**If not the class, the support?**" (its paragraph and
whatever follows it, a table of the contrasts included, up to the next heading: a line starting "#"), and the study
README from its start to its line that starts "**Status:".

Three single-number forms are checked too, each against the seeds of the last look reached: "upper bound (X)" and
"lower bound (X)" must be a bound of a claim at a look reached; "B = 10, 50, 250: X, Y, Z" the dose's trimmed means;
and the losses and dips each text must print, "<N> runs of <M> lost their training" (or "its") and "<N> [other]
[runs] dipped" (N a numeral or a word from "no" to "twenty", M the look's runs, nine a seed): lost is a window
accuracy below 50 points, dipped a test accuracy below 50% at an evaluation from iteration 1,000 on in a run not lost
(recount.py's A7). Other single numbers are not checked.

Exit 0 when everything matches, 1 with one line per mismatch, 2 with one line when a file or its checked text is
missing, 3 before the first look (fewer than 50 complete paired seeds: nothing is computed, as in the report).
What is computed here is recount.py's (claim_looks, describe's yuen at 0.025); this module only reads the text.
"""
import os, re

from recount import (BERN, CLAIMS, COV, FISHER, LOOKS, METHODS, PREFIX, all_claims, complete_seeds, described,
                     load_study, losses_and_dips, study_root)
from stats import yuen

NUMBER = r"[+\-\u2212]?\d+\.\d+"
# "E [L, U]", or "E <words> 95% [L, U]" ("1.03 points here (95% [0.76, 1.30])"); the words hold no digit and no
# bracket, so an estimate is never paired with a later number's interval; a line may break at any space
TRIPLE = re.compile(r"(%s)(?:\s[^\[\]0-9]{0,40}95%%)?\s+\[(%s),\s+(%s)\]" % (NUMBER, NUMBER, NUMBER))
TOP_START = "**If not the class, the support?**"
STUDY_END = "**Status:"
BOUND = re.compile(r"(upper|lower)\s+bound\s+\((%s)\)" % NUMBER)
DOSE = re.compile(r"B\s+=\s+10,\s+50,\s+250:\s+(%s),\s+(%s),\s+(%s)" % (NUMBER, NUMBER, NUMBER))
WORDS = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
         "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty"]
COUNT = r"(\d+|%s)" % "|".join(WORDS)
LOST = re.compile(r"\b%s\s+runs?\s+of\s+(\d[\d,]*)\s+lost\s+(?:their|its)\s+training" % COUNT, re.IGNORECASE)
DIPPED = re.compile(r"\b%s\s+(?:other\s+)?(?:runs?\s+)?dipped\b" % COUNT, re.IGNORECASE)


def number(text):
    """A printed number and half a unit of its last decimal."""
    t = text.replace("\u2212", "-")
    decimals = len(t.split(".")[1])
    return float(t), 0.5 * 10 ** -decimals


def triples(text):
    """Every "E [L, U]" in the text: (the printed text, [(value, half unit)] * 3)."""
    return [(" ".join(m.group(0).split()), [number(m.group(i)) for i in (1, 2, 3)]) for m in TRIPLE.finditer(text)]


def count(text):
    t = text.lower()
    return int(t) if t.isdigit() else WORDS.index(t)


def singles(text):
    """The checked single numbers: [(kind, the printed text, [(value, half unit)] or counts)], kind "upper", "lower",
    "dose", "lost" (counts (N, M)) or "dipped" (counts (N,))."""
    flat = " ".join(text.split())
    out = [(m.group(1), m.group(0), [number(m.group(2))]) for m in BOUND.finditer(flat)]
    out += [("dose", m.group(0), [number(m.group(i)) for i in (1, 2, 3)]) for m in DOSE.finditer(flat)]
    out += [("lost", m.group(0), (count(m.group(1)), int(m.group(2).replace(",", "")))) for m in LOST.finditer(flat)]
    out += [("dipped", m.group(0), (count(m.group(1)),)) for m in DIPPED.finditer(flat)]
    return out


def matches(printed, computed):
    return all(abs(v - c) <= h + 1e-9 for (v, h), c in zip(printed, computed))


def top_answer(text):
    """The top README's answer: from its line starting TOP_START to the next heading (or the end)."""
    lines = text.split("\n")
    start = next((i for i, l in enumerate(lines) if l.startswith(TOP_START)), None)
    if start is None:
        return None
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("#")), len(lines))
    return "\n".join(lines[start:end])


def study_part(text):
    lines = text.split("\n")
    end = next((i for i, l in enumerate(lines) if l.startswith(STUDY_END)), None)
    return None if end is None else "\n".join(lines[:end])


def computed(seeds):
    """What a checked triple may be: [(label, (tm, lower, upper))]; each claim's triple at its fixing look; and what
    the single numbers must be: {"upper"/"lower": [a claim's bound at a look reached], "dose": (tm at B = 10, 50,
    250), "lost": (lost runs, runs), "dipped": (dipped runs,)}, on the seeds of the last look reached."""
    res = all_claims(seeds)
    known, fixing, uppers, lowers = [], {}, [], []
    for cid, _, _, _ in CLAIMS:
        rows, fix = res[cid]
        for r in rows:
            known.append(("%s at the look of %d" % (cid[len(PREFIX):], r["look"]),
                          (r["trimmed_mean"], r["lower"], r["upper"])))
            uppers.append(r["upper"])
            lowers.append(r["lower"])
        r = rows[fix]
        fixing[cid] = (r["look"], (r["trimmed_mean"], r["lower"], r["upper"]))
    last = max(l for l in LOOKS if l <= len(seeds))
    accs = [{m: r["acc"] for m, r in runs.items()} for _, runs in seeds[:last]]
    names = {"sgd-gd": "SGD-50 - GD", COV: "MSGD-Cov - SGD-50", FISHER: "MSGD-Fisher - SGD-50",
             BERN: "MSGD-Bernoulli-50 - SGD-50", "slope": "the dose's slope"}
    dose = []
    for k, d in described(accs):
        y = yuen(d, 0.025)
        label = names[k] if k in names else "the dose at B = %d" % k[1]
        known.append(("%s (95%%, %d seeds)" % (label, last), (y["tm"], y["lower"], y["upper"])))
        if k not in names:
            dose.append(y["tm"])
    lost_dipped = losses_and_dips(seeds[:last]).values()
    single = {"upper": uppers, "lower": lowers, "dose": tuple(dose),
              "lost": (sum(len(lost) for lost, _ in lost_dipped), len(METHODS) * last),
              "dipped": (sum(len(dipped) for _, dipped in lost_dipped),)}
    return known, fixing, single


def runs(n):
    """'run' or 'runs', as a count of n reads."""
    return "run" if n == 1 else "runs"


def check_singles(path, found, single):
    """The mismatches of the single numbers found in one text, and a line for each count the text leaves out."""
    bad = []
    for kind, shown, printed in found:
        if kind in ("upper", "lower"):
            ok = any(matches(printed, (b,)) for b in single[kind])
            want = "a claim's %s bound at a look reached" % kind
        elif kind == "dose":
            ok = matches(printed, single["dose"])
            want = "the dose's trimmed means %+.4f, %+.4f, %+.4f" % single["dose"]
        else:
            ok = printed == single[kind]
            want = ("%d %s of %d lost" % (single["lost"][0], runs(single["lost"][0]), single["lost"][1])
                    if kind == "lost" else "%d %s dipped" % (single["dipped"][0], runs(single["dipped"][0])))
        if not ok:
            bad.append("%s: '%s' is not what the recount counts (%s)" % (path, shown, want))
    for kind in ("lost", "dipped"):
        if not any(k == kind for k, _, _ in found):
            bad.append("%s: prints no count of the runs that %s (as '<N> runs of <M> lost their training', "
                       "'<N> other runs dipped')" % (path, "lost their training" if kind == "lost" else "dipped"))
    return bad


def check_readmes(study_dir, files):
    """files: [(path, "top" or "study")]. Prints the mismatches (or what matched) and returns the exit code."""
    root = study_root(study_dir)
    if not os.path.isdir(root):
        print("recount.py --readme: no such study folder %s" % root)
        return 2
    taken, _, _ = complete_seeds(root)
    if len(taken) < LOOKS[0]:
        print("recount.py --readme: %d complete paired seeds; the first look is at %d: nothing is computed before it"
              % (len(taken), LOOKS[0]))
        return 3
    seeds = load_study(root)[0]
    known, fixing, single = computed(seeds)
    bad, checked, counted = [], 0, 0
    for path, kind in files:
        try:
            with open(path, encoding="utf-8") as f:
                text = f.read()
        except OSError as e:
            print("recount.py --readme: cannot read %s: %s" % (path, e.strerror or e))
            return 2
        part = top_answer(text) if kind == "top" else study_part(text)
        if part is None:
            print("recount.py --readme: %s has no %s" % (path, "answer starting '%s'" % TOP_START if kind == "top"
                                                          else "line starting '%s'" % STUDY_END))
            return 2
        found = triples(part)
        checked += len(found)
        for shown, printed in found:
            if not any(matches(printed, c) for _, c in known):
                label, c = min(known, key=lambda k: sum(abs(v - x) for (v, _), x in zip(printed, k[1])))
                bad.append("%s: '%s' is no trimmed mean [L, U] of this recount (closest: %s, %+.4f [%+.4f, %+.4f])"
                           % (path, shown, label, c[0], c[1], c[2]))
        for cid, (look, c) in fixing.items():
            if not any(matches(printed, c) for _, printed in found):
                bad.append("%s: %s is not printed at the look that fixes it (%d: %+.4f [%+.4f, %+.4f])"
                           % (path, cid[len(PREFIX):], look, c[0], c[1], c[2]))
        found = singles(part)
        counted += len(found)
        bad += check_singles(path, found, single)
    for line in bad:
        print(line)
    if bad:
        return 1
    print("readme: all %d printed trimmed means [L, U] and %d single numbers and counts match the recount's, up to the "
          "look of %d (%d complete paired seeds); each of the %d claims is printed at the look that fixes it, in each "
          "of %d texts" % (checked, counted, max(l for l in LOOKS if l <= len(seeds)), len(seeds), len(fixing),
                           len(files)))
    return 0


def default_files(study_dir):
    """The top README and the study README of this repository's support study."""
    study = os.path.abspath(study_dir)
    if os.path.basename(study) == "authors-code":
        study = os.path.dirname(study)
    top = os.path.join(study, os.pardir, os.pardir, os.pardir, "README.md")
    return [(os.path.normpath(top), "top"), (os.path.join(study, "README.md"), "study")]
