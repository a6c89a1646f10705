"""The trainers share one module (jamaica/train/trainer.py) and take nothing
from each other: each stays one file read top to bottom.  And no module of
the package takes a private name from the package root: the ctypes layer is
a module of its own (jamaica/_native.py)."""
import ast
import os
import unittest

PKG = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "python", "jamaica")
HERE = os.path.join(PKG, "train")
TRAINERS = ("exit", "dmc", "spg", "distill")


def imported(module):
    """The jamaica modules a file imports (from . import x, from .x import y)."""
    with open(os.path.join(HERE, module + ".py")) as f:
        tree = ast.parse(f.read())
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            if node.module:
                out.add(node.module)
            else:
                out.update(a.name for a in node.names)
    return out


class TrainersShareOneModule(unittest.TestCase):
    def test_no_trainer_imports_another(self):
        for t in TRAINERS:
            others = imported(t) & (set(TRAINERS) - {t})
            self.assertFalse(others, "%s imports %s: shared parts go in trainer.py" % (t, sorted(others)))

    def test_each_uses_the_shared_module(self):
        for t in TRAINERS:
            self.assertIn("trainer", imported(t), t)

    def test_the_check_sees_an_import(self):
        # a check that could fail: spg's imports as they were before trainer.py
        tree = ast.parse("from .dmc import match, write_log\nfrom .exit import Net\n")
        mods = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
        self.assertEqual(mods & set(TRAINERS), {"dmc", "exit"})


def private_from_root(path, root_level):
    """The private names a file imports from the package root (from . import _x
    in the package, from .. import _x in train/)."""
    with open(path) as f:
        tree = ast.parse(f.read())
    return sorted(a.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
                  and node.level == root_level and not node.module for a in node.names if a.name.startswith("_"))


class NoPrivateNamesFromTheRoot(unittest.TestCase):
    def test_every_module(self):
        for d, level in ((PKG, 1), (HERE, 2)):
            for name in sorted(os.listdir(d)):
                if name.endswith(".py") and name != "__init__.py":
                    bad = private_from_root(os.path.join(d, name), level)
                    self.assertFalse(bad, "%s takes %s from the package root: take them from jamaica._native"
                                     % (name, bad))

    def test_the_check_sees_one(self):
        import tempfile
        with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
            f.write("from . import _lib, Game\n")
        try:
            self.assertEqual(private_from_root(f.name, 1), ["_lib"])
        finally:
            os.unlink(f.name)


if __name__ == "__main__":
    unittest.main()
