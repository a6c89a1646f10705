#!/usr/bin/env python3
"""results/reference/README.md's cost of the reference agents is its own
timing files': for each kind (see=hands, see=all) the range over the runs of
the reference agent's mean time a decision over the searcher's in the same
run, to two decimals, and the range of the two agents' means in ms, to one.

    tests/tree/reference_cost.py           the README
    tests/tree/reference_cost.py --self    also a README saying "about twice"
                                           (the old sentence) must fail
"""
import csv
import glob
import os
import re
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
DIR = os.path.join(ROOT, "results", "reference")


def measured():
    """{kind: (low, high)} ratios, and (ref_low, ref_high, base_low, base_high) ms."""
    ratios, ref, base = {}, [], []
    for f in sorted(glob.glob(os.path.join(DIR, "*-timing.csv"))):
        rows = list(csv.DictReader(open(f, encoding="utf-8")))
        r = [x for x in rows if ",see=" in x["agent"]]
        b = [x for x in rows if ",see=" not in x["agent"]]
        assert len(r) == 1 and len(b) == 1, f
        kind = re.search(r",see=(\w+)", r[0]["agent"]).group(1)
        rm, bm = float(r[0]["mean_ms"]), float(b[0]["mean_ms"])
        ratios.setdefault(kind, []).append(rm / bm)
        ref.append(rm)
        base.append(bm)
    assert ratios, "no timing files"
    return ({k: (min(v), max(v)) for k, v in ratios.items()}, (min(ref), max(ref), min(base), max(base)))


def check(text, ratios, ms):
    """The README's disagreements with the files, one a line."""
    bad = []
    flat = " ".join(text.split())
    if re.search(r"about twice", flat):
        bad.append("the README says 'about twice'")
    for kind, (lo, hi) in sorted(ratios.items()):
        want = "`see=%s` was %.2f to %.2f" % (kind, lo, hi) if kind == "hands" else "`see=%s` %.2f to %.2f" % (kind, lo, hi)
        if want not in flat:
            bad.append("the files give %s (the ratio's range over the runs); the README does not say it" % want)
    want = "%.1f to %.1f ms against %.1f to %.1f ms" % ms
    if want not in flat:
        bad.append("the files give '%s'; the README does not say it" % want)
    return bad


def main(argv):
    ratios, ms = measured()
    text = open(os.path.join(DIR, "README.md"), encoding="utf-8").read()
    if "--self" in argv:
        old = ("The reference agents cost about twice the searcher's time a decision (11-15\n"
               "ms against 6-7 ms here, the runs sharing two cores)")
        assert check(old, ratios, ms), "the old sentence passed"
        off = text.replace("%.2f" % ratios["all"][1], "%.2f" % (ratios["all"][1] + 0.01))
        assert off != text and check(off, ratios, ms), "a ratio off by 0.01 passed"
    bad = check(text, ratios, ms)
    for b in bad:
        print("reference_cost: " + b, file=sys.stderr)
    print("reference_cost: %s; %d problems" % (", ".join("see=%s %.2f..%.2f" % (k, lo, hi)
                                                        for k, (lo, hi) in sorted(ratios.items())), len(bad)))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
