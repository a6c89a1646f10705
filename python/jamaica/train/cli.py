"""The Python tools' command lines (jamaica.train.exit, distill, positions, dmc,
spg): an argparse parser whose refusal of bad input is one line and exit
status 2, as jamaica's own commands refuse it, not argparse's usage block;
and the self-play trainers' shared options (dmc, spg)."""
import argparse
import sys


class Parser(argparse.ArgumentParser):
    def error(self, message):
        sys.stderr.write("%s: error: %s (see '%s --help')\n" % (self.prog, message, self.prog))
        sys.exit(2)


def trainer_options(p, games, eval_every, eval_games):
    """The options every self-play trainer takes (dmc, spg), with its own
    defaults for the games a generation and the strength runs."""
    p.add_argument("--out", required=True, help="directory for current.jmn, log.csv and checkpoint.pt")
    p.add_argument("--generations", type=int, default=0, help="generations in all (0: until --minutes)")
    p.add_argument("--minutes", type=float, default=0, help="stop before a generation that would end past this")
    p.add_argument("--games", type=int, default=games, help="self-play games a generation")
    p.add_argument("--players", default="2,3,4", help="player counts, one a generation in turn")
    p.add_argument("--rules", default="2021")
    p.add_argument("--eval-every", type=int, default=eval_every, help="generations between strength runs (0: none)")
    p.add_argument("--eval-games", type=int, default=eval_games,
                   help="2-player games of a strength run, against sharp")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--threads", type=int, default=0, help="threads for games and torch (0: all cores)")
    p.add_argument("--resume", action="store_true", help="go on from OUT's checkpoint")


def trainer_check(p, a):
    """The shared options' refusals; --players made a list."""
    try:
        a.players = [int(x) for x in a.players.split(",")]
    except ValueError as e:
        p.error("--players: %s" % e)
    if any(not 2 <= n <= 6 for n in a.players):
        p.error("--players %s: each from 2 to 6" % a.players)
    if a.games < 1:
        p.error("--games %s: at least 1" % a.games)
    if a.generations < 0:
        p.error("--generations %s: at least 0" % a.generations)
    if not a.generations and not a.minutes:
        p.error("give --generations or --minutes")
