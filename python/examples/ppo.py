#!/usr/bin/env python3
"""PPO with action masking over jamaica.VecEnv, in one file read top to bottom
(after CleanRL's ppo.py): one seat learns against C agents (three `greedy`
by default), every seat's view encoded by the engine (jm_encode), actions as
stable action ids with the illegal ones masked out.

    bin/python python/examples/ppo.py --total-steps 3000000 --out ppo-run

The reward (--reward) comes at a game's end: margin (the default) is the
learner's final margin, its score less the best other player's, over 40,
kept in [-1, 1]; win is its win share (1/k of a win shared by k: the
default before, which results/rl/seeds/ and results/rl/ppo/ were trained
on); win+margin the two added.  --shaping (0.5) adds, at each step, that
weight times the change of the lead as it stands, a dense signal whose sum
over a game is that weight times the final lead.  Margin with shaping 0.5
is the default because it learned fastest of the recipes screened on
training seeds 101 and 102 (results/rl/margin/README.md).

The update takes 4 passes (--update-epochs) over each rollout of 256 x 64
steps in 128 minibatches (--minibatches) of 128 steps, a gradient step
each: 512 gradient steps an update.  Until these were the defaults it took
2 passes in 8 minibatches, 16 gradient steps an update (about 2,000 in 2
million learner steps), and that was what held it under greedy: chosen on
training seeds 101 and 102, reported on 1 to 5 (results/rl/updates/).

Every --eval-every steps the greedy policy (the most likely legal action)
plays --eval-games fixed deals (games 0.. of --eval-seed, one per env, the
same deals at every evaluation) and the curve gains a row: steps, seconds,
win rate with its 95% Wilson interval, and the last update's losses.  The
curve is written as CSV (OUT/curve.csv, rewritten whole at each evaluation)
and plotted with gnuplot (OUT/curve.png); the last policy is OUT/policy.pt,
which python/examples/ppo_agent.py seats in `jamaica sim` and `tournament`.

Reproducible from --seed as far as PyTorch allows on one machine: the games,
the opponents' draws and the sampling of actions are seeded; PyTorch's CPU
kernels may sum in another order on another machine or thread count, and
--minutes is a wall-clock budget (a run that stops on it may stop at another
step on a busier machine); --total-steps alone is exact.  Needs numpy and
PyTorch (Debian: python3-numpy python3-torch libopenblas0-pthread).
"""
import argparse
import csv
import math
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import jamaica  # noqa: E402  (first: OpenMP's and OpenBLAS's passive waits for numpy and torch, docs/LEARNING.md)
import numpy as np  # noqa: E402
import torch  # noqa: E402
import torch.nn as nn  # noqa: E402
from torch.distributions.categorical import Categorical  # noqa: E402
from jamaica.outfile import whole  # noqa: E402


REWARDS = ("win", "margin", "win+margin")
LEAD_SCALE = 40.0  # points of lead that make a reward of 1


def lead(scores):
    """Seat 0's lead in each row of scores (games x players): its score
    less the best other player's, over LEAD_SCALE, kept in [-1, 1]."""
    sc = np.asarray(scores, dtype=np.float32)
    return np.clip((sc[:, 0] - sc[:, 1:].max(axis=1)) / LEAD_SCALE, -1.0, 1.0)


def final_reward(kind, win, scores):
    """The reward at a game's end under --reward kind, from the learner's
    win shares (win, one per game) and the games' final scores (games x
    players, the learner in column 0)."""
    win = np.asarray(win, dtype=np.float32)
    if kind == "win":
        return win
    if kind == "margin":
        return lead(scores)
    if kind == "win+margin":
        return win + lead(scores)
    raise ValueError("ppo: no reward %r (%s)" % (kind, ", ".join(REWARDS)))


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--opponents", default="greedy", help="agent spec for the other seats")
    p.add_argument("--rules", default="2021")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--total-steps", type=int, default=50_000_000, help="learner steps at most")
    p.add_argument("--minutes", type=float, default=0, help="stop after this wall time too (0: no limit)")
    p.add_argument("--num-envs", type=int, default=256)
    p.add_argument("--num-steps", type=int, default=64, help="steps per env per rollout")
    p.add_argument("--lr", type=float, default=3e-4)
    p.add_argument("--gamma", type=float, default=0.997)
    p.add_argument("--gae-lambda", type=float, default=0.95)
    p.add_argument("--update-epochs", type=int, default=4, help="passes over each rollout in the update")
    p.add_argument("--minibatches", type=int, default=128,
                   help="minibatches a pass (one gradient step each: 128 of 128 steps by default)")
    p.add_argument("--clip", type=float, default=0.2)
    p.add_argument("--ent-coef", type=float, default=0.01)
    p.add_argument("--vf-coef", type=float, default=0.5)
    p.add_argument("--max-grad-norm", type=float, default=0.5)
    p.add_argument("--hidden", type=int, default=128)
    p.add_argument("--reward", choices=REWARDS, default="margin",
                   help="the reward at a game's end: win, the learner's win share (1/k of a win shared by k); "
                        "margin, its final margin (its score less the best other player's, /40, kept in "
                        "[-1, 1]) in place of the win; win+margin, the two added")
    p.add_argument("--shaping", type=float, default=0.5,
                   help="add this times the change at each step of the learner's lead (its score as it stands "
                        "less the best other player's, /40, kept in [-1, 1]): a dense signal whose sum over a game "
                        "is the final lead; 0: the reward at the end alone")
    p.add_argument("--eval-every", type=int, default=500_000, help="learner steps between evaluations")
    p.add_argument("--eval-games", type=int, default=1000)
    p.add_argument("--eval-seed", type=int, default=1_000_000, help="the evaluation's deals (not trained on)")
    p.add_argument("--threads", type=int, default=0, help="torch and env threads (0: all cores)")
    p.add_argument("--out", default="results/rl/ppo", help="directory for curve.csv, curve.png, policy.pt")
    a = p.parse_args(argv)
    if a.num_envs * a.num_steps % a.minibatches:
        p.error("--num-envs x --num-steps must divide into --minibatches")
    return a


class Policy(nn.Module):
    """An MLP over the encoding: a policy head over the action ids (masked)
    and a value head (the learner's expected return)."""

    def __init__(self, hidden):
        super().__init__()
        self.trunk = nn.Sequential(nn.Linear(jamaica.OBS_SIZE, hidden), nn.ReLU(), nn.Linear(hidden, hidden), nn.ReLU())
        self.actor = nn.Linear(hidden, jamaica.ACTION_IDS)
        self.critic = nn.Linear(hidden, 1)
        nn.init.orthogonal_(self.actor.weight, 0.01)
        nn.init.zeros_(self.actor.bias)

    def value(self, x):
        return self.critic(self.trunk(x)).squeeze(-1)

    def dist_value(self, x, mask):
        h = self.trunk(x)
        logits = self.actor(h).masked_fill(~mask, -1e9)
        return Categorical(logits=logits), self.critic(h).squeeze(-1)


def wilson(wins, n, z=1.959963984540054):
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return max(0.0, mid - half), min(1.0, mid + half)


def evaluate(policy, a):
    """The greedy policy on --eval-games fixed deals: (win rate, low, high)."""
    env = jamaica.VecEnv(a.eval_games, players=a.players, opponents=a.opponents, rules=a.rules, seed=a.eval_seed,
                         threads=a.threads or None)
    obs, info = env.reset()
    done = np.zeros(a.eval_games, dtype=bool)
    wins = 0.0
    with torch.no_grad():
        while not done.all():
            logits = policy.actor(policy.trunk(torch.from_numpy(obs)))
            logits = logits.masked_fill(~torch.from_numpy(info["action_mask"].view(np.bool_).copy()), -1e9)
            obs, r, te, tr, info = env.step(logits.argmax(1).numpy().astype(np.int32))
            ended = (te | tr) & ~done
            wins += float(r[ended].sum())
            done |= ended
    env.close()
    lo, hi = wilson(wins, a.eval_games)
    return wins / a.eval_games, lo, hi


def against(a):
    """The opponents in words, for a plot's label: "three greedy"."""
    n = a.players - 1
    return "%s %s" % (("one", "two", "three", "four", "five")[n - 1] if 1 <= n <= 5 else str(n), a.opponents)


def plot(out, a):
    def draw(tmp):
        subprocess.run(["gnuplot", "-e", script.replace("OUTPUT", tmp)], check=True, stderr=subprocess.DEVNULL)
    script = ("set terminal pngcairo size 900,540; set output 'OUTPUT'; set datafile separator ',';"
              "set key top left; set xlabel 'learner steps (millions)'; set ylabel 'win rate against %s';"
              "set yrange [0:*]; set grid;"
              "plot '%s/curve.csv' every ::1 using ($1/1e6):3:4:5 with yerrorlines title 'PPO, 95%% interval',"
              " %g with lines dt 2 title 'fair share %g%%'" % (against(a).replace("'", ""), out, 1 / a.players,
                                                                 100 / a.players))
    try:
        whole(os.path.join(out, "curve.png"), draw)
    except (OSError, subprocess.CalledProcessError):
        pass  # the CSV is the result; the picture is a convenience


def main(argv=None):
    a = parse_args(argv)
    os.makedirs(a.out, exist_ok=True)
    threads = a.threads or os.cpu_count() or 1
    torch.set_num_threads(threads)
    torch.manual_seed(a.seed)
    rng = np.random.default_rng(a.seed)
    # copy=False: the arrays are the env's own buffers, rewritten by each
    # step (no copy per step); this loop copies what it keeps into its
    # rollout buffers (next_obs, next_mask below).  A graph built on
    # torch.from_numpy(obs) itself would see the next step's values.
    env = jamaica.VecEnv(a.num_envs, players=a.players, opponents=a.opponents, rules=a.rules, seed=a.seed,
                         threads=threads, current_scores=a.shaping != 0, copy=False)
    policy = Policy(a.hidden)
    opt = torch.optim.Adam(policy.parameters(), lr=a.lr, eps=1e-5)
    T, N = a.num_steps, a.num_envs
    obs_b = torch.zeros((T, N, jamaica.OBS_SIZE))
    mask_b = torch.zeros((T, N, jamaica.ACTION_IDS), dtype=torch.bool)
    act_b = torch.zeros((T, N), dtype=torch.long)
    logp_b, rew_b, done_b, val_b = (torch.zeros((T, N)) for _ in range(4))
    obs, info = env.reset()

    phi = lead(info["current_scores"]) if a.shaping else None
    next_obs = torch.from_numpy(obs.copy())
    next_mask = torch.from_numpy(info["action_mask"].view(np.bool_).copy())
    next_done = torch.zeros(N)
    rows, steps, t0, next_eval, losses = [], 0, time.time(), 0, (float("nan"),) * 3
    fields = ["steps", "seconds", "win_rate", "low", "high", "policy_loss", "value_loss", "entropy"]

    took = {"iteration": 0.0, "eval": 0.0}  # the last ones' seconds, for the budget
    spent = {"env": 0.0, "loop": 0.0}       # seconds in env.step, and in rollouts and updates in all

    def record():
        e0 = time.time()
        w, lo, hi = evaluate(policy, a)
        took["eval"] = time.time() - e0
        rows.append([steps, round(time.time() - t0, 1), round(w, 4), round(lo, 4), round(hi, 4)] +
                    [round(x, 5) for x in losses])
        def put(tmp):
            with open(tmp, "w", newline="") as f:
                csv.writer(f).writerows([fields] + rows)
        whole(os.path.join(a.out, "curve.csv"), put)  # whole or not at all, 0600 when new
        whole(os.path.join(a.out, "policy.pt"), lambda tmp: torch.save(policy.state_dict(), tmp))
        plot(a.out, a)
        print("steps %d  %.0f s  win rate %.4f [%.4f, %.4f]  losses %s" % (steps, time.time() - t0, w, lo, hi,
              " ".join("%.4f" % x for x in losses) if steps else "(none yet)"), flush=True)
        if steps:  # per learner step: the environment's share of the loop (evaluations left out)
            env_us, loop_us = 1e6 * spent["env"] / steps, 1e6 * spent["loop"] / steps
            print("  per learner step: %.2f us in env.step, %.2f us in the rest of the loop (%.1f times)"
                  % (env_us, loop_us - env_us, (loop_us - env_us) / env_us if env_us else float("nan")), flush=True)

    def over_budget():
        """--minutes: would another iteration, with its evaluation if one is
        due and the final one, end past the budget?  (So the run ends
        within it, not an iteration and an evaluation after.)"""
        if not a.minutes:
            return False
        need = took["iteration"] + took["eval"] * (2 if steps >= next_eval else 1)
        return time.time() - t0 + need > 60 * a.minutes

    while steps < a.total_steps and not over_budget():
        if steps >= next_eval:
            record()
            next_eval += a.eval_every
        i0 = time.time()
        # Rollout: T steps of every env.
        for t in range(T):
            obs_b[t], mask_b[t], done_b[t] = next_obs, next_mask, next_done
            with torch.no_grad():
                dist, v = policy.dist_value(next_obs, next_mask)
                act = dist.sample()
            act_b[t], logp_b[t], val_b[t] = act, dist.log_prob(act), v
            e0 = time.perf_counter()
            obs, r, te, tr, info = env.step(act.numpy().astype(np.int32))
            spent["env"] += time.perf_counter() - e0
            r = r.copy()
            ended = te | tr
            if a.reward != "win" and ended.any():
                r[ended] = final_reward(a.reward, r[ended], info["scores"][ended])
            if a.shaping:
                now = lead(info["current_scores"])
                nxt = np.where(ended, lead(info["scores"]), now)   # an ended game's final lead
                r += a.shaping * (nxt - phi)
                phi = now                                          # the next game's, where one ended
            rew_b[t] = torch.from_numpy(r)
            next_obs = torch.from_numpy(obs.copy())
            next_mask = torch.from_numpy(info["action_mask"].view(np.bool_).copy())
            next_done = torch.from_numpy((te | tr).astype(np.float32))
        steps += T * N
        # Generalised advantage estimation (the reward comes at a game's end).
        with torch.no_grad():
            nv = policy.value(next_obs)
            adv = torch.zeros((T, N))
            last = torch.zeros(N)
            for t in reversed(range(T)):
                nonterm = 1.0 - (next_done if t == T - 1 else done_b[t + 1])
                nextv = nv if t == T - 1 else val_b[t + 1]
                delta = rew_b[t] + a.gamma * nextv * nonterm - val_b[t]
                last = delta + a.gamma * a.gae_lambda * nonterm * last
                adv[t] = last
            ret = adv + val_b
        # The update: clipped surrogate, value loss, entropy bonus.
        b_obs, b_mask = obs_b.reshape(-1, jamaica.OBS_SIZE), mask_b.reshape(-1, jamaica.ACTION_IDS)
        b_act, b_logp, b_adv, b_ret = act_b.reshape(-1), logp_b.reshape(-1), adv.reshape(-1), ret.reshape(-1)
        size = T * N
        mb = size // a.minibatches
        for _ in range(a.update_epochs):
            order = torch.from_numpy(rng.permutation(size))
            for k in range(0, size, mb):
                i = order[k:k + mb]
                dist, v = policy.dist_value(b_obs[i], b_mask[i])
                logp = dist.log_prob(b_act[i])
                ratio = (logp - b_logp[i]).exp()
                ad = b_adv[i]
                ad = (ad - ad.mean()) / (ad.std() + 1e-8)
                pg = torch.max(-ad * ratio, -ad * ratio.clamp(1 - a.clip, 1 + a.clip)).mean()
                vl = 0.5 * ((v - b_ret[i]) ** 2).mean()
                ent = dist.entropy().mean()
                loss = pg + a.vf_coef * vl - a.ent_coef * ent
                opt.zero_grad()
                loss.backward()
                nn.utils.clip_grad_norm_(policy.parameters(), a.max_grad_norm)
                opt.step()
        losses = (float(pg), float(vl), float(ent))
        if not all(math.isfinite(x) for x in losses):
            sys.exit("ppo: a loss is not finite at step %d: %s" % (steps, losses))
        took["iteration"] = time.time() - i0  # the rollout and the update
        spent["loop"] += took["iteration"]
    record()
    env.close()
    return rows


if __name__ == "__main__":
    main()
