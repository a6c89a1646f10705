/* vfit.c - the games a fitted value function learns from (see vfit.h). */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "../../agents/vfeat.h"
#include "luck.h"
#include "vfit.h"

#define BLOCK 256 /* games a block */

/* One game's records, as the file has them. */
typedef struct records {
    unsigned char *b;
    size_t n, cap, size; /* records, room, bytes a record */
} records;

static unsigned char *room(records *r)
{
    if (r->n == r->cap) {
        size_t cap = r->cap ? 2 * r->cap : 64;
        unsigned char *b = realloc(r->b, cap * r->size);
        if (!b) return NULL;
        r->b = b;
        r->cap = cap;
    }
    return r->b + r->n++ * r->size;
}

/* Whether the state after node k of game g is kept: one in `keep`, by a
 * hash of the two, so the kept states spread over the game. */
static int kept(uint64_t g, uint64_t k, int keep)
{
    return jm_mix64(g * 0x9e3779b97f4a7c15ULL + k) % (uint64_t)keep == 0;
}

/* A game being recorded: its records, and every term of its corrections
 * (each ship's mean and drawn value), so that each kept state's target can
 * be made at the end; a record's target slots hold its term's index. */
typedef struct term {
    float mean[JM_MAX_SHIPS], drawn[JM_MAX_SHIPS];
} term;
typedef struct taping {
    const vfit_cfg *c;
    uint64_t game, node;
    int ships;
    records *r;
    term *terms;
    size_t nterms, cap;
    int oom;
} taping;

static void tap(void *ctx, const jm_state *s, const double *mean, const double *drawn)
{
    taping *t = ctx;
    if (t->oom) return;
    if (t->nterms == t->cap) {
        size_t cap = t->cap ? 2 * t->cap : 256;
        term *m = realloc(t->terms, cap * sizeof *m);
        if (!m) {
            t->oom = 1;
            return;
        }
        t->terms = m;
        t->cap = cap;
    }
    term *e = &t->terms[t->nterms++];
    for (int i = 0; i < JM_MAX_SHIPS; i++) {
        e->mean[i] = (float)mean[i];
        e->drawn[i] = (float)drawn[i];
    }
    if (!s || !kept(t->game, t->node++, t->c->keep)) return; /* a decision's term: no state */
    unsigned char *p = room(t->r);
    if (!p) {
        t->oom = 1;
        return;
    }
    float *y = (float *)(p + (size_t)t->ships * VF_SIZE), at = (float)(t->nterms - 1);
    for (int k = 0; k < t->ships; k++) {
        vf_ship(s, k < jm_players(s) ? k : JM_GHOST, p + (size_t)k * VF_SIZE);
        memcpy(y + k, &at, sizeof at);
    }
}

/* Every ship an equal share: corrections of 0, the targets the outcome. */
static void flat_value(void *ctx, const jm_state *s, double *share)
{
    (void)ctx;
    for (int i = 0; i < JM_MAX_SHIPS; i++) share[i] = jm_in_play(s, i) ? 1.0 / jm_ships(s) : 0;
}

/* The targets: TD(lambda)'s return of each term's state, backwards from
 * the game's share y: G_last = y; G_i = mean_{i+1} + lambda (G_{i+1} -
 * drawn_{i+1}) (lambda 1: y plus every later correction; 0: the next
 * node's mean), into t->terms[i].drawn, ship by ship. */
static void returns(taping *t, const float *y, double lambda)
{
    float g[JM_MAX_SHIPS], mean[JM_MAX_SHIPS], drawn[JM_MAX_SHIPS];
    for (size_t i = t->nterms; i-- > 0;) {
        term *e = &t->terms[i];
        for (int k = 0; k < JM_MAX_SHIPS; k++)
            g[k] = i + 1 == t->nterms ? y[k] : mean[k] + (float)lambda * (g[k] - drawn[k]);
        memcpy(mean, e->mean, sizeof mean);
        memcpy(drawn, e->drawn, sizeof drawn);
        memcpy(e->drawn, g, sizeof g); /* term i's return, in the slot of its drawn value */
    }
}

/* Game g, its kept states into r with their targets.  0, or -1 with err. */
static int play_game(const vfit_cfg *c, uint64_t g, agent *ag, int ships, records *r, char *err, size_t errlen)
{
    int np = c->players, legal[JM_MAX_ACTIONS], n;
    agent *seat[JM_MAX_PLAYERS];
    for (int i = 0; i < np; i++) {
        seat[i] = &ag[(uint64_t)(i + (int)(g % (uint64_t)np)) % (uint64_t)np];
        agent_start(seat[i], &c->rules, np, &c->seed, g, i);
    }
    value_fn flat = {.kind = VALUE_CALL, .call = flat_value};
    const value_fn *v = c->value ? c->value : &flat;
    taping t = {.c = c, .game = g, .ships = ships, .r = r};
    luck_game lg;
    memset(&lg, 0, sizeof lg);
    lg.after = tap;
    lg.ctx = &t;
    r->n = 0;
    jm_state s;
    luck_setup(v, &c->rules, np, &c->seed, g, NULL, &s, &lg);
    while ((n = jm_legal(&s, legal)) > 0) {
        agent *who = seat[jm_to_move(&s)];
        int a = n > 1 ? agent_choose(who, &s, legal, n) : legal[0];
        if (a < 0) {
            free(t.terms);
            snprintf(err, errlen, "agent '%s' failed in game %llu: %s", who->spec, (unsigned long long)g,
                     agent_fault(who));
            return -1;
        }
        luck_step(v, &s, a, NULL, &lg);
    }
    if (t.oom) {
        free(t.terms);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    jm_score sc[JM_MAX_SHIPS];
    int winners = jm_scores(&s, sc);
    float y[JM_MAX_SHIPS];
    for (int k = 0; k < JM_MAX_SHIPS; k++) y[k] = sc[k].winner ? 1.0f / (float)winners : 0.0f;
    returns(&t, y, c->lambda);
    for (size_t i = 0; i < r->n; i++) {
        float *slot = (float *)(r->b + i * r->size + (size_t)ships * VF_SIZE), at;
        memcpy(&at, slot, sizeof at);
        const term *e = &t.terms[(size_t)at];
        for (int k = 0; k < ships; k++) memcpy(slot + k, &e->drawn[k < np ? k : JM_GHOST], sizeof(float));
    }
    free(t.terms);
    return 0;
}

static void header(const vfit_cfg *c, int ships, FILE *f)
{
    fprintf(f, "{\"format\": \"jamaica-vfit\", \"version\": 1, \"features\": %d, \"ships\": %d, \"players\": %d, "
               "\"games\": %llu, \"targets\": \"%s\", \"scales\": [",
            VF_SIZE, ships, c->players, (unsigned long long)c->games, c->value ? "returns" : "shares");
    for (int k = 0; k < VF_SIZE; k++) fprintf(f, "%s%g", k ? ", " : "", (double)vf_scale[k]);
    fputs("]}\n", f);
}

int vfit_collect(const vfit_cfg *c, FILE *f, uint64_t *samples, volatile sig_atomic_t *stop, char *err,
                 size_t errlen)
{
    int np = c->players, nt = c->threads, failed = 0, rc = 0;
    jm_state probe;
    jm_init_seed(&probe, &c->rules, np, &c->seed, 0, NULL, NULL, 0);
    int ships = jm_ships(&probe);
    size_t size = (size_t)ships * VF_SIZE + (size_t)ships * sizeof(float);
    agent(*ag)[JM_MAX_PLAYERS] = calloc((size_t)nt, sizeof *ag);
    records *per = calloc(BLOCK, sizeof *per);
    *samples = 0;
    if (!ag || !per) {
        snprintf(err, errlen, "out of memory");
        rc = -1;
        goto done;
    }
    for (int t = 0; t < nt; t++)
        for (int p = 0; p < np; p++)
            if (agent_create(&ag[t][p], c->specs[p], err, errlen)) {
                rc = -1;
                goto done;
            }
    for (int i = 0; i < BLOCK; i++) per[i].size = size;
    header(c, ships, f);
    time_t start = time(NULL), last = start;
    for (uint64_t b = 0; b < c->games && !failed; b += BLOCK) {
        if (stop && *stop) {
            rc = 1;
            break;
        }
        int nb = c->games - b < BLOCK ? (int)(c->games - b) : BLOCK;
#pragma omp parallel for num_threads(nt) schedule(dynamic, 1)
        for (int i = 0; i < nb; i++) {
            char why[512] = "";
#ifdef _OPENMP
            int tid = omp_get_thread_num();
#else
            int tid = 0;
#endif
            if (play_game(c, c->first_game + b + (uint64_t)i, ag[tid], ships, &per[i], why, sizeof why)) {
#pragma omp critical(vfit_fault)
                if (!failed) {
                    failed = 1;
                    snprintf(err, errlen, "%s", why);
                }
            }
        }
        for (int i = 0; i < nb && !failed; i++) {
            if (per[i].n && fwrite(per[i].b, size, per[i].n, f) != per[i].n) {
                failed = 1;
                snprintf(err, errlen, "a write failed");
            }
            *samples += per[i].n;
        }
        time_t now = time(NULL);
        if (c->progress && now - last >= 5) {
            fprintf(stderr, "luck fit: %d players, %llu of %llu games, %llu states, %lld s\n", np,
                    (unsigned long long)(b + (uint64_t)nb), (unsigned long long)c->games,
                    (unsigned long long)*samples, (long long)(now - start));
            last = now;
        }
    }
    if (failed) rc = -1;
done:
    for (int t = 0; ag && t < nt; t++)
        for (int p = 0; p < np; p++)
            if (ag[t][p].ops) agent_destroy(&ag[t][p]);
    for (int i = 0; per && i < BLOCK; i++) free(per[i].b);
    free(per);
    free(ag);
    return rc;
}
