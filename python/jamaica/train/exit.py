#!/usr/bin/env python3
"""Expert iteration: a policy and value network trained by the search it guides.

One file, read top to bottom (after CleanRL's single-file algorithms and
Anthony, Tian and Barber, "Thinking Fast and Slow with Deep Learning and
Tree Search", 2017).  Each generation:

  1. self-play: the expert (the tree search guided by the current network,
     `guided:file=NET,...` with --expert's parameters, in every seat; for
     the first --bootstrap-generations it is --bootstrap, the project's
     plain searcher, a teacher for a network that has none yet) plays
     --games games through the C library on all cores (jamaica.selfplay:
     the same samples on any thread count), recording at each decision the
     seat's encoding, the search's policy over the legal actions and, at the
     end, every ship's share of the win;
  2. training: the apprentice (the network) learns, from the last --window
     generations' samples, to predict the search's policy (cross-entropy
     over the legal ids) and the value (cross-entropy of the value's softmax
     over the ships in play against a target: --value-mix of the game's
     outcome, each ship's share of the win, and the rest the search's own
     estimate at the decision; a few thousand games' outcomes alone teach a
     value that fits them and misleads the search elsewhere);
  3. gating (not in the bootstrap generations): the new network, as the
     guided searcher, plays the current one
     in `jamaica tournament` (every seating of the same deals) under the
     project's SPRT (H0: +0 Elo, H1: +--gate-elo): it becomes the current
     network if H1 is accepted, or if the test ends undecided with a score
     above one half; else the next generation trains on from it but plays
     with the current one;
  4. (every --eval-every generations) strength: the current network's guided
     searcher against --eval-agent in `jamaica sim`, seats rotated, with the
     95% Wilson interval.

OUT holds net.jmn (the current network), gen-K.jmn (each generation's
candidate), log.csv (a row per generation: games, samples, losses, the gate
and the strength with their intervals), log.png (gnuplot), and the
checkpoint (checkpoint.pt, buffer-K.npz): --resume goes on from the last
whole generation.  Progress goes to stderr, a line per step.  Ctrl-C or
SIGTERM stops it at once: the match in flight is killed and its scratch
folder removed, and the checkpoint of the last whole generation stays.

Reproducible from --seed as far as PyTorch allows: the games, the agents'
draws, the network's initial weights and the order of the minibatches are
seeded, and the C side's arithmetic gives the same bits anywhere; PyTorch's
CPU kernels may sum in another order on another machine or thread count,
so a network trained elsewhere may differ in its last bits, and from there
its games.  --minutes is a wall-clock budget: the run stops after the
generation past which another as long would end beyond it (so it ends
within the budget unless its first generation alone is longer);
--generations alone is exact.

    python3 -m jamaica.train.exit --out runs/exit --generations 8 --games 400

Needs numpy and PyTorch (Debian: python3-numpy python3-torch
libopenblas0-pthread) and bin/jamaica (--jamaica, or $JAMAICA_BIN).
"""
import csv
import glob
import math
import os
import re
import signal
import subprocess
import sys
import tempfile
import time

import numpy as np
import torch

import jamaica

from .. import netfile, outfile, selfplay as sp
from . import cli, trainer
from .trainer import Net, check_network_args, losses  # noqa: F401 (check_network_args: this trainer's options)

RECOMMENDED = "mcts:iters=4500,cutoff=2,c=0.3,stop=decided,eval=hand"


def parse_args(argv=None):
    p = cli.Parser(prog="python3 -m jamaica.train.exit", description=__doc__.split("\n\n")[0])
    p.add_argument("--out", required=True, help="directory for the networks, log.csv, log.png, the checkpoint")
    p.add_argument("--generations", type=int, default=8, help="generations in all (a resumed run counts the done)")
    p.add_argument("--games", type=int, default=400, help="self-play games per generation, split between --players")
    p.add_argument("--players", default="2,4", help="player counts of the self-play games, e.g. 2,4")
    p.add_argument("--rules", default="2021")
    p.add_argument("--iters", type=int, default=200, help="the guided searcher's iterations in self-play and gates")
    p.add_argument("--expert", default="root=puct",
                   help="more parameters of the self-play expert (and of the gate's and the strength runs' "
                        "searcher), guided:file=NET,iters=N,...: value=hand, say")
    p.add_argument("--bootstrap", default="mcts:iters=1000,cutoff=2,c=0.3,eval=hand",
                   help="generation 0's expert, with no network yet (an agent with a search policy: mcts or "
                        "guided:file=...); 'none': a network of random weights guides generation 0")
    p.add_argument("--bootstrap-generations", type=int, default=1,
                   help="generations whose expert is --bootstrap (supervised learning from the plain searcher, "
                        "ungated), before the guided searcher takes over")
    p.add_argument("--hidden", default="128,64", help="hidden widths (multiples of 16)")
    p.add_argument("--seats", choices=("relative", "absolute"), default="relative",
                   help="relative: the network sees each encoding rotated to its viewing seat, one game for "
                        "every seat (docs/NETWORK.md); absolute: as jm_encode gives it")
    p.add_argument("--init", help="start from this network file (its widths) instead of random weights")
    p.add_argument("--window", type=int, default=4, help="generations of samples trained on")
    p.add_argument("--epochs", type=float, default=2.0, help="passes over the window per generation")
    p.add_argument("--batch", type=int, default=512)
    p.add_argument("--lr", type=float, default=1e-3)
    p.add_argument("--weight-decay", type=float, default=1e-4)
    p.add_argument("--value-weight", type=float, default=1.0)
    p.add_argument("--value-mix", type=float, default=0.5,
                   help="the value's target: this share of the game's outcome, the rest the search's root value "
                        "(1: the outcome alone)")
    p.add_argument("--gate-games", type=int, default=200, help="deals of the gate at most (0: no gate)")
    p.add_argument("--gate-players", type=int, default=2)
    p.add_argument("--gate-elo", type=float, default=20.0, help="the gate's H1, in Elo")
    p.add_argument("--eval-every", type=int, default=1, help="generations between strength runs (0: none)")
    p.add_argument("--eval-games", type=int, default=200, help="games of each strength run")
    p.add_argument("--eval-players", type=int, default=2)
    p.add_argument("--eval-agent", default=RECOMMENDED, help="the strength runs' opponent")
    p.add_argument("--eval-iters", type=int, default=0, help="the guided searcher's iterations there (0: --iters)")
    p.add_argument("--device", default="cpu", help="torch's device for training: cpu, cuda (the games run on the "
                                                   "CPU either way)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--threads", type=int, default=0, help="threads for games and torch (0: all cores)")
    p.add_argument("--minutes", type=float, default=0,
                   help="stop before a generation that would end past this (0: none)")
    p.add_argument("--resume", action="store_true", help="go on from OUT's checkpoint")
    p.add_argument("--jamaica", default=os.environ.get("JAMAICA_BIN", "bin/jamaica"), help="the jamaica binary")
    a = p.parse_args(argv)
    check_network_args(p, a)
    try:
        a.players = [int(x) for x in a.players.split(",")]
    except ValueError:
        p.error("--players %r: a list of player counts such as 2,4" % a.players)
    if any(not 2 <= n <= 6 for n in a.players):
        p.error("--players %s: each from 2 to 6" % a.players)
    if a.games < len(a.players) or a.generations < 1 or a.window < 1 or a.batch < 1 or a.iters < 1:
        p.error("--games (at least one per player count), --generations, --window, --batch, --iters: positive")
    return a


log = trainer.logger("exit")


# ---------------------------------------------------------------- the network

# ---------------------------------------------------------------- the samples

def play(spec, games, players, rules, seed, first, threads):
    """Self-play samples, compact (the state, not its encoding: encode())."""
    d = sp.selfplay(spec, games, players=players, rules=rules, seed=seed, first=first, threads=threads,
                    states=True)
    d.pop("obs")
    return d


def merge(parts):
    return {k: np.concatenate([p[k] for p in parts]) for k in parts[0]}


def train(net, opt, data, a, gen, threads):
    """--epochs passes over the window, minibatches in a seeded order; the
    mean losses of the last pass."""
    n = len(data["n"])
    rng = np.random.default_rng([a.seed, gen, 7])
    steps = max(1, int(a.epochs * n / a.batch))
    order = np.concatenate([rng.permutation(n) for _ in range(int(math.ceil(steps * a.batch / n)) + 1)])
    sums, count = np.zeros(2), 0
    net.train()
    last = max(1, n // a.batch)
    for s in range(steps):
        idx = np.sort(order[s * a.batch:(s + 1) * a.batch])
        x = sp.encode(data["state"][idx], data["seat"][idx], threads)
        b = {k: data[k][idx] for k in ("ids", "policy", "outcome", "value", "ships")}
        if a.seats == "relative":
            x, b["ids"], (b["outcome"], b["value"], b["ships"]) = sp.relative(
                x, b["ids"], (b["outcome"], b["value"], b["ships"]))
        obs = torch.from_numpy(x).to(a.device)
        t = {k: torch.from_numpy(b[k]).to(a.device) for k in ("policy", "outcome", "value", "ships")}
        ids = torch.from_numpy(b["ids"].astype(np.int64)).to(a.device)
        target = a.value_mix * t["outcome"] + (1 - a.value_mix) * t["value"]
        pl, vl = losses(net, obs, ids, t["policy"], target, t["ships"])
        loss = pl + a.value_weight * vl
        opt.zero_grad()
        loss.backward()
        opt.step()
        if s >= steps - last:
            sums += (pl.item(), vl.item())
            count += 1
    return sums / max(count, 1)


# ---------------------------------------------------------------- matches

def run(cmd):
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        raise SystemExit("exit: %s failed (status %d): %s" % (" ".join(cmd), r.returncode,
                                                              (r.stderr or r.stdout).strip()[-400:]))
    return r.stdout


def searcher(a, path, iters=0):
    """The guided searcher of a network file, as self-play plays it."""
    return "guided:file=%s,iters=%d%s" % (path, iters or a.iters, "," + a.expert if a.expert else "")


def gate(a, cand, best, gen, threads):
    """The SPRT match of the candidate against the current network, each as
    the self-play expert: (promote, score, the verdict)."""
    spec = lambda f: searcher(a, f)
    with tempfile.TemporaryDirectory(prefix="exit-gate-") as d:  # its CSV and checkpoint, gone on any exit
        out = run([a.jamaica, "tournament", "--agents", "%s,%s" % (spec(cand), spec(best)), "--players",
                   str(a.gate_players), "--games", str(a.gate_games), "--seed", str(a.seed * 1000 + gen),
                   "--sprt", "0,%g" % a.gate_elo, "--bootstrap", "0", "--out", os.path.join(d, "gate.csv"),
                   "--threads", str(threads or os.cpu_count())])
    line = next((l for l in out.splitlines() if l.startswith("SPRT")), "")
    m = re.search(r"score ([0-9.]+)", line)
    score = float(m.group(1)) if m else 0.0
    if "H1 accepted" in line:
        return True, score, "H1"
    if "H0 accepted" in line:
        return False, score, "H0"
    return score > 0.5, score, "undecided"


def strength(a, best, gen, threads):
    """The current network's searcher against --eval-agent: win rate and its
    interval, from sim's summary."""
    spec = searcher(a, best, a.eval_iters)
    agents = ",".join([spec] + [a.eval_agent] * (a.eval_players - 1))
    with tempfile.TemporaryDirectory(prefix="exit-eval-") as d:
        summary = os.path.join(d, "eval.csv")
        run([a.jamaica, "sim", "--agents", agents, "--players", str(a.eval_players), "--games",
             str(a.eval_games), "--rotate", "--seed", str(10_000 + gen), "--out", summary, "--threads",
             str(threads or os.cpu_count())])
        with open(summary) as f:
            rows = list(csv.DictReader(f))
    for row in rows:
        if row["group"] == "agent" and row["key"] == spec:
            return float(row["win_rate"]), float(row["wilson_low"]), float(row["wilson_high"])
    raise SystemExit("exit: no row for %s in %s" % (spec, summary))


# ---------------------------------------------------------------- the log

FIELDS = ["generation", "seconds", "games", "samples", "window_samples", "policy_loss", "value_loss", "gate",
          "gate_score", "promoted", "current", "eval_games", "win_rate", "win_low", "win_high"]


def write_log(out, rows):
    outfile.write_csv(os.path.join(out, "log.csv"), FIELDS, rows)
    last = int(rows[-1]["generation"])
    script = ("set terminal pngcairo size 1100,480; set output '{t}'; set datafile separator ',';"
              "set datafile missing ''; set multiplot layout 1,2; set grid; set key top right;"
              "set xlabel 'generation'; set xrange [-0.5:{x}]; set xtics 1;"
              "set title 'training losses (the last pass)'; set ylabel 'cross-entropy';"
              "plot '{o}/log.csv' every ::1 using 1:6 with linespoints title 'policy',"
              " '' every ::1 using 1:7 with linespoints title 'value';"
              "set title 'the guided searcher against the opponent'; set ylabel 'win rate [95%]';"
              "set yrange [0:1]; set key top left;"
              "plot '{o}/log.csv' every ::1 using 1:13:14:15 with yerrorbars pointtype 7 title 'current network';"
              "unset multiplot")
    try:  # whole or not at all, 0600 when new, as every output here
        outfile.whole(os.path.join(out, "log.png"), lambda tmp: subprocess.run(
            ["gnuplot", "-e", script.format(o=out, t=tmp, x=last + 0.5)], check=True, stderr=subprocess.DEVNULL))
    except (OSError, subprocess.CalledProcessError):
        log("gnuplot failed or is missing: log.png not drawn")


def save_checkpoint(out, net, opt, rows, gen, best_gen, seats):
    outfile.whole(os.path.join(out, "checkpoint.pt"), lambda tmp: torch.save(
        {"net": net.state_dict(), "opt": opt.state_dict(), "rows": rows, "generation": gen, "best": best_gen,
         "hidden": [l.out_features for l in net.layers], "seats": seats}, tmp))


def command_line(argv):
    return trainer.command_line("exit", argv)


def _stop(signum, frame):
    """SIGTERM (a batch system's stop) as Ctrl-C is: an exception, so the
    match in flight is killed and its scratch folder removed; the last whole
    generation's checkpoint stays for --resume."""
    raise KeyboardInterrupt


def begin(a, ckpt):
    """The run's network, optimiser, log rows, first generation and current
    generation: from the checkpoint (--resume), else new (random or --init);
    refusals as SystemExit."""
    if a.resume:
        if not os.path.exists(ckpt):
            raise SystemExit("exit: --resume: %s: no checkpoint" % ckpt)
        c = torch.load(ckpt, weights_only=False, map_location="cpu")
        if c.get("seats", "absolute") != a.seats:
            raise SystemExit("exit: --resume: the run's seats are %s, not --seats %s" % (
                c.get("seats", "absolute"), a.seats))
        net = Net(c["hidden"])
        net.load_state_dict(c["net"])
        net.to(a.device)
        opt = torch.optim.AdamW(net.parameters(), lr=a.lr, weight_decay=a.weight_decay)
        opt.load_state_dict(c["opt"])
        log("resumed after generation %d (current network: generation %d)" % (c["generation"], c["best"]))
        return net, opt, c["rows"], c["generation"] + 1, c["best"]
    if os.path.exists(ckpt):
        raise SystemExit("exit: %s holds a run (its checkpoint): --resume, or another --out" % a.out)
    if a.init:
        meta, arrays = netfile.read(a.init)
        if meta.get("seats", "absolute") != a.seats:
            raise SystemExit("exit: --init %s: its seats are %s, not --seats %s" % (
                a.init, meta.get("seats", "absolute"), a.seats))
        net = Net.from_arrays(arrays)
    else:
        net = Net(a.hidden)
    net.to(a.device)
    opt = torch.optim.AdamW(net.parameters(), lr=a.lr, weight_decay=a.weight_decay)
    return net, opt, [], 0, -1


def self_play(a, gen, expert, threads):
    """Generation gen's games, --games shared out over the player counts in
    turn, each part's deals following the last's; its samples merged."""
    parts, first = [], gen * a.games
    for i, players in enumerate(a.players):
        games = a.games // len(a.players) + (1 if i < a.games % len(a.players) else 0)
        ts = time.time()
        parts.append(play(expert, games, players, a.rules, a.seed, first, threads))
        first += games
        log("generation %d: %d games of %d players by %s: %d samples, %.0f s" % (
            gen, games, players, expert, len(parts[-1]["n"]),
            time.time() - ts))
    return merge(parts)


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    a = parse_args(argv)
    if __name__ == "__main__":  # run as a program, not imported (the tests)
        signal.signal(signal.SIGTERM, _stop)
    threads = a.threads or os.cpu_count()
    torch.set_num_threads(threads)
    os.makedirs(a.out, exist_ok=True)
    if not os.access(a.jamaica, os.X_OK):
        raise SystemExit("exit: %s is not a program (make, or --jamaica PATH)" % a.jamaica)
    best = os.path.join(a.out, "net.jmn")
    ckpt = os.path.join(a.out, "checkpoint.pt")
    torch.manual_seed(a.seed)
    net, opt, rows, start, best_gen = begin(a, ckpt)
    command = command_line(argv)
    label = jamaica.variant_label(a.rules)  # the game it is trained on: "" for the base game
    trained_on = {"variant": label} if label else None
    t0, before = time.time(), float(rows[-1]["seconds"]) if rows else 0.0
    for gen in range(start, a.generations):
        g0 = time.time()
        # 1. self-play
        boot = a.bootstrap != "none" and not a.init and gen < a.bootstrap_generations
        if not boot and best_gen < 0:  # no network played yet: the one we have (random, or --init)
            netfile.write(best, net.arrays(), command=command, generation=-1, seats=a.seats, notes=trained_on)
        data = self_play(a, gen, a.bootstrap if boot else searcher(a, best), threads)
        outfile.whole(os.path.join(a.out, "buffer-%d.npz" % gen), lambda tmp: np.savez_compressed(tmp, **data))
        for old in glob.glob(os.path.join(a.out, "buffer-*.npz")):
            k = int(re.search(r"buffer-(\d+)", old).group(1))
            if k <= gen - a.window:
                os.unlink(old)
        window = merge([dict(np.load(os.path.join(a.out, "buffer-%d.npz" % k)))
                        for k in range(max(0, gen - a.window + 1), gen + 1)])
        # 2. training
        ts = time.time()
        torch.manual_seed(a.seed * 1000 + gen)
        pl, vl = train(net, opt, window, a, gen, threads)
        cand = os.path.join(a.out, "gen-%d.jmn" % gen)
        netfile.write(cand, net.arrays(), command=command, generation=gen, seats=a.seats, notes=trained_on)
        log("generation %d: trained on %d samples in %.0f s: policy loss %.4f, value loss %.4f" % (
            gen, len(window["n"]), time.time() - ts, pl, vl))
        # 3. gating
        row = {"generation": gen, "games": a.games, "samples": len(data["n"]), "window_samples": len(window["n"]),
               "policy_loss": "%.5f" % pl, "value_loss": "%.5f" % vl}
        if best_gen < 0 or a.gate_games == 0 or boot:
            promote, score, verdict = True, "", "none"
        else:
            ts = time.time()
            promote, score, verdict = gate(a, cand, best, gen, threads)
            log("generation %d: gate against generation %d: %s, score %.4f, %.0f s" % (
                gen, best_gen, verdict, score, time.time() - ts))
        if promote:
            netfile.write(best, net.arrays(), command=command, generation=gen, seats=a.seats, notes=trained_on)
            best_gen = gen
        row.update(gate=verdict, gate_score=score if score == "" else "%.4f" % score, promoted=int(promote),
                   current=best_gen)
        # 4. strength
        row.update(eval_games="", win_rate="", win_low="", win_high="")
        if a.eval_every and (gen + 1) % a.eval_every == 0:
            ts = time.time()
            w, lo, hi = strength(a, best, gen, threads)
            row.update(eval_games=a.eval_games, win_rate="%.4f" % w, win_low="%.4f" % lo, win_high="%.4f" % hi)
            log("generation %d: current network against %s: %.2f%% [%.2f, %.2f] of %d games, %.0f s" % (
                gen, a.eval_agent, 100 * w, 100 * lo, 100 * hi, a.eval_games, time.time() - ts))
        row["seconds"] = "%.0f" % (before + time.time() - t0)
        rows.append(row)
        write_log(a.out, rows)
        save_checkpoint(a.out, net, opt, rows, gen, best_gen, a.seats)
        # Another generation as long as this one would end past the budget:
        # stop now, inside it (the first generation is not foreseen).
        if a.minutes and time.time() - t0 + (time.time() - g0) > 60 * a.minutes:
            log("stopping after generation %d: another would end past --minutes %g" % (gen, a.minutes))
            break
    log("done: %s is generation %d" % (best, best_gen))
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        log("stopped: the checkpoint holds the last whole generation (--resume goes on from it)")
        sys.exit(130)
