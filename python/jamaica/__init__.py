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
and returns the GAMES.csv rows as dicts.
"""
import csv
import ctypes
import ctypes.util
import io
import os
import shutil
import subprocess
import tempfile

__all__ = ["Game", "Agent", "Env", "AECEnv", "VecEnv", "Discrete", "Box", "sim", "serve", "Observation", "Action", "MAX_ACTIONS", "GHOST", "DECISIONS",
           "JamaicaError"]

MAX_PLAYERS = 6
MAX_SHIPS = 7
GHOST = 6
MAX_ACTIONS = 48
HASH_INIT = 0xCBF29CE484222325
POSITION_MAX = 1024
JM_ACTION_TEXT_MAX = 96
EV_MAXV = 14
DECISIONS = ["none", "dice", "card", "dest", "hold", "pay", "route", "target", "powder", "sabre", "loot",
             "ghost_dir"]
RES = ["gold", "food", "gunpowder"]


class JamaicaError(ValueError):
    """Bad input to the engine (rules, a position, an agent spec, an illegal action)."""


# ---------------------------------------------------------------- the C types

class _State(ctypes.Structure):
    _fields_ = [("b", ctypes.c_uint64 * 16)]  # jm_state: 128 bytes, 8-aligned


class _Rules(ctypes.Structure):
    _fields_ = [("shortage", ctypes.c_uint8), ("ghost", ctypes.c_uint8), ("start_food", ctypes.c_uint8),
                ("start_gold", ctypes.c_uint8), ("hand", ctypes.c_uint8), ("treasures", ctypes.c_uint8),
                ("first_captain", ctypes.c_int8), ("ghost_gold", ctypes.c_uint8), ("ghost_bonus", ctypes.c_uint8),
                ("ghost_moves", ctypes.c_uint8), ("round_cap", ctypes.c_uint16)]


class _Event(ctypes.Structure):
    _fields_ = [("type", ctypes.c_uint8), ("ship", ctypes.c_int8), ("round", ctypes.c_uint16),
                ("v", ctypes.c_int32 * EV_MAXV)]


class _Field(ctypes.Structure):
    _fields_ = [("name", ctypes.c_char_p), ("kind", ctypes.c_uint8)]


class _Desc(ctypes.Structure):
    _fields_ = [("name", ctypes.c_char_p), ("nfields", ctypes.c_uint8), ("fields", _Field * EV_MAXV)]


_TRACE_FN = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.POINTER(_Event))


class _Tracer(ctypes.Structure):
    _fields_ = [("fn", _TRACE_FN), ("ctx", ctypes.c_void_p), ("mask", ctypes.c_uint32)]


class _Score(ctypes.Structure):
    _fields_ = [(n, ctypes.c_int) for n in ("space", "gold", "treasure", "total", "steps_left", "rank", "winner")]


class _Pcg(ctypes.Structure):
    _fields_ = [("state", ctypes.c_uint64), ("inc", ctypes.c_uint64)]


class _Agent(ctypes.Structure):
    _fields_ = [("ops", ctypes.c_void_p), ("rng", _Pcg), ("seat", ctypes.c_int), ("stream", ctypes.c_uint32),
                ("data", ctypes.c_void_p), ("spec", ctypes.c_char * 64)]


def _load():
    here = os.path.dirname(os.path.abspath(__file__))
    tried = []
    try:  # a wheel built from a source tree knows that tree's lib/ (wheel_backend.py)
        from ._where import LIB as built
    except ImportError:
        built = None
    # $JAMAICA_LIB; the source tree's lib/; the tree a wheel was built from;
    # the prefix this module was installed under (make install:
    # PREFIX/lib/pythonX.Y/*-packages/jamaica); the system's loader.
    for path in (os.environ.get("JAMAICA_LIB"), os.path.join(here, "..", "..", "lib", "libjamaica.so.1"), built,
                 os.path.join(here, "..", "..", "..", "libjamaica.so.1"), ctypes.util.find_library("jamaica"),
                 "libjamaica.so.1"):
        if not path:
            continue
        tried.append(path)
        try:
            return ctypes.CDLL(path)
        except OSError:
            continue
    raise ImportError("libjamaica not found (tried %s): run 'make lib' in the clone, or set JAMAICA_LIB to the "
                      "library's path" % ", ".join(tried))


try:
    _lib = _load()
    _load_error = None
except ImportError as _e:  # serve() and the protocol work without the library
    _lib, _load_error = None, _e


def _need_lib():
    if _lib is None:
        raise _load_error


_S = ctypes.POINTER(_State)
_sigs = {
    "jm_rules_parse": (ctypes.c_int, [ctypes.POINTER(_Rules), ctypes.c_char_p, ctypes.c_char_p, ctypes.c_size_t]),
    "jm_rules_format": (None, [ctypes.POINTER(_Rules), ctypes.c_char_p, ctypes.c_size_t]),
    "jm_init": (ctypes.c_int, [_S, ctypes.POINTER(_Rules), ctypes.c_int, ctypes.c_uint64, ctypes.c_uint64,
                               ctypes.POINTER(_Tracer), ctypes.c_char_p, ctypes.c_size_t]),
    "jm_over": (ctypes.c_int, [_S]), "jm_capped": (ctypes.c_int, [_S]),
    "jm_decision": (ctypes.c_int, [_S]), "jm_to_move": (ctypes.c_int, [_S]),
    "jm_legal": (ctypes.c_int, [_S, ctypes.POINTER(ctypes.c_int)]),
    "jm_apply": (ctypes.c_int, [_S, ctypes.c_int, ctypes.POINTER(_Tracer)]),
    "jm_observe": (None, [_S, ctypes.c_int, ctypes.c_uint64, _S]),
    "jm_position_format": (ctypes.c_int, [_S, ctypes.c_char_p, ctypes.c_size_t]),
    "jm_position_parse": (ctypes.c_int, [_S, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_size_t]),
    "jm_scores": (ctypes.c_int, [_S, ctypes.POINTER(_Score)]),
    "jm_event_info": (ctypes.POINTER(_Desc), [ctypes.c_int]),
    "jm_hash_event": (ctypes.c_uint64, [ctypes.c_uint64, ctypes.POINTER(_Event)]),
    "jm_res_name": (ctypes.c_char_p, [ctypes.c_int]), "jm_act_name": (ctypes.c_char_p, [ctypes.c_int]),
    "jm_treasure_name": (ctypes.c_char_p, [ctypes.c_int]),
    "jm_pcg32_seed": (None, [ctypes.POINTER(_Pcg), ctypes.c_uint64, ctypes.c_uint64]),
    "jm_pcg32_bounded": (ctypes.c_uint32, [ctypes.POINTER(_Pcg), ctypes.c_uint32]),
    "jm_mix64": (ctypes.c_uint64, [ctypes.c_uint64]),
    "agent_create": (ctypes.c_int, [ctypes.POINTER(_Agent), ctypes.c_char_p, ctypes.c_char_p, ctypes.c_size_t]),
    "agent_destroy": (None, [ctypes.POINTER(_Agent)]),
    "agent_reset": (None, [ctypes.POINTER(_Agent), ctypes.c_uint64, ctypes.c_uint64, ctypes.c_int]),
    "agent_choose": (ctypes.c_int, [ctypes.POINTER(_Agent), _S, ctypes.POINTER(ctypes.c_int), ctypes.c_int]),
}
_sigs["jm_view_deal"] = (ctypes.c_int, [_S, ctypes.c_char_p, ctypes.c_uint64, ctypes.c_char_p, ctypes.c_size_t])
_sigs["jm_view_format"] = (ctypes.c_int, [_S, ctypes.c_int, ctypes.c_char_p, ctypes.c_size_t])
_sigs["jm_action_text"] = (ctypes.c_int, [_S, ctypes.c_int, ctypes.c_char_p, ctypes.c_size_t])


def _bind(lib):
    for name, (res, args) in _sigs.items():
        f = getattr(lib, name)
        f.restype, f.argtypes = res, args
    for name in ("players", "ships", "has_ghost", "round", "captain", "first_captain", "pile_size"):
        f = getattr(lib, "jm_" + name)
        f.restype, f.argtypes = ctypes.c_int, [_S]
    for name in ("pos", "lap", "finished", "steps_left", "nholds", "in_play", "face_down_count", "dice"):
        f = getattr(lib, "jm_" + name)
        f.restype, f.argtypes = ctypes.c_int, [_S, ctypes.c_int]
    for name in ("hold_count", "hold_type", "total", "card_count"):
        f = getattr(lib, "jm_" + name)
        f.restype, f.argtypes = ctypes.c_int, [_S, ctypes.c_int, ctypes.c_int]
    lib.jm_cards.restype, lib.jm_cards.argtypes = ctypes.c_uint, [_S, ctypes.c_int, ctypes.c_int]
    lib.jm_lair_tokens.restype, lib.jm_lair_tokens.argtypes = ctypes.c_uint, [_S]


if _lib is not None:
    _bind(_lib)

# Event field kinds (JM_FK_*), read as the JSONL trace writes them.
_FK_INT, _FK_SHIP, _FK_RES, _FK_DIR, _FK_HOLDS, _FK_CARD, _FK_ACT, _FK_TREASURE, _FK_ROLL, _FK_BOOL, _FK_LOOT, \
    _FK_SHORT = range(12)
_LOOT = ["nothing", "hold", "power", "blind", "curse"]
_SHORT = ["stay put", "port", "sea", "pirate lair", "retreat"]


def _ship(v):
    return None if v < 0 else "ghost" if v == GHOST else v


def _value(kind, v):
    if kind == _FK_SHIP:
        return _ship(v)
    if kind == _FK_RES:
        return None if v < 0 else _lib.jm_res_name(v).decode()
    if kind == _FK_DIR:
        return "backward" if v else "forward"
    if kind == _FK_HOLDS:
        out = []
        for i in range(6):
            c, t = (v >> (5 * i)) & 7, (v >> (5 * i + 3)) & 3
            out.append([_lib.jm_res_name(t).decode(), c] if c else None)
        return out
    if kind == _FK_ACT:
        return _lib.jm_act_name(v).decode()
    if kind == _FK_TREASURE:
        return None if v < 0 else _lib.jm_treasure_name(v).decode()
    if kind == _FK_ROLL:
        return None if v < 0 else "star" if v == 0 else v
    if kind == _FK_BOOL:
        return bool(v)
    if kind == _FK_LOOT:
        return _LOOT[v]
    if kind == _FK_SHORT:
        return _SHORT[v]
    return v


def _event_dict(ev):
    d = _lib.jm_event_info(ev.type).contents
    out = {"round": ev.round, "event": d.name.decode(), "ship": _ship(ev.ship)}
    for i in range(d.nfields):
        f = d.fields[i]
        out[f.name.decode()] = _value(f.kind, ev.v[i])
    return out


def _err():
    return ctypes.create_string_buffer(512)


# ---------------------------------------------------------------- argument checks
# Every public function checks its arguments before the library sees them:
# a wrong type raises TypeError naming the argument, a value outside its
# range ValueError naming the value; nothing reaches C that could crash it.

U64_MAX = 2 ** 64 - 1
GAME_MAX = 2 ** 63 - 1  # PCG32 streams are 63-bit


def _int(name, v, lo, hi):
    if isinstance(v, bool) or not isinstance(v, int):
        if isinstance(v, float):
            raise ValueError("%s must be a whole number, not %r" % (name, v))
        raise TypeError("%s must be an int, not %s" % (name, type(v).__name__))
    if not lo <= v <= hi:
        raise ValueError("%s %d is outside %d..%d" % (name, v, lo, hi))
    return v


def _str(name, v):
    if not isinstance(v, str):
        raise TypeError("%s must be a str, not %s" % (name, type(v).__name__))
    if "\0" in v:
        raise ValueError("%s %r holds a NUL character" % (name, v))
    return v


def _rules(text):
    _str("rules", text)
    r, err = _Rules(), _err()
    if _lib.jm_rules_parse(ctypes.byref(r), text.encode(), err, len(err)):
        raise JamaicaError(err.value.decode())
    return r


# ---------------------------------------------------------------- Game

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


# ---------------------------------------------------------------- spaces

class Discrete:
    """The actions' space, shaped as gymnasium.spaces.Discrete (without
    importing it): integers 0..n-1.  A legal list is shorter: the mask says
    which indexes are valid now."""

    def __init__(self, n, seed=None):
        import random
        self.n, self.shape, self.dtype = n, (), int
        self._rng = random.Random(seed)

    def seed(self, seed=None):
        import random
        self._rng = random.Random(seed)
        return [seed]

    def sample(self, mask=None):
        """A uniform index, among those mask marks when one is given."""
        if mask is None:
            return self._rng.randrange(self.n)
        ok = [i for i in range(self.n) if mask[i]]
        if not ok:
            raise ValueError("the mask marks no action")
        return ok[self._rng.randrange(len(ok))]

    def contains(self, x):
        return isinstance(x, int) and not isinstance(x, bool) and 0 <= x < self.n or \
            (hasattr(x, "dtype") and getattr(x, "shape", None) == () and 0 <= int(x) < self.n)

    __contains__ = contains

    def __repr__(self):
        return "Discrete(%d)" % self.n


class Box:
    """The observations' space, shaped as gymnasium.spaces.Box: `shape`
    integers between low and high (Game.features' bounds)."""

    def __init__(self, low, high, shape):
        self.low, self.high, self.shape, self.dtype = low, high, shape, "int32"

    def contains(self, x):
        try:
            v = [int(a) for a in x]
        except (TypeError, ValueError):
            return False
        return len(v) == self.shape[0] and all(self.low <= a <= self.high for a in v)

    __contains__ = contains

    def __repr__(self):
        return "Box(%d, %d, %r, int32)" % (self.low, self.high, self.shape)


FEATURES = 100


# ---------------------------------------------------------------- Env

def _learning():
    """The learning parts' module (numpy needed)."""
    try:
        from . import vector
    except ImportError as e:
        raise ImportError("jamaica's Env, AECEnv and VecEnv need numpy (Debian: apt-get install python3-numpy): %s"
                          % e) from None
    return vector


def _obs_space(v):
    return Box(0, 100, (v.OBS_SIZE,))


class Env:
    """One learning seat against C agents, with Gymnasium's API (without
    importing gymnasium, which is not a Debian package):

        obs, info = env.reset(seed=1)
        obs, reward, terminated, truncated, info = env.step(action)

    The other seats are C agents (opponents: one spec for all, or a list).
    The observation is the seat's view encoded (jm_encode: float32,
    OBS_SIZE = 1205; docs/LEARNING.md), in observation_space; the action is
    an action id (the same id the same action in every state), in
    action_space (Discrete(ACTION_IDS = 243)), and info["action_mask"]
    (bool) marks the legal ones (also legal_mask()).  The reward is the
    seat's win share (1/k of a shared win) when the game ends, else 0;
    terminated is True then; truncated is always False (the engine's round
    cap ends a game as a finished one).  reset(seed=S) plays game 0 of seed
    S; each later reset() the next game of that seed, so a run of episodes
    is the same games as `jamaica sim --seed S`.  Needs numpy; for many
    games at once, VecEnv."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, players=4, seat=0, opponents="random", rules="2021", seed=1, render_mode=None):
        self._v = _learning()
        _int("players", players, 2, MAX_PLAYERS)
        _int("seat", seat, 0, players - 1)
        _str("rules", rules)
        _int("seed", seed, 0, U64_MAX)
        if render_mode not in (None, "ansi"):
            raise ValueError("render_mode %r is not one of None, 'ansi'" % (render_mode,))
        self.players, self.seat, self.rules, self.seed = players, seat, rules, seed
        self.render_mode = render_mode
        specs = [opponents] * players if isinstance(opponents, str) else list(opponents)
        if len(specs) not in (1, players):
            raise ValueError("opponents names %d agents for %d players (give one, or one per seat)" %
                             (len(specs), players))
        self._opp = {p: Agent(specs[p if len(specs) == players else 0]) for p in range(players) if p != seat}
        self.action_space = Discrete(self._v.ACTION_IDS)
        self.observation_space = _obs_space(self._v)
        self.episode = -1
        self.game = None

    def _obs(self):
        return self._v.encode(self.game, self.seat)

    def legal_mask(self):
        return self._v.action_mask(self.game)

    def _advance(self):
        """Play the other seats (and forced moves) until the learner decides."""
        while not self.game.over:
            legal = self.game.legal()
            if len(legal) == 1:
                self.game.apply(legal[0])
            elif self.game.to_move == self.seat:
                return
            else:
                self.game.apply(self._opp[self.game.to_move].choose(self.game))

    def _info(self):
        legal = self.game.legal() if not self.game.over else []
        return {"action_mask": self.legal_mask(), "legal": legal, "decision": self.game.decision,
                "game": self.episode, "seed": self.seed}

    def reset(self, *, seed=None, options=None):
        if seed is not None:
            self.seed = _int("seed", seed, 0, U64_MAX)
            self.episode = -1
            self.action_space.seed(seed)
        self.episode += 1
        self.game = Game(self.players, self.rules, self.seed, self.episode)
        for p, a in self._opp.items():
            a.reset(self.seed, self.episode, p)
        self._advance()
        return self._obs(), self._info()

    def step(self, action):
        if self.game is None:
            raise ValueError("step() before reset()")
        if self.game.over:
            raise JamaicaError("the game is over: reset() starts the next")
        self.game.apply(self._v.action_of_id(self.game, action))
        self._advance()
        terminated = self.game.over
        reward = float(self.game.scores()[self.seat]["win"]) if terminated else 0.0
        return self._obs(), reward, terminated, False, self._info()

    def render(self):
        """'ansi': the position text (docs/POSITIONS.md)."""
        return self.game.position if self.render_mode == "ansi" and self.game else None

    def close(self):
        for a in self._opp.values():
            a.close()
        self._opp = {}


class AECEnv:
    """Every seat a learner, with PettingZoo's agent-by-agent (AEC) API
    (without importing pettingzoo):

        env.reset(seed=1)
        for agent in env.agent_iter():
            obs, reward, termination, truncation, info = env.last()
            action = None if termination or truncation else policy(obs, info["action_mask"])
            env.step(action)

    Agents are "player_0".."player_{P-1}" (possible_agents); agent_selection
    is the seat to decide (forced moves, a single legal action, are played
    by the environment).  observe(agent) is the seat's view encoded
    (float32, OBS_SIZE; docs/LEARNING.md); actions are action ids
    (action_space(agent) is Discrete(ACTION_IDS), the legal ones True in
    infos[agent]["action_mask"]).  Needs numpy.  rewards are the win shares when
    the game ends, 0 before; then every agent is terminated and, as the API
    asks, steps once with None to leave `agents`.  reset(seed=S) plays game
    0 of seed S, each later reset() the next game."""

    metadata = {"render_modes": ["ansi"], "name": "jamaica_v1", "is_parallelizable": False}

    def __init__(self, players=4, rules="2021", seed=1, render_mode=None):
        self._v = _learning()
        _int("players", players, 2, MAX_PLAYERS)
        _str("rules", rules)
        self.seed = _int("seed", seed, 0, U64_MAX)
        if render_mode not in (None, "ansi"):
            raise ValueError("render_mode %r is not one of None, 'ansi'" % (render_mode,))
        self.players, self.rules, self.render_mode = players, rules, render_mode
        self.possible_agents = ["player_%d" % p for p in range(players)]
        self._spaces = {a: (Discrete(self._v.ACTION_IDS), _obs_space(self._v)) for a in self.possible_agents}
        self.episode = -1
        self.game = None
        self.agents = []

    def action_space(self, agent):
        return self._spaces[agent][0]

    def observation_space(self, agent):
        return self._spaces[agent][1]

    @property
    def num_agents(self):
        return len(self.agents)

    @property
    def max_num_agents(self):
        return len(self.possible_agents)

    def _seat_of(self, agent):
        if agent not in self.possible_agents:
            raise ValueError("unknown agent %r (one of %s)" % (agent, ", ".join(self.possible_agents)))
        return self.possible_agents.index(agent)

    def observe(self, agent):
        return self._v.encode(self.game, self._seat_of(agent))

    def _mask(self, agent):
        if not self.game.over and self.game.to_move == self._seat_of(agent):
            return self._v.action_mask(self.game)
        return self._v.np.zeros(self._v.ACTION_IDS, dtype=bool)

    def _settle(self):
        """Forced moves played; then the agent to decide, or the end."""
        while not self.game.over and len(self.game.legal()) == 1:
            self.game.apply(self.game.legal()[0])
        if self.game.over:
            sc = self.game.scores()
            for a in self.agents:
                self.rewards[a] = float(sc[self._seat_of(a)]["win"])
                self.terminations[a] = True
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self.possible_agents[self.game.to_move]
        for a in self.agents:
            self._cumulative_rewards[a] += self.rewards[a]
            self.infos[a] = {"action_mask": self._mask(a), "decision": self.game.decision}
        self.infos[self.agent_selection]["legal"] = self.game.legal() if not self.game.over else []

    def reset(self, seed=None, options=None):
        if seed is not None:
            self.seed = _int("seed", seed, 0, U64_MAX)
            self.episode = -1
            for a in self.possible_agents:
                self._spaces[a][0].seed(seed)
        self.episode += 1
        self.game = Game(self.players, self.rules, self.seed, self.episode)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._settle()

    def last(self, observe=True):
        a = self.agent_selection
        return (self.observe(a) if observe else None, self._cumulative_rewards[a], self.terminations[a],
                self.truncations[a], self.infos[a])

    def step(self, action):
        a = self.agent_selection
        if self.game is None:
            raise ValueError("step() before reset()")
        if self.terminations[a] or self.truncations[a]:
            if action is not None:
                raise JamaicaError("%s is done: step(None) removes it, not step(%r)" % (a, action))
            self.agents.remove(a)
            del self.rewards[a], self._cumulative_rewards[a], self.terminations[a], self.truncations[a], \
                self.infos[a]
            if self.agents:
                self.agent_selection = self.agents[0]
            return
        if action is None:
            raise JamaicaError("%s must act: step(None) is only for a done agent" % a)
        code = self._v.action_of_id(self.game, action)
        self._cumulative_rewards[a] = 0.0
        self.rewards = {x: 0.0 for x in self.agents}
        self.game.apply(code)
        self._settle()

    def agent_iter(self, max_iter=2 ** 63):
        """The agent to act, until every agent has left (or max_iter)."""
        for _ in range(max_iter):
            if not self.agents:
                return
            yield self.agent_selection

    def render(self):
        return self.game.position if self.render_mode == "ansi" and self.game else None

    def close(self):
        pass


# ---------------------------------------------------------------- agents over the protocol

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


# The learning parts that need numpy load on first use, so that `import
# jamaica` (Game, Agent, sim, serve) needs the standard library alone.
_VECTOR = ("VecEnv", "OBS_SIZE", "ACTION_IDS", "action_id_kind", "random_actions", "encode", "action_id",
           "action_of_id", "action_mask")


def __getattr__(name):
    if name in _VECTOR:
        from . import vector
        return getattr(vector, name)
    raise AttributeError("module 'jamaica' has no attribute %r" % name)
