#!/usr/bin/env python3
"""The balance figures on a ladder of skill: the first Captain's edge at 3
to 6 players and the Ghost Ship's share of 2-player games under each rung
(an agent in every seat), against that rung's rating on the published lists
(4-player list for the edge, 2-player list for the ghost), both plotted
against it (two panels of one picture).  Reads the
studies' CSVs (results/analysis/captain-*.csv, ghost-*.csv) and the lists
(results/ratings/); writes the Markdown table to stdout and, with gnuplot,
the plot.  Standard library only.

    python3 results/analysis/balance_ladder.py results OUT.png >OUT.md"""
import csv
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))  # results/plotpng.py
import plotpng  # noqa: E402

# rung: (name shown, the studies' file suffix, the agent as the lists name it,
# the rate CSVs that place it when it is not an anchor, under results/ratings/)
RUNGS = [("random", "random", "random", None), ("greedy", "greedy", "greedy", None),
         ("sharp", "sharp", "sharp", None), ("net (policy)", "net", "net:file=results/net/policy/net.jmn", "rate-net"),
         ("spg (self-play policy gradient)", "spg", "net:file=results/spg/seed5/current.jmn", "../spg/rate-seed5"),
         ("the recommended searcher", "search", "mcts:iters=4500,cutoff=2,c=0.3,stop=decided,eval=hand", None)]


def rating(results, agent, players, rate):
    with open(os.path.join(results, "ratings", "list-%dp.csv" % players)) as f:
        for r in csv.DictReader(f):
            if r["agent"] == agent:
                return float(r["rating"]), float(r["rating_low"]), float(r["rating_high"])
    if rate:
        with open(os.path.join(results, "ratings", "%s-%dp.csv" % (rate, players))) as f:
            for r in csv.DictReader(f):
                if r["agent"] == agent:
                    return float(r["rating"]), float(r["rating_low"]), float(r["rating_high"])
    return None


def edges(results, suffix):
    """players -> (games, edge, low, high) in points, offset 0's advantage;
    empty for a rung whose captain study is not there (the searcher's would
    take days on two cores)."""
    out = {}
    path = os.path.join(results, "analysis", "captain-%s.csv" % suffix)
    if not os.path.exists(path):
        return out
    with open(path) as f:
        for r in csv.DictReader(f):
            p = int(r["players"])
            if r["captain_offset"] == "0" and 3 <= p <= 6:
                out[p] = (int(r["games"]), 100 * float(r["adv"]), 100 * float(r["adv_low"]), 100 * float(r["adv_high"]))
    return out


def ghost(results, suffix):
    path = os.path.join(results, "analysis", "ghost-%s.csv" % suffix)
    if not os.path.exists(path):
        return None
    with open(path) as f:
        for r in csv.DictReader(f):
            if r["measure"] == "ghost_win_rate" and r["players"] == "2":
                return int(r["games"]), 100 * float(r["ghost_on"]), 100 * float(r["low"]), 100 * float(r["high"])
    return None


def compare(a, b):
    """a less b with the 95% interval of the difference (independent runs:
    each interval's half-width is 1.96 standard errors), and whether the
    interval holds 0."""
    se = (((a[3] - a[2]) / 3.919928) ** 2 + ((b[3] - b[2]) / 3.919928) ** 2) ** 0.5
    d = a[1] - b[1]
    lo, hi = d - 1.959964 * se, d + 1.959964 * se
    return "%+.2f [%+.2f, %+.2f]: %s" % (d, lo, hi, "they agree" if lo <= 0 <= hi else "they differ")


def main():
    results, png = sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else None
    rows = []
    for name, suffix, agent, rate in RUNGS:
        rows.append((name, rating(results, agent, 4, rate), rating(results, agent, 2, rate), edges(results, suffix),
                     ghost(results, suffix)))
    print("# Balance on a ladder of skill\n")
    print("Each rung plays every seat (seats rotated); the first Captain's edge is the win share of the first "
          "Captain less the mean of the other players' (points), the ghost's share its win share of 2-player "
          "games; 95% intervals. Ratings from results/ratings/ (4-player list beside the edge, 2-player list "
          "beside the ghost). Made by `python3 results/analysis/balance_ladder.py results` from the studies' CSVs.\n")
    print("| rung | rating 4p | " + " | ".join("edge at %d players" % p for p in range(3, 7))
          + " | rating 2p | ghost's share at 2 |")
    print("|---|---:|" + "---:|" * 4 + "---:|---:|")
    for name, r4, r2, e, g in rows:
        cells = ["%+.2f [%+.2f, %+.2f]" % e[p][1:] if p in e else "-" for p in range(3, 7)]
        print("| %s | %s | %s | %s | %s |" % (name, "%.0f" % r4[0] if r4 else "-", " | ".join(cells),
                                             "%.0f" % r2[0] if r2 else "-", "%.2f%% [%.2f, %.2f]" % g[1:] if g else "-"))
    # the rungs are listed weakest first: the two strongest that measured each figure
    print("\nThe two strongest rungs that measured each figure:")
    for p in range(3, 7):
        have = [r for r in rows if p in r[3]]
        if len(have) >= 2:
            (n1, _, _, e1, _), (n2, _, _, e2, _) = have[-1], have[-2]
            print("- edge at %d players, %s and %s: %+.2f and %+.2f, the difference %s"
                  % (p, n1, n2, e1[p][1], e2[p][1], compare(e1[p], e2[p])))
    have = [r for r in rows if r[4]]
    if len(have) >= 2:
        (n1, _, _, _, g1), (n2, _, _, _, g2) = have[-1], have[-2]
        print("- the ghost's share, %s and %s: %.2f%% and %.2f%%, the difference %s"
              % (n1, n2, g1[1], g2[1], compare(g1, g2)))
    if png:
        dat = png + ".dat"
        with open(dat, "w") as f:
            for p in range(3, 7):
                for name, r4, _, e, _ in rows:
                    if r4 and p in e:
                        f.write("%g %g %g %g %d \"%s\"\n" % (r4[0], e[p][1], e[p][2], e[p][3], p, name))
                f.write("\n\n")
            for name, _, r2, _, g in rows:
                if r2 and g:
                    f.write("%g %g %g %g 2 \"%s\"\n" % (r2[0], g[1], g[2], g[3], name))
        script = ("set terminal pngcairo size 1300,520; set output '%s'; set multiplot layout 1,2; set grid; "
                  "set key top left; set xlabel 'rating of the rung (4-player list)'; "
                  "set ylabel \"first Captain's edge (points)\"; "
                  "set title \"The first Captain's edge against the players' skill (95%% intervals)\"; "
                  "plot for [i=0:3] '%s' index i using 1:2:3:4 with yerrorlines title sprintf('%%d players', i+3); "
                  "set xlabel 'rating of the rung (2-player list)'; set ylabel \"the Ghost Ship's share (%%)\"; "
                  "set title \"The Ghost Ship's share of 2-player games against skill (95%% intervals)\"; "
                  "plot '%s' index 4 using 1:2:3:4 with yerrorlines title 'ghost, 2 players'; unset multiplot"
                  % (png + ".tmp", dat, dat))
        plotpng.run(script, png, dat)
    return 0


if __name__ == "__main__":
    sys.exit(main())
