"""VecEnv: N games stepped by one call into the C library (numpy arrays).

The library writes into buffers the environment owns at each call; what a
call returns is a copy of them (copy=True, the default, as Gymnasium's
vector environments), or with copy=False the buffers themselves, rewritten
by the next call.  numpy is needed here (and by the encoding's users);
`import jamaica` alone is not.
"""
import ctypes

import numpy as np

from ._native import _lib, _need_lib, _int, _str, JamaicaError, MAX_ACTIONS, MAX_PLAYERS, U64_MAX

OBS_SIZE = 1205        # JM_OBS_SIZE (docs/LEARNING.md)
ACTION_IDS = 243       # JM_ACTION_IDS
OBS_ROUND = 17         # the round's slot: round / 100, and round_cap goes to 10,000
# The encoding's bounds, slot by slot: one-hots and flags 0 or 1, counts
# divided so that their largest value is at most 1, but the round (up to
# the round cap, 10,000) over 100 (docs/LEARNING.md).
OBS_LOW = np.zeros(OBS_SIZE, dtype=np.float32)
OBS_HIGH = np.ones(OBS_SIZE, dtype=np.float32)
OBS_HIGH[OBS_ROUND] = 100.0


class _Out(ctypes.Structure):
    _fields_ = [("obs", ctypes.c_void_p), ("mask", ctypes.c_void_p), ("reward", ctypes.c_void_p),
                ("terminated", ctypes.c_void_p), ("truncated", ctypes.c_void_p), ("to_move", ctypes.c_void_p),
                ("scores", ctypes.c_void_p), ("game", ctypes.c_void_p), ("legal", ctypes.c_void_p),
                ("nlegal", ctypes.c_void_p), ("current", ctypes.c_void_p), ("final_obs", ctypes.c_void_p)]


def _bind():
    _need_lib()
    lib = _lib
    if getattr(lib, "_vec_bound", False):
        return lib
    E = ctypes.c_char_p
    lib.jm_vec_new.restype = ctypes.c_void_p
    lib.jm_vec_new.argtypes = [ctypes.c_int, ctypes.c_int, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_uint,
                               ctypes.c_uint64, ctypes.c_int, E, ctypes.c_size_t]
    lib.jm_vec_free.restype, lib.jm_vec_free.argtypes = None, [ctypes.c_void_p]
    lib.jm_vec_reset.restype = ctypes.c_int
    lib.jm_vec_reset.argtypes = [ctypes.c_void_p, ctypes.c_uint64, ctypes.POINTER(_Out), E, ctypes.c_size_t]
    lib.jm_vec_reset_each.restype = ctypes.c_int
    lib.jm_vec_reset_each.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.POINTER(_Out), E, ctypes.c_size_t]
    lib.jm_vec_threads.restype, lib.jm_vec_threads.argtypes = ctypes.c_int, [ctypes.c_void_p]
    lib.jm_vec_privileged.restype = None
    lib.jm_vec_privileged.argtypes = [ctypes.c_void_p, ctypes.c_void_p]
    lib.jm_vec_step.restype = ctypes.c_int
    lib.jm_vec_step.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.POINTER(_Out), E, ctypes.c_size_t]
    lib.jm_decision_name.restype, lib.jm_decision_name.argtypes = ctypes.c_char_p, [ctypes.c_int]
    from ._native import _S
    lib.jm_encode.restype, lib.jm_encode.argtypes = ctypes.c_int, [_S, ctypes.c_int, ctypes.c_void_p]
    lib.jm_action_id.restype, lib.jm_action_id.argtypes = ctypes.c_int, [_S, ctypes.c_int]
    lib.jm_action_of_id.restype, lib.jm_action_of_id.argtypes = ctypes.c_int, [_S, ctypes.c_int]
    lib.jm_action_mask.restype, lib.jm_action_mask.argtypes = ctypes.c_int, [_S, ctypes.c_void_p]
    for name, argtypes in (("jm_action_id_kind", [ctypes.c_int, ctypes.POINTER(ctypes.c_int)]),
                           ("jm_action_id_of", [ctypes.c_int, ctypes.c_int])):
        f = getattr(lib, name)
        f.restype, f.argtypes = ctypes.c_int, argtypes
    lib.jm_decode.restype, lib.jm_decode.argtypes = ctypes.c_int, [ctypes.c_void_p, _S, ctypes.POINTER(ctypes.c_int)]
    lib._vec_bound = True
    return lib


try:
    import gymnasium
    from gymnasium.vector import AutoresetMode, VectorEnv as _VectorEnv
    from gymnasium.vector.utils import batch_space as _batch_space
except ImportError:
    gymnasium = None
    _VectorEnv = object

_MODES = ("same_step", "next_step")


def _deep_copy(x):
    """x with nothing shared with the environment's buffers: arrays copied,
    an object array's elements (final_obs's rows) copied one by one, dicts
    (final_info) copied with what they hold."""
    if isinstance(x, np.ndarray):
        if x.dtype == object:
            y = np.empty_like(x)
            for i, v in enumerate(x.flat):
                y.flat[i] = _deep_copy(v)
            return y
        return x.copy()
    if isinstance(x, dict):
        return {k: _deep_copy(v) for k, v in x.items()}
    if isinstance(x, list):
        return [_deep_copy(v) for v in x]
    return x


class VecEnv(_VectorEnv):
    """num_envs games of `players` stepped together, with Gymnasium's
    vector API (a gymnasium.vector.VectorEnv when gymnasium imports):

        env = jamaica.VecEnv(1024, players=4, opponents="random", seed=1)
        obs, info = env.reset()
        while True:
            actions = policy(obs, info["action_mask"])      # int action ids
            obs, rewards, terminations, truncations, info = env.step(actions)

    Observations are the encoding (float32, num_envs x OBS_SIZE, in
    single_observation_space) of the view of the seat to move; actions are
    action ids (single_action_space: Discrete(ACTION_IDS), the same id the
    same action in every state; docs/LEARNING.md), one per env, legal where
    info["action_mask"] (int8, num_envs x ACTION_IDS) is 1;
    info["legal_ids"] (int16, num_envs x 48) lists the same ids in order,
    then -1, and info["legal_count"] how many, for samplers.  An id that is
    not legal raises JamaicaError naming the env, and no game moves (a
    batch has no seat to make lose; Env and AECEnv have illegal="lose").

    learners: the seats the caller plays (default (0,)); the others are
    played by `opponents` (an agent spec, as `jamaica sim --agents` takes
    one: random, greedy, sharp, mcts:..., plugin:..., cmd:...).
    self_play=True makes every seat a learner; info["to_move"] says whose
    turn each row is (PGX's current_player).

    Rewards: with one learning seat, shape (num_envs,): that seat's win
    share (1/k of k winners) in a game that ended at this step, else 0.
    With several, (num_envs, players): each seat's.  terminations: the game
    ended; truncations: it ended at the round cap (not terminated).
    info["scores"] (num_envs x players) holds the ended games' final
    scores; with current_scores=True, info["current_scores"] the scores of
    the games in play as they stand (public to every seat, for reward
    shaping; it costs about a quarter of the throughput against random
    opponents, so it is asked for).

    Autoreset (metadata["autoreset_mode"], Gymnasium's AutoresetMode):
    autoreset_mode="same_step" (the default): a game that ends is followed
    at once by that env's next game, and the obs returned with the ending
    step is the new game's first; info["final_obs"] (an object array, None
    where no game ended, "_final_obs" the mask) holds the ended game's last
    observation for the seat that acted, and info["final_info"] its scores
    and game.  autoreset_mode="next_step" (Gymnasium's default, which its
    vector observation wrappers need: NormalizeObservation,
    TransformObservation, FlattenObservation, DtypeObservation): the ending
    step returns the ended game's last observation with no legal action
    (an action_mask row of zeros, legal_count 0, as Env's at its end), and
    the env's next step ignores its action and returns the next game's
    first observation, reward 0, not terminated.

    threads: how many threads its calls use (the caller's among them;
    self.threads says): default OMP_NUM_THREADS's number if set, else every
    core the process may run on, whatever OpenMP's setting is when it is
    made (torch lowers that at import on some machines).

    Seeds: env i plays games i, i + num_envs, ... of its seed
    (info["game"]), so a run is the same games on any thread count.
    reset(seed=S) gives every env seed S from its first game; reset(seed=
    [S0, S1, ...]) env i seed Si and games 0, 1, 2, ... of it: the episodes
    of gymnasium.vector.SyncVectorEnv of num_envs Envs reset with those
    seeds, for the same actions; reset() goes on: every env starts its next
    game (the first reset() plays the seed given to the constructor).
    (SyncVectorEnv's reset(seed=S) seeds env i with S + i: give VecEnv the
    list [S, S + 1, ...] for its episodes.)
    With privileged=True, info["state"] (num_envs x players*OBS_SIZE) is
    every seat's view of each game, seat p's at [p*OBS_SIZE, (p+1)*OBS_SIZE):
    together every hand and every treasure aboard, for a critic that sees
    more than the policy in training (PerfectDou's asymmetric actor-critic;
    docs/LEARNING.md).  It is a trainer's input only: no agent is given it.

    copy=True (the default): the returned arrays are the caller's, as
    Gymnasium's vector environments' are (final_obs's rows and final_info's
    arrays too, copied deeply); a torch tensor made with
    torch.from_numpy(obs) keeps its values.  copy=False: they are views on
    the environment's own buffers, overwritten by the next call, with no
    copy per step; keep nothing across a call without copying it (a graph
    built on torch.from_numpy(obs) would see the next step's values).
    After close(), every call raises JamaicaError."""

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP if gymnasium is not None else "SameStep",
                "render_modes": []}
    render_mode = None

    def __init__(self, num_envs, players=4, opponents="random", rules="2021", seed=1, threads=None,
                 learners=(0,), self_play=False, current_scores=False, privileged=False, copy=True,
                 autoreset_mode="same_step"):
        lib = _bind()
        mode = getattr(autoreset_mode, "value", autoreset_mode)  # gymnasium's AutoresetMode: "NextStep", ...
        mode = {"NextStep": "next_step", "SameStep": "same_step"}.get(mode, mode)
        if mode not in _MODES:
            raise ValueError("autoreset_mode %r: same_step or next_step (or gymnasium's AutoresetMode)"
                             % (autoreset_mode,))
        self.copy, self.autoreset_mode = bool(copy), mode
        if gymnasium is not None:
            self.metadata = dict(self.metadata, autoreset_mode=AutoresetMode.NEXT_STEP if mode == "next_step"
                                 else AutoresetMode.SAME_STEP)
        else:
            self.metadata = dict(self.metadata, autoreset_mode="NextStep" if mode == "next_step" else "SameStep")
        _int("num_envs", num_envs, 1, 1 << 20)
        _int("players", players, 2, MAX_PLAYERS)
        _str("rules", rules)
        _int("seed", seed, 0, U64_MAX)
        if threads is not None:
            _int("threads", threads, 1, 1024)
        seats = tuple(range(players)) if self_play else tuple(learners)
        if not seats:
            raise ValueError("learners names no seat")
        for s in seats:
            _int("learning seat", s, 0, players - 1)
        mask = 0
        for s in seats:
            mask |= 1 << s
        if mask != (1 << players) - 1:
            _str("opponents", opponents)
        self.num_envs, self.players, self.seed = num_envs, players, seed
        self.learners = tuple(sorted(set(seats)))
        err = ctypes.create_string_buffer(512)
        opp = opponents.encode() if isinstance(opponents, str) else None
        self._v = lib.jm_vec_new(num_envs, players, rules.encode(), opp, mask, seed, threads or 0, err, len(err))
        if not self._v:
            raise JamaicaError(err.value.decode())
        self._lib = lib
        self.threads = lib.jm_vec_threads(self._v)
        n, p = num_envs, players
        self._obs = np.zeros((n, OBS_SIZE), dtype=np.float32)
        self._mask = np.zeros((n, ACTION_IDS), dtype=np.int8)
        self._reward = np.zeros((n, p), dtype=np.float32)
        self._term = np.zeros(n, dtype=np.uint8)
        self._trunc = np.zeros(n, dtype=np.uint8)
        self._to_move = np.zeros(n, dtype=np.int32)
        self._scores = np.zeros((n, p), dtype=np.int32)
        self._game = np.zeros(n, dtype=np.int64)
        self._legal = np.zeros((n, MAX_ACTIONS), dtype=np.int16)
        self._nlegal = np.zeros(n, dtype=np.int32)
        self._current = np.zeros((n, p), dtype=np.int32)
        self._final = np.zeros((n, OBS_SIZE), dtype=np.float32)
        self._final_objs = np.full(n, None, dtype=object)   # info["final_obs"]: rows of _final, or None
        self._ended = np.zeros(n, dtype=np.bool_)
        self._final_game = np.zeros(n, dtype=np.int64)
        self._out = _Out(*(a.ctypes.data for a in (self._obs, self._mask, self._reward, self._term, self._trunc,
                                                  self._to_move, self._scores, self._game, self._legal,
                                                  self._nlegal)), self._current.ctypes.data if current_scores else None,
                         self._final.ctypes.data)
        self._with_current = bool(current_scores)
        self._privileged = np.zeros((n, p * OBS_SIZE), dtype=np.float32) if privileged else None
        self._err = err
        self._started = False
        self._waiting = np.zeros(n, dtype=np.bool_)   # next_step: envs whose episode ended at the last step
        from . import envs
        self.single_observation_space = envs.observation_space()
        self.single_action_space = envs._discrete(ACTION_IDS)
        if gymnasium is not None:
            self.observation_space = _batch_space(self.single_observation_space, n)
            self.action_space = _batch_space(self.single_action_space, n)
        else:
            self.observation_space = envs.Box(np.tile(OBS_LOW, (n, 1)), np.tile(OBS_HIGH, (n, 1)), (n, OBS_SIZE))
            self.action_space = envs.Box(0, ACTION_IDS - 1, (n,), np.int64)
        self.single_action_space_n = ACTION_IDS
        self.observation_shape = (OBS_SIZE,)

    def _open(self):
        if not getattr(self, "_v", None):
            raise JamaicaError("the environment is closed")

    def _info(self):
        info = {"action_mask": self._mask, "to_move": self._to_move, "game": self._game, "scores": self._scores,
                "legal_ids": self._legal, "legal_count": self._nlegal}
        if self._with_current:
            info["current_scores"] = self._current
        if self._privileged is not None:
            self._lib.jm_vec_privileged(self._v, self._privileged.ctypes.data)
            info["state"] = self._privileged
        return info

    def _rewards(self):
        return self._reward[:, self.learners[0]] if len(self.learners) == 1 else self._reward

    def reset(self, *, seed=None, options=None):
        """(obs, info): with seed S every env's first game of S; with a list
        env i's of its own; with none, every env's next game (the first
        time, the constructor's seed)."""
        self._open()
        if seed is None and not self._started:
            seed = self.seed
        if seed is None:
            rc = self._lib.jm_vec_reset_each(self._v, None, ctypes.byref(self._out), self._err, len(self._err))
        elif isinstance(seed, (list, tuple, np.ndarray)):
            if len(seed) != self.num_envs:
                raise ValueError("seed lists %d seeds for %d envs" % (len(seed), self.num_envs))
            seeds = np.array([_int("seed", int(x), 0, U64_MAX) for x in seed], dtype=np.uint64)
            rc = self._lib.jm_vec_reset_each(self._v, seeds.ctypes.data, ctypes.byref(self._out), self._err,
                                             len(self._err))
        else:
            self.seed = _int("seed", seed, 0, U64_MAX)
            rc = self._lib.jm_vec_reset(self._v, self.seed, ctypes.byref(self._out), self._err, len(self._err))
        if rc:
            raise JamaicaError(self._err.value.decode())
        self._started = True
        self._waiting[:] = False
        return self._out_arrays(self._obs, self._info())

    def _out_arrays(self, *xs):
        """What a call returns: copies (copy=True), or the buffers."""
        if not self.copy:
            return xs if len(xs) > 1 else xs[0]
        out = [_deep_copy(x) for x in xs]
        return tuple(out) if len(out) > 1 else out[0]

    def step(self, actions):
        """One action id per env: (obs, rewards, terminations, truncations,
        info).  An illegal id raises JamaicaError naming the env, and no
        game moves."""
        self._open()
        if not self._started:
            raise JamaicaError("step() before reset()")
        a = actions if isinstance(actions, np.ndarray) else np.asarray(actions)
        if a.shape != (self.num_envs,):
            raise ValueError("actions has shape %s, not (%d,): one action id per env" % (a.shape, self.num_envs))
        if not np.issubdtype(a.dtype, np.integer):
            raise TypeError("actions are action ids (integers), not %s" % a.dtype)
        if a.dtype != np.int32 or not a.flags["C_CONTIGUOUS"]:
            a = np.ascontiguousarray(a, dtype=np.int32)
        if self.autoreset_mode == "next_step" and self._waiting.any():
            a = a.copy() if a is actions else a
            a[self._waiting] = -1  # JM_VEC_WAIT: its next game's first observation, this id not played
        rc = self._lib.jm_vec_step(self._v, a.ctypes.data, ctypes.byref(self._out), self._err, len(self._err))
        if rc:
            raise JamaicaError(self._err.value.decode())
        term, trunc = self._term.view(np.bool_), self._trunc.view(np.bool_)
        info = self._info()
        ended = np.bitwise_or(term, trunc, out=self._ended)
        if self.autoreset_mode == "next_step":
            if ended.any():  # the ended game's last observation now, its next game's first at the next step
                self._obs[ended] = self._final[ended]  # the library writes these rows again then
                self._mask[ended] = 0                  # no legal action at a game's end, as Env's
                self._legal[ended] = -1
                self._nlegal[ended] = 0
            self._waiting[:] = ended
            return self._out_arrays(self._obs, self._rewards(), term, trunc, info)
        if ended.any():  # the buffers are the environment's, as every array it returns
            final = self._final_objs
            final[:] = None
            for i in np.flatnonzero(ended):
                final[i] = self._final[i]
            np.subtract(self._game, self.num_envs, out=self._final_game)
            info["final_obs"], info["_final_obs"] = final, ended
            info["final_info"] = {"scores": self._scores, "_scores": ended, "game": self._final_game, "_game": ended}
            info["_final_info"] = ended
        return self._out_arrays(self._obs, self._rewards(), term, trunc, info)

    def __reduce_ex__(self, protocol):
        raise TypeError("a VecEnv cannot be pickled or copied: its games live in the C library's pool, stepped by "
                        "its threads; pickle its constructor arguments and make a new one (or give "
                        "gymnasium.vector.AsyncVectorEnv a factory: lambda: jamaica.Env(...))")

    def __deepcopy__(self, memo):
        self.__reduce_ex__(None)

    def close(self, **kwargs):
        if getattr(self, "_v", None):
            self._lib.jm_vec_free(self._v)
            self._v = None

    def __del__(self):
        self.close()


def action_id_kind(action_id):
    """(decision kind name, engine action code) of an action id."""
    lib = _bind()
    code = ctypes.c_int()
    k = lib.jm_action_id_kind(int(action_id), ctypes.byref(code))
    if k < 0:
        raise ValueError("action id %r outside 0..%d" % (action_id, ACTION_IDS - 1))
    return lib.jm_decision_name(k).decode(), code.value


def random_actions(info, rng):
    """One legal action id per env, uniformly, drawn in numpy from
    info["legal_ids"] and info["legal_count"] (a row's legal ids in order,
    then -1): for benchmarks and baselines."""
    count = info["legal_count"]
    k = (rng.random(count.shape[0]) * count).astype(np.int64)
    return info["legal_ids"][np.arange(count.shape[0]), k].astype(np.int32)


def encode(game, seat, out=None):
    """The encoding of `seat`'s view of a Game (float32, OBS_SIZE): what
    VecEnv gives for that seat.  A Game dealt from a view
    (Observation.deal) encodes as the true game does, since the encoding
    reads only what the seat can see."""
    lib = _bind()
    x = np.empty(OBS_SIZE, dtype=np.float32) if out is None else out
    if lib.jm_encode(ctypes.byref(game._s), int(seat), x.ctypes.data):
        raise ValueError("seat %r is not a seat of this game" % (seat,))
    return x


def action_id(game, action):
    """The action id of one of the game's legal actions (an engine code)."""
    lib = _bind()
    code = action.code if hasattr(action, "code") else int(action)
    i = lib.jm_action_id(ctypes.byref(game._s), code)
    if i < 0:
        raise JamaicaError("action %r is not legal now" % (action,))
    return i


def action_of_id(game, action_id):
    """The engine's code of the legal action with that id; JamaicaError if
    the id is not legal now."""
    lib = _bind()
    a = int(action_id)
    code = lib.jm_action_of_id(ctypes.byref(game._s), a) if -2 ** 31 <= a < 2 ** 31 else -1
    if code < 0:
        raise JamaicaError("action id %r is not legal now (%s decision)" % (action_id, game.decision))
    return code


def action_mask(game):
    """bool (ACTION_IDS,): the ids of the game's legal actions."""
    lib = _bind()
    m = np.zeros(ACTION_IDS, dtype=np.uint8)
    lib.jm_action_mask(ctypes.byref(game._s), m.ctypes.data)
    return m.view(np.bool_)


def _decoded(obs):
    """The state an encoding describes (jm_decode: what its seat sees, the
    rest dealt at its defaults) and its seat."""
    from ._native import _State
    lib = _bind()
    x = np.ascontiguousarray(obs, dtype=np.float32)
    if x.shape != (OBS_SIZE,):
        raise ValueError("an observation is %d floats, not shape %s" % (OBS_SIZE, x.shape))
    s, seat = _State(), ctypes.c_int()
    if lib.jm_decode(x.ctypes.data, ctypes.byref(s), ctypes.byref(seat)):
        raise ValueError("these floats are not an encoding of a view (jm_encode)")
    return s, seat.value


def decode(obs):
    """The view an observation encodes, as text: the position notation with
    view=SEAT (docs/POSITIONS.md), character for character what jm_view_format
    wrote for that seat (the jm_decode binding): to read what a learner was
    shown."""
    from ._native import _lib
    s, seat = _decoded(obs)
    buf = ctypes.create_string_buffer(8192)
    if _lib.jm_view_format(ctypes.byref(s), seat, buf, len(buf)) < 0:
        raise ValueError("the decoded view does not format")
    return buf.value.decode()


def action_text(obs, action_id):
    """An action id in words ("card 6: gold 6 / gold 6") for the decision an
    observation shows: what VecEnv's users have instead of a Game."""
    from ._native import _lib
    s, _ = _decoded(obs)
    a = int(action_id)
    code = _bind().jm_action_of_id(ctypes.byref(s), a) if 0 <= a < ACTION_IDS else -1
    if code < 0:
        raise JamaicaError("action id %r is not legal in this observation's decision" % (action_id,))
    buf = ctypes.create_string_buffer(256)
    _lib.jm_action_text(ctypes.byref(s), code, buf, len(buf))
    return buf.value.decode()
