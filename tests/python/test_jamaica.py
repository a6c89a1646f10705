"""The Python module against the command and the engine's promises.

Run by `make check` (python3 -m unittest discover -s tests/python) after
`make lib`; JAMAICA_LIB and JAMAICA_BIN point at the build."""
import ctypes
import os
import subprocess
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "python"))
import jamaica  # noqa: E402

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
BIN = os.environ.get("JAMAICA_BIN", os.path.join(ROOT, "bin", "jamaica"))


def trace_hash(seed, game, players, rules):
    out = subprocess.run([BIN, "trace", "--seed", str(seed), "--game", str(game), "--players", str(players),
                          "--rules", rules], capture_output=True, text=True, check=True).stdout
    return out.strip().splitlines()[-1].split()[1]


def play_random(seed, game, players, rules):
    """A game driven from Python: every decision uniform over the legal
    actions, drawn from each seat's own stream (the harness's)."""
    g = jamaica.Game(players, rules, seed, game, trace=True)
    draw = [jamaica.random_stream(seed, game, p) for p in range(players)]
    while not g.over:
        legal = g.legal()
        g.apply(legal[draw[g.to_move](len(legal))] if len(legal) > 1 else legal[0])
    return g


class TestGame(unittest.TestCase):
    def test_python_game_has_the_trace_hash_of_jamaica_trace(self):
        for players, rules in ((2, "2021"), (4, "classic"), (5, "ghost=on,ghost_bonus=4"), (6, "2021")):
            for game in (0, 7):
                g = play_random(3, game, players, rules)
                self.assertEqual(g.trace_hash, trace_hash(3, game, players, rules), (players, rules, game))

    def test_later_gold_through_the_rules_mirror(self):
        """later_gold (RULES.md S8) reaches the engine through the ctypes
        mirror of jm_rules: the later seats' third hold, the first
        Captain's empty, and the command's games (trace hashes)."""
        for game in (0, 1, 2, 3):
            g = jamaica.Game(4, "later_gold=5", 9, game)
            for p in range(4):
                self.assertEqual(g.ship(p)["holds"][:3],
                                 [["food", 3], ["gold", 3], None if p == g.captain else ["gold", 5]], (game, p))
            g = play_random(9, game, 3, "later_gold=2,first_captain=1")
            self.assertEqual(g.trace_hash, trace_hash(9, game, 3, "later_gold=2,first_captain=1"))
        with self.assertRaises(ValueError):
            jamaica.Game(4, "later_gold=7")
        from jamaica import _native
        self.assertEqual(_native._rules("later_gold=3").later_gold, 3)
        self.assertEqual(ctypes.sizeof(_native._Rules), 14)

    def test_a_variant_file_as_rules(self):
        """rules= takes a variant file (docs/VARIANTS.md) as the command's
        --rules does: the same games (trace hashes), and its treasures'
        values in the scores."""
        import tempfile
        base = subprocess.run([BIN, "variant", "--print"], capture_output=True, text=True, check=True).stdout
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "rich.variant")
            with open(path, "w") as f:
                f.write(base.replace("treasure +5\n", "treasure +15\n").replace("card 6 gold gold\n", "card 6 gold forward\n"))
            for game in (0, 1, 2):
                g = play_random(3, game, 3, path)
                self.assertEqual(g.trace_hash, trace_hash(3, game, 3, path))
                self.assertNotEqual(g.trace_hash, play_random(3, game, 3, "2021").trace_hash)
            values = set()
            for game in range(30):
                g = play_random(5, game, 4, path)
                values |= {e["value"] for e in g.events() if e["event"] == "treasure" and e["treasure"] == "+5"}
            self.assertEqual(values, {15})
            with self.assertRaises(ValueError):
                jamaica.Game(3, os.path.join(d, "missing.variant"))

    def test_events_are_the_jsonl_dicts(self):
        g = play_random(1, 0, 3, "2021")
        out = subprocess.run([BIN, "trace", "--seed", "1", "--players", "3", "--format", "jsonl"],
                             capture_output=True, text=True, check=True).stdout.splitlines()
        import json
        want = [json.loads(line) for line in out[1:-1]]  # the run line and the hash aside
        self.assertEqual(list(g.events()), want)

    def test_observe_hides_what_it_must(self):
        # s and t differ only in what seat 1 cannot see (t re-deals it), so
        # seat 1's observations of them with one seed are equal.
        for game in range(20):
            g = jamaica.Game(4, "2021", 5, game)
            draw = jamaica.random_stream(5, game, 0)
            for _ in range(30 + game):
                if g.over:
                    break
                legal = g.legal()
                g.apply(legal[draw(len(legal))])
            t = g.observe(1, 99)
            self.assertEqual(g.observe(1, 1234).position, t.observe(1, 1234).position)
        # and it does hide: another seat's hand is re-dealt
        g = jamaica.Game(4, "2021", 5, 0)
        self.assertNotEqual({g.observe(1, s).position for s in range(8)}, {g.position})

    def test_position_round_trip_copy_and_illegal(self):
        g = jamaica.Game(3, "classic", 2, 4)
        for _ in range(25):
            g.apply(g.legal()[0])
        h = jamaica.Game(position=g.position)
        self.assertEqual(h.position, g.position)
        c = g.copy()
        c.apply(c.legal()[-1])
        self.assertNotEqual(c.position, g.position)
        before = g.position
        with self.assertRaises(jamaica.JamaicaError):
            g.apply(999)
        self.assertEqual(g.position, before)
        with self.assertRaises(jamaica.JamaicaError):
            jamaica.Game(position="jamaica/1 players=9 dice=1,2")
        with self.assertRaises(jamaica.JamaicaError):
            jamaica.Game(4, "bogus")

    def test_scores_at_the_end(self):
        g = play_random(1, 2, 2, "2021")
        sc = g.scores()
        self.assertEqual(set(sc), {0, 1, "ghost"})
        self.assertAlmostEqual(sum(v["win"] for v in sc.values()), 1.0)
        self.assertEqual(g.decision, "none")


class TestAgent(unittest.TestCase):
    def test_agents_return_legal_moves(self):
        for spec in ("random", "first", "greedy", "flat:playouts=20", "pimc:worlds=2,iters=20", "mcts:iters=30"):
            a = jamaica.Agent(spec)
            for game in range(3):
                g = jamaica.Game(3, "2021", 8, game)
                a.reset(8, game, 0)
                for _ in range(40):
                    if g.over:
                        break
                    m = a.choose(g)
                    self.assertIn(m, g.legal(), spec)
                    g.apply(m)
            a.close()
        with self.assertRaises(jamaica.JamaicaError):
            jamaica.Agent("mcts:iters=0")


class TestSim(unittest.TestCase):
    def test_sim_rows(self):
        rows = jamaica.sim(games=50, players=2, agents="greedy,random", rotate=True, threads=1)
        self.assertEqual(len(rows), 150)  # two seats and the ghost
        self.assertEqual({r["agent"] for r in rows}, {"greedy", "random", "ghost"})
        self.assertAlmostEqual(sum(r["win"] for r in rows), 50, places=4)
        g = play_random(1, 0, 2, "2021")
        self.assertEqual(jamaica.sim(games=1, players=2)[0]["trace_hash"], g.trace_hash)


try:
    import numpy  # noqa: F401
    HAVE_NUMPY = True
except ImportError:
    HAVE_NUMPY = False


@unittest.skipUnless(HAVE_NUMPY, "numpy is not installed for this interpreter (Env needs it)")
class TestEnv(unittest.TestCase):
    def test_reset_step_round_trip_over_1000_games(self):
        env = jamaica.Env(players=3, seat=1, opponents="random", seed=11)
        import random
        pick = random.Random(5)
        total, wins = 0, 0.0
        for _ in range(1000):
            obs, info = env.reset()
            done = env.game.over
            steps = 0
            while not done:
                ids = [i for i, m in enumerate(info["action_mask"]) if m]
                n = len(ids)
                self.assertEqual(n, len(info["legal"]))
                self.assertGreaterEqual(n, 2)
                self.assertEqual(len(obs), jamaica.OBS_SIZE)
                obs, reward, done, truncated, info = env.step(ids[pick.randrange(n)])
                self.assertFalse(truncated)
                steps += 1
            total += 1
            wins += reward
            self.assertEqual(sum(int(x) for x in env.legal_mask()), 0)
        self.assertEqual(total, 1000)
        self.assertTrue(200 < wins < 470, wins)  # a random seat among three wins about a third
        with self.assertRaises(jamaica.JamaicaError):
            env.step(0)


if __name__ == "__main__":
    unittest.main()
