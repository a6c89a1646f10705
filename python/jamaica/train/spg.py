"""Self-play policy gradient from a distilled policy, held near its teacher.

A network learnt from a searcher's games (jamaica.train.distill) plays itself in C
(jm_selfplay on all cores, every seat `net:file=CURRENT,temp=T`: an action
drawn from the softmax of its logits over T; no Python per step).  The
learner, in PyTorch, takes a clipped policy-gradient step on each decision
(PPO's ratio against the probability the actor drew it with), its advantage
the generalised advantage estimate over the seat's own next decisions with
the value head as the baseline (no reward before the game's end: a seat's
share of the win); a KL term keeps the policy near the teacher it started
from, and the value head learns every ship's share beside it.

    bin/python -m jamaica.train.spg --init runs/policy.jmn --out runs/spg --minutes 60

Each generation writes OUT/current.jmn, OUT/log.csv (one row a generation;
every --eval-every generations the greedy network's win share against
`sharp` at 2 players, seats rotated, on the deals of --eval-seed, which the
training never plays) and OUT/checkpoint.pt (--resume goes on from it).
The network keeps its teacher's widths and seat view (relative or absolute).
"""
import os
import shlex
import signal
import sys
import time

import jamaica  # before numpy and torch: the thread settings (jamaica/__init__.py)

import numpy as np
import torch
import torch.nn.functional as F

from .. import netfile, selfplay as sp
from . import cli, trainer
from ..outfile import whole
from .trainer import Net, match

FIELDS = ["generation", "players", "games", "samples", "seconds", "policy_loss", "kl", "value_loss", "entropy",
          "clipped", "eval_win", "eval_low", "eval_high"]


log = trainer.logger("spg")


def refuse(msg):
    trainer.refuse("spg", msg)


def parse_args(argv=None):
    p = cli.Parser(prog="python3 -m jamaica.train.spg", description=__doc__.split("\n\n")[0])
    p.add_argument("--init", required=True, help="the teacher: a network file (jamaica.train.distill's), the start and "
                                                 "the KL term's anchor")
    cli.trainer_options(p, games=1000, eval_every=10, eval_games=2000)
    p.add_argument("--temp", type=float, default=1.0, help="the actors' temperature (above 0)")
    p.add_argument("--opponent", default="", help="an agent some games are played against (its seats not learnt "
                                                  "from); see --against")
    p.add_argument("--against", type=float, default=0.0, help="the share of a generation's games with the network in "
                                                             "one seat (rotated) and --opponent in the others")
    p.add_argument("--kl", type=float, default=0.1, help="weight of KL(teacher || policy) on the decisions played")
    p.add_argument("--clip", type=float, default=0.2, help="PPO's ratio clip")
    p.add_argument("--lam", type=float, default=0.9, help="GAE's lambda over a seat's own decisions (1: the outcome)")
    p.add_argument("--epochs", type=float, default=1.0, help="passes over a generation's samples")
    p.add_argument("--batch", type=int, default=4096)
    p.add_argument("--lr", type=float, default=1e-4)
    p.add_argument("--value-weight", type=float, default=0.5)
    p.add_argument("--eval-seed", type=int, default=1009, help="the strength runs' deals (the screening seed)")
    a = p.parse_args(argv)
    cli.trainer_check(p, a)
    for name, v, ok, want in (("--batch", a.batch, a.batch >= 1, "at least 1"),
                              ("--epochs", a.epochs, a.epochs > 0, "above 0"),
                              ("--temp", a.temp, a.temp > 0, "above 0"),
                              ("--clip", a.clip, a.clip > 0, "above 0"),
                              ("--kl", a.kl, a.kl >= 0, "at least 0"),
                              ("--lam", a.lam, 0 <= a.lam <= 1, "from 0 to 1"),
                              ("--against", a.against, 0 <= a.against <= 1, "from 0 to 1")):
        if not ok:
            p.error("%s %s: %s" % (name, v, want))
    if bool(a.opponent) != (a.against > 0):
        p.error("--opponent and --against go together (an agent, a share above 0)")
    return a


class Seats:
    """The teacher's seat view: its encodings, legal ids and per-ship
    columns as the network sees them, and which column is the seat's own."""

    def __init__(self, relative):
        self.relative = relative

    def view(self, x, ids, ships_cols, seat):
        own = np.zeros((len(seat), 7), np.float32)
        own[np.arange(len(seat)), seat] = 1.0
        if self.relative:
            x, ids, cols = sp.relative(x, ids, list(ships_cols) + [own])
            return x, ids, cols[:-1], cols[-1]
        return x, ids, list(ships_cols), own


def legal_logp(logits, ids, temp):
    legal = ids >= 0
    lg = torch.gather(logits, 1, ids.clamp(min=0)).masked_fill(~legal, -1e9) / temp
    return F.log_softmax(lg, dim=1), legal


def batch(data, idx, seats, threads):
    x = sp.encode(data["state"][idx], data["seat"][idx], threads)
    x, ids, (outcome, ships), own = seats.view(x, data["ids"][idx], (data["outcome"][idx], data["ships"][idx]),
                                               data["seat"][idx])
    return (torch.from_numpy(x), torch.from_numpy(ids.astype(np.int64)), torch.from_numpy(outcome),
            torch.from_numpy(ships.astype(bool)), torch.from_numpy(own))


def values(net, data, seats, threads):
    """The value head's estimate of each decision's seat's share."""
    out = np.zeros(len(data["seat"]), np.float32)
    net.eval()
    with torch.no_grad():
        for k in range(0, len(out), 8192):
            idx = np.arange(k, min(k + 8192, len(out)))
            x, _, _, ships, own = batch(data, idx, seats, threads)
            _, v = net(x)
            out[idx] = (F.softmax(v.masked_fill(~ships, -1e9), dim=1) * own).sum(1).numpy()
    net.train()
    return out


def advantages(data, v, lam):
    """GAE over each seat's own decisions in a game: the next decision's
    value less this one's, the last one's the seat's share less its value;
    discounted by lam (gamma 1: the reward is the end's)."""
    game, seat = data["game"], data["seat"].astype(np.int64)
    order = np.lexsort((np.arange(len(game)), seat, game))   # each (game, seat) run in play order
    g, s = game[order], seat[order]
    last = np.ones(len(order), bool)
    last[:-1] = (g[1:] != g[:-1]) | (s[1:] != s[:-1])
    vo = v[order]
    nxt = np.where(last, data["mine"][order], np.roll(vo, -1))
    delta = nxt - vo
    adv = np.zeros(len(order), np.float32)
    run = 0.0
    for i in range(len(order) - 1, -1, -1):
        run = delta[i] + (0.0 if last[i] else lam * run)
        adv[i] = run
    out = np.empty_like(adv)
    out[order] = adv
    return out


def samples(a, path, gen):
    """A generation's games: the network in every seat, then (--against)
    the network in one seat and --opponent in the others, deals after."""
    players = a.players[gen % len(a.players)]
    spec = "net:file=%s,temp=%g" % (path, a.temp)
    vs = int(round(a.against * a.games))
    parts = [sp.selfplay(spec, n, players=players, rules=a.rules, seed=a.seed, first=gen * a.games + k,
                         threads=a.threads, states=True, opponent=opp)
             for n, k, opp in ((a.games - vs, 0, None), (vs, a.games - vs, a.opponent or None)) if n]
    d = {k: np.concatenate([q[k] for q in parts]) for k in parts[0]}
    rows = np.arange(len(d["n"]))
    return players, {"state": d["state"], "seat": d["seat"], "ids": d["ids"], "chosen": d["chosen"].astype(np.int64),
                     "behaviour": d["policy"][rows, d["chosen"]].astype(np.float32), "outcome": d["outcome"],
                     "ships": d["ships"], "game": d["game"], "mine": d["outcome"][rows, d["seat"]]}


def train(net, teacher, opt, data, a, gen, seats):
    adv = advantages(data, values(net, data, seats, a.threads), a.lam)
    n = len(adv)
    rng = np.random.default_rng([a.seed, gen, 13])
    steps = max(1, int(round(a.epochs * n / a.batch)))
    order = np.concatenate([rng.permutation(n) for _ in range(int(np.ceil(steps * a.batch / n)) + 1)])
    sums = np.zeros(5)
    for s in range(steps):
        idx = np.sort(order[s * a.batch:(s + 1) * a.batch])
        x, ids, outcome, ships, _ = batch(data, idx, seats, a.threads)
        A = torch.from_numpy(adv[idx])
        A = (A - A.mean()) / (A.std() + 1e-8)
        chosen = torch.from_numpy(data["chosen"][idx])[:, None]
        old = torch.from_numpy(data["behaviour"][idx]).clamp(min=1e-8)
        logits, vlogits = net(x)
        lp, legal = legal_logp(logits, ids, a.temp)
        ratio = torch.exp(lp.gather(1, chosen)[:, 0] - torch.log(old))
        pl = -torch.min(ratio * A, ratio.clamp(1 - a.clip, 1 + a.clip) * A).mean()
        with torch.no_grad():
            tl, _ = legal_logp(teacher(x)[0], ids, a.temp)
            tp = tl.exp().masked_fill(~legal, 0.0)
        kl = (tp * (tl - lp)).masked_fill(~legal, 0.0).sum(1).mean()
        ent = -(lp.exp() * lp).masked_fill(~legal, 0.0).sum(1).mean()
        lv = F.log_softmax(vlogits.masked_fill(~ships, -1e9), dim=1).masked_fill(~ships, 0.0)
        vl = -(outcome * lv).sum(1).mean()
        loss = pl + a.kl * kl + a.value_weight * vl
        opt.zero_grad()
        loss.backward()
        torch.nn.utils.clip_grad_norm_(net.parameters(), 1.0)
        opt.step()
        clipped = ((ratio - 1).abs() > a.clip).float().mean()
        sums += (pl.item(), kl.item(), vl.item(), ent.item(), clipped.item())
    return sums / steps


def write_net(a, net, meta, path, gen, command):
    label = jamaica.variant_label(a.rules)
    netfile.write(path, net.arrays(), command=command, generation=gen, notes={"variant": label} if label else None,
                  seats=meta.get("seats", "absolute"))


def start(a):
    """The teacher (frozen), the network, optimiser, log and next generation:
    a checkpoint's with --resume, else the teacher's copy."""
    try:
        meta, arrays = netfile.read(a.init)
    except (OSError, ValueError) as e:
        refuse("--init %s: %s" % (a.init, e))
    if a.opponent:
        try:
            jamaica.Agent(a.opponent).close()
        except jamaica.JamaicaError as e:
            refuse("--opponent %s: %s" % (a.opponent, e))
    teacher = Net.from_arrays(arrays)
    teacher.eval()
    for q in teacher.parameters():
        q.requires_grad_(False)
    net = Net.from_arrays(arrays)
    opt = torch.optim.Adam(net.parameters(), lr=a.lr)
    ck = os.path.join(a.out, "checkpoint.pt")
    if a.resume and os.path.exists(ck):
        c = torch.load(ck, weights_only=False)
        net.load_state_dict(c["net"])
        opt.load_state_dict(c["opt"])
        torch.set_rng_state(c["torch_rng"])
        log("resuming after generation %d" % c["generation"])
        return meta, teacher, net, opt, c["rows"], c["generation"] + 1
    torch.manual_seed(a.seed)
    return meta, teacher, net, opt, [], 0


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    a = parse_args(argv)
    if a.threads:
        torch.set_num_threads(a.threads)
    command = "python3 -m jamaica.train.spg " + " ".join(shlex.quote(x) for x in argv)
    meta, teacher, net, opt, rows, gen = start(a)  # refusals first: nothing made before them
    seats = Seats(meta.get("seats") == "relative")
    os.makedirs(a.out, exist_ok=True)
    current = os.path.join(a.out, "current.jmn")
    write_net(a, net, meta, current, gen - 1, command)
    t0, last = time.monotonic(), 0.0
    while not a.generations or gen < a.generations:
        if a.minutes and time.monotonic() - t0 + last > 60 * a.minutes:
            log("stopping before generation %d: the --minutes budget would be passed" % gen)
            break
        g0 = time.monotonic()
        players, d = samples(a, current, gen)
        pl, kl, vl, ent, clipped = train(net, teacher, opt, d, a, gen, seats)
        write_net(a, net, meta, current, gen, command)
        row = {"generation": gen, "players": players, "games": a.games, "samples": len(d["seat"]),
               "seconds": round(time.monotonic() - g0, 2), "policy_loss": round(pl, 5), "kl": round(kl, 5),
               "value_loss": round(vl, 5), "entropy": round(ent, 4), "clipped": round(clipped, 4),
               "eval_win": "", "eval_low": "", "eval_high": ""}
        if a.eval_every and (gen + 1) % a.eval_every == 0:
            w, lo, hi = match("net:file=%s" % current, a.eval_games, a.rules, a.eval_seed, a.threads)
            row.update(eval_win=round(w, 4), eval_low=round(lo, 4), eval_high=round(hi, 4))
        rows.append(row)
        trainer.write_log(a.out, FIELDS, rows)
        whole(os.path.join(a.out, "checkpoint.pt"), lambda tmp: torch.save(
            {"net": net.state_dict(), "opt": opt.state_dict(), "rows": rows, "generation": gen,
             "torch_rng": torch.get_rng_state()}, tmp))
        last = time.monotonic() - g0
        log("generation %d: %d players, %d samples, kl %.4f, value loss %.4f, entropy %.3f, clipped %.3f, %.1f s%s"
            % (gen, players, row["samples"], kl, vl, ent, clipped, last,
               ", against sharp %.1f%% [%.1f, %.1f]" % (100 * w, 100 * lo, 100 * hi) if row["eval_win"] != "" else ""))
        gen += 1
    return 0


def _stop(signum, frame):
    raise KeyboardInterrupt


if __name__ == "__main__":
    signal.signal(signal.SIGTERM, _stop)
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        log("stopped: the last whole generation's checkpoint stays for --resume")
        sys.exit(130)
