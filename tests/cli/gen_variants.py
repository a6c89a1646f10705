#!/usr/bin/env python3
"""gen_variants.py BASE OUTDIR N SEED: N variant files made from BASE (the
file `jamaica variant --print` writes) by changing every kind of field at
random: space kinds (sea and port swapped, a lair made sea), costs and
scores (one below the lap-0 score, so that lap 0
must not take the track's lowest), card halves, scoring treasures (the
single cards -2, -3, -4 and +5 only, each pair of +3 and +7 kept alike: a
trace names a card, not which of two), the die's faces (a face numbered 0
beside the star, or no star), the lap-0 score (`behind`), a power left out
(Lady Beth never, so that ghost_bonus may act) and the rule options.
Prints one --rules text a line: the file, and for every other variant some
fields set over it as --rules items.  tests/cli/cli.sh plays them and replays
their traces with tests/check_trace.py.  Standard library only."""
import os
import random
import sys

ACTS = ["gold", "food", "gunpowder", "forward", "backward"]


def mutate(lines, rng):
    out = []
    for line in lines:
        w = line.split()
        if w and w[0] == "space" and w[1] != "0":
            kind = w[2]
            r = rng.random()
            if kind in ("sea", "port") and r < 0.1:  # a space's kind: sea and port swapped
                kind = w[2] = "port" if kind == "sea" else "sea"
            elif kind == "lair" and r < 0.1:         # a lair made a sea space (one token fewer)
                kind = w[2] = "sea"
                w[w.index("cost") + 1] = "1"
            if kind in ("sea", "port") and rng.random() < 0.3:
                w[w.index("cost") + 1] = str(rng.randint(0, 7))
            if rng.random() < 0.2:
                w[w.index("score") + 1] = str(rng.randint(-12, 12))
            line = " ".join(w)
        elif w and w[0] == "card" and rng.random() < 0.4:
            line = "card %s %s %s" % (w[1], rng.choice(ACTS), rng.choice(ACTS))
        elif w and w[0] == "die":
            faces = [rng.randint(0, 12) for _ in range(6)]
            if rng.random() < 0.5:
                faces[rng.randrange(6)] = 0
            if rng.random() < 0.7:
                faces[rng.randrange(6)] = "star"
            line = "die " + " ".join(str(f) for f in faces)
        elif w and w[0] == "power" and w[1] in ("map", "sabre", "hold6") and rng.random() < 0.2:
            continue
        elif w and w[0] == "behind":
            line = "behind %d" % rng.randint(-9, 0)
        elif w and w[0] == "rules":
            opts = [
                "shortage=%s" % rng.choice(["die", "retreat"]),
                "start_food=%d" % rng.randint(0, 5),
                "start_gold=%d" % rng.randint(0, 5),
                "hand=%d" % rng.randint(2, 4),
                "ghost_bonus=%d" % rng.randint(0, 4),
            ]
            line = "rules " + ",".join(opts)
        out.append(line)
    # the single-named scoring cards: -2, -3, -4 and +5 (lines of value)
    idx = [i for i, l in enumerate(out) if l.startswith("treasure ")]
    for k in (2, 5, 6, 7):
        if rng.random() < 0.5:
            out[idx[k]] = "treasure %+d" % rng.randint(-6, 6)
    return out


def fields(rng, nspaces):
    f = []
    for _ in range(rng.randint(1, 3)):
        c = rng.randrange(6)
        if c == 0:
            f.append("score.%d=%d" % (rng.randrange(1, nspaces), rng.randint(-15, 10)))
        elif c == 1:
            f.append("die.%d=%d" % (rng.randrange(6), rng.choice([0, 1, 3, 12])))
        elif c == 2:
            f.append("card.%d.%s=%s" % (rng.randrange(11), rng.choice(["morning", "evening"]), rng.choice(ACTS)))
        elif c == 3:
            f.append("treasure.%d=%d" % (rng.choice([2, 5, 6, 7]), rng.randint(-5, 5)))
        elif c == 4:
            f.append("score.behind=%d" % rng.randint(-8, -1))
        else:
            f.append("cost.%d=%d" % (rng.choice([1, 2, 3, 5, 6]), rng.randint(0, 6)))
    seen, out = set(), []
    for item in f:  # one value a key
        k = item.split("=")[0]
        if k not in seen:
            seen.add(k)
            out.append(item)
    return ",".join(out)


def main():
    base, outdir, n, seed = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    rng = random.Random(seed)
    with open(base) as f:
        lines = f.read().splitlines()
    nspaces = sum(1 for l in lines if l.startswith("space "))
    for i in range(n):
        path = os.path.join(outdir, "v%d.variant" % i)
        with open(path, "w") as f:
            f.write("\n".join(mutate(lines, rng)) + "\n")
        print(path + ("," + fields(rng, nspaces) if i % 2 else ""))


if __name__ == "__main__":
    main()
