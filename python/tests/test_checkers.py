"""The ecosystem's own checkers on the three environments, when its
packages import (pip install gymnasium pettingzoo; neither is a Debian
package, so without them these tests skip with a line saying so):
Gymnasium's check_env (Env, 2 to 6 players, the mask inside the
observation or not), its passive checker and RecordEpisodeStatistics;
PettingZoo's api_test (2 to 6 players) and seed_test; Gymnasium's vector
wrappers on VecEnv.  docs/LEARNING.md says how to run them."""
import os
import sys
import unittest
import warnings

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
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
    from pettingzoo.test import api_test, seed_test
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


if __name__ == "__main__":
    unittest.main()
