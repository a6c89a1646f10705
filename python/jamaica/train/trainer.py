"""What the trainers share (exit, dmc, spg, distill, td): the network as PyTorch
trains it, its losses against a search's policy and the outcome, the
network options every trainer takes, a strength match, the log, and the
one-line refusal.  Each trainer stays one file read top to bottom (CleanRL's
manner); what two of them would otherwise copy, or take from each other,
lives here."""
import math
import os
import shlex
import sys

import jamaica  # before numpy and torch: the thread settings (jamaica/__init__.py)

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

from .. import netfile
from ..netfile import ACTION_IDS, OBS_SIZE, VALUES
from ..outfile import write_csv


def logger(name):
    """log(msg): one line on stderr, "NAME: msg", flushed."""
    def log(msg):
        print(name + ": " + msg, file=sys.stderr, flush=True)
    return log


def refuse(module, msg):
    """One line and exit status 2, as the command line's errors."""
    print("python3 -m jamaica.train.%s: error: %s" % (module, msg), file=sys.stderr)
    raise SystemExit(2)


def command_line(module, argv):
    """The command that ran, as a network file's metadata keeps it."""
    return "python3 -m jamaica.train.%s " % module + " ".join(shlex.quote(x) for x in argv)


def write_log(out, fields, rows):
    """OUT/log.csv, a row a generation, whole or as it was."""
    write_csv(os.path.join(out, "log.csv"), fields, rows)


# ---------------------------------------------------------------- the network options

def check_network_args(p, a):
    """--hidden (to a list of widths) and --device, as every trainer here
    takes them: a bad one is argparse's one-line error, exit 2."""
    try:
        a.hidden = netfile.check_hidden(a.hidden.split(","))
    except ValueError as e:
        p.error(str(e))
    try:
        dev = torch.device(a.device)
    except (RuntimeError, ValueError):
        p.error("--device %r: cpu, cuda or cuda:N" % a.device)
    if dev.type == "cuda" and not torch.cuda.is_available():
        p.error("--device %s: this torch sees no CUDA device" % a.device)



# ---------------------------------------------------------------- the network

class Net(nn.Module):
    """The MLP of docs/NETWORK.md: ReLU hidden layers over the encoding, a
    policy logit per action id and a value logit per ship."""

    def __init__(self, hidden):
        super().__init__()
        widths = [OBS_SIZE] + list(hidden)
        self.layers = nn.ModuleList(nn.Linear(widths[k], widths[k + 1]) for k in range(len(hidden)))
        self.policy = nn.Linear(widths[-1], ACTION_IDS)
        self.value = nn.Linear(widths[-1], VALUES)

    def forward(self, x):
        for layer in self.layers:
            x = F.relu(layer(x))
        return self.policy(x), self.value(x)

    def arrays(self):
        out = {}
        for k, layer in enumerate(self.layers):
            out["layer%d.weight" % k] = layer.weight.detach().cpu().numpy().astype(np.float32)
            out["layer%d.bias" % k] = layer.bias.detach().cpu().numpy().astype(np.float32)
        for name in ("policy", "value"):
            m = getattr(self, name)
            out[name + ".weight"] = m.weight.detach().cpu().numpy().astype(np.float32)
            out[name + ".bias"] = m.bias.detach().cpu().numpy().astype(np.float32)
        return out

    @classmethod
    def from_arrays(cls, arrays):
        hidden = [arrays["layer%d.weight" % k].shape[0] for k in range(4) if "layer%d.weight" % k in arrays]
        net = cls(hidden)
        with torch.no_grad():
            for k, layer in enumerate(net.layers):
                layer.weight.copy_(torch.from_numpy(arrays["layer%d.weight" % k]))
                layer.bias.copy_(torch.from_numpy(arrays["layer%d.bias" % k]))
            for name in ("policy", "value"):
                getattr(net, name).weight.copy_(torch.from_numpy(arrays[name + ".weight"]))
                getattr(net, name).bias.copy_(torch.from_numpy(arrays[name + ".bias"]))
        return net



def losses(net, obs, ids, policy, outcome, ships):
    """The policy's cross-entropy against the search's policy over the legal
    ids, and the value's against the outcome over the ships in play."""
    logits, vlogits = net(obs)
    legal = ids >= 0
    lg = torch.gather(logits, 1, ids.clamp(min=0)).masked_fill(~legal, -1e9)
    lp = F.log_softmax(lg, dim=1).masked_fill(~legal, 0.0)
    pl = -(policy * lp).sum(1).mean()
    lv = F.log_softmax(vlogits.masked_fill(~ships, -1e9), dim=1).masked_fill(~ships, 0.0)
    vl = -(outcome * lv).sum(1).mean()
    return pl, vl



# ---------------------------------------------------------------- strength

def match(agent, games, rules, seed, threads):
    """agent's win share against sharp, 2 players, seats rotated, on the
    deals of seed; with its Wilson 95% interval."""
    rows = jamaica.sim(games=games, players=2, agents="%s,sharp" % agent, rules=rules, seed=seed, rotate=True,
                       threads=threads or None)
    mine = [r for r in rows if r["agent"] == agent]
    wins, n = sum(r["win"] for r in mine), len(mine)
    z, p = 1.959964, wins / n
    c = (p + z * z / (2 * n)) / (1 + z * z / n)
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return p, c - h, c + h

