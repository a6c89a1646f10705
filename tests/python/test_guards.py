"""The module refuses wrong arguments of every kind with an exception that
names them, and never crashes the interpreter (the library guards' issue)."""
import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "python"))
import jamaica  # noqa: E402


class Guards(unittest.TestCase):
    def refuses(self, exc, words, f, *args, **kw):
        with self.assertRaises(exc) as cm:
            f(*args, **kw)
        for w in words:
            self.assertIn(w, str(cm.exception))

    def test_issue_reproducers(self):
        a = jamaica.Agent("greedy")
        a.close()
        self.refuses(ValueError, ["closed"], a.choose, jamaica.Game())
        self.refuses(ValueError, ["seat 9"], jamaica.Game(players=4).observe, 9, 1)
        self.refuses(ValueError, ["1.5"], jamaica.Game().apply, 1.5)
        self.refuses(ValueError, ["-1"], jamaica.Game, seed=-1)
        self.refuses(ValueError, [str(2 ** 70)], jamaica.Game, seed=2 ** 70)
        self.refuses(TypeError, ["rules", "NoneType"], jamaica.Game, rules=None)
        self.refuses(TypeError, ["spec", "NoneType"], jamaica.Agent, None)

    def test_wrong_types(self):
        g = jamaica.Game()
        for bad in (None, "1", [1], 1.0j, True):
            self.refuses(TypeError, ["action"], g.apply, bad)
            self.refuses(TypeError, ["seed"], jamaica.Game, seed=bad)
            self.refuses(TypeError, ["players"], jamaica.Game, players=bad)
            self.refuses(TypeError, ["game"], jamaica.Game, game=bad)
            self.refuses(TypeError, ["seat"], g.observe, bad, 1)
            self.refuses(TypeError, ["ship"], g.ship, bad)
            self.refuses(TypeError, ["seat"], g.features, bad)
        for bad in (None, 4, b"2021", ["2021"]):
            self.refuses(TypeError, ["rules"], jamaica.Game, rules=bad)
            self.refuses(TypeError, ["spec"], jamaica.Agent, bad)
            if bad is not None:  # position=None means "no position"
                self.refuses(TypeError, ["position"], jamaica.Game, position=bad)
        self.refuses(TypeError, ["game", "str"], jamaica.Agent("random").choose, "not a game")

    def test_out_of_range(self):
        g = jamaica.Game(players=3)
        for seed in (-1, 2 ** 64, -(2 ** 70)):
            self.refuses(ValueError, ["seed", str(seed)], jamaica.Game, seed=seed)
            self.refuses(ValueError, ["seed"], g.observe, 0, seed)
        for players in (-1, 0, 1, 7, 2 ** 40):
            self.refuses(ValueError, ["players", str(players)], jamaica.Game, players=players)
        self.refuses(ValueError, ["game"], jamaica.Game, game=2 ** 63)
        for seat in (-1, 3, 6, 100):
            self.refuses(ValueError, ["seat %d" % seat], g.observe, seat, 1)
            self.refuses(ValueError, ["seat %d" % seat], g.features, seat)
        for ship in (-1, 7, 99):
            self.refuses(ValueError, ["ship %d" % ship], g.ship, ship)
        for action in (2.5, float("nan"), float("inf")):
            self.refuses(ValueError, ["action"], g.apply, action)
        for action in (-1, 10 ** 6, 2 ** 31 - 1):
            self.refuses(jamaica.JamaicaError, ["illegal action"], g.apply, action)
        self.refuses(ValueError, ["action"], g.apply, 2 ** 40)
        self.refuses(ValueError, ["NUL"], jamaica.Game, rules="2021\0x")
        self.refuses(jamaica.JamaicaError, ["bad position"], jamaica.Game, position="jamaica/1 players=9")
        a = jamaica.Agent("random")
        for args in ((-1, 0, 0), (1, -1, 0), (1, 0, 6), (2 ** 64, 0, 0)):
            self.refuses(ValueError, [], a.reset, *args)
        self.refuses(ValueError, ["n 0"], jamaica.random_stream(1, 0, 0), 0)
        try:
            import numpy  # noqa: F401  (the environments need it)
        except ImportError:
            self.refuses(ImportError, ["numpy"], lambda: jamaica.Env())
            return
        self.refuses(ValueError, ["seat"], jamaica.Env, players=3, seat=3)
        self.refuses(ValueError, ["opponents"], jamaica.Env, players=4, opponents=["random", "first"])
        self.refuses(ValueError, ["reset"], jamaica.Env().step, 0)

    def test_closed_and_finished(self):
        a = jamaica.Agent("mcts:iters=5")
        a.close()
        a.close()  # twice is harmless
        self.refuses(ValueError, ["closed"], a.choose, jamaica.Game())
        self.refuses(ValueError, ["closed"], a.reset, 1, 0, 0)
        g = jamaica.Game(players=2, seed=3)
        while not g.over:
            g.apply(g.legal()[0])
        self.refuses(ValueError, ["over"], jamaica.Agent("random").choose, g)
        self.assertEqual(g.legal(), [])
        self.refuses(jamaica.JamaicaError, ["illegal"], g.apply, 0)

    def test_good_arguments_still_work(self):
        g = jamaica.Game(players=2, seed=2 ** 64 - 1, game=2 ** 63 - 1)
        self.assertEqual(g.players, 2)
        o = g.observe(1, 2 ** 64 - 1)
        self.assertEqual(o.players, 2)
        self.assertEqual(len(g.features(0)), 100)
        self.assertIn("holds", g.ship(jamaica.GHOST))
        a = jamaica.Agent("greedy")
        a.reset(2 ** 64 - 1, 2 ** 63 - 1, 5)
        self.assertIn(a.choose(g), g.legal())


if __name__ == "__main__":
    unittest.main()
