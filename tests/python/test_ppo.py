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
            self.assertIn("ppo_agent.py", out.stdout)

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
