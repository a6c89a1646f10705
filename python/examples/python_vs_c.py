"""A Python agent against C agents: it plays seat 0 of 3-player games
against `greedy` and `random` (seats rotate with the game index), choosing
the action whose result leaves its ship furthest along with the most gold
(a one-step look-ahead on its own observation), and prints its win rate.

    make lib && python3 python/examples/python_vs_c.py [GAMES]
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import jamaica  # noqa: E402


def value(game, seat):
    s = game.ship(seat)
    gold = sum(h[1] for h in s["holds"] if h and h[0] == "gold")
    return -s["steps_left"] * 0.6 + gold


def python_choice(game, seat, seed):
    obs = game.observe(seat, seed)  # what this seat may know
    best, best_v = None, None
    for a in obs.legal():
        after = obs.copy()
        after.apply(a)
        v = value(after, seat)
        if best_v is None or v > best_v:
            best, best_v = a, v
    return best


def main():
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    opponents = ["greedy", "random"]
    wins = 0.0
    for g in range(games):
        game = jamaica.Game(players=3, seed=1, game=g)
        agents = {}
        for seat in range(3):
            if seat != g % 3:
                a = jamaica.Agent(opponents[len(agents)])
                a.reset(1, g, seat)
                agents[seat] = a
        me = g % 3
        k = 0
        while not game.over:
            legal = game.legal()
            if len(legal) == 1:
                game.apply(legal[0])
            elif game.to_move == me:
                k += 1
                game.apply(python_choice(game, me, g * 100003 + k))
            else:
                game.apply(agents[game.to_move].choose(game))
        sc = game.scores()
        wins += sc[me]["win"]
    print("python agent: %.1f%% of %d games against greedy and random (fair share 33.3%%)" % (100 * wins / games, games))


main()
