"""The trainers share one module (jamaica/trainer.py) and take nothing from
each other: each stays one file read top to bottom."""
import ast
import os
import unittest

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "jamaica")
TRAINERS = ("exit", "dmc", "spg", "distill", "td")


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


if __name__ == "__main__":
    unittest.main()
