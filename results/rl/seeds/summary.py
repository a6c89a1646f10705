#!/usr/bin/env python3
"""summary.py DIR: the mean learning curve of the training seeds whose
curves are DIR/s*/curve.csv (results/rl/seeds/run.sh), at each
evaluation every seed reached: the mean win rate, the seeds' range and
standard deviation, each seed's rate.  Writes DIR/mean.csv, DIR/README.md's
table (between its markers) and DIR/mean.png (gnuplot, if present).
Standard library only."""
import csv
import glob
import os
import statistics
import subprocess
import sys


def main():
    d = sys.argv[1]
    curves = {}
    for path in sorted(glob.glob(os.path.join(d, "s*", "curve.csv"))):
        seed = os.path.basename(os.path.dirname(path))[1:]
        with open(path) as f:
            curves[seed] = {int(r["steps"]): float(r["win_rate"]) for r in csv.DictReader(f)}
    seeds = sorted(curves, key=int)
    steps = sorted(set.intersection(*(set(c) for c in curves.values())))
    rows = []
    for s in steps:
        v = [curves[x][s] for x in seeds]
        rows.append([s, statistics.mean(v), min(v), max(v), statistics.stdev(v) if len(v) > 1 else 0.0] + v)
    with open(os.path.join(d, "mean.csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["steps", "mean", "min", "max", "sd"] + ["seed_%s" % x for x in seeds])
        for r in rows:
            w.writerow([r[0]] + ["%.4f" % x for x in r[1:]])
    table = ["| learner steps | mean win rate | seeds' range | sd | " + " | ".join("seed %s" % x for x in seeds) + " |",
             "|---:|---:|---|---:|" + "---:|" * len(seeds)]
    for r in rows:
        table.append("| %s | %.2f%% | %.2f-%.2f%% | %.2f | %s |" % (
            format(r[0], ","), 100 * r[1], 100 * r[2], 100 * r[3], 100 * r[4],
            " | ".join("%.2f%%" % (100 * x) for x in r[5:])))
    readme = os.path.join(d, "README.md")
    text = open(readme).read() if os.path.exists(readme) else "<!-- table -->\n<!-- end -->\n"
    a, b = text.index("<!-- table -->") + len("<!-- table -->\n"), text.index("<!-- end -->")
    with open(readme, "w") as f:
        f.write(text[:a] + "\n".join(table) + "\n" + text[b:])
    script = ("set terminal pngcairo size 900,540; set output '%s/mean.png'; set datafile separator ',';"
              "set key top left; set xlabel 'learner steps (millions)'; set ylabel 'win rate against three greedy';"
              "set yrange [0:*]; set grid;"
              "plot '%s/mean.csv' every ::1 using ($1/1e6):2:3:4 with yerrorlines title 'PPO, mean of %d seeds (their range)',"
              " 0.25 with lines dt 2 title 'fair share 25%%'" % (d, d, len(seeds)))
    try:
        subprocess.run(["gnuplot", "-e", script], check=True, stderr=subprocess.DEVNULL)
    except (OSError, subprocess.CalledProcessError):
        pass
    print("\n".join(table))


main()
