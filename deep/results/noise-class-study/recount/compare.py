"""recount.py --compare: read the committed verdict table (verdicts.csv, written by the Java study) and check it
claim by claim against the recount at the paired seeds it was written at. This module knows the table's text
format (columns, how sets and their holes print, how estimates round); the recount itself is recount.py.
Exit 0 when all twelve claims match, 1 when any differs, 2 on unreadable input. Standard library only.
"""
import csv, os, re
from decimal import Decimal, ROUND_HALF_UP

import recount as rc

VERDICTS = ("PASS", "FAIL", "INCONCLUSIVE", "NOT_RUN")
COLUMNS = ("claim", "verdict", "look", "seeds_used", "estimate", "set", "n10", "n01", "reason")
HOLE = 0.005


def claim_ids():
    return [("deep.noise-class.%s.%s" % (x, c), x, c) for x in rc.NOISES
            for c in ("recovers-sgd", "collapses-no-more-than-sgd")]


def read_table(path):
    try:
        with open(path, newline="") as f:
            rd = csv.DictReader(f)
            if rd.fieldnames is None or any(c not in rd.fieldnames for c in COLUMNS):
                raise rc.BadInput("header %s lacks one of %s" % (rd.fieldnames, ",".join(COLUMNS)))
            rows = list(rd)
    except OSError as e:
        raise rc.BadInput(e.strerror or str(e))
    except (csv.Error, UnicodeDecodeError) as e:
        raise rc.BadInput("not a readable CSV (%s)" % e)
    table = {}
    for i, r in enumerate(rows, start=2):
        cid = r.get("claim")
        try:
            row = {"verdict": r["verdict"], "look": int(r["look"]), "seeds_used": int(r["seeds_used"]),
                   "estimate": float(r["estimate"]) if r["estimate"].strip() else float("nan"), "set": r["set"], "n10": int(r["n10"]), "n01": int(r["n01"])}
        except (TypeError, ValueError) as e:
            raise rc.BadInput("line %d (%s): bad number (%s)" % (i, cid, e))
        if row["verdict"] not in VERDICTS:
            raise rc.BadInput("line %d (%s): unknown verdict %r" % (i, cid, row["verdict"]))
        if cid in table:
            raise rc.BadInput("line %d: claim %s twice" % (i, cid))
        table[cid] = row
    want = [c for c, _, _ in claim_ids()]
    missing, extra = [c for c in want if c not in table], [c for c in table if c not in want]
    if missing or extra:
        raise rc.BadInput("expected the twelve claims; missing %s, unexpected %s" % (missing, extra))
    ns = {table[c]["seeds_used"] for c, _, kind in claim_ids() if kind == "collapses-no-more-than-sgd"}
    if len(ns) != 1:
        raise rc.BadInput("the collapse rows disagree on seeds_used (the table's paired seeds): %s" % sorted(ns))
    n = ns.pop()
    if n < 0:
        raise rc.BadInput("negative seeds_used %d" % n)
    return table, n


def fmt2(x):
    """The 2-decimal strings a value may print as: Python's %.2f (half-even on the binary value) and
    half-up on the shortest decimal form (as Java's Formatter rounds); they differ only on ties."""
    if x == float("inf"):
        return ("+inf)",)
    if x == float("-inf"):
        return ("(-inf",)
    a = "%.2f" % x
    b = str(Decimal(repr(x)).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))
    return (b, a) if a != b else (a,)


def set_form(pieces):
    """The set as the table prints it: pieces whose gap is narrower than 0.005 joined, the holes counted."""
    merged, holes = [], 0
    for lo, hi, _, _ in pieces:
        if merged and lo - merged[-1][1] < HOLE:
            merged[-1][1] = hi
            holes += 1
        else:
            merged.append([lo, hi])
    return merged, holes


def show_set(merged, holes):
    def end(x, left):
        f = fmt2(x)[0]
        return f if "inf" in f else ("[" + f if left else f + "]")
    s = " u ".join("%s, %s" % (end(lo, True), end(hi, False)) for lo, hi in merged) if merged else "(none)"
    return s + (" (%d holes narrower than %s)" % (holes, HOLE) if holes else "")


PIECE = re.compile(r"^(\(-inf|\[-?\d+\.\d\d), (\+inf\)|-?\d+\.\d\d\])$")
HOLES = re.compile(r"^(.*) \((\d+) holes? narrower than 0\.005\)$")


def parse_set(text):
    """The table's set string -> ([(lo, hi) as printed], holes), or None if not of that form."""
    m = HOLES.match(text)
    body, holes = (m.group(1), int(m.group(2))) if m else (text, 0)
    out = []
    for piece in body.split(" u "):
        pm = PIECE.match(piece)
        if not pm:
            return None
        lo, hi = pm.group(1), pm.group(2)
        out.append((lo if lo == "(-inf" else lo[1:], hi if hi == "+inf)" else hi[:-1]))
    return out, holes


def same_set(merged, holes, text):
    parsed = parse_set(text)
    if parsed is None:
        return show_set(merged, holes) == text
    ends, th = parsed
    return (th == holes and len(ends) == len(merged)
            and all(lo in fmt2(a) and hi in fmt2(b) for (lo, hi), (a, b) in zip(ends, merged)))


def compare(root, table_path):
    try:
        table, N = read_table(table_path)
    except rc.BadInput as e:
        print("recount.py: cannot use %s: %s" % (table_path, e))
        return 2
    if not os.path.isdir(root):
        print("recount.py: cannot use %s: no such study folder" % root)
        return 2
    try:
        runs = rc.settled_seeds(root, N)
    except rc.BadInput as e:
        print("recount.py: cannot use %s: %s" % (root, e))
        return 2
    if len(runs) < N:
        print("recount.py: cannot use %s: it was written at %d paired seeds, but %s holds only %d settled "
              "(seeds 0..%d)" % (table_path, N, root, len(runs), len(runs) - 1))
        return 2
    rec = rc.recount_rows(runs, N)
    span = "seeds 0..%d" % (rc.SEED_AT[-1] if rc.SEED_AT else -1)
    if len(rc.SEED_AT) != (rc.SEED_AT[-1] + 1 if rc.SEED_AT else 0):
        span += " less the %d left out" % ((rc.SEED_AT[-1] + 1) - len(rc.SEED_AT))
    print("table %s written at %d paired seeds; recounting %s" % (table_path, N, span))
    differ = 0
    for cid, _, _ in claim_ids():
        r, t, d = rec[cid], table[cid], []

        def chk(field, rv, tv, same=None):
            if not (rv == tv if same is None else same):
                d.append("%s recount=%s table=%s" % (field, rv, tv))
        chk("verdict", r["verdict"], t["verdict"])
        if r["kind"] == "collapse":
            chk("n10", r["n10"], t["n10"])
            chk("n01", r["n01"], t["n01"])
        else:
            chk("look", r["look"], t["look"])
            chk("seeds_used", len(r["used"]), t["seeds_used"])
            merged, holes = set_form(r["pieces"])
            chk("set", show_set(merged, holes), t["set"], same_set(merged, holes, t["set"]))
            if r["kind"] == "decided":
                est = r["estimate"]
                if not est or t["estimate"] != t["estimate"]:   # no finite estimate on one side: both must lack it
                    ok = not est and t["estimate"] != t["estimate"]
                else:
                    ok = min(est) - 1e-3 <= t["estimate"] <= max(est) + 1e-3
                chk("estimate", "/".join("%.4f" % e for e in est) or "none", "%.6f" % t["estimate"], ok)
        differ += bool(d)
        print("%s: %s" % (cid, "DIFFER: " + "; ".join(d) if d else "match"))
    print("compare: %d of 12 claims match, %d differ (table at %d paired seeds, recount of %s)"
          % (12 - differ, differ, N, span))
    return 1 if differ else 0
