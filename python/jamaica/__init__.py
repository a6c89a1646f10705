"""jamaica: the Jamaica rules engine and its agents from Python.

A thin ctypes layer over libjamaica (``make lib``), using nothing but the
library's public C API (``engine/jamaica.h`` and ``agents/agent.h``) and
Python's standard library (numpy, if installed, for the environment's
arrays).  The library is found through $JAMAICA_LIB, then beside this
package in the source tree (``lib/libjamaica.so.1``), then in the prefix
`make install` put both in, then by the system's loader.

    >>> import jamaica
    >>> g = jamaica.Game(players=4, seed=1)
    >>> a = jamaica.Agent("mcts:iters=200")
    >>> while not g.over:
    ...     g.apply(a.choose(g) if len(g.legal()) > 1 else g.legal()[0])
    >>> g.scores()[0]["rank"]

Classes: Game (a game state with legal/apply/observe/position/scores and its
events as the JSONL trace's dicts), Agent (any C agent), Env (one learning
seat with Gymnasium's API), AECEnv (every seat, with PettingZoo's
agent-by-agent API); neither package is imported.  sim() runs the harness (bin/jamaica)
and returns the GAMES.csv rows as dicts.  serve() plays a Python agent over the
line protocol (jamaica.protocol); the trainers are jamaica.train.
"""
import csv
import ctypes
import ctypes.util
import os
import shutil
import subprocess
import tempfile

# Idle threads of the libraries a learner loads wait passively in this
# process unless the user says otherwise: libgomp's (OpenMP) spin after each
# parallel region by default, and OpenBLAS's (torch's and numpy's matrix
# products on Debian) for about 2^28 cycles, a tenth of a second, after
# each product, which took a core from VecEnv's threads after every torch
# update (docs/LEARNING.md, "Throughput").  Each library reads its setting
# once, when it is loaded: import jamaica before numpy and torch for these
# to apply to them.  OpenBLAS's threads still spin 2^20 cycles (a fraction
# of a millisecond), enough to go from one product to the next.
os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
os.environ.setdefault("OPENBLAS_THREAD_TIMEOUT", "20")

__all__ = ["Game", "Agent", "Env", "AECEnv", "VecEnv", "Discrete", "Box", "sim", "serve", "Observation", "Action", "MAX_ACTIONS", "GHOST", "DECISIONS",
           "JamaicaError"]

from ._native import (  # noqa: F401 (re-exported, or used by the wrappers below)
    MAX_PLAYERS, MAX_SHIPS, GHOST, MAX_ACTIONS, HASH_INIT, POSITION_MAX, JM_ACTION_TEXT_MAX, EV_MAXV,
    DECISIONS, RES, JamaicaError, _State, _Rules, _Event, _Field, _Desc, _TRACE_FN, _Tracer, _Score, _Pcg,
    _Agent, _load, _lib, _load_error, _need_lib, _S, _sigs, _bind, _FK_INT, _FK_SHIP, _FK_RES, _FK_DIR,
    _FK_HOLDS, _FK_CARD, _FK_ACT, _FK_TREASURE, _FK_ROLL, _FK_BOOL, _FK_LOOT, _FK_SHORT, _LOOT, _SHORT, _ship,
    _value, _event_dict, _err, U64_MAX, GAME_MAX, _int, _str, _rules, variant_label,
)


class Game:
    """One game: Game(players=4, rules="2021", seed=1, game=0), or
    Game(position="jamaica/1 ...").  The state is the engine's 128 bytes;
    copy() is a cheap clone.  Events (the JSONL trace's dicts) are kept
    when trace=True: events() yields them; trace_hash is `jamaica trace`'s
    hash of them, as GAMES.csv writes it (16 hex digits)."""

    def __init__(self, players=4, rules="2021", seed=1, game=0, position=None, trace=False):
        _need_lib()
        self._s = _State()
        self._events = [] if trace else None
        self._hash = HASH_INIT
        self._cb = _TRACE_FN(self._on_event)  # kept alive with the game
        self._tracer = _Tracer(self._cb, None, 0)
        _int("players", players, 2, MAX_PLAYERS)
        _int("seed", seed, 0, U64_MAX)
        _int("game", game, 0, GAME_MAX)
        if position is not None:
            _str("position", position)
            err = _err()
            if _lib.jm_position_parse(ctypes.byref(self._s), position.encode(), err, len(err)):
                raise JamaicaError("bad position: " + err.value.decode())
            return
        r, err = _rules(rules), _err()
        if _lib.jm_init(ctypes.byref(self._s), ctypes.byref(r), players, seed, game, ctypes.byref(self._tracer),
                        err, len(err)):
            raise JamaicaError(err.value.decode())

    def _on_event(self, ctx, evp):
        ev = evp.contents
        self._hash = _lib.jm_hash_event(self._hash, evp)
        if self._events is not None:
            self._events.append(_event_dict(ev))

    @property
    def trace_hash(self):
        """The hash of the events so far, as GAMES.csv's trace_hash: 16 hex digits."""
        return "%016x" % self._hash

    def events(self):
        """Iterate over the events so far (setup onwards), as dicts."""
        return iter(list(self._events or []))

    # the pending decision
    @property
    def over(self):
        return bool(_lib.jm_over(ctypes.byref(self._s)))

    def view(self, seat):
        """The seat's view as text (jm_view_format; docs/POSITIONS.md)."""
        self._seat("seat", seat)
        buf = ctypes.create_string_buffer(8192)
        if _lib.jm_view_format(ctypes.byref(self._s), seat, buf, len(buf)) < 0:
            raise JamaicaError("the view does not fit")
        return buf.value.decode()

    @property
    def capped(self):
        """The game ended at the round cap (a truncation, not a finish)."""
        return bool(_lib.jm_capped(ctypes.byref(self._s)))

    @property
    def decision(self):
        """The pending decision's name ('card', 'dest', ..., 'none' when over)."""
        return DECISIONS[_lib.jm_decision(ctypes.byref(self._s))]

    @property
    def to_move(self):
        return _lib.jm_to_move(ctypes.byref(self._s))

    def legal(self):
        out = (ctypes.c_int * MAX_ACTIONS)()
        n = _lib.jm_legal(ctypes.byref(self._s), out)
        return list(out[:n])

    def _seat(self, name, seat):
        """seat as a seat of this game, or ValueError naming it."""
        if isinstance(seat, int) and not isinstance(seat, bool) and not 0 <= seat < self.players:
            raise ValueError("%s %d is not a seat of this %d-player game (0..%d)" % (name, seat, self.players,
                                                                                   self.players - 1))
        return _int(name, seat, 0, self.players - 1)

    def _ship_index(self, name, i):
        """i as a ship slot (0..MAX_SHIPS-1: the seats, GHOST for the ghost)."""
        return _int(name, i, 0, MAX_SHIPS - 1)

    def action_to_string(self, action):
        """A legal action of the pending decision in words ("card 8: forward
        3 / food 5", "attack P2"), as the agent protocol lists it;
        JamaicaError if it is not legal here."""
        action = _int("action", action, -2 ** 31, 2 ** 31 - 1)
        buf = ctypes.create_string_buffer(JM_ACTION_TEXT_MAX)
        if _lib.jm_action_text(ctypes.byref(self._s), action, buf, len(buf)) < 0:
            raise JamaicaError("action %r is not legal for decision %s" % (action, self.decision))
        return buf.value.decode()

    def apply(self, action):
        """Apply a legal action; JamaicaError (state unchanged) if it is not."""
        action = _int("action", action, -2 ** 31, 2 ** 31 - 1)
        if _lib.jm_apply(ctypes.byref(self._s), action, ctypes.byref(self._tracer)):
            raise JamaicaError("illegal action %r for decision %s" % (action, self.decision))

    def copy(self):
        g = Game.__new__(Game)
        g._s = _State()
        ctypes.memmove(ctypes.byref(g._s), ctypes.byref(self._s), ctypes.sizeof(_State))
        g._events = list(self._events) if self._events is not None else None
        g._hash = self._hash
        g._cb = _TRACE_FN(g._on_event)
        g._tracer = _Tracer(g._cb, None, 0)
        return g

    def __getstate__(self):
        """pickle and copy.deepcopy: the engine's 128 bytes, the events kept
        and their hash; the trace callback is made again."""
        return {"state": bytes(self._s), "events": self._events, "hash": self._hash}

    def __setstate__(self, st):
        self._s = _State.from_buffer_copy(st["state"])
        self._events = list(st["events"]) if st["events"] is not None else None
        self._hash = st["hash"]
        self._cb = _TRACE_FN(self._on_event)
        self._tracer = _Tracer(self._cb, None, 0)

    def observe(self, seat, seed):
        """The game as `seat` may know it: what is hidden from it re-dealt
        from `seed` (jm_observe)."""
        seat = self._seat("seat", seat)
        seed = _int("seed", seed, 0, U64_MAX)
        g = Game.__new__(Game)
        g._s = _State()
        _lib.jm_observe(ctypes.byref(self._s), seat, seed, ctypes.byref(g._s))
        g._events, g._hash = None, HASH_INIT
        g._cb = _TRACE_FN(g._on_event)
        g._tracer = _Tracer(g._cb, None, 0)
        return g

    @property
    def position(self):
        """The state as one line of position text (docs/POSITIONS.md)."""
        buf = ctypes.create_string_buffer(POSITION_MAX)
        _lib.jm_position_format(ctypes.byref(self._s), buf, len(buf))
        return buf.value.decode()

    def scores(self):
        """E2-E3 for every ship in play, named and typed as GAMES.csv's
        columns: {ship: {score, rank, win, position_score, gold,
        treasure_points, steps_left}} (ship 'ghost' for the ghost); win is
        1 for a sole winner, 1/k for each of k sharing the win, else 0."""
        sc = (_Score * MAX_SHIPS)()
        _lib.jm_scores(ctypes.byref(self._s), sc)
        ships = [i for i in range(MAX_SHIPS) if _lib.jm_in_play(ctypes.byref(self._s), i)]
        winners = sum(1 for i in ships if sc[i].winner)
        return {_ship(i): {"score": sc[i].total, "rank": sc[i].rank,
                           "win": (1.0 / winners if sc[i].winner else 0.0) if winners else 0.0,
                           "position_score": sc[i].space, "gold": sc[i].gold, "treasure_points": sc[i].treasure,
                           "steps_left": sc[i].steps_left} for i in ships}

    # public features
    @property
    def players(self):
        return _lib.jm_players(ctypes.byref(self._s))

    @property
    def round(self):
        return _lib.jm_round(ctypes.byref(self._s))

    @property
    def captain(self):
        return _lib.jm_captain(ctypes.byref(self._s))

    def ship(self, i):
        """A ship's public state: space, lap, finished, steps_left and holds
        (a list of [resource, count] or None)."""
        i = self._ship_index("ship", i)
        s = ctypes.byref(self._s)
        holds = []
        for h in range(_lib.jm_nholds(s, i)):
            c = _lib.jm_hold_count(s, i, h)
            holds.append([RES[_lib.jm_hold_type(s, i, h)], c] if c else None)
        return {"space": _lib.jm_pos(s, i), "lap": _lib.jm_lap(s, i), "finished": bool(_lib.jm_finished(s, i)),
                "steps_left": _lib.jm_steps_left(s, i), "holds": holds}

    def features(self, seat):
        """The public features a seat sees, as a flat list of numbers: the
        round, the Captain, the dice, the pile's size, the lair tokens (9),
        the decision (one-hot, 12) and who makes it; then for each of the 7
        ship slots: in play, space, lap, steps left, gold, food, gunpowder,
        face-down treasures; then the seat's hand (11 bits), each player's
        hand size.  Length 27 + 7 * 8 + 11 + 6 = 100."""
        seat = self._seat("seat", seat)
        s = ctypes.byref(self._s)
        f = [self.round, self.captain, _lib.jm_dice(s, 0), _lib.jm_dice(s, 1), _lib.jm_pile_size(s)]
        tok = _lib.jm_lair_tokens(s)
        f += [(tok >> i) & 1 for i in range(9)]
        d = _lib.jm_decision(s)
        f += [1 if d == k else 0 for k in range(len(DECISIONS))]
        f.append(_lib.jm_to_move(s) if d else -1)
        for i in range(MAX_SHIPS):
            if _lib.jm_in_play(s, i):
                f += [1, _lib.jm_pos(s, i), _lib.jm_lap(s, i), _lib.jm_steps_left(s, i), _lib.jm_total(s, i, 0),
                      _lib.jm_total(s, i, 1), _lib.jm_total(s, i, 2), _lib.jm_face_down_count(s, i)]
            else:
                f += [0] * 8
        hand = _lib.jm_cards(s, seat, 1)
        f += [(hand >> c) & 1 for c in range(11)]
        f += [_lib.jm_card_count(s, p, 1) if p < self.players else 0 for p in range(MAX_PLAYERS)]
        return f


# ---------------------------------------------------------------- Agent

class _Ops(ctypes.Structure):
    # agents/agent.h's agent_ops, as far as new_game
    _fields_ = [("name", ctypes.c_char_p), ("summary", ctypes.c_char_p), ("needs_obs", ctypes.c_int),
                ("cheap", ctypes.c_int), ("uniform", ctypes.c_int), ("sealed", ctypes.c_int),
                ("create", ctypes.c_void_p), ("choose", ctypes.c_void_p), ("destroy", ctypes.c_void_p),
                ("new_game", ctypes.c_void_p)]


class Agent:
    """Any C agent by its spec ("greedy", "mcts:iters=500,c=0.7", ...).
    choose(game) returns its action for the pending decision, seeing only
    the seat's observation; reset(seed, game, seat) seeds its stream as the
    harness does (the default: seed 1, game 0, the seat to move)."""

    def __init__(self, spec):
        _need_lib()
        _str("spec", spec)
        self._live = False
        self._a = _Agent()
        err = _err()
        if _lib.agent_create(ctypes.byref(self._a), spec.encode(), err, len(err)):
            raise JamaicaError(err.value.decode())
        self.spec = spec
        self._live = True

    def _open(self):
        if not self._live:
            raise ValueError("agent %r is closed" % self.spec)

    def reset(self, seed, game, seat):
        self._open()
        seed = _int("seed", seed, 0, U64_MAX)
        game = _int("game", game, 0, GAME_MAX)
        seat = _int("seat", seat, 0, MAX_PLAYERS - 1)
        _lib.agent_reset(ctypes.byref(self._a), seed, game, seat)

    def choose(self, game):
        self._open()
        if not isinstance(game, Game):
            raise TypeError("game must be a jamaica.Game, not %s" % type(game).__name__)
        if game.over:
            raise ValueError("the game is over: there is nothing to choose")
        legal = game.legal()
        if len(legal) == 1:
            return legal[0]
        arr = (ctypes.c_int * len(legal))(*legal)
        return _lib.agent_choose(ctypes.byref(self._a), ctypes.byref(game._s), arr, len(legal))

    def __getstate__(self):
        """pickle and copy.deepcopy: the spec, the seat and the state of its
        stream, for a built-in agent whose only memory within a game is that
        stream; an agent from outside (plugin:, cmd:, its process or code)
        or one that keeps a game's memory (a new-game hook: infer=) raises
        TypeError: make it again from its spec."""
        if not self._live:
            return {"spec": self.spec, "live": False}
        ops = ctypes.cast(self._a.ops, ctypes.POINTER(_Ops)).contents
        if ops.sealed or ops.new_game:
            raise TypeError("agent %r cannot be pickled or copied: it %s; make it again from its spec (Agent(spec))"
                            % (self.spec, "plays from outside jamaica's process" if ops.sealed
                               else "keeps a memory of the game beyond its random stream"))
        return {"spec": self.spec, "live": True, "seat": self._a.seat,
                "rng": (self._a.rng.state, self._a.rng.inc)}

    def __setstate__(self, st):
        self._live, self._a, self.spec = False, _Agent(), st["spec"]
        if st["live"]:
            self.__init__(st["spec"])
            self._a.seat = st["seat"]
            self._a.rng.state, self._a.rng.inc = st["rng"]

    def close(self):
        if self._live:
            _lib.agent_destroy(ctypes.byref(self._a))
            self._live = False

    def __del__(self):
        try:
            self.close()
        except Exception:
            pass


def random_stream(seed, game, seat):
    """The PCG32 stream the harness gives `seat` in `game` of a run with
    `seed` (agent_reset): a function n -> a uniform draw in [0, n)."""
    seed = _int("seed", seed, 0, U64_MAX)
    game = _int("game", game, 0, GAME_MAX)
    seat = _int("seat", seat, 0, MAX_PLAYERS - 1)
    rng = _Pcg()
    _lib.jm_pcg32_seed(ctypes.byref(rng), _lib.jm_mix64(seed ^ ((0x6167656E74 * (seat + 1)) & (2 ** 64 - 1))), game)

    def draw(n):
        return _lib.jm_pcg32_bounded(ctypes.byref(rng), _int("n", n, 1, 2 ** 32 - 1))
    return draw


# ---------------------------------------------------------------- sim

def sim(games=1000, players=4, agents="random", rules="2021", seed=1, rotate=False, threads=None, binary=None):
    """Run `jamaica sim` and return its GAMES.csv rows as dicts keyed by
    its columns (numbers as int or float, trace_hash as its 16 hex digits,
    an empty cell, such as the ghost's captain_offset, as "").  binary: the jamaica command ($JAMAICA_BIN, then
    bin/jamaica beside this package, then PATH)."""
    _int("games", games, 1, 2 ** 62)
    _int("players", players, 2, MAX_PLAYERS)
    _int("seed", seed, 0, U64_MAX)
    _str("agents", agents)
    _str("rules", rules)
    if threads is not None:
        _int("threads", threads, 1, 1024)
    here = os.path.dirname(os.path.abspath(__file__))
    exe = binary or os.environ.get("JAMAICA_BIN") or os.path.join(here, "..", "..", "bin", "jamaica")
    if not os.path.exists(exe):
        exe = shutil.which("jamaica")
    if not exe:
        raise FileNotFoundError("the jamaica command was not found (make, or set JAMAICA_BIN)")
    with tempfile.TemporaryDirectory() as d:
        args = [exe, "sim", "--games", str(games), "--players", str(players), "--agents", agents, "--rules", rules,
                "--seed", str(seed), "--out", os.devnull, "--games-csv", os.path.join(d, "games.csv")]
        if rotate:
            args.append("--rotate")
        if threads:
            args += ["--threads", str(threads)]
        p = subprocess.run(args, capture_output=True, text=True)
        if p.returncode:
            raise JamaicaError(p.stderr.strip())
        with open(os.path.join(d, "games.csv"), newline="") as f:
            rows = list(csv.DictReader(f))
    for r in rows:
        for k, v in r.items():
            if k in ("rules", "agent", "trace_hash") or v == "":
                continue
            try:
                r[k] = int(v)
            except ValueError:
                r[k] = float(v)
    return rows


FEATURES = 100


# Agents over the protocol: jamaica.protocol (serve, Observation, Action).
from .protocol import PROTOCOL_VERSION, Action, Observation, serve, _fields, _result  # noqa: E402,F401


# The learning parts that need numpy load on first use, so that `import
# jamaica` (Game, Agent, sim, serve) needs the standard library alone.
_VECTOR = ("VecEnv", "OBS_SIZE", "ACTION_IDS", "OBS_LOW", "OBS_HIGH", "action_id_kind", "random_actions", "encode",
           "action_id", "action_of_id", "action_mask", "decode", "action_text")
_ENVS = ("Env", "AECEnv", "Discrete", "Box", "Dict", "observation_space", "spaces_from")


def _learning(module):
    try:
        return __import__("jamaica." + module, fromlist=[module])
    except ImportError as e:
        if "numpy" not in str(e):
            raise
        raise ImportError("jamaica's Env, AECEnv and VecEnv need numpy (Debian: apt-get install python3-numpy): %s"
                          % e) from None


def __getattr__(name):
    if name in _VECTOR:
        return getattr(_learning("vector"), name)
    if name in _ENVS:
        return getattr(_learning("envs"), name)
    raise AttributeError("module 'jamaica' has no attribute %r" % name)
