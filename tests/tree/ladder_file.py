#!/usr/bin/env python3
"""The default ladder's ratings are the published lists': every rung of
results/ratings/ladder.csv rated on the 2- and 4-player lists
(results/ratings/list-Pp.csv, or the rate CSV its source column names, where
the agent is the rated one) carries that rating, to the list's digit; the
bound carries none; the rungs climb.

    tests/tree/ladder_file.py           the file
    tests/tree/ladder_file.py --self    also a ladder with a rating off by
                                        0.1 must fail
"""
import csv
import io
import os
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")


def published(players, source):
    """agent -> rating, from the list and, for a rung rated against it, the rate CSV."""
    out = {}
    with open(os.path.join(ROOT, "results/ratings/list-%dp.csv" % players)) as f:
        for r in csv.DictReader(f):
            out[r["agent"]] = r["rating"]
    if "/" in source:
        with open(os.path.join(ROOT, source.replace("-Pp.csv", "-%dp.csv" % players))) as f:
            for r in csv.DictReader(f):
                if r["anchor"] == "0":
                    out[r["agent"]] = r["rating"]
    return out


def check(text):
    """The problems of a ladder file's text, one a line."""
    rows = list(csv.DictReader(io.StringIO("".join(l for l in text.splitlines(True) if not l.startswith("#")))))
    bad = []
    last = {2: -1e9, 4: -1e9}
    for r in rows:
        for p in (2, 4):
            have = r["rating_%dp" % p]
            if r["kind"] == "bound":
                if have:
                    bad.append("%s: a bound with a %d-player rating" % (r["name"], p))
                continue
            want = published(p, r["source"]).get(r["agent"])
            if want is None:
                bad.append("%s (%s): not on the %d-player list" % (r["name"], r["agent"], p))
            elif have != want:
                bad.append("%s: rating_%dp %s, the list says %s" % (r["name"], p, have, want))
            elif float(have) < last[p]:
                bad.append("%s: below the rung before it at %d players" % (r["name"], p))
            else:
                last[p] = float(have)
    if not rows:
        bad.append("no rungs")
    return bad


def main():
    with open(os.path.join(ROOT, "results/ratings/ladder.csv")) as f:
        text = f.read()
    bad = check(text)
    if "--self" in sys.argv:
        off = text.replace("greedy,greedy,558.8,", "greedy,greedy,558.9,")
        if off == text or not check(off):
            bad.append("--self: a rating off by 0.1 passed")
    for b in bad:
        print("ladder_file: " + b, file=sys.stderr)
    print("ladder_file: %s" % ("ok" if not bad else "%d problems" % len(bad)))
    sys.exit(1 if bad else 0)


main()
