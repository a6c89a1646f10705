"""The learning environments for one game at a time: Env (one seat against
C agents, Gymnasium's API) and AECEnv (every seat, PettingZoo's
agent-by-agent API), with their spaces.  VecEnv, N games a call, is in
vector.py.

Gymnasium and PettingZoo are optional (pip packages, not Debian's).  When
gymnasium imports, Env is a gymnasium.Env and every space is Gymnasium's
own (Discrete, Box, Dict); when pettingzoo imports, AECEnv is a
pettingzoo.AECEnv.  Without them the classes work the same, with this
module's minimal spaces (Discrete, Box, Dict: seed, sample with a mask,
contains), so `import jamaica` needs numpy alone.  `jamaica.spaces_from()`
says which ("gymnasium" or "jamaica").

One meaning in all three environments (docs/LEARNING.md, "The
environments"):
- the observation is the encoding of the seat's view, float32 in
  [OBS_LOW, OBS_HIGH]; with mask_in_obs=True it is PettingZoo's
  {"observation": ..., "action_mask": ...};
- the action is an action id, Discrete(ACTION_IDS); the legal ones are 1 in
  the int8 mask info["action_mask"] (Gymnasium's Discrete.sample(mask=...)
  takes it as it is);
- a game's end is a termination, the round cap a truncation;
- reset(seed=S) starts the sequence of deals of seed S (game 0, then 1,
  ...); reset() goes on to the next game;
- an action id that is not legal now (what check_env's unmasked samples
  are, 98% of the time): by default the seat loses the game, reward
  `penalty` (-1), the episode ends (terminated) and info["illegal_action"]
  is True; with illegal="raise" it raises JamaicaError and nothing moves.
"""
import numpy as np

from . import Agent, Game
from ._native import JamaicaError, MAX_PLAYERS, U64_MAX, _check_lineup, _int, _str
from .vector import ACTION_IDS, OBS_HIGH, OBS_LOW, OBS_SIZE, action_mask, action_of_id, encode

try:
    import gymnasium
    from gymnasium import spaces as _gym_spaces
except ImportError:
    gymnasium = None
try:
    import pettingzoo
except ImportError:
    pettingzoo = None


def spaces_from():
    """Whose spaces the environments use: "gymnasium" or "jamaica"."""
    return "gymnasium" if gymnasium is not None else "jamaica"


# ---------------------------------------------------------------- the minimal spaces

class Discrete:
    """Integers 0..n-1, as gymnasium.spaces.Discrete: sample(mask) takes an
    int8 mask of n (1: may be drawn) and gives the start (0) when none is."""

    def __init__(self, n, seed=None):
        self.n, self.start, self.shape, self.dtype = int(n), 0, (), np.dtype(np.int64)
        self.seed(seed)

    def seed(self, seed=None):
        self.np_random = np.random.default_rng(seed)
        return [seed]

    def sample(self, mask=None, probability=None):
        if probability is not None:
            raise ValueError("this Discrete samples uniformly, with or without a mask")
        if mask is None:
            return np.int64(self.np_random.integers(self.n))
        mask = np.asarray(mask)
        if mask.dtype != np.int8 or mask.shape != (self.n,):
            raise ValueError("the mask is int8 of shape (%d,), not %s of %s" % (self.n, mask.dtype, mask.shape))
        ok = np.flatnonzero(mask)
        return np.int64(self.start if ok.size == 0 else self.np_random.choice(ok))

    def contains(self, x):
        if isinstance(x, (bool, np.bool_)):
            return False
        if isinstance(x, (int, np.integer)) or (isinstance(x, np.ndarray) and x.shape == ()
                                               and np.issubdtype(x.dtype, np.integer)):
            return 0 <= int(x) < self.n
        return False

    __contains__ = contains

    def __eq__(self, other):
        return isinstance(other, Discrete) and other.n == self.n

    def __repr__(self):
        return "Discrete(%d)" % self.n


class Box:
    """Arrays of `shape` and `dtype` between low and high, as
    gymnasium.spaces.Box."""

    def __init__(self, low, high, shape, dtype=np.float32, seed=None):
        self.shape, self.dtype = tuple(shape), np.dtype(dtype)
        self.low = np.broadcast_to(np.asarray(low, dtype=self.dtype), self.shape).copy()
        self.high = np.broadcast_to(np.asarray(high, dtype=self.dtype), self.shape).copy()
        self.seed(seed)

    def seed(self, seed=None):
        self.np_random = np.random.default_rng(seed)
        return [seed]

    def sample(self, mask=None, probability=None):
        if np.issubdtype(self.dtype, np.integer):
            return self.np_random.integers(self.low, self.high.astype(np.int64) + 1).astype(self.dtype)
        return self.np_random.uniform(self.low, self.high).astype(self.dtype)

    def contains(self, x):
        if not isinstance(x, np.ndarray):
            try:
                x = np.asarray(x, dtype=self.dtype)
            except (TypeError, ValueError):
                return False
        return (x.shape == self.shape and np.can_cast(x.dtype, self.dtype)
                and bool(np.all(x >= self.low)) and bool(np.all(x <= self.high)))

    __contains__ = contains

    def __eq__(self, other):
        return (isinstance(other, Box) and other.shape == self.shape and other.dtype == self.dtype
                and np.array_equal(other.low, self.low) and np.array_equal(other.high, self.high))

    def __repr__(self):
        return "Box(%s, %s, %s, %s)" % (self.low.min(), self.high.max(), self.shape, self.dtype)


class Dict:
    """A dict of spaces, as gymnasium.spaces.Dict."""

    def __init__(self, spaces, seed=None):
        self.spaces = dict(spaces)
        self.shape, self.dtype = None, None
        self.seed(seed)

    def seed(self, seed=None):
        for k, s in self.spaces.items():
            s.seed(None if seed is None else seed + hash(k) % 1000)
        return [seed]

    def sample(self, mask=None, probability=None):
        return {k: s.sample() for k, s in self.spaces.items()}

    def contains(self, x):
        return isinstance(x, dict) and x.keys() == self.spaces.keys() and all(
            self.spaces[k].contains(v) for k, v in x.items())

    __contains__ = contains

    def __getitem__(self, k):
        return self.spaces[k]

    def __iter__(self):
        return iter(self.spaces)

    def __repr__(self):
        return "Dict(%s)" % ", ".join("%r: %r" % kv for kv in self.spaces.items())


def _discrete(n):
    return _gym_spaces.Discrete(n) if gymnasium is not None else Discrete(n)


def _obs_box():
    if gymnasium is not None:
        return _gym_spaces.Box(OBS_LOW, OBS_HIGH, (OBS_SIZE,), np.float32)
    return Box(OBS_LOW, OBS_HIGH, (OBS_SIZE,), np.float32)


def observation_space(mask_in_obs=False):
    """A seat's observation space: the encoding's Box, or with mask_in_obs
    a Dict of it ("observation") and the int8 mask ("action_mask")."""
    box = _obs_box()
    if not mask_in_obs:
        return box
    if gymnasium is not None:
        return _gym_spaces.Dict({"observation": box,
                                 "action_mask": _gym_spaces.Box(0, 1, (ACTION_IDS,), np.int8)})
    return Dict({"observation": box, "action_mask": Box(0, 1, (ACTION_IDS,), np.int8)})


def _check_options(render_mode, illegal, penalty):
    if render_mode not in (None, "ansi", "human"):
        raise ValueError("render_mode %r is not one of None, 'ansi', 'human'" % (render_mode,))
    if illegal not in ("lose", "raise"):
        raise ValueError("illegal %r is not one of 'lose', 'raise'" % (illegal,))
    if not isinstance(penalty, (int, float)) or isinstance(penalty, bool) or not -1e9 < penalty <= 0:
        raise ValueError("penalty %r is not a number at most 0" % (penalty,))


def _render(mode, game):
    """What render() gives: the position text ('ansi'), or printed to
    standard output and None ('human', what PettingZoo's classic games and
    its render_test ask for)."""
    if not game or mode is None:
        return None
    if mode == "human":
        print(game.position, flush=True)
        return None
    return game.position


def _legal_code(game, action):
    """The engine's code of action id `action`, or None when it is not a
    legal id now (any value: check_env's samples, None, a float)."""
    try:
        a = int(action)
    except (TypeError, ValueError, OverflowError):
        return None
    if isinstance(action, (bool, np.bool_)) or a != action or not 0 <= a < ACTION_IDS:
        return None
    try:
        return action_of_id(game, a)
    except JamaicaError:
        return None


_GymEnv = gymnasium.Env if gymnasium is not None else object
_PzAEC = pettingzoo.AECEnv if pettingzoo is not None else object


# ---------------------------------------------------------------- Env

class Env(_GymEnv):
    """One learning seat against C agents, with Gymnasium's API:

        obs, info = env.reset(seed=1)
        obs, reward, terminated, truncated, info = env.step(action)

    The other seats are C agents (opponents: one spec for all, or a list,
    as `jamaica sim --agents` takes them).  The reward is the seat's win
    share (1/k of a shared win) when the game ends, else 0; terminated is
    True then, truncated instead when the game reached the round cap.
    reset(seed=S) plays game 0 of seed S, each later reset() the next game,
    so a run of episodes is the games of `jamaica sim --seed S`.  See the
    module's text for illegal actions and mask_in_obs."""

    metadata = {"render_modes": ["ansi", "human"], "render_fps": 4}

    def __init__(self, players=4, seat=0, opponents="random", rules="2021", seed=1, render_mode=None,
                 illegal="lose", penalty=-1.0, mask_in_obs=False):
        _int("players", players, 2, MAX_PLAYERS)
        _int("seat", seat, 0, players - 1)
        _str("rules", rules)
        _int("seed", seed, 0, U64_MAX)
        _check_options(render_mode, illegal, penalty)
        self.players, self.seat, self.rules, self.seed = players, seat, rules, seed
        self.render_mode, self.illegal, self.penalty = render_mode, illegal, float(penalty)
        self.mask_in_obs = bool(mask_in_obs)
        specs = [opponents] * players if isinstance(opponents, str) else list(opponents)
        if len(specs) not in (1, players):
            raise ValueError("opponents names %d agents for %d players (give one, or one per seat)" %
                             (len(specs), players))
        seated = {p: specs[p if len(specs) == players else 0] for p in range(players) if p != seat}
        _check_lineup(list(seated.values()))
        self._opp = {p: Agent(spec) for p, spec in seated.items()}
        self.action_space = _discrete(ACTION_IDS)
        self.observation_space = observation_space(self.mask_in_obs)
        self.episode = -1
        self.game = None
        self._done = False
        self._closed = False

    def _open(self):
        if self._closed:
            raise JamaicaError("the environment is closed")

    def legal_mask(self):
        """int8 (ACTION_IDS,): 1 for the legal action ids."""
        if self._done or self.game.over or self.game.to_move != self.seat:
            return np.zeros(ACTION_IDS, dtype=np.int8)
        return action_mask(self.game).view(np.int8)

    def _obs(self):
        x = encode(self.game, self.seat)
        return {"observation": x, "action_mask": self.legal_mask()} if self.mask_in_obs else x

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

    def _info(self, illegal=False):
        live = not self._done and not self.game.over
        return {"action_mask": self.legal_mask(), "legal": self.game.legal() if live else [],
                "decision": self.game.decision, "game": self.episode, "seed": self.seed,
                "illegal_action": illegal}

    def reset(self, *, seed=None, options=None):
        self._open()
        if gymnasium is not None:
            super().reset(seed=seed)
        elif seed is not None:
            self._np_random = np.random.default_rng(seed)
        if seed is not None:
            self.seed = _int("seed", seed, 0, U64_MAX)
            self.episode = -1
            self.action_space.seed(seed)
        self.episode += 1
        self.game = Game(self.players, self.rules, self.seed, self.episode)
        for p, a in self._opp.items():
            a.reset(self.seed, self.episode, p)
        self._done = False
        self._advance()
        return self._obs(), self._info()

    def step(self, action):
        self._open()
        if self.game is None:
            raise JamaicaError("step() before reset()")
        if self._done or self.game.over:
            raise JamaicaError("the episode is over: reset() starts the next game")
        code = _legal_code(self.game, action)
        if code is None:
            if self.illegal == "raise":
                raise JamaicaError("action id %r is not legal now (%s decision)" % (action, self.game.decision))
            self._done = True  # the seat loses the game
            return self._obs(), self.penalty, True, False, self._info(illegal=True)
        self.game.apply(code)
        self._advance()
        over = self.game.over
        capped = over and self.game.capped
        reward = float(self.game.scores()[self.seat]["win"]) if over else 0.0
        return self._obs(), reward, over and not capped, capped, self._info()

    def render(self):
        """'ansi': the position text (docs/POSITIONS.md); 'human': the same
        text printed to standard output, None returned."""
        return _render(self.render_mode, self.game)

    if gymnasium is None:
        @property
        def unwrapped(self):
            return self

        @property
        def np_random(self):
            if getattr(self, "_np_random", None) is None:
                self._np_random = np.random.default_rng()
            return self._np_random

    def close(self):
        for a in getattr(self, "_opp", {}).values():
            a.close()
        self._opp = {}
        self._closed = True


# ---------------------------------------------------------------- AECEnv

class AECEnv(_PzAEC):
    """Every seat a learner, with PettingZoo's agent-by-agent (AEC) API:

        env.reset(seed=1)
        for agent in env.agent_iter():
            obs, reward, termination, truncation, info = env.last()
            action = None if termination or truncation else policy(obs, info["action_mask"])
            env.step(action)

    Agents are "player_0".."player_{P-1}"; agent_selection is the seat to
    decide (forced moves, a single legal action, are played by the
    environment).  rewards are the win shares when the game ends, 0 before;
    then every agent is terminated (truncated at the round cap) and, as the
    API asks, steps once with None to leave `agents`.  last() gives an
    agent's reward accumulated since it last acted.  See the module's text
    for seeds, illegal actions and mask_in_obs."""

    metadata = {"render_modes": ["ansi", "human"], "name": "jamaica_v1", "is_parallelizable": False, "render_fps": 4}

    def __init__(self, players=4, rules="2021", seed=1, render_mode=None, illegal="lose", penalty=-1.0,
                 mask_in_obs=False):
        _int("players", players, 2, MAX_PLAYERS)
        _str("rules", rules)
        _check_options(render_mode, illegal, penalty)
        self.seed = _int("seed", seed, 0, U64_MAX)
        self.players, self.rules, self.render_mode = players, rules, render_mode
        self.illegal, self.penalty, self.mask_in_obs = illegal, float(penalty), bool(mask_in_obs)
        self.possible_agents = ["player_%d" % p for p in range(players)]
        self.observation_spaces = {a: observation_space(self.mask_in_obs) for a in self.possible_agents}
        self.action_spaces = {a: _discrete(ACTION_IDS) for a in self.possible_agents}
        self.episode = -1
        self.game = None
        self.agents = []
        self.rewards, self._cumulative_rewards, self.terminations, self.truncations, self.infos = {}, {}, {}, {}, {}
        self.agent_selection = None
        self._ended = False

    def action_space(self, agent):
        return self.action_spaces[agent]

    def observation_space(self, agent):
        return self.observation_spaces[agent]

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

    def _mask(self, agent):
        if not self._ended and not self.game.over and self.game.to_move == self._seat_of(agent):
            return action_mask(self.game).view(np.int8)
        return np.zeros(ACTION_IDS, dtype=np.int8)

    def observe(self, agent):
        x = encode(self.game, self._seat_of(agent))
        return {"observation": x, "action_mask": self._mask(agent)} if self.mask_in_obs else x

    def _settle(self, illegal_by=None):
        """Forced moves played; then the agent to decide, or every agent done
        (with the rewards of the step)."""
        if illegal_by is None:
            while not self.game.over and len(self.game.legal()) == 1:
                self.game.apply(self.game.legal()[0])
        if illegal_by is not None or self.game.over:
            self._ended = True
            capped = illegal_by is None and self.game.capped
            if illegal_by is None:
                sc = self.game.scores()
                for a in self.agents:
                    self.rewards[a] = float(sc[self._seat_of(a)]["win"])
            else:
                self.rewards[illegal_by] = self.penalty
            for a in self.agents:
                self.terminations[a], self.truncations[a] = not capped, capped
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self.possible_agents[self.game.to_move]
        for a in self.agents:
            self._cumulative_rewards[a] += self.rewards[a]
            self.infos[a] = {"action_mask": self._mask(a), "decision": self.game.decision,
                             "illegal_action": a == illegal_by}
        live = not self._ended
        self.infos[self.agent_selection]["legal"] = self.game.legal() if live else []

    def reset(self, seed=None, options=None):
        if seed is not None:
            self.seed = _int("seed", seed, 0, U64_MAX)
            self.episode = -1
            for i, a in enumerate(self.possible_agents):
                self.action_spaces[a].seed(seed + i)
                self.observation_spaces[a].seed(seed + i)
        self.episode += 1
        self.game = Game(self.players, self.rules, self.seed, self.episode)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._ended = False
        self._skip_agent_selection = None
        self._settle()

    def last(self, observe=True):
        a = self.agent_selection
        return (self.observe(a) if observe else None, self._cumulative_rewards[a], self.terminations[a],
                self.truncations[a], self.infos[a])

    def _leave(self, action):
        """A done agent's step: it leaves `agents`; the rewards are cleared."""
        if action is not None:
            raise JamaicaError("%s is done: step(None) removes it, not step(%r)" % (self.agent_selection, action))
        a = self.agent_selection
        self.agents.remove(a)
        for d in (self.rewards, self._cumulative_rewards, self.terminations, self.truncations, self.infos):
            del d[a]
        for x in self.rewards:
            self.rewards[x] = 0.0
        if self.agents:
            self.agent_selection = self.agents[0]

    def step(self, action):
        if self.game is None:
            raise JamaicaError("step() before reset()")
        if not self.agents:
            raise JamaicaError("every agent has left: reset() starts the next game")
        a = self.agent_selection
        if self.terminations[a] or self.truncations[a]:
            self._leave(action)
            return
        if action is None:
            raise JamaicaError("%s must act: step(None) is only for a done agent" % a)
        code = _legal_code(self.game, action)
        if code is None and self.illegal == "raise":
            raise JamaicaError("action id %r is not legal now (%s decision)" % (action, self.game.decision))
        self._cumulative_rewards[a] = 0.0
        for x in self.rewards:
            self.rewards[x] = 0.0
        if code is None:
            self._settle(illegal_by=a)
            return
        self.game.apply(code)
        self._settle()

    def agent_iter(self, max_iter=2 ** 63):
        """The agent to act, until every agent has left (or max_iter)."""
        for _ in range(max_iter):
            if not self.agents:
                return
            yield self.agent_selection

    def render(self):
        """'ansi': the position text (docs/POSITIONS.md); 'human': printed."""
        return _render(self.render_mode, self.game)

    if pettingzoo is None:
        @property
        def unwrapped(self):
            return self

    def close(self):
        self.game = None
        self.agents = []


if gymnasium is not None and "jamaica/Jamaica-v1" not in gymnasium.registry:
    # gymnasium.make("jamaica/Jamaica-v1", players=4, opponents="greedy"): Env with a spec;
    # gymnasium.make_vec(..., num_envs=N, vectorization_mode="vector_entry_point"): a VecEnv
    # (Gymnasium 1.x; an older register() without vector_entry_point registers Env alone).
    try:
        gymnasium.register(id="jamaica/Jamaica-v1", entry_point="jamaica.envs:Env",
                           vector_entry_point="jamaica.vector:VecEnv")
    except TypeError:
        gymnasium.register(id="jamaica/Jamaica-v1", entry_point="jamaica.envs:Env")
