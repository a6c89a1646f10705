#!/usr/bin/env python3
"""mutate_games.py INTACT.csv OUTDIR [--count N] [--seed S]: N damaged
copies of a GAMES.csv (m00.csv, m01.csv, ...), each with one mutation, and
OUTDIR/manifest.txt, a line per copy: its file, the line the damage is at
(1 for the header) and what was done.  Seeded: the same copies every run.
Python's standard library only.

The mutations are ones no writer makes: a number out of its range, not a
number, or huge; a field emptied; a hash, seed, rules text, agent or win
share broken; a row's facts at odds with its game's (first Captain, hash,
rounds, the score's parts, the ranks, the captain offset); a row
duplicated, dropped, swapped within or across games; a line truncated,
ended in CR, given or robbed of a field; the header's columns added,
removed, renamed or swapped; a blank line; a quote misplaced.  A damaged
row is never its game's first (the first row sets the game's facts, so
that a later row at odds with it is the damaged one)."""
import csv
import io
import random
import sys


def render(fields):
    """One row as the writer writes it: quoted where a field needs it."""
    out = io.StringIO()
    csv.writer(out, lineterminator="\n", quoting=csv.QUOTE_MINIMAL).writerow(fields)
    return out.getvalue()


class Games:
    def __init__(self, path):
        with open(path, newline="") as f:
            self.lines = f.read().split("\n")
        assert self.lines[-1] == "", "the file ends in a line break"
        self.lines.pop()
        self.header = self.lines[0].split(",")
        self.col = {name: i for i, name in enumerate(self.header)}
        self.rows = [next(csv.reader([line])) for line in self.lines[1:]]
        for line, row in zip(self.lines[1:], self.rows):
            assert render(row) == line + "\n", "a row re-rendered is not the same bytes"
        self.players = int(self.rows[0][self.col["players"]])
        self.ships = sum(1 for r in self.rows if r[self.col["game"]] == self.rows[0][self.col["game"]] and
                         r[self.col.get("seating", 0)] == self.rows[0][self.col.get("seating", 0)])
        self.round_cap = int(self.rows[0][self.col["rules"]].split("round_cap=")[1].split(",")[0])

    def text(self, lines):
        return "".join(line + "\n" for line in lines)

    def later(self, rng, ghost=None):
        """A row (its index in rows) that is not its game's first, not the
        file's last; ghost True/False: the ghost's row or a player's."""
        seat = self.col["seat"]
        pick = [i for i, r in enumerate(self.rows[:-1]) if r[seat] != "0" and
                (ghost is None or (r[self.col["is_ghost"]] == "1") == ghost)]
        return rng.choice(pick)

    def game_key(self, i):
        r = self.rows[i]
        return (r[self.col["game"]], r[self.col["seating"]] if "seating" in self.col else "")


def set_field(g, rng, column, value, ghost=None):
    """A row's column set to value (a function: of the old one): the file,
    the damaged line, what was done."""
    i = g.later(rng, ghost)
    row = list(g.rows[i])
    row[g.col[column]] = value(row[g.col[column]]) if callable(value) else value
    lines = list(g.lines)
    lines[i + 1] = render(row)[:-1]
    return g.text(lines), i + 2, "%s of line %d set to %r" % (column, i + 2, row[g.col[column]])


INT_COLUMNS = ["players", "seat", "is_ghost", "first_captain", "rounds", "capped", "finished", "score", "rank",
               "position_score", "gold", "treasure_points", "battles_won", "battles_lost", "shortages"]
LUCK_COLUMNS = ["win_adj", "luck_captain", "luck_pile", "luck_draw", "luck_dice", "luck_battle", "luck_shortage",
                "luck_treasure", "luck_blind", "luck_decision"]


def out_of_range(g, rng):
    """Each integer column one step past its range (the ranks on both sides)."""
    c, value = rng.choice([
        ("players", "7"), ("seat", str(g.ships)), ("is_ghost", "2"), ("first_captain", str(g.players)),
        ("captain_offset", str(g.players)), ("rounds", str(g.round_cap + 1)), ("rounds", "0"), ("capped", "2"),
        ("finished", "2"), ("rank", str(g.ships + 1)), ("rank", "0"), ("win", "2"), ("battles_won", "-1"),
        ("battles_lost", "65536"), ("shortages", "-1"), ("gold", "-1"), ("score", "32768"),
        ("seating", "720") if "seating" in g.col else ("seat", "-1")])
    return set_field(g, rng, c, value, False if c == "captain_offset" else None)


def not_a_number(g, rng):
    return set_field(g, rng, rng.choice(INT_COLUMNS + ["game"]),
                     rng.choice(["x", "1.5", "+1", "01", " 1", "1e2", "0x1", "-", "1 ", "--1", "-0"]))


def huge(g, rng):
    return set_field(g, rng, rng.choice(INT_COLUMNS + ["game", "seating"] if "seating" in g.col else INT_COLUMNS),
                     rng.choice(["4294967297", "18446744073709551617", "-9223372036854775809",
                                 "99999999999999999999999", "2147483648", "9223372036854775808"]))


def emptied(g, rng):
    cols = [c for c in g.header if c != "captain_offset" and c != "faults"]
    return set_field(g, rng, rng.choice(cols), "")


def bad_hash(g, rng):
    return set_field(g, rng, "trace_hash", rng.choice([lambda r: r[:15], lambda r: r + "0", lambda r: r.upper(),
                                                        lambda r: "g" + r[1:], lambda r: "0x" + r[2:]]))


def bad_seed(g, rng):
    return set_field(g, rng, "seed", rng.choice(["abc", "-1", "sealed:xyz", "12345678901234567890123",
                                                 "sealed:" + "0" * 31, "7", "05"]))


def bad_rules(g, rng):
    return set_field(g, rng, "rules", rng.choice([
        "garbage", "shortage=die,ghost=maybe", lambda r: r.replace("round_cap=200", "round_cap=0"),
        lambda r: r[:len(r) // 2], lambda r: r + ",start_gold=3", lambda r: r.replace("start_gold=3", "start_gold=4"),
        lambda r: r.replace("shortage=die,", ""), ""]))


def bad_agent(g, rng):
    kind = rng.randrange(3)
    if kind == 0:
        return set_field(g, rng, "agent", "")
    if kind == 1:
        return set_field(g, rng, "agent", "ghost", False)
    if "1" in [r[g.col["is_ghost"]] for r in g.rows]:
        return set_field(g, rng, "agent", "random", True)
    return set_field(g, rng, "agent", "x" * 300)


def bad_win(g, rng):
    return set_field(g, rng, "win", rng.choice([lambda v: "0.5" if v == "1" else "1",
                                                "1.0", "0.50", "0.333333", "-1", "0.0"]))


def bad_luck(g, rng):
    if "win_adj" not in g.col:
        return bad_win(g, rng)
    return set_field(g, rng, rng.choice(LUCK_COLUMNS), rng.choice(
        ["abc", "1e400", "0.12345", "0.1234567", "inf", "nan", "99999999.000000", "", "+0.100000", "1.", ".5"]))


def at_odds(g, rng):
    """A value in its range but at odds with the row's game or its own parts."""
    c = rng.choice(["first_captain", "trace_hash", "rounds", "score", "rank", "captain_offset", "is_ghost", "players",
                    "capped", "win_many"])
    if c == "first_captain":
        return set_field(g, rng, c, lambda v: str((int(v) + 1) % g.players))
    if c == "trace_hash":
        return set_field(g, rng, c, lambda v: "%016x" % (int(v, 16) ^ 1))
    if c == "rounds":
        return set_field(g, rng, c, lambda v: str(int(v) - 1))
    if c == "score":
        return set_field(g, rng, c, lambda v: str(int(v) + 1))
    if c == "rank":  # a winner's rank moved off 1, or a loser's onto it
        return set_field(g, rng, c, lambda v: "2" if v == "1" else "1")
    if c == "captain_offset":
        return set_field(g, rng, c, lambda v: str((int(v) + 1) % g.players), False)
    if c == "is_ghost":
        return set_field(g, rng, c, lambda v: "0" if v == "1" else "1")
    if c == "players":
        return set_field(g, rng, c, str(g.players + 1 if g.players < 6 else 5))
    if c == "capped":
        return set_field(g, rng, c, lambda v: "0" if v == "1" else "1")
    return set_field(g, rng, "win", lambda v: "1" if v == "0" else "0")


def game_moved(g, rng):
    c = rng.choice(["game", "seating"] if "seating" in g.col else ["game"])
    return set_field(g, rng, c, lambda v: str(int(v) + rng.choice([1, 2, 100])))


def duplicated(g, rng):
    i = rng.randrange(len(g.rows) - 1)
    lines = list(g.lines)
    lines.insert(i + 2, lines[i + 1])
    return g.text(lines), i + 3, "line %d duplicated" % (i + 2)


def dropped(g, rng):
    i = rng.randrange(len(g.rows) - 1)
    lines = list(g.lines)
    del lines[i + 1]
    return g.text(lines), i + 2, "line %d dropped" % (i + 2)


def swapped_across(g, rng):
    while True:
        i, j = sorted(rng.sample(range(len(g.rows)), 2))
        if g.game_key(i) != g.game_key(j) and g.rows[i][g.col["seat"]] == g.rows[j][g.col["seat"]]:
            break
    lines = list(g.lines)
    lines[i + 1], lines[j + 1] = lines[j + 1], lines[i + 1]
    return g.text(lines), i + 2, "lines %d and %d (the same seat of two games) swapped" % (i + 2, j + 2)


def swapped_within(g, rng):
    i = rng.choice([i for i in range(len(g.rows) - 1) if g.game_key(i) == g.game_key(i + 1)])
    lines = list(g.lines)
    lines[i + 1], lines[i + 2] = lines[i + 2], lines[i + 1]
    return g.text(lines), i + 2, "lines %d and %d (two seats of a game) swapped" % (i + 2, i + 3)


def truncated(g, rng):
    i = rng.randrange(len(g.rows))
    lines = list(g.lines)
    cut = rng.randrange(1, len(lines[i + 1]))
    lines[i + 1] = lines[i + 1][:cut]
    return g.text(lines), i + 2, "line %d cut after %d characters" % (i + 2, cut)


def truncated_end(g, rng):
    text = g.text(g.lines)
    last = len(g.lines)
    if rng.randrange(2):
        return text[:-1], last, "the last line break removed"
    cut = rng.randrange(2, len(g.lines[-1]))
    return text[:-1 - cut], last, "the file cut %d characters before its end" % (cut + 1)


def carriage_return(g, rng):
    i = g.later(rng)
    lines = list(g.lines)
    lines[i + 1] += "\r"
    return g.text(lines), i + 2, "line %d ended in CR LF" % (i + 2)


def field_count(g, rng):
    i = g.later(rng)
    row = list(g.rows[i])
    if rng.randrange(2):
        row.insert(rng.randrange(len(row) + 1), rng.choice(["0", "", "x"]))
        what = "a field added to"
    else:
        del row[rng.randrange(len(row))]
        what = "a field removed from"
    lines = list(g.lines)
    lines[i + 1] = render(row)[:-1]
    return g.text(lines), i + 2, "%s line %d" % (what, i + 2)


def header_changed(g, rng):
    h = list(g.header)
    kind = rng.randrange(5)
    if kind == 0:
        h.insert(rng.randrange(len(h) + 1), "extra")
        what = "a column named in the header only"
    elif kind == 1:
        del h[rng.randrange(len(h))]
        what = "a column left out of the header only"
    elif kind == 2:
        k = rng.randrange(len(h))
        h[k] = h[k] + "s"
        what = "column %d renamed" % (k + 1)
    elif kind == 3:
        k = rng.randrange(len(h) - 1)
        h[k], h[k + 1] = h[k + 1], h[k]
        what = "columns %d and %d swapped in the header" % (k + 1, k + 2)
    else:
        h.append(h[rng.randrange(len(h))])
        what = "a column named twice"
    return g.text([",".join(h)] + g.lines[1:]), 1, what


def column_everywhere(g, rng):
    """A column added to, or removed from, every line."""
    k = rng.choice([k for k, c in enumerate(g.header) if c not in ("seating", "faults")])
    if rng.randrange(2):
        lines = [",".join(g.header[:k] + ["extra"] + g.header[k:])]
        lines += [render(r[:k] + ["0"] + r[k:])[:-1] for r in g.rows]
        return g.text(lines), 1, "a column 'extra' added before column %d" % (k + 1)
    lines = [",".join(g.header[:k] + g.header[k + 1:])] + [render(r[:k] + r[k + 1:])[:-1] for r in g.rows]
    return g.text(lines), 1, "column %s removed from every line" % g.header[k]


def blank_line(g, rng):
    i = rng.randrange(len(g.rows))
    lines = list(g.lines)
    lines.insert(i + 1, "")
    return g.text(lines), i + 2, "a blank line %d" % (i + 2)


def quoting(g, rng):
    i = g.later(rng)
    lines = list(g.lines)
    row = g.rows[i]
    if rng.randrange(2):  # the rules' closing quote removed
        lines[i + 1] = lines[i + 1].replace('",', ",", 1)
        what = "the rules field's closing quote removed on"
    else:  # a field quoted that the writer leaves bare
        k = rng.choice([k for k, v in enumerate(row) if v and "," not in v])
        lines[i + 1] = render(row[:k])[:-1] + ("," if k else "") + '"%s"' % row[k] + \
            ("," + render(row[k + 1:])[:-1] if k + 1 < len(row) else "")
        what = "column %s quoted on" % g.header[k]
    return g.text(lines), i + 2, "%s line %d" % (what, i + 2)


KINDS = [out_of_range, not_a_number, huge, emptied, bad_hash, bad_seed, bad_rules, bad_agent, bad_win, bad_luck,
         at_odds, game_moved, duplicated, dropped, swapped_across, swapped_within, truncated, truncated_end,
         carriage_return, field_count, header_changed, column_everywhere, blank_line, quoting]


def main(argv):
    args = argv[1:]
    count, seed = 80, 1
    for opt in ("--count", "--seed"):
        if opt in args:
            k = args.index(opt)
            value = int(args[k + 1])
            del args[k:k + 2]
            count, seed = (value, seed) if opt == "--count" else (count, value)
    if len(args) != 2:
        sys.exit(__doc__)
    g = Games(args[0])
    rng = random.Random(seed)
    with open(args[1] + "/manifest.txt", "w") as manifest:
        for n in range(count):
            text, line, what = KINDS[n % len(KINDS)](g, rng)
            name = "m%02d.csv" % n
            with open(args[1] + "/" + name, "w", newline="") as f:
                f.write(text)
            manifest.write("%s %d %s\n" % (name, line, what))


if __name__ == "__main__":
    main(sys.argv)
