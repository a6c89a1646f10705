"""A reference agent (see=hands, see=all: handed the true state, for
measurement only) is refused beside an outside agent (cmd:, plugin:) where
the Python module seats C agents: Env's opponents, VecEnv's, self-play
against an opponent; the library refuses (agent_check_lineup), naming both,
before any agent is made.  tests/cli/ceiling.sh walks the commands."""
import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "python"))
import jamaica  # noqa: E402

try:
    import numpy as np
except ImportError:
    np = None

FAULTY = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "fixtures", "agents", "faulty.sh")
OUTSIDE = "cmd:sh %s good" % os.path.normpath(FAULTY)
SEE = "mcts:iters=10,see=hands"


@unittest.skipUnless(np is not None, "numpy is not installed for this interpreter (the environments need it)")
class TestCeiling(unittest.TestCase):
    def assertRefused(self, fn):
        with self.assertRaises(jamaica.JamaicaError) as cm:
            fn()
        msg = str(cm.exception)
        self.assertIn("refused beside an outside agent", msg)
        self.assertIn("'%s'" % SEE, msg)
        self.assertIn("'%s'" % OUTSIDE, msg)

    def test_env_opponents(self):
        self.assertRefused(lambda: jamaica.Env(players=3, opponents=["random", OUTSIDE, SEE]))
        self.assertRefused(lambda: jamaica.Env(players=3, seat=2, opponents=[SEE, OUTSIDE, "random"]))
        # The learner's own seat is no opponent: its spec is not seated.
        env = jamaica.Env(players=2, seat=0, opponents=[OUTSIDE, SEE])
        env.close()
        env = jamaica.Env(players=3, opponents=["random", SEE, "greedy"])  # no outside agent: allowed
        env.close()

    def test_vecenv_opponents(self):
        # One spec fills every seat that does not learn: a list is refused as a list.
        with self.assertRaises(TypeError):
            jamaica.VecEnv(2, players=3, opponents=[OUTSIDE, SEE])
        env = jamaica.VecEnv(2, players=3, opponents=SEE)  # the reference agent alone
        env.close()

    def test_selfplay_against(self):
        from jamaica.selfplay import selfplay
        self.assertRefused(lambda: selfplay(SEE, 2, players=2, opponent=OUTSIDE))
        self.assertRefused(lambda: selfplay(OUTSIDE, 2, players=2, opponent=SEE))
        d = selfplay(SEE, 1, players=2, opponent="random")  # no outside agent: played
        self.assertGreater(len(d["n"]), 0)


if __name__ == "__main__":
    unittest.main()
