"""jamaica.serve(): the protocol's conversation from a script, and a view dealt."""
import io
import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "python"))
import jamaica  # noqa: E402


class Last:
    """Always the last action; remembers what it was told."""
    name = "last"

    def __init__(self, **options):
        self.options, self.seen = options, []

    def new_game(self, facts):
        self.facts = facts

    def choose(self, obs, legal):
        self.seen.append((obs, legal))
        return legal[-1]


class ServeTest(unittest.TestCase):
    def converse(self, text, cls=Last):
        out = io.StringIO()
        made = []

        def factory(**options):
            a = cls(**options)
            made.append(a)
            return a
        factory.name = "last"
        jamaica.serve(factory, stdin=io.StringIO(text), stdout=out)
        return out.getvalue().splitlines(), made

    def test_conversation(self):
        g = jamaica.Game(players=3, seed=4)
        view = g.position.replace("jamaica/1", "jamaica/1 view=0", 1)  # only for its text; not dealt here
        lines, made = self.converse(
            "jamaica-agent 1\noption depth=3\nready\n"
            "game players=3 seat=0 game=7 seed=00000000000000ff rules=shortage=die\n"
            "decision card 3\nview %s\naction 0 0 card 0: a\naction 1 4 card 4: b\naction 2 9 card 9: c\ngo\n"
            "quit\n" % view)
        self.assertEqual(lines, ["agent last", "ready", "2"])
        a = made[0]
        self.assertEqual(a.options, {"depth": "3"})
        self.assertEqual(a.facts["seed"], 255)
        self.assertEqual(a.facts["game"], 7)
        obs, legal = a.seen[0]
        self.assertEqual(obs.decision, "card")
        self.assertEqual([x.code for x in legal], [0, 4, 9])
        self.assertEqual(legal[1].text, "card 4: b")

    def test_wrong_version_and_bad_option(self):
        lines, _ = self.converse("jamaica-agent 2\n")
        self.assertTrue(lines[0].startswith("error"))

        class NoOptions(Last):
            def __init__(self):
                super().__init__()
        lines, _ = self.converse("jamaica-agent 1\noption x=1\nready\n", cls=NoOptions)
        self.assertEqual(lines[0], "agent last")
        self.assertTrue(lines[1].startswith("error"))

    def test_deal_is_a_state_that_agrees_with_the_view(self):
        g = jamaica.Game(players=4, seed=2)
        for a in range(40):
            g.apply(g.legal()[a * 7 % len(g.legal())])
        seat = g.to_move
        import ctypes
        buf = ctypes.create_string_buffer(jamaica.POSITION_MAX)
        self.assertGreater(jamaica._lib.jm_view_format(ctypes.byref(g._s), seat, buf, len(buf)), 0)
        obs = jamaica.Observation(g.decision, buf.value.decode(), {"seat": seat})
        self.assertIn("?", obs.view)
        w = obs.deal(5)
        self.assertEqual(w.position, g.observe(seat, 5).position)
        self.assertEqual(sorted(w.legal()), sorted(g.legal()))
        with self.assertRaises(jamaica.JamaicaError):
            jamaica.Observation("card", "jamaica/1 players=2", {}).deal(1)


if __name__ == "__main__":
    unittest.main()
