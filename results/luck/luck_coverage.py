#!/usr/bin/env python3
"""How often study captain's intervals cover the truth, plain and
luck-adjusted (results/make.sh luckcover).

    luck_coverage.py TRUTH.csv RUN.csv...

TRUTH.csv: a plain study captain run 100 times larger than each RUN (its
offset-0 `adv` is the truth); each RUN.csv: a run with --luck.  Prints
Markdown: the share of runs whose 95% interval holds the truth, plain and
adjusted, with a binomial 95% interval, and the two estimates' mean
difference over the runs (a bias check: the adjusted estimate is unbiased
whatever the value function).
"""
import csv
import math
import sys


def offset0(path):
    return [r for r in csv.DictReader(open(path, newline="")) if r["captain_offset"] == "0"][0]


def wilson(k, n):
    p, z = k / n, 1.96
    c = (p + z * z / (2 * n)) / (1 + z * z / n)
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return 100 * (c - h), 100 * (c + h)


def main():
    truth_row = offset0(sys.argv[1])
    truth = float(truth_row["adv"])
    runs = [offset0(p) for p in sys.argv[2:]]
    n = len(runs)
    cov = sum(float(r["adv_low"]) <= truth <= float(r["adv_high"]) for r in runs)
    cova = sum(float(r["adv_adj_low"]) <= truth <= float(r["adv_adj_high"]) for r in runs)
    d = [float(r["adv_adj"]) - float(r["adv"]) for r in runs]
    md = sum(d) / n
    sd = math.sqrt(sum((x - md) ** 2 for x in d) / (n - 1))
    width = sum(float(r["adv_high"]) - float(r["adv_low"]) for r in runs) / n
    widtha = sum(float(r["adv_adj_high"]) - float(r["adv_adj_low"]) for r in runs) / n
    print("# Coverage of the first Captain's edge (results/make.sh luckcover)\n")
    seeds = sorted(int(r["seed"]) for r in runs)
    print(f"{n} runs of {runs[0]['games']} games ({runs[0]['agents']}, {runs[0]['players']} players, seeds "
          f"{seeds[0]} to {seeds[-1]}), each with --luck {runs[0]['luck']}; the truth: the edge of one plain run "
          f"of {truth_row['games']} games (seed {truth_row['seed']}), {100 * truth:+.3f} points.\n")
    print("| estimate | runs covering the truth | [95%] | mean interval width (points) |")
    print("|---|---|---|---|")
    lo, hi = wilson(cov, n)
    print(f"| plain | {cov} of {n} ({100 * cov / n:.1f}%) | [{lo:.1f}, {hi:.1f}] | {100 * width:.2f} |")
    lo, hi = wilson(cova, n)
    print(f"| luck-adjusted | {cova} of {n} ({100 * cova / n:.1f}%) | [{lo:.1f}, {hi:.1f}] | {100 * widtha:.2f} |")
    se = sd / math.sqrt(n)
    print(f"\nAdjusted less plain, over the runs: {100 * md:+.3f} points "
          f"[{100 * (md - 1.96 * se):+.3f}, {100 * (md + 1.96 * se):+.3f}] (0 if unbiased).")


if __name__ == "__main__":
    main()
