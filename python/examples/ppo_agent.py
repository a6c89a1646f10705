#!/usr/bin/env python3
"""A policy trained by python/examples/ppo.py, seated in `jamaica sim` and
`tournament` as a program over the agent protocol:

    bin/jamaica tournament --players 4 --games 100 \\
        --agents 'cmd:python3 python/examples/ppo_agent.py:policy=results/rl/ppo/policy.pt',greedy

At each decision it rebuilds a game from the view it is sent (the hidden
cards filled at random: the encoding reads only what the seat can see, so
the fill does not matter), encodes it for its seat as VecEnv does, and plays
the legal action the policy rates highest.  Options: policy=FILE (the
state_dict ppo.py saved), hidden=N (the network's width, 128 as ppo.py's
default).  Needs numpy and PyTorch.
"""
import os
import sys

import numpy as np
import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import jamaica  # noqa: E402
from ppo import Policy  # noqa: E402


class PPOAgent:
    name = "ppo"

    def __init__(self, policy="results/rl/ppo/policy.pt", hidden="128"):
        torch.set_num_threads(1)
        self.net = Policy(int(hidden))
        self.net.load_state_dict(torch.load(policy, map_location="cpu"))
        self.net.eval()

    def choose(self, observation, legal):
        game = observation.deal(seed=1)
        x = torch.from_numpy(jamaica.encode(game, observation.seat)).unsqueeze(0)
        ids = [jamaica.action_id(game, a.code) for a in legal]
        with torch.no_grad():
            logits = self.net.actor(self.net.trunk(x))[0]
        return legal[int(np.argmax([float(logits[i]) for i in ids]))]


if __name__ == "__main__":
    jamaica.serve(PPOAgent)
