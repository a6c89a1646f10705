"""python/jamaica/td.py in miniature: TD(lambda)'s targets worked by hand;
each recorded action applied to its observation; two tiny generations from a
relative network that move its value head, the same bytes on a second run
(one thread), the seat view kept, the network playing as `rollout ...,after=`;
a bad option refused before anything is made (the real run is
results/make.sh td).  Needs numpy and torch (tests/deps.sh)."""
import csv
import os
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..")
BIN = os.environ.get("JAMAICA_BIN", os.path.join(ROOT, "bin", "jamaica"))
NET = os.path.join(ROOT, "tests", "golden", "net-32-16-relative.jmn")
sys.path.insert(0, os.path.join(HERE, ".."))

try:
    import numpy as np
    import torch  # noqa: F401
    from jamaica import netfile, selfplay, td
except ImportError:
    td = None


def args(out, *more):
    return ["--init", NET, "--policy", NET, "--out", out, "--generations", "2", "--games", "12", "--batch", "64",
            "--threads", "1", *more]


@unittest.skipUnless(td is not None, "torch is not installed for this interpreter")
class TestTargets(unittest.TestCase):
    def test_lambda_returns_along_each_seats_run(self):
        # one ship column for clarity: seat 0's run is rows 0-2, seat 1's row 3
        v = np.array([[0.5], [0.6], [0.8], [0.3]], np.float32)
        out = np.array([[9.0], [9.0], [1.0], [0.0]], np.float32)  # only a run's last outcome is read
        last = np.array([False, False, True, True])
        # lam 0: the next afterstate's value; the last, its outcome
        np.testing.assert_allclose(td.targets(v, out, last, 0.0)[:, 0], [0.6, 0.8, 1.0, 0.0], atol=1e-6)
        # lam 1: the outcome everywhere
        np.testing.assert_allclose(td.targets(v, out, last, 1.0)[:, 0], [1.0, 1.0, 1.0, 0.0], atol=1e-6)
        # lam 0.5: row 1 = 0.5 * 0.8 + 0.5 * 1; row 0 = 0.5 * 0.6 + 0.5 * 0.9
        np.testing.assert_allclose(td.targets(v, out, last, 0.5)[:, 0], [0.75, 0.9, 1.0, 0.0], atol=1e-6)


@unittest.skipUnless(td is not None, "torch is not installed for this interpreter")
class TestAfterstates(unittest.TestCase):
    def test_each_action_applied(self):
        d = selfplay.selfplay("net:file=%s" % NET, 3, players=2, seed=4, threads=1, states=True)
        after = td.afterstates(d["state"], d["chosen"])
        self.assertTrue(all(a.tobytes() != s.tobytes() for a, s in zip(after, d["state"])))
        # another legal action leaves another position, but at a few
        # decisions whose actions end alike
        other = td.afterstates(d["state"], (d["chosen"] + 1) % d["n"])
        same = sum(a.tobytes() == o.tobytes() for a, o in zip(after, other))
        self.assertLess(same, len(after) // 10)


@unittest.skipUnless(td is not None, "torch is not installed for this interpreter")
class TestTDSmoke(unittest.TestCase):
    def test_generations_repeat_and_play(self):
        with tempfile.TemporaryDirectory() as d:
            a, b = os.path.join(d, "a"), os.path.join(d, "b")
            self.assertEqual(td.main(args(a)), 0)
            self.assertEqual(td.main(args(b)), 0)
            with open(os.path.join(a, "log.csv")) as f:
                rows = list(csv.DictReader(f))
            self.assertEqual([int(r["generation"]) for r in rows], [0, 1])
            self.assertTrue(all(int(r["samples"]) > 100 for r in rows))
            self.assertEqual(sorted(os.listdir(a)), ["current.jmn", "log.csv"])
            (ma, wa), (_, wb), (_, w0) = (netfile.read(p) for p in
                                          (os.path.join(a, "current.jmn"), os.path.join(b, "current.jmn"), NET))
            self.assertEqual(ma.get("seats"), "relative")
            self.assertNotEqual(wa["value.weight"].tobytes(), w0["value.weight"].tobytes(), "the value head never moved")
            for k in wa:
                self.assertEqual(wa[k].tobytes(), wb[k].tobytes(), "a second run's %s differs" % k)
            r = subprocess.run([BIN, "sim", "--games", "2", "--players", "2", "--agents",
                                "rollout:file=%s,after=%s,budget=8,random" % (NET, os.path.join(a, "current.jmn")),
                                "--out", os.path.join(d, "s.csv")], capture_output=True, text=True)
            self.assertEqual(r.returncode, 0, r.stderr)

    def test_bad_option_refused_before_anything(self):
        with tempfile.TemporaryDirectory() as d:
            out = os.path.join(d, "o")
            r = subprocess.run([sys.executable, "-m", "jamaica.td", *args(out, "--lam", "2")], capture_output=True,
                               text=True, cwd=os.path.join(HERE, ".."),
                               env=dict(os.environ, PYTHONPATH=os.path.join(HERE, "..")))
            self.assertEqual(r.returncode, 2)
            self.assertEqual(len(r.stderr.strip().splitlines()), 1, r.stderr)
            self.assertFalse(os.path.exists(out))


if __name__ == "__main__":
    unittest.main()
