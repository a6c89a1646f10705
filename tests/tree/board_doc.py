#!/usr/bin/env python3
"""docs/BOARD.md's tables against the engine's own data (libjamaica's
jm_space_*, jm_card_action, jm_treasure_*): the page is the board the
engine plays, space for space and card for card.

Usage: board_doc.py LIB [--write]   (--write prints the tables to paste)
Standard library only."""
import ctypes
import os
import sys

KIND = "RSPL"  # JM_K_ROYAL, SEA, PORT, LAIR


def tables(lib):
    for f in ("jm_space_kind", "jm_space_cost", "jm_space_score", "jm_treasure_value"):
        getattr(lib, f).restype, getattr(lib, f).argtypes = ctypes.c_int, [ctypes.c_int]
    lib.jm_space_next.restype, lib.jm_space_next.argtypes = ctypes.c_int, [ctypes.c_int, ctypes.c_int]
    lib.jm_card_action.restype, lib.jm_card_action.argtypes = ctypes.c_int, [ctypes.c_int, ctypes.c_int]
    lib.jm_treasure_name.restype, lib.jm_treasure_name.argtypes = ctypes.c_char_p, [ctypes.c_int]
    lib.jm_act_name.restype, lib.jm_act_name.argtypes = ctypes.c_char_p, [ctypes.c_int]
    track = ["| space | kind | cost | score | next (forward) |", "|---:|:---:|---:|---:|---|"]
    for s in range(50):
        nxt = [lib.jm_space_next(s, 0), lib.jm_space_next(s, 1)]
        nx = "%d" % nxt[0] if nxt[1] < 0 else "%d (outer), %d (inner): a fork" % (nxt[0], nxt[1])
        track.append("| %d | %s | %d | %d | %s |" % (s, KIND[lib.jm_space_kind(s)], lib.jm_space_cost(s),
                                                    lib.jm_space_score(s), nx))
    cards = ["| card | morning | evening |", "|---:|---|---|"]
    for c in range(11):
        cards.append("| %d | %s | %s |" % (c, lib.jm_act_name(lib.jm_card_action(c, 0)).decode(),
                                          lib.jm_act_name(lib.jm_card_action(c, 1)).decode()))
    treasures = ["| treasure | name | value |", "|---:|---|---:|"]
    for t in range(12):
        treasures.append("| %d | %s | %s |" % (t, lib.jm_treasure_name(t).decode(),
                                              "power" if t < 4 else "%+d" % lib.jm_treasure_value(t)))
    return ["\n".join(track), "\n".join(cards), "\n".join(treasures)]


def main():
    lib = ctypes.CDLL(sys.argv[1])
    ts = tables(lib)
    if "--write" in sys.argv:
        print("\n\n".join(ts))
        return 0
    page = open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "docs", "BOARD.md")).read()
    bad = [t.splitlines()[0] for t in ts if t not in page]
    for b in bad:
        print("board: docs/BOARD.md's table '%s' is not the engine's (board_doc.py --write prints it)" % b,
              file=sys.stderr)
    print("board: %d passed, %d failed" % (len(ts) - len(bad), len(bad)))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
