"""The protocol's results (results=1): a program written with serve() is told
each game's end through game_over(), the scores GAMES.csv has."""
import csv
import os
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
BIN = os.environ.get("JAMAICA_BIN", os.path.join(HERE, "..", "..", "bin", "jamaica"))

AGENT = r'''
import json, os, sys
sys.path.insert(0, %r)
import jamaica

class Learner:
    def choose(self, obs, legal):
        return 0
    def game_over(self, result):
        with open(os.environ["RESULTS_LOG"], "a") as f:
            f.write(json.dumps(result) + "\n")

jamaica.serve(Learner)
'''


class TestResults(unittest.TestCase):
    def test_game_over_gets_each_games_scores(self):
        with tempfile.TemporaryDirectory() as d:
            script = os.path.join(d, "learner.py")
            with open(script, "w") as f:
                f.write(AGENT % os.path.join(HERE, "..", "..", "python"))
            env = dict(os.environ, RESULTS_LOG=os.path.join(d, "results.jsonl"))
            subprocess.run([BIN, "sim", "--games", "5", "--players", "3", "--threads", "1", "--agents",
                            "cmd:%s %s:results=1,random,greedy" % (sys.executable, script), "--games-csv",
                            os.path.join(d, "g.csv"), "--out", os.path.join(d, "s.csv")], env=env, check=True,
                           stdout=subprocess.DEVNULL)
            import json
            with open(env["RESULTS_LOG"]) as f:
                got = [json.loads(line) for line in f]
            with open(os.path.join(d, "g.csv")) as f:
                rows = list(csv.DictReader(f))
            self.assertEqual([r["game"] for r in got], list(range(5)))
            for r in got:
                mine = [x for x in rows if int(x["game"]) == r["game"] and x["is_ghost"] == "0"]
                self.assertEqual(r["scores"], [int(x["score"]) for x in sorted(mine, key=lambda x: int(x["seat"]))])
                self.assertEqual(r["seat"], 0)
                self.assertAlmostEqual(r["win"], float(mine[0]["win"]) if mine[0]["seat"] == "0" else 0.0)


if __name__ == "__main__":
    unittest.main()
