"""VecEnv's info["final_obs"] and info["final_info"] under copy=True are the
caller's: kept as returned, they equal a deep copy taken at that step after
many more steps (before the fix 60 of 64 kept final observations were
rewritten by that env's next ended game, and final_info["scores"] at the
next step).  Under copy=False they are the environment's buffers."""
import copy
import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "python"))
import jamaica  # noqa: E402

try:
    import numpy as np
except ImportError:
    np = None


def _equal(a, b):
    if isinstance(a, dict):
        return isinstance(b, dict) and a.keys() == b.keys() and all(_equal(a[k], b[k]) for k in a)
    if isinstance(a, np.ndarray) and a.dtype == object:
        return b.shape == a.shape and all(_equal(x, y) for x, y in zip(a, b))
    if isinstance(a, np.ndarray):
        return isinstance(b, np.ndarray) and a.shape == b.shape and bool(np.array_equal(a, b))
    return a is b or a == b


@unittest.skipUnless(np is not None, "numpy is not installed for this interpreter")
class TestFinalCopies(unittest.TestCase):
    def run_env(self, copy_flag, steps=1500):
        env = jamaica.VecEnv(4, players=4, opponents="random", seed=5, threads=1, copy=copy_flag)
        obs, info = env.reset()
        rng = np.random.default_rng(9)
        kept = []
        for _ in range(steps):
            obs, r, te, tr, info = env.step(jamaica.random_actions(info, rng))
            if "final_obs" in info:
                kept.append((info["final_obs"], info["final_info"], info["_final_obs"],
                             copy.deepcopy(info["final_obs"]), copy.deepcopy(info["final_info"]),
                             info["_final_obs"].copy()))
        env.close()
        return kept

    def test_copy_true_keeps_every_final(self):
        kept = self.run_env(True)
        self.assertGreater(len(kept), 20)
        changed_obs = sum(not _equal(k[0], k[3]) for k in kept)
        changed_info = sum(not _equal(k[1], k[4]) for k in kept)
        changed_mask = sum(not _equal(k[2], k[5]) for k in kept)
        self.assertEqual((changed_obs, changed_info, changed_mask), (0, 0, 0), "of %d kept" % len(kept))
        for fo, fi, mask, _, _, _ in kept:   # the rows where no game ended are None, the others arrays
            for i, x in enumerate(fo):
                self.assertEqual(x is None, not mask[i])
                if x is not None:
                    self.assertEqual(x.shape, (jamaica.OBS_SIZE,))
                    self.assertTrue(x.flags["OWNDATA"] or x.base is not None and x.base.flags["OWNDATA"])

    def test_copy_false_shares_the_buffers(self):
        """copy=False: final_obs's rows and final_info's arrays are the
        environment's buffers, rewritten later (what docs/LEARNING.md says)."""
        kept = self.run_env(False, steps=600)
        self.assertGreater(len(kept), 5)
        self.assertGreater(sum(not _equal(k[1], k[4]) for k in kept), 0)


if __name__ == "__main__":
    unittest.main()
