#!/usr/bin/env python3
"""The hand value function's weight for each kind of chance draw
(results/make.sh luckfit; agents/value.c's value_hand_weight).

    luck_fit.py GAMES.csv

GAMES.csv: a `jamaica study captain --luck hand --games-csv` run, whose
luck_KIND columns hold each kind of draw's correction under V before its
weight.  For the first Captain's edge (the seat at offset 0 less the mean of
the others) the weights w_k minimise the variance of edge + sum_k w_k C_k
over the games (least squares): any fixed weights keep the estimate
unbiased, since each C_k has mean zero.  The first Captain's own draw is
kept out of the figure, so its weight stays 1.  The last line is the
weights in JM_CH_* order (pile, draw, captain, dice, battle, shortage,
treasure, blind), rounded to three decimals.  Pure standard library.
"""
import csv
import sys

KINDS = ["pile", "draw", "captain", "dice", "battle", "shortage", "treasure", "blind"]


def solve(a, b):
    """Least squares by the normal equations, Gaussian elimination; a
    column that is all zero gets weight 0."""
    n = len(a[0])
    m = [[sum(r[i] * r[j] for r in a) for j in range(n)] + [sum(r[i] * y for r, y in zip(a, b))] for i in range(n)]
    live = [i for i in range(n) if m[i][i] > 1e-12]
    sub = [[m[i][j] for j in live] + [m[i][n]] for i in live]
    k = len(live)
    for c in range(k):
        p = max(range(c, k), key=lambda r: abs(sub[r][c]))
        sub[c], sub[p] = sub[p], sub[c]
        for r in range(k):
            if r != c:
                f = sub[r][c] / sub[c][c]
                sub[r] = [x - f * y for x, y in zip(sub[r], sub[c])]
    x = [0.0] * n
    for c, i in enumerate(live):
        x[i] = sub[c][k] / sub[c][c]
    return x


def main():
    games = {}
    for r in csv.DictReader(open(sys.argv[1], newline="")):
        if r["is_ghost"] == "0":
            games.setdefault((r["players"], r["game"]), []).append(r)
    fit = [k for k in KINDS if k != "captain"]
    ys, xs = [], []
    for rows in games.values():
        P = len(rows)
        sign = {int(r["captain_offset"]): 1.0 if r["captain_offset"] == "0" else -1.0 / (P - 1) for r in rows}
        ys.append(sum(sign[int(r["captain_offset"])] * float(r["win"]) for r in rows))
        xs.append([sum(sign[int(r["captain_offset"])] * float(r["luck_" + k]) for r in rows) for k in fit])
    n = len(ys)
    my = sum(ys) / n
    w = solve(xs, [my - y for y in ys])

    def var(v):
        m = sum(v) / len(v)
        return sum((t - m) ** 2 for t in v) / (len(v) - 1)

    plain = var(ys)
    ones = var([y + sum(x) for y, x in zip(ys, xs)])
    fitted = var([y + sum(a * b for a, b in zip(w, x)) for y, x in zip(ys, xs)])
    print(f"# {n} games of {sys.argv[1]}: the edge's variance plain {plain:.5f}, with every weight 1 {ones:.5f} "
          f"(ratio {plain / ones:.3f}), with the fitted weights {fitted:.5f} (ratio {plain / fitted:.3f}, in sample)")
    weights = dict(zip(fit, w))
    weights["captain"] = 1.0
    print("# weights: " + ", ".join(f"{k} {weights[k]:.3f}" for k in KINDS))
    print(" ".join(f"{round(weights[k], 3):.3f}" for k in KINDS))


if __name__ == "__main__":
    main()
