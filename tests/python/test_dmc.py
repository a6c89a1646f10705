"""python/jamaica/train/dmc.py in miniature: two tiny generations of Deep
Monte-Carlo self-play with a strength run, the log and the network written;
--resume goes on to a third that equals a run never stopped, byte for byte
on one thread; the network plays as `net` (the real run is results/make.sh
dmc).  Needs numpy and torch (tests/deps.sh installs them)."""
import csv
import os
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
BIN = os.environ.get("JAMAICA_BIN", os.path.join(HERE, "..", "..", "bin", "jamaica"))
sys.path.insert(0, os.path.join(HERE, "..", "..", "python"))

try:
    import torch  # noqa: F401
    from jamaica import netfile
    from jamaica.train import dmc
except ImportError:
    dmc = None


def args(out, generations, *more):
    return ["--out", out, "--generations", str(generations), "--games", "12", "--players", "2,3",
            "--hidden", "16", "--batch", "256", "--eval-every", "2", "--eval-games", "10", "--threads", "1",
            *more]


@unittest.skipUnless(dmc is not None, "torch is not installed for this interpreter")
class TestDMCSmoke(unittest.TestCase):
    def test_generations_resume_and_play(self):
        with tempfile.TemporaryDirectory() as d:
            a, b = os.path.join(d, "a"), os.path.join(d, "b")
            self.assertEqual(dmc.main(args(a, 3)), 0)
            self.assertEqual(dmc.main(args(b, 2)), 0)
            self.assertEqual(dmc.main(args(b, 3, "--resume")), 0)
            with open(os.path.join(a, "log.csv")) as f:
                rows = list(csv.DictReader(f))
            self.assertEqual([int(r["generation"]) for r in rows], [0, 1, 2])
            self.assertEqual([int(r["players"]) for r in rows], [2, 3, 2])
            self.assertTrue(all(int(r["samples"]) > 12 for r in rows))
            self.assertTrue(0 <= float(rows[1]["eval_low"]) <= float(rows[1]["eval_win"]) <= float(rows[1]["eval_high"]) <= 1)
            (_, wa), (_, wb) = (netfile.read(os.path.join(x, "current.jmn")) for x in (a, b))
            self.assertEqual(sorted(wa), sorted(wb))
            for k in wa:  # the weights, bit for bit (the metadata's command differs: --resume)
                self.assertEqual(wa[k].tobytes(), wb[k].tobytes(), "a resumed run's %s differs" % k)
            p = subprocess.run([BIN, "sim", "--agents", "net:file=%s,random" % os.path.join(a, "current.jmn"),
                                "--players", "2", "--games", "4", "--out", os.devnull], capture_output=True, text=True)
            self.assertEqual(p.returncode, 0, p.stderr)
            self.assertLess(os.path.getsize(os.path.join(a, "checkpoint.pt")), 20 << 20)
            # a refusal: one line, exit 2, nothing made
            c = os.path.join(d, "c")
            with self.assertRaises(SystemExit) as e:
                dmc.main(args(c, 1, "--init", os.path.join(a, "current.jmn"), "--hidden", "32"))
            self.assertEqual(e.exception.code, 2)
            self.assertFalse(os.path.exists(c))


if __name__ == "__main__":
    unittest.main()
