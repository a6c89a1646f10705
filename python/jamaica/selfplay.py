"""Self-play for trainers, and the C side's network, from Python (numpy).

selfplay() plays games of one agent in every seat through the library
(jm_selfplay: OpenMP over the games, the same samples on any thread count)
and returns what a trainer needs as numpy arrays; Net evaluates a network
file with the library's own arithmetic (the bits the agents play with).
"""
import ctypes
import os

import numpy as np

from ._native import _lib, _need_lib, _State, JamaicaError, MAX_ACTIONS, MAX_SHIPS
from .netfile import ACTION_IDS, OBS_SIZE, VALUES


class Sample(ctypes.Structure):
    """jm_sample (sim/run/selfplay.h): 488 bytes."""
    _fields_ = [("obs", _State), ("game", ctypes.c_int64), ("seat", ctypes.c_uint8), ("n", ctypes.c_uint8),
                ("ships", ctypes.c_uint8), ("chosen", ctypes.c_uint8), ("ids", ctypes.c_int16 * MAX_ACTIONS),
                ("policy", ctypes.c_float * MAX_ACTIONS), ("outcome", ctypes.c_float * MAX_SHIPS),
                ("value", ctypes.c_float * MAX_SHIPS)]


SIZE = 488
assert ctypes.sizeof(Sample) == SIZE


def _bind():
    _need_lib()
    lib = _lib
    if getattr(lib, "_selfplay_bound", False):
        return lib
    E = ctypes.c_char_p
    lib.jm_selfplay.restype = ctypes.c_int
    lib.jm_selfplay.argtypes = [ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint64, ctypes.c_uint64,
                                ctypes.c_int, ctypes.c_int, ctypes.POINTER(ctypes.POINTER(Sample)),
                                ctypes.POINTER(ctypes.c_size_t), E, ctypes.c_size_t]
    lib.jm_selfplay_labelled.restype = ctypes.c_int
    lib.jm_selfplay_labelled.argtypes = [ctypes.c_char_p] + lib.jm_selfplay.argtypes
    lib.jm_selfplay_against.restype = ctypes.c_int
    lib.jm_selfplay_against.argtypes = lib.jm_selfplay_labelled.argtypes
    lib.jm_selfplay_free.restype, lib.jm_selfplay_free.argtypes = None, [ctypes.c_void_p]
    lib.jm_selfplay_encode.restype = None
    lib.jm_selfplay_encode.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_void_p, ctypes.c_int]
    lib.nn_open.restype, lib.nn_open.argtypes = ctypes.c_void_p, [ctypes.c_char_p, E, ctypes.c_size_t]
    lib.nn_close.restype, lib.nn_close.argtypes = None, [ctypes.c_void_p]
    lib.nn_eval.restype = None
    lib.nn_eval.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int, ctypes.c_void_p,
                            ctypes.c_void_p, ctypes.c_uint]
    lib.jm_encode_rotate.restype = ctypes.c_int
    lib.jm_encode_rotate.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int, ctypes.c_void_p]
    for f in (lib.jm_ship_rotate, lib.jm_action_id_rotate):
        f.restype, f.argtypes = ctypes.c_int, [ctypes.c_int, ctypes.c_int, ctypes.c_int]
    lib._selfplay_bound = True
    return lib


_tables = None


def rotation_tables():
    """The library's seat rotation (jm_encode_rotate) as gather indexes,
    for players 2..6 and viewing seat `by` < players: obs[players, by] (the
    rotated encoding is x[obs[players, by]]), ids[players, by] (an id's
    rotated id) and ships[players, by] (the rotated ship r is ship
    ships[players, by, r] of the game)."""
    global _tables
    if _tables is None:
        lib = _bind()
        obs = np.zeros((7, 6, OBS_SIZE), np.int64)
        ids = np.zeros((7, 6, ACTION_IDS), np.int64)
        ships = np.zeros((7, 6, VALUES), np.int64)
        probe = np.arange(1, OBS_SIZE + 1, dtype=np.float32)
        out = np.zeros(OBS_SIZE, np.float32)
        for n in range(2, 7):
            for by in range(n):
                if lib.jm_encode_rotate(probe.ctypes.data, by, n, out.ctypes.data) != 0:
                    raise JamaicaError("jm_encode_rotate refused players %d, seat %d" % (n, by))
                obs[n, by] = out.astype(np.int64) - 1
                ids[n, by] = [lib.jm_action_id_rotate(i, by, n) for i in range(ACTION_IDS)]
                back = (n - by) % n
                ships[n, by] = [lib.jm_ship_rotate(r, back, n) for r in range(VALUES)]
        _tables = obs, ids, ships
    return _tables


def relative(obs, ids=None, ship_cols=()):
    """Samples as a relative network sees them (docs/NETWORK.md): each
    encoding rotated to its viewing seat, the legal ids (-1: none) and the
    per-ship arrays in ship_cols (N x 7: outcome, value, ships in play)
    renumbered with it.  Returns (obs, ids, [each of ship_cols])."""
    t_obs, t_ids, t_ships = rotation_tables()
    obs = np.asarray(obs, np.float32)
    players = obs[:, 6:11].argmax(1) + 2
    by = obs[:, 0:6].argmax(1)
    out = np.take_along_axis(obs, t_obs[players, by], axis=1)
    rid = None
    if ids is not None:
        ids = np.asarray(ids)
        rid = np.where(ids >= 0, np.take_along_axis(t_ids[players, by], np.clip(ids, 0, None).astype(np.int64),
                                                    axis=1), -1).astype(ids.dtype)
    cols = [np.take_along_axis(np.asarray(c), t_ships[players, by], axis=1) for c in ship_cols]
    return out, rid, cols


def selfplay(agent, games, players=4, rules="2021", seed=1, first=0, threads=0, states=False, label=None,
             opponent=None):
    """Games first..first+games-1 of seed, `agent` (guided or mcts) in every
    seat; with `label` (guided or mcts), `agent` (any) plays the moves and
    label searches every decision: the policy and value are label's
    (jm_selfplay_labelled); with `opponent` (any agent), `agent` sits in
    game g's seat g % players only and opponent in the others, whose
    decisions are not recorded (jm_selfplay_against).  A dict of arrays, one row per decision of two or more actions:
    obs (float32, N x 1205: the deciding seat's encoding), ids (int16, N x
    48: the legal ids, -1 past n), n, policy (float32, N x 48: the search's
    policy over them), outcome (float32, N x 7: each ship's share of the
    win), value (float32, N x 7: the search's estimate of it at the
    decision), ships (bool, N x 7: in play), seat, game, chosen.

    The games go to the library a few per thread at a time, so that Ctrl-C
    (KeyboardInterrupt, which Python raises only between calls into C)
    stops a long run within seconds; the samples are the same whatever
    the chunks, as on any thread count."""
    chunk = 16 * (threads or os.cpu_count() or 1)
    if label and opponent:
        raise JamaicaError("selfplay: label and opponent together")
    parts = [_selfplay(agent, min(chunk, games - k), players, rules, seed, first + k, threads, states, label,
                       opponent) for k in range(0, max(games, 1), chunk)]  # games 0: one call, no samples
    return {k: np.concatenate([d[k] for d in parts]) for k in parts[0]}


def _selfplay(agent, games, players, rules, seed, first, threads, states, label, opponent):
    lib = _bind()
    out = ctypes.POINTER(Sample)()
    count = ctypes.c_size_t()
    err = ctypes.create_string_buffer(512)
    args = (agent.encode(), int(players), rules.encode(), int(seed), int(first), int(games), int(threads),
            ctypes.byref(out), ctypes.byref(count), err, len(err))
    if label or opponent:
        two = lib.jm_selfplay_labelled if label else lib.jm_selfplay_against
        rc = two(args[0], (label or opponent).encode(), *args[1:])
    else:
        rc = lib.jm_selfplay(*args)
    if rc != 0:
        raise JamaicaError(err.value.decode())
    try:
        n = count.value
        raw = np.ctypeslib.as_array(ctypes.cast(out, ctypes.POINTER(ctypes.c_uint8)), shape=(n * SIZE,)) \
            if n else np.zeros(0, np.uint8)
        dt = np.dtype({"names": ["game", "seat", "n", "ships", "chosen", "ids", "policy", "outcome", "value"],
                       "formats": ["<i8", "u1", "u1", "u1", "u1", ("<i2", MAX_ACTIONS), ("<f4", MAX_ACTIONS),
                                   ("<f4", MAX_SHIPS), ("<f4", MAX_SHIPS)],
                       "offsets": [128, 136, 137, 138, 139, 140, 236, 428, 456], "itemsize": SIZE})
        rec = raw.view(dt).copy() if n else np.zeros(0, dt)
        state = raw.reshape(n, SIZE)[:, :128].copy() if n else np.zeros((0, 128), np.uint8)
        obs = np.zeros((n, OBS_SIZE), np.float32)
        if n:
            lib.jm_selfplay_encode(out, n, obs.ctypes.data, int(threads))
    finally:
        lib.jm_selfplay_free(out)
    idx = np.arange(MAX_ACTIONS)
    ids = rec["ids"].astype(np.int16)
    ids[idx[None, :] >= rec["n"][:, None]] = -1
    ships = ((rec["ships"][:, None].astype(np.int64) >> np.arange(MAX_SHIPS)) & 1).astype(bool)
    d = {"obs": obs, "ids": ids, "n": rec["n"].astype(np.int64), "policy": rec["policy"].copy(),
            "outcome": rec["outcome"].copy(), "value": rec["value"].copy(), "ships": ships, "seat": rec["seat"].astype(np.int64),
            "game": rec["game"].copy(), "chosen": rec["chosen"].astype(np.int64)}
    if states:
        d["state"] = state
    return d


def encode(state, seat, threads=0):
    """The encodings (float32, N x 1205) of observations `state` (uint8, N x
    128, as selfplay(states=True) gives them) by `seat`."""
    lib = _bind()
    n = len(seat)
    buf = np.zeros((n, SIZE), np.uint8)
    buf[:, :128] = state
    buf[:, 136] = seat
    obs = np.zeros((n, OBS_SIZE), np.float32)
    if n:
        lib.jm_selfplay_encode(buf.ctypes.data, n, obs.ctypes.data, int(threads))
    return obs


class Net:
    """A network file evaluated by the library (the agents' arithmetic)."""

    def __init__(self, path):
        lib = _bind()
        err = ctypes.create_string_buffer(512)
        self._p = lib.nn_open(str(path).encode(), err, len(err))
        if not self._p:
            raise JamaicaError(err.value.decode())
        self._lib = lib

    def close(self):
        if self._p:
            self._lib.nn_close(self._p)
            self._p = None

    __del__ = close

    def eval(self, x, ids, ships=None):
        """(logits of ids, value over the ships) for one encoding x (1205
        floats): float32 arrays, bit for bit what the agents compute."""
        x = np.ascontiguousarray(x, np.float32)
        ids = np.ascontiguousarray(ids, np.int32)
        mask = (1 << VALUES) - 1 if ships is None else int(sum(1 << i for i, s in enumerate(ships) if s))
        logit = np.zeros(max(len(ids), 1), np.float32)
        value = np.zeros(VALUES, np.float32)
        self._lib.nn_eval(self._p, x.ctypes.data, ids.ctypes.data, len(ids), logit.ctypes.data, value.ctypes.data,
                          mask)
        return logit[:len(ids)], value
