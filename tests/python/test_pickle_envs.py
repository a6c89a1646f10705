"""pickle and copy.deepcopy of the environments: Env and AECEnv (and Game,
Agent) round-trip, and the copy goes on with the same observations,
rewards and ends as the original for the same actions; VecEnv, whose games
live in the C library's pool, refuses with a TypeError that says what to do;
so does an Env seated against an agent from outside."""
import copy
import os
import pickle
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "python"))
import jamaica  # noqa: E402

try:
    import numpy as np
except ImportError:
    np = None

COPIERS = (("pickle", lambda e: pickle.loads(pickle.dumps(e))), ("deepcopy", copy.deepcopy))


def _legal_id(mask, rng):
    ok = np.flatnonzero(mask)
    return int(rng.choice(ok))


@unittest.skipUnless(np is not None, "numpy is not installed for this interpreter")
class TestPickle(unittest.TestCase):
    def env_trail(self, env, rng, steps):
        """(obs bytes, reward, terminated, truncated) for `steps` steps of
        random legal ids, resetting at each end."""
        out = []
        obs, info = None, None
        for _ in range(steps):
            if env._done or env.game.over:
                obs, info = env.reset()
                out.append(("reset", obs.tobytes()))
                continue
            mask = env.legal_mask()
            obs, r, te, tr, info = env.step(_legal_id(mask, rng))
            out.append((obs.tobytes(), r, te, tr, info["game"]))
        return out

    def test_env_round_trips_and_continues(self):
        for opp in ("random", "greedy", ["random", "random", "greedy", "mcts:iters=20"]):
            env = jamaica.Env(players=4, seat=1, opponents=opp, seed=11)
            env.reset(seed=11)
            rng = np.random.default_rng(2)
            self.env_trail(env, rng, 60)       # mid-game, the opponents' streams moved on
            for name, f in COPIERS:
                twin = f(env)
                self.assertIsNot(twin.game, env.game)
                a = self.env_trail(env, np.random.default_rng(5), 400)
                b = self.env_trail(twin, np.random.default_rng(5), 400)
                self.assertEqual(a, b, (opp, name))
                self.assertGreater(sum(1 for x in a if x[0] == "reset"), 0)
                twin.close()
            env.close()

    def test_aec_round_trips_and_continues(self):
        env = jamaica.AECEnv(players=3, seed=4)
        env.reset(seed=4)

        def trail(e, rng, steps):
            out = []
            for _ in range(steps):
                if not e.agents:
                    e.reset()
                obs, r, te, tr, info = e.last()
                act = None if te or tr else _legal_id(info["action_mask"], rng)
                out.append((e.agent_selection, obs.tobytes(), r, te, tr))
                e.step(act)
            return out
        trail(env, np.random.default_rng(1), 50)
        for name, f in COPIERS:
            twin = f(env)
            a = trail(env, np.random.default_rng(8), 500)
            b = trail(twin, np.random.default_rng(8), 500)
            self.assertEqual(a, b, name)
            self.assertGreater(sum(1 for x in a if x[3]), 0)   # games ended within the trail

    def test_game_and_agent(self):
        g = jamaica.Game(players=3, seed=2)
        for _ in range(20):
            g.apply(g.legal()[0])
        for _, f in COPIERS:
            h = f(g)
            self.assertEqual(h.position, g.position)
            h.apply(h.legal()[-1])
            self.assertNotEqual(h.position, g.position)
        a = jamaica.Agent("random")
        a.reset(3, 0, 1)
        a.choose(g)
        for _, f in COPIERS:
            b = f(a)
            self.assertEqual([a.choose(g) for _ in range(30)], [b.choose(g) for _ in range(30)])

    def test_vecenv_refuses(self):
        env = jamaica.VecEnv(2, seed=1, threads=1)
        env.reset()
        for name, f in COPIERS + (("copy", copy.copy),):
            with self.assertRaises(TypeError) as cm:
                f(env)
            self.assertIn("constructor arguments", str(cm.exception), name)
        env.step(jamaica.random_actions(env.reset()[1], np.random.default_rng(0)))  # still usable
        env.close()

    def test_outside_agent_refuses(self):
        """An Env against a program (cmd:): its process cannot travel, so
        pickle and deepcopy raise TypeError naming the agent and the way out."""
        faulty = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "fixtures",
                                               "agents", "faulty.sh"))
        env = jamaica.Env(players=2, seat=0, opponents="cmd:sh %s good" % faulty, seed=1)
        env.reset()
        try:
            for name, f in COPIERS:
                with self.assertRaises(TypeError) as cm:
                    f(env)
                self.assertIn("make it again from its spec", str(cm.exception), name)
        finally:
            env.close()


if __name__ == "__main__":
    unittest.main()
