"""Strength against training compute, from the runs' own logs.

    python3 results/spg/compute_curve.py OUT.csv OUT.md [OUT.png]

Every point is a network's win share against `sharp` in 2-player games on
the screening deals of seed 1009 (the trainers' strength runs, seats
rotated), placed at the wall time its training took on this project's
2-core machine, everything before it included (the games it learnt from,
the teacher's own training).  The strength runs' time is left out.  The
goal line is the recommended searcher on the same deals
(results/spg/more/goal.md).  Standard library only; the plot with
gnuplot, when it is installed.
"""
import csv
import glob
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))  # results/plotpng.py
import plotpng  # noqa: E402

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
# The series drawn, by the start of their run's name: (title, gnuplot style).
SERIES = [("dmc from random weights", "points pt 1 lc rgb '#999999'"),
          ("teacher", "points pt 7 ps 1.5 lc rgb '#000000'"),
          ("spg from the teacher", "points pt 6 lc rgb '#1f77b4'"),
          ("DAgger", "points pt 9 ps 1.5 lc rgb '#ff7f0e'"),
          ("spg on from seed5, re-anchored", "linespoints pt 5 lc rgb '#2ca02c'"),
          ("spg on from seed5, half against its frozen copy", "linespoints pt 13 lc rgb '#9467bd'"),
          ("256-128 distilled from seed5, then spg", "linespoints pt 11 lc rgb '#d62728'")]

# The `net` agent's distilled policy: "about 80 minutes on two cores" for
# its samples and its training (results/net/policy/README.md); its win
# share on the screening deals (results/dagger/screen.md).
TEACHER_MIN, TEACHER_WIN = 80.0, 0.5645
# DAgger (results/dagger/README.md): about 18 minutes of labelled games,
# then f4's fine-tune (the seconds of its log's last pass); f4's win share.
DAGGER_GAMES_MIN, DAGGER_F4_WIN = 18.0, 0.5709


def path(*p):
    return os.path.join(ROOT, *p)


def rows(p):
    with open(p, newline="") as f:
        return list(csv.DictReader(f))


def curve(log, start_min):
    """(minutes, win, low, high) at each strength run of a trainer's log.csv."""
    out, t = [], start_min
    for r in rows(log):
        t += float(r["seconds"]) / 60
        if r.get("eval_win"):
            out.append((t, float(r["eval_win"]), float(r["eval_low"]), float(r["eval_high"])))
    return out


def positions_seconds(train_log):
    """The seconds of each jamaica.train.positions run in a train.log (its last line's count)."""
    last, total = None, 0.0
    with open(train_log) as f:
        lines = f.read().splitlines()
    for line in lines:
        m = re.match(r"positions: file (\d+) of (\d+) .* (\d+) s$", line.strip())
        if m:
            if m.group(1) == "1" and last is not None:
                total += last
            last = float(m.group(3))
    return total + (last or 0.0)


def goal():
    with open(path("results", "spg", "more", "goal.md")) as f:
        text = f.read()
    return float(re.search(r"eval=hand: wins ([0-9.]+)%", text).group(1)) / 100


def points():
    pts = [("teacher (distilled from searches)", TEACHER_MIN, TEACHER_WIN, "", "")]
    for log in sorted(glob.glob(path("results", "dmc", "seed*", "log.csv"))):
        pts += [("dmc from random weights, %s" % os.path.basename(os.path.dirname(log)), t, w, lo, hi)
                for t, w, lo, hi in curve(log, 0.0)]
    spg_end = {}
    for log in sorted(glob.glob(path("results", "spg", "seed*", "log.csv"))):
        seed = os.path.basename(os.path.dirname(log))
        c = curve(log, TEACHER_MIN)
        spg_end[seed] = TEACHER_MIN + sum(float(r["seconds"]) for r in rows(log)) / 60
        pts += [("spg from the teacher, %s" % seed, t, w, lo, hi) for t, w, lo, hi in c]
    f4 = rows(path("results", "dagger", "f4-log.csv"))
    pts.append(("DAgger fine-tune f4", TEACHER_MIN + DAGGER_GAMES_MIN + float(f4[-1]["seconds"]) / 60,
                DAGGER_F4_WIN, "", ""))
    s5 = spg_end["seed5"]
    more = path("results", "spg", "more")
    for name, label in (("anchor", "spg on from seed5, re-anchored"),
                        ("frozen", "spg on from seed5, half against its frozen copy")):
        pts += [(label, t, w, lo, hi) for t, w, lo, hi in curve(os.path.join(more, name, "log.csv"), s5)]
    d = rows(os.path.join(more, "wide", "distill-log.csv"))
    wide0 = s5 + (positions_seconds(os.path.join(more, "wide", "train.log")) + float(d[-1]["seconds"])) / 60
    pts += [("256-128 distilled from seed5, then spg", t, w, lo, hi)
            for t, w, lo, hi in curve(os.path.join(more, "wide", "log.csv"), wide0)]
    return pts


def draw(pts, g, png):
    """The curve as a PNG (whole or not at all), each series a block."""
    dat = png + ".dat"
    with open(dat, "w") as f:
        for head, _ in SERIES:
            for name, t, win, _, _ in pts:
                if name.startswith(head):
                    f.write("%.2f %.4f\n" % (t, 100 * win))
            f.write("\n\n")
    plots = ", ".join("'%s' index %d using 1:2 with %s title '%s'" % (dat, i, style, head.replace("_", " "))
                      for i, (head, style) in enumerate(SERIES))
    script = ("set terminal pngcairo size 1000,560; set output '%s'; set key left center; set grid; "
              "set xrange [0.5:300]; "
              "set logscale x; set xlabel 'minutes of training on two cores (everything before included)'; "
              "set ylabel 'win share against sharp, 2 players (%%)'; set yrange [0:75]; "
              "set title 'Strength against training compute (the screening deals of seed 1009)'; "
              "plot %s, %g with lines dt 2 lc rgb '#000000' title 'goal: the recommended searcher'"
              % (png + ".tmp", plots, 100 * g))
    plotpng.run(script, png, dat)


def main(argv):
    if len(argv) not in (3, 4):
        sys.exit("usage: python3 results/spg/compute_curve.py OUT.csv OUT.md [OUT.png]")
    pts, g = points(), goal()
    with open(argv[1] + ".tmp", "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["run", "minutes", "win", "low", "high"])
        for name, t, win, lo, hi in pts:
            w.writerow([name, "%.1f" % t, "%.4f" % win, lo if lo == "" else "%.4f" % lo,
                        hi if hi == "" else "%.4f" % hi])
        w.writerow(["goal: the recommended searcher", "", "%.4f" % g, "", ""])
    best = {}
    for name, t, win, _, _ in pts:
        b = best.get(name)
        if b is None or win > b[1]:
            best[name] = (t, win)
    last = {}
    for name, t, win, _, _ in pts:
        last[name] = (t, win)
    with open(argv[2] + ".tmp", "w") as f:
        f.write("Win share against `sharp`, 2 players, the screening deals of seed 1009, against the minutes of "
                "training on two cores (everything before included; `results/spg/compute_curve.py`, the curve in "
                "compute.csv). The goal, the recommended searcher on the same deals: **%.2f%%**.\n\n" % (100 * g))
        f.write("| run | minutes at its last strength run | its last | its best | short of the goal (last) |\n")
        f.write("|---|---:|---:|---:|---:|\n")
        for name in last:
            t, win = last[name]
            f.write("| %s | %.0f | %.2f%% | %.2f%% | %.1f points |\n"
                    % (name, t, 100 * win, 100 * best[name][1], 100 * (g - win)))
    for out in argv[1:3]:  # each whole or not at all
        os.replace(out + ".tmp", out)
    if len(argv) == 4:
        draw(pts, g, argv[3])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
