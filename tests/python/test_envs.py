"""The three environments' one meaning (python/jamaica/envs.py, vector.py),
strict enough to fail on each defect an outside check found: a stale
observation space, a bool mask, a winner's reward counted once per leaving
agent, the round cap as a termination, reset() replaying the same games,
no final observation at an autoreset, a crash after close(), an illegal
action raising where the checkers sample without the mask.  Then, when
gymnasium and pettingzoo import, their own checkers (test_checkers.py)."""
import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "python"))
import jamaica  # noqa: E402

try:
    import numpy as np
except ImportError:
    np = None

needs_numpy = unittest.skipIf(np is None, "numpy is not installed for this interpreter (the environments need it)")


@needs_numpy
class TestSpaces(unittest.TestCase):
    def test_observations_are_in_their_true_bounds(self):
        space = jamaica.Env(players=2).observation_space
        self.assertEqual(space.dtype, np.float32)
        self.assertEqual(space.shape, (jamaica.OBS_SIZE,))
        self.assertTrue((space.low == 0).all())
        self.assertEqual(float(space.high[17]), 100.0)  # round / 100, up to the round cap of 10,000
        env = jamaica.VecEnv(64, players=3, opponents="random", seed=2, self_play=True,
                             rules="2021,round_cap=10000")
        obs, info = env.reset()
        rng = np.random.default_rng(1)
        for _ in range(400):
            self.assertTrue(env.single_observation_space.contains(obs[0]))
            self.assertTrue(((obs >= jamaica.OBS_LOW) & (obs <= jamaica.OBS_HIGH)).all())
            obs, r, te, tr, info = env.step(jamaica.random_actions(info, rng))
        self.assertEqual(info["action_mask"].dtype, np.int8)

    def test_masks_are_int8_as_discrete_sample_takes_them(self):
        env = jamaica.Env(players=2)
        obs, info = env.reset(seed=3)
        self.assertEqual(info["action_mask"].dtype, np.int8)
        for _ in range(20):
            a = env.action_space.sample(info["action_mask"])
            self.assertEqual(info["action_mask"][a], 1)
        dict_env = jamaica.AECEnv(players=3, mask_in_obs=True)
        dict_env.reset(seed=1)
        obs = dict_env.observe(dict_env.agent_selection)
        self.assertEqual(set(obs), {"observation", "action_mask"})
        self.assertTrue(dict_env.observation_space(dict_env.agent_selection).contains(obs))
        self.assertEqual(obs["action_mask"].dtype, np.int8)


@needs_numpy
class TestOneMeaning(unittest.TestCase):
    def test_the_round_cap_is_a_truncation_everywhere(self):
        rules = "2021,round_cap=2"
        env = jamaica.Env(players=2, rules=rules)
        obs, info = env.reset(seed=1)
        done = False
        while not done:
            obs, r, term, trunc, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
            done = term or trunc
        self.assertTrue(trunc)
        self.assertFalse(term)
        aec = jamaica.AECEnv(players=2, rules=rules)
        aec.reset(seed=1)
        for agent in aec.agent_iter():
            _, _, term, trunc, info = aec.last()
            if term or trunc:
                self.assertTrue(trunc and not term)
                aec.step(None)
            else:
                aec.step(int(np.flatnonzero(info["action_mask"])[0]))
        vec = jamaica.VecEnv(4, players=2, rules=rules, opponents="random", seed=1)
        obs, info = vec.reset()
        rng = np.random.default_rng(0)
        for _ in range(200):
            obs, r, term, trunc, info = vec.step(jamaica.random_actions(info, rng))
            self.assertFalse(term.any())
            if trunc.any():
                break
        self.assertTrue(trunc.any())

    def test_reset_with_a_seed_starts_its_deals_without_one_goes_on(self):
        env = jamaica.Env(players=2)
        first = env.reset(seed=7)[0].copy()
        second = env.reset()[0].copy()
        again = env.reset(seed=7)[0].copy()
        self.assertTrue((first == again).all())
        self.assertEqual(env.episode, 0)
        self.assertFalse((first == second).all())
        vec = jamaica.VecEnv(3, players=2, seed=7)
        obs, info = vec.reset()
        games = info["game"].copy()
        self.assertEqual(list(games), [0, 1, 2])
        obs, info = vec.reset()  # goes on: each env's next game
        self.assertEqual(list(info["game"]), [3, 4, 5])
        obs, info = vec.reset(seed=7)
        self.assertEqual(list(info["game"]), [0, 1, 2])
        self.assertTrue((obs[0] == first).all())  # env 0, game 0 of seed 7, as Env's
        obs, info = vec.reset(seed=[7, 8, 9])
        self.assertTrue((obs[0] == first).all())
        # a seed each: game 0 of it, then the next, as Env reset with it
        self.assertEqual(list(info["game"]), [0, 0, 0])
        obs, info = vec.reset()
        self.assertEqual(list(info["game"]), [1, 1, 1])
        env8 = jamaica.Env(players=2, seed=8)
        eobs, _ = env8.reset(seed=8)
        eobs, _ = env8.reset()
        self.assertTrue((obs[1] == eobs).all())
        with self.assertRaises(ValueError):
            vec.reset(seed=[1, 2])

    def test_an_illegal_action_loses_by_default_and_raises_when_strict(self):
        env = jamaica.Env(players=3)
        obs, info = env.reset(seed=1)
        bad = int(np.flatnonzero(info["action_mask"] == 0)[0])
        obs, reward, term, trunc, info = env.step(bad)
        self.assertEqual((reward, term, trunc, info["illegal_action"]), (-1.0, True, False, True))
        self.assertEqual(int(info["action_mask"].sum()), 0)
        with self.assertRaises(jamaica.JamaicaError):
            env.step(0)  # the episode is over
        for value in (None, 1.5, -1, jamaica.ACTION_IDS, "x"):
            env.reset()
            self.assertTrue(env.step(value)[4]["illegal_action"])
        strict = jamaica.Env(players=3, illegal="raise")
        strict.reset(seed=1)
        with self.assertRaises(jamaica.JamaicaError):
            strict.step(bad)
        aec = jamaica.AECEnv(players=4)
        aec.reset(seed=1)
        culprit = aec.agent_selection
        aec.step(int(np.flatnonzero(aec.infos[culprit]["action_mask"] == 0)[0]))
        self.assertTrue(all(aec.terminations.values()))
        self.assertEqual(aec.rewards[culprit], -1.0)
        self.assertTrue(aec.infos[culprit]["illegal_action"])
        with self.assertRaises(ValueError):
            jamaica.Env(illegal="ignore")

    def test_aec_rewards_are_counted_once_at_every_player_count(self):
        # PettingZoo's play_test: what last() gives is the sum of `rewards`
        # over the steps since the agent last acted, leaving agents included.
        for players in range(2, 7):
            env = jamaica.AECEnv(players=players)
            env.reset(seed=players)
            acc = {a: 0.0 for a in env.agents}
            rng = np.random.default_rng(players)
            total = 0.0
            for agent in env.agent_iter():
                _, reward, term, trunc, info = env.last()
                self.assertEqual(acc[agent], reward, (players, agent))
                acc[agent] = 0.0
                if term or trunc:
                    total += reward
                    env.step(None)
                else:
                    env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
                for a, r in env.rewards.items():
                    acc[a] += r
            self.assertLessEqual(total, 1.0 + 1e-9)
            self.assertEqual(env.agents, [])

    def test_vecenv_final_observation_and_close(self):
        vec = jamaica.VecEnv(8, players=2, opponents="random", seed=3)
        obs, info = vec.reset()
        self.assertEqual(vec.metadata["autoreset_mode"].name if hasattr(vec.metadata["autoreset_mode"], "name")
                         else vec.metadata["autoreset_mode"], "SAME_STEP" if jamaica.spaces_from() == "gymnasium"
                         else "SameStep")
        self.assertEqual(vec.single_action_space.n, jamaica.ACTION_IDS)
        self.assertEqual(vec.single_observation_space.shape, (jamaica.OBS_SIZE,))
        rng = np.random.default_rng(0)
        seen = 0
        while seen < 3:
            before = info["game"].copy()
            obs, r, term, trunc, info = vec.step(jamaica.random_actions(info, rng))
            ended = term | trunc
            if ended.any():
                self.assertTrue((info["_final_obs"] == ended).all())
                for i in np.flatnonzero(ended):
                    final = info["final_obs"][i]
                    self.assertEqual(final.shape, (jamaica.OBS_SIZE,))
                    self.assertFalse((final == obs[i]).all())  # the ended game's, not the new one's
                    self.assertEqual(info["final_info"]["game"][i], before[i])
                    self.assertEqual(info["game"][i], before[i] + 8)
                    seen += 1
                self.assertTrue(all(x is None for x in info["final_obs"][~ended]))
        vec.close()
        for call in (lambda: vec.step(np.zeros(8, dtype=np.int32)), vec.reset):
            with self.assertRaises(jamaica.JamaicaError):
                call()
        vec.close()  # twice: nothing
        env = jamaica.Env(players=2)
        env.close()
        with self.assertRaises(jamaica.JamaicaError):
            env.reset()

    def test_vecenv_uses_every_core_whatever_openmp_was_set_to(self):
        # torch lowers OpenMP's thread count at import on some machines;
        # VecEnv's pool must not take that as its default.
        import ctypes
        try:
            gomp = ctypes.CDLL("libgomp.so.1")
        except OSError:
            self.skipTest("libgomp.so.1 is not installed (no OpenMP to change)")
        before = gomp.omp_get_max_threads()
        saved = os.environ.pop("OMP_NUM_THREADS", None)
        try:
            gomp.omp_set_num_threads(1)
            cores = len(os.sched_getaffinity(0))
            self.assertEqual(jamaica.VecEnv(4, players=2).threads, cores)
            os.environ["OMP_NUM_THREADS"] = "3"
            self.assertEqual(jamaica.VecEnv(4, players=2).threads, 3)
            self.assertEqual(jamaica.VecEnv(4, players=2, threads=2).threads, 2)
        finally:
            gomp.omp_set_num_threads(before)
            os.environ.pop("OMP_NUM_THREADS", None)
            if saved is not None:
                os.environ["OMP_NUM_THREADS"] = saved

    def test_import_sets_passive_waits_unless_the_user_did(self):
        import subprocess
        code = "import os, jamaica; print(os.environ['OMP_WAIT_POLICY'], os.environ['OPENBLAS_THREAD_TIMEOUT'])"
        env = {k: v for k, v in os.environ.items() if k not in ("OMP_WAIT_POLICY", "OPENBLAS_THREAD_TIMEOUT")}
        env["PYTHONPATH"] = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "python")
        run = lambda e: subprocess.run([sys.executable, "-c", code], env=e, capture_output=True, text=True,
                                       check=True).stdout.split()
        self.assertEqual(run(env), ["PASSIVE", "20"])
        self.assertEqual(run(dict(env, OMP_WAIT_POLICY="ACTIVE", OPENBLAS_THREAD_TIMEOUT="28")), ["ACTIVE", "28"])

    def test_the_privileged_input_is_every_seats_view_and_no_agents(self):
        vec = jamaica.VecEnv(4, players=3, self_play=True, seed=5, privileged=True)
        obs, info = vec.reset()
        rng = np.random.default_rng(2)
        for _ in range(50):
            state = info["state"].reshape(4, 3, jamaica.OBS_SIZE)
            for i in range(4):
                seat = info["to_move"][i]
                self.assertTrue((state[i, seat] == obs[i]).all())  # the policy's input is its own view
                others = [p for p in range(3) if p != seat]
                self.assertTrue(any((state[i, p] != obs[i]).any() for p in others))
            obs, r, te, tr, info = vec.step(jamaica.random_actions(info, rng))
        plain = jamaica.VecEnv(4, players=3, self_play=True, seed=5)
        self.assertNotIn("state", plain.reset()[1])


@needs_numpy
class TestDecodable(unittest.TestCase):
    def test_vecenv_observations_decode_to_the_views_text(self):
        # Env's games are VecEnv's (game 0 of the seed, the same opponents'
        # streams): step both with the same ids and read each observation
        # back as the view Env's game shows its seat, and every legal id's
        # text as the game's own for that action, over whole games of 2 to
        # 6 players (card, pay, gunpowder and loot decisions among them).
        checked, kinds = 0, set()
        for players in range(2, 7):
            for seed in (6, 7, 8):
                vec = jamaica.VecEnv(1, players=players, opponents="random", seed=seed)
                env = jamaica.Env(players=players, opponents="random", seed=seed)
                obs, info = vec.reset()
                env.reset(seed=seed)
                rng = np.random.default_rng(seed)
                while True:
                    self.assertEqual(jamaica.decode(obs[0]), env.game.view(0))
                    ids = np.flatnonzero(info["action_mask"][0])
                    texts = [jamaica.action_text(obs[0], i) for i in ids]
                    self.assertEqual(texts, [env.game.action_to_string(jamaica.action_of_id(env.game, i)) for i in ids])
                    kinds.update(jamaica.action_id_kind(int(i))[0] for i in ids)
                    checked += len(ids)
                    a = int(rng.choice(ids))
                    obs, r, te, tr, info = vec.step(np.array([a], dtype=np.int32))
                    eobs, er, ete, etr, einfo = env.step(a)
                    if ete or etr:
                        break
                vec.close()
        self.assertGreater(checked, 2000)
        for k in ("card", "pay", "powder", "loot", "dest", "hold"):
            self.assertIn(k, kinds)
        with self.assertRaises(jamaica.JamaicaError):
            jamaica.action_text(obs[0], int(np.flatnonzero(info["action_mask"][0] == 0)[0]))
        with self.assertRaises(ValueError):
            jamaica.decode(np.zeros(jamaica.OBS_SIZE, dtype=np.float32))


if __name__ == "__main__":
    unittest.main()
