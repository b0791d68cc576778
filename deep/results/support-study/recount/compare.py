"""recount.py --compare: check the Java study's verdict table (verdicts.csv) claim by claim against the recount
(recount.py's docstring, A11, says how the table is read); and write_table, a table as the recount computes it, for
--selfcheck. This module knows the table's columns and how its rows are matched; the recount itself is recount.py.
Exit 0 when every verdict, look and seed count match, every number agrees to 5e-6 points and every seeds_needed is
consistent (below), 1 with one line per mismatch, 2 with one line when an input cannot be used. Standard library only.

Two headers are read: the 12 columns of the table as first committed (claim, kind, look, seeds, trimmed_mean, lower,
upper, alpha, verdict, mean, mean_lower, mean_upper), and the same with a 13th, last column seeds_needed (PLAN.md
amendment 3, recount.py's A9), agreed with the Java side: empty on every row except a claim's row at the look of 100
whose verdict is INCONCLUSIVE, where it is an integer multiple of 10 in [10, 1000] (written as digits, e.g. 270) or
the literal >1000. Any other text in that column is unusable input (exit 2). The checks of seeds_needed:
* with the 13-column header, on every row where the recount does not call the claim INCONCLUSIVE at the cap (a
  decided claim, a row at the look of 50, or a study not yet at 100 seeds) the cell must be empty;
* on the row at the look of 100 of a claim the recount calls INCONCLUSIVE at the cap it must not be empty, and the
  table's m must be consistent with the recount's OWN simulation (40,000 studies per size, its own random stream),
  not equal to the recount's own search: with p(m) the recount's decision probability at m and se = sqrt(p (1 - p) /
  40000) its Monte Carlo standard error, p(m) >= 0.8 - 4 se and, when m > 10, p(m - 10) <= 0.8 + 4 se (each se at
  its own size); for >1000, p(1000) <= 0.8 + 4 se. Two correct searches on independent streams can land a grid step
  apart wherever p(m) is within a few se of 0.8 (a synthetic world of sd 1 point and estimate -0.25, 40,000 studies
  per size: p(260) = 0.7994, p(270) = 0.8187, se 0.002), so equality would fail correct tables;
* with the 12-column header, a claim the recount calls INCONCLUSIVE at the cap is a mismatch ("no seeds_needed
  column"); before the cap none is due and the old table is compared as before.
The false alarm of the 4-se tolerance, per check (one inequality), normal approximation: if the table's m is right in
the sense that the true probability is on the right side of 0.8, the recount's estimate crosses the tolerance with
probability at most Phi(-4) = 3.2e-5. If the table's m was itself picked by a Monte Carlo search whose estimate only
just crossed 0.8 (the true p may then sit a little on the wrong side), the event needs the two independent estimates
of the same p to differ by more than 4 se, sd sqrt(2) se: at most Phi(-4 / sqrt(2)) = Phi(-2.83) = 0.0023 per check,
whatever the true p. A claim INCONCLUSIVE at the cap has at most two checks: with c such claims, a union bound of
2c times these.
The 4 is not tuned: it is a round number of standard errors fixed here before any table with the column exists, on
the normal approximation alone, and it does not depend on the study's values; what it lets through is a table m one
grid step off where p moves by less than about 4 se per step, what it catches is an m whose probability is clearly
on the wrong side of 0.8 (a search off by a factor of 3, a wrong alpha, a wrong world: selfcheck.py).
"""
import csv, os, re

import recount                                 # recount.N_SIM is read when used (selfcheck.py lowers it)
from recount import (BadInput, CAP, CLAIM_IDS, CLAIMS, LOOKS, M_MAX, M_STEP, POWER, SN_TOL, all_claims,
                     at_cap_undecided, complete_seeds, decision_probability, load_study, planning_seed,
                     planning_world, seeds_needed, seeds_phrase_of, study_root)

COLUMNS = ["claim", "kind", "look", "seeds", "trimmed_mean", "lower", "upper", "alpha", "verdict", "mean",
           "mean_lower", "mean_upper"]
SEEDS_NEEDED = "seeds_needed"
COLUMNS_SN = COLUMNS + [SEEDS_NEEDED]        # the header with amendment 3's column, last
OVER = ">%d" % M_MAX                         # the literal for "more than 1,000"
NUMBERS = ["trimmed_mean", "lower", "upper", "alpha", "mean", "mean_lower", "mean_upper"]
VERDICTS = ("PASS", "FAIL", "INCONCLUSIVE", "NOT_RUN")
TOL = 5e-6


def parse_seeds_needed(text):
    """A seeds_needed cell -> None (empty), OVER, or an int multiple of M_STEP in [M_STEP, M_MAX]; ValueError else."""
    t = text.strip()
    if not t:
        return None
    if t == OVER:
        return OVER
    if re.fullmatch(r"[1-9][0-9]*", t) and int(t) % M_STEP == 0 and M_STEP <= int(t) <= M_MAX:
        return int(t)
    raise ValueError("seeds_needed %r is none of: empty, a multiple of %d in [%d, %d], %s"
                     % (t, M_STEP, M_STEP, M_MAX, OVER))


def read_table(path):
    """-> (rows, has_seeds_needed): the rows as dicts, and whether the header is the 13-column one."""
    try:
        with open(path, newline="") as f:
            rd = csv.DictReader(f)
            header = [h.strip() for h in rd.fieldnames or []]
            if header not in (COLUMNS, COLUMNS_SN):
                raise BadInput("its header is %s, not %s (nor the same with %s last)"
                               % (",".join(header) or "(empty)", ",".join(COLUMNS), SEEDS_NEEDED))
            rd.fieldnames = header
            raw = list(rd)
    except OSError as e:
        raise BadInput(e.strerror or str(e))
    except (csv.Error, UnicodeDecodeError) as e:
        raise BadInput("not a readable CSV (%s)" % e)
    has_sn = header == COLUMNS_SN
    rows = []
    for i, r in enumerate(raw, start=2):
        if None in r or any(v is None for v in r.values()):
            raise BadInput("line %d does not have %d fields" % (i, len(header)))
        try:
            row = {"claim": r["claim"].strip(), "kind": r["kind"].strip().lower(), "verdict": r["verdict"].strip(),
                   "look": int(r["look"]) if r["look"].strip() else 0,
                   "seeds": int(r["seeds"]) if r["seeds"].strip() else 0}
            for c in NUMBERS:
                row[c] = float(r[c]) if r[c].strip() else None
            row[SEEDS_NEEDED] = parse_seeds_needed(r[SEEDS_NEEDED]) if has_sn else None
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
    return rows, has_sn


def seeds_needed_consistent(value, prob):
    """Is a table's seeds_needed (an int m, or OVER) consistent with prob(m) -> (p, se), the recount's decision
    probability and its Monte Carlo standard error? p(m) >= POWER - SN_TOL se and, when m > M_STEP,
    p(m - M_STEP) <= POWER + SN_TOL se; OVER: p(M_MAX) <= POWER + SN_TOL se. -> (ok, the checks in words)."""
    tests = []
    if value == OVER:
        tests.append((M_MAX, "<="))
    else:
        tests.append((value, ">="))
        if value > M_STEP:
            tests.append((value - M_STEP, "<="))
    ok, words = True, []
    for m, op in tests:
        p, se = prob(m)
        bound = POWER - SN_TOL * se if op == ">=" else POWER + SN_TOL * se
        holds = p >= bound if op == ">=" else p <= bound
        ok = ok and holds
        words.append("p(%d) = %.4f (se %.4f) %s %g %s %d se = %.4f%s" % (
            m, p, se, op if holds else {"<=": ">", ">=": "<"}[op], POWER, "-" if op == ">=" else "+", SN_TOL, bound,
            "" if holds else " (FAILS)"))
    return ok, "; ".join(words)


def compare(study_dir, table_path):
    """0: all match; 1: mismatches, one line each; 2: unusable input, one line."""
    try:
        rows, has_sn = read_table(table_path)
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
    info, n_empty, n_sim = check_seeds_needed(rows, has_sn, res, bad)
    for line in bad:
        print(line)
    for line in info:
        print(line)
    if not has_sn:
        sn = "no seeds_needed column (the 12-column table)"
    else:
        sn = "seeds_needed empty on %d row%s as due%s" % (n_empty, "" if n_empty == 1 else "s", "" if not n_sim else
                                                          ", checked by simulation on %d" % n_sim)
    if horizon:
        print("compare: %s; table %s checked at the look%s %s (%d complete paired seeds read); %s" % (
            "all six claims match" if not bad else "%d mismatch%s" % (len(bad), "" if len(bad) == 1 else "es"),
            table_path, "s" if horizon > LOOKS[0] else "", " and ".join(str(l) for l in LOOKS if l <= horizon),
            len(seeds), sn))
    else:
        print("compare: %s; table %s written before the first look (NOT_RUN), no statistic compared; %s" % (
            "all six claims match" if not bad else "%d mismatch%s" % (len(bad), "" if len(bad) == 1 else "es"),
            table_path, sn))
    return 1 if bad else 0


def check_seeds_needed(rows, has_sn, res, bad):
    """The seeds_needed checks of this module's docstring; mismatches appended to bad. -> (lines saying what was
    checked and found consistent, rows checked empty, rows checked by simulation)."""
    info, n_empty, n_sim = [], 0, 0
    for cid in CLAIM_IDS:
        mine, fix = res[cid]
        cap_row = at_cap_undecided(mine, fix)
        theirs = sorted((r for r in rows if r["claim"] == cid), key=lambda r: r["look"])
        if not has_sn:
            if cap_row is not None:
                bad.append("%s: no seeds_needed column, but the recount has the claim INCONCLUSIVE at the cap: the "
                           "table must state the seeds a decision would need (PLAN.md amendment 3)" % cid)
            continue
        for t in theirs:
            where = "%s at look %d" % (cid, t["look"]) if len(theirs) > 1 else cid
            v = t[SEEDS_NEEDED]
            if cap_row is None or t["look"] != CAP or t["verdict"] == "NOT_RUN":
                if v is not None:
                    bad.append("%s: seeds_needed recount=(empty: %s) table=%s" % (
                        where, "not INCONCLUSIVE at the cap" if t["look"] == CAP or not mine else
                        "not the row at the look of %d" % CAP, v))
                else:
                    n_empty += 1
                continue
            world, _ = planning_world(cap_row["d"], cap_row["trimmed_mean"])
            seed = planning_seed(cid)

            def prob(m, world=world, kind=cap_row["kind"], seed=seed):
                return decision_probability(world, kind, m, seed)

            if v is None:
                own = seeds_needed(cap_row)
                bad.append("%s: seeds_needed recount=%s (its own search, %d studies per size) table=(empty)"
                           % (where, seeds_phrase_of(own["m"]), own["nsim"]))
                continue
            n_sim += 1
            ok, words = seeds_needed_consistent(v, prob)
            if ok:
                info.append("  seeds_needed of %s (PLAN.md amendment 3): table %s, consistent with the recount's "
                            "simulation (%d studies per size, seed %d): %s" % (where, v, recount.N_SIM, seed, words))
            else:
                own = seeds_needed(cap_row)
                bad.append("%s: seeds_needed table=%s is inconsistent with the recount's simulation (%d studies per "
                           "size): %s; the recount's own search: %s" % (where, v, own["nsim"], words,
                                                                         seeds_phrase_of(own["m"])))
    return info, n_empty, n_sim


def write_table(path, res, one_row=True, seeds_needed_column=True, override=None):
    """A verdicts.csv as the plan's table would hold it (used by --selfcheck to exercise --compare). seeds_needed_column
    False: the 12-column form; True: the 13-column form, seeds_needed from the recount's own search (recount.N_SIM
    studies per size) on the row at the cap of a claim INCONCLUSIVE there, empty elsewhere. override {claim id:
    text}: that text in the claim's last row's seeds_needed instead (for tests)."""
    override = override or {}
    with open(path, "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(COLUMNS_SN if seeds_needed_column else COLUMNS)
        for cid in CLAIM_IDS:
            rows, fix = res[cid]
            out = [rows[fix]] if one_row else rows
            cap_row = at_cap_undecided(rows, fix)
            for i, r in enumerate(out):
                cells = ([cid, r["kind"], r["look"], r["seeds"]] + ["%.6f" % r[c] for c in NUMBERS[:3]] +
                         ["%.6f" % r["alpha"], r["verdict"]] + ["%.6f" % r[c] for c in NUMBERS[4:]])
                if seeds_needed_column:
                    if cid in override and i == len(out) - 1:
                        cells.append(override[cid])
                    elif cap_row is not None and r is cap_row:
                        m = seeds_needed(cap_row)["m"]
                        cells.append(OVER if m is None else str(m))
                    else:
                        cells.append("")
                w.writerow(cells)
