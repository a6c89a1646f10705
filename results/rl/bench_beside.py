#!/usr/bin/env python3
"""VecEnv's speed beside a learner, side by side in one run
(docs/LEARNING.md, "Throughput"):

    bin/python results/rl/bench_beside.py [--envs 1024] [--seconds 4] [--rounds 3] [--baseline TREE] [--out FILE]

Three settings, each against `random` opponents, one learning seat of four,
the actions drawn in numpy from the legal ids:
- idle: VecEnv steps and nothing else (its default threads);
- beside torch: as PPO does, each VecEnv step followed by a torch update
  of about the same length on the same cores (a 2-layer MLP's forward and
  backward on 4,096 rows, torch on every core); VecEnv's steps/s counts its
  own calls only, so it is idle's figure if its threads take nothing from
  torch's time and lose nothing to it;
- beside a sleeping caller: each step followed by a sleep as long as the
  torch update's median in the same turn, the control: what any code
  loses on this machine when its cores idle between calls (a virtual
  machine's cores run slower for milliseconds after they idle), with no
  threads of VecEnv's or torch's at work;
- beside two CPU-bound processes (two busy loops, started and ended by
  this script): VecEnv's default threads against one thread;
- idle and beside the sleeping caller with threads=1 (the caller's thread
  alone, no pool to wake): which of the two explanations of the sleeping
  control's loss holds, the machine's cores running slower after they idle
  (then threads=1 loses as much) or the pool's threads waking from their
  sleep (then threads=1 keeps its idle speed).
Each setting runs --rounds times, the settings in turn, and the table gives
the median and range of each.  With --baseline TREE (a worktree of
another commit where `make lib` was run), every setting is also run on
that tree's library and module in the same turns.  Speeds depend on the machine and what else runs on it:
compare only rows of one run.  Needs numpy and torch.
"""
import argparse
import multiprocessing
import os
import statistics
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def child(tree, setting, envs, seconds, threads, pause, q):
    """One measurement in a fresh process (the tree's libjamaica and
    module, its own OpenMP runtime): (steps/s, the torch update's median
    seconds or None) put on q, None if it failed."""
    try:
        q.put(one_run(tree, setting, envs, seconds, threads, pause))
    except Exception as e:  # the parent must not wait for ever
        print("bench_beside: %s: %s" % (tree, e), file=sys.stderr)
        q.put(None)


def one_run(tree, setting, envs, seconds, threads, pause):
    os.environ["JAMAICA_LIB"] = os.path.join(tree, "lib", "libjamaica.so.1")
    sys.path.insert(0, os.path.join(tree, "python"))
    import jamaica  # first: the passive waits it sets apply to numpy's and torch's libraries
    import numpy as np
    torch = None
    if setting == "torch":
        import torch
        torch.manual_seed(0)
        net = torch.nn.Sequential(torch.nn.Linear(jamaica.OBS_SIZE, 128), torch.nn.Tanh(), torch.nn.Linear(128, 128),
                                  torch.nn.Tanh(), torch.nn.Linear(128, 243))
        opt = torch.optim.Adam(net.parameters(), lr=1e-4)
        batch = torch.rand(4096, jamaica.OBS_SIZE)
    env = jamaica.VecEnv(envs, players=4, opponents="random", seed=1, threads=threads, copy=False)
    obs, info = env.reset()
    rng = np.random.default_rng(0)
    steps, in_env, t0, updates = 0, 0.0, time.perf_counter(), []
    while time.perf_counter() - t0 < seconds:
        a = jamaica.random_actions(info, rng)
        t = time.perf_counter()
        obs, r, te, tr, info = env.step(a)
        in_env += time.perf_counter() - t
        steps += envs
        if torch is not None:
            t = time.perf_counter()
            loss = net(batch).square().mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
            updates.append(time.perf_counter() - t)
        elif setting == "sleep":
            time.sleep(pause)
    env.close()
    return steps / in_env, (statistics.median(updates) if updates else None)


def busy(seconds):
    end = time.time() + seconds
    x = 0
    while time.time() < end:
        x += 1


def measure(tree, setting, envs, seconds, threads=None, pause=0.0):
    q = multiprocessing.Queue()
    loads = []
    if setting == "busy":
        loads = [multiprocessing.Process(target=busy, args=(seconds + 2,)) for _ in range(2)]
        for p in loads:
            p.start()
        time.sleep(0.5)
    p = multiprocessing.Process(target=child, args=(tree, "plain" if setting == "busy" else setting, envs, seconds,
                                                    threads, pause, q))
    p.start()
    v = q.get()
    p.join()
    for x in loads:
        x.terminate()
        x.join()
    return v


def torch_threads():
    """torch's intra-op thread count in a fresh process, as words."""
    q = multiprocessing.Queue()
    p = multiprocessing.Process(target=lambda: q.put(__import__("torch").get_num_threads()))
    p.start()
    n = q.get()
    p.join()
    return "%d thread%s" % (n, "" if n == 1 else "s")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--envs", type=int, default=1024)
    ap.add_argument("--seconds", type=float, default=4)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--tree", default=os.path.join(HERE, "..", ".."), help="the source tree measured (its lib/ and python/)")
    ap.add_argument("--baseline", help="another source tree (a worktree of another commit, `make lib` run in it), "
                                       "measured in the same turns")
    ap.add_argument("--out")
    a = ap.parse_args()
    libs = [("now", os.path.abspath(a.tree))] + ([("baseline", os.path.abspath(a.baseline))] if a.baseline else [])
    settings = [("idle", "plain", None), ("beside torch", "torch", None),
                ("beside a caller that sleeps as long as torch's update", "sleep", None),
                ("beside two busy processes, default threads", "busy", None),
                ("beside two busy processes, 1 thread", "busy", 1),
                ("idle, 1 thread", "plain", 1),
                ("beside the sleeping caller, 1 thread", "sleep", 1)]
    got, update = {}, {}
    for r in range(a.rounds):
        for name, setting, threads in settings:
            for label, lib in libs:
                v = measure(lib, setting, a.envs, a.seconds, threads, update.get(label, 0.0))
                if v is None:
                    sys.exit("bench_beside: a measurement failed (above)")
                v, u = v
                if u is not None:
                    update[label] = u
                    got.setdefault((label, "update"), []).append(u)
                got.setdefault((label, name), []).append(v)
                print("round %d, %s, %s: %.0f steps/s" % (r + 1, label, name, v), file=sys.stderr)
    cores = os.cpu_count()
    lines = ["# VecEnv beside a learner", "",
             "`results/rl/bench_beside.py --envs %d --seconds %g --rounds %d%s`, %d cores, %s: steps/s of "
             "jamaica.VecEnv (%d envs, one learning seat of four against `random`), the median of %d turns "
             "[their range]. Beside torch, only the time in VecEnv's calls counts." % (
                 a.envs, a.seconds, a.rounds, " --baseline TREE" if a.baseline else "", cores,
                 time.strftime("%Y-%m-%d"), a.envs, a.rounds), "",
             "| library | setting | steps/s | of idle |", "|---|---|---:|---:|"]
    for label, _ in libs:
        idle = statistics.median(got[(label, "idle")])
        for name, _, _ in settings:
            v = got[(label, name)]
            m = statistics.median(v)
            lines.append("| %s | %s | %s [%s, %s] | %.2f |" % (label, name, format(round(m), ","),
                                                            format(round(min(v)), ","), format(round(max(v)), ","),
                                                            m / idle))
        one = statistics.median(got[(label, "beside two busy processes, 1 thread")])
        two = statistics.median(got[(label, "beside two busy processes, default threads")])
        lines.append("| %s | default threads over 1 thread, beside two busy processes | | %.2f |" % (label, two / one))
        ctl = statistics.median(got[(label, "beside a caller that sleeps as long as torch's update")])
        lines.append("| %s | beside torch over beside the sleeping caller (the machine's share taken out) | | %.2f |"
                     % (label, statistics.median(got[(label, "beside torch")]) / ctl))
        idle1 = statistics.median(got[(label, "idle, 1 thread")])
        lines.append("| %s | the sleeping caller's share of idle: default threads, then 1 thread of its own idle | | "
                     "%.2f, %.2f |" % (label, ctl / idle, statistics.median(got[(label, "beside the sleeping caller, 1 "
                                                                                       "thread")]) / idle1))
    lines += ["", "A torch update took %s (median of the turns' medians); torch used %s." % (
        ", ".join("%.1f ms on %s" % (1000 * statistics.median(got[(label, "update")]), label) for label, _ in libs),
        torch_threads())]
    text = "\n".join(lines) + "\n"
    print(text)
    if a.out:
        with open(a.out, "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()
