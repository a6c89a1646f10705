/*
 * jamaica_plugin.h - the ABI of an agent plugin: a shared object that
 * `jamaica` loads with dlopen() and seats like a built-in agent
 * (`--agents plugin:PATH.so[:key=value,...]`).  Installed beside
 * jamaica.h; docs/PLUGINS.md and examples/plugin/ show a whole plugin.
 *
 * A plugin exports one function, jamaica_plugin(), returning a pointer to
 * a jm_plugin that lives as long as the library.  Its `abi` field must be
 * JM_PLUGIN_ABI as this header defines it: a plugin built against another
 * ABI version is refused, never called.
 *
 * The plugin sees what a built-in agent sees: an observation of the state
 * for its seat (jm_observe(): everything hidden from the seat re-dealt at
 * random), the legal actions, and the seat's own PCG32 stream for each
 * game, derived from the run's seed, the game and the seat.  It may call
 * the whole of libjamaica (copy the state, jm_legal, jm_apply,
 * jm_observe, jm_view_format, ...).  A plugin whose choices depend only on
 * what it is given and on draws from that stream plays the same games on
 * any thread count; one instance is made per seat and thread, and the
 * calls to one instance come from one thread at a time.
 */
#ifndef JAMAICA_PLUGIN_H
#define JAMAICA_PLUGIN_H

#include <stddef.h>
#include <stdint.h>

#include "../engine/jamaica.h"

#define JM_PLUGIN_ABI 1

/* flags */
#define JM_PLUGIN_NO_OBS 1u   /* choose() ignores the observation: it gets NULL, and
                                 no observation is made (a cheaper decision) */
#define JM_PLUGIN_CHEAP 2u    /* a decision costs less than reading the clock: runs
                                 do not time its decisions (sim's timing lines) */

/* What a new game tells an instance. */
typedef struct jm_plugin_game {
    const jm_rules *rules;     /* the rules of the run (setup fields included) */
    int players;
    int seat;                  /* the instance's seat in this game */
    uint64_t game;             /* the game's index in the run */
    jm_pcg32 *rng;             /* the seat's stream for this game: draw the
                                  plugin's randomness from it (valid until the
                                  next new_game or destroy) */
} jm_plugin_game;

typedef struct jm_plugin {
    uint32_t abi;              /* JM_PLUGIN_ABI */
    uint32_t flags;            /* JM_PLUGIN_* */
    const char *name;          /* one word, for messages */
    const char *summary;       /* one line */
    /* A new instance from its parameters ("" for none: "k=v,k2=v2" as
     * given after the path).  NULL with a message in err on a bad one. */
    void *(*create)(const char *params, char *err, size_t errlen);
    /* Called before each game the instance plays. */
    void (*new_game)(void *self, const jm_plugin_game *g);
    /* One decision: return one of legal[0..n) (n >= 2).  obs is the
     * observation for the instance's seat (NULL with JM_PLUGIN_NO_OBS). */
    int (*choose)(void *self, const jm_state *obs, const int *legal, int n);
    void (*destroy)(void *self);
} jm_plugin;

/* The one symbol a plugin exports. */
#define JM_PLUGIN_ENTRY "jamaica_plugin"
const jm_plugin *jamaica_plugin(void);

#endif
