#!/usr/bin/env python3
"""summary.py DIR [--fair SHARE] [--against TEXT]: the mean learning curve
of the training seeds whose curves are DIR/s*/curve.csv
(results/rl/seeds/run.sh), at each evaluation every seed reached: the mean
win rate, the seeds' range and standard deviation, each seed's rate.
Writes DIR/mean.csv, DIR/README.md's table (between its markers
<!-- table --> and <!-- end -->) and DIR/mean.png (gnuplot, if present),
whose dashed line is the fair share SHARE (0.25) and whose axis reads
"win rate against TEXT" ("three greedy").

summary.py --screening DIR README: one row for each recipe DIR/NAME/ (its
seeds DIR/NAME/s*/curve.csv): the mean win rate at each evaluation every
seed of every recipe reached and each seed's last; the table goes between
README's markers <!-- screening --> and <!-- end screening -->.
Standard library only."""
import argparse
import csv
import glob
import os
import statistics
import subprocess


def curves_of(d):
    """{seed: {steps: win rate}} of DIR/s*/curve.csv."""
    curves = {}
    for path in sorted(glob.glob(os.path.join(d, "s*", "curve.csv"))):
        seed = os.path.basename(os.path.dirname(path))[1:]
        with open(path) as f:
            curves[seed] = {int(r["steps"]): float(r["win_rate"]) for r in csv.DictReader(f)}
    if not curves:
        raise SystemExit("summary.py: no %s/s*/curve.csv" % d)
    return curves


def put_table(readme, table, start, end):
    """README's text between the markers start and end, replaced by table."""
    text = open(readme).read() if os.path.exists(readme) else "%s\n%s\n" % (start, end)
    a, b = text.index(start) + len(start) + 1, text.index(end)
    tmp = readme + ".tmp"
    with open(tmp, "w") as f:
        f.write(text[:a] + "\n".join(table) + "\n" + text[b:])
    os.replace(tmp, readme)


def seeds_summary(d, fair, against):
    curves = curves_of(d)
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
    put_table(os.path.join(d, "README.md"), table, "<!-- table -->", "<!-- end -->")
    script = ("set terminal pngcairo size 900,540; set output '%s/mean.png'; set datafile separator ',';"
              "set key top left; set xlabel 'learner steps (millions)'; set ylabel 'win rate against %s';"
              "set yrange [0:*]; set offsets 0, 0, graph 0.08, 0; set grid;"
              "plot '%s/mean.csv' every ::1 using ($1/1e6):2:3:4 with yerrorlines title 'PPO, mean of %d seeds (their range)',"
              " %g with lines dt 2 title 'fair share %g%%'" % (d, against, d, len(seeds), fair, 100 * fair))
    try:
        subprocess.run(["gnuplot", "-e", script], check=True, stderr=subprocess.DEVNULL)
    except (OSError, subprocess.CalledProcessError):
        pass
    print("\n".join(table))


def screening(d, readme):
    recipes = {os.path.basename(os.path.dirname(p)): None for p in sorted(glob.glob(os.path.join(d, "*", "s*")))}
    for name in recipes:
        recipes[name] = curves_of(os.path.join(d, name))
    steps = sorted(set.intersection(*(set(c) for cs in recipes.values() for c in cs.values())) - {0})
    seeds = sorted({s for cs in recipes.values() for s in cs}, key=int)
    table = ["| recipe | " + " | ".join("mean at %s" % format(s, ",") for s in steps) + " | " +
             " | ".join("seed %s" % x for x in seeds) + " |",
             "|---|" + "---:|" * (len(steps) + len(seeds))]
    for name, cs in recipes.items():
        last = max(steps)
        table.append("| `%s` | %s | %s |" % (
            name, " | ".join("%.2f%%" % (100 * statistics.mean(c[s] for c in cs.values())) for s in steps),
            " | ".join("%.2f%%" % (100 * cs[x][last]) if x in cs else "" for x in seeds)))
    put_table(readme, table, "<!-- screening -->", "<!-- end screening -->")
    print("\n".join(table))


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("dir")
    p.add_argument("readme", nargs="?")
    p.add_argument("--fair", type=float, default=0.25)
    p.add_argument("--against", default="three greedy")
    p.add_argument("--screening", action="store_true")
    a = p.parse_args()
    if a.screening:
        if not a.readme:
            p.error("--screening needs DIR README")
        screening(a.dir, a.readme)
    else:
        seeds_summary(a.dir, a.fair, a.against)


main()
