/*
 * program.c - an agent that is another program, over the line protocol of
 * docs/PROTOCOL.md: `cmd:COMMAND[:key=value,...]`.
 *
 * One process per instance (a seat of a thread), kept across games; its
 * starting, guarding and ending are process.c's.  Every wait on it has a deadline (timeout=, 10 s), every
 * line a length limit; a process that crashes, hangs, answers garbage,
 * an index out of range or nothing, or floods its output is a failure:
 * the run stops (on_fault=stop) or the seat plays on at random and the
 * process is started again for the next game (on_fault=random).  The
 * process and all it starts (its process group) are killed when the
 * instance is destroyed, when jamaica stops at once (agent_kill_programs),
 * and when jamaica dies in any way (its guardian, guard()).
 */
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/socket.h>
#include <unistd.h>

#include "outside.h"
#include "params.h"
#include "process.h"

#define PROTOCOL_VERSION 1
#define LINE_MAX_BYTES 4096       /* a longer line from the program is a flood */
#define LINES_MAX 1000            /* comment lines it may send before its answer */

typedef struct program {
    outside o;                    /* first: outside_fault() reads it */
    char cmd[AGENT_SPEC_MAX];
    int sandboxed;                /* it runs in its sandbox (choose_sandbox) */
    char name[64];                /* what it called itself */
    proc p;                       /* its process (process.h) */
    char in[LINE_MAX_BYTES + 1];  /* what it wrote, not yet read as lines */
    size_t have;
    char out[JM_POSITION_MAX + JM_MAX_ACTIONS * (JM_ACTION_TEXT_MAX + 32) + 64];
    jm_rules rules;
    int rules_known, players;
    uint64_t game;
    int game_sent;                /* the game line of this game is out */
    unsigned decisions;           /* this game's */
    double allowed;               /* the seconds the wait under way allows (messages) */
} program;

/* ---------------------------------------------------------------- lines */

/* Send len bytes by the deadline: 0, or -1 with why in pg->o.fault's style. */
static int send_all(program *pg, const char *p, size_t len, double deadline, char *why, size_t wl)
{
    while (len) {
        ssize_t w = send(pg->p.fd, p, len, MSG_NOSIGNAL | MSG_DONTWAIT);
        if (w > 0) {
            p += w;
            len -= (size_t)w;
            continue;
        }
        if (w < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
            char how[100];
            proc_describe_end(&pg->p, how, sizeof how);
            snprintf(why, wl, "cannot write to it (%s)", how);
            return -1;
        }
        int ms = (int)((deadline - proc_now()) * 1000);
        struct pollfd pf = {pg->p.fd, POLLOUT, 0};
        if (ms <= 0 || poll(&pf, 1, ms) == 0) {
            snprintf(why, wl, "it did not read its input within %g s%s", pg->allowed,
                     pg->allowed == pg->o.startup ? " of its start (startup=)" : "");
            return -1;
        }
    }
    return 0;
}

/* The next line that is not a comment ('#'), by the deadline, into line
 * (NUL-terminated, without its newline).  0, or -1 with why. */
static int read_line(program *pg, char *line, double deadline, char *why, size_t wl)
{
    for (int lines = 0;;) {
        char *nl = memchr(pg->in, '\n', pg->have);
        if (nl) {
            size_t n = (size_t)(nl - pg->in);
            memcpy(line, pg->in, n);
            line[n] = '\0';
            if (n && line[n - 1] == '\r') line[n - 1] = '\0';
            pg->have -= n + 1;
            memmove(pg->in, nl + 1, pg->have);
            if (line[0] == '#') {
                if (++lines > LINES_MAX) {
                    snprintf(why, wl, "it floods its output (over %d comment lines before its answer)", LINES_MAX);
                    return -1;
                }
                continue;
            }
            return 0;
        }
        if (pg->have >= LINE_MAX_BYTES) {
            snprintf(why, wl, "it floods its output (a line over %d bytes)", LINE_MAX_BYTES);
            return -1;
        }
        int ms = (int)((deadline - proc_now()) * 1000);
        struct pollfd pf = {pg->p.fd, POLLIN, 0};
        int pr = ms > 0 ? poll(&pf, 1, ms) : 0;
        if (pr < 0 && errno == EINTR) continue;
        if (pr <= 0) {
            /* Nothing at all came: most often a program that buffers its
             * output or reads its input in blocks (mawk on a pipe). */
            snprintf(why, wl, "no answer within %g s%s%s", pg->allowed,
                     pg->allowed == pg->o.startup ? " of its start (startup=)" : "",
                     pg->have ? "" : "; nothing came: a program must flush each line it writes and read its "
                                     "input line by line (docs/PROTOCOL.md, \"The conversation\")");
            return -1;
        }
        ssize_t r = recv(pg->p.fd, pg->in + pg->have, LINE_MAX_BYTES - pg->have, 0);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) {
            char how[100];
            proc_describe_end(&pg->p, how, sizeof how);
            snprintf(why, wl, "no answer: %s", how);
            return -1;
        }
        pg->have += (size_t)r;
    }
}

/* ---------------------------------------------------------------- protocol */

/* Start the process and shake hands: 0, or -1 with why in err. */
static int start(program *pg, char *err, size_t errlen)
{
    char why[300], line[LINE_MAX_BYTES + 1];
    if (proc_spawn(&pg->p, pg->cmd, pg->o.dir, pg->o.log, pg->sandboxed ? &pg->o.lim : NULL, pg->o.rest, err, errlen))
        return -1;
    /* The handshake may take the program's start: loading PyTorch alone
     * took 9.7 s on a busy machine (startup=, 60 s by default). */
    pg->allowed = pg->o.startup;
    double deadline = proc_now() + pg->o.startup;
    size_t o = (size_t)snprintf(pg->out, sizeof pg->out, "jamaica-agent %d\n", PROTOCOL_VERSION);
    if (send_all(pg, pg->out, o, deadline, why, sizeof why) || read_line(pg, line, deadline, why, sizeof why)) goto fail;
    if (strncmp(line, "agent ", 6) || !line[6]) {
        snprintf(why, sizeof why, "it answered '%.200s' to 'jamaica-agent %d', not 'agent NAME'", line, PROTOCOL_VERSION);
        goto fail;
    }
    snprintf(pg->name, sizeof pg->name, "%.63s", line + 6);
    o = 0;
    char opts[AGENT_SPEC_MAX], *save = NULL;
    strcpy(opts, pg->o.rest);
    for (char *tok = strtok_r(opts, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        /* A value that names a file or directory relative to jamaica's
         * working directory (a '/' in it: policy=nets/x.pt) is made
         * whole, as the command's words are: the program starts elsewhere. */
        char *eq = strchr(tok, '='), real[PATH_MAX];
        struct stat st;
        if (eq && eq[1] != '/' && strchr(eq + 1, '/') && stat(eq + 1, &st) == 0 && realpath(eq + 1, real))
            o += (size_t)snprintf(pg->out + o, sizeof pg->out - o, "option %.*s=%s\n", (int)(eq - tok), tok, real);
        else
            o += (size_t)snprintf(pg->out + o, sizeof pg->out - o, "option %s\n", tok);
    }
    o += (size_t)snprintf(pg->out + o, sizeof pg->out - o, "ready\n");
    if (send_all(pg, pg->out, o, deadline, why, sizeof why) || read_line(pg, line, deadline, why, sizeof why)) goto fail;
    if (strcmp(line, "ready")) {
        snprintf(why, sizeof why, "it answered '%.200s' to its options and 'ready'", line);
        goto fail;
    }
    pg->allowed = pg->o.timeout;
    return 0;
fail:
    snprintf(err, errlen, "agent 'cmd:%.200s': %s", pg->cmd, why);
    proc_reap(&pg->p, 0.2);
    return -1;
}

static size_t game_line(program *pg, agent *a, const jm_state *obs, char *buf, size_t len)
{
    if (!pg->rules_known) {
        jm_rules_of(obs, &pg->rules);
        pg->players = jm_players(obs);
    }
    char rules[256];
    jm_rules_format(&pg->rules, rules, sizeof rules);
    uint64_t seed = ((uint64_t)jm_pcg32_next(&a->rng) << 32) | jm_pcg32_next(&a->rng);
    return (size_t)snprintf(buf, len, "game players=%d seat=%d game=%llu seed=%016llx rules=%s\n", pg->players, a->seat,
                            (unsigned long long)pg->game, (unsigned long long)seed, rules);
}

/* The decision block: kind, view, the actions, go. */
static size_t decision_block(const jm_state *obs, int seat, const int *legal, int n, char *buf, size_t len)
{
    size_t o = (size_t)snprintf(buf, len, "decision %s %d\nview ", jm_decision_name(jm_decision(obs)), n);
    int w = jm_view_format(obs, seat, buf + o, len - o);
    o += w > 0 ? (size_t)w : 0;
    o += (size_t)snprintf(buf + o, len - o, "\n");
    for (int i = 0; i < n; i++) {
        o += (size_t)snprintf(buf + o, len - o, "action %d %d ", i, legal[i]);
        w = jm_action_text(obs, legal[i], buf + o, len - o);
        o += w > 0 ? (size_t)w : 0;
        o += (size_t)snprintf(buf + o, len - o, "\n");
    }
    o += (size_t)snprintf(buf + o, len - o, "go\n");
    return o;
}

/* The index in an answer: 0..n-1, or -1. */
static int answer_index(const char *line, int n)
{
    while (*line == ' ' || *line == '\t') line++;
    if (*line < '0' || *line > '9') return -1;
    char *end;
    long x = strtol(line, &end, 10);
    while (*end == ' ' || *end == '\t') end++;
    return *end || x < 0 || x >= n ? -1 : (int)x;
}

static int program_choose(agent *a, const jm_state *obs, const int *legal, int n)
{
    program *pg = a->data;
    if (pg->o.fallback) return outside_random(a, legal, n);
    char why[300], line[LINE_MAX_BYTES + 1];
    const char *kind = jm_decision_name(jm_decision(obs));
    double deadline = proc_now() + pg->o.timeout;
    size_t o = 0;
    if (!pg->game_sent) o = game_line(pg, a, obs, pg->out, sizeof pg->out);
    pg->game_sent = 1;
    pg->decisions++;
    o += decision_block(obs, a->seat, legal, n, pg->out + o, sizeof pg->out - o);
    if (send_all(pg, pg->out, o, deadline, why, sizeof why) || read_line(pg, line, deadline, why, sizeof why))
        goto fail;
    int i = answer_index(line, n);
    if (i >= 0) return legal[i];
    snprintf(why, sizeof why, "it answered '%.100s'%s, not an index 0..%d", line, strlen(line) > 100 ? "..." : "", n - 1);
fail:
    proc_reap(&pg->p, 0.0);
    return outside_failed(&pg->o, a, legal, n, "agent %s (cmd:%.200s) failed at decision %u of the game (%s, %d actions): %s",
                          pg->name[0] ? pg->name : "?", pg->cmd, pg->decisions, kind, n, why);
}

static void program_new_game(agent *a, const jm_rules *rules, int players, uint64_t game)
{
    program *pg = a->data;
    pg->rules_known = rules != NULL;
    if (rules) pg->rules = *rules;
    pg->players = players;
    pg->game = game;
    pg->game_sent = 0;
    pg->decisions = 0;
    pg->o.faults = 0;
    pg->o.fallback = 0;
    if (!pg->p.pid) {
        char err[400];
        if (start(pg, err, sizeof err)) {
            pg->o.fallback = 1; /* its first decision reports the failure */
            snprintf(pg->o.fault, sizeof pg->o.fault, "%s", err);
            if (pg->o.on_fault == ON_FAULT_RANDOM) pg->o.faults++;
        }
    }
}

/* With results=1: the game's end, one line, no answer awaited
 * ("result game=G scores=S0,S1,... ranks=R0,... winners=W,..."; the
 * ghost's score and rank last where it sails, named g in winners). */
static void program_end_game(agent *a, const jm_state *s)
{
    program *pg = a->data;
    if (!pg->o.results || !pg->p.pid || pg->p.fd < 0 || !pg->game_sent || pg->o.fallback) return;
    jm_score sc[JM_MAX_SHIPS];
    jm_scores(s, sc);
    int np = jm_players(s), ghost = jm_has_ghost(s);
    char line[512], scores[128] = "", ranks[128] = "", winners[64] = "";
    size_t so = 0, ro = 0, wo = 0;
    for (int i = 0; i < JM_MAX_SHIPS; i++) {
        if (i >= np && !(i == JM_GHOST && ghost)) continue;
        so += (size_t)snprintf(scores + so, sizeof scores - so, "%s%d", so ? "," : "", sc[i].total);
        ro += (size_t)snprintf(ranks + ro, sizeof ranks - ro, "%s%d", ro ? "," : "", sc[i].rank);
        if (sc[i].winner) {
            if (i == JM_GHOST) wo += (size_t)snprintf(winners + wo, sizeof winners - wo, "%sg", wo ? "," : "");
            else wo += (size_t)snprintf(winners + wo, sizeof winners - wo, "%s%d", wo ? "," : "", i);
        }
    }
    int n = snprintf(line, sizeof line, "result game=%llu scores=%s ranks=%s winners=%s\n", (unsigned long long)pg->game,
                     scores, ranks, wo ? winners : "-");
    char why[300];
    if (send_all(pg, line, (size_t)n, proc_now() + pg->o.timeout, why, sizeof why)) proc_reap(&pg->p, 0.0); /* the next game restarts it */
}

static void program_destroy(agent *a)
{
    program *pg = a->data;
    if (!pg) return;
    if (pg->p.pid && pg->p.fd >= 0) {
        char why[100];
        send_all(pg, "quit\n", 5, proc_now() + 0.5, why, sizeof why);
    }
    proc_reap(&pg->p, 1.0);
    proc_free_env(pg->p.env);
    free(pg->p.sb);
    free(pg);
    a->data = NULL;
}

/* Is the command's first word a program that can be run?  0, or -1 with
 * why: so that a missing program is one line of jamaica's, not the shell's
 * "not found" for every seat besides.  A first word the shell would read
 * otherwise (quotes, variables, an assignment, a keyword) is left to it. */
static int runnable(const char *cmd, char *err, size_t errlen)
{
    char word[AGENT_SPEC_MAX];
    size_t n = strcspn(cmd, " \t");
    memcpy(word, cmd, n);
    word[n] = '\0';
    if (!n || strpbrk(word, "'\"\\$`(){}[]|;&<>=*?~!#") || !strcmp(word, "exec")) return 0;
    if (strchr(word, '/')) {
        if (access(word, X_OK) == 0) return 0;
        snprintf(err, errlen, "agent 'cmd:%.200s': cannot run '%s': %s", cmd, word, strerror(errno));
        return -1;
    }
    const char *path = getenv("PATH");
    char full[2 * AGENT_SPEC_MAX];
    for (const char *p = path ? path : "/usr/bin:/bin"; p;) {
        const char *colon = strchr(p, ':');
        int len = colon ? (int)(colon - p) : (int)strlen(p);
        snprintf(full, sizeof full, "%.*s%s%s", len, p, len ? "/" : "", word);
        if (access(full, X_OK) == 0) return 0;
        p = colon ? colon + 1 : NULL;
    }
    snprintf(err, errlen, "agent 'cmd:%.200s': no program '%s' on PATH", cmd, word);
    return -1;
}

/* A program starts in a working directory of its own, not jamaica's: the
 * words of a plain command (no quotes, variables or other shell syntax)
 * that name a file or directory relative to jamaica's working directory
 * are made absolute, so that `cmd:python3 my_agent.py` and `cmd:./bot`
 * run as written.  A command with shell syntax is left as it is (give its
 * paths whole, or dir=).  0, or -1 with why. */
static int absolute_words(char *cmd, char *err, size_t errlen)
{
    if (strpbrk(cmd, "'\"\\$`(){}[]|;&<>*?~!#\n")) return 0;
    char out[AGENT_SPEC_MAX], word[AGENT_SPEC_MAX], real[PATH_MAX];
    size_t o = 0;
    for (const char *p = cmd; *p;) {
        size_t sp = strspn(p, " \t"), n = strcspn(p + sp, " \t");
        memcpy(word, p + sp, n);
        word[n] = '\0';
        const char *w = word;
        struct stat st;
        if (n && word[0] != '/' && !strchr(word, '=') && stat(word, &st) == 0 && (strchr(word, '/') || o) &&
            realpath(word, real))
            w = real;
        int k = snprintf(out + o, sizeof out - o, "%.*s%s", (int)sp, p, w);
        if (k < 0 || (size_t)k >= sizeof out - o) {
            snprintf(err, errlen, "agent 'cmd:%.200s': the command is too long with its paths made whole", cmd);
            return -1;
        }
        o += (size_t)k;
        p += sp + n;
    }
    strcpy(cmd, out);
    return 0;
}

/* COMMAND[:key=value,...]: the parameters follow the last ':' whose tail
 * is key=value items with no space. */
static const char *params_of(const char *spec)
{
    const char *c = strrchr(spec, ':');
    if (!c || !strchr(c, '=') || strchr(c, ' ')) return NULL;
    return c + 1;
}

/* sandbox=on, or the default in a run whose seed is secret: the program
 * runs in bwrap's namespaces (sandbox.c); a sealed run refuses a program
 * where there is no sandbox, unless its spec says sandbox=off. */
static int choose_sandbox(program *pg, char *err, size_t errlen)
{
    pg->sandboxed = pg->o.sandbox == SANDBOX_ON || (pg->o.sandbox == SANDBOX_AUTO && sandbox_sealed());
    char why[200];
    if (pg->sandboxed && !sandbox_available(why, sizeof why)) {
        snprintf(err, errlen, "agent 'cmd:%.200s': %s: a %s refuses a program without its sandbox unless its spec "
                 "says sandbox=off (docs/PROTOCOL.md, \"The sandbox\")", pg->cmd, why,
                 pg->o.sandbox == SANDBOX_ON ? "spec with sandbox=on" : "sealed run");
        return -1;
    }
    return 0;
}

static int program_create(agent *a, const char *spec, char *err, size_t errlen)
{
    /* A program of this user could otherwise open jamaica's files through
     * /proc/PID/fd (a temporary output that has no name), read its memory
     * (/proc/PID/mem, ptrace) or environment: not dumpable, those are
     * root's alone (docs/PROTOCOL.md, "Sealed runs").  The programs
     * themselves are not affected (execve resets it). */
    prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
    const char *params = params_of(spec);
    size_t len = params ? (size_t)(params - 1 - spec) : strlen(spec);
    if (!len) {
        snprintf(err, errlen, "agent 'cmd' needs a command: cmd:COMMAND[:key=value,...]");
        return -1;
    }
    program *pg = calloc(1, sizeof *pg);
    if (!pg) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    a->data = pg;
    pg->p.fd = -1;
    pg->p.life = -1;
    pg->p.slot = -1;
    pg->p.env = proc_env();
    memcpy(pg->cmd, spec, len);
    pg->cmd[len] = '\0';
    /* The parameters follow one ':'; a command whose last word still holds
     * ':KEY=' had two (cmd:bot.py:timeout=5:startup=3), which the program
     * would otherwise meet as a file name that does not exist. */
    const char *word = strrchr(pg->cmd, ' ');
    word = word ? word + 1 : pg->cmd;
    int colon = params ? params_colon_at(word) : -1;
    if (colon >= 0) {
        snprintf(err, errlen, "agent 'cmd:%.200s': parameters follow one ':' and are separated by ',' (write "
                 "'%.*s:%.100s,%.100s')", spec, (int)(word - pg->cmd + colon), pg->cmd, word + colon + 1, params);
        return -1;
    }
    if (outside_params(&pg->o, pg->cmd, params ? params : "", 1, err, errlen) || runnable(pg->cmd, err, errlen) ||
        absolute_words(pg->cmd, err, errlen) || choose_sandbox(pg, err, errlen))
        return -1;
    return start(pg, err, errlen);
}

static int program_choose_checked(agent *a, const jm_state *obs, const int *legal, int n)
{
    program *pg = a->data;
    /* A start that failed at the game's beginning fails its first decision. */
    if (pg->o.fallback && !pg->p.pid && pg->o.on_fault == ON_FAULT_STOP) return -1;
    return program_choose(a, obs, legal, n);
}

/* What it called itself in the handshake (`agent NAME`). */
static const char *program_own_name(agent *a)
{
    const program *pg = a->data;
    return pg->name[0] ? pg->name : NULL;
}

const agent_ops builtin_program = {
    .name = "cmd",
    .summary = "another program over the line protocol: cmd:COMMAND[:key=value,...] (docs/PROTOCOL.md)",
    .needs_obs = 1,
    .cheap = 0,
    .uniform = 0,
    .sealed = 1,
    .create = program_create,
    .choose = program_choose_checked,
    .destroy = program_destroy,
    .new_game = program_new_game,
    .fault = outside_fault,
    .faults = outside_faults,
    .end_game = program_end_game,
    .own_name = program_own_name,
};
