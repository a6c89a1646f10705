"""VecEnv: the same bytes on 1 and 2 threads, episodes that are the games
`jamaica trace` plays for the same seed and choices, Gymnasium's vector
shapes, and bad arguments refused with the games unchanged."""
import os
import re
import subprocess
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "python"))
import jamaica  # noqa: E402

try:
    import numpy as np
except ImportError:  # the Makefile runs these with an interpreter that has numpy
    np = None

BIN = os.environ.get("JAMAICA_BIN", os.path.join(os.path.dirname(__file__), "..", "..", "bin", "jamaica"))


@unittest.skipUnless(np is not None, "numpy is not installed for this interpreter")
class TestVecEnv(unittest.TestCase):
    def run_steps(self, threads, steps=150, **kw):
        env = jamaica.VecEnv(64, seed=7, threads=threads, **kw)
        obs, info = env.reset()
        rng = np.random.default_rng(3)
        trail = [obs.copy(), info["action_mask"].copy()]
        for _ in range(steps):
            a = jamaica.random_actions(info, rng)
            obs, r, te, tr, info = env.step(a)
            trail += [obs.copy(), r.copy(), te.copy(), tr.copy(), info["action_mask"].copy(), info["to_move"].copy(),
                      info["scores"].copy(), info["game"].copy()]
        env.close()
        return trail

    def test_same_bytes_on_1_and_2_threads(self):
        for kw in ({"players": 4, "opponents": "random"}, {"players": 3, "opponents": "greedy"},
                   {"players": 2, "self_play": True}):
            a, b = self.run_steps(1, **kw), self.run_steps(2, **kw)
            self.assertEqual(len(a), len(b))
            for x, y in zip(a, b):
                self.assertEqual(x.tobytes(), y.tobytes(), kw)

    def test_shapes_and_types(self):
        env = jamaica.VecEnv(8, players=4, opponents="random", seed=1)
        obs, info = env.reset()
        self.assertEqual(obs.shape, (8, jamaica.OBS_SIZE))
        self.assertEqual(obs.dtype, np.float32)
        self.assertEqual(info["action_mask"].shape, (8, jamaica.ACTION_IDS))
        self.assertEqual(info["action_mask"].dtype, np.int8)  # Gymnasium's Discrete.sample(mask=...) takes int8
        self.assertTrue((info["to_move"] == 0).all())
        self.assertTrue((info["action_mask"].sum(axis=1) >= 2).all())
        a = jamaica.random_actions(info, np.random.default_rng(0))
        self.assertTrue(info["action_mask"][np.arange(8), a].all())
        obs, r, te, tr, info = env.step(a)
        self.assertEqual(r.shape, (8,))
        self.assertEqual(te.dtype, np.bool_)
        self.assertEqual(jamaica.action_id_kind(6), ("card", 0))
        selfplay = jamaica.VecEnv(4, players=3, self_play=True)
        _, _, _, _, info = selfplay.step(jamaica.random_actions(selfplay.reset()[1], np.random.default_rng(1)))
        self.assertEqual(selfplay.step(jamaica.random_actions(info, np.random.default_rng(2)))[1].shape, (4, 3))

    def test_episodes_are_the_games_of_trace(self):
        """Every seat learns and takes the first legal action (in the engine's
        order, found with a Game stepped alongside): the episode is the game
        `jamaica trace --agents first` plays, to the final scores."""
        for players, seed in ((3, 3), (4, 11), (2, 5)):
            env = jamaica.VecEnv(1, players=players, self_play=True, seed=seed, current_scores=True)
            obs, info = env.reset()
            g = jamaica.Game(players=players, seed=seed, game=0)
            kinds = jamaica.DECISIONS
            while True:
                while len(g.legal()) == 1:
                    g.apply(g.legal()[0])
                sc = g.scores()  # the game as it stands: VecEnv's current scores
                self.assertEqual(list(info["current_scores"][0]), [sc[p]["score"] for p in range(players)])
                code = g.legal()[0]
                aid = jamaica.vector._bind().jm_action_id_of(kinds.index(g.decision), code)
                self.assertTrue(info["action_mask"][0, aid])
                self.assertEqual(info["to_move"][0], g.to_move)
                g.apply(code)
                obs, r, te, tr, info = env.step(np.array([aid], dtype=np.int32))
                if te[0] or tr[0]:
                    break
                self.assertFalse(g.over)
            while not g.over:
                g.apply(g.legal()[0])
            out = subprocess.run([BIN, "trace", "--seed", str(seed), "--players", str(players), "--agents", "first"],
                                 stdout=subprocess.PIPE, text=True, check=True).stdout
            totals = [int(m.group(1)) for m in re.finditer(r"^  P\d +-?\d+ +-?\d+ +-?\d+ +-?\d+ +-?\d+ +(-?\d+)", out,
                                                              re.M)]
            sc = g.scores()
            self.assertEqual(totals, [sc[p]["score"] for p in range(players)])
            self.assertEqual(list(info["scores"][0]), totals)
            wins = [sc[p]["win"] for p in range(players)]
            self.assertEqual([float(x) for x in r[0]], wins)
            self.assertEqual(info["game"][0], 1)  # auto-reset: the env's next game

    def test_returned_arrays_are_the_callers_unless_copy_false(self):
        # copy=True (the default): what a step returned keeps its values
        # after the next step; copy=False: they are the env's buffers,
        # rewritten by it (the documented hazard of the zero-copy path).
        for copy in (True, False):
            env = jamaica.VecEnv(4, players=2, seed=2, copy=copy)
            obs, info = env.reset()
            kept, kept_mask = obs, info["action_mask"]
            before, before_mask = obs.copy(), info["action_mask"].copy()
            rng = np.random.default_rng(0)
            obs2, r, te, tr, info2 = env.step(jamaica.random_actions(info, rng))
            self.assertFalse(np.array_equal(obs2, before))
            if copy:
                np.testing.assert_array_equal(kept, before)
                np.testing.assert_array_equal(kept_mask, before_mask)
                self.assertFalse(np.shares_memory(obs, obs2))
            else:
                self.assertTrue(np.shares_memory(kept, obs2))
                np.testing.assert_array_equal(kept, obs2)
            env.close()

    def test_next_step_autoreset_is_same_step_a_step_later(self):
        # The same games, the same actions: next_step returns the ended
        # game's last observation (same_step's final_obs) with no legal
        # action at the ending step, then at its next step the next game's
        # first observation (same_step's obs of the ending step), reward 0,
        # ignoring the action given.
        a = jamaica.VecEnv(6, players=2, seed=9, autoreset_mode="same_step")
        b = jamaica.VecEnv(6, players=2, seed=9, autoreset_mode="next_step")
        oa, ia = a.reset()
        ob, ib = b.reset()
        np.testing.assert_array_equal(oa, ob)
        rng = np.random.default_rng(3)
        for _ in range(400):
            act = jamaica.random_actions(ia, rng)
            oa, ra, ta, tra, ia = a.step(act)
            ob, rb, tb, trb, ib = b.step(act)
            end = ta | tra
            np.testing.assert_array_equal(tb | trb, end)
            np.testing.assert_array_equal(rb, ra)
            np.testing.assert_array_equal(ob[~end], oa[~end])
            if end.any():
                break
        self.assertTrue(end.any())
        for i in np.flatnonzero(end):
            np.testing.assert_array_equal(ob[i], ia["final_obs"][i])
            self.assertEqual((ib["legal_count"][i], ib["action_mask"][i].sum()), (0, 0))
        act = jamaica.random_actions(ib, rng)  # the ended rows' ids: -1, and any id would be ignored
        ob2, rb2, tb2, trb2, ib2 = b.step(act)
        for i in np.flatnonzero(end):
            np.testing.assert_array_equal(ob2[i], oa[i])  # the next game's first observation
            self.assertEqual((rb2[i], tb2[i], trb2[i]), (0.0, False, False))
            self.assertEqual(ib2["game"][i], ia["game"][i])
        a.close()
        b.close()

    def test_bad_arguments(self):
        for kw, exc in (({"num_envs": 0}, ValueError), ({"num_envs": 4, "players": 7}, ValueError),
                        ({"num_envs": 4, "opponents": "nosuch"}, jamaica.JamaicaError),
                        ({"num_envs": 4, "rules": "bogus"}, jamaica.JamaicaError),
                        ({"num_envs": 4, "learners": (5,)}, ValueError)):
            with self.assertRaises(exc, msg=kw):
                jamaica.VecEnv(**kw)
        env = jamaica.VecEnv(4, seed=2)
        with self.assertRaises(jamaica.JamaicaError):
            env.step(np.zeros(4, dtype=np.int32))  # before reset
        obs, info = env.reset()
        before = obs.copy()
        for bad, exc in ((np.zeros(3, dtype=np.int32), ValueError), (np.zeros(4, dtype=np.float32), TypeError),
                         (np.zeros((4, 1), dtype=np.int32), ValueError)):
            with self.assertRaises(exc):
                env.step(bad)
        illegal = jamaica.random_actions(info, np.random.default_rng(0))
        illegal[2] = int(np.flatnonzero(info["action_mask"][2] == 0)[0])
        with self.assertRaisesRegex(jamaica.JamaicaError, "env 2"):
            env.step(illegal)
        self.assertEqual(obs.tobytes(), before.tobytes())  # no game moved
        good = jamaica.random_actions(info, np.random.default_rng(0))
        env.step(good)  # and the envs go on


if __name__ == "__main__":
    unittest.main()
