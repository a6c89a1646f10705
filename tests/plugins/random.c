/* random.c - the built-in `random` as a plugin: uniform draws from the
 * seat's (sealed) stream, the same on any thread count (tests/lib.sh;
 * bench's plugin path). */
#include <stdio.h>
#include <stdlib.h>

#include <jamaica_plugin.h>

typedef struct me {
    jm_pcg32 *stream;
} me;

static void *create(const char *params, char *err, size_t errlen)
{
    if (*params) {
        snprintf(err, errlen, "takes no parameters");
        return NULL;
    }
    return calloc(1, sizeof(me));
}

static void new_game(void *self, const jm_plugin_game *g)
{
    ((me *)self)->stream = g->rng;
}

static int choose(void *self, const jm_state *obs, const int *legal, int n)
{
    (void)obs;
    return legal[jm_pcg32_bounded(((me *)self)->stream, (uint32_t)n)];
}

static const jm_plugin plugin = {JM_PLUGIN_ABI, JM_PLUGIN_NO_OBS | JM_PLUGIN_CHEAP, "random-plugin", "uniform", create, new_game, choose, free};

const jm_plugin *jamaica_plugin(void)
{
    return &plugin;
}
