#!/usr/bin/env python3
"""Positions for a value head: games of a fast agent, a share of their decisions kept.

A value head learns each seat's share of the win from the outcome of the
game a position came from.  One game gives one outcome, shared by all of
its positions, so a few thousand searched games teach the value little:
it learns their noise (docs/NETWORK.md, "A value from many games").  The
network's policy alone plays a 2-player game in well under a millisecond,
so it can give the value head hundreds of thousands of games, keeping only
a few positions of each (--keep, drawn with a seeded stream).

    python3 -m jamaica.train.positions --agent net:file=runs/policy.jmn \\
        --players 2 --games 400000 --out runs/positions-2p

writes OUT/buffer-K.npz, --chunk games each, in the format of
jamaica.train.exit's sample buffers, so jamaica.train.distill trains on them: the
state, seat, legal ids, the agent's policy over them (the network's
softmax: the policy head learns itself back), the outcome, and as the
"value" the outcome again (a buffer's value is its search's estimate; a
policy has none worth learning).  Games first..first+games-1 of --seed,
the same files on any thread count; a finished file is not redone, so a
stopped run goes on where it stopped.  Progress on stderr.
"""
import os
import sys
import time

import numpy as np

from .. import outfile, selfplay as sp
from . import cli

KEYS = ("state", "seat", "game", "ids", "policy", "outcome", "ships", "n", "chosen")


def parse_args(argv=None):
    p = cli.Parser(prog="python3 -m jamaica.train.positions", description=__doc__.split("\n\n")[0])
    p.add_argument("--agent", required=True, help="the agent in every seat (one with a policy: net, guided, mcts)")
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--rules", default="2021")
    p.add_argument("--games", type=int, required=True)
    p.add_argument("--chunk", type=int, default=4000, help="games a file")
    p.add_argument("--keep", type=float, default=0.125, help="the share of the decisions kept")
    p.add_argument("--out", required=True, help="the folder of the buffer-K.npz files")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--threads", type=int, default=0, help="threads for the games (0: all cores)")
    a = p.parse_args(argv)
    if not 2 <= a.players <= 6:
        p.error("--players %d: from 2 to 6" % a.players)
    if a.games < 1 or a.chunk < 1:
        p.error("--games and --chunk: 1 or more")
    if not 0 < a.keep <= 1:
        p.error("--keep %g: more than 0, at most 1" % a.keep)
    parent = os.path.dirname(os.path.abspath(a.out))
    if not os.path.isdir(a.out) and not os.access(parent, os.W_OK):
        p.error("--out %s: cannot create it in %s" % (a.out, parent))
    return a


def chunk(a, k):
    """The kept decisions of games k*chunk.. of the run."""
    first = k * a.chunk
    games = min(a.chunk, a.games - first)
    d = sp.selfplay(a.agent, games, players=a.players, rules=a.rules, seed=a.seed, first=first,
                    threads=a.threads, states=True)
    rng = np.random.default_rng([a.seed, a.players, k])
    kept = rng.random(len(d["n"])) < a.keep
    out = {key: d[key][kept] for key in KEYS}
    out["value"] = out["outcome"].copy()
    return out, games


def main(argv=None):
    a = parse_args(argv)
    files = (a.games + a.chunk - 1) // a.chunk
    t0, kept = time.time(), 0
    for k in range(files):
        path = os.path.join(a.out, "buffer-%d.npz" % k)
        if os.path.exists(path):
            continue
        try:
            data, games = chunk(a, k)
        except sp.JamaicaError as e:
            raise SystemExit("positions: %s" % e)
        os.makedirs(a.out, exist_ok=True)
        # Ctrl-C or a full disk: no half-written file beside the others
        outfile.whole(path, lambda tmp: np.savez_compressed(tmp, **data))
        kept += len(data["n"])
        print("positions: file %d of %d (games to %d): %d positions kept this run, %.0f s"
              % (k + 1, files, k * a.chunk + games, kept, time.time() - t0), file=sys.stderr, flush=True)
    print("positions: %s: %d files" % (a.out, files), file=sys.stderr)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        print("positions: stopped; the finished files are kept", file=sys.stderr)
        sys.exit(130)
