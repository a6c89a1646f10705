"""The module in its ecosystem's shape: names and types as the CSVs have
them, actions in words, and the two environments against the contracts
Gymnasium's Env and PettingZoo's AECEnv document (checked here without
either package, as their own checkers would: reset/step signatures and
types, spaces, masks, the end of an episode, seeding)."""
import base64
import hashlib
import os
import re
import subprocess
import sys
import tempfile
import unittest
import zipfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "python"))
import jamaica  # noqa: E402
from test_jamaica import play_random  # noqa: E402

CSV_SCORE_COLUMNS = {"score", "rank", "win", "position_score", "gold", "treasure_points"}


class TestCsvNames(unittest.TestCase):
    def test_scores_and_rows_agree_by_name_and_type(self):
        rows = jamaica.sim(games=4, players=3, seed=9)
        self.assertEqual(len(rows), 4 * 3)
        for r in rows:
            self.assertIsInstance(r["captain_offset"], int)
            self.assertIsInstance(r["trace_hash"], str)
            self.assertRegex(r["trace_hash"], r"^[0-9a-f]{16}$")
        for game in range(4):
            g = play_random(9, game, 3, "2021")
            sc = g.scores()
            self.assertTrue(CSV_SCORE_COLUMNS <= set(sc[0]))
            for r in (x for x in rows if x["game"] == game):
                self.assertEqual(r["trace_hash"], g.trace_hash)
                for k in CSV_SCORE_COLUMNS:
                    self.assertAlmostEqual(float(r[k]), float(sc[r["seat"]][k]), places=6, msg=(game, k))


class TestActionText(unittest.TestCase):
    def test_every_legal_action_in_words(self):
        g = jamaica.Game(players=3, seed=1)
        self.assertEqual([g.action_to_string(a) for a in g.legal()],
                         ["morning die 1, evening die 2", "morning die 2, evening die 1"])
        g.apply(g.legal()[0])
        texts = [g.action_to_string(a) for a in g.legal()]
        self.assertTrue(all(t.startswith("card ") for t in texts), texts)
        self.assertEqual(len(set(texts)), len(texts))
        with self.assertRaises(jamaica.JamaicaError):
            g.action_to_string(-1)


try:
    import numpy  # noqa: F401
    needs_numpy = unittest.skipUnless(True, "")
except ImportError:
    needs_numpy = unittest.skip("numpy is not installed for this interpreter (the environments need it)")


@needs_numpy
class TestGymnasiumContract(unittest.TestCase):
    def test_reset_and_step_shapes(self):
        env = jamaica.Env(players=3, seat=1, seed=4)
        out = env.reset(seed=4)
        self.assertIsInstance(out, tuple)
        self.assertEqual(len(out), 2)
        obs, info = out
        self.assertIn(obs, env.observation_space)
        self.assertIsInstance(info, dict)
        self.assertEqual(len(info["action_mask"]), env.action_space.n)
        steps = 0
        while True:
            a = env.action_space.sample(info["action_mask"])
            self.assertTrue(info["action_mask"][a])
            out = env.step(a)
            self.assertEqual(len(out), 5)
            obs, reward, terminated, truncated, info = out
            self.assertIn(obs, env.observation_space)
            self.assertIsInstance(reward, float)
            self.assertIsInstance(terminated, bool)
            self.assertIsInstance(truncated, bool)
            steps += 1
            if terminated or truncated:
                break
            self.assertEqual(reward, 0.0)
        self.assertTrue(0.0 <= reward <= 1.0)
        self.assertEqual(sum(int(x) for x in info["action_mask"]), 0)
        with self.assertRaises(jamaica.JamaicaError):
            env.step(0)
        env.close()

    def test_seeded_resets_repeat_and_follow_the_games_of_the_seed(self):
        def episode(env, seed=None):
            obs, info = env.reset(seed=seed)
            trail = [obs.tobytes()]
            done = False
            while not done:  # the lowest legal action id
                obs, reward, done, _, info = env.step(int(info["action_mask"].argmax()))
                trail.append(obs.tobytes())
            return trail, reward, env.game.trace_hash

        a, b = jamaica.Env(players=2, seed=1), jamaica.Env(players=2, seed=99)
        first = episode(a, seed=5)
        self.assertEqual(first, episode(b, seed=5))
        second = episode(a)
        self.assertNotEqual(first[2], second[2])
        self.assertEqual(a.episode, 1)  # game 1 of seed 5
        c = jamaica.Env(players=2)
        episode(c, seed=5)
        self.assertEqual(second, episode(c))

    def test_render_and_bad_arguments(self):
        env = jamaica.Env(players=2, render_mode="ansi")
        env.reset(seed=1)
        self.assertTrue(env.render().startswith("jamaica/"))
        import contextlib
        import io
        out = io.StringIO()
        human = jamaica.Env(players=2, render_mode="human")  # PettingZoo's classic games' mode: printed
        human.reset(seed=1)
        with contextlib.redirect_stdout(out):
            self.assertIsNone(human.render())
        self.assertEqual(out.getvalue().strip(), env.render())
        with self.assertRaises(ValueError):
            jamaica.Env(render_mode="rgb_array")


@needs_numpy
class TestPettingZooContract(unittest.TestCase):
    def run_episode(self, env, seed=None, pick=lambda mask: mask.index(True)):
        env.reset(seed=seed)
        self.assertEqual(env.agents, env.possible_agents)
        seen, done_steps, trail = set(), set(), []
        for agent in env.agent_iter(max_iter=100000):
            self.assertIn(agent, env.agents)
            obs, reward, termination, truncation, info = env.last()
            self.assertIn(obs, env.observation_space(agent))
            self.assertIsInstance(reward, float)
            for other in env.agents:
                if other != agent:
                    self.assertEqual(sum(int(x) for x in env.infos[other]["action_mask"]), 0)
            if termination or truncation:
                self.assertNotIn(agent, done_steps)
                done_steps.add(agent)
                final = reward
                trail.append((agent, "done", final))
                env.step(None)
                continue
            self.assertEqual(agent, env.possible_agents[env.game.to_move])
            mask = list(info["action_mask"])
            self.assertGreaterEqual(sum(mask), 2)
            a = pick(mask)
            seen.add(agent)
            trail.append((agent, a))
            env.step(a)
        self.assertEqual(env.agents, [])
        self.assertEqual(done_steps, set(env.possible_agents))
        self.assertEqual(seen, set(env.possible_agents))
        return trail

    def test_agent_by_agent_episode(self):
        env = jamaica.AECEnv(players=4)
        trail = self.run_episode(env, seed=3)
        finals = [t[2] for t in trail if t[1] == "done"]
        self.assertAlmostEqual(sum(finals), 1.0)  # the win shares, no ghost at four
        self.assertEqual(self.run_episode(jamaica.AECEnv(players=4), seed=3), trail)
        self.assertEqual(env.max_num_agents, 4)
        self.assertEqual(env.action_space("player_0").n, jamaica.ACTION_IDS)

    def test_the_api_is_enforced(self):
        env = jamaica.AECEnv(players=2, illegal="raise")
        env.reset(seed=1)
        with self.assertRaises(jamaica.JamaicaError):
            env.step(None)  # an agent that must act
        with self.assertRaises(jamaica.JamaicaError):
            env.step(jamaica.ACTION_IDS)
        illegal = int((env.infos[env.agent_selection]["action_mask"] == 0).argmax())
        with self.assertRaises(jamaica.JamaicaError):
            env.step(illegal)  # an id that is not legal now (strict)
        with self.assertRaises(ValueError):
            env.observe("player_7")
        while not env.terminations[env.agent_selection]:
            env.step(int(env.infos[env.agent_selection]["action_mask"].argmax()))
        with self.assertRaises(jamaica.JamaicaError):
            env.step(0)  # a done agent steps with None
        env.step(None)
        self.assertEqual(len(env.agents), 1)

    def test_random_masked_play_over_many_games(self):
        env = jamaica.AECEnv(players=3)
        env.reset(seed=11)
        total = 0.0
        for game in range(50):
            if game:
                env.reset()
            for agent in env.agent_iter():
                _, reward, term, trunc, info = env.last()
                if term or trunc:
                    total += reward
                    env.step(None)
                else:
                    env.step(env.action_space(agent).sample(info["action_mask"]))
        self.assertEqual(env.episode, 49)
        self.assertTrue(0 < total <= 50)


PYDIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "python")


class TestPackaging(unittest.TestCase):
    def test_the_wheel_has_the_module_and_the_release(self):
        sys.path.insert(0, PYDIR)
        import wheel_backend
        with open(os.path.join(PYDIR, "..", "Makefile")) as f:
            version = re.search(r"^VERSION := (\S+)$", f.read(), re.M).group(1)
        with tempfile.TemporaryDirectory() as d:
            name = wheel_backend.build_wheel(d)
            self.assertEqual(name, "jamaica-%s-py3-none-any.whl" % version)
            with zipfile.ZipFile(os.path.join(d, name)) as z:
                names = z.namelist()
                self.assertIn("jamaica/__init__.py", names)
                self.assertIn("jamaica/vector.py", names)
                # The installed module finds the library of the tree it was built from.
                where = z.read("jamaica/_where.py").decode()
                self.assertIn(repr(os.path.normpath(os.path.join(PYDIR, "..", "lib", "libjamaica.so.1"))), where)
                meta = z.read("jamaica-%s.dist-info/METADATA" % version).decode()
                self.assertIn("Version: %s\n" % version, meta)
                for line in z.read("jamaica-%s.dist-info/RECORD" % version).decode().splitlines():
                    path, digest, size = line.split(",")
                    if digest:
                        data = z.read(path)
                        self.assertEqual(int(size), len(data))
                        want = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
                        self.assertEqual(digest, "sha256=" + want, path)
            sd = wheel_backend.build_sdist(d)
            self.assertTrue(os.path.exists(os.path.join(d, sd)))

    def test_pip_installs_it_without_a_download(self):
        if subprocess.run([sys.executable, "-m", "pip", "--version"], capture_output=True).returncode:
            self.skipTest("pip is not installed")
        with tempfile.TemporaryDirectory() as d:
            p = subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "--no-index", "--quiet",
                                "--target", d, PYDIR], capture_output=True, text=True)
            if p.returncode and "externally-managed" in p.stderr:
                self.skipTest("this python's pip installs into virtual environments only")
            self.assertEqual(p.returncode, 0, p.stderr)
            env = {k: v for k, v in os.environ.items() if k != "JAMAICA_LIB"}
            out = subprocess.run([sys.executable, "-c", "import jamaica; print(jamaica.__file__); "
                                  "print(jamaica.Game(players=2).players)"], cwd=d,
                                 env=dict(env, PYTHONPATH=d), capture_output=True, text=True)
            self.assertTrue(out.stdout.startswith(d), out.stdout + out.stderr)
            # It finds the library with nothing set by hand (the tree's lib/, _where.py).
            self.assertEqual(out.stdout.splitlines()[-1], "2", out.stderr)


if __name__ == "__main__":
    unittest.main()
