"""Deep Monte-Carlo self-play: volume instead of search per sample.

The recipe of DouZero (Zha et al., ICML 2021) on this engine: the actors are
the library's self-play in C (jm_selfplay on all cores, the network's C
inference, no Python per step), every seat `net:file=CURRENT,eps=E` (the
network's best action, a uniformly random one with probability E); the
learner, in PyTorch, regresses the network's logit for the action taken on
the share of the win that seat got at the game's end (the logit of an
action is its Q value, so the `net` agent's greedy choice is the argmax of
Q), with the value head trained on every ship's share beside it (an
auxiliary target).  No search anywhere: a generation of thousands of games
costs seconds.

    bin/python -m jamaica.train.dmc --out runs/dmc --minutes 60

Each generation writes OUT/current.jmn (the actors' next network), OUT/log.csv
(one row a generation: samples, losses, seconds; and every --eval-every
generations the win share of the greedy network against `sharp` at 2 players,
seats rotated, on deals the training never plays) and OUT/checkpoint.pt (the
network, the optimiser, the log): --resume goes on from it, the same games
and, on one thread, the same weights as a run never stopped.
"""
import csv
import math
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

FIELDS = ["generation", "players", "games", "samples", "seconds", "q_loss", "value_loss", "q_mean",
          "eval_win", "eval_low", "eval_high"]
EVAL_SEED = 1009  # the strength runs' deals: a seed the training never plays


log = trainer.logger("dmc")


def parse_args(argv=None):
    p = cli.Parser(prog="python3 -m jamaica.train.dmc", description=__doc__.split("\n\n")[0])
    cli.trainer_options(p, games=4000, eval_every=5, eval_games=400)
    p.add_argument("--eps", type=float, default=0.1, help="the actors' exploration (DouZero: 0.01)")
    p.add_argument("--hidden", default="256,128", help="hidden widths (multiples of 16)")
    p.add_argument("--init", help="start from this network file's hidden layers and value head (its widths); the "
                                  "action head starts afresh, as Q values are not a policy's logits")
    p.add_argument("--init-keep-head", action="store_true",
                   help="with --init, keep its action head too (a policy's logits as the first Q values)")
    p.add_argument("--window", type=int, default=1,
                   help="generations of samples trained on (a resumed run's window starts again: above 1, "
                        "--resume is not the same as a run never stopped)")
    p.add_argument("--epochs", type=float, default=1.0, help="passes over the window a generation")
    p.add_argument("--batch", type=int, default=2048)
    p.add_argument("--lr", type=float, default=3e-4)
    p.add_argument("--value-weight", type=float, default=0.25)
    a = p.parse_args(argv)
    cli.trainer_check(p, a)
    try:
        a.hidden = netfile.check_hidden(a.hidden.split(","))
    except ValueError as e:
        p.error("--hidden: %s" % e)
    if a.window < 1 or a.batch < 1 or not 0 <= a.eps <= 1:
        p.error("--window, --batch: positive; --eps from 0 to 1")
    return a


def samples(a, path, gen):
    """Generation gen's self-play: the states (encoded when trained on), the
    action each seat took, the share of the win each ship got."""
    players = a.players[gen % len(a.players)]
    d = sp.selfplay("net:file=%s,eps=%g" % (path, a.eps), a.games, players=players, rules=a.rules, seed=a.seed,
                    first=gen * a.games, threads=a.threads, states=True)
    taken = d["ids"][np.arange(len(d["n"])), d["chosen"]].astype(np.int64)
    return players, {"state": d["state"], "seat": d["seat"], "taken": taken, "outcome": d["outcome"],
                     "ships": d["ships"], "mine": d["outcome"][np.arange(len(d["n"])), d["seat"]]}


def train(net, opt, data, a, gen):
    """One --epochs pass over the window: the taken action's logit against
    the seat's share (squared error), the value head against every ship's
    share (cross-entropy).  The mean losses of the pass."""
    n = len(data["seat"])
    rng = np.random.default_rng([a.seed, gen, 11])
    steps = max(1, int(a.epochs * n / a.batch))
    order = np.concatenate([rng.permutation(n) for _ in range(int(math.ceil(steps * a.batch / n)) + 1)])
    sums = np.zeros(3)
    net.train()
    for s in range(steps):
        idx = np.sort(order[s * a.batch:(s + 1) * a.batch])
        x = torch.from_numpy(sp.encode(data["state"][idx], data["seat"][idx], a.threads))
        taken = torch.from_numpy(data["taken"][idx])[:, None]
        mine = torch.from_numpy(data["mine"][idx])
        outcome = torch.from_numpy(data["outcome"][idx])
        ships = torch.from_numpy(data["ships"][idx])
        logits, vlogits = net(x)
        q = logits.gather(1, taken)[:, 0]
        ql = F.mse_loss(q, mine)
        lv = F.log_softmax(vlogits.masked_fill(~ships, -1e9), dim=1).masked_fill(~ships, 0.0)
        vl = -(outcome * lv).sum(1).mean()
        loss = ql + a.value_weight * vl
        opt.zero_grad()
        loss.backward()
        opt.step()
        sums += (ql.item(), vl.item(), q.mean().item())
    return sums / steps


def strength(a, path):
    """The greedy network against sharp on EVAL_SEED's deals."""
    return match("net:file=%s" % path, a.eval_games, a.rules, EVAL_SEED, a.threads)


def curve(dirs):
    """The strength runs of several training seeds' logs as one Markdown
    table: each seed's win share against sharp, their mean and range."""
    logs = []
    for d in dirs:
        with open(os.path.join(d, "log.csv")) as f:
            logs.append({int(r["generation"]): r for r in csv.DictReader(f)})
    gens = sorted(g for g in logs[0] if logs[0][g]["eval_win"] != "" and all(g in x for x in logs))
    print("Win share of the greedy network against `sharp` (2 players, seats rotated, the deals of seed %d) "
          "after each generation with a strength run, for %d training seeds; their mean and range.\n"
          % (EVAL_SEED, len(dirs)))
    print("| generation | games played | " + " | ".join(os.path.basename(d.rstrip("/")) for d in dirs)
          + " | mean | range |")
    print("|---:|---:|" + "---:|" * (len(dirs) + 2))
    for g in gens:
        w = [100 * float(x[g]["eval_win"]) for x in logs]
        played = sum(int(logs[0][k]["games"]) for k in logs[0] if k <= g)
        print("| %d | %d | %s | %.1f%% | %.1f to %.1f |" % (g, played, " | ".join("%.1f%%" % v for v in w),
                                                           sum(w) / len(w), min(w), max(w)))
    return 0


def final(dirs, seeds, games, rules, threads):
    """Each training seed's last network against sharp on deals of seeds
    the training never played; and, beside them, random, the expert-
    iteration network results/net/net.jmn and the project's `net` agent
    (results/net/agents.txt's first line: the distilled policy) on the
    same deals."""
    agents = [("%s" % os.path.basename(d.rstrip("/")), "net:file=%s" % os.path.join(d, "current.jmn")) for d in dirs]
    here = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
    xit = os.path.join(here, "results", "net", "net.jmn")
    context = [("random", "random")] + ([("results/net/net.jmn (expert iteration)", "net:file=" + xit)]
                                        if os.path.exists(xit) else []) + shipped_policy()
    print("Win share against `sharp`, 2 players, seats rotated, %d games on the deals of each seed (seeds never "
          "used in training or for any choice); 95%% Wilson intervals.\n" % games)
    print("| network | " + " | ".join("seed %d" % s for s in seeds) + " |")
    print("|---|" + "---:|" * len(seeds))
    means = [[] for _ in seeds]
    for name, agent in agents + context:
        cells = []
        for k, s in enumerate(seeds):
            p, lo, hi = match(agent, games, rules, s, threads)
            cells.append("%.2f%% [%.2f, %.2f]" % (100 * p, 100 * lo, 100 * hi))
            if (name, agent) in agents:
                means[k].append(100 * p)
        print("| %s | %s |" % (name, " | ".join(cells)))
        if (name, agent) == agents[-1]:
            print("| mean of the %d | %s |" % (len(agents), " | ".join("%.2f%%" % (sum(m) / len(m)) for m in means)))
    return 0


def shipped_policy():
    """[(its spec as written, the spec)] of the `net` agent of
    results/net/agents.txt, its file's path made absolute; [] where the
    list is not there (an installed module)."""
    here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
    try:
        with open(os.path.join(here, "results", "net", "agents.txt")) as f:
            spec = f.readline().strip()
    except OSError:
        return []
    path = spec.partition("file=")[2].split(",")[0]
    return [("`%s`" % spec, spec.replace(path, os.path.normpath(os.path.join(here, path))))] if path else []


def write_net(a, net, path, gen, command):
    label = jamaica.variant_label(a.rules)  # netfile.write writes whole or not at all
    netfile.write(path, net.arrays(), command=command, generation=gen, notes={"variant": label} if label else None)


def save(a, net, opt, rows, gen):
    """The network, the optimiser and the log (the samples are not kept:
    a checkpoint stays a few megabytes)."""
    whole(os.path.join(a.out, "checkpoint.pt"), lambda tmp: torch.save(
        {"net": net.state_dict(), "opt": opt.state_dict(), "rows": rows, "generation": gen, "hidden": a.hidden,
         "torch_rng": torch.get_rng_state()}, tmp))


def write_log(a, rows):
    trainer.write_log(a.out, FIELDS, rows)


def refuse(msg):
    trainer.refuse("dmc", msg)


def start(a):
    """The network, optimiser, log, next generation and sample window: a
    checkpoint's with --resume, else new (from --init's weights if given)."""
    ck = os.path.join(a.out, "checkpoint.pt")
    if a.resume and os.path.exists(ck):
        c = torch.load(ck, weights_only=False)
        if list(c["hidden"]) != list(a.hidden):
            refuse("--hidden %s, but the checkpoint's network is %s" % (a.hidden, c["hidden"]))
        net = Net(c["hidden"])
        net.load_state_dict(c["net"])
        opt = torch.optim.Adam(net.parameters(), lr=a.lr)
        opt.load_state_dict(c["opt"])
        torch.set_rng_state(c["torch_rng"])
        log("resuming after generation %d" % c["generation"])
        return net, opt, c["rows"], c["generation"] + 1, []
    torch.manual_seed(a.seed)
    if a.init:
        meta, arrays = netfile.read(a.init)
        if meta.get("seats") == "relative":
            refuse("--init %s sees seats relative; this trainer encodes them as jm_encode gives them" % a.init)
        net = Net.from_arrays(arrays)
        if not a.init_keep_head:
            net.policy.reset_parameters()
        if [layer.out_features for layer in net.layers] != list(a.hidden):
            refuse("--init %s has widths %s, not --hidden %s" % (
                a.init, [layer.out_features for layer in net.layers], a.hidden))
    else:
        net = Net(a.hidden)
    return net, torch.optim.Adam(net.parameters(), lr=a.lr), [], 0, []


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--curve"]:
        return curve(argv[1:])
    if argv[:1] == ["--final"]:
        p = cli.Parser(prog="python3 -m jamaica.train.dmc --final")
        p.add_argument("--final", action="store_true")
        p.add_argument("--eval-seeds", default="1011,1012")
        p.add_argument("--eval-games", type=int, default=1000)
        p.add_argument("--rules", default="2021")
        p.add_argument("--threads", type=int, default=0)
        p.add_argument("dirs", nargs="+")
        f = p.parse_args(argv)
        return final(f.dirs, [int(s) for s in f.eval_seeds.split(",")], f.eval_games, f.rules, f.threads)
    a = parse_args(argv)
    if a.threads:
        torch.set_num_threads(a.threads)
    command = "python3 -m jamaica.train.dmc " + " ".join(shlex.quote(x) for x in argv)
    net, opt, rows, gen, window = start(a)  # refusals first: nothing made before them
    os.makedirs(a.out, exist_ok=True)
    current = os.path.join(a.out, "current.jmn")
    write_net(a, net, current, gen - 1, command)
    t0, last = time.monotonic(), 0.0
    while not a.generations or gen < a.generations:
        if a.minutes and time.monotonic() - t0 + last > 60 * a.minutes:
            log("stopping before generation %d: the --minutes budget would be passed" % gen)
            break
        g0 = time.monotonic()
        players, d = samples(a, current, gen)
        window = (window + [d])[-a.window:]
        data = {k: np.concatenate([w[k] for w in window]) for k in d}
        ql, vl, qm = train(net, opt, data, a, gen)
        write_net(a, net, current, gen, command)
        row = {"generation": gen, "players": players, "games": a.games, "samples": len(d["seat"]),
               "seconds": round(time.monotonic() - g0, 2), "q_loss": round(ql, 5), "value_loss": round(vl, 5),
               "q_mean": round(qm, 5), "eval_win": "", "eval_low": "", "eval_high": ""}
        if a.eval_every and (gen + 1) % a.eval_every == 0:
            w, lo, hi = strength(a, current)
            row.update(eval_win=round(w, 4), eval_low=round(lo, 4), eval_high=round(hi, 4))
        rows.append(row)
        write_log(a, rows)
        save(a, net, opt, rows, gen)
        last = time.monotonic() - g0
        log("generation %d: %d players, %d samples, q loss %.4f, value loss %.4f, %.1f s%s" % (
            gen, players, row["samples"], ql, vl, last,
            ", against sharp %.1f%% [%.1f, %.1f]" % (100 * w, 100 * lo, 100 * hi) if row["eval_win"] != "" else ""))
        gen += 1
    return 0


def _stop(signum, frame):
    """SIGTERM (a batch system's stop) as Ctrl-C: an exception, so a
    strength run in flight is killed and no temporary file stays; the last
    whole generation's checkpoint stays for --resume."""
    raise KeyboardInterrupt


if __name__ == "__main__":
    signal.signal(signal.SIGTERM, _stop)
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        log("stopped: the last whole generation's checkpoint stays for --resume")
        sys.exit(130)
