#!/usr/bin/env python3
"""What luck-adjusted estimates save (results/make.sh luck).

Reads the GAMES.csv of `jamaica study captain|ghost --luck V --games-csv`
runs and prints, for the figure each configuration estimates, the variance
of its per-game value plain and luck-adjusted, their ratio (games plain /
games adjusted for the same interval) with a 95% bootstrap interval over
the games, and the ratio net of the estimator's CPU time.

    luck_ratio.py FIGURE GAMES.csv CPU_PLAIN CPU_LUCK LABEL

FIGURE: `captain` (the first Captain's advantage: the win share of the
seat at offset 0 less the mean of the others', the first Captain's draw's
correction kept out, as study captain has it), `ghost` (the ghost's win
share, every draw corrected) or `pair` (a tournament's GAMES.csv: per deal,
the first agent's mean win share over its seat-games less the second's,
every draw corrected).  CPU_*: the CPU seconds of the same games
without and with --luck.  One Markdown table row on stdout.
Pure standard library (no numpy), seeded, so the same input prints the
same row.
"""
import csv
import random
import sys


def per_game(path, figure):
    games = {}
    order = []
    for r in csv.DictReader(open(path, newline="")):
        games.setdefault((r["players"], r["game"]), []).append(r)
        if r["is_ghost"] == "0" and r["agent"] not in order:
            order.append(r["agent"])
    plain, adj = [], []
    if figure == "pair":
        a, b = order[0], order[1]
        for rows in games.values():
            def mean(agent, col):
                v = [float(r[col]) for r in rows if r["agent"] == agent and r["is_ghost"] == "0"]
                return sum(v) / len(v)
            plain.append(mean(a, "win") - mean(b, "win"))
            adj.append(mean(a, "win_adj") - mean(b, "win_adj"))
        return plain, adj
    for rows in games.values():
        seats = [r for r in rows if r["is_ghost"] == "0"]
        if figure == "ghost":
            g = [r for r in rows if r["is_ghost"] == "1"][0]
            plain.append(float(g["win"]))
            adj.append(float(g["win_adj"]))
            continue
        P = len(seats)
        w = {int(r["captain_offset"]): float(r["win"]) for r in seats}
        a = {int(r["captain_offset"]): float(r["win_adj"]) - float(r["luck_captain"]) for r in seats}
        plain.append(w[0] - (sum(w.values()) - w[0]) / (P - 1))
        adj.append(a[0] - (sum(a.values()) - a[0]) / (P - 1))
    return plain, adj


def var(x):
    m = sum(x) / len(x)
    return sum((v - m) ** 2 for v in x) / (len(x) - 1)


def main():
    figure, path, cpu0, cpu1, label = sys.argv[1], sys.argv[2], float(sys.argv[3]), float(sys.argv[4]), sys.argv[5]
    plain, adj = per_game(path, figure)
    n = len(plain)
    ratio = var(plain) / var(adj)
    rng = random.Random(1)
    boot = []
    for _ in range(400):
        idx = [rng.randrange(n) for _ in range(n)]
        boot.append(var([plain[i] for i in idx]) / var([adj[i] for i in idx]))
    boot.sort()
    lo, hi = boot[int(0.025 * len(boot))], boot[int(0.975 * len(boot)) - 1]
    cost = cpu1 / cpu0 if cpu0 > 0 else float("nan")
    mp, ma = sum(plain) / n, sum(adj) / n
    print(f"| {label} | {n} | {100 * mp:+.2f} | {100 * ma:+.2f} | {ratio:.2f} [{lo:.2f}, {hi:.2f}] | "
          f"{cost:.2f} | {ratio / cost:.2f} |")


if __name__ == "__main__":
    main()
