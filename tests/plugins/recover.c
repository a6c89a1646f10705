/* recover.c - a plugin that tries to learn the run's seed from what it is
 * handed, as a cheating entrant would: the whole state of its seat's stream
 * (more than a program over the protocol ever sees).  It undoes the
 * stream's seeding (jm_pcg32_seed) and the seat's mixing (jm_mix64 of the
 * seed and the seat) and prints its guess for each game on stderr,
 * "recover: game G seat S seed X"; it plays the first legal action.  The
 * built-in agents' streams come from the seed by exactly these steps, so
 * its guess is right for them; a sealed seat's (SipHash) is not
 * (tests/lib.sh checks the guesses against the run's seed). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include <jamaica_plugin.h>

#define PCG_MULT 6364136223846793005ULL

/* The inverse of x * m modulo 2^64 for odd m (Newton's iteration). */
static uint64_t inverse(uint64_t m)
{
    uint64_t x = m;
    for (int i = 0; i < 6; i++) x *= 2 - m * x;
    return x;
}

static uint64_t unxorshift(uint64_t y, int k)
{
    uint64_t x = y;
    for (int i = 0; i < 64 / k + 1; i++) x = y ^ (x >> k);
    return x;
}

/* jm_mix64 undone. */
static uint64_t unmix64(uint64_t x)
{
    x = unxorshift(x, 31);
    x *= inverse(0x94d049bb133111ebULL);
    x = unxorshift(x, 27);
    x *= inverse(0xbf58476d1ce4e5b9ULL);
    x = unxorshift(x, 30);
    return x - 0x9e3779b97f4a7c15ULL;
}

static void *create(const char *params, char *err, size_t errlen)
{
    if (*params) {
        snprintf(err, errlen, "takes no parameters");
        return NULL;
    }
    return calloc(1, 1);
}

static void new_game(void *self, const jm_plugin_game *g)
{
    (void)self;
    /* jm_pcg32_seed(initstate, seq): state = ((inc + initstate) * M) + inc. */
    uint64_t inc = g->rng->inc;
    uint64_t initstate = (g->rng->state - inc) * inverse(PCG_MULT) - inc;
    uint64_t seed = unmix64(initstate) ^ (0x6167656e74ULL * (uint64_t)(g->seat + 1));
    fprintf(stderr, "recover: game %" PRIu64 " seat %d seed %" PRIu64 "\n", g->game, g->seat, seed);
}

static int choose(void *self, const jm_state *obs, const int *legal, int n)
{
    (void)self;
    (void)obs;
    (void)n;
    return legal[0];
}

static const jm_plugin plugin = {JM_PLUGIN_ABI, JM_PLUGIN_NO_OBS | JM_PLUGIN_CHEAP, "recover", "guesses the seed",
                                 create, new_game, choose, free};

const jm_plugin *jamaica_plugin(void)
{
    return &plugin;
}
