/*
 * plugin.c - an agent from a shared object: `plugin:PATH.so[:key=value,...]`
 * (the ABI: jamaica_plugin.h).  The object is opened with dlopen() for
 * each instance (the loader shares one copy), its jm_plugin checked for
 * the ABI version before anything of it is called.
 */
#include <dlfcn.h>
#include <limits.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "jamaica_plugin.h"
#include "outside.h"

typedef struct plugin {
    outside o;                   /* first: outside_fault() reads it */
    void *dl;
    const jm_plugin *p;
    void *self;
    jm_rules rules;
    jm_plugin_game game;
    agent_ops ops;               /* builtin_plugin's, as the plugin's flags say */
    char path[AGENT_SPEC_MAX];   /* for messages */
} plugin;

/* A plugin is code inside jamaica: its exit() would end jamaica with the
 * plugin's status (0: a run that looks like a success, with no output),
 * its crash with no word said and the temporary outputs left behind.  Once
 * jamaica's binary arms the watch (agent_on_plugin_exit) and a plugin is
 * loaded, an exit() from any thread before jamaica's own end
 * (agent_plugins_done) runs exit_fault() (atexit): one line naming the
 * plugin, the programs killed, the temporaries removed, status 3; and a
 * fatal signal (a crash, abort()) runs on_fatal(): the same, said with
 * write(2) alone, then the signal's own ending. */
static _Thread_local const char *inside;  /* the plugin this thread is calling, or NULL */
static void (*exit_cleanup)(void);
static volatile int armed, done;          /* the binary's watch; its own end has begun */
static char loaded[AGENT_SPEC_MAX];       /* the first plugin loaded, for a fault off its calls */
static volatile int nloaded, several;  /* plugins loaded; another path among them */

void agent_on_plugin_exit(void (*cleanup)(void))
{
    exit_cleanup = cleanup;
    armed = 1;
}

void agent_plugins_done(void)
{
    done = 1;
}

/* Which plugin: the one this thread is calling, else the one loaded. */
static const char *culprit(void)
{
    return inside ? inside : loaded;
}

static void exit_fault(void)
{
    if (!armed || done || !nloaded) return;
    fprintf(stderr, "jamaica: plugin '%s'%s called exit() during the run: an agent failure\n", culprit(),
            inside || !several ? "" : " (or another plugin of the run)");
    agent_kill_programs();
    if (exit_cleanup) exit_cleanup();
    _exit(3);
}

static void say(const char *s)
{
    size_t n = strlen(s);
    while (n) {
        ssize_t w = write(2, s, n);
        if (w <= 0) return;
        s += w;
        n -= (size_t)w;
    }
}

static const int fatal_signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGSYS};

static volatile long fatal_owner; /* the thread ending the run on a fatal signal, or 0 */

static void on_fatal(int sig)
{
    /* One thread says it and cleans up; a second thread's crash meanwhile
     * (two plugin instances failing at once) waits for the first to end
     * the process, rather than end it half cleaned (a temporary output
     * left).  The same thread crashing again in here ends at once. */
    long me = syscall(SYS_gettid), owner = 0;
    if (!__atomic_compare_exchange_n(&fatal_owner, &owner, me, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
        if (owner == me) {
            signal(sig, SIG_DFL);
            raise(sig);
            _exit(128 + sig);
        }
        for (;;) pause();
    }
    char num[12];
    int k = (int)sizeof num - 1;
    num[k] = '\0';
    int v = sig;
    do num[--k] = (char)('0' + v % 10);
    while ((v /= 10) && k > 0);
    say("jamaica: ");
    if (inside) {
        say("plugin '");
        say(inside);
        say("' crashed (signal ");
    } else {
        say("signal ");
    }
    say(num + k);
    say(inside ? " " : " ("); /* "crashed (signal 11 SIGSEGV)", or "signal 11 (SIGSEGV)" */
    say(sig == SIGSEGV ? "SIGSEGV" : sig == SIGBUS ? "SIGBUS" : sig == SIGILL ? "SIGILL" : sig == SIGFPE ? "SIGFPE"
        : sig == SIGABRT ? "SIGABRT" : "SIGSYS");
    if (inside) {
        say("): an agent failure");
    } else {
        say(") with plugin '");
        say(loaded);
        say("' loaded: a crash in a plugin's thread or in jamaica");
    }
    say("; the run's programs killed and its unfinished outputs removed\n");
    agent_kill_programs();
    if (exit_cleanup) exit_cleanup();
    signal(sig, SIG_DFL);
    raise(sig);
    _exit(128 + sig);
}

static void watch_exit(const char *path)
{
    if (!armed) return;
    if (__atomic_fetch_add(&nloaded, 1, __ATOMIC_ACQ_REL)) {
        if (strcmp(path, loaded)) several = 1; /* loads happen one at a time, before the games */
    } else {
        snprintf(loaded, sizeof loaded, "%s", path);
        atexit(exit_fault);
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_fatal;
        sa.sa_flags = SA_NODEFER; /* on_fatal restores the default itself, once */
        sigemptyset(&sa.sa_mask);
        for (size_t i = 0; i < sizeof fatal_signals / sizeof fatal_signals[0]; i++)
            sigaction(fatal_signals[i], &sa, NULL);
    }
}

#define CALL(pl, expr) (inside = (pl)->path, (expr))
#define DONE() (inside = NULL)

static void plugin_destroy(agent *a)
{
    plugin *pl = a->data;
    if (!pl) return;
    if (pl->self && pl->p->destroy) {
        CALL(pl, pl->p->destroy(pl->self));
        DONE();
    }
    if (pl->dl) dlclose(pl->dl);
    free(pl);
    a->data = NULL;
}

/* Open PATH and check its jm_plugin: 0, or -1 with why. */
static int plugin_open(plugin *pl, const char *path, char *err, size_t errlen)
{
    /* A path without a slash that names a file here is that file, as a
     * cmd: word is (dlopen would look it up on the library path). */
    char whole[PATH_MAX];
    struct stat st;
    const char *open_as = path;
    if (!strchr(path, '/') && stat(path, &st) == 0 && realpath(path, whole)) open_as = whole;
    pl->dl = dlopen(open_as, RTLD_NOW | RTLD_LOCAL);
    if (!pl->dl) {
        snprintf(err, errlen, "plugin '%s': cannot load it: %s", path, dlerror());
        return -1;
    }
    const jm_plugin *(*entry)(void);
    *(void **)&entry = dlsym(pl->dl, JM_PLUGIN_ENTRY);
    if (!entry) {
        snprintf(err, errlen, "plugin '%s' exports no %s() (see jamaica_plugin.h)", path, JM_PLUGIN_ENTRY);
        return -1;
    }
    pl->p = entry();
    if (!pl->p) {
        snprintf(err, errlen, "plugin '%s': %s() gave NULL", path, JM_PLUGIN_ENTRY);
        return -1;
    }
    if (pl->p->abi != JM_PLUGIN_ABI) {
        snprintf(err, errlen, "plugin '%s' was built for plugin ABI %u; this jamaica loads ABI %d (rebuild it against "
                 "this jamaica_plugin.h)", path, pl->p->abi, JM_PLUGIN_ABI);
        return -1;
    }
    if (!pl->p->create || !pl->p->choose || !pl->p->name) {
        snprintf(err, errlen, "plugin '%s': its jm_plugin lacks name, create or choose", path);
        return -1;
    }
    return 0;
}

static int plugin_create(agent *a, const char *params, char *err, size_t errlen)
{
    char path[AGENT_SPEC_MAX];
    const char *colon = strchr(params, ':');
    size_t len = colon ? (size_t)(colon - params) : strlen(params);
    if (!len) {
        snprintf(err, errlen, "agent 'plugin' needs a path: plugin:PATH.so[:key=value,...]");
        return -1;
    }
    memcpy(path, params, len);
    path[len] = '\0';
    plugin *pl = calloc(1, sizeof *pl);
    if (!pl) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    a->data = pl;
    if (outside_params(&pl->o, path, colon ? colon + 1 : "", 0, err, errlen)) return -1;
    if (sandbox_sealed() && pl->o.sandbox != SANDBOX_OFF) { /* code in jamaica's process: no sandbox can hold it */
        snprintf(err, errlen, "plugin '%s' runs inside jamaica's process, where no sandbox can hold it: a sealed run "
                 "refuses it unless its spec says sandbox=off (seat an entrant as a program, cmd:)", path);
        return -1;
    }
    if (plugin_open(pl, path, err, errlen)) return -1;
    char perr[400] = "";
    snprintf(pl->path, sizeof pl->path, "%s", path);
    watch_exit(path);
    pl->self = CALL(pl, pl->p->create(pl->o.rest, perr, sizeof perr));
    DONE();
    if (!pl->self) {
        snprintf(err, errlen, "plugin '%s': %s", path, *perr ? perr : "create() failed");
        return -1;
    }
    pl->ops = *a->ops;
    pl->ops.needs_obs = !(pl->p->flags & JM_PLUGIN_NO_OBS);
    pl->ops.cheap = !!(pl->p->flags & JM_PLUGIN_CHEAP);
    a->ops = &pl->ops;
    return 0;
}

static void plugin_new_game(agent *a, const jm_rules *rules, int players, uint64_t game)
{
    plugin *pl = a->data;
    if (rules) pl->rules = *rules;
    pl->game = (jm_plugin_game){rules ? &pl->rules : NULL, players, a->seat, game, &a->rng};
    pl->o.faults = 0;
    pl->o.fallback = 0;
    if (pl->p->new_game) {
        CALL(pl, pl->p->new_game(pl->self, &pl->game));
        DONE();
    }
}

static int plugin_choose(agent *a, const jm_state *obs, const int *legal, int n)
{
    plugin *pl = a->data;
    if (pl->o.fallback) return outside_random(a, legal, n);
    int x = CALL(pl, pl->p->choose(pl->self, obs, legal, n));
    DONE();
    /* Is x legal?  Every entry is compared, without an early exit whose
     * place a random choice would make the branch predictor miss. */
    int found = 0;
    for (int i = 0; i < n; i++) found |= legal[i] == x;
    if (found) return x;
    return outside_failed(&pl->o, a, legal, n, "plugin %s chose %d, not one of its %d legal actions", pl->p->name, x, n);
}

/* Each instance runs on a copy of these (plugin.ops) that its plugin's
 * flags adjust: no observation, not timed. */
const agent_ops builtin_plugin = {
    .name = "plugin",
    .summary = "a shared object's agent: plugin:PATH.so[:key=value,...] (docs/AGENTS.md)",
    .needs_obs = 1,
    .cheap = 0,
    .uniform = 0,
    .sealed = 1,
    .create = plugin_create,
    .choose = plugin_choose,
    .destroy = plugin_destroy,
    .new_game = plugin_new_game,
    .fault = outside_fault,
    .faults = outside_faults,
};
