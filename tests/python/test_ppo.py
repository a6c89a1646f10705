"""python/examples/ppo.py in miniature: a few thousand steps of PPO over
VecEnv with finite losses, its curve and policy written (the real run is
results/make.sh ppo).  Needs numpy and torch (tests/deps.sh installs them)."""
import csv
import math
import os
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
BIN = os.environ.get("JAMAICA_BIN", os.path.join(HERE, "..", "..", "bin", "jamaica"))
sys.path.insert(0, os.path.join(HERE, "..", "..", "python"))
sys.path.insert(0, os.path.join(HERE, "..", "..", "python", "examples"))

try:
    import torch  # noqa: F401
    import ppo
except ImportError:
    ppo = None




def _umask():
    """The process's umask (new outputs get 0666 less it)."""
    m = os.umask(0o022)
    os.umask(m)
    return m

@unittest.skipUnless(ppo is not None, "torch is not installed for this interpreter")
class TestReward(unittest.TestCase):
    """final_reward and lead on hand-made final scores, the learner in
    column 0: its score less the best other's, over 40, kept in [-1, 1]."""

    SCORES = [[50, 40, 30, 20],   # ahead by 10 of the best other (not of the last)
              [30, 50, 10, 10],   # behind the best other by 20
              [40, 40, 12, 0],    # level with the best
              [99, 0, 0, 0],      # ahead by more than 40
              [0, 0, 0, 85]]      # behind by more than 40

    def test_lead(self):
        self.assertEqual(ppo.lead(self.SCORES).tolist(), [0.25, -0.5, 0.0, 1.0, -1.0])
        self.assertEqual(ppo.lead([[7, 27]]).tolist(), [-0.5])  # two players

    def test_each_kind(self):
        win = [1.0, 0.0, 0.5, 1.0, 0.0]
        self.assertEqual(ppo.final_reward("win", win, self.SCORES).tolist(), win)
        self.assertEqual(ppo.final_reward("margin", win, self.SCORES).tolist(), [0.25, -0.5, 0.0, 1.0, -1.0])
        self.assertEqual(ppo.final_reward("win+margin", win, self.SCORES).tolist(), [1.25, -0.5, 0.5, 2.0, -1.0])
        with self.assertRaises(ValueError):
            ppo.final_reward("score", win, self.SCORES)

    def test_the_option(self):
        self.assertEqual(ppo.parse_args(["--reward", "margin"]).reward, "margin")
        with open(os.devnull, "w") as null:
            old, sys.stderr = sys.stderr, null
            try:
                with self.assertRaises(SystemExit):
                    ppo.parse_args(["--reward", "score"])
            finally:
                sys.stderr = old


RESULTS = os.path.join(HERE, "..", "..", "results", "rl")


def _commands(folder):
    """The ppo.py arguments of each seed's command.txt under results/rl/folder."""
    out = []
    for root, _, files in sorted(os.walk(os.path.join(RESULTS, folder))):
        if "command.txt" in files:
            with open(os.path.join(root, "command.txt")) as f:
                out.append((root, f.read().split("ppo.py", 1)[1].split()))
    return out


@unittest.skipUnless(ppo is not None, "torch is not installed for this interpreter")
class TestTheFigures(unittest.TestCase):
    """The committed runs are what ppo.py runs: the figure of
    results/rl/updates/ is its defaults but for the seed, the length, the
    thread count, the players and the folder (so a reader's run of the
    defaults is the figure's recipe), and the runs made before the update's
    defaults changed name the update they had."""

    PER_RUN = ("seed", "total_steps", "threads", "players", "out")

    def test_the_figure_is_the_defaults(self):
        runs = [c for c in _commands("updates") if "screening" not in c[0]]
        self.assertEqual(len(runs), 10)
        plain = vars(ppo.parse_args([]))
        for root, args in runs:
            got = vars(ppo.parse_args(args))
            self.assertEqual({k: v for k, v in got.items() if k not in self.PER_RUN},
                             {k: v for k, v in plain.items() if k not in self.PER_RUN}, root)

    def test_the_runs_before_name_their_update(self):
        runs = _commands("seeds") + _commands("margin")
        self.assertEqual(len(runs), 23)
        for root, args in runs:
            got = ppo.parse_args(args)
            self.assertEqual((got.minibatches, got.update_epochs), (8, 2), root)


@unittest.skipUnless(ppo is not None, "torch is not installed for this interpreter")
class TestPPOSmoke(unittest.TestCase):
    def test_a_few_updates(self):
        with tempfile.TemporaryDirectory() as d:
            rows = ppo.main(["--total-steps", "4096", "--num-envs", "32", "--num-steps", "32", "--minibatches", "4",
                             "--eval-every", "2048", "--eval-games", "40", "--hidden", "64", "--threads", "2",
                             "--out", d])
            self.assertGreaterEqual(len(rows), 3)
            for r in rows[1:]:
                self.assertTrue(all(math.isfinite(float(x)) for x in r), r)
                self.assertTrue(0 <= r[3] <= r[2] <= r[4] <= 1, r)
            with open(os.path.join(d, "curve.csv")) as f:
                got = list(csv.reader(f))
            self.assertEqual(got[0][:5], ["steps", "seconds", "win_rate", "low", "high"])
            self.assertEqual(len(got), len(rows) + 1)
            self.assertTrue(os.path.getsize(os.path.join(d, "policy.pt")) > 0)
            # written whole (no temporary left) and private to the user, as the C command's outputs
            made = sorted(os.listdir(d))
            self.assertIn(made, (["curve.csv", "policy.pt"], ["curve.csv", "curve.png", "policy.pt"]))
            for f in made:
                self.assertEqual(os.stat(os.path.join(d, f)).st_mode & 0o777, 0o666 & ~_umask(), f)
            # The trained policy plays in `jamaica sim` over the protocol.
            agent = os.path.join(HERE, "..", "..", "python", "examples", "ppo_agent.py")
            spec = "cmd:%s %s:policy=%s,hidden=64" % (sys.executable, agent, os.path.join(d, "policy.pt"))
            out = subprocess.run([BIN, "sim", "--games", "2", "--players", "2", "--threads", "1", "--agents",
                                  spec + ",random", "--out", os.path.join(d, "s.csv")], capture_output=True,
                                 text=True)
            self.assertEqual(out.returncode, 0, out.stderr)
            self.assertRegex(out.stdout, r"\bppo: wins")  # the name the program gives itself

    def test_the_margin_rewards_run(self):
        """--reward margin and win+margin train with finite losses, and
        the reward reaches the update: the losses differ from --reward
        win's on the same seed."""
        got = {}
        for kind in ppo.REWARDS:
            with tempfile.TemporaryDirectory() as d:
                rows = ppo.main(["--reward", kind, "--shaping", "0", "--total-steps", "2048", "--num-envs", "32",
                                 "--num-steps", "32", "--minibatches", "4", "--eval-every", "2048",
                                 "--eval-games", "20", "--hidden", "32", "--threads", "1", "--out", d])
            self.assertTrue(all(math.isfinite(float(x)) for x in rows[-1]), rows[-1])
            got[kind] = rows[-1][5:]
        self.assertNotEqual(got["margin"], got["win"])
        self.assertNotEqual(got["win+margin"], got["win"])
        self.assertNotEqual(got["win+margin"], got["margin"])

    def test_a_budget_ends_the_run_not_the_step_count(self):
        """--minutes that no iteration fits: the run ends at once, long
        before its steps (a budget test with no timing threshold)."""
        with tempfile.TemporaryDirectory() as d:
            rows = ppo.main(["--total-steps", "100000000", "--minutes", "0.00001", "--num-envs", "16",
                             "--num-steps", "16", "--eval-every", "256", "--eval-games", "10", "--hidden", "16",
                             "--threads", "1", "--out", d])
            self.assertLessEqual(len(rows), 2)
            self.assertLess(int(rows[-1][0]), 100000000)


if __name__ == "__main__":
    unittest.main()
