"""The ctypes layer over libjamaica (private): the library found and
loaded, the C structs the module passes, the functions' signatures, and the
small checks every wrapper shares.  The package's modules (the Game and
Agent wrappers in __init__, vector, selfplay, envs) take what they need from
here; users take the public names from the package.
"""
import ctypes
import ctypes.util
import os

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
                ("ghost_moves", ctypes.c_uint8), ("round_cap", ctypes.c_uint16),
                ("variant", ctypes.c_uint8), ("later_gold", ctypes.c_uint8)]  # jm_rules: 14 bytes


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
    # agents/agent.h's struct agent, field for field (agent_create writes
    # all of it), then room to spare for fields a newer library adds
    _fields_ = [("ops", ctypes.c_void_p), ("rng", _Pcg), ("seat", ctypes.c_int), ("stream", ctypes.c_uint32),
                ("data", ctypes.c_void_p), ("spec", ctypes.c_char * 64), ("forbid", ctypes.c_uint),
                ("sees", ctypes.c_int), ("name", ctypes.c_char * 33), ("_spare", ctypes.c_uint64 * 8)]


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
    "jm_variant_label": (ctypes.c_int, [ctypes.c_int, ctypes.c_char_p, ctypes.c_size_t]),
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
    "agent_check_lineup": (ctypes.c_int, [ctypes.POINTER(ctypes.c_char_p), ctypes.c_int, ctypes.c_char_p,
                                          ctypes.c_size_t]),
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
        return 0 if v == -2 else None if v < 0 else "star" if v == 0 else v  # -2: a face numbered 0
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


def _check_lineup(specs):
    """The library's one check of agents seated together
    (agent_check_lineup): JamaicaError naming both where a reference agent
    (see=hands, see=all) would sit beside an outside one (cmd:, plugin:)."""
    _need_lib()
    enc = [_str("spec", s).encode() for s in specs]
    err = _err()
    if _lib.agent_check_lineup((ctypes.c_char_p * len(enc))(*enc), len(enc), err, len(err)):
        raise JamaicaError(err.value.decode())


def _rules(text):
    _str("rules", text)
    r, err = _Rules(), _err()
    if _lib.jm_rules_parse(ctypes.byref(r), text.encode(), err, len(err)):
        raise JamaicaError(err.value.decode())
    return r


def variant_label(rules):
    """The variant a rules text plays, as a network file's "variant" records
    it: "PATH@HASH" and any fields set over it, or "" for the base game
    (docs/VARIANTS.md)."""
    buf = ctypes.create_string_buffer(1024)
    _lib.jm_variant_label(_rules(rules).variant, buf, len(buf))
    return buf.value.decode()


# ---------------------------------------------------------------- Game

