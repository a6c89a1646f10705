/*
 * lookahead.c - a template agent plugin: one move of lookahead on the
 * observation, with a value a few lines long.  Build it against an
 * installed libjamaica (make install PREFIX=...):
 *
 *   make -C examples/plugin            (pkg-config jamaica must find it)
 *   bin/jamaica tournament --players 4 --games 100 \
 *       --agents plugin:examples/plugin/lookahead.so,greedy,random,random
 *   bin/jamaica sim --agents plugin:examples/plugin/lookahead.so:gold=2,random
 *
 * The ABI is jamaica_plugin.h; docs/AGENTS.md walks through it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jamaica_plugin.h>

typedef struct lookahead {
    double gold;          /* the worth of a doubloon against a step nearer home (1) */
    int seat;
    jm_pcg32 *rng;        /* this game's stream for the seat */
} lookahead;

static void *create(const char *params, char *err, size_t errlen)
{
    lookahead *me = calloc(1, sizeof *me);
    if (!me) return NULL;
    me->gold = 1.0;
    if (*params && (sscanf(params, "gold=%lf", &me->gold) != 1 || me->gold < 0)) {
        snprintf(err, errlen, "unknown parameters '%s' (gold=W, W >= 0)", params);
        free(me);
        return NULL;
    }
    return me;
}

static void new_game(void *self, const jm_plugin_game *g)
{
    lookahead *me = self;
    me->seat = g->seat;
    me->rng = g->rng;
}

/* How good s is for seat: a win is best; else nearer home, gold and food. */
static double value(const lookahead *me, const jm_state *s)
{
    if (jm_over(s)) {
        jm_score sc[JM_MAX_SHIPS];
        jm_scores(s, sc);
        return sc[me->seat].winner ? 1e6 : -1e6 + sc[me->seat].total;
    }
    return -2.0 * jm_steps_left(s, me->seat) + me->gold * jm_total(s, me->seat, JM_GOLD) +
           0.5 * jm_total(s, me->seat, JM_FOOD) + 0.3 * jm_total(s, me->seat, JM_POWDER);
}

static int choose(void *self, const jm_state *obs, const int *legal, int n)
{
    lookahead *me = self;
    int best = legal[jm_pcg32_bounded(me->rng, (uint32_t)n)];
    double best_v = -1e300;
    for (int i = 0; i < n; i++) {
        jm_state next = *obs;            /* a state is a plain struct: copy it to try a move */
        jm_apply(&next, legal[i], NULL); /* on to the next decision, chance included */
        double v = value(me, &next);
        if (v > best_v) {
            best_v = v;
            best = legal[i];
        }
    }
    return best;
}

static void destroy(void *self)
{
    free(self);
}

static const jm_plugin plugin = {
    .abi = JM_PLUGIN_ABI,
    .flags = 0,
    .name = "lookahead",
    .summary = "one move of lookahead on the observation",
    .create = create,
    .new_game = new_game,
    .choose = choose,
    .destroy = destroy,
};

const jm_plugin *jamaica_plugin(void)
{
    return &plugin;
}
