"""Synthetic support studies for recount.py's selfcheck: run folders shaped like the real ones (run.json with its
status, bits and startedAt; metrics.csv with the window's evaluations and dips), worlds of seeds with chosen shifts,
and the recount's entry points run with their output captured. Standard library only."""
import contextlib, io, json, os

from recount import CLAIM_IDS, METHODS, PREFIX, WINDOW, main

BITS = {"commit": "0" * 40, "diffHash": "", "tensorflow": "2.18.0", "kernels": "onednn",
        "cpu": "Synthetic CPU (family 0, model 0)", "cpuIsa": "avx512", "isa": "avx512", "intraThreads": 1,
        "interThreads": 1, "environment": {"ONEDNN_MAX_CPU_ISA": "ALL"}, "jvm": "synthetic"}


def write_run(root, method, seed, acc, status="completed", bits=None, dips=None):
    """One synthetic run shaped like the real ones: run.json (status, bits, startedAt) and metrics.csv with an
    evaluation every 200 iterations; the six window evaluations average to acc (points) exactly up to rounding
    (a +-0.05-point wiggle that cancels). dips: {iteration: test accuracy} overrides outside the window."""
    d = os.path.join(root, method, "seed-%d" % seed)
    os.makedirs(d, exist_ok=True)
    meta = {"method": method, "protocol": "authors-code", "bits": BITS if bits is None else bits, "status": status,
            "iterationsDone": 5000 if status == "completed" else 3000,
            "startedAt": "2026-11-28T%02d:%02d:%02d.123456789Z" % (seed % 24, METHODS.index(method), seed % 60)}
    with open(os.path.join(d, "run.json"), "w") as f:
        json.dump(meta, f, indent=2)
    wig = [0.05, -0.05, 0.03, -0.03, 0.0, 0.0]
    with open(os.path.join(d, "metrics.csv"), "w") as f:
        f.write("iteration,train_loss,train_accuracy,test_loss,test_accuracy,elapsed_seconds\n")
        for it in range(0, 5001 if status == "completed" else 3001, 200):
            if it in WINDOW:
                te = (acc + wig[WINDOW.index(it)]) / 100
            else:
                te = 0.1 + (acc / 100 - 0.1) * min(1.0, it / 1500)
            if dips and it in dips:
                te = dips[it]
            f.write("%d,%.6f,%.4f,%.6f,%r,%.3f\n" % (it, 0.5, 0.9, 0.6, te, it * 0.05))


def write_world(root, accs, over=None):
    """accs: [{method: acc}] for seeds 0..; over: {(method, seed): dict of write_run keyword overrides}."""
    over = over or {}
    for s, a in enumerate(accs):
        for m in METHODS:
            write_run(root, m, s, a[m], **over.get((m, s), {}))


def world(rng, n, shift=None, sd=0.1):
    """n seeds: a seed's base accuracy near 80 points, each method base + shift[method] + N(0, sd)."""
    shift = shift or {}
    out = []
    for _ in range(n):
        base = rng.gauss(80.0, 1.0)
        out.append({m: base + shift.get(m, 0.0) + rng.gauss(0.0, sd) for m in METHODS})
    return out


def run_main(argv):
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        rc = main(argv)
    return rc, buf.getvalue()


def run_fn(fn):
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        rc = fn()
    return rc, buf.getvalue()


def mismatches(out):
    """--compare's mismatch lines (each starts with a claim id), without what it says it checked."""
    return [l for l in out.splitlines() if l.startswith(PREFIX)]


def verdicts_of(res):
    return {cid: (res[cid][0][res[cid][1]]["verdict"], res[cid][0][res[cid][1]]["look"]) for cid in CLAIM_IDS}


def short(got):
    return ", ".join("%s %s@%d" % (c.split(".")[-1], v, l) for c, (v, l) in got.items())
