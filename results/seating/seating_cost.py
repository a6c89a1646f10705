#!/usr/bin/env python3
"""seating_cost.py GAMES.csv [MORE.csv ...]: what pairing a tournament's
seatings on one deal's chance buys, measured on its own games.

A tournament estimates each agent's win rate (and who finishes ahead of
whom) by the mean over deals of the deal's mean over its S seatings.  When
every seating replays the deal's chance (paired, the default), the
seatings' outcomes covary and the variance of a deal's mean is
Var(sum_k X_k) / S^2, covariances included.  When each seating plays chance
of its own (an outside agent under a sealed seed; docs/PROTOCOL.md), the
seatings are independent and it is sum_k Var(X_k) / S^2.  Both are
estimated from one run's GAMES.csv; their ratio is how many times more
deals the unpaired design needs for the same interval.

On a run that is itself unpaired the ratio must come out near 1 (the
control): the covariances it drops are then zero.

Writes a Markdown table on standard output: per agent (and for the first
agent ahead of the second) the estimate, the two variances of a deal's
mean, and their ratio with a 95% bootstrap interval over deals.
Standard library only."""
import csv
import random
import sys
from collections import defaultdict


def usage(msg):
    print(f"seating_cost.py: {msg}", file=sys.stderr)
    sys.exit(2)


def read(paths):
    """deal -> seating -> list of (agent, win, rank)."""
    deals = defaultdict(lambda: defaultdict(list))
    agents = []
    for path in paths:
        try:
            f = open(path, newline="", encoding="utf-8")
        except OSError as e:
            usage(f"cannot read '{path}': {e.strerror}")
        with f:
            rows = csv.DictReader(f)
            if not rows.fieldnames or "seating" not in rows.fieldnames:
                usage(f"'{path}' is not a tournament's GAMES.csv (no seating column)")
            for r in rows:
                if r["is_ghost"] == "1":
                    continue
                if r["agent"] not in agents:
                    agents.append(r["agent"])
                deals[(path, r["game"])][int(r["seating"])].append((r["agent"], float(r["win"]), int(r["rank"])))
    return deals, agents


def measures(deals, agents):
    """name -> deal-by-seating matrix of the measure (None: not seated)."""
    S = max(len(s) for s in deals.values())
    whole = [d for d in deals.values() if len(d) == S]
    out = {}
    for a in agents:
        m = []
        for d in whole:
            row = []
            for k in range(S):
                w = [win for ag, win, _ in d[k] if ag == a]
                row.append(sum(w) / len(w) if w else None)
            m.append(row)
        out[f"`{a}` win rate"] = m
    if len(agents) >= 2:
        a, b = agents[0], agents[1]
        m = []
        for d in whole:
            row = []
            for k in range(S):
                ra = [r for ag, _, r in d[k] if ag == a]
                rb = [r for ag, _, r in d[k] if ag == b]
                if not ra or not rb:
                    row.append(None)
                    continue
                pairs = [(x, y) for x in ra for y in rb]
                row.append(sum(1.0 if x < y else 0.5 if x == y else 0.0 for x, y in pairs) / len(pairs))
            m.append(row)
        out[f"`{a}` ahead of `{b}`"] = m
    return out, S, len(whole)


def var(xs):
    n = len(xs)
    mu = sum(xs) / n
    return sum((x - mu) ** 2 for x in xs) / (n - 1)


def variances(m):
    """(mean, var of a deal's mean paired, the same with the seatings
    independent), over the seatings where the measure is defined."""
    cols = [k for k in range(len(m[0])) if m[0][k] is not None]
    means = [sum(r[k] for k in cols) / len(cols) for r in m]
    paired = var(means)
    indep = sum(var([r[k] for r in m]) for k in cols) / len(cols) ** 2
    return sum(means) / len(means), paired, indep


def main():
    if len(sys.argv) < 2 or sys.argv[1] in ("-h", "--help"):
        print(__doc__)
        sys.exit(0 if len(sys.argv) > 1 else 2)
    deals, agents = read(sys.argv[1:])
    if not deals:
        usage("no games")
    ms, S, n = measures(deals, agents)
    if n < 10:
        usage(f"{n} whole deals: too few to estimate variances")
    rng = random.Random(1)
    print(f"{n} deals x {S} seatings.\n")
    print("| measure | estimate | var of a deal's mean, paired | the same, seatings independent | "
          "deals the unpaired design needs for the same interval [95%] |")
    print("|---|---|---|---|---|")
    for name, m in ms.items():
        mean, paired, indep = variances(m)
        boot = []
        for _ in range(200):
            s = [m[rng.randrange(n)] for _ in range(n)]
            _, p, i = variances(s)
            if p > 0:
                boot.append(i / p)
        boot.sort()
        lo, hi = boot[int(0.025 * len(boot))], boot[int(0.975 * len(boot)) - 1]
        ratio = indep / paired if paired > 0 else float("inf")
        print(f"| {name} | {100 * mean:.2f}% | {paired:.5f} | {indep:.5f} | {ratio:.2f}x [{lo:.2f}, {hi:.2f}] |")


if __name__ == "__main__":
    main()
