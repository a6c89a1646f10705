"""Read a report CSV into the plain columns a plots/KIND.gp file draws.

extract.py KIND IN.csv OUT.data [AGENTS]; exits 2 with one line on a CSV
that is not of that kind."""
import csv
import math
import sys


def fail(msg):
    print("plot.sh: " + msg, file=sys.stderr)
    sys.exit(2)


def rows(path, need):
    with open(path, newline="") as f:
        r = csv.DictReader(f)
        missing = [c for c in need if c not in (r.fieldnames or [])]
        if missing:
            fail("%s has no column %s (not the CSV this kind plots)" % (path, missing[0]))
        return list(r)


def label(s):
    return '"' + s.replace('"', "'") + '"'


def two_lines(s, width):
    """s as one line, or as two cut after the comma nearest its middle
    when it is longer than width and has a comma."""
    if len(s) <= width or "," not in s:
        return [s]
    cut = min((i for i, c in enumerate(s) if c == ","), key=lambda i: abs(i - len(s) / 2))
    return [s[:cut + 1], s[cut + 1:]]


def captain(src, mix, var):
    """Win rate by captain offset, a block per player count."""
    rs = rows(src, ["agents", "players", "captain_offset", "win_rate", "wilson_low", "wilson_high"])
    if not rs:
        fail(src + " holds no rows")
    mix = mix or rs[0]["agents"]
    rs = [r for r in rs if r["agents"] == mix]
    var["what"] = "agents " + mix
    if not rs:
        fail("no rows for agents '%s' in %s" % (mix, src))
    out = []
    for p in sorted({int(r["players"]) for r in rs}):
        out.append('"%d players" 0 0 0 0' % p)
        for r in rs:
            if int(r["players"]) == p:
                out.append("%s %s %s %s %s" % (r["captain_offset"], r["win_rate"], r["wilson_low"],
                                               r["wilson_high"], p))
        out += ["", ""]
    return out


def ghost(src, mix, var):
    """The ghost's 2-player win rate by agent mix."""
    rs = [r for r in rows(src, ["agents", "measure", "ghost_on", "low", "high"])
          if r["measure"] == "ghost_win_rate"]
    if not rs:
        fail(src + " holds no ghost_win_rate rows")
    return ["%d %s %s %s %s" % (i, r["ghost_on"], r["low"], r["high"], label(r["agents"]))
            for i, r in enumerate(rs)]


def sweep(src, mix, var):
    """The measure against the option, with its band."""
    rs = rows(src, ["option", "value", "measure", "estimate", "low", "high"])
    if not rs:
        fail(src + " holds no rows")
    var["what"] = "%s, %s players, agents %s" % (rs[0]["option"], rs[0]["players"], rs[0]["agents"])
    var["xlab"] = rs[0]["option"]
    var["ylab"] = {"ghost": "ghost win rate", "rounds": "rounds per game",
                   "captain": "first Captain's advantage (paired)"}.get(rs[0]["measure"],
                                                                      rs[0]["measure"].replace("win:", "win rate of seat "))
    return (["# %s %s" % (rs[0]["option"], rs[0]["measure"])] +
            ["%s %s %s %s" % (r["value"], r["estimate"], r["low"], r["high"]) for r in rs])


def balance(src, mix, var):
    """The first round's settings: a measure (MIX names it; the first
    target's by default) against the first varied option, a block per value
    of the others."""
    rs = rows(src, ["stage", "round", "first_game", "games", "loss", "kept"])
    if not rs:
        fail(src + " holds no rows")
    cols = list(rs[0].keys())
    measures = [c for c in cols[4:] if c + "_low" in cols]
    if not measures:
        fail(src + " holds no measures")
    keys = cols[4:cols.index(measures[0])]
    m = mix or measures[0]
    if m not in measures:
        fail("no measure '%s' in %s (%s)" % (m, src, ", ".join(measures)))
    first = [r for r in rs if r["stage"] == "search" and r["round"] == "0"]
    xs = []
    for r in first:
        if r[keys[0]] not in xs:
            xs.append(r[keys[0]])
    var["xticks"] = ", ".join("'%s' %d" % (x.replace("'", ""), i) for i, x in enumerate(xs))
    var["what"] = "%s against %s" % (m, keys[0])
    var["xlab"] = keys[0]
    var["ylab"] = m

    def group(r):
        return ", ".join("%s=%s" % (k, r[k]) for k in keys[1:]) or m
    groups = []
    for r in first:
        if group(r) not in groups:
            groups.append(group(r))
    out = []
    for g in groups:
        out.append("%s 0 0 0" % label(g))
        for r in first:
            if group(r) == g:
                out.append("%d %s %s %s" % (xs.index(r[keys[0]]), r[m], r[m + "_low"], r[m + "_high"]))
        out += ["", ""]
    return out


def ratings(src, mix, var):
    """Each agent's rating with its interval."""
    rs = [r for r in rows(src, ["agent", "rating", "rating_low", "rating_high"]) if r["rating"]]
    if not rs:
        fail(src + " holds no ratings")
    out = []
    for i, r in enumerate(rs):
        # a spec longer than 36 characters cut to 33 and "...": the
        # slanted labels must fit right of the last tic (the ladder
        # plot and the tables give it whole)
        name = r["agent"] if len(r["agent"]) <= 36 else r["agent"][:33] + "..."
        out.append("%d %s %s %s %s" % (i, r["rating"], r["rating_low"] or r["rating"],
                                       r["rating_high"] or r["rating"], label(name)))
    return out


def place_labels(rs, ms):
    """Each label's height (r["label_y"]) and lines (r["lines"]): right of
    its point, moved down a line at a time (4% of the ratings' span) while
    it would cross a label already placed or another point.  A label spans
    about 0.045 decades of time a character; one longer than 32 characters
    is cut in two lines at the comma nearest its middle, the second drawn a
    line below the first."""
    ys = [float(r["rating"]) for r in rs]
    line = 0.04 * max(max(ys) - min(ys), 100.0)
    pts = [(math.log10(float(ms[r["agent"]])), float(r["rating"])) for r in rs]
    placed = []
    for r in sorted(rs, key=lambda r: -float(r["rating"])):
        r["lines"] = two_lines(r["agent"], 32)
        x, y = math.log10(float(ms[r["agent"]])), float(r["rating"])
        x1 = x + 0.045 * max(len(t) for t in r["lines"]) + 0.1
        depth = line * (len(r["lines"]) - 1)

        def clash(y):
            return (any(a < x1 and x < b and py - line < y and y - depth < py + line for a, b, py in placed) or
                    any(x < px < x1 and y - depth - line < py < y + line for px, py in pts))
        while clash(y):
            y -= line
        placed.append((x, x1, y))
        if depth:
            placed.append((x, x1, y - depth))
        r["label_y"] = y


def ladder(src, mix, var):
    """A tournament's ratings against its agents' time per decision (MIX
    names the tournament's --timing CSV); agents too cheap to time (random,
    first) have no time and are left out."""
    if not mix:
        fail("ladder needs the tournament's --timing CSV as its fourth argument")
    rs = [r for r in rows(src, ["agent", "rating", "rating_low", "rating_high"]) if r["rating"]]
    ms = {r["agent"]: r["mean_ms"] for r in rows(mix, ["agent", "timed", "mean_ms"]) if r["mean_ms"]}
    untimed = [r["agent"] for r in rs if r["agent"] not in ms]
    if untimed:
        var["what"] = "not timed (cheaper than the clock): " + ", ".join(untimed)
    rs = [r for r in rs if r["agent"] in ms]
    if not rs:
        fail("no agent of %s has a time in %s" % (src, mix))
    place_labels(rs, ms)
    return ["%s %s %s %s %s %.3f %s" % (ms[r["agent"]], r["rating"], r["rating_low"] or r["rating"],
                                        r["rating_high"] or r["rating"], label(r["lines"][0]), r["label_y"],
                                        label(r["lines"][1] if len(r["lines"]) > 1 else ""))
            for r in rs]


def median(v):
    v = sorted(v)
    return v[len(v) // 2] if len(v) % 2 else (v[len(v) // 2 - 1] + v[len(v) // 2]) / 2


def scaling(src, mix, var):
    """Runs of workload, mode, workers, games_per_sec: for each workload and
    mode (threads, ranks) a block of "workers speed-up", the speed-up the median games/s
    over the workload's median on one thread; blocks two blank lines apart,
    their titles in the variable titles."""
    rs = rows(src, ["workload", "mode", "workers", "games_per_sec"])
    runs = {}
    for r in rs:
        runs.setdefault((r["workload"], r["mode"]), {}).setdefault(int(r["workers"]), []).append(
            float(r["games_per_sec"]))
    out, titles = [], []
    for (w, m), by in runs.items():
        base = runs.get((w, "threads"), {}).get(1)
        if not base:
            continue
        if titles:
            out += ["", ""]
        titles.append("%s-%s" % ("mcts:iters=300" if w == "mcts" else w, m))
        for n in sorted(by):
            out.append("%d %.3f" % (n, median(by[n]) / median(base)))
    if not titles:
        fail(src + " has no run on one thread to measure a speed-up from")
    var["titles"] = " ".join(titles)
    var["most"] = str(max(int(r["workers"]) for r in rs))
    return out


def games(src, mix, var):
    """Scores, then game lengths; for MIX, one agent's seats and the games
    it played in."""
    rs = rows(src, ["game", "seat", "agent", "is_ghost", "score", "rounds"])
    if not rs:
        fail(src + " holds no rows")
    if mix:
        played = {r["game"] for r in rs if r["agent"] == mix}
        if not played:
            fail("no seat of agent '%s' in %s" % (mix, src))
        scores = [r["score"] for r in rs if r["agent"] == mix and r["is_ghost"] == "0"]
        lengths = [r["rounds"] for r in rs if r["seat"] == "0" and r["game"] in played]
        var["what"] = "agent " + mix
    else:
        scores = [r["score"] for r in rs if r["is_ghost"] == "0"]
        lengths = [r["rounds"] for r in rs if r["seat"] == "0"]
    return scores + ["", ""] + lengths


def skill(src, mix, var):
    """A study's --ladder CSV: the figure against the rung's rating, a block
    per player count (the luck-adjusted estimate where the CSV has it), and
    the bounds (no rating) as a last block drawn at the right edge."""
    rs = rows(src, ["rung", "agent", "bound", "players", "rating", "figure", "value", "low", "high",
                    "value_adj", "low_adj", "high_adj"])
    if not rs:
        fail(src + " holds no rows")
    adj = all(r["value_adj"] for r in rs)
    col = ("value_adj", "low_adj", "high_adj") if adj else ("value", "low", "high")
    share = rs[0]["figure"] == "ghost_share"
    var["ylab"] = ("the ghost's share of 2-player games" if share else
                   "first Captain's edge (points)") + (" (luck-adjusted)" if adj else "")
    rated = [float(r["rating"]) for r in rs if r["rating"]]
    right = (max(rated) if rated else 0) + 60
    out = []
    for p in sorted({int(r["players"]) for r in rs}):
        out.append('"%d players" 0 0 0' % p)
        for r in rs:
            if int(r["players"]) == p and r["rating"] and r["bound"] == "0":
                out.append("%s %.4f %.4f %.4f" % (r["rating"], *(100 * float(r[c]) for c in col)))
        out += ["", ""]
    bounds = [r for r in rs if r["bound"] == "1"]
    out.append('"bound (sees the hands)" 0 0 0')
    for i, r in enumerate(bounds):
        out.append("%.1f %.4f %.4f %.4f" % (right + 4 * i, *(100 * float(r[c]) for c in col)))
    if not bounds:
        out.append("%.1f NaN NaN NaN" % right)
    return out


KINDS = {"captain": captain, "ghost": ghost, "sweep": sweep, "balance": balance, "ratings": ratings,
         "ladder": ladder, "scaling": scaling, "games": games,
         "skill": skill}


def main():
    kind, src, dst = sys.argv[1:4]
    mix = sys.argv[4] if len(sys.argv) > 4 else ""
    if kind not in KINDS:
        fail("unknown kind '%s'" % kind)
    var = {"what": ""}  # gnuplot variables for titles, written to OUT.data.vars
    out = KINDS[kind](src, mix, var)
    with open(dst + ".vars", "w") as f:
        for k, v in var.items():
            f.write("%s = \"%s\"\n" % (k, v.replace("\\", "").replace('"', "'")))
    while out and out[-1] == "":
        out.pop()
    with open(dst, "w") as f:
        f.write("\n".join(out) + "\n")


main()
