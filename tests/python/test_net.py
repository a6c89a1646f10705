"""Network files, self-play samples and expert iteration in miniature
(docs/NETWORK.md).  numpy for the file and the samples; torch for the
trainer (tests/deps.sh installs both)."""
import contextlib
import io
import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
BIN = os.environ.get("JAMAICA_BIN", os.path.join(HERE, "..", "..", "bin", "jamaica"))
sys.path.insert(0, os.path.join(HERE, "..", "..", "python"))

try:
    import numpy as np
    from jamaica import netfile, selfplay
except ImportError:
    np = None
try:
    import torch
    from jamaica.train import exit as exit_, distill
except ImportError:
    torch = None




def _umask():
    """The process's umask (new outputs get 0666 less it)."""
    m = os.umask(0o022)
    os.umask(m)
    return m

@unittest.skipUnless(np is not None, "numpy is not installed for this interpreter")
class TestNetFile(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.path = os.path.join(self.dir.name, "n.jmn")

    def tearDown(self):
        self.dir.cleanup()

    def test_round_trip_and_layout(self):
        arrays = netfile.random_mlp([32, 16], seed=3)
        netfile.write(self.path, arrays, command="by test", generation=2)
        meta, back = netfile.read(self.path)
        self.assertEqual(meta["hidden"], "32,16")
        self.assertEqual(meta["command"], "by test")
        self.assertEqual(meta["generation"], "2")
        for k in arrays:
            np.testing.assert_array_equal(arrays[k], back[k])
        # safetensors' layout: the length, the JSON header, the data 8-aligned
        with open(self.path, "rb") as f:
            data = f.read()
        (n,) = struct.unpack("<Q", data[:8])
        self.assertEqual((8 + n) % 8, 0)
        header = json.loads(data[8:8 + n])
        self.assertEqual(header["layer0.weight"], {"dtype": "F32", "shape": [32, 1205], "data_offsets": [0, 154240]})
        self.assertEqual(len(data) - 8 - n, header["value.bias"]["data_offsets"][1])
        self.assertEqual(os.stat(self.path).st_mode & 0o777, 0o666 & ~_umask())  # new: the umask's
        os.chmod(self.path, 0o640)
        netfile.write(self.path, arrays, command="again")
        self.assertEqual(os.stat(self.path).st_mode & 0o777, 0o640)  # there: its mode kept
        self.assertEqual(os.listdir(os.path.dirname(self.path)), [os.path.basename(self.path)])

    def test_the_variant_it_was_trained_on(self):
        """A network file records the game it was trained on ("variant",
        jamaica.variant_label); net says so in one line when seated on
        another game, and nothing on its own."""
        import jamaica
        d = self.dir.name
        base = subprocess.run([BIN, "variant", "--print"], capture_output=True, text=True, check=True).stdout
        with open(os.path.join(d, "v.variant"), "w") as f:
            f.write(base.replace("card 6 gold gold\n", "card 6 gold forward\n"))
        label = jamaica.variant_label(os.path.join(d, "v.variant"))
        self.assertRegex(label, r"v\.variant@[0-9a-f]{16}$")
        self.assertEqual(jamaica.variant_label("classic"), "")
        arrays = netfile.random_mlp([16], seed=1)
        netfile.write(os.path.join(d, "v.jmn"), arrays, command="test", notes={"variant": label})
        netfile.write(os.path.join(d, "b.jmn"), arrays, command="test")
        for net, rules, note in (("v", "v.variant", None), ("b", "2021", None),
                                 ("v", "2021", "trained on the variant %s, and this game is the base game" % label),
                                 ("b", "v.variant", "trained on the base game, and this game is the variant v.variant@%s"
                                  % label.split("@")[1])):
            p = subprocess.run([os.path.abspath(BIN), "sim", "--agents", "net:file=%s.jmn" % net, "--players", "2", "--games", "2",
                                "--rules", rules, "--out", os.devnull], capture_output=True, text=True, cwd=d)
            self.assertEqual(p.returncode, 0, p.stderr)
            notes = [line for line in p.stderr.splitlines() if line.startswith("jamaica: note: net:")]
            self.assertEqual(notes, ["jamaica: note: net: its network was " + note] if note else [], (net, rules))

    def test_write_refuses_bad_arrays(self):
        arrays = netfile.random_mlp([32], seed=1)
        # a metadata string longer than the library reads (it would refuse the file)
        with self.assertRaisesRegex(ValueError, "longer than the 511 bytes"):
            netfile.write(self.path, arrays, notes={"from": "x" * 512})
        self.assertFalse(os.path.exists(self.path))
        netfile.write(self.path, arrays, notes={"from": "x" * 511})
        s = subprocess.run([BIN, "sim", "--games", "1", "--agents", "net:file=" + self.path, "--out",
                            os.path.join(self.dir.name, "s.csv")], capture_output=True, text=True)
        self.assertEqual(s.returncode, 0, s.stderr)
        os.remove(self.path)
        arrays["policy.bias"] = np.zeros(7, np.float32)
        with self.assertRaises(ValueError):
            netfile.write(self.path, arrays)
        self.assertFalse(os.path.exists(self.path))
        with self.assertRaises(ValueError):
            netfile.random_mlp([30])

    def test_c_matches_numpy(self):
        """The library's evaluation (the agents' arithmetic) against numpy's
        in double precision, at the decisions of self-play games."""
        arrays = netfile.random_mlp([64, 32], seed=5)
        netfile.write(self.path, arrays)
        net = selfplay.Net(self.path)
        d = selfplay.selfplay("mcts:iters=20", 2, players=3, seed=4)
        worst = 0.0
        for i in range(len(d["n"])):
            ids = d["ids"][i][:d["n"][i]]
            lc, vc = net.eval(d["obs"][i], ids, d["ships"][i])
            lr, vr = netfile.evaluate(arrays, d["obs"][i], ids, d["ships"][i])
            worst = max(worst, np.abs(lc - lr).max() / (1 + np.abs(lr).max()), np.abs(vc - vr).max())
            self.assertEqual(vc[~d["ships"][i]].tolist(), [0.0] * int((~d["ships"][i]).sum()))
        self.assertLess(worst, 1e-5)
        net.close()
        with open(self.path, "r+b") as f:
            f.truncate(1000)
        with self.assertRaisesRegex(Exception, "truncated"):
            selfplay.Net(self.path)

    def test_relative_network(self):
        """A seats-relative file: the library rotates each encoding to its
        viewer, the target ids and the ships with it, and reads the value
        back in the game's numbering; numpy on selfplay.relative()'s
        samples gives the same outputs."""
        arrays = netfile.random_mlp([32, 16], seed=8)
        netfile.write(self.path, arrays, seats="relative")
        self.assertEqual(netfile.read(self.path)[0]["seats"], "relative")
        net = selfplay.Net(self.path)
        d = selfplay.selfplay("mcts:iters=20", 3, players=4, rules="2021,ghost=on", seed=6)
        x, ids, (ships,) = selfplay.relative(d["obs"], d["ids"], (d["ships"],))
        worst, moved = 0.0, 0
        for i in range(len(d["n"])):
            k, seat = d["n"][i], d["seat"][i]
            lc, vc = net.eval(d["obs"][i], d["ids"][i][:k], d["ships"][i])
            lr, vr = netfile.evaluate(arrays, x[i], ids[i][:k], ships[i])
            back = np.array([vr[(s - seat) % 4] if s < 4 else vr[s] for s in range(7)])
            worst = max(worst, np.abs(lc - lr).max() / (1 + np.abs(lr).max()), np.abs(vc - back).max())
            moved += seat != 0
        self.assertLess(worst, 1e-5)
        self.assertGreater(moved, 0)
        net.close()
        with self.assertRaises(ValueError):
            netfile.write(self.path, arrays, seats="sideways")



@unittest.skipUnless(np is not None, "numpy is not installed for this interpreter")
class TestSelfPlay(unittest.TestCase):
    def test_samples(self):
        a = selfplay.selfplay("mcts:iters=30", 6, players=4, seed=2, first=10, threads=1)
        b = selfplay.selfplay("mcts:iters=30", 6, players=4, seed=2, first=10, threads=2)
        for k in a:
            np.testing.assert_array_equal(a[k], b[k], err_msg=k)
        self.assertEqual(sorted(set(a["game"].tolist())), list(range(10, 16)))
        self.assertTrue((np.diff(a["game"]) >= 0).all())
        np.testing.assert_allclose(a["policy"].sum(1), 1.0, atol=1e-5)
        np.testing.assert_allclose(a["outcome"].sum(1), 1.0, atol=1e-6)
        np.testing.assert_allclose(a["value"].sum(1), 1.0, atol=1e-4)
        self.assertTrue((a["value"][~a["ships"]] == 0).all() and (a["value"] >= 0).all())
        self.assertTrue((a["n"] >= 2).all() and (a["chosen"] < a["n"]).all())
        self.assertTrue((a["ids"][np.arange(48)[None, :] >= a["n"][:, None]] == -1).all())
        # the encoding is the seat's: its seat marked (the first block)
        self.assertTrue((a["obs"][np.arange(len(a["n"])), a["seat"]] == 1).all())
        # the outcome is each game's, the same for all its decisions
        for g in range(10, 16):
            rows = a["outcome"][a["game"] == g]
            self.assertTrue((rows == rows[0]).all())
        # the compact form encodes to the same floats
        c = selfplay.selfplay("mcts:iters=30", 2, players=4, seed=2, first=10, states=True)
        np.testing.assert_array_equal(selfplay.encode(c["state"], c["seat"]), c["obs"])

    def test_relative_samples(self):
        """selfplay.relative(): every viewer becomes seat 0; the floats are
        permuted, not changed; the outcome's ships move with the seats
        (the ghost's stays); a target's id names the renumbered ship."""
        d = selfplay.selfplay("mcts:iters=20", 4, players=3, rules="2021,ghost=on", seed=3)
        x, ids, (out, ships) = selfplay.relative(d["obs"], d["ids"], (d["outcome"], d["ships"]))
        n = len(d["n"])
        self.assertTrue((x[:, 0] == 1).all() and (x[:, 1:6] == 0).all())
        np.testing.assert_array_equal(np.sort(x, 1), np.sort(d["obs"], 1))
        for i in range(n):
            seat = d["seat"][i]
            for s in range(3):
                self.assertEqual(out[i][(s - seat) % 3], d["outcome"][i][s])
            self.assertEqual(out[i][6], d["outcome"][i][6])
        target = (d["ids"] >= 129) & (d["ids"] <= 135)
        self.assertTrue(target.any())
        want = np.where(d["ids"] - 129 < 3, (d["ids"] - 129 - d["seat"][:, None]) % 3, d["ids"] - 129) + 129
        np.testing.assert_array_equal(ids[target], want[target])
        np.testing.assert_array_equal(ids[~target], d["ids"][~target])
        seat0 = d["seat"] == 0
        np.testing.assert_array_equal(x[seat0], d["obs"][seat0])

    def test_labelled(self):
        """label=: the player's moves, the labeller's policy (DAgger)."""
        kw = dict(players=3, seed=5, first=20, label="mcts:iters=30")
        a = selfplay.selfplay("first", 4, threads=1, states=True, **kw)
        b = selfplay.selfplay("first", 4, threads=2, states=True, **kw)
        for k in a:
            np.testing.assert_array_equal(a[k], b[k], err_msg=k)
        self.assertTrue((a["chosen"] == 0).all())  # `first` played every move
        np.testing.assert_allclose(a["policy"].sum(1), 1.0, atol=1e-5)
        plain = selfplay.selfplay("mcts:iters=30", 4, players=3, seed=5, first=20, threads=1, states=True)
        self.assertTrue((plain["chosen"] != 0).any())
        for g in range(20, 24):  # the games' first decisions are the same state, searched alike
            i, j = np.flatnonzero(a["game"] == g)[0], np.flatnonzero(plain["game"] == g)[0]
            np.testing.assert_array_equal(a["state"][i], plain["state"][j])
            np.testing.assert_array_equal(a["policy"][i], plain["policy"][j])
            np.testing.assert_array_equal(a["value"][i], plain["value"][j])
        with self.assertRaisesRegex(Exception, "'greedy' in seat 0 of game 0 gives no search policy"):
            selfplay.selfplay("first", 1, players=2, label="greedy")

    def test_refusals(self):
        with self.assertRaisesRegex(Exception, "no search policy"):
            selfplay.selfplay("greedy", 1, players=2)
        with self.assertRaisesRegex(Exception, "unknown agent"):
            selfplay.selfplay("nosuch", 1, players=2)


@unittest.skipUnless(torch is not None, "torch is not installed for this interpreter")
class TestExpertIteration(unittest.TestCase):
    def test_torch_model_matches_c(self):
        """The trainer's model and the C inference of the file it writes
        agree on fixed inputs (float32 both, sums in other orders)."""
        torch.manual_seed(0)
        net = exit_.Net([48, 32])
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "t.jmn")
            netfile.write(path, net.arrays())
            c = selfplay.Net(path)
            s = selfplay.selfplay("mcts:iters=20", 2, players=2, seed=9)
            with torch.no_grad():
                lt, vt = net(torch.from_numpy(s["obs"]))
            for i in range(len(s["n"])):
                ids = s["ids"][i][:s["n"][i]]
                lc, vc = c.eval(s["obs"][i], ids, s["ships"][i])
                np.testing.assert_allclose(lc, lt[i].numpy()[ids], rtol=1e-5, atol=1e-5)
                v = vt[i].masked_fill(~torch.from_numpy(s["ships"][i]), -1e9).softmax(0).numpy()
                np.testing.assert_allclose(vc, v, atol=1e-6)
            c.close()
            back = exit_.Net.from_arrays(netfile.read(path)[1])
            for (a, p), (b, q) in zip(net.state_dict().items(), back.state_dict().items()):
                self.assertEqual(a, b)
                self.assertTrue(torch.equal(p, q))

    def test_two_tiny_generations(self):
        """One bootstrap generation and one of the guided searcher, gated and
        measured, then resumed for a third; the network plays in sim."""
        with tempfile.TemporaryDirectory() as d:
            args = ["--out", d, "--generations", "2", "--games", "8", "--players", "2,3", "--iters", "16",
                    "--bootstrap", "mcts:iters=40", "--hidden", "32,16", "--gate-games", "6", "--eval-games", "8",
                    "--eval-agent", "random", "--threads", "2", "--jamaica", BIN, "--seed", "5"]
            self.assertEqual(exit_.main(args), 0)
            with open(os.path.join(d, "log.csv")) as f:
                rows = list(__import__("csv").DictReader(f))
            self.assertEqual([r["generation"] for r in rows], ["0", "1"])
            self.assertEqual(rows[0]["gate"], "none")
            self.assertIn(rows[1]["gate"], ("H0", "H1", "undecided"))
            for r in rows:
                self.assertGreater(int(r["samples"]), 0)
                self.assertTrue(0 < float(r["policy_loss"]) < 10 and 0 < float(r["value_loss"]) < 10, r)
                self.assertTrue(0 <= float(r["win_low"]) <= float(r["win_rate"]) <= float(r["win_high"]) <= 1)
            if shutil.which("gnuplot"):  # the plot too: whole, private to the user
                self.assertEqual(os.stat(os.path.join(d, "log.png")).st_mode & 0o777, 0o666 & ~_umask())
            self.assertFalse([f for f in os.listdir(d) if f.startswith(".")], "a temporary left behind")
            meta, _ = netfile.read(os.path.join(d, "net.jmn"))
            self.assertIn("jamaica.train.exit", meta["command"])
            self.assertEqual(meta["seats"], "relative")  # the default
            self.assertEqual(meta["generation"], rows[1]["current"])
            # the run refuses to start over a run, and resumes
            with self.assertRaises(SystemExit):
                exit_.main(args)
            args[args.index("--generations") + 1] = "3"
            with self.assertRaisesRegex(SystemExit, "seats are relative"):
                exit_.main(args + ["--resume", "--seats", "absolute"])
            self.assertEqual(exit_.main(args + ["--resume", "--gate-games", "0"]), 0)
            with open(os.path.join(d, "log.csv")) as f:
                self.assertEqual(len(list(__import__("csv").DictReader(f))), 3)
            out = subprocess.run([BIN, "sim", "--games", "2", "--players", "2", "--threads", "1", "--agents",
                                  "net:file=%s,guided:file=%s,iters=8" % (os.path.join(d, "net.jmn"),
                                                                          os.path.join(d, "net.jmn")),
                                  "--out", os.path.join(d, "s.csv")], capture_output=True, text=True)
            self.assertEqual(out.returncode, 0, out.stderr)

    def test_a_budget_stops_after_the_first_generation(self):
        """--minutes that no second generation fits: one generation, then a
        line that says why (a budget test with no timing threshold)."""
        with tempfile.TemporaryDirectory() as d:
            args = ["--out", d, "--generations", "5", "--games", "4", "--players", "2", "--iters", "8",
                    "--bootstrap", "mcts:iters=20", "--hidden", "16", "--gate-games", "0", "--eval-every", "0",
                    "--threads", "1", "--jamaica", BIN, "--seed", "3", "--minutes", "0.00001"]
            err = io.StringIO()
            with contextlib.redirect_stderr(err):
                self.assertEqual(exit_.main(args), 0)
            with open(os.path.join(d, "log.csv")) as f:
                self.assertEqual(len(list(__import__("csv").DictReader(f))), 1)
            self.assertIn("stopping after generation 0: another would end past --minutes", err.getvalue())

    def test_distill(self):
        """A network trained afresh on a run's saved samples: the policy's
        loss falls from the first pass to the last, the held-out scores are
        logged a pass, and the file is a relative network the library
        loads; bad samples are refused before any work."""
        with tempfile.TemporaryDirectory() as d:
            run = os.path.join(d, "run")
            self.assertEqual(exit_.main(["--out", run, "--generations", "2", "--bootstrap-generations", "2",
                                         "--games", "12", "--players", "2,3", "--bootstrap", "mcts:iters=30",
                                         "--hidden", "32,16", "--window", "2", "--epochs", "0.01", "--eval-every",
                                         "0", "--threads", "2", "--jamaica", BIN, "--seed", "4"]), 0)
            out, log_csv = os.path.join(d, "p.jmn"), os.path.join(d, "p.csv")
            args = ["--samples", os.path.join(run, "buffer-*.npz"), "--out", out, "--log", log_csv,
                    "--hidden", "32,16", "--epochs", "6", "--batch", "64", "--lr", "3e-3", "--holdout", "3",
                    "--threads", "2", "--seed", "2"]
            self.assertEqual(distill.main(args), 0)
            with open(log_csv) as f:
                rows = list(__import__("csv").DictReader(f))
            self.assertEqual(len(rows), 6)
            self.assertLess(float(rows[-1]["policy_loss"]), float(rows[0]["policy_loss"]))
            for r in rows:
                self.assertTrue(0 < float(r["heldout_policy_loss"]) < 10, r)
                self.assertTrue(0 <= float(r["heldout_top_choice"]) <= 1, r)
            meta, arrays = netfile.read(out)
            self.assertEqual(meta["seats"], "relative")
            self.assertIn("jamaica.train.distill", meta["command"])
            self.assertEqual(arrays["layer0.weight"].shape, (32, netfile.OBS_SIZE))
            self.assertEqual(sorted(os.listdir(d)), ["p.csv", "p.jmn", "run"])  # no scratch left
            s = subprocess.run([BIN, "sim", "--games", "2", "--players", "3", "--threads", "1", "--agents",
                                "net:file=" + out, "--out", os.path.join(d, "s.csv")], capture_output=True, text=True)
            self.assertEqual(s.returncode, 0, s.stderr)
            # --init: the training starts from that network's weights (at a
            # learning rate of nearly 0 it ends where it began); widths or
            # seats other than its own are refused
            again = os.path.join(d, "again.jmn")
            tune = ["--samples", os.path.join(run, "buffer-*.npz"), "--out", again, "--init", out, "--epochs", "1",
                    "--batch", "64", "--lr", "1e-9", "--threads", "2"]
            self.assertEqual(distill.main(tune), 0)
            meta2, arrays2 = netfile.read(again)
            self.assertEqual((meta2["hidden"], meta2["seats"]), ("32,16", "relative"))
            for k in arrays:
                np.testing.assert_allclose(arrays2[k], arrays[k], atol=1e-5)
            os.unlink(again)
            for bad in (["--hidden", "64"], ["--seats", "absolute"]):
                with self.assertRaises(SystemExit) as e:
                    distill.main(tune + bad)
                self.assertEqual(e.exception.code, 2)
            self.assertFalse(os.path.exists(again))
            with self.assertRaises(SystemExit) as e:
                distill.main(["--samples", os.path.join(d, "none-*.npz"), "--out", out])
            self.assertEqual(e.exception.code, 2)
            with self.assertRaisesRegex(SystemExit, "not a sample buffer"):
                distill.main(["--samples", log_csv, "--out", os.path.join(d, "q.jmn")])
            self.assertFalse(os.path.exists(os.path.join(d, "q.jmn")))


@unittest.skipUnless(torch is not None, "torch is not installed for this interpreter")
class TestToolsRefuse(unittest.TestCase):
    def test_a_bad_option_is_one_line_and_status_2(self):
        env = dict(os.environ, PYTHONPATH=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "python"))
        for tool, args in (("exit", ["--out", "x", "--games", "many"]), ("distill", ["--bogus"]),
                           ("positions", ["--agent", "net", "--games", "2", "--out", "x", "--keep", "2"])):
            p = subprocess.run([sys.executable, "-m", "jamaica.train." + tool] + args, env=env, capture_output=True,
                               text=True, cwd=tempfile.gettempdir())
            self.assertEqual(p.returncode, 2, (tool, p.stderr))
            self.assertEqual(len(p.stderr.strip().splitlines()), 1, (tool, p.stderr))
            self.assertIn("python3 -m jamaica.train.%s: error: " % tool, p.stderr)


@unittest.skipUnless(np is not None, "numpy is not installed for this interpreter")
class TestPositions(unittest.TestCase):
    def test_policy_self_play_positions(self):
        """The net agent's games as value samples: its policy is the
        softmax of its logits (the greedy choice its largest share), the
        kept share is about --keep, the files are the same on 1 and 2
        threads and a finished file is not redone."""
        from jamaica.train import positions
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "n.jmn")
            netfile.write(path, netfile.random_mlp([32, 16], seed=5), seats="relative")
            agent = "net:file=" + path
            full = selfplay.selfplay(agent, 6, players=3, seed=9, threads=1)
            self.assertGreater(len(full["n"]), 100)
            net = selfplay.Net(path)
            for i in range(0, len(full["n"]), 37):
                n = full["n"][i]
                p = full["policy"][i, :n]
                self.assertAlmostEqual(float(p.sum()), 1.0, places=5)
                self.assertEqual(int(full["chosen"][i]), int(np.argmax(p)))
                logit, _ = net.eval(full["obs"][i], full["ids"][i, :n])
                e = np.exp(logit - logit.max())
                np.testing.assert_allclose(p, e / e.sum(), rtol=1e-5, atol=1e-7)
            net.close()
            runs = []
            for threads in (1, 2):
                out = os.path.join(d, "t%d" % threads)
                self.assertEqual(positions.main(["--agent", agent, "--players", "3", "--games", "6", "--chunk", "4",
                                                 "--keep", "0.5", "--seed", "9", "--threads", str(threads),
                                                 "--out", out]), 0)
                self.assertEqual(sorted(os.listdir(out)), ["buffer-0.npz", "buffer-1.npz"])
                runs.append([dict(np.load(os.path.join(out, "buffer-%d.npz" % k))) for k in (0, 1)])
            for a, b in zip(*runs):
                for k in a:
                    np.testing.assert_array_equal(a[k], b[k])
            kept = sum(len(r["n"]) for r in runs[0])
            self.assertTrue(0.3 * len(full["n"]) < kept < 0.7 * len(full["n"]), kept)
            self.assertEqual(sorted(np.unique(np.concatenate([r["game"] for r in runs[0]]))), list(range(6)))
            for r in runs[0]:
                np.testing.assert_array_equal(r["value"], r["outcome"])
                self.assertTrue({"state", "seat", "game", "ids", "policy", "outcome", "value", "ships"} <= set(r))
            # a finished file is kept as it is
            stamp = os.stat(os.path.join(d, "t1", "buffer-0.npz")).st_mtime_ns
            os.remove(os.path.join(d, "t1", "buffer-1.npz"))
            positions.main(["--agent", agent, "--players", "3", "--games", "6", "--chunk", "4", "--keep", "0.5",
                            "--seed", "9", "--threads", "1", "--out", os.path.join(d, "t1")])
            self.assertEqual(os.stat(os.path.join(d, "t1", "buffer-0.npz")).st_mtime_ns, stamp)
            np.testing.assert_array_equal(np.load(os.path.join(d, "t1", "buffer-1.npz"))["state"], runs[0][1]["state"])
            with self.assertRaises(SystemExit) as e:
                positions.main(["--agent", agent, "--games", "4", "--keep", "0", "--out", os.path.join(d, "x")])
            self.assertEqual(e.exception.code, 2)
            self.assertFalse(os.path.exists(os.path.join(d, "x")))
            with self.assertRaisesRegex(SystemExit, "gives no search policy"):
                positions.main(["--agent", "greedy", "--games", "2", "--out", os.path.join(d, "g")])
            self.assertFalse(os.path.exists(os.path.join(d, "g")))  # nothing made for a failed run


if __name__ == "__main__":
    unittest.main()
