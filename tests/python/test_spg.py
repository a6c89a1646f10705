"""python/jamaica/train/spg.py in miniature: the advantages against values worked
by hand; two tiny generations of self-play policy gradient from a relative
teacher with a strength run; --resume goes on to a third that equals a run
never stopped, byte for byte on one thread; the network keeps its teacher's
seat view and plays as `net`; refusals before anything is made (the real
run is results/make.sh spg).  Needs numpy and torch (tests/deps.sh)."""
import csv
import os
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..")
BIN = os.environ.get("JAMAICA_BIN", os.path.join(ROOT, "bin", "jamaica"))
TEACHER = os.path.join(ROOT, "tests", "fixtures", "golden", "net-32-16-relative.jmn")
sys.path.insert(0, os.path.join(HERE, "..", "..", "python"))

try:
    import numpy as np
    import torch  # noqa: F401
    from jamaica import netfile
    from jamaica.train import spg
except ImportError:
    spg = None


def args(out, generations, *more):
    return ["--init", TEACHER, "--out", out, "--generations", str(generations), "--games", "12",
            "--players", "2,3", "--batch", "256", "--eval-every", "2", "--eval-games", "10", "--threads", "1", *more]




def _umask():
    """The process's umask (new outputs get 0666 less it)."""
    m = os.umask(0o022)
    os.umask(m)
    return m

@unittest.skipUnless(spg is not None, "torch is not installed for this interpreter")
class TestAdvantages(unittest.TestCase):
    def test_gae_over_a_seats_own_decisions(self):
        # game 5: seat 0 decides at rows 0, 2, 3 and seat 1 at row 1; game 6: seat 1 at row 4.
        data = {"game": np.array([5, 5, 5, 5, 6]), "seat": np.array([0, 1, 0, 0, 1], np.uint8),
                "mine": np.array([1.0, 0.0, 1.0, 1.0, 0.5], np.float32)}
        v = np.array([0.5, 0.4, 0.6, 0.8, 0.3], np.float32)
        # lam 0: the next own decision's value less this one's; the last: the share less its value
        np.testing.assert_allclose(spg.advantages(data, v, 0.0), [0.1, -0.4, 0.2, 0.2, 0.2], atol=1e-6)
        # lam 1: the share less the value, at every decision
        np.testing.assert_allclose(spg.advantages(data, v, 1.0), [0.5, -0.4, 0.4, 0.2, 0.2], atol=1e-6)
        # lam 0.5 at row 0: 0.1 + 0.5 * (0.2 + 0.5 * 0.2)
        self.assertAlmostEqual(float(spg.advantages(data, v, 0.5)[0]), 0.25, places=6)


@unittest.skipUnless(spg is not None, "torch is not installed for this interpreter")
class TestSPGSmoke(unittest.TestCase):
    def test_generations_resume_and_play(self):
        with tempfile.TemporaryDirectory() as d:
            a, b = os.path.join(d, "a"), os.path.join(d, "b")
            self.assertEqual(spg.main(args(a, 3)), 0)
            self.assertEqual(spg.main(args(b, 2)), 0)
            self.assertEqual(spg.main(args(b, 3, "--resume")), 0)
            with open(os.path.join(a, "log.csv")) as f:
                rows = list(csv.DictReader(f))
            self.assertEqual([int(r["generation"]) for r in rows], [0, 1, 2])
            self.assertEqual([int(r["players"]) for r in rows], [2, 3, 2])
            self.assertTrue(0 <= float(rows[1]["eval_low"]) <= float(rows[1]["eval_win"])
                            <= float(rows[1]["eval_high"]) <= 1)
            self.assertTrue(all(float(r["kl"]) >= 0 for r in rows))
            # every output private to the user (python/jamaica/outfile.py), nothing else left in OUT
            self.assertEqual(sorted(os.listdir(a)), ["checkpoint.pt", "current.jmn", "log.csv"])
            for f in os.listdir(a):
                self.assertEqual(os.stat(os.path.join(a, f)).st_mode & 0o777, 0o666 & ~_umask(), f)
            (ma, wa), (_, wb) = (netfile.read(os.path.join(x, "current.jmn")) for x in (a, b))
            self.assertEqual(ma.get("seats"), "relative")  # the teacher's seat view
            _, wt = netfile.read(TEACHER)
            self.assertTrue(any(wa[k].tobytes() != wt[k].tobytes() for k in wa), "the network never moved")
            for k in wa:  # the weights, bit for bit (the metadata's command differs: --resume)
                self.assertEqual(wa[k].tobytes(), wb[k].tobytes(), "a resumed run's %s differs" % k)
            p = subprocess.run([BIN, "sim", "--agents", "net:file=%s,random" % os.path.join(a, "current.jmn"),
                                "--players", "2", "--games", "4", "--out", os.devnull], capture_output=True, text=True)
            self.assertEqual(p.returncode, 0, p.stderr)

    def test_against_an_opponent(self):
        # --against 0.5: half the games with the network in one seat (game g's
        # seat g % players) and the opponent in the others, those seats not learnt from
        with tempfile.TemporaryDirectory() as d:
            a = os.path.join(d, "a")
            self.assertEqual(spg.main(args(a, 1, "--opponent", "first", "--against", "0.5")), 0)
            _, wa = netfile.read(os.path.join(a, "current.jmn"))
            _, wt = netfile.read(TEACHER)
            self.assertTrue(any(wa[k].tobytes() != wt[k].tobytes() for k in wa), "the network never moved")
            ns = spg.parse_args(args(a, 1, "--opponent", "first", "--against", "0.5"))
            players, data = spg.samples(ns, TEACHER, 0)
            self.assertEqual(players, 2)
            game, seat = data["game"], data["seat"]
            vs = game >= 6  # the last 6 of the 12 games: against `first`
            self.assertEqual(sorted(set(game[vs].tolist())), list(range(6, 12)))
            self.assertTrue(np.all(seat[vs] == game[vs] % 2), "a seat of the opponent was recorded")
            self.assertEqual(sorted(set(seat[~vs].tolist())), [0, 1])
            ns.against = 0.0
            _, alone = spg.samples(ns, TEACHER, 0)
            self.assertTrue(np.array_equal(alone["game"], np.repeat(np.arange(12), np.bincount(alone["game"]))))

    def test_refusals_make_nothing(self):
        with tempfile.TemporaryDirectory() as d:
            c = os.path.join(d, "c")
            for more in (["--temp", "0"], ["--lam", "1.5"], ["--players", "7"], ["--opponent", "nosuch", "--against",
                         "0.5"], ["--opponent", "sharp"], ["--against", "0.5"], ["--opponent", "sharp", "--against",
                         "1.5"]):
                with self.assertRaises(SystemExit) as e:
                    spg.main(args(c, 1, *more))
                self.assertEqual(e.exception.code, 2, more)
            with self.assertRaises(SystemExit) as e:
                spg.main(args(c, 1, "--init", d))  # a directory is not a network
            self.assertEqual(e.exception.code, 2)
            self.assertFalse(os.path.exists(c))


if __name__ == "__main__":
    unittest.main()
