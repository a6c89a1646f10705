#!/usr/bin/env python3
"""The balance figures under each rung, on fresh seeds (results/make.sh rungs).

    rung_figures.py DIR LABEL=NET... 

Reads DIR/ghost-LABEL-SEED.csv (`study ghost --players 2 --luck ...`) and
DIR/captain-LABEL-SEED.csv (`study captain --luck ...`) for every seed found,
and prints one Markdown table: per rung the Ghost Ship's share at 2 players
and the first Captain's edge (offset 0's `adv`) at each player count, each
seed's plain and luck-adjusted estimate and the seeds pooled (their mean,
its interval from the seeds' standard errors: the seeds' games are
independent).  Pure standard library.
"""
import csv
import glob
import math
import os
import re
import sys

Z = 1.959964


def est(row, key):
    v, lo, hi = float(row[key]), float(row[key + "_low"]), float(row[key + "_high"])
    return v, (hi - lo) / (2 * Z)


def pooled(items):
    n = len(items)
    m = sum(v for v, _ in items) / n
    se = math.sqrt(sum(s * s for _, s in items)) / n
    return m, m - Z * se, m + Z * se


def cell(v, lo, hi):
    return "%.2f [%.2f, %.2f]" % (100 * v, 100 * lo, 100 * hi)


def main():
    d = sys.argv[1]
    rungs = [a.split("=", 1) for a in sys.argv[2:]]
    figures = {}  # (label, figure) -> {seed: (plain, adj)}
    for label, _ in rungs:
        for path in sorted(glob.glob(os.path.join(d, "ghost-%s-*.csv" % label))):
            seed = re.search(r"-(\d+)\.csv$", path).group(1)
            for r in csv.DictReader(open(path, newline="")):
                if r["measure"] == "ghost_win_rate" and r["players"] == "2":
                    plain = float(r["ghost_on"]), (float(r["high"]) - float(r["low"])) / (2 * Z)
                    figures.setdefault((label, "ghost 2"), {})[seed] = (plain, est(r, "ghost_on_adj"))
        for path in sorted(glob.glob(os.path.join(d, "captain-%s-*.csv" % label))):
            seed = re.search(r"-(\d+)\.csv$", path).group(1)
            for r in csv.DictReader(open(path, newline="")):
                if r["captain_offset"] == "0":
                    figures.setdefault((label, "edge %s" % r["players"]), {})[seed] = (est(r, "adv"), est(r, "adv_adj"))
    print("| rung | network | figure | seed | plain [95%] | luck-adjusted [95%] |")
    print("|---|---|---|---|---:|---:|")
    for label, net in rungs:
        for (lab, fig), by_seed in sorted(figures.items()):
            if lab != label:
                continue
            for seed, (p, a) in sorted(by_seed.items()):
                print("| %s | `%s` | %s | %s | %s | %s |" % (label, net, fig, seed,
                                                          cell(p[0], p[0] - Z * p[1], p[0] + Z * p[1]),
                                                          cell(a[0], a[0] - Z * a[1], a[0] + Z * a[1])))
            if len(by_seed) > 1:
                print("| %s | | %s | pooled | %s | **%s** |" % (label, fig,
                                                                cell(*pooled([p for p, _ in by_seed.values()])),
                                                                cell(*pooled([a for _, a in by_seed.values()]))))


if __name__ == "__main__":
    main()
