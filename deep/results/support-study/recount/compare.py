"""recount.py --compare: check the Java study's verdict table (verdicts.csv) claim by claim against the recount
(recount.py's docstring, A11, says how the table is read); and write_table, a table as the recount computes it, for
--selfcheck. This module knows the table's columns and how its rows are matched; the recount itself is recount.py.
Exit 0 when every verdict, look and seed count match and every number agrees to 5e-6 points, 1 with one line per
mismatch, 2 with one line when an input cannot be used. Standard library only.
"""
import csv, os

from recount import BadInput, CAP, CLAIM_IDS, CLAIMS, LOOKS, all_claims, complete_seeds, load_study, study_root

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
