"""Fit the value function of luck-adjusted estimates (docs/STATISTICS.md,
"The fitted V"): what `jamaica luck fit` runs on the games it played.

    bin/python -m jamaica.train.luckv --data P4.vfit [--data P3.vfit ...] --out v.jmn \
        --meta rules=2021 --meta agents=sharp --meta fit_seed=101 --meta fit_games=0-19999

Each data file (sim/run/vfit.h) holds states right after chance nodes of
one player count's games, every ship's features and its share of the win at
the game's end.  The network reads one ship's features at a time (the same
weights for every ship), and the softmax of its logits over the ships is
each ship's expected share: fitted by the squared error of the shares (Adam, minibatches), the last tenth of
the games held out to stop when it no longer improves.  A data file's
targets are the game's shares, or (a second round of fitting) the shares
plus the luck corrections of the first round's value after the state:
the same mean with much of the later chance's noise taken out, so the
second round learns from steadier targets (a TD(1) return whose noise the
first value has cut).  One network per player count, all in one file.

Read top to bottom, in CleanRL's manner: the options, the data, the
model, the loop, the file.
"""
import argparse
import json
import sys

import numpy as np
import torch
import torch.nn as nn

from .. import netfile


def options(argv):
    p = argparse.ArgumentParser(prog="python3 -m jamaica.train.luckv", description=__doc__.split("\n\n")[0])
    p.add_argument("--data", action="append", required=True, help="a data file of one player count (repeat)")
    p.add_argument("--out", required=True, help="the value file to write")
    p.add_argument("--meta", action="append", default=[], help="KEY=VALUE for the file's metadata (repeat)")
    p.add_argument("--hidden", default="64,32", help="hidden widths, 1 or 2, multiples of 16 (64,32)")
    p.add_argument("--epochs", type=int, default=12, help="passes over the data at most (12)")
    p.add_argument("--batch", type=int, default=512, help="states a step (512)")
    p.add_argument("--lr", type=float, default=2e-3, help="Adam's step size (0.002)")
    p.add_argument("--seed", type=int, default=0, help="the initial weights' and the batches' seed (0)")
    p.add_argument("--threads", type=int, default=0, help="torch threads (0: torch's default)")
    a = p.parse_args(argv)
    try:
        a.hidden = [int(h) for h in a.hidden.split(",")]
    except ValueError:
        p.error("--hidden %r: widths like 64,32" % a.hidden)
    if not 1 <= len(a.hidden) <= 2 or any(h % 16 or not 16 <= h <= 256 for h in a.hidden):
        p.error("--hidden: 1 or 2 widths, multiples of 16 up to 256")
    if a.epochs < 1 or a.batch < 1 or a.lr <= 0:
        p.error("--epochs, --batch and --lr must be positive")
    return a


def read_data(path):
    """(header, features uint8 [M, S, F], shares float32 [M, S])."""
    with open(path, "rb") as f:
        head = json.loads(f.readline())
        body = np.frombuffer(f.read(), dtype=np.uint8)
    if head.get("format") != "jamaica-vfit" or head.get("version") != 1:
        raise SystemExit("%s: not a data file of jamaica luck fit" % path)
    S, F = head["ships"], head["features"]
    size = S * F + 4 * S
    if body.size % size:
        raise SystemExit("%s: truncated (%d bytes past the last whole record)" % (path, body.size % size))
    rec = body.reshape(-1, size)
    x = rec[:, :S * F].reshape(-1, S, F)
    y = rec[:, S * F:].copy().view("<f4").reshape(-1, S)
    return head, x, y


class Value(nn.Module):
    """A ship's features (scaled) -> hidden ReLU layers -> one logit."""

    def __init__(self, features, hidden, scales):
        super().__init__()
        widths = [features] + hidden
        self.layers = nn.ModuleList(nn.Linear(widths[k], widths[k + 1]) for k in range(len(hidden)))
        self.out = nn.Linear(widths[-1], 1)
        self.register_buffer("scale", torch.tensor(scales, dtype=torch.float32))

    def forward(self, x):                       # x: [B, S, F] uint8 -> logits [B, S]
        h = x.float() / self.scale
        for layer in self.layers:
            h = torch.relu(layer(h))
        return self.out(h).squeeze(-1)


def loss_of(model, x, y):
    """The squared error of the shares (Brier's score, summed over the
    ships): proper for the shares, and for targets with the later luck
    taken out, which may lie a little outside 0..1."""
    return ((torch.softmax(model(x), dim=-1) - y) ** 2).sum(-1).mean()


def fit(head, x, y, a, log):
    n = len(x)
    cut = n - max(1, n // 10)                   # the data is in game order: the last tenth held out
    xt, yt = torch.from_numpy(np.ascontiguousarray(x[:cut])), torch.from_numpy(y[:cut])
    xv, yv = torch.from_numpy(np.ascontiguousarray(x[cut:])), torch.from_numpy(y[cut:])
    model = Value(head["features"], a.hidden, head["scales"])
    opt = torch.optim.Adam(model.parameters(), lr=a.lr)
    gen = torch.Generator().manual_seed(a.seed)
    best, best_state, stale = float("inf"), None, 0
    with torch.no_grad():
        base = float(((yt.mean(0) - yv) ** 2).sum(-1).mean())
    for epoch in range(a.epochs):
        model.train()
        order = torch.randperm(cut, generator=gen)
        for i in range(0, cut, a.batch):
            idx = order[i:i + a.batch]
            opt.zero_grad()
            loss_of(model, xt[idx], yt[idx]).backward()
            opt.step()
        model.eval()
        with torch.no_grad():
            val = float(sum(loss_of(model, xv[i:i + 8192], yv[i:i + 8192]) * len(xv[i:i + 8192])
                            for i in range(0, len(xv), 8192)) / len(xv))
        log("%d players, epoch %d: held-out loss %.4f (the seats' base rate %.4f)" % (head["players"], epoch + 1, val, base))
        if val < best - 1e-4:
            best, stale = val, 0
            best_state = {k: v.clone() for k, v in model.state_dict().items()}
        else:
            stale += 1
            if stale >= 2:
                break
    model.load_state_dict(best_state)
    arrays = {}
    for k, layer in enumerate(model.layers):
        arrays["layer%d.weight" % k] = layer.weight.detach().numpy()
        arrays["layer%d.bias" % k] = layer.bias.detach().numpy()
    arrays["out.weight"] = model.out.weight.detach().numpy()
    arrays["out.bias"] = model.out.bias.detach().numpy()
    return arrays, best


def main(argv=None):
    a = options(sys.argv[1:] if argv is None else argv)
    torch.manual_seed(a.seed)
    if a.threads:
        torch.set_num_threads(a.threads)

    def log(msg):
        print("luck fit: " + msg, file=sys.stderr, flush=True)
    meta = {}
    for kv in a.meta:
        k, sep, v = kv.partition("=")
        if not sep:
            raise SystemExit("--meta %r: KEY=VALUE" % kv)
        meta[k] = v
    parts, features = {}, None
    for path in a.data:
        head, x, y = read_data(path)
        if head["players"] in parts:
            raise SystemExit("%s: a second data file of %d players" % (path, head["players"]))
        log("%d players: %d states of %d games" % (head["players"], len(x), head["games"]))
        parts[head["players"]], _ = fit(head, x, y, a, log)
        features = head["features"]
    meta.setdefault("features_version", "1")
    meta["features"] = str(features)
    netfile.write_value(a.out, parts, a.hidden, meta)


if __name__ == "__main__":
    main()
