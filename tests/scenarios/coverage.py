#!/usr/bin/env python3
"""Coverage of the printed 95% intervals, measured.

Many small seeded runs of `jamaica` where the truth is known, counting how
often each kind of interval the tool prints covers it:

  sim         an agent in two seats of every game (random with other draws
              in the other two, seats rotated): win rate 1/4 by symmetry
  tournament  equal agents (random with other draws: random:stream=N) in
              every seat: win rate 1/P and finishing ahead 1/2 by symmetry,
              rating 0; mean rank from one large run of the same design
  diff        B - A win points of two runs of equal agents over the same
              deals: 0 (plain sim files, and tournament files whose deals
              are clusters)
  study       sweep win:0 with random agents and a random first Captain:
              1/P by symmetry; captain's advantage (offset 0) from one
              large run
  no spread   samples whose every deal has the same mean, where a point
              interval would claim a certainty the sample cannot give:
              greedy in two seats of four against two random over 20 games
              (it wins every game, 50% of its seat-games each game; the
              truth from one large run), a tournament of one deal, a diff
              of one game.  These intervals take each deal as one trial
              (docs/STATISTICS.md): cautious by design, they must cover at
              least 93% (more is their documented price); the point they
              replace covered 36-49%.

Usage: coverage.py JAMAICA [--runs R] [--table OUT.md] [--check]
  --check   exit 1 unless every kind covers within 93-97% (the no-spread
            kinds: at least 93%)
The replicate seeds are 1..R; the large runs use seed 7777777.
"""
import argparse
import concurrent.futures
import csv
import os
import re
import subprocess
import sys
import tempfile

TRUTH_SEED = 7777777


def run(args, cwd):
    p = subprocess.run(args, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if p.returncode not in (0, 1):
        raise RuntimeError("%s: status %d: %s" % (" ".join(args), p.returncode, p.stderr.strip()))
    return p.stdout


def rows(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def tournament(j, d, agents, players, deals, seed, extra=("--threads", "1")):
    run([j, "tournament", "--agents", agents, "--players", str(players), "--games", str(deals), "--seed",
         str(seed), "--out", "r.csv", "--pairs", "p.csv", *extra], d)
    return rows(os.path.join(d, "r.csv")), rows(os.path.join(d, "p.csv"))


DIFF_ROW = re.compile(r"^\| seat \| `0` \| \d+ \| [^|]+ \| [^|]+ \| ([-+0-9.]+) \[([-+0-9.]+), ([-+0-9.]+)\] \|")


def diff_seat0(j, d, a, b):
    out = run([j, "diff", a, b, "--show", "0"], d)
    for line in out.splitlines():
        m = DIFF_ROW.match(line)
        if m:
            return float(m.group(2)) / 100, float(m.group(3)) / 100
    raise RuntimeError("no seat 0 row in diff's report")


def replicate(j, seed, truth):
    """The intervals of one seed's runs: {kind: (low, high, truth)}."""
    out = {}
    with tempfile.TemporaryDirectory() as d:
        r, p = tournament(j, d, "random,random:stream=1", 4, 40, seed)
        out["tournament 4p: win rate"] = (float(r[0]["wilson_low"]), float(r[0]["wilson_high"]), 0.25)
        out["tournament 4p: mean rank"] = (float(r[0]["rank_low"]), float(r[0]["rank_high"]), truth["rank4"])
        out["tournament 4p: rating"] = (float(r[0]["rating_low"]), float(r[0]["rating_high"]), 0.0)
        out["tournament 4p: finished ahead"] = (float(p[0]["low"]), float(p[0]["high"]), 0.5)
        r, p = tournament(j, d, "random,random:stream=1,random:stream=2", 3, 20, seed)
        out["tournament 3p, 3 agents: win rate"] = (float(r[0]["wilson_low"]), float(r[0]["wilson_high"]), 1 / 3)
        out["tournament 3p, 3 agents: rating"] = (float(r[0]["rating_low"]), float(r[0]["rating_high"]), 0.0)
        r, p = tournament(j, d, "random,random:stream=1", 2, 60, seed)
        out["tournament 2p: finished ahead"] = (float(p[0]["low"]), float(p[0]["high"]), 0.5)
        out["tournament 2p: rating"] = (float(r[0]["rating_low"]), float(r[0]["rating_high"]), 0.0)
        text = run([j, "sim", "--agents", "random,random:stream=1,random,random:stream=1", "--rotate", "--players",
                    "4", "--games", "300", "--seed", str(seed), "--threads", "1", "--out", "s.csv"], d)
        m = re.search(r"^  random: wins [0-9.]+% \[([0-9.]+), ([0-9.]+)\]", text, re.M)
        out["sim: win rate, two seats a game"] = (float(m.group(1)) / 100, float(m.group(2)) / 100, 0.25)
        for name, agents in (("a.csv", "random"), ("b.csv", "random:stream=1")):
            run([j, "sim", "--agents", agents, "--players", "4", "--games", "300", "--seed", str(seed),
                 "--threads", "1", "--out", "s.csv", "--games-csv", name], d)
        lo, hi = diff_seat0(j, d, "a.csv", "b.csv")
        out["diff (sim files): B - A win"] = (lo, hi, 0.0)
        for name, agents in (("ta.csv", "random,random:stream=1"), ("tb.csv", "random:stream=2,random:stream=3")):
            run([j, "tournament", "--agents", agents, "--players", "4", "--games", "40", "--seed", str(seed),
                 "--threads", "1", "--bootstrap", "0", "--out", "r.csv", "--games-csv", name], d)
        lo, hi = diff_seat0(j, d, "ta.csv", "tb.csv")
        out["diff (tournament files): B - A win"] = (lo, hi, 0.0)
        run([j, "study", "sweep", "--sweep", "start_gold=3..3", "--measure", "win:0", "--players", "4",
             "--agents", "random", "--games", "300", "--seed", str(seed), "--threads", "1", "--out", "w.csv",
             "--md", "w.md"], d)
        w = rows(os.path.join(d, "w.csv"))[0]
        out["study sweep: seat 0 win rate"] = (float(w["low"]), float(w["high"]), 0.25)
        run([j, "study", "captain", "--players", "3", "--agents", "random", "--games", "300", "--seed",
             str(seed), "--threads", "1", "--out", "c.csv", "--md", "c.md"], d)
        c = rows(os.path.join(d, "c.csv"))[0]
        out["study captain: advantage"] = (float(c["adv_low"]), float(c["adv_high"]), truth["adv3"])
        text = run([j, "sim", "--agents", "greedy,greedy,random,random", "--games", "20", "--seed", str(seed),
                    "--threads", "1", "--out", "s.csv"], d)
        m = re.search(r"^  greedy: wins [0-9.]+% \[([0-9.]+), ([0-9.]+)\]", text, re.M)
        out[NO_SPREAD[0]] = (float(m.group(1)) / 100, float(m.group(2)) / 100, truth["greedy2"])
        r, p = tournament(j, d, "random,random:stream=1", 4, 1, seed, ("--threads", "1", "--bootstrap", "0"))
        out[NO_SPREAD[1]] = (float(r[0]["wilson_low"]), float(r[0]["wilson_high"]), 0.25)
        for name, agents in (("a1.csv", "random"), ("b1.csv", "random:stream=1")):
            run([j, "sim", "--agents", agents, "--players", "4", "--games", "1", "--seed", str(seed),
                 "--threads", "1", "--out", "s.csv", "--games-csv", name], d)
        lo, hi = diff_seat0(j, d, "a1.csv", "b1.csv")
        out[NO_SPREAD[2]] = (lo, hi, 0.0)
    return out


NO_SPREAD = ("no spread: sim, greedy's 50% in every game", "no spread: tournament of 1 deal, win rate",
             "no spread: diff of 1 game, B - A win")


def truths(j):
    """The values symmetry does not give, from large runs."""
    with tempfile.TemporaryDirectory() as d:
        r, _ = tournament(j, d, "random,random:stream=1", 4, 100000, TRUTH_SEED, ("--bootstrap", "0",))
        # Both agents have the same expected rank: the pooled mean.
        rank4 = (float(r[0]["mean_rank"]) + float(r[1]["mean_rank"])) / 2
        run([j, "study", "captain", "--players", "3", "--agents", "random", "--games", "400000", "--seed",
             str(TRUTH_SEED), "--out", "c.csv", "--md", "c.md"], d)
        adv3 = float(rows(os.path.join(d, "c.csv"))[0]["adv"])
        text = run([j, "sim", "--agents", "greedy,greedy,random,random", "--games", "20000", "--seed",
                    str(TRUTH_SEED), "--out", "s.csv"], d)
        greedy2 = float(re.search(r"^  greedy: wins ([0-9.]+)%", text, re.M).group(1)) / 100
    return {"rank4": rank4, "adv3": adv3, "greedy2": greedy2}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("jamaica")
    ap.add_argument("--runs", type=int, default=1000)
    ap.add_argument("--table")
    ap.add_argument("--check", action="store_true")
    a = ap.parse_args()
    j = os.path.abspath(a.jamaica)
    truth = truths(j)
    hits, width, truth_of = {}, {}, {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        for res in pool.map(lambda s: replicate(j, s, truth), range(1, a.runs + 1)):
            for kind, (lo, hi, t) in res.items():
                hits[kind] = hits.get(kind, 0) + (lo <= t <= hi)
                width[kind] = width.get(kind, 0) + (hi - lo)
                truth_of[kind] = t
    lines = ["| interval | truth | covered | of | coverage | mean width |", "|---|---|---|---|---|---|"]
    bad = []
    for kind in hits:
        cov = hits[kind] / a.runs
        t = truth_of[kind]
        lines.append("| %s | %.4f | %d | %d | %.1f%% | %.4f |" % (kind, t, hits[kind], a.runs, 100 * cov,
                                                                 width[kind] / a.runs))
        if not (0.93 <= cov <= 0.97 or (kind in NO_SPREAD and cov >= 0.93)):
            bad.append(kind)
    text = "\n".join(lines) + "\n"
    sys.stdout.write(text)
    if a.table:
        with open(a.table + ".tmp", "w") as f:
            f.write("Coverage of the 95%% intervals `jamaica` prints: %d seeded runs each (seeds 1..%d), truth "
                    "from symmetry or from a large run (seed %d): mean rank %.5f, captain's advantage %.5f, greedy's share "
                    "in two seats of four against random %.5f.  The no-spread kinds are cautious by design (each deal "
                    "one trial, docs/STATISTICS.md): at least 93%%, where the point interval they replace covered "
                    "36-49%%.\n\n"
                    % (a.runs, a.runs, TRUTH_SEED, truth["rank4"], truth["adv3"], truth["greedy2"]))
            f.write(text)
        os.replace(a.table + ".tmp", a.table)
    if a.check and bad:
        sys.stderr.write("coverage outside 93-97%%: %s\n" % ", ".join(bad))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
