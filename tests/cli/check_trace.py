#!/usr/bin/env python3
"""Replay `jamaica trace --format jsonl` games and check every event against
the rules (docs/RULES.md) with bookkeeping of its own: positions and
laps, holds, treasures, lair tokens, card halves, battles and scores.  It
shares no code or table with the engine; the board below was transcribed
from docs/BOARD.md.  The first line ("run") gives the rules in force; games must
start from the setup (not a position).

A variant (docs/VARIANTS.md) is read from the run line's "variant" (the
file's path; the trace must be checked where it was made, or with a whole
path) and "fields", by this file's own reading of the variant format and
of the rulings VARIANTS.md states: a die face numbered 0 is a number, the
cursed cards are those of negative value, a ship in lap 0 scores the
`behind` score.  Two cards of one name (the two +3, the two +7) must keep
one value: a trace names a card, not which of the two it is.

usage: check_trace.py FILE.jsonl...   (exit 1 at the first disagreement)
"""
import json
import sys

KIND = "RSSSLPPSSLSLSSSSPSPLSPLSSLSSPSPPSLPSSLSSSPSSLPSSSS"
COST = [0, 2, 3, 2, 0, 3, 5, 2, 3, 0, 3, 0, 2, 3, 4, 3, 3, 2, 3, 0, 3, 3, 0, 2, 3, 0, 4, 4, 5, 1,
        5, 3, 3, 0, 3, 2, 1, 0, 1, 4, 4, 5, 2, 3, 0, 7, 2, 3, 3, 3]
NEXT = [[1], [2], [3], [4], [5], [6], [7, 13], [8], [9], [10], [11], [12], [15], [14], [15], [16],
        [17], [18], [19], [20, 26], [21], [22], [23], [24], [25], [28], [27], [28], [29], [30], [31],
        [32], [33, 39], [34], [35], [36], [37], [38], [41], [40], [41], [42], [43], [44], [45], [46],
        [47], [48], [49], [0]]
CARDS = [("food", "forward"), ("forward", "forward"), ("forward", "backward"), ("backward", "forward"),
         ("forward", "gunpowder"), ("gunpowder", "gold"), ("gold", "gold"), ("gold", "forward"),
         ("forward", "food"), ("food", "gunpowder"), ("gunpowder", "food")]
POWERS = {"Morgan's Map", "Saran's Sabre", "Lady Beth", "6th Hold"}
VALUE = {"+3": 3, "+5": 5, "+7": 7, "-2": -2, "-3": -3, "-4": -4}
SHORT = {2: "port", 4: "sea", 6: "pirate lair", 8: "port", 10: "sea", "star": "stay put"}
KIND_OF = {"port": "P", "sea": "S", "pirate lair": "L"}




class Bad(Exception):
    pass


ACTS = ["gold", "food", "gunpowder", "forward", "backward"]
TNAMES = ["+3", "+3", "+5", "+7", "+7", "-2", "-3", "-4"]   # the K-th scoring card's name
PNAMES = {"map": "Morgan's Map", "sabre": "Saran's Sabre", "beth": "Lady Beth", "hold6": "6th Hold"}


class Board:
    """The tables a game is played on: the base game's (docs/BOARD.md), or a
    variant file's with its fields set over it (docs/VARIANTS.md)."""

    def __init__(self):
        self.kind, self.cost, self.next = KIND, list(COST), [list(n) for n in NEXT]
        self.score = [15] + [-5] * 40 + [p - 39 for p in range(41, 50)]
        self.cards = list(CARDS)
        self.tvalue = [VALUE[n] for n in TNAMES]
        self.powers = set(POWERS)
        self.die = [2, 4, 6, 8, 10, "star"]
        self.behind = -5
        self.derive()

    def derive(self):
        n = len(self.kind)
        self.prev = [[] for _ in range(n)]
        for a, nx in enumerate(self.next):
            for b in nx:
                self.prev[b].append(a)
        d = [0] + [999] * (n - 1)
        for _ in range(n):
            for a in range(1, n):
                d[a] = min(d[a], min(0 if b == 0 else d[b] for b in self.next[a]) + 1)
        self.dist, self.circuit = d, d[1] + 1
        self.lairs = {p for p in range(n) if self.kind[p] == "L"}
        vals = {}
        for k, v in enumerate(self.tvalue):
            vals.setdefault(TNAMES[k], set()).add(v)
        for name, vs in vals.items():
            need(len(vs) == 1, "variant: the two %s cards have values %s (a trace cannot tell them apart)"
                 % (name, sorted(vs)))
        self.value = {name: vs.pop() for name, vs in vals.items()}

    def read_file(self, path):
        kinds = {"royal": "R", "sea": "S", "port": "P", "lair": "L"}
        sp, cards, tv, powers, die, behind = {}, {}, [], set(), None, -5
        with open(path) as f:
            for line in f:
                w = line.split("#", 1)[0].split()
                if not w:
                    continue
                if w[0] == "space":
                    n = int(w[1])
                    nx = w[w.index("next") + 1:]
                    sp[n] = (kinds[w[2]], int(w[w.index("cost") + 1]), int(w[w.index("score") + 1]), [int(x) for x in nx])
                elif w[0] == "card":
                    cards[int(w[1])] = (w[2], w[3])
                elif w[0] == "power":
                    powers.add(PNAMES[w[1]])
                elif w[0] == "treasure":
                    tv.append(int(w[1]))
                elif w[0] == "die":
                    die = [x if x == "star" else int(x) for x in w[1:]]
                elif w[0] == "behind":
                    behind = int(w[1])
        n = len(sp)
        self.kind = "".join(sp[i][0] for i in range(n))
        self.cost = [sp[i][1] for i in range(n)]
        self.score = [sp[i][2] for i in range(n)]
        self.next = [sp[i][3] for i in range(n)]
        self.cards = [cards[i] for i in range(len(cards))]
        self.tvalue, self.powers, self.die, self.behind = tv, powers, die, behind

    def set_field(self, key, val):
        k = key.split(".")
        if k[0] == "cost":
            self.cost[int(k[1])] = int(val)
        elif k == ["score", "behind"]:
            self.behind = int(val)
        elif k[0] == "score":
            self.score[int(k[1])] = int(val)
        elif k[0] == "card":
            act = val if val in ACTS else ACTS[int(val)]
            c = list(self.cards[int(k[1])])
            c[0 if k[2] == "morning" else 1] = act
            self.cards[int(k[1])] = tuple(c)
        elif k[0] == "treasure":
            self.tvalue[int(k[1])] = int(val)
        elif k[0] == "die":
            self.die[int(k[1])] = int(val)
        else:
            raise Bad("unknown field %s" % key)


def board_of(rules):
    b = Board()
    if "variant" in rules:
        b.read_file(rules["variant"].rsplit("@", 1)[0])
    for item in rules.get("fields", "").split(","):
        if item:
            b.set_field(*item.split("=", 1))
    b.derive()
    return b


def need(cond, what):
    if not cond:
        raise Bad(what)


class Ship:
    def __init__(self, holds):
        self.pos, self.lap, self.holds, self.cards = 0, 0, holds, []

    def total(self, res):
        return sum(h[1] for h in self.holds if h and h[0] == res)


def reachable(B, pos, lap, back, die):
    """Every (space, lap) a move of `die` steps can end on (M1-M4)."""
    out = set()

    def walk(p, l, left):
        if left == 0:
            out.add((p, l))
            return
        for q in (B.prev[p] if back else B.next[p]):
            nl = l
            if back:
                if q == 0:
                    nl = 0
            else:
                if p == 0:
                    nl = 1
                if q == 0 and nl == 1:
                    out.add((0, 1))
                    continue
            walk(q, nl, left - 1)

    walk(pos, lap, die)
    return out


def seek(B, pos, stops):
    """First spaces backward where stops(space) holds, Port Royal at the latest."""
    out = set()

    def rec(p):
        for q in B.prev[p]:
            if q == 0 or stops(q):
                out.add(q)
            else:
                rec(q)

    rec(pos)
    return out


class Game:
    def __init__(self):
        self.ships, self.owner, self.tokens = {}, {}, set()
        self.half, self.actor, self.pending_load, self.battle = None, None, None, None
        self.scores, self.drawn = {}, 0
        self.expect = []   # what a landing still owes: ("battle"|"cost"|"treasure", ship)

    def ship(self, key):
        need(key in self.ships, "unknown ship %r" % (key,))
        return self.ships[key]

    def nholds(self, key):
        return 6 if key != "ghost" and "6th Hold" in self.ship(key).cards else 5

    def give(self, card, frm, to):
        need(card in self.ship(frm).cards, "%s does not hold %s" % (frm, card))
        self.ship(frm).cards.remove(card)
        self.ship(to).cards.append(card)
        if card == "6th Hold":
            moved = self.ship(frm).holds[5]
            self.ship(frm).holds[5] = None
            if to != "ghost":
                need(self.ship(to).holds[5] is None, "6th Hold lands on a full hold")
                self.ship(to).holds[5] = moved

    def land(self, key, pays):
        """P1-P3, H3, G4: what must follow a landing, in this order."""
        s = self.ship(key)
        if s.pos == 0:
            return
        if any(k != key and o.pos == s.pos for k, o in self.ships.items()):
            self.expect.append(("battle", key))
        if self.B.kind[s.pos] == "L":
            if s.pos in self.tokens:
                self.expect.append(("treasure", key))
        elif pays:
            self.expect.append(("cost", key))

    def fulfil(self, what, key):
        need(self.expect and self.expect[0] == (what, key), "P1-P3: %s of %s, but owed: %s" % (what, key, self.expect))
        self.expect.pop(0)

    def settled(self):
        need(not self.expect, "P1-P3/H3/G4: a landing left owed %s" % self.expect)

    def end_of_actor(self):
        self.settled()
        if self.actor is not None and self.actor != "ghost":
            s = self.ship(self.actor)
            need(self.half == 2 or (s.pos == 0 and s.lap == 1), "%s did not finish its card" % self.actor)
        self.actor = None

    def check_holds_after(self, key, before, after, what):
        s = self.ship(key)
        need([tuple(h) if h else None for h in after] == s.holds, "%s: holds after %s are %s, expected %s"
             % (key, what, after, s.holds))

    def spend(self, key, n):
        s = self.ship(key)
        need(s.total("gunpowder") >= n, "%s spends %d gunpowder of %d" % (key, n, s.total("gunpowder")))
        while n > 0:
            j = min((h[1], j) for j, h in enumerate(s.holds) if h and h[0] == "gunpowder")[1]
            take = min(n, s.holds[j][1])
            s.holds[j] = ("gunpowder", s.holds[j][1] - take) if s.holds[j][1] > take else None
            n -= take

    def event(self, e):
        kind, key = e["event"], e["ship"]
        getattr(self, "ev_" + kind)(e, key)

    def ev_run(self, e, key):
        need(not self.ships and "rules" in e, "the run line comes first, for a seeded game")
        self.rules = e["rules"]
        self.B = board_of(self.rules)
        self.tokens = set(self.B.lairs)

    def ev_setup(self, e, key):
        need(self.rules is not None, "S1: no run line before the setup")
        self.np, self.ghost, self.shortage_die = e["players"], e["ghost"], e["shortage_die"]
        self.first = e["first_captain"]
        need(2 <= self.np <= 6, "S1: players")
        need(self.shortage_die == (self.rules["shortage"] == "die"), "S1: shortage rule against the run line")
        # S2 (and VARIANTS.md): `treasures` cards, or every card left when
        # the game has fewer (the ghost's Lady Beth taken out first)
        cards = len(self.B.powers) + len(self.B.tvalue) - (1 if e["ghost"] and "Lady Beth" in self.B.powers else 0)
        need(e["pile"] == min(self.rules["treasures"], cards), "S2: pile against the run line")
        food, gold = self.rules["start_food"], self.rules["start_gold"]
        for p in range(self.np):
            # later_gold: K doubloons in a third hold, the first Captain's excepted
            later = self.rules.get("later_gold", 0) if p != self.first else 0
            self.ships[p] = Ship([("food", food) if food else None, ("gold", gold) if gold else None,
                                  ("gold", later) if later else None, None, None, None])
        if self.ghost:
            # G1: 5 and 3 doubloons, or ghost_gold in holds of 5
            left, holds = self.rules.get("ghost_gold", 8), []
            while left > 0:
                holds.append(("gold", min(left, 5)))
                left -= 5
            self.ships["ghost"] = Ship(holds + [None] * (6 - len(holds)))
            if "Lady Beth" in self.B.powers:
                self.ships["ghost"].cards.append("Lady Beth")
        need(0 <= e["pile"] <= 9, "S2: pile of %d" % e["pile"])
        self.pile = e["pile"]

    def ev_round(self, e, key):
        self.end_of_actor()
        need(e["captain"] == (self.first + e["round"] - 1) % self.np, "T5: captain %s" % e["captain"])
        self.captain, self.rolled = e["captain"], (e["die1"], e["die2"])
        need(all(1 <= d <= 6 for d in self.rolled), "dice %s" % (self.rolled,))

    def ev_dice(self, e, key):
        need(sorted((e["morning"], e["evening"])) == sorted(self.rolled), "T1: dice placed are not the dice rolled")
        need((e["chosen_by"] is None) == (self.rolled[0] == self.rolled[1]), "T1: a choice only without a double")
        self.dice = (e["morning"], e["evening"])

    def ev_card(self, e, key):
        self.end_of_actor()
        card = self.B.cards[e["card"]]
        need(card == (e["morning"], e["evening"]), "card %d halves" % e["card"])
        self.actor, self.half, self.card = key, 0, card

    def take_half(self, key, act, amount):
        self.settled()
        need(key == self.actor and self.half < 2, "T3: %s acts out of turn" % key)
        need(self.card[self.half] == act, "T3: %s does %s, its card says %s" % (key, act, self.card[self.half]))
        need(amount == self.dice[self.half], "T3: %s uses %d, the die is %d" % (key, amount, self.dice[self.half]))
        self.half += 1

    def ev_move(self, e, key):
        s = self.ship(key)
        need((e["from"], e["lap_before"]) == (s.pos, s.lap), "move from %s/%s, ship at %s/%s"
             % (e["from"], e["lap_before"], s.pos, s.lap))
        if key == "ghost":
            need(e["dir"] == self.ghost_dir and e["die"] == self.dice[self.ghost_move], "G2: ghost move")
        else:
            self.take_half(key, e["dir"], e["die"])
        ok = reachable(self.B, s.pos, s.lap, e["dir"] == "backward", e["die"])
        need((e["to"], e["lap_after"]) in ok, "M1-M4: %s cannot reach %s/%s (only %s)"
             % (key, e["to"], e["lap_after"], sorted(ok)))
        s.pos, s.lap = e["to"], e["lap_after"]
        self.land(key, key != "ghost")

    def ev_load(self, e, key):
        s = self.ship(key)
        if e["loot"]:
            need(self.pending_load == (key, e["res"], e["amount"]), "B7: a loot load that was not stolen")
            self.pending_load = None
        else:
            self.take_half(key, e["res"], e["amount"])
        j, nh = e["hold"], self.nholds(key)
        need(j < nh, "L6: hold %d of %d" % (j, nh))
        empty = [i for i in range(nh) if s.holds[i] is None]
        if empty:
            need(s.holds[j] is None, "L1: %s loads into a full hold with one empty" % key)
        else:
            need(s.holds[j][0] != e["res"], "L2: %s empties a hold of the same type" % key)
        need(1 <= e["amount"] <= 6, "L5")
        dumped = s.holds[j]
        need((e["dumped"], e["dumped_res"]) == ((dumped[1], dumped[0]) if dumped else (0, None)), "load: dumped")
        s.holds[j] = (e["res"], e["amount"])
        self.check_holds_after(key, None, e["holds"], "load")

    def ev_load_ignored(self, e, key):
        s = self.ship(key)
        self.take_half(key, e["res"], e["amount"])
        need(all(s.holds[i] and s.holds[i][0] == e["res"] for i in range(self.nholds(key))), "L3")

    def cost_of(self, pos):
        return ("gold" if self.B.kind[pos] == "P" else "food"), self.B.cost[pos]

    def ev_pay(self, e, key):
        s = self.ship(key)
        need(self.B.kind[s.pos] in "PS" and e["space"] == s.pos, "P2: pays at %s, ship at %s" % (e["space"], s.pos))
        need((e["res"], e["due"]) == self.cost_of(s.pos) and e["paid"] == e["due"], "P2: cost")
        after = [tuple(h) if h else None for h in e["holds"]]
        for b, a in zip(s.holds, after):
            if b and b[0] == e["res"]:
                need(a is None or (a[0] == b[0] and a[1] <= b[1]), "P2: a hold grew")
            else:
                need(a == b, "P2: another hold changed")
        need(s.total(e["res"]) - sum(h[1] for h in after if h and h[0] == e["res"]) == e["due"], "P2: amount")
        s.holds = after
        self.fulfil("cost", key)

    def ev_shortage(self, e, key):
        s = self.ship(key)
        self.fulfil("cost", key)
        need(e["from"] == s.pos and (e["res"], e["due"]) == self.cost_of(s.pos), "P5: shortage at %s" % s.pos)
        have = s.total(e["res"])
        need(have < e["due"] and e["paid"] == have, "H1: has %d, owes %d, paid %d" % (have, e["due"], e["paid"]))
        s.holds = [None if h and h[0] == e["res"] else h for h in s.holds]
        self.check_holds_after(key, None, e["holds"], "shortage")
        if self.shortage_die:
            need(e["roll"] in SHORT and e["result"] == SHORT[e["roll"]], "H6: roll %s gives %s" % (e["roll"], e["result"]))
            if e["result"] == "stay put":
                need(e["to"] == e["from"], "H2: star stays")
                return
            ok = seek(self.B, s.pos, lambda q: self.B.kind[q] == KIND_OF[e["result"]])
        else:
            need(e["roll"] is None and e["result"] == "retreat", "H5")
            ok = seek(self.B, s.pos, lambda q: self.B.kind[q] == "L" or s.total(self.cost_of(q)[0]) >= self.B.cost[q])
        need(e["to"] in ok, "H2-H5: %s goes to %s, not one of %s" % (key, e["to"], sorted(ok)))
        s.pos = e["to"]
        if s.pos == 0:
            s.lap = 0
        need(e["lap_after"] == s.lap, "H4: lap")
        self.land(key, not self.shortage_die)  # H3: free; H5: the cost is due

    def ev_battle(self, e, key):
        self.fulfil("battle", key)
        a, d = self.ship(key), self.ship(e["defender"])
        need(a.pos == d.pos == e["space"] and a.pos != 0 and key != e["defender"], "P1/M5: battle place")
        for who, pw in ((key, e["a_powder"]), (e["defender"], e["d_powder"])):
            need(who != "ghost" or pw == 0, "G5: the ghost has no gunpowder")
            self.spend(who, pw)
        need((e["a_beth"], e["d_beth"]) == ("Lady Beth" in a.cards, "Lady Beth" in d.cards), "B5: Lady Beth")
        sab = e["sabre_by"]
        if sab is not None:
            need(sab in (key, e["defender"]) and sab != "ghost" and "Saran's Sabre" in self.ship(sab).cards, "B6")
        rerolls = (e["a_roll_first"] is not None) + (e["d_roll_first"] is not None)
        need(rerolls == (sab is not None), "B6: a reroll exactly when the Sabre was used")
        faces = self.B.die
        for r in (e["a_roll_first"], e["a_roll"], e["d_roll_first"], e["d_roll"]):
            need(r is None or r in faces, "B3-B5: a roll of %r on a die of %s" % (r, faces))
        if e["a_roll"] == "star":
            need(e["d_roll"] is None and e["d_powder"] == 0 and e["winner"] == key, "B3")
        else:
            need(e["d_roll"] is not None, "B4: the defender rolls")
            if e["d_roll"] == "star":
                need(e["winner"] == e["defender"], "B4: defender's star")
            else:
                # B5: Lady Beth's +2; G5: the ghost's bonus (ghost_bonus, 2)
                bonus = self.rules.get("ghost_bonus", 2)
                sa = e["a_roll"] + e["a_powder"] + (bonus if key == "ghost" else 2) * e["a_beth"]
                sd = e["d_roll"] + e["d_powder"] + (bonus if e["defender"] == "ghost" else 2) * e["d_beth"]
                need((e["a_strength"], e["d_strength"]) == (sa, sd), "B5: strengths")
                need(e["winner"] == (key if sa > sd else e["defender"] if sd > sa else None), "B5: winner")
        self.battle = (key, e["defender"], e["winner"])

    def ev_loot(self, e, key):
        att, dfn, win = self.battle
        need(key == win, "B7: loot by the winner")
        los = dfn if win == att else att
        need(e["loser"] == los, "B7: loser")
        if win == "ghost":
            inb = (att, dfn)
            c = self.captain if self.captain not in inb else (self.captain + 1) % self.np
            need(e["chooser"] == c, "G6: chooser %s, expected %s" % (e["chooser"], c))
        else:
            need(e["chooser"] == win, "B7: chooser")
        L, W = self.ship(los), self.ship(win)
        k = e["kind"]
        if k == "hold":
            match = [j for j, h in enumerate(L.holds) if h == (e["res"], e["amount"])]
            need(match, "B7: %s has no hold of %d %s" % (los, e["amount"], e["res"]))
            after = [tuple(h) if h else None for h in e["loser_holds"]]
            need(any(after == L.holds[:j] + [None] + L.holds[j + 1:] for j in match), "B7: loser's holds")
            L.holds = after
            if e["overboard"]:
                need(win == "ghost" and e["res"] != "gold", "G7: overboard")
            else:
                self.pending_load = (win, e["res"], e["amount"])
        elif k == "power":
            need(e["treasure"] in POWERS and los != "ghost", "B7: power")
            self.give(e["treasure"], los, win)
        elif k == "blind":
            t = e["treasure"]
            need(t != "Lady Beth" if los == "ghost" else t not in POWERS, "B7/G8: blind steal of %s" % t)
            self.give(t, los, win)
        elif k == "curse":
            # B7 (c), E2: cursed cards are those of negative value
            need(win != "ghost" and self.B.value.get(e["treasure"], 0) < 0, "B7/G7: curse of %s" % e["treasure"])
            self.give(e["treasure"], win, los)
        self.battle = None

    def ev_treasure(self, e, key):
        s = self.ship(key)
        self.fulfil("treasure", key)
        need(e["space"] == s.pos and s.pos in self.tokens, "P3: no token at %s" % s.pos)
        self.tokens.discard(s.pos)
        t = e["treasure"]
        if t is None:
            need(self.drawn == self.pile, "P3: an empty pile after %d draws of %d" % (self.drawn, self.pile))
            return
        self.drawn += 1
        need(self.drawn <= self.pile, "S2: more treasures drawn than the pile held")
        need(e["face_up"] == (t in POWERS and key != "ghost"), "P3/G4: face")
        need(e["value"] == self.B.value.get(t, 0), "treasure value")
        s.cards.append(t)

    def ev_ghost_dir(self, e, key):
        self.end_of_actor()
        self.settled()
        self.ghost_dir, self.ghost_move = e["dir"], e["move"]
        need(e["move"] == 0 or self.rules.get("ghost_moves", 2) == 2, "G2: ghost_moves=1 moves once a round")
        g = self.ship("ghost")
        left = {k: self.steps_left(k) for k in self.ships}
        others = [left[k] for k in self.ships if k != "ghost"]
        if all(left["ghost"] < o for o in others):
            need(e["forced"] and e["dir"] == "backward", "G3: alone in front goes back")
        elif all(left["ghost"] > o for o in others):
            need(e["forced"] and e["dir"] == "forward", "G3: alone last goes forward")
        else:
            need(not e["forced"] and e["chosen_by"] == self.captain, "G3: the Captain chooses")
        need(g.pos != 0 or g.lap == 0, "G9: a finished ghost does not move")

    def ev_finish(self, e, key):
        s = self.ship(key)
        need(s.pos == 0 and s.lap == 1, "M4: finish")

    def ev_reshuffle(self, e, key):
        pass

    def steps_left(self, key):
        s = self.ship(key)
        if s.pos == 0 and s.lap == 1:
            return 0
        return self.B.dist[s.pos] + (0 if s.lap else self.B.circuit)

    def ev_score(self, e, key):
        self.end_of_actor()
        s = self.ship(key)
        fin = s.pos == 0 and s.lap == 1
        # E2: Port Royal's score when finished, the space's in lap 1, the
        # lap-0 score (behind; -5) in lap 0
        space = self.B.score[0] if fin else (self.B.score[s.pos] if s.lap == 1 else self.B.behind)
        gold = s.total("gold")
        tp = sum(self.B.value.get(t, 0) for t in s.cards)
        need((e["pos"], e["lap"]) == (s.pos, s.lap), "E2: position")
        need((e["space_points"], e["gold"], e["treasure_points"]) == (space, gold, tp),
             "E2: %s parts %s, expected %s" % (key, (e["space_points"], e["gold"], e["treasure_points"]),
                                              (space, gold, tp)))
        need(e["total"] == space + gold + tp and e["steps_left"] == self.steps_left(key), "E2/E3")
        self.scores[key] = (e["total"], e["steps_left"], e["rank"])

    def ev_end(self, e, key):
        sc = self.scores
        need(len(sc) == len(self.ships), "E2: a score per ship")
        for k, (tot, left, rank) in sc.items():
            better = sum(1 for t2, l2, _ in sc.values() if t2 > tot or (t2 == tot and l2 < left))
            need(rank == better + 1, "E3: rank of %s" % k)
        winners = [k for k, v in sc.items() if v[2] == 1]
        need(e["winners"] == len(winners), "E3: winners")
        mask = sum(1 << (6 if k == "ghost" else k) for k in winners)
        need(e["winner_mask"] == mask, "E3: winner mask")
        finished = any(s.pos == 0 and s.lap == 1 for s in self.ships.values())
        need(finished != e["capped"], "E1/E4: the game ends on a finish or at the cap")
        self.over = True


def check(path):
    g = Game()
    g.over = False
    g.rules = None
    with open(path) as f:
        lines = f.read().splitlines()
    for n, line in enumerate(lines, 1):
        e = json.loads(line)
        if "hash" in e:
            need(n == len(lines) and g.over, "the hash line comes last, after the end")
            return
        try:
            g.event(e)
        except Bad as b:
            raise Bad("%s:%d: %s\n  %s" % (path, n, b, line))
    raise Bad("%s: no hash line" % path)


def main():
    for path in sys.argv[1:]:
        try:
            check(path)
        except Bad as b:
            print("check_trace: %s" % b, file=sys.stderr)
            return 1
    print("check_trace: %d games checked" % (len(sys.argv) - 1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
