#!/usr/bin/env python3
"""The product apart from the lab: no file under engine/, agents/, sim/,
analysis/ or python/jamaica/ names a path under results/ except the data
that tests pin or the program reads (PINNED), and every such path named is
there.  A results/ path is the word "results/" and what follows it up to a
character that cannot be in a path.

    tests/tree/results_paths.py            the tree
    tests/tree/results_paths.py --self     also checks itself: a made-up file that
                                      names results/make.sh fails, one that
                                      names results/agents.txt passes
"""
import fnmatch
import os
import re
import sys

ROOTS = ["engine", "agents", "sim", "analysis", "python/jamaica"]
# What the product may name: the lists `rate` reads, the recommended agents,
# the shipped networks, and the fitted constants whose files tests compare;
# each a pattern, and whether a path it matches must be there (a list's
# name is made from its player count: list-%dp.csv, list-Pp.csv).
PINNED = [
    ("results/agents.txt", True),
    ("results/ratings/", True),
    ("results/ratings/list-*", False),
    ("results/ratings/ladder.csv", True),
    ("results/net/agents.txt", True),
    ("results/net/*.jmn", True),
    ("results/net/*/*.jmn", True),
    ("results/learn/sharp-4p*.txt", True),
    ("results/tune/greedy8.txt", True),
    ("results/luck/fit.md", True),
]
PATH = re.compile(r"results/[A-Za-z0-9_.*/-]*")


def named(text):
    """The results/ paths named in text, a trailing full stop dropped."""
    out = []
    for m in PATH.finditer(text):
        before = text[m.start() - 1] if m.start() else " "
        if before.isalnum() or before in "_":  # e.g. "study_results/": another word
            continue
        out.append(m.group(0).rstrip("."))
    return out


def wrong(path, text, top):
    bad = []
    for p in named(text):
        match = [must for g, must in PINNED if fnmatch.fnmatchcase(p, g)]
        if not match:
            bad.append(f"{path} names {p}: the product names no lab path (tests/tree/results_paths.py's PINNED)")
        elif all(match) and "*" not in p and not os.path.exists(os.path.join(top, p)):
            bad.append(f"{path} names {p}, which is not in the tree")
    return bad


def main(argv):
    top = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
    if "--self" in argv:
        assert wrong("x.c", "/* made by results/make.sh tune */", top), "a lab path passed"
        assert not wrong("x.c", "/* results/agents.txt. */", top), "a pinned path failed"
        assert wrong("x.c", "/* results/agents-old.txt */", top), "a missing pinned path passed"
    bad, n = [], 0
    for root in ROOTS:
        for base, _, names in os.walk(os.path.join(top, root)):
            for name in names:
                if not name.endswith((".c", ".h", ".py", ".sh", ".map", ".in", ".gp")):
                    continue
                f = os.path.join(base, name)
                n += 1
                bad += wrong(os.path.relpath(f, top), open(f, encoding="utf-8").read(), top)
    for b in bad:
        print("results paths: " + b, file=sys.stderr)
    print(f"results paths: {n} files, {len(bad)} wrong")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
