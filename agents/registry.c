/* registry.c - agents by name, and the calls common to all of them. */
#include <ctype.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>

#include "agent.h"
#include "sandbox.h"

/* The built-in agents, one row each, in --help's order: NAME's `const
 * agent_ops builtin_NAME` is in its own file (agents/NAME.c, or a file of
 * agents alike).  Adding an agent: its file, and its row here; the
 * Makefile finds the file, and the library keeps builtin_* local (engine/
 * jamaica.map).  tests/tree/agent_rows.py checks that an agent is named nowhere
 * else. */
#define BUILTIN_AGENTS(X) \
    X(random)             \
    X(first)              \
    X(greedy)             \
    X(sharp)              \
    X(learned)            \
    X(flat)               \
    X(pimc)               \
    X(mcts)               \
    X(net)                \
    X(guided)             \
    X(rollout)            \
    X(plugin)             \
    X(program)

#define DECLARE(name) extern const agent_ops builtin_##name;
BUILTIN_AGENTS(DECLARE)
#undef DECLARE
#define ROW(name) &builtin_##name,
const agent_ops *const agent_registry[] = {BUILTIN_AGENTS(ROW) NULL};
#undef ROW

int agent_create_plain(agent *a, const char *params, char *err, size_t errlen)
{
    if (!*params) return 0;
    snprintf(err, errlen, "agent '%s' takes no parameters, not '%s'", a->ops->name, params);
    return -1;
}

/* The seat's stream for (run seed, game, seat).  A built-in agent's start
 * comes from the seed by jm_mix64 (which can be inverted; these agents
 * send nothing anywhere, and their draws are kept so that every published
 * game stays the same).  An agent from outside gets a start keyed by the
 * seed through SipHash-2-4, a one-way function: even the whole state of its
 * stream, which a plugin is handed, tells nothing of the seed, so nothing
 * of the other seats' streams or of the game's chance. */
#define SEAL_KEY 0x6a616d616963612eULL /* the key's second word, "jamaica." */

static void seed_stream(agent *a, const jm_seed *rs, uint64_t game, int seat)
{
    uint64_t seed = rs->v;
    a->seat = seat;
    if (rs->sealed) { /* every seat keyed by the 128-bit seed (a fourth word: a built-in agent's) */
        const uint64_t msg[4] = {(uint64_t)seat, a->stream, game, !(a->ops && a->ops->sealed)};
        jm_pcg32_seed(&a->rng, jm_siphash(rs->v, rs->k1, msg, a->ops && a->ops->sealed ? 3 * sizeof *msg : sizeof msg),
                      game);
        return;
    }
    if (a->ops && a->ops->sealed) {
        const uint64_t msg[3] = {(uint64_t)seat, a->stream, game};
        jm_pcg32_seed(&a->rng, jm_siphash(seed, SEAL_KEY, msg, sizeof msg), game);
        return;
    }
    uint64_t state = jm_mix64(seed ^ (0x6167656e74ULL * (uint64_t)(seat + 1)));
    if (a->stream) state = jm_mix64(state ^ (0x73747265616dULL * a->stream));
    jm_pcg32_seed(&a->rng, state, game);
}

/* forbid=... out of params (into a->forbid), the rest into rest. */
static int take_forbid(agent *a, const char *params, char *rest, char *err, size_t errlen)
{
    rest[0] = '\0';
    for (const char *p = params; *p;) {
        size_t n = strcspn(p, ",");
        if (!strncmp(p, "forbid=", 7)) {
            char v[AGENT_SPEC_MAX];
            snprintf(v, sizeof v, "%.*s", (int)(n - 7), p + 7);
            if (a->ops->sealed) {
                snprintf(err, errlen, "%s: forbid= restricts built-in agents only", a->ops->name);
                return -1;
            }
            if (a->forbid) {
                snprintf(err, errlen, "%s: forbid= given twice", a->ops->name);
                return -1;
            }
            if (restrict_parse(v, &a->forbid, err, errlen)) return -1;
        } else {
            snprintf(rest + strlen(rest), AGENT_SPEC_MAX - strlen(rest), "%s%.*s", *rest ? "," : "", (int)n, p);
        }
        p += n + (p[n] == ',');
    }
    return 0;
}

/* Where the parameters of a spec of agent ops begin, in rest (what
 * follows the agent's name and its ':'), or NULL for none: a built-in
 * agent's are all of rest, a plugin's follow its path's ':', a program's
 * the last ':' whose tail is key=value items with no space (program.c's
 * rule, since a command may hold a ':'). */
static const char *params_start(const agent_ops *ops, const char *rest)
{
    if (!rest) return NULL;
    if (!ops->sealed) return rest;
    if (ops == &builtin_plugin) {
        const char *c = strchr(rest, ':');
        return c ? c + 1 : NULL;
    }
    const char *c = strrchr(rest, ':');
    return c && strchr(c, '=') && !strchr(c, ' ') ? c + 1 : NULL;
}

static const agent_ops *ops_named(const char *spec)
{
    size_t len = strcspn(spec, ":");
    for (int i = 0; agent_registry[i]; i++)
        if (strlen(agent_registry[i]->name) == len && !strncmp(agent_registry[i]->name, spec, len))
            return agent_registry[i];
    return NULL;
}

/* A name= value: 1 to AGENT_NAME_MAX letters, digits and ._+- (it goes
 * into Markdown tables and a list's cells). */
static int name_ok(const char *v, size_t n)
{
    if (n == 0 || n > AGENT_NAME_MAX) return 0;
    for (size_t i = 0; i < n; i++)
        if (!isalnum((unsigned char)v[i]) && !strchr("._+-", v[i])) return 0;
    return 1;
}

/* name=NAME out of spec's parameters (into name; "" without one), the spec
 * without it into out[AGENT_SPEC_MAX] (its ':' dropped with its last
 * parameter).  0, or -1 with err. */
static int take_name(const agent_ops *ops, const char *spec, char *out, char *name, char *err, size_t errlen)
{
    name[0] = '\0';
    const char *colon = strchr(spec, ':'), *p = params_start(ops, colon ? colon + 1 : NULL);
    if (!p) {
        snprintf(out, AGENT_SPEC_MAX, "%s", spec);
        return 0;
    }
    size_t o = (size_t)(p - spec);
    memcpy(out, spec, o);
    out[o] = '\0';
    int kept = 0;
    for (const char *q = p; *q;) {
        size_t n = strcspn(q, ",");
        if (n >= 5 && !strncmp(q, "name=", 5)) {
            if (*name) {
                snprintf(err, errlen, "agent '%.200s': name= given twice", spec);
                return -1;
            }
            if (!name_ok(q + 5, n - 5)) {
                snprintf(err, errlen, "agent '%.200s': bad name '%.*s' (1 to %d letters, digits and ._+-)", spec,
                         (int)(n - 5 < 100 ? n - 5 : 100), q + 5, AGENT_NAME_MAX);
                return -1;
            }
            memcpy(name, q + 5, n - 5);
            name[n - 5] = '\0';
        } else {
            o += (size_t)snprintf(out + o, AGENT_SPEC_MAX - o, "%s%.*s", kept++ ? "," : "", (int)n, q);
        }
        q += n + (q[n] == ',');
    }
    if (!kept) out[p - spec - 1] = '\0'; /* no parameter left: no ':' before them */
    return 0;
}

int agent_spec_name(const char *spec, char *buf, size_t len)
{
    const agent_ops *ops = spec ? ops_named(spec) : NULL;
    char out[AGENT_SPEC_MAX], name[AGENT_NAME_MAX + 1], err[8];
    if (!ops || strlen(spec) >= AGENT_SPEC_MAX || take_name(ops, spec, out, name, err, sizeof err) || !*name) return 0;
    snprintf(buf, len, "%s", name);
    return 1;
}

const char *agent_name(agent *a)
{
    if (!a->ops) return NULL;
    if (a->name[0]) return a->name;
    const char *n = a->ops->own_name && a->data ? a->ops->own_name(a) : NULL;
    if (!n) return NULL;
    size_t len = strlen(n);
    if (!len || len > AGENT_NAME_MAX || n[0] == ' ' || n[len - 1] == ' ') return NULL;
    for (size_t i = 0; i < len; i++)
        if (!isprint((unsigned char)n[i]) || strchr(",|`", n[i])) return NULL;
    return n;
}

int agent_create(agent *a, const char *spec, char *err, size_t errlen)
{
    char name[64];
    if (!spec) {
        memset(a, 0, sizeof *a);
        if (err) snprintf(err, errlen, "no agent spec (NULL)");
        return -1;
    }
    const char *colon = strchr(spec, ':');
    size_t len = colon ? (size_t)(colon - spec) : strlen(spec);
    memset(a, 0, sizeof *a);
    if (len == 0 || len >= sizeof name || strlen(spec) >= AGENT_SPEC_MAX) {
        snprintf(err, errlen, "bad agent '%.200s'", spec);
        return -1;
    }
    memcpy(name, spec, len);
    name[len] = '\0';
    for (int i = 0; agent_registry[i]; i++) {
        if (strcmp(agent_registry[i]->name, name)) continue;
        a->ops = agent_registry[i];
        if (strlen(spec) < sizeof a->spec) strcpy(a->spec, spec);
        else snprintf(a->spec, sizeof a->spec, "%.*s...", (int)sizeof a->spec - 4, spec);
        seed_stream(a, &(jm_seed){0}, 0, 0);
        char params[AGENT_SPEC_MAX], bare[AGENT_SPEC_MAX];
        /* name= is the driver's, as forbid= is: the agent never sees it */
        if (take_name(a->ops, spec, bare, a->name, err, errlen)) return -1;
        colon = strchr(bare, ':');
        if (take_forbid(a, colon ? colon + 1 : "", params, err, errlen)) return -1;
        if (a->ops->create(a, params, err, errlen) == 0) return 0;
        agent_destroy(a); /* frees what create made before it failed */
        return -1;
    }
    snprintf(err, errlen, "unknown agent '%s'", name);
    return -1;
}

void agent_destroy(agent *a)
{
    if (a->ops && a->ops->destroy) a->ops->destroy(a);
    a->ops = NULL;
}

void agent_reset(agent *a, uint64_t seed, uint64_t game, int seat)
{
    agent_new_game(a, NULL, 0, seed, game, seat);
}

void agent_new_game(agent *a, const jm_rules *rules, int players, uint64_t seed, uint64_t game, int seat)
{
    agent_start(a, rules, players, &JM_SEED(seed), game, seat);
}

/* Two variant labels name the same game: the same file's bytes (its hash,
 * wherever the file lies) and fields; "" the base game. */
static int same_game(const char *a, const char *b)
{
    const char *ha = strchr(a, '@'), *hb = strchr(b, '@');
    return !strcmp(ha ? ha : a, hb ? hb : b);
}

/* An agent fitted to one game, seated on another: one line, once a
 * process and agent (the first seat to meet it says it). */
static void note_fitted(agent *a, const jm_rules *rules)
{
    static _Atomic unsigned said;
    char game[600];
    const char *fit = a->ops->fitted_on && a->data ? a->ops->fitted_on(a) : "";
    game[0] = '\0'; /* the base game's label: "" (no call on every game of a plain run) */
    if (rules->variant) jm_variant_label(rules->variant, game, sizeof game);
    if (same_game(fit, game)) return;
    if (!*fit && jm_board_same(rules->variant, 0)) return; /* a file that states the base game's tables */
    int k = 0;
    while (agent_registry[k] && agent_registry[k] != a->ops) k++;
    if (k >= 32 || (atomic_fetch_or(&said, 1u << k) >> k & 1)) return;
    fprintf(stderr, "jamaica: note: %s: %s %s%s, and this game is %s%s\n", a->ops->name, a->ops->fitted,
            *fit ? "the variant " : "the base game", fit, *game ? "the variant " : "the base game", game);
}

void agent_start(agent *a, const jm_rules *rules, int players, const jm_seed *seed, uint64_t game, int seat)
{
    seed_stream(a, seed, game, seat);
    if (rules && a->ops && a->ops->fitted) note_fitted(a, rules);
    if (a->ops && a->ops->new_game && a->data) a->ops->new_game(a, rules, players, game);
}

void agent_end_game(agent *a, const jm_state *s)
{
    if (a->ops && a->ops->end_game && a->data) a->ops->end_game(a, s);
}

const char *agent_fault(agent *a)
{
    return a->ops && a->ops->fault ? a->ops->fault(a) : "";
}

int agent_policy(agent *a, float *p, float *v)
{
    return a->ops && a->ops->policy && a->data ? a->ops->policy(a, p, v) : 0;
}

unsigned agent_faults(agent *a)
{
    return a->ops && a->ops->faults ? a->ops->faults(a) : 0;
}

/* Kept out of agent_choose() so that an agent without observations pays
 * nothing for the copy's frame. */
static __attribute__((noinline)) int choose_observed(agent *a, const jm_state *s, const int *legal, int n)
{
    jm_state obs;
    uint64_t seed = ((uint64_t)jm_pcg32_next(&a->rng) << 32) | jm_pcg32_next(&a->rng);
    if (a->sees == AGENT_SEES_VIEW) {
        jm_observe(s, jm_to_move(s), seed, &obs);
    } else { /* a reference agent: the true state, its future unknown (see=hands) or not (see=all) */
        obs = *s;
        if (a->sees == AGENT_SEES_HANDS) jm_reseed(&obs, seed);
    }
    return a->ops->choose(a, &obs, legal, n);
}

int agent_spec_sees(const char *spec)
{
    if (agent_spec_outside(spec)) return AGENT_SEES_VIEW; /* its own parameters, not ours */
    const char *p = strchr(spec, ':');
    for (; p; p = strchr(p + 1, ',')) {
        if (!strncmp(p + 1, "see=hands", 9) && (p[10] == ',' || !p[10])) return AGENT_SEES_HANDS;
        if (!strncmp(p + 1, "see=all", 7) && (p[8] == ',' || !p[8])) return AGENT_SEES_ALL;
    }
    return AGENT_SEES_VIEW;
}

int agent_choose(agent *a, const jm_state *s, const int *legal, int n)
{
    if (!a->ops || n < 1 || !legal) return -1; /* destroyed (or never made), or nothing to choose */
    int allowed[JM_MAX_ACTIONS];
    if (a->forbid && s) {
        n = restrict_filter(a->forbid, s, legal, n, allowed);
        legal = allowed;
        if (n == 1) return legal[0];
    }
    if (!a->ops->needs_obs) return a->ops->choose(a, NULL, legal, n);
    return choose_observed(a, s, legal, n);
}

int agent_probs(agent *a, int n, double *p)
{
    if (!a->ops || a->forbid || n < 2) return 0;
    if (a->ops->uniform) {
        for (int i = 0; i < n; i++) p[i] = 1.0 / n;
        return n;
    }
    if (!a->ops->probs) return 0;
    return a->ops->probs(a, p) == n ? n : 0;
}

int agent_spec_outside(const char *spec)
{
    const agent_ops *ops = ops_named(spec);
    return ops ? ops->sealed : 0;
}

void agent_seal_programs(const char *hide)
{
    if (hide) sandbox_hide(hide);
    else sandbox_seal();
}

int agent_check_lineup(const char *const *specs, int n, char *err, size_t errlen)
{
    int ref = -1, outside = -1;
    for (int i = 0; i < n; i++) {
        if (!specs[i]) continue;
        if (ref < 0 && agent_spec_sees(specs[i])) ref = i;
        if (outside < 0 && agent_spec_outside(specs[i])) outside = i;
    }
    if (ref < 0 || outside < 0) return 0;
    /* it would be handed the true state beside a program that may not */
    if (err && errlen)
        snprintf(err, errlen, "agent '%.100s' sees what a player may not (see=): a reference agent, for measurement "
                 "only, is refused beside an outside agent ('%.100s')", specs[ref], specs[outside]);
    return -1;
}

int agent_warn_seed(const jm_seed *seed, const char *spec)
{
    if ((seed->sealed && seed->secret) || !agent_spec_outside(spec)) return 0;
    fprintf(stderr,
            "jamaica: warning: agent '%.200s' plays from outside under a seed that was not drawn secretly: it can "
            "recover every hidden card and future die (run with --seed random or --seed-file FILE; docs/PROTOCOL.md, "
            "\"Sealed runs\")\n",
            spec);
    return 1;
}
