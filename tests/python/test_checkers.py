"""The ecosystem's own checkers on the three environments, when its
packages import (pip install gymnasium pettingzoo; neither is a Debian
package, so without them these tests skip with a line saying so):
Gymnasium's check_env (Env, 2 to 6 players, the mask inside the
observation or not), its passive checker and RecordEpisodeStatistics;
PettingZoo's api_test (2 to 6 players), seed_test and render_test;
Gymnasium's vector wrappers on VecEnv, its observation wrappers on VecEnv
in next-step autoreset, and VecEnv against gymnasium.vector.SyncVectorEnv
of Envs for the same seeds and actions.  docs/LEARNING.md says how to run
them."""
import os
import sys
import unittest
import warnings

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "python"))
import jamaica  # noqa: E402

try:
    import numpy as np
except ImportError:
    np = None
try:
    import gymnasium
    from gymnasium.utils.env_checker import check_env
except ImportError as e:
    gymnasium = None
    why_gym = "gymnasium is not importable here (%s): pip install gymnasium to run its checkers" % e
try:
    from pettingzoo.test import api_test, render_test, seed_test
except ImportError as e:
    api_test = None
    why_pz = "pettingzoo is not importable here (%s): pip install pettingzoo to run its checkers" % e


@unittest.skipIf(gymnasium is None, why_gym if gymnasium is None else "")
class TestGymnasiumCheckers(unittest.TestCase):
    def test_check_env_at_every_player_count(self):
        self.assertEqual(jamaica.spaces_from(), "gymnasium")
        for players in range(2, 7):
            for mask_in_obs in (False, True):
                env = jamaica.Env(players=players, mask_in_obs=mask_in_obs)
                self.assertIsInstance(env, gymnasium.Env)
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")  # the note on render modes without a registered spec
                    check_env(env)

    def test_made_from_the_registry_with_the_passive_checker_and_statistics(self):
        env = gymnasium.make("jamaica/Jamaica-v1", players=3, opponents="greedy")
        env = gymnasium.wrappers.RecordEpisodeStatistics(env)
        obs, info = env.reset(seed=4)
        episodes = 0
        while episodes < 3:
            obs, r, term, trunc, info = env.step(env.action_space.sample(info["action_mask"]))
            if term or trunc:
                self.assertIn("episode", info)
                self.assertGreater(info["episode"]["l"], 0)
                episodes += 1
                obs, info = env.reset()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            check_env(gymnasium.make("jamaica/Jamaica-v1", players=2).unwrapped)

    def test_vector_wrappers_on_vecenv(self):
        from gymnasium.wrappers.vector import NormalizeReward, RecordEpisodeStatistics
        vec = jamaica.VecEnv(16, players=2, opponents="random", seed=1)
        self.assertIsInstance(vec, gymnasium.vector.VectorEnv)
        env = NormalizeReward(RecordEpisodeStatistics(vec))
        obs, info = env.reset(seed=1)
        rng = np.random.default_rng(0)
        ended = 0
        for _ in range(400):
            obs, r, term, trunc, info = env.step(jamaica.random_actions(info, rng))
            if "episode" in info:
                ended += int(info["_episode"].sum())
        self.assertGreater(ended, 0)
        self.assertTrue(vec.observation_space.contains(obs))
        env.close()


    def test_observation_wrappers_on_vecenv_in_next_step_mode(self):
        # Gymnasium's vector observation wrappers need NEXT_STEP (or
        # DISABLED) autoreset; CleanRL's PPO recipes use NormalizeObservation.
        from gymnasium.vector import AutoresetMode
        from gymnasium.wrappers.vector import (DtypeObservation, FlattenObservation, NormalizeObservation,
                                               TransformObservation)
        made = [lambda v: NormalizeObservation(v), lambda v: TransformObservation(v, lambda o: o * 2.0),
                lambda v: FlattenObservation(v), lambda v: DtypeObservation(v, np.float64)]
        for make in made:
            vec = jamaica.VecEnv(8, players=2, opponents="random", seed=3, autoreset_mode=AutoresetMode.NEXT_STEP)
            self.assertEqual(vec.metadata["autoreset_mode"], AutoresetMode.NEXT_STEP)
            env = make(vec)
            obs, info = env.reset(seed=3)
            rng = np.random.default_rng(1)
            ended = 0
            for _ in range(300):
                obs, r, term, trunc, info = env.step(jamaica.random_actions(info, rng))
                ended += int((term | trunc).sum())
                self.assertEqual(obs.shape[0], 8)
            self.assertGreater(ended, 0)
            env.close()
        with self.assertRaises(ValueError):
            jamaica.VecEnv(2, autoreset_mode="sometimes")

    def test_vecenv_and_sync_vector_env_play_the_same_episodes(self):
        # reset(seed=[S_0..]) means SyncVectorEnv's: env i plays game 0 of
        # S_i, then its next games, in both autoreset modes.
        from gymnasium.vector import AutoresetMode, SyncVectorEnv
        seeds = [11, 12, 13, 14]
        for mode in (AutoresetMode.NEXT_STEP, AutoresetMode.SAME_STEP):
            vec = jamaica.VecEnv(4, players=3, opponents="random", seed=1, autoreset_mode=mode)
            sync = SyncVectorEnv([lambda: jamaica.Env(players=3, opponents="random") for _ in seeds],
                                 autoreset_mode=mode)
            o1, i1 = vec.reset(seed=seeds)
            o2, i2 = sync.reset(seed=seeds)
            np.testing.assert_array_equal(o1, o2)
            rng = np.random.default_rng(5)
            episodes = 0
            for t in range(600):
                a = jamaica.random_actions(i1, rng)
                o1, r1, te1, tr1, i1 = vec.step(a)
                o2, r2, te2, tr2, i2 = sync.step(a)
                np.testing.assert_array_equal(o1, o2, err_msg="step %d (%s)" % (t, mode))
                np.testing.assert_array_equal(r1, r2)
                np.testing.assert_array_equal(te1, te2)
                np.testing.assert_array_equal(tr1, tr2)
                np.testing.assert_array_equal(i1["action_mask"], i2["action_mask"].astype(np.int8))
                episodes += int((te1 | tr1).sum())
            self.assertGreater(episodes, 4)
            vec.close()
            sync.close()


@unittest.skipIf(api_test is None, why_pz if api_test is None else "")
class TestPettingZooCheckers(unittest.TestCase):
    def test_api_test_and_seed_test_at_every_player_count(self):
        import pettingzoo
        for players in range(2, 7):
            for mask_in_obs in (False, True):
                env = jamaica.AECEnv(players=players, mask_in_obs=mask_in_obs)
                self.assertIsInstance(env, pettingzoo.AECEnv)
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")  # a dict observation is "not a NumPy array"
                    api_test(env, num_cycles=300)
            seed_test(lambda: jamaica.AECEnv(players=players), num_cycles=100)

    def test_render_test(self):
        # PettingZoo's render_test makes the env with render_mode="human",
        # as every classic PettingZoo game offers, then each mode listed.
        import contextlib
        import io
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            render_test(lambda render_mode=None: jamaica.AECEnv(players=3, render_mode=render_mode))
        self.assertIn("jamaica/1 players=3", out.getvalue())


if __name__ == "__main__":
    unittest.main()
