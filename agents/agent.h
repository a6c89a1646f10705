/*
 * agent.h - the agent interface.  An agent sees the game only through
 * jm_observe() copies and the legal list; it owns a PCG32 stream per seat
 * and game, separate from the game's chance, so changing an agent never
 * changes the dice.
 *
 * Adding an agent: one file defining a `const agent_ops builtin_NAME`, and
 * NAME's row in registry.c's list; nothing else (tests/tree/agent_rows.py).
 */
#ifndef AGENT_H
#define AGENT_H

#include <stddef.h>

#include "../engine/jamaica.h"

typedef struct agent agent;

/* The longest short name an agent is shown by (name=, or what a program
 * calls itself). */
#define AGENT_NAME_MAX 32


typedef struct agent_ops {
    const char *name;
    const char *summary;   /* one line for --help */
    int needs_obs;         /* 0: choose() ignores obs (it may be NULL) */
    int cheap;             /* 1: a decision costs less than reading the clock,
                              so the harness does not time it */
    int uniform;           /* 1: choose() is legal[jm_pcg32_bounded(&a->rng, n)]
                              and nothing else, so a driver may let the
                              engine make that draw (jm_play_random) */
    int sealed;            /* 1: an agent from outside (a plugin, a program):
                              its stream is keyed from the run's seed by
                              SipHash, so that nothing it is given leads back
                              to the seed (docs/PROTOCOL.md, "Sealed runs") */
    /* Parse parameters ("" for none) into a->data; 0, or -1 with err. */
    int (*create)(agent *a, const char *params, char *err, size_t errlen);
    /* Pick one of legal[0..n) (n >= 2). */
    int (*choose)(agent *a, const jm_state *obs, const int *legal, int n);
    void (*destroy)(agent *a);
    /* Optional hooks (NULL for none), for agents outside the binary
     * (plugins, programs over the protocol): */
    /* A new game begins (the stream is seeded; rules NULL when the caller
     * used agent_reset(), then the rules are read from the first state). */
    void (*new_game)(agent *a, const jm_rules *rules, int players, uint64_t game);
    /* Why choose() returned -1 (the agent failed and the run should stop).
     * An agent with this hook answers a legal action or -1 (it checks the
     * answers it is given), so the harness does not check them again. */
    const char *(*fault)(agent *a);
    /* Failures in this game after which the seat played on at random. */
    unsigned (*faults)(agent *a);
    /* The game is over (s its final state, scores public): a program that
     * asked for results is told them (docs/PROTOCOL.md, results=1). */
    void (*end_game)(agent *a, const jm_state *s);
    /* The last choose()'s search policy over its legal[0..n) in that
     * order, into p (a trainer's target: guided's visit shares or Gumbel's
     * improved policy), and the search's estimate of each ship's share of
     * the win at the root into v[JM_MAX_SHIPS] (v may be NULL); returns n. */
    int (*policy)(agent *a, float *p, float *v);
    /* What was fitted to a game's play ("its weights were tuned on"; NULL:
     * nothing, the agent reads the game in force), and on which game:
     * fitted_on() gives its jm_variant_label() (NULL hook: the base game).
     * Seated on another game (docs/VARIANTS.md), the agent says so in one
     * line on stderr, once a process. */
    const char *fitted;
    const char *(*fitted_on)(agent *a);
    /* The probabilities with which the last choose() drew among its
     * legal[0..n), in that order, into p: its own randomness, known (net's
     * temp= and eps=), for the luck corrections' decision terms
     * (docs/STATISTICS.md).  Returns n; NULL hook: not known (a search's).
     * A uniform agent's (ops->uniform) are 1/n without a hook. */
    int (*probs)(agent *a, double *p);
    /* The name the agent gave itself (a program's handshake, `agent
     * NAME`), or NULL: what reports show for it where its spec names none
     * (agent_name). */
    const char *(*own_name)(agent *a);
} agent_ops;

struct agent {
    const agent_ops *ops;
    jm_pcg32 rng;          /* this seat's stream for this game */
    int seat;
    uint32_t stream;       /* 0, or another family of streams (random's
                              `stream` parameter: the same play, other draws) */
    void *data;            /* the agent's own parameters and memory */
    char spec[64];         /* the name and parameters as given (a longer spec
                              cut, with "..." at its end: for messages) */
    unsigned forbid;       /* forbid=: the elements it may not use (restrict.c) */
    int sees;              /* a reference agent's sight (AGENT_SEES_*): it is handed the true
                              state, not an observation (measurement only; docs/AGENTS.md) */
    char name[AGENT_NAME_MAX + 1]; /* name=: the short name reports show ("" for none); last, as the
                                      Python module's mirror of this struct has it */
};
enum { AGENT_SEES_VIEW, AGENT_SEES_HANDS, AGENT_SEES_ALL };
/* A spec's sight, without making the agent: AGENT_SEES_HANDS or _ALL for
 * a built-in reference agent (see=hands, see=all), else AGENT_SEES_VIEW. */
int agent_spec_sees(const char *spec);

/* Restricted play (restrict.c): forbid=ELEMENT[+ELEMENT...] on a built-in
 * agent.  GUNPOWDER: spends none in a battle; ATTACK: ends no move it can
 * choose on a ship; BACKWARD: plays no card with a backward half; LAIR:
 * ends no move it can choose on a guarded lair; SABRE: never rerolls. */
enum { RESTRICT_GUNPOWDER, RESTRICT_ATTACK, RESTRICT_BACKWARD, RESTRICT_LAIR, RESTRICT_SABRE, RESTRICT_COUNT };
const char *restrict_name(int element);
int restrict_parse(const char *value, unsigned *mask, char *err, size_t errlen);
/* legal[0..n) less what uses an element of mask, into out; all of them
 * when every one does.  Returns the count. */
int restrict_filter(unsigned mask, const jm_state *s, const int *legal, int n, int *out);

#define AGENT_SPEC_MAX 1024    /* the longest spec agent_create() takes */

extern const agent_ops *const agent_registry[];

/* A create() for agents without parameters: -1 with err if any are given. */
int agent_create_plain(agent *a, const char *params, char *err, size_t errlen);

/* "name" or "name:key=value,..."; 0, or -1 with a message naming the bad
 * part (a NULL spec too).  The agent is seeded for seat 0 of game 0 until
 * agent_reset(). */
int agent_create(agent *a, const char *spec, char *err, size_t errlen);
void agent_destroy(agent *a);
/* The short name reports show for an agent (docs/AGENTS.md, "Names"):
 * its spec's name=NAME (any agent takes it; it is not passed to the agent
 * and changes no game), else the name it gave itself (a program's
 * handshake, when that is 1 to AGENT_NAME_MAX printable characters without
 * a comma, '|' or '`'), else NULL: the spec is its name. */
const char *agent_name(agent *a);
/* A spec's name=NAME, without making the agent, into buf[len]; 0 when it
 * gives none (or gives it twice, or a bad one: agent_create() says so). */
int agent_spec_name(const char *spec, char *buf, size_t len);
/* Seed the agent's stream for (run seed, game, seat). */
void agent_reset(agent *a, uint64_t seed, uint64_t game, int seat);
/* The same, telling the agent the game's rules and players (the harness
 * calls this; plugins and programs are told of the new game). */
void agent_new_game(agent *a, const jm_rules *rules, int players, uint64_t seed, uint64_t game, int seat);
/* Does the spec name an agent from outside (a plugin, a program)? */
int agent_spec_outside(const char *spec);
/* The one check of a lineup, the specs[0..n) seated together (NULL
 * entries skipped): a reference agent (see=hands, see=all) is refused
 * beside an agent from outside.  0, or -1 with err naming both.  Every
 * command that seats agents, and the library's environments and self-play,
 * call it before a game (docs/AGENTS.md). */
int agent_check_lineup(const char *const *specs, int n, char *err, size_t errlen);
/* Warn on stderr, in one line, when spec is an agent from outside seated
 * under a seed that was not drawn secretly (--seed random, --seed-file):
 * such a seat can recover every hidden card and future die.  1 if it
 * warned (a caller warns once a run). */
int agent_warn_seed(const jm_seed *seed, const char *spec);
/* The run's seed is sealed: from here on every program (cmd:) runs in its
 * sandbox unless its spec says sandbox=off, and a plugin is refused unless
 * its spec says so; `hide` (NULL: none), the seed's file, is covered in
 * every sandbox (docs/PROTOCOL.md, "The sandbox"). */
void agent_seal_programs(const char *hide);
/* The same for a run's seed, plain or sealed: under a sealed seed every
 * seat's stream, built-in or outside, is keyed from it by SipHash-2-4, so
 * that no agent's play leads back to the seed. */
void agent_start(agent *a, const jm_rules *rules, int players, const jm_seed *seed, uint64_t game, int seat);
/* One decision for the seat to move in s (the true state: the agent gets
 * an observation of it) among legal[0..n) (n >= 2 for a real choice).  -1
 * for an agent destroyed or never made, or no legal action given. */
int agent_choose(agent *a, const jm_state *s, const int *legal, int n);
/* The probabilities of agent_choose()'s last draw among legal[0..n) into
 * p: n, or 0 when they are not known (or the agent's lineup restricts it). */
int agent_probs(agent *a, int n, double *p);
/* After agent_choose() gave -1 for an agent that failed (a plugin's or a
 * program's; see docs/AGENTS.md): why, in one line.  "" if it did not. */
const char *agent_fault(agent *a);
/* Failures in the current game that the agent's seat played through at
 * random (on_fault=random). */
unsigned agent_faults(agent *a);
/* The game the agent played is over (s its final state): its end_game
 * hook, if it has one. */
void agent_end_game(agent *a, const jm_state *s);
/* The search policy of the agent's last decision into p[0..n) (n as that
 * decision's legal count) and its root value, each ship's estimated share
 * of the win, into v[JM_MAX_SHIPS] (if not NULL), for agents that search
 * (ops->policy); 0 for an agent without one. */
int agent_policy(agent *a, float *p, float *v);
/* Kill every program agent's process at once (async-signal-safe: for a
 * process that must end now). */
void agent_kill_programs(void);
/* For jamaica's binary: once a plugin is loaded, a plugin's exit() from
 * any thread ends the process with status 3 and one line on stderr, and a
 * fatal signal (a crash, abort()) with one line naming the plugin and the
 * signal's own status; the programs are killed and cleanup (NULL: none;
 * async-signal-safe) runs first, for the caller's temporary files.
 * agent_plugins_done() says that jamaica itself is ending (its exit() is
 * its own). */
void agent_on_plugin_exit(void (*cleanup)(void));
void agent_plugins_done(void);

#endif
