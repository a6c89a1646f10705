#!/usr/bin/env python3
"""Learner steps a second: jamaica.VecEnv against the one-game jamaica.Env,
side by side in one run (docs/LEARNING.md, "Throughput").

    bin/python results/rl/bench_env.py [--envs 1024] [--seconds 5] [--out FILE]

For each opponent (random, greedy, sharp) it steps VecEnv with one learning
seat of four for --seconds, the actions drawn uniformly from the legal ids in
numpy (jamaica.random_actions), then the one-game Env for as long, then the
Env of version 1.1 (its observation Game.features, its actions indexes into
the legal list; rebuilt here as OldEnv), their actions drawn from their
masks; the runs take turns (--rounds of each) and the table gives the
median of each with its range.
It also reports where VecEnv's time goes (the C step, numpy's draw, the
rest) and the memory an environment takes (the growth of the process's
resident memory over 16,384 environments, buffers included).  Speeds
depend on the machine and what else runs on it: compare only rows of one
run.  Needs numpy.
"""
import argparse
import os
import platform
import random
import statistics
import sys
import time

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "python"))
import jamaica  # noqa: E402


def rss_kib():
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def vec_rate(opp, envs, seconds, threads):
    env = jamaica.VecEnv(envs, players=4, opponents=opp, seed=1, threads=threads, copy=False)
    obs, info = env.reset()
    rng = np.random.default_rng(0)
    steps, t_step, t_draw, episodes = 0, 0.0, 0.0, 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        a0 = time.perf_counter()
        a = jamaica.random_actions(info, rng)
        a1 = time.perf_counter()
        obs, r, te, tr, info = env.step(a)
        a2 = time.perf_counter()
        t_draw += a1 - a0
        t_step += a2 - a1
        steps += envs
        episodes += int(te.sum() + tr.sum())
    total = time.perf_counter() - t0
    env.close()
    return steps / total, episodes / total, t_step / total, t_draw / total


def env_rate(opp, seconds):
    env = jamaica.Env(players=4, seat=0, opponents=opp, seed=1)
    obs, info = env.reset()
    pick = random.Random(0)
    steps, episodes = 0, 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        mask = info["action_mask"]
        legal = [i for i in range(len(mask)) if mask[i]]
        obs, r, term, trunc, info = env.step(pick.choice(legal))
        steps += 1
        if term or trunc:
            episodes += 1
            obs, info = env.reset()
    total = time.perf_counter() - t0
    env.close()
    return steps / total, episodes / total


class OldEnv:
    """jamaica.Env as version 1.1 had it, for the comparison: the observation
    Game.features(seat) (100 integers read by some 60 calls into the
    library), the action an index into the legal list, the mask a list of
    48."""

    def __init__(self, opp):
        self.opp = {p: jamaica.Agent(opp) for p in (1, 2, 3)}
        self.episode = -1

    def _advance(self):
        while not self.game.over:
            legal = self.game.legal()
            if len(legal) == 1:
                self.game.apply(legal[0])
            elif self.game.to_move == 0:
                return
            else:
                self.game.apply(self.opp[self.game.to_move].choose(self.game))

    def _out(self):
        n = len(self.game.legal()) if not self.game.over else 0
        mask = np.asarray([1 if i < n else 0 for i in range(jamaica.MAX_ACTIONS)], dtype=np.int8)
        return np.asarray(self.game.features(0), dtype=np.int32), {"action_mask": mask}

    def reset(self):
        self.episode += 1
        self.game = jamaica.Game(4, "2021", 1, self.episode)
        for p, a in self.opp.items():
            a.reset(1, self.episode, p)
        self._advance()
        return self._out()

    def step(self, index):
        self.game.apply(self.game.legal()[index])
        self._advance()
        obs, info = self._out()
        return obs, 0.0, self.game.over, False, info

    def close(self):
        for a in self.opp.values():
            a.close()


def old_env_rate(opp, seconds):
    env = OldEnv(opp)
    obs, info = env.reset()
    pick = random.Random(0)
    steps = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        n = int(info["action_mask"].sum())
        obs, r, term, trunc, info = env.step(pick.randrange(n))
        steps += 1
        if term:
            obs, info = env.reset()
    total = time.perf_counter() - t0
    env.close()
    return steps / total


def memory_per_env():
    n = 16384
    before = rss_kib()
    env = jamaica.VecEnv(n, players=4, opponents="random", seed=1, threads=1, copy=False)
    env.reset()
    grown = rss_kib() - before
    env.close()
    return grown * 1024.0 / n


def fmt(xs):
    m = statistics.median(xs)
    return "%s [%s, %s]" % (f"{m:,.0f}", f"{min(xs):,.0f}", f"{max(xs):,.0f}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--envs", type=int, default=1024)
    ap.add_argument("--seconds", type=float, default=5)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--threads", type=int, default=None, help="VecEnv's threads (default: all)")
    ap.add_argument("--opponents", default="random,greedy,sharp")
    ap.add_argument("--out")
    a = ap.parse_args()
    lines = ["# results/rl/bench_env.py --envs %d --seconds %g --rounds %d (%s, %d cores, Python %s, numpy %s)" %
             (a.envs, a.seconds, a.rounds, platform.machine(), os.cpu_count(), platform.python_version(),
              np.__version__),
             "",
             "| opponents | VecEnv steps/s | Env steps/s | 1.1's Env steps/s | VecEnv / 1.1's Env | VecEnv episodes/s "
             "| C step | numpy draw |",
             "|---|---:|---:|---:|---:|---:|---:|---:|"]
    for opp in a.opponents.split(","):
        vec, old, v11, eps, cstep, draw = [], [], [], [], [], []
        for _ in range(a.rounds):
            v = vec_rate(opp, a.envs, a.seconds, a.threads)
            vec.append(v[0])
            eps.append(v[1])
            cstep.append(v[2])
            draw.append(v[3])
            old.append(env_rate(opp, a.seconds)[0])
            v11.append(old_env_rate(opp, a.seconds))
        lines.append("| %s | %s | %s | %s | %.0f | %s | %.0f%% | %.0f%% |" % (
            opp, fmt(vec), fmt(old), fmt(v11), statistics.median(vec) / statistics.median(v11), fmt(eps),
            100 * statistics.median(cstep), 100 * statistics.median(draw)))
        print(lines[-1], flush=True)
    lines += ["", "Memory: %.0f bytes an environment (resident growth over 16,384 envs with random opponents, "
              "the buffers included)." % memory_per_env(),
              "The C step is jm_vec_step (the learner's action, the opponents' moves, the encoding and the masks); "
              "the numpy draw is random_actions; the rest is Python's loop."]
    text = "\n".join(lines) + "\n"
    print(lines[-2])
    if a.out:
        with open(a.out + ".tmp", "w") as f:
            f.write(text)
        os.replace(a.out + ".tmp", a.out)


if __name__ == "__main__":
    main()
