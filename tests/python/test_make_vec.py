"""gymnasium.make_vec("jamaica/Jamaica-v1", num_envs=N,
vectorization_mode="vector_entry_point") builds a jamaica.VecEnv (the
registration's vector_entry_point).  Skips where gymnasium does not import
(it is not installed in this project's test machines)."""
import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "python"))
import jamaica  # noqa: E402

try:
    import gymnasium
    import jamaica.envs  # noqa: F401 (registers the id)
except ImportError:
    gymnasium = None


@unittest.skipUnless(gymnasium is not None, "gymnasium is not installed (pip install gymnasium>=1.0)")
class TestMakeVec(unittest.TestCase):
    def test_vector_entry_point(self):
        import inspect
        if "vector_entry_point" not in inspect.signature(gymnasium.register).parameters:
            self.skipTest("this gymnasium's register() has no vector_entry_point")
        spec = gymnasium.spec("jamaica/Jamaica-v1")
        self.assertIsNotNone(spec.vector_entry_point, "registered without a vector entry point")
        env = gymnasium.make_vec("jamaica/Jamaica-v1", num_envs=3, vectorization_mode="vector_entry_point",
                                 players=3, seed=2, threads=1)  # the spec's kwargs: to VecEnv here
        try:
            self.assertIsInstance(env.unwrapped, jamaica.VecEnv)
            obs, info = env.reset()
            self.assertEqual(obs.shape, (3, jamaica.OBS_SIZE))
            self.assertEqual(env.unwrapped.players, 3)
        finally:
            env.close()


if __name__ == "__main__":
    unittest.main()
