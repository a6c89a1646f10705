"""The fitted value of luck-adjusted estimates (python/jamaica/train/luckv.py,
docs/STATISTICS.md "The fitted V"): the value file written and read back;
the trainer's network and the file's arithmetic the same function (numpy,
worked from the file, against the PyTorch model that wrote it); and
`jamaica luck fit` end to end on a few games: a file that corrects other
games and refuses its own.  Needs numpy; the rest torch."""
import os
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..")
BIN = os.environ.get("JAMAICA_BIN", os.path.join(ROOT, "bin", "jamaica"))
sys.path.insert(0, os.path.join(HERE, "..", "..", "python"))

try:
    import numpy as np
    from jamaica import netfile
except ImportError:
    np = None
try:
    import torch
    from jamaica.train import luckv
except ImportError:
    torch = None


def read_value(path):
    """(metadata, {P: arrays}) of a value file, by hand from its layout."""
    import json
    import struct
    data = open(path, "rb").read()
    (n,) = struct.unpack("<Q", data[:8])
    head = json.loads(data[8:8 + n])
    meta = head.pop("__metadata__")
    body = data[8 + n:]
    parts = {}
    for name, t in head.items():
        p, rest = name.split(".", 1)
        b, e = t["data_offsets"]
        parts.setdefault(int(p[1:]), {})[rest] = np.frombuffer(body[b:e], "<f4").reshape(t["shape"])
    return meta, parts


def numpy_logits(arrays, x, scale, layers):
    h = x.astype(np.float64) / scale
    for k in range(layers):
        h = np.maximum(h @ arrays["layer%d.weight" % k].T.astype(np.float64) + arrays["layer%d.bias" % k], 0)
    return (h @ arrays["out.weight"].T.astype(np.float64) + arrays["out.bias"])[..., 0]


@unittest.skipUnless(np is not None, "numpy is not installed for this interpreter")
class TestFile(unittest.TestCase):
    def test_written_and_read_back(self):
        rng = np.random.default_rng(1)
        a = {"layer0.weight": rng.standard_normal((16, 5)).astype("<f4"), "layer0.bias": np.zeros(16, "<f4"),
             "out.weight": rng.standard_normal((1, 16)).astype("<f4"), "out.bias": np.ones(1, "<f4")}
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "v.jmn")
            netfile.write_value(path, {3: a}, [16], {"rules": "2021", "agents": "x", "fit_seed": 1, "fit_games": "0-9"})
            meta, parts = read_value(path)
            self.assertEqual((meta["format"], meta["players"], meta["hidden"]), ("jamaica-value", "3", "16"))
            for k in a:
                np.testing.assert_array_equal(parts[3][k], a[k])
        with self.assertRaises(ValueError):
            netfile.write_value(os.path.join(tempfile.gettempdir(), "never.jmn"), {3: a}, [17], {})


@unittest.skipUnless(torch is not None and np is not None, "torch is not installed for this interpreter")
class TestTrainer(unittest.TestCase):
    def test_the_model_is_the_files_arithmetic(self):
        torch.manual_seed(3)
        scales = list(np.random.default_rng(2).integers(1, 20, 356).astype(float))
        model = luckv.Value(356, [32, 16], scales)
        x = torch.from_numpy(np.random.default_rng(4).integers(0, 12, (50, 5, 356)).astype(np.uint8))
        with torch.no_grad():
            want = model(x).numpy()
        arrays = {"layer%d.weight" % k: l.weight.detach().numpy() for k, l in enumerate(model.layers)}
        arrays.update({"layer%d.bias" % k: l.bias.detach().numpy() for k, l in enumerate(model.layers)})
        arrays["out.weight"] = model.out.weight.detach().numpy()
        arrays["out.bias"] = model.out.bias.detach().numpy()
        got = numpy_logits(arrays, x.numpy(), np.array(scales, np.float32), 2)
        np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-4)

    @unittest.skipUnless(os.path.exists(BIN), "bin/jamaica is not built")
    def test_luck_fit_end_to_end(self):
        env = dict(os.environ, JAMAICA_PYTHON=sys.executable,
                   PYTHONPATH=os.path.join(ROOT, "python") + os.pathsep + os.environ.get("PYTHONPATH", ""))
        with tempfile.TemporaryDirectory() as d:
            v = os.path.join(d, "v.jmn")
            r = subprocess.run([BIN, "luck", "fit", "--agents", "random", "--players", "2", "--games", "60",
                                "--seed", "5", "--epochs", "1", "--hidden", "16", "--threads", "1", "--out", v],
                               capture_output=True, text=True, env=env)
            self.assertEqual(r.returncode, 0, r.stderr)
            self.assertEqual(sorted(os.listdir(d)), ["v.jmn"])          # no temporary left
            meta, parts = read_value(v)
            self.assertEqual((meta["agents"], meta["fit_seed"], meta["fit_games"], meta["players"]),
                             ("random", "5", "0-59", "2"))
            ok = subprocess.run([BIN, "sim", "--games", "20", "--players", "2", "--seed", "6", "--luck", v,
                                 "--out", os.path.join(d, "s.csv")], capture_output=True, text=True)
            self.assertEqual(ok.returncode, 0, ok.stderr)
            own = subprocess.run([BIN, "sim", "--games", "20", "--players", "2", "--seed", "5", "--luck", v,
                                  "--out", os.path.join(d, "t.csv")], capture_output=True, text=True)
            self.assertEqual(own.returncode, 2)
            self.assertIn("fitted on games 0-59 of seed 5", own.stderr)
            self.assertFalse(os.path.exists(os.path.join(d, "t.csv")))
            bad = subprocess.run([BIN, "luck", "fit", "--games", "5", "--hidden", "15", "--out", v],
                                 capture_output=True, text=True, env=env)
            self.assertEqual(bad.returncode, 2)
            self.assertIn("--hidden '15'", bad.stderr)


if __name__ == "__main__":
    unittest.main()
