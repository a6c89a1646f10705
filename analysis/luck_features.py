#!/usr/bin/env python3
"""How far a value function built from the hand evaluation's features can
take the luck correction (results/make.sh luckfeatures).

    luck_features.py TRAIN.txt TEST.txt PLAYERS

Each file: results/luck/features.c's lines (one a game).  Every feature f of
every seat gives, at each kind of draw, a correction with mean zero (the
value function V = f); so does the hand's share (the last feature).  For the
first Captain's edge the least-squares combination of a set of them is
fitted on TRAIN and its variance ratio (plain / adjusted) reported on both:
the best that any value function linear in those features, weighted by kind
of draw, reaches.  The first Captain's own draw is kept out.  numpy.
"""
import sys

import numpy as np

K, NF = 8, 11
KINDS = ["pile", "draw", "captain", "dice", "battle", "shortage", "treasure", "blind"]


def load(path, P):
    a = np.loadtxt(path)
    fc = a[:, 1].astype(int)
    w = a[:, 2:2 + P]
    C = a[:, 2 + P:].reshape(len(a), P, K, NF)
    m = np.full((len(a), P), -1.0 / (P - 1))
    m[np.arange(len(a)), fc] = 1.0
    return (w * m).sum(1), (C * m[:, :, None, None]).sum(1)


def main():
    P = int(sys.argv[3])
    y, X = load(sys.argv[1], P)
    y2, X2 = load(sys.argv[2], P)
    keep = [k for k in range(K) if KINDS[k] != "captain"]

    def ratio(t, adj):
        return t.var() / adj.var()

    print(f"# How far the hand's features take the correction ({len(y)} games to fit, {len(y2)} to test)\n")
    print("| value function (variates) | fitted | test |\n|---|---|---|")
    hv, hv2 = X[:, keep, NF - 1].sum(1), X2[:, keep, NF - 1].sum(1)
    print(f"| the hand's share, every weight 1 (none fitted) | {ratio(y, y + hv):.3f} | {ratio(y2, y2 + hv2):.3f} |")
    sets = [("the hand's share, a weight a kind", [(k, NF - 1) for k in keep]),
            ("each of the 10 features alone as V, a weight a kind and feature", [(k, i) for k in keep for i in range(NF - 1)]),
            ("both together", [(k, i) for k in keep for i in range(NF)])]
    for name, cols in sets:
        A = np.stack([X[:, k, i] for k, i in cols], 1)
        A2 = np.stack([X2[:, k, i] for k, i in cols], 1)
        b, *_ = np.linalg.lstsq(A, y.mean() - y, rcond=None)
        print(f"| {name} ({len(cols)}) | {ratio(y, y + A @ b):.3f} | {ratio(y2, y2 + A2 @ b):.3f} |")


if __name__ == "__main__":
    main()
