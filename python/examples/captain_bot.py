#!/usr/bin/env python3
"""A Python agent for `jamaica tournament`, over the line protocol.

    bin/jamaica tournament --players 4 --games 50 \
        --agents 'cmd:python3 python/examples/captain_bot.py',greedy,mcts:iters=100,random

It reads only the words of each legal action (docs/PROTOCOL.md) and scores
them with a few sailor's rules: sail far forward and finish, keep gold and
treasure, load into empty or small holds, pay with what is worth least,
fight with all the gunpowder.  It beats `random` clearly and loses to
`greedy`.  Python's standard library only; it needs no libjamaica.
"""
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import jamaica  # noqa: E402

WORTH = {"gold": 3.0, "food": 1.5, "gunpowder": 1.0, "forward": 2.0, "backward": -2.0}
NUM = re.compile(r"-?\d+")


def load_size(text):
    """The count in a hold's '(3 food)', 0 for '(empty)'."""
    m = re.search(r"\((\d+) (\w+)\)", text)
    return (int(m.group(1)), m.group(2)) if m else (0, "")


def score(decision, text):
    if decision == "card":  # "card 8: forward 6 / food 6"
        halves = re.findall(r"(gold|food|gunpowder|forward|backward) (\d+)", text)
        return sum(WORTH[a] * int(n) for a, n in halves)
    if decision in ("dest", "route"):  # "to space 12 (port)": Port Royal (0) finishes
        space = int(NUM.findall(text)[0])
        return 100 if space == 0 else space
    if decision == "hold":  # load into an empty hold, or over the smallest load
        n, res = load_size(text)
        return -n * (3 if res == "gold" else 1)
    if decision == "pay":  # pay from what is worth least
        n, res = load_size(text)
        return -WORTH.get(res, 0) * 10 + n
    if decision == "powder":
        return int(NUM.findall(text)[0])
    if decision == "sabre":
        return 1 if "reroll" in text else 0
    if decision == "loot":
        if "give" in text:  # a cursed card: give the worst
            return -int(NUM.findall(text)[-1]) if NUM.findall(text) else 0
        n, res = load_size(text)
        return 20 if "Map" in text or "Sabre" in text else n * WORTH.get(res, 2.0) + ("+" in text) * 10
    if decision == "ghost_dir":
        return 0
    return 0


class CaptainBot:
    name = "captain-bot"

    def __init__(self, **options):
        if options:
            raise ValueError("captain-bot takes no options, not %s" % ", ".join(options))

    def choose(self, obs, legal):
        return max(legal, key=lambda a: (score(obs.decision, a.text), -a.index))


if __name__ == "__main__":
    jamaica.serve(CaptainBot)
