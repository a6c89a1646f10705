"""jamaica.protocol: a Python agent over jamaica's line protocol
(docs/PROTOCOL.md): serve() reads the protocol's lines and calls the
agent's choose(); Observation and Action are what it is handed.  The
standard library alone; libjamaica only for Observation.deal()."""
import ctypes

from ._native import HASH_INIT, U64_MAX, JamaicaError, _State, _TRACE_FN, _Tracer, _err, _int, _lib, _need_lib

PROTOCOL_VERSION = 1


class Action:
    """One legal action as the protocol lists it: its index in the list (what
    choose() returns), the engine's action code, and its words."""
    __slots__ = ("index", "code", "text")

    def __init__(self, index, code, text):
        self.index, self.code, self.text = index, code, text

    def __repr__(self):
        return "Action(%d, %d, %r)" % (self.index, self.code, self.text)


class Observation:
    """What the seat is told at one decision: the decision's kind, the seat's
    view (position text with '?' for everything it cannot see,
    docs/POSITIONS.md and docs/PROTOCOL.md), and the game's facts from its game
    line (players, seat, game, seed, rules)."""

    def __init__(self, decision, view, game):
        self.decision, self.view = decision, view
        self.players, self.seat = game.get("players"), game.get("seat")
        self.game, self.seed, self.rules = game.get("game"), game.get("seed"), game.get("rules")

    def deal(self, seed):
        """A whole Game consistent with the view, its unknowns dealt at random
        from `seed` (jm_view_deal): for agents that sample worlds.  Needs the
        library."""
        from . import Game  # the package's, loaded by then: no import circle
        _need_lib()
        seed = _int("seed", seed, 0, U64_MAX)
        g = Game.__new__(Game)
        g._s, err = _State(), _err()
        if _lib.jm_view_deal(ctypes.byref(g._s), self.view.encode(), seed, err, len(err)):
            raise JamaicaError("bad view: " + err.value.decode())
        g._events, g._hash = None, HASH_INIT
        g._cb = _TRACE_FN(g._on_event)
        g._tracer = _Tracer(g._cb, None, 0)
        return g


def _fields(words):
    out = {}
    for w in words:
        k, _, v = w.partition("=")
        out[k] = int(v) if v.isdigit() else int(v, 16) if k == "seed" else v
    return out


def serve(agent_class, name=None, stdin=None, stdout=None):
    """Play as an agent of `jamaica` over its line protocol (docs/PROTOCOL.md)
    until told to quit: seat the script with --agents 'cmd:python3 SCRIPT'.

    agent_class(**options) makes the agent from the options given in the
    agent's spec (strings); its choose(observation, legal) gets an
    Observation and the list of Actions and returns an index into legal (or
    one of its Actions); new_game(observation_facts) is called at each new
    game if it has one (a dict: players, seat, game, seed, rules), and
    game_over(result) at each game's end when the agent is seated with
    results=1 (cmd:python3 SCRIPT:results=1; a dict: game, scores, ranks,
    winners, seat, win).  Only the standard library is needed, and
    libjamaica only for Observation.deal()."""
    import sys
    rd = stdin or sys.stdin
    wr = stdout or sys.stdout
    name = name or getattr(agent_class, "name", agent_class.__name__)
    options, agent, game = {}, None, {}

    def say(line):
        wr.write(line + "\n")
        wr.flush()

    while True:
        line = rd.readline()
        if not line:
            return
        words = line.split()
        if not words:
            continue
        cmd = words[0]
        if cmd == "jamaica-agent":
            if words[1:] != [str(PROTOCOL_VERSION)]:
                say("error this agent speaks protocol %d" % PROTOCOL_VERSION)
                return
            say("agent " + name)
        elif cmd == "option":
            k, _, v = line[len("option "):].strip().partition("=")
            options[k] = v
        elif cmd == "ready":
            try:
                agent = agent_class(**options)
            except (TypeError, ValueError) as e:
                say("error %s" % e)
                return
            say("ready")
        elif cmd == "game":
            game = _fields(words[1:])
            if hasattr(agent, "new_game"):
                agent.new_game(dict(game))
        elif cmd == "decision":
            kind, n = words[1], int(words[2])
            view = rd.readline().rstrip("\n")[len("view "):]
            legal = []
            for i in range(n):
                parts = rd.readline().rstrip("\n").split(" ", 3)
                legal.append(Action(int(parts[1]), int(parts[2]), parts[3] if len(parts) > 3 else ""))
            rd.readline()  # go
            pick = agent.choose(Observation(kind, view, game), legal)
            say(str(pick.index if isinstance(pick, Action) else int(pick)))
        elif cmd == "result":
            # Seated with results=1: the game's end.  No answer is sent.
            if hasattr(agent, "game_over"):
                agent.game_over(_result(words[1:], game))
        elif cmd == "quit":
            return


def _result(words, game):
    """A result line as a dict: game, scores, ranks (lists by seat, the
    ghost's last where it sails), winners (seats; 'g' the ghost), and this
    program's seat and its win share."""
    f = dict(w.partition("=")[::2] for w in words)
    ints = lambda v: [int(x) for x in v.split(",")] if v else []  # noqa: E731
    winners = [] if f.get("winners", "-") == "-" else [w if w == "g" else int(w) for w in f["winners"].split(",")]
    seat = game.get("seat")
    return {"game": int(f.get("game", -1)), "scores": ints(f.get("scores", "")), "ranks": ints(f.get("ranks", "")),
            "winners": winners, "seat": seat, "win": 1.0 / len(winners) if seat in winners else 0.0}
