"""TD(lambda) on afterstates: the value of the position a player's move leaves.

TD-Gammon's recipe (Tesauro 1995) on this engine, as policy evaluation: the
actors are the library's self-play in C (jm_selfplay on all cores), every
seat `net:file=POLICY,temp=T`; each decision's afterstate is the deciding
seat's observation with the chosen action applied, encoded from that seat's
view (what it may know, its own chosen card included).  The value head
learns each seat's run of afterstates in a game by TD(lambda)'s forward
view: the target of afterstate t is (1 - lambda) V(t + 1) + lambda G(t + 1),
the last one's the game's outcome (each ship's share of the win), V the
network's own softmax over the ships in play before the generation's
training.  The network starts as --init's copy (its widths, seat view and
value head) and only its value head is read: `rollout:...,after=FILE`
values the afterstates of its candidates with it (docs/AGENTS.md).

    bin/python -m jamaica.td --init results/spg/seed5/current.jmn \\
        --policy results/spg/seed5/current.jmn --out runs/td --generations 20

Each generation writes OUT/current.jmn and OUT/log.csv (one row a
generation: samples, the value loss before and after its training, the
mean squared TD error of the seat's own share, seconds).  No checkpoint: a
run is short, and a stopped one starts again.
"""
import ctypes
import os
import sys
import time

import jamaica  # before numpy and torch: the thread settings (jamaica/__init__.py)

import numpy as np
import torch
import torch.nn.functional as F

from . import cli, netfile, selfplay as sp, trainer
from .trainer import Net

FIELDS = ["generation", "players", "games", "samples", "value_loss", "value_loss_after", "td_error", "seconds"]

log = trainer.logger("td")


def parse_args(argv=None):
    p = cli.Parser(prog="python3 -m jamaica.td", description=__doc__.split("\n\n")[0])
    p.add_argument("--out", required=True, help="directory for current.jmn and log.csv")
    p.add_argument("--init", required=True, help="the network file to start from (its widths and seat view)")
    p.add_argument("--policy", required=True, help="the actors' network file (the policy evaluated)")
    p.add_argument("--temp", type=float, default=0.35, help="the actors' temperature (0: the likeliest action)")
    p.add_argument("--generations", type=int, default=20)
    p.add_argument("--games", type=int, default=2000, help="self-play games a generation")
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--rules", default="2021")
    p.add_argument("--lam", type=float, default=0.7, help="TD's lambda (1: the outcome alone, Monte Carlo)")
    p.add_argument("--epochs", type=float, default=2.0, help="passes over a generation's afterstates")
    p.add_argument("--batch", type=int, default=1024)
    p.add_argument("--lr", type=float, default=3e-4)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--threads", type=int, default=0, help="threads for games and torch (0: all cores)")
    a = p.parse_args(argv)
    if a.generations < 1 or a.games < 1 or a.batch < 1 or not 2 <= a.players <= 6:
        p.error("--generations, --games, --batch: at least 1; --players from 2 to 6")
    if not 0 <= a.lam <= 1 or a.temp < 0 or a.epochs <= 0:
        p.error("--lam from 0 to 1; --temp at least 0; --epochs above 0")
    return a


def afterstates(states, chosen):
    """Each observation (uint8 rows of 128) with its chosen legal action
    (an index into jm_legal's list) applied."""
    lib = jamaica._lib
    out = np.empty_like(states)
    s = jamaica._State()
    legal = (ctypes.c_int * 64)()
    for i in range(len(states)):
        ctypes.memmove(ctypes.byref(s), states[i].ctypes.data, 128)
        lib.jm_legal(ctypes.byref(s), legal)
        if lib.jm_apply(ctypes.byref(s), legal[int(chosen[i])], None):
            raise jamaica.JamaicaError("td: a recorded action did not apply")
        ctypes.memmove(out[i].ctypes.data, ctypes.byref(s), 128)
    return out


def samples(a, gen, relative):
    """A generation's afterstates as the network sees them: encodings, the
    ships in play, the outcome, the seat's own column; in (game, seat, play)
    order, with `last` marking each run's end."""
    spec = "net:file=%s,temp=%g" % (a.policy, a.temp)
    d = sp.selfplay(spec, a.games, players=a.players, rules=a.rules, seed=a.seed, first=gen * a.games,
                    threads=a.threads, states=True)
    order = np.lexsort((np.arange(len(d["game"])), d["seat"], d["game"]))
    d = {k: v[order] for k, v in d.items()}
    seat = d["seat"].astype(np.int64)
    x = sp.encode(afterstates(d["state"], d["chosen"]), seat, a.threads)
    own = np.zeros((len(seat), 7), np.float32)
    own[np.arange(len(seat)), seat] = 1.0
    cols = [d["outcome"], d["ships"].astype(np.float32), own]
    if relative:
        x, _, cols = sp.relative(x, None, cols)
    last = np.ones(len(seat), bool)
    last[:-1] = (d["game"][1:] != d["game"][:-1]) | (seat[1:] != seat[:-1])
    return {"x": x, "outcome": cols[0], "ships": cols[1] > 0.5, "own": cols[2], "last": last}


def shares(net, x, ships):
    """The value head's share of each ship in play, batched."""
    out = np.zeros((len(x), 7), np.float32)
    with torch.no_grad():
        for k in range(0, len(x), 8192):
            _, v = net(torch.from_numpy(x[k:k + 8192]))
            m = torch.from_numpy(ships[k:k + 8192])
            out[k:k + 8192] = F.softmax(v.masked_fill(~m, -1e9), dim=1).numpy()
    return out


def targets(v, outcome, last, lam):
    """TD(lambda)'s forward view along each run: G(t) = (1 - lam) V(t+1) +
    lam G(t+1), the last afterstate's G its outcome."""
    g = np.empty_like(v)
    run = None
    for i in range(len(v) - 1, -1, -1):
        run = outcome[i] if last[i] else (1.0 - lam) * v[i + 1] + lam * run
        g[i] = run
    return g


def value_loss(net, x, g, ships):
    _, vl = net(x)
    lv = F.log_softmax(vl.masked_fill(~ships, -1e9), dim=1).masked_fill(~ships, 0.0)
    return -(g * lv).sum(1).mean()


def train(net, opt, d, g, a, gen):
    n = len(g)
    rng = np.random.default_rng([a.seed, gen, 29])
    steps = max(1, int(round(a.epochs * n / a.batch)))
    order = np.concatenate([rng.permutation(n) for _ in range(int(np.ceil(steps * a.batch / n)) + 1)])
    total = 0.0
    for s in range(steps):
        idx = np.sort(order[s * a.batch:(s + 1) * a.batch])
        loss = value_loss(net, torch.from_numpy(d["x"][idx]), torch.from_numpy(g[idx]), torch.from_numpy(d["ships"][idx]))
        opt.zero_grad()
        loss.backward()
        torch.nn.utils.clip_grad_norm_(net.parameters(), 1.0)
        opt.step()
        total += loss.item()
    return total / steps


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    a = parse_args(argv)
    if a.threads:
        torch.set_num_threads(a.threads)
    try:
        meta, arrays = netfile.read(a.init)
        jamaica.Agent("net:file=%s" % a.policy).close()
    except (OSError, ValueError, jamaica.JamaicaError) as e:
        trainer.refuse("td", "%s" % e)
    torch.manual_seed(a.seed)
    net = Net.from_arrays(arrays)
    opt = torch.optim.Adam(net.parameters(), lr=a.lr)
    relative = meta.get("seats") == "relative"
    command = trainer.command_line("td", argv)
    os.makedirs(a.out, exist_ok=True)
    current, rows = os.path.join(a.out, "current.jmn"), []
    for gen in range(a.generations):
        t0 = time.monotonic()
        d = samples(a, gen, relative)
        v = shares(net, d["x"], d["ships"])
        g = targets(v, d["outcome"], d["last"], a.lam)
        own = d["own"].astype(bool)
        td = float(np.mean((g[own] - v[own]) ** 2))
        with torch.no_grad():
            before = value_loss(net, torch.from_numpy(d["x"]), torch.from_numpy(g), torch.from_numpy(d["ships"])).item()
        train(net, opt, d, g, a, gen)
        with torch.no_grad():
            after = value_loss(net, torch.from_numpy(d["x"]), torch.from_numpy(g), torch.from_numpy(d["ships"])).item()
        netfile.write(current, net.arrays(), command=command, generation=gen, seats=meta.get("seats", "absolute"))
        rows.append({"generation": gen, "players": a.players, "games": a.games, "samples": len(g),
                     "value_loss": round(before, 5), "value_loss_after": round(after, 5), "td_error": round(td, 5),
                     "seconds": round(time.monotonic() - t0, 2)})
        trainer.write_log(a.out, FIELDS, rows)
        log("generation %d: %d afterstates, value loss %.4f -> %.4f, TD error %.4f, %.1f s"
            % (gen, len(g), before, after, td, rows[-1]["seconds"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
