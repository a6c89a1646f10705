#!/usr/bin/env python3
"""Distillation: a network trained afresh on a run's saved samples.

An expert-iteration run (jamaica.train.exit) trains one network on as it goes:
each generation a few passes over a window of samples, at one learning
rate, so its first games are seen many times and its last ones twice.
This trains a new network on the finished run's samples (its
buffer-K.npz files) in one go: --epochs passes over all of them in a
seeded order, the learning rate rising over the first 5% of the steps
and falling to nearly nothing by the last (one cycle), the same losses as
jamaica.train.exit (the policy learns the search's visit shares; the value
--value-mix of the outcome and the rest the search's root value).  The
games of every --holdout-th deal are held out and scored after each pass:
the policy's and the value's cross-entropy and how often the policy's
first choice is the search's.  --init starts from a network's weights
instead of random ones (fine-tuning).

    python3 -m jamaica.train.distill --samples 'runs/seats/buffer-*.npz' \\
        --out runs/policy.jmn --epochs 10

Progress goes to stderr, a line a pass; --log writes the same as CSV.  The
network file is written whole or not at all, and the output's folder is
checked before any work.  Reproducible from --seed as far as PyTorch
allows (as jamaica.train.exit: the order of the minibatches and the initial
weights are seeded; PyTorch's CPU kernels may sum in another order on
another machine or thread count).
"""
import glob
import os
import sys
import time

import numpy as np
import torch

from .. import netfile, outfile, selfplay as sp
from . import cli, trainer
from .trainer import Net, check_network_args, losses


def parse_args(argv=None):
    p = cli.Parser(prog="python3 -m jamaica.train.distill", description=__doc__.split("\n\n")[0])
    p.add_argument("--samples", required=True, action="append",
                   help="buffer-K.npz files of a jamaica.train.exit run (a glob pattern; repeat for more)")
    p.add_argument("--out", required=True, help="the network file to write")
    p.add_argument("--hidden", help="hidden widths (multiples of 16; 128,64)")
    p.add_argument("--seats", choices=("relative", "absolute"), help="relative (the default) or absolute")
    p.add_argument("--epochs", type=float, default=10.0, help="passes over the samples")
    p.add_argument("--batch", type=int, default=1024)
    p.add_argument("--lr", type=float, default=2e-3, help="the highest learning rate of the cycle")
    p.add_argument("--weight-decay", type=float, default=1e-4)
    p.add_argument("--value-weight", type=float, default=1.0)
    p.add_argument("--value-mix", type=float, default=0.5,
                   help="the value's target: this share of the game's outcome, the rest the search's root value")
    p.add_argument("--init", help="a network file to start from (fine-tuning): its widths and seats are "
                                  "the network's (--hidden and --seats must agree or be left out)")
    p.add_argument("--holdout", type=int, default=20, help="hold out the games of every Nth deal (0: none)")
    p.add_argument("--log", help="a CSV of the passes' losses")
    p.add_argument("--device", default="cpu", help="torch's device: cpu, cuda")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--threads", type=int, default=0, help="threads for encoding and torch (0: all cores)")
    a = p.parse_args(argv)
    a.start = None
    if a.init:
        try:
            meta, arrays = netfile.read(a.init)
            have = {"hidden": meta["hidden"], "seats": meta.get("seats", "absolute")}
            a.start = Net.from_arrays(arrays)
        except OSError as e:
            p.error("--init %s: %s" % (a.init, e.strerror))
        except (ValueError, KeyError, RuntimeError) as e:
            p.error("--init %s: not a network this trainer can start from (%s)" % (a.init, e))
        for k, v in have.items():
            given = getattr(a, k)
            if given is not None and given.replace(" ", "") != v:
                p.error("--%s %s: the --init network's is %s" % (k, given, v))
            setattr(a, k, v)
    a.hidden = a.hidden or "128,64"
    a.seats = a.seats or "relative"
    check_network_args(p, a)
    if a.epochs <= 0 or a.batch < 1 or a.lr <= 0 or a.holdout < 0 or not 0 <= a.value_mix <= 1:
        p.error("--epochs, --batch, --lr: positive; --holdout: 0 or more; --value-mix: from 0 to 1")
    files = []
    for pattern in a.samples:
        found = sorted(glob.glob(pattern), key=lambda f: (len(f), f))
        if not found:
            p.error("--samples %r: no such file" % pattern)
        files += found
    a.files = files
    if len(command_line(sys.argv[1:] if argv is None else argv).encode()) > netfile.META_MAX:
        p.error("the command line is longer than the %d bytes a network file keeps of it" % netfile.META_MAX)
    for path in (a.out, a.log):
        folder = os.path.dirname(os.path.abspath(path)) if path else None
        if folder and not os.access(folder, os.W_OK):
            p.error("%s: cannot write in %s" % (path, folder))
    return a


def command_line(argv):
    return trainer.command_line("distill", argv)


log = trainer.logger("distill")


def load(files):
    """The samples of every file, concatenated (the states, not their
    encodings: a batch is encoded when it is drawn)."""
    keys = ("state", "seat", "game", "ids", "policy", "outcome", "value", "ships")
    parts = []
    for f in files:
        try:
            d = np.load(f, allow_pickle=False)
        except (OSError, ValueError) as e:
            raise SystemExit("distill: %s: not a sample buffer of jamaica.train.exit (%s)" % (f, e))
        if not isinstance(d, np.lib.npyio.NpzFile):
            raise SystemExit("distill: %s: not a sample buffer of jamaica.train.exit (one array, not an .npz)" % f)
        with d:
            missing = [k for k in keys if k not in d]
            if missing:
                raise SystemExit("distill: %s: not a sample buffer of jamaica.train.exit (no %s)" % (f, ", ".join(missing)))
            parts.append({k: d[k] for k in keys})
    return {k: np.concatenate([p[k] for p in parts]) for k in keys}


def tensors(data, idx, a, threads):
    """A minibatch as the network sees it: encoded, rotated for a relative
    network, on the device."""
    x = sp.encode(data["state"][idx], data["seat"][idx], threads)
    target = a.value_mix * data["outcome"][idx] + (1 - a.value_mix) * data["value"][idx]
    ids, ships = data["ids"][idx], data["ships"][idx]
    if a.seats == "relative":
        x, ids, (target, ships) = sp.relative(x, ids, (target, ships))
    dev = a.device
    return (torch.from_numpy(x).to(dev), torch.from_numpy(ids.astype(np.int64)).to(dev),
            torch.from_numpy(data["policy"][idx]).to(dev), torch.from_numpy(target).to(dev),
            torch.from_numpy(ships).to(dev))


def score(net, data, idx, a, threads):
    """The held-out samples' mean policy and value cross-entropy, and the
    share where the policy's first choice is the search's."""
    sums, n = np.zeros(3), 0
    net.eval()
    with torch.no_grad():
        for k in range(0, len(idx), 4096):
            x, ids, policy, target, ships = tensors(data, idx[k:k + 4096], a, threads)
            pl, vl = losses(net, x, ids, policy, target, ships)
            logits, _ = net(x)
            legal = ids >= 0
            mine = torch.gather(logits, 1, ids.clamp(min=0)).masked_fill(~legal, -1e9).argmax(1)
            top = (mine == policy.argmax(1)).float().mean()
            sums += np.array([pl.item(), vl.item(), top.item()]) * len(x)
            n += len(x)
    net.train()
    return sums / max(n, 1)


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    a = parse_args(argv)
    threads = a.threads or os.cpu_count()
    torch.set_num_threads(threads)
    torch.manual_seed(a.seed)
    data = load(a.files)
    held = (data["game"] % a.holdout == 0) if a.holdout else np.zeros(len(data["game"]), bool)
    train, hold = np.flatnonzero(~held), np.flatnonzero(held)
    if len(train) < a.batch:
        raise SystemExit("distill: %d training samples, fewer than a batch (%d)" % (len(train), a.batch))
    log("%d samples from %d files: %d to train on, %d held out" % (len(held), len(a.files), len(train), len(hold)))
    net = (a.start if a.start is not None else Net(a.hidden)).to(a.device)
    opt = torch.optim.AdamW(net.parameters(), lr=a.lr, weight_decay=a.weight_decay)
    per = len(train) // a.batch
    steps = max(1, int(a.epochs * per))
    cycle = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=a.lr, total_steps=steps, pct_start=0.05)
    rng = np.random.default_rng([a.seed, 11])
    order = np.concatenate([rng.permutation(train) for _ in range(int(np.ceil(a.epochs)) + 1)])
    rows, t0, sums, count = [], time.time(), np.zeros(2), 0
    for s in range(steps):
        x, ids, policy, target, ships = tensors(data, np.sort(order[s * a.batch:(s + 1) * a.batch]), a, threads)
        pl, vl = losses(net, x, ids, policy, target, ships)
        opt.zero_grad()
        (pl + a.value_weight * vl).backward()
        opt.step()
        cycle.step()
        sums += (pl.item(), vl.item())
        count += 1
        if (s + 1) % per == 0 or s == steps - 1:
            h = score(net, data, hold, a, threads) if len(hold) else (float("nan"),) * 3
            row = {"epoch": "%.2f" % ((s + 1) / per), "seconds": "%.0f" % (time.time() - t0),
                   "policy_loss": "%.5f" % (sums[0] / count), "value_loss": "%.5f" % (sums[1] / count),
                   "heldout_policy_loss": "%.5f" % h[0], "heldout_value_loss": "%.5f" % h[1],
                   "heldout_top_choice": "%.4f" % h[2]}
            rows.append(row)
            log("pass %s, %s s: policy %s, value %s; held out: policy %s, value %s, first choice the search's %s"
                % tuple(row.values()))
            sums, count = np.zeros(2), 0
    command = command_line(argv)
    netfile.write(a.out, net.arrays(), command=command, seats=a.seats,
                  notes={"samples": len(held), "sample_files": len(a.files)})
    if a.log:
        outfile.write_csv(a.log, list(rows[0]), rows)
    log("wrote %s" % a.out)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        log("stopped: nothing written")
        sys.exit(130)
