#!/usr/bin/env python3
"""remember.py MEMORY: a protocol agent (docs/PROTOCOL.md) written as an
entrant who remembers would write it.  Every process of it (one per seat
and thread) shares the file MEMORY: at the end of each game it appends what
it saw there (the game line's index, its seat, its opening hand, the
Captain's dice of every round), under a lock; at each game it reads all
that its processes wrote before and tries to use it:

- hands: another record of the same game index from another seat is that
  seat's opening hand, if every seating of a deal replays its chance;
- dice: each round's dice, before they show, from the records of the same
  game index whose dice agreed with this game's so far, or else from the
  records whose seat and opening hand are this game's (a deal recognised by
  its cards, whatever index it is given).

It plays the first legal action and appends its tallies to MEMORY as lines
"TALLY hands=H games=G predicted=P right=R" when it quits.  tests/sealed.sh
reads them: under a sealed seed it must know no hand and foretell dice no
better than chance.  Standard library only, so that it runs as any user."""
import fcntl
import json
import sys

memory = sys.argv[1]


def locked(mode):
    f = open(memory, mode, encoding="utf-8")
    fcntl.flock(f, fcntl.LOCK_EX)
    return f


def recall():
    try:
        with locked("r") as f:
            return [json.loads(l) for l in f if l.startswith("{")]
    except FileNotFoundError:
        return []


def fields(view):
    out = {}
    for w in view.split()[2:]:
        k, _, v = w.partition("=")
        out[k] = v
    return out


tally = {"hands": 0, "games": 0, "predicted": 0, "right": 0}
game = None


def finish():
    global game
    if game and game["hand"] is not None:
        with locked("a") as f:
            f.write(json.dumps({k: game[k] for k in ("key", "seat", "hand", "dice")}) + "\n")
    game = None


def first_view(g, v):
    """The opening hand is in: recall what the other processes saw."""
    g["hand"] = v.get(f"cards{g['seat']}", "")
    past = recall()
    same = [r for r in past if r["key"] == g["key"]]
    tally["hands"] += len({r["seat"] for r in same if r["seat"] != g["seat"]})
    g["like"] = same or [r for r in past if r["seat"] == g["seat"] and r["hand"] == g["hand"]]


for line in sys.stdin:
    w = line.split()
    if not w:
        continue
    if w[0] == "jamaica-agent":
        print("agent remember", flush=True)
    elif w[0] == "ready":
        print("ready", flush=True)
    elif w[0] == "game":
        finish()
        f = fields("x x " + line)
        game = {"key": f["game"], "seat": int(f["seat"]), "hand": None, "dice": {}, "like": []}
        tally["games"] += 1
    elif w[0] == "view" and game is not None:
        v = fields(line)
        if game["hand"] is None:
            first_view(game, v)
        rnd = v.get("round", "1")
        if rnd not in game["dice"] and "dice" in v:
            game["dice"][rnd] = v["dice"]
            # the records whose dice agreed with this game's so far
            agree = [r for r in game["like"] if rnd in r["dice"] and all(r["dice"].get(k) == d for k, d in game["dice"].items() if k != rnd)]
            guesses = [r["dice"][rnd] for r in agree]
            if guesses and rnd != "1":
                tally["predicted"] += 1
                tally["right"] += max(set(guesses), key=guesses.count) == v["dice"]
    elif w[0] == "go":
        print(0, flush=True)
    elif w[0] == "quit":
        break
finish()
with locked("a") as f:
    f.write("TALLY " + " ".join(f"{k}={v}" for k, v in tally.items()) + "\n")
