#!/usr/bin/env python3
"""The luck-adjusted SPRT and ratings against the plain ones (results/make.sh
lucksprt): error rates, deals to a verdict, and the ratings' spread.

    luck_sprt.py JAMAICA RUNS FIRST_SEED TRUTH_DEALS

A (`sharp`) against B (`greedy`), 2 players without the Ghost Ship, where
the adjusted score of a meeting has the plain one's mean (docs/STATISTICS.md,
"The adjusted SPRT").  First the truth: a tournament of TRUTH_DEALS deals of
seed FIRST_SEED, its plain score (A finished ahead of B) as Elo, d.  Then
RUNS tournaments on seeds FIRST_SEED + 1.. for each of two tests, both
hypotheses 20 Elo apart: H0 at d (d against d + 20: the truth is H0, so H1 is
the wrong verdict) and H1 at d (d - 20 against d: H0 is the wrong verdict),
each run once plain (--sprt) and once with --luck hand (the same deals):
how often each verdict is wrong (the design says 5%), and the deals it took.
Then the ratings: RUNS tournaments of 100 deals, `rating` and `rating_adj`
of A, their spread over the runs (the ratio of their variances: how many
times fewer deals the adjusted rating needs).  The truth's interval moves d
by a few Elo; the hypotheses' 20 Elo are wider.  One Markdown page on stdout.
Pure standard library.
"""
import csv
import math
import re
import os
import random
import subprocess
import sys
import tempfile

SPRT = re.compile(r"^SPRT .*: (H0 accepted|H1 accepted|inconclusive) after (\d+) deals;")
PAIR = ["--agents", "sharp,greedy", "--players", "2", "--rules", "2021,ghost=off", "--threads", str(os.cpu_count() or 1)]


def run(jamaica, args):
    """A tournament's report and its ratings CSV's rows."""
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "r.csv")
        md = subprocess.run([jamaica, "tournament"] + PAIR + args + ["--out", path], check=True,
                            capture_output=True, text=True).stdout
        return md, list(csv.DictReader(open(path, newline="")))


def elo(score):
    return -400 * math.log10(1 / score - 1)


def wilson(k, n):
    z = 1.959964
    p = k / n
    c = (p + z * z / (2 * n)) / (1 + z * z / n)
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return 100 * (c - h), 100 * (c + h)


def mean_ci(xs):
    n = len(xs)
    m = sum(xs) / n
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1))
    return m, m - 1.96 * sd / math.sqrt(n), m + 1.96 * sd / math.sqrt(n)


def sprt_run(jamaica, seed, e0, e1, luck, games):
    args = ["--games", str(games), "--seed", str(seed), "--sprt", "%.1f,%.1f" % (e0, e1), "--bootstrap", "0"]
    if luck:
        args += ["--luck", "hand"]
    text, _ = run(jamaica, args)
    for line in text.splitlines():
        m = SPRT.match(line)
        if m:
            return m.group(1), int(m.group(2))
    raise SystemExit("luck_sprt.py: no SPRT line for seed %d" % seed)


def main():
    jamaica, runs, first, truth_deals = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
    text, _ = run(jamaica, ["--games", str(truth_deals), "--seed", str(first), "--bootstrap", "0"])
    # A's share of the meetings finished ahead, from the report's table
    ahead = re.search(r"^\| 1 `sharp` \| - \| ([0-9.]+)% \|", text, re.M)
    s = float(ahead.group(1)) / 100
    d = round(elo(s))
    print("# The luck-adjusted SPRT and ratings against the plain ones\n")
    print("`python3 analysis/luck_sprt.py bin/jamaica %d %d %d` (results/make.sh lucksprt): `sharp` (A) against"
          " `greedy` (B), 2 players, rules `2021,ghost=off`, `--luck hand`.\n" % (runs, first, truth_deals))
    print("**The truth**: %d deals of seed %d (%d games): A finished ahead in %.2f%% of the meetings, %+.0f Elo"
          " (rounded to d = %+d).\n" % (truth_deals, first, 2 * truth_deals, 100 * s, elo(s), d))
    print("**The SPRT**, %d runs a line (seeds %d..%d; the plain and the adjusted test on the same deals), "
          "alpha = beta = 0.05, the hypotheses 20 Elo apart, at most 20,000 deals a run:\n" % (runs, first + 1, first + runs))
    print("| test | the truth is | SPRT | wrong verdicts [95%] | inconclusive | deals to a verdict, mean [95%] |")
    print("|---|---|---|---:|---:|---:|")
    ratio = {}
    for name, e0, e1, truth, wrong in (("H0 %+d, H1 %+d" % (d, d + 20), d, d + 20, "H0", "H1 accepted"),
                                       ("H0 %+d, H1 %+d" % (d - 20, d), d - 20, d, "H1", "H0 accepted")):
        for luck in (0, 1):
            verdicts = [sprt_run(jamaica, first + 1 + k, e0, e1, luck, 20000) for k in range(runs)]
            bad = sum(v == wrong for v, _ in verdicts)
            lo, hi = wilson(bad, runs)
            m, ml, mh = mean_ci([n for _, n in verdicts])
            ratio[(name, luck)] = m
            print("| %s | %s | %s | %d of %d, %.1f%% [%.1f, %.1f] | %d | %.0f [%.0f, %.0f] |"
                  % (name, truth, "adjusted" if luck else "plain", bad, runs, 100 * bad / runs, lo, hi,
                     sum(v == "inconclusive" for v, _ in verdicts), m, ml, mh))
    print()
    for name in sorted({k[0] for k in ratio}):
        print("- %s: the plain test's mean deals over the adjusted's, %.2f." % (name, ratio[(name, 0)] / ratio[(name, 1)]))
    print("\n**The ratings**: %d tournaments of 100 deals (seeds %d..%d), A's `rating` and `rating_adj` "
          "(unanchored: A's is half the difference):\n" % (runs, first + 1, first + runs))
    plain, adj = [], []
    for k in range(runs):
        _, rows = run(jamaica, ["--games", "100", "--seed", str(first + 1 + k), "--luck", "hand", "--bootstrap", "0"])
        a = [r for r in rows if r["agent"] == "sharp"][0]
        plain.append(float(a["rating"]))
        adj.append(float(a["rating_adj"]))
    mp, lp, hp = mean_ci(plain)
    ma, la, ha = mean_ci(adj)
    vp = sum((x - mp) ** 2 for x in plain) / (runs - 1)
    va = sum((x - ma) ** 2 for x in adj) / (runs - 1)
    # the ratio's interval: a bootstrap over the runs (each run's pair kept together), seeded
    rng = random.Random(7)
    boot = []
    for _ in range(2000):
        idx = [rng.randrange(runs) for _ in range(runs)]
        p = [plain[i] for i in idx]
        q = [adj[i] for i in idx]
        mp_, mq_ = sum(p) / runs, sum(q) / runs
        vq_ = sum((x - mq_) ** 2 for x in q)
        if vq_ > 0:
            boot.append(sum((x - mp_) ** 2 for x in p) / vq_)
    boot.sort()
    print("| rating | mean over the runs [95%] | sd |\n|---|---:|---:|")
    print("| `rating` (plain) | %+.1f [%+.1f, %+.1f] | %.1f |" % (mp, lp, hp, math.sqrt(vp)))
    print("| `rating_adj` | %+.1f [%+.1f, %+.1f] | %.1f |" % (ma, la, ha, math.sqrt(va)))
    print("\nVariance ratio plain / adjusted (how many times fewer deals the adjusted rating needs): %.2f "
          "[%.2f, %.2f] (bootstrap over the runs)." % (vp / va, boot[int(0.025 * (len(boot) - 1))],
                                                       boot[int(math.ceil(0.975 * (len(boot) - 1)))]))


if __name__ == "__main__":
    main()
