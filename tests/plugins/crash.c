/* crash.c - a plugin that fails as a plugin can: `plugin:crash.so:how=segv`
 * dereferences NULL, `how=exit` calls exit(0), `how=abort` calls abort(),
 * `how=thread` starts a thread of its own that calls exit(0), each at its
 * first decision of game 1 (tests/lib.sh: the run ends with status 3 or by
 * the signal, one line naming the plugin, no temporary output and no agent
 * program outlives it). */
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jamaica_plugin.h>

typedef struct me {
    char how[16];
    uint64_t game;
} me;

static void *create(const char *params, char *err, size_t errlen)
{
    me *m = calloc(1, sizeof *m);
    if (m && sscanf(params, "how=%15s", m->how) == 1) return m;
    snprintf(err, errlen, "takes how=segv, how=exit, how=abort or how=thread, not '%s'", params);
    free(m);
    return NULL;
}

static void new_game(void *self, const jm_plugin_game *g)
{
    ((me *)self)->game = g->game;
}

static void *quit(void *arg)
{
    (void)arg;
    exit(0);
}

static int choose(void *self, const jm_state *obs, const int *legal, int n)
{
    (void)obs;
    (void)n;
    me *m = self;
    if (m->game >= 1) {
        if (!strcmp(m->how, "exit")) exit(0);
        if (!strcmp(m->how, "abort")) abort();
        if (!strcmp(m->how, "thread")) {
            static int once;
            pthread_t t;
            if (!once++) pthread_create(&t, NULL, quit, NULL);
            return legal[0];
        }
        raise(SIGSEGV);
    }
    return legal[0];
}

static const jm_plugin plugin = {JM_PLUGIN_ABI, JM_PLUGIN_NO_OBS, "crash", "fails on purpose", create, new_game, choose, free};

const jm_plugin *jamaica_plugin(void)
{
    return &plugin;
}
