/* abi99.c - a plugin built for another ABI version: refused, never called. */
#include <stdlib.h>

#include <jamaica_plugin.h>

static void *create(const char *params, char *err, size_t errlen)
{
    (void)params;
    (void)err;
    (void)errlen;
    abort(); /* the loader must never get here */
}

static int choose(void *self, const jm_state *obs, const int *legal, int n)
{
    (void)self;
    (void)obs;
    (void)n;
    abort();
    return legal[0];
}

static const jm_plugin plugin = {99, 0, "abi99", "from the future", create, NULL, choose, NULL};

const jm_plugin *jamaica_plugin(void)
{
    return &plugin;
}
