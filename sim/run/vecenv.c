/* vecenv.c - N games stepped by one call, for learners (see vecenv.h).
 *
 * The envs of a call are split over a pool of threads of its own, not
 * OpenMP's: between calls its workers poll for well under a millisecond
 * (SPIN: long enough for a caller that steps in a tight loop, whose next
 * call comes that soon) and then sleep on a condition variable, so a
 * learner that trains on the same cores between steps (torch) has them all.
 * OpenMP's default policy spins its idle threads far longer after each
 * parallel region, which on a busy machine took 8 of every 9 steps. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../agents/agent.h"
#include "cores.h"
#include "vecenv.h"

typedef struct env {
    jm_state s;
    uint64_t seed, game;           /* its seed, its game in play */
    uint64_t stride;               /* its next game is game + stride: N (one seed shared, env i
                                      plays games i, i + N, ...) or 1 (a seed of its own: games
                                      0, 1, 2, ..., as a one-game Env reset with that seed) */
    int acted;                     /* the seat whose action the last step applied */
    uint64_t legal[4];             /* the legal action ids of its decision, as bits */
    agent ag[JM_MAX_PLAYERS];      /* the seats that do not learn */
    char fault[256];               /* an opponent's failure, or "" */
} env;

/* One job at a time: fn over envs [0, n) in chunks of consecutive envs,
 * which the caller's thread and the workers claim one at a time.  The caller
 * starts at once and a worker joins when it wakes, so a worker that wakes
 * late (its core asleep, or taken by another process) delays the job by
 * less than its share; each env's result is the same whoever runs it. */
#define SPIN 20000 /* polls before sleeping: well under a millisecond */
#if defined(__x86_64__) || defined(__i386__)
#define RELAX() __builtin_ia32_pause()
#else
#define RELAX() ((void)0)
#endif

/* The ticket, one atomic word: the job's number (high 40 bits), its chunk
 * count (12 bits) and the next chunk to claim (12 bits), so that a claim
 * (one compare-and-swap) is always a chunk of the job in force. */
#define CH_BITS 12
#define CH_MAX ((1 << CH_BITS) - 1)
#define CHUNKS_PER_THREAD 16
static uint64_t t_job(uint64_t t) { return t >> (2 * CH_BITS); }
static int t_chunks(uint64_t t) { return (int)(t >> CH_BITS) & CH_MAX; }
static int t_next(uint64_t t) { return (int)t & CH_MAX; }

typedef struct pool {
    pthread_t *th;
    int size;                      /* threads, the caller's among them */
    pthread_mutex_t mu;
    pthread_cond_t go, fin;        /* a job to do; the job done */
    uint64_t ticket;               /* atomic */
    int done;                      /* the job's chunks finished (atomic) */
    int sleepers;                  /* workers waiting on go (atomic) */
    int waiting;                   /* the caller waits on fin (atomic) */
    int quit;
    void (*fn)(jm_vec *v, int i, void *arg);
    void *arg;
    int chunk;                     /* envs a chunk */
} pool;

struct jm_vec {
    int n, players, threads;
    unsigned learners;
    uint64_t seed;
    jm_rules rules;
    env *e;
    pool pool;
};

/* Claim and run chunks of the job in force until none is left. */
static void run_chunks(jm_vec *v)
{
    pool *p = &v->pool;
    uint64_t t = __atomic_load_n(&p->ticket, __ATOMIC_ACQUIRE);
    while (t_next(t) < t_chunks(t)) {
        if (!__atomic_compare_exchange_n(&p->ticket, &t, t + 1, 1, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) continue;
        /* the job cannot end before this chunk does: its fields stand */
        int lo = t_next(t) * p->chunk, hi = lo + p->chunk < v->n ? lo + p->chunk : v->n;
        for (int i = lo; i < hi; i++) p->fn(v, i, p->arg);
        if (__atomic_add_fetch(&p->done, 1, __ATOMIC_SEQ_CST) == t_chunks(t) &&
            __atomic_load_n(&p->waiting, __ATOMIC_SEQ_CST)) {
            pthread_mutex_lock(&p->mu);
            pthread_cond_signal(&p->fin);
            pthread_mutex_unlock(&p->mu);
        }
        t = __atomic_load_n(&p->ticket, __ATOMIC_ACQUIRE);
    }
}

static void *work(void *arg)
{
    jm_vec *v = arg;
    pool *p = &v->pool;
    uint64_t seen = 0;
    for (;;) {
        for (int k = 0; k < SPIN && t_job(__atomic_load_n(&p->ticket, __ATOMIC_ACQUIRE)) == seen; k++) RELAX();
        if (t_job(__atomic_load_n(&p->ticket, __ATOMIC_ACQUIRE)) == seen) {
            pthread_mutex_lock(&p->mu);
            __atomic_add_fetch(&p->sleepers, 1, __ATOMIC_SEQ_CST);
            while (t_job(__atomic_load_n(&p->ticket, __ATOMIC_SEQ_CST)) == seen && !p->quit)
                pthread_cond_wait(&p->go, &p->mu);
            __atomic_sub_fetch(&p->sleepers, 1, __ATOMIC_SEQ_CST);
            int quit = p->quit;
            pthread_mutex_unlock(&p->mu);
            if (quit) return NULL;
        }
        seen = t_job(__atomic_load_n(&p->ticket, __ATOMIC_ACQUIRE));
        run_chunks(v);
    }
}

/* fn(v, i, arg) for every env i, over the pool; returns when all are done. */
static void for_each_env(jm_vec *v, void (*fn)(jm_vec *v, int i, void *arg), void *arg)
{
    pool *p = &v->pool;
    if (p->size <= 1) {
        for (int i = 0; i < v->n; i++) fn(v, i, arg);
        return;
    }
    int chunks = p->size * CHUNKS_PER_THREAD;
    if (chunks > v->n) chunks = v->n;
    if (chunks > CH_MAX) chunks = CH_MAX;
    p->chunk = (v->n + chunks - 1) / chunks;
    chunks = (v->n + p->chunk - 1) / p->chunk;
    p->fn = fn;
    p->arg = arg;
    __atomic_store_n(&p->done, 0, __ATOMIC_RELAXED);
    uint64_t job = t_job(__atomic_load_n(&p->ticket, __ATOMIC_RELAXED)) + 1;
    __atomic_store_n(&p->ticket, job << (2 * CH_BITS) | (uint64_t)chunks << CH_BITS, __ATOMIC_SEQ_CST);
    if (__atomic_load_n(&p->sleepers, __ATOMIC_SEQ_CST)) {
        pthread_mutex_lock(&p->mu);
        pthread_cond_broadcast(&p->go);
        pthread_mutex_unlock(&p->mu);
    }
    run_chunks(v);
    /* the chunks still running on workers */
    for (int k = 0; k < SPIN && __atomic_load_n(&p->done, __ATOMIC_ACQUIRE) != chunks; k++) RELAX();
    if (__atomic_load_n(&p->done, __ATOMIC_ACQUIRE) != chunks) {
        pthread_mutex_lock(&p->mu);
        __atomic_store_n(&p->waiting, 1, __ATOMIC_SEQ_CST);
        while (__atomic_load_n(&p->done, __ATOMIC_SEQ_CST) != chunks) pthread_cond_wait(&p->fin, &p->mu);
        __atomic_store_n(&p->waiting, 0, __ATOMIC_SEQ_CST);
        pthread_mutex_unlock(&p->mu);
    }
}

/* Start the workers (threads - 1 of them, never more than envs): 0, or -1. */
static int pool_start(jm_vec *v)
{
    pool *p = &v->pool;
    int size = v->threads < v->n ? v->threads : v->n;
    p->size = 1;
    if (size <= 1) return 0;
    p->th = calloc((size_t)size, sizeof *p->th);
    if (!p->th) return -1;
    pthread_mutex_init(&p->mu, NULL);
    pthread_cond_init(&p->go, NULL);
    pthread_cond_init(&p->fin, NULL);
    for (int t = 1; t < size; t++) {
        if (pthread_create(&p->th[t], NULL, work, v)) return -1;
        p->size = t + 1;
    }
    return 0;
}

static void pool_stop(jm_vec *v)
{
    pool *p = &v->pool;
    if (!p->th) return;
    pthread_mutex_lock(&p->mu);
    p->quit = 1;
    pthread_cond_broadcast(&p->go);
    pthread_mutex_unlock(&p->mu);
    for (int t = 1; t < p->size; t++) pthread_join(p->th[t], NULL);
    free(p->th);
    p->th = NULL;
    pthread_mutex_destroy(&p->mu);
    pthread_cond_destroy(&p->go);
    pthread_cond_destroy(&p->fin);
    p->size = 1;
}

void jm_vec_free(jm_vec *v)
{
    if (!v) return;
    pool_stop(v);
    if (v->e)
        for (int i = 0; i < v->n; i++)
            for (int p = 0; p < v->players; p++)
                if (!((v->learners >> p) & 1u)) agent_destroy(&v->e[i].ag[p]);
    free(v->e);
    free(v);
}

jm_vec *jm_vec_new(int n, int players, const char *rules, const char *opponents, unsigned learners,
                   uint64_t seed, int threads, char *err, size_t errlen)
{
    if (n < 1 || n > (1 << 20)) {
        snprintf(err, errlen, "num_envs must be 1 to %d, not %d", 1 << 20, n);
        return NULL;
    }
    if (players < 2 || players > JM_MAX_PLAYERS) {
        snprintf(err, errlen, "players must be 2 to 6, not %d", players);
        return NULL;
    }
    if (!learners) learners = 1;
    if (learners >> players) {
        snprintf(err, errlen, "learning seats must be seats of %d players (mask %#x)", players, learners);
        return NULL;
    }
    if (threads < 0 || threads > 1024) {
        snprintf(err, errlen, "threads must be 0 (all) to 1024, not %d", threads);
        return NULL;
    }
    int all = learners == (1u << players) - 1;
    if (!all && (!opponents || !*opponents)) {
        snprintf(err, errlen, "seats that do not learn need an opponent agent");
        return NULL;
    }
    const char *seated[JM_MAX_PLAYERS];
    for (int p = 0; p < players; p++) seated[p] = (learners >> p) & 1u ? NULL : opponents;
    if (agent_check_lineup(seated, players, err, errlen)) return NULL;
    jm_vec *v = calloc(1, sizeof *v);
    if (!v) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    v->n = n;
    v->players = players;
    v->learners = learners;
    v->seed = seed;
    v->threads = threads ? threads : run_cores(); /* its own pool: the same with or without OpenMP */
    if (jm_rules_parse(&v->rules, rules ? rules : "2021", err, errlen)) {
        free(v);
        return NULL;
    }
    jm_state probe;
    if (jm_init(&probe, &v->rules, players, seed, 0, NULL, err, errlen)) {
        free(v);
        return NULL;
    }
    v->e = calloc((size_t)n, sizeof *v->e);
    if (!v->e) {
        snprintf(err, errlen, "out of memory for %d environments", n);
        free(v);
        return NULL;
    }
    for (int i = 0; i < n; i++)
        for (int p = 0; p < players; p++) {
            if ((learners >> p) & 1u) continue;
            char why[400];
            if (agent_create(&v->e[i].ag[p], opponents, why, sizeof why)) {
                snprintf(err, errlen, "%s", why);
                v->n = i + 1; /* the agents made so far; the rest are zero (nothing to destroy) */
                jm_vec_free(v);
                return NULL;
            }
        }
    for (int i = 0; i < n; i++) v->e[i].seed = seed, v->e[i].stride = (uint64_t)n, v->e[i].game = (uint64_t)i - (uint64_t)n;
    if (pool_start(v)) {
        snprintf(err, errlen, "cannot start %d threads", v->threads);
        jm_vec_free(v);
        return NULL;
    }
    return v;
}

/* Play env e on to a learner's decision with two or more actions, or the
 * end: single actions taken, other seats by their agents.  0, or -1 with
 * e->fault when an opponent failed. */
static int advance(const jm_vec *v, env *e)
{
    int legal[JM_MAX_ACTIONS];
    while (!jm_over(&e->s)) {
        int n = jm_legal(&e->s, legal), seat = jm_to_move(&e->s), a = legal[0];
        if (n > 1) {
            if (seat < v->players && ((v->learners >> seat) & 1u)) return 0;
            agent *ag = &e->ag[seat];
            a = agent_choose(ag, &e->s, legal, n);
            if (a < 0) {
                snprintf(e->fault, sizeof e->fault, "agent '%s' in seat %d failed in game %llu: %s", ag->spec, seat,
                         (unsigned long long)e->game, agent_fault(ag));
                return -1;
            }
        }
        if (jm_apply(&e->s, a, NULL) != JM_OK) {
            snprintf(e->fault, sizeof e->fault, "seat %d's agent chose an illegal action %d in game %llu", seat, a,
                     (unsigned long long)e->game);
            return -1;
        }
    }
    return 0;
}

/* Start env i's game g and play to its first learner decision. */
static int start(const jm_vec *v, env *e, uint64_t g)
{
    char err[200];
    e->game = g;
    if (jm_init(&e->s, &v->rules, v->players, e->seed, g, NULL, err, sizeof err)) {
        snprintf(e->fault, sizeof e->fault, "%s", err);
        return -1;
    }
    for (int p = 0; p < v->players; p++)
        if (!((v->learners >> p) & 1u)) agent_new_game(&e->ag[p], &v->rules, v->players, e->seed, g, p);
    return advance(v, e);
}

_Static_assert(JM_ACTION_IDS <= 4 * 64, "env.legal holds every id");

static int id_legal(const env *e, int32_t id)
{
    return id >= 0 && id < JM_ACTION_IDS && ((e->legal[id >> 6] >> (id & 63)) & 1u);
}

/* Row i of out: the encoding and mask for the seat to move, and the game;
 * the legal ids kept in e for the next step's check. */
static void observe(const jm_vec *v, env *e, int i, const jm_vec_out *out)
{
    int seat = jm_to_move(&e->s);
    if (seat < 0 || seat >= v->players) seat = 0; /* only if a game could not go on */
    jm_encode(&e->s, seat, out->obs + (size_t)i * JM_OBS_SIZE);
    uint8_t *mask = out->mask + (size_t)i * JM_ACTION_IDS;
    int codes[JM_MAX_ACTIONS], n = jm_legal(&e->s, codes), kind = jm_decision(&e->s);
    memset(mask, 0, JM_ACTION_IDS);
    memset(e->legal, 0, sizeof e->legal);
    for (int k = 0; k < n; k++) {
        int id = jm_action_id_of(kind, codes[k]);
        mask[id] = 1;
        e->legal[id >> 6] |= (uint64_t)1 << (id & 63);
    }
    if (out->legal) { /* the ids in increasing order, then -1 */
        int16_t *l = out->legal + (size_t)i * JM_MAX_ACTIONS;
        int k = 0;
        for (int w = 0; w < 4; w++)
            for (uint64_t b = e->legal[w]; b; b &= b - 1) l[k++] = (int16_t)(64 * w + __builtin_ctzll(b));
        for (; k < JM_MAX_ACTIONS; k++) l[k] = -1;
    }
    if (out->nlegal) out->nlegal[i] = n;
    if (out->current) {
        jm_score sc[JM_MAX_SHIPS];
        jm_scores(&e->s, sc);
        for (int p = 0; p < v->players; p++) out->current[(size_t)i * v->players + p] = sc[p].total;
    }
    out->to_move[i] = seat;
    if (out->game) out->game[i] = (int64_t)e->game;
}

/* The ended game of env i into its rows of reward, scores and the flags. */
static void finish(const jm_vec *v, env *e, int i, const jm_vec_out *out)
{
    if (out->final_obs) jm_encode(&e->s, e->acted, out->final_obs + (size_t)i * JM_OBS_SIZE);
    jm_score sc[JM_MAX_SHIPS];
    int k = jm_scores(&e->s, sc);
    for (int p = 0; p < v->players; p++) {
        out->reward[(size_t)i * v->players + p] = sc[p].winner && k ? 1.0f / (float)k : 0.0f;
        out->scores[(size_t)i * v->players + p] = sc[p].total;
    }
    for (int p = 0; p < v->players; p++)
        if (!((v->learners >> p) & 1u)) agent_end_game(&e->ag[p], &e->s);
    int capped = jm_capped(&e->s);
    out->terminated[i] = !capped;
    out->truncated[i] = (uint8_t)capped;
}

static void clear_row(const jm_vec *v, int i, const jm_vec_out *out)
{
    for (int p = 0; p < v->players; p++) {
        out->reward[(size_t)i * v->players + p] = 0;
        out->scores[(size_t)i * v->players + p] = 0;
    }
    out->terminated[i] = out->truncated[i] = 0;
}

/* The first fault of any env (in env order), into err: -1; else 0. */
static int faults(const jm_vec *v, char *err, size_t errlen)
{
    for (int i = 0; i < v->n; i++)
        if (v->e[i].fault[0]) {
            snprintf(err, errlen, "env %d: %s", i, v->e[i].fault);
            return -1;
        }
    return 0;
}

typedef struct call {
    const jm_vec_out *out;
    const int32_t *actions;
    const uint64_t *seeds;         /* reset: env i's seed (NULL: each env's next game) */
    int from_zero;                 /* reset: game i of the seed */
} call;

static void reset_one(jm_vec *v, int i, void *arg)
{
    const call *c = arg;
    env *e = &v->e[i];
    uint64_t g = (uint64_t)i;
    if (c->seeds) e->seed = c->seeds[i], e->stride = 1, g = 0;
    else if (c->from_zero) e->stride = (uint64_t)v->n;
    else g = e->game + e->stride;
    e->fault[0] = '\0';
    start(v, e, g);
    clear_row(v, i, c->out);
    observe(v, e, i, c->out);
}

int jm_vec_reset(jm_vec *v, uint64_t seed, const jm_vec_out *out, char *err, size_t errlen)
{
    v->seed = seed;
    for (int i = 0; i < v->n; i++) v->e[i].seed = seed;
    call c = {.out = out, .from_zero = 1};
    for_each_env(v, reset_one, &c);
    return faults(v, err, errlen) ? JM_EARG : JM_OK;
}

int jm_vec_reset_each(jm_vec *v, const uint64_t *seeds, const jm_vec_out *out, char *err, size_t errlen)
{
    call c = {.out = out, .seeds = seeds};
    for_each_env(v, reset_one, &c);
    return faults(v, err, errlen) ? JM_EARG : JM_OK;
}

static void step_one(jm_vec *v, int i, void *arg)
{
    const call *c = arg;
    env *e = &v->e[i];
    int code;
    if (c->actions[i] == JM_VEC_WAIT) { /* this env stays: its row again, nothing ended */
        clear_row(v, i, c->out);
        observe(v, e, i, c->out);
        return;
    }
    e->acted = jm_to_move(&e->s);
    jm_action_id_kind(c->actions[i], &code); /* legal (jm_vec_step checked): of the decision's kind */
    jm_apply(&e->s, code, NULL);
    clear_row(v, i, c->out);
    if (advance(v, e) == 0 && jm_over(&e->s)) {
        finish(v, e, i, c->out);
        start(v, e, e->game + e->stride);
    }
    observe(v, e, i, c->out);
}

int jm_vec_step(jm_vec *v, const int32_t *actions, const jm_vec_out *out, char *err, size_t errlen)
{
    for (int i = 0; i < v->n; i++) {
        const env *e = &v->e[i];
        if (jm_over(&e->s) || e->fault[0]) {
            snprintf(err, errlen, "env %d cannot go on (%s): reset first", i, e->fault[0] ? e->fault : "its game is over");
            return JM_EARG;
        }
        if (actions[i] != JM_VEC_WAIT && !id_legal(e, actions[i])) {
            snprintf(err, errlen, "env %d: action id %d is not legal for its %s decision (no game moved)", i,
                     (int)actions[i], jm_decision_name(jm_decision(&e->s)));
            return JM_EILLEGAL;
        }
    }
    call c = {.out = out, .actions = actions};
    for_each_env(v, step_one, &c);
    return faults(v, err, errlen) ? JM_EARG : JM_OK;
}

void jm_vec_privileged(const jm_vec *v, float *out)
{
    for (int i = 0; i < v->n; i++)
        for (int p = 0; p < v->players; p++)
            jm_encode(&v->e[i].s, p, out + ((size_t)i * (size_t)v->players + (size_t)p) * JM_OBS_SIZE);
}

const jm_state *jm_vec_state(const jm_vec *v, int i)
{
    return v && i >= 0 && i < v->n ? &v->e[i].s : NULL;
}

int jm_vec_size(const jm_vec *v)
{
    return v->n;
}

int jm_vec_threads(const jm_vec *v)
{
    return v->threads;
}

int jm_vec_players(const jm_vec *v)
{
    return v->players;
}
