/*
 * sim.c - the harness (see sim.h).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "../agents/agent.h"
#include "../analysis/stats.h"
#include "cli.h"
#include "csv.h"
#include "outfile.h"
#include "play.h"
#include "sim.h"
#include "summary.h"
#include "trace.h"

#define BLOCK 2048            /* games per parallel block */

/* ---------------------------------------------------------------- agents */

int sim_split_agents(const char *list, char specs[][SIM_SPEC_LEN], int max, int *count, char *err,
                     size_t errlen)
{
    char buf[1024];
    int n = 0;
    if (strlen(list) >= sizeof buf) {
        snprintf(err, errlen, "agent list too long (%zu characters; at most %zu)", strlen(list), sizeof buf - 1);
        return -1;
    }
    if (!*list) {
        snprintf(err, errlen, "empty agent list");
        return -1;
    }
    strcpy(buf, list);
    /* A token with '=' and no ':' continues the parameters of the agent
     * before it ("mcts:iters=9,c=0.7"; "random,x=1" is random:x=1); agent
     * names never hold '='. */
    for (char *tok = buf, *next; tok; tok = next) {
        next = strchr(tok, ',');
        if (next) *next++ = '\0';
        if (!*tok) {
            snprintf(err, errlen, "empty item in agent list '%s' (two commas, or one at an end)", list);
            return -1;
        }
        if (strchr(tok, '=') && !strchr(tok, ':')) {
            if (n == 0) {
                snprintf(err, errlen, "parameter '%s' with no agent before it in '%s'", tok, list);
                return -1;
            }
            if (n > max) continue; /* counted already; too many agents */
            char *prev = specs[n - 1];
            size_t len = strlen(prev);
            if (len + 1 + strlen(tok) >= SIM_SPEC_LEN) goto toolong;
            prev[len] = strchr(prev, ':') ? ',' : ':';
            strcpy(prev + len + 1, tok);
            continue;
        }
        if (strlen(tok) >= SIM_SPEC_LEN) goto toolong;
        if (n < max) strcpy(specs[n], tok);
        n++;
    }
    *count = n;
    if (n > max) return 0;
    for (int i = 0; i < n; i++) {
        agent a;
        if (agent_create(&a, specs[i], err, errlen)) return -1;
        agent_destroy(&a);
    }
    return 0;
toolong:
    snprintf(err, errlen, "an agent spec in '%s' is too long (at most %d characters)", list, SIM_SPEC_LEN - 1);
    return -1;
}

int sim_parse_agents(const char *list, int players, char specs[][SIM_SPEC_LEN], char *err, size_t errlen)
{
    char got[JM_MAX_PLAYERS][SIM_SPEC_LEN];
    int n;
    if (sim_split_agents(list, got, JM_MAX_PLAYERS, &n, err, errlen)) return -1;
    if (n != 1 && n != players) {
        snprintf(err, errlen, "--agents '%s' names %d agents for %d players (give one, or one per seat)", list,
                 n, players);
        return -1;
    }
    for (int i = 0; i < players; i++) strcpy(specs[i], got[n == 1 ? 0 : i]);
    return 0;
}

/* ---------------------------------------------------------------- one game */

typedef struct counts {
    uint16_t won[JM_MAX_SHIPS], lost[JM_MAX_SHIPS], shortages[JM_MAX_SHIPS], battles;
    trace_out *hash;             /* NULL, or where the trace hash is kept */
} counts;

static void count_event(void *ctx, const jm_event *ev)
{
    counts *c = ctx;
    if (c->hash) trace_event(c->hash, ev);
    if (ev->type == JM_EV_BATTLE) {
        c->battles++;
        int w = ev->v[JM_V_BATTLE_WINNER];
        if (w < 0) return;
        int l = w == ev->ship ? ev->v[JM_V_BATTLE_DEFENDER] : ev->ship;
        c->won[w]++;
        c->lost[l]++;
    } else if (ev->type == JM_EV_SHORTAGE) {
        c->shortages[ev->ship]++;
    }
}

int sim_nspecs(const sim_config *c)
{
    return c->nspecs ? c->nspecs : c->players;
}

int sim_agent_slots(const sim_config *c)
{
    return c->nseatings ? c->players * sim_nspecs(c) : sim_nspecs(c);
}

int sim_agent_slot(const sim_config *c, int seat, int spec)
{
    return c->nseatings ? seat * sim_nspecs(c) + spec : spec;
}

void sim_share(int nb, int rank, int size, int *lo, int *hi)
{
    *lo = (int)((int64_t)nb * rank / size);
    *hi = (int)((int64_t)nb * (rank + 1) / size);
}

int sim_spec_of_seat(const sim_config *c, int seat, uint64_t u)
{
    if (c->nseatings) return c->seating[u % (uint64_t)c->nseatings][seat];
    return c->rotate ? (int)((seat + u % (uint64_t)c->players) % (uint64_t)c->players) : seat;
}

void sim_play_game(const sim_config *c, struct agent *const *agents, uint64_t u, sim_game *r,
                   sim_timing *const *timing, int hashing)
{
    int np = c->players;
    uint64_t g = c->nseatings ? u / (uint64_t)c->nseatings : u;
    agent *seats[JM_MAX_PLAYERS];
    play_stats st;
    memset(&st, 0, sizeof st);
    for (int i = 0; i < np; i++) {
        int k = sim_spec_of_seat(c, i, u);
        seats[i] = agents[sim_agent_slot(c, i, k)];
        st.timing[i] = timing ? timing[k] : NULL;
        agent_reset(seats[i], c->seed, g, i);
    }
    counts cn;
    memset(&cn, 0, sizeof cn);
    /* The trace hash costs a little per event: only when asked. */
    trace_out hash = {.f = NULL, .hash = JM_HASH_INIT};
    if (hashing) cn.hash = &hash;
    jm_tracer tr = {count_event, &cn, hashing ? 0 : 1u << JM_EV_BATTLE | 1u << JM_EV_SHORTAGE};
    jm_state s;
    jm_init(&s, &c->rules, np, c->seed, g, &tr, NULL, 0);
    sim_play(&s, seats, &tr, &st);
    jm_score sc[JM_MAX_SHIPS];
    memset(r, 0, sizeof *r);
    r->game = g;
    r->seating = (uint16_t)(c->nseatings ? u % (uint64_t)c->nseatings : 0);
    r->battles = cn.battles;
    r->decisions = (uint32_t)st.decisions;
    r->trace_hash = hashing ? hash.hash : 0;
    r->rounds = (int16_t)jm_round(&s);
    r->first_captain = (int8_t)jm_first_captain(&s);
    r->capped = (int8_t)jm_capped(&s);
    r->nwin = (int8_t)jm_scores(&s, sc);
    int ns = jm_ships(&s);
    for (int k = 0; k < ns; k++) {
        int ship = k < np ? k : JM_GHOST;
        sim_seat *o = &r->seat[k];
        o->agent = (int8_t)(k < np ? sim_spec_of_seat(c, k, u) : -1);
        o->rank = (int8_t)sc[ship].rank;
        o->winner = (int8_t)sc[ship].winner;
        o->finished = (int8_t)jm_finished(&s, ship);
        o->score = (int16_t)sc[ship].total;
        o->space = (int16_t)sc[ship].space;
        o->gold = (int16_t)sc[ship].gold;
        o->treasure = (int16_t)sc[ship].treasure;
        o->battles_won = cn.won[ship];
        o->battles_lost = cn.lost[ship];
        o->shortages = cn.shortages[ship];
    }
}

/* ---------------------------------------------------------------- tallies */

typedef struct tallies {
    sim_tally agent[SIM_MAX_AGENTS], seat[JM_MAX_PLAYERS], offset[JM_MAX_PLAYERS], ghost, all;
    int agent_of_spec[SIM_MAX_AGENTS]; /* distinct agent index of each spec */
    int nagents;
} tallies;

static void tally_add(sim_tally *t, const sim_game *r, const sim_seat *s)
{
    t->n++;
    t->wins += s->winner ? (uint64_t)(SUMMARY_WIN_UNIT / r->nwin) : 0;
    t->capped += (uint64_t)r->capped;
    t->rounds += (uint64_t)r->rounds;
    t->score += s->score;
}

static void tally_game(tallies *ts, const sim_config *c, const sim_game *r)
{
    int np = c->players;
    for (int k = 0; k < np; k++) {
        const sim_seat *s = &r->seat[k];
        tally_add(&ts->agent[ts->agent_of_spec[(int)s->agent]], r, s);
        tally_add(&ts->seat[k], r, s);
        tally_add(&ts->offset[(k - r->first_captain + np) % np], r, s);
    }
    if (jm_has_ghost_rules(&c->rules, np)) tally_add(&ts->ghost, r, &r->seat[np]);
    ts->all.n++;
    ts->all.capped += (uint64_t)r->capped;
    ts->all.rounds += (uint64_t)r->rounds;
}

static void write_summary(FILE *f, const sim_config *c, const tallies *ts, const char *rules_q,
                          const char (*specs_q)[CSV_QUOTED_SPEC])
{
    char key[16];
    summary_run run = {.seed = c->seed, .games_total = ts->all.n, .first_game = c->first_game,
                       .players = c->players, .rotate = c->rotate, .rules_q = rules_q};
    fputs(summary_header, f);
    summary_row(f, &run, "all", "all", &ts->all, 0);
    for (int a = 0; a < ts->nagents; a++) {
        int k = 0;
        while (ts->agent_of_spec[k] != a) k++;
        summary_row(f, &run, "agent", specs_q[k], &ts->agent[a], 1);
    }
    for (int i = 0; i < c->players; i++) {
        snprintf(key, sizeof key, "%d", i);
        summary_row(f, &run, "seat", key, &ts->seat[i], 1);
    }
    for (int i = 0; i < c->players; i++) {
        snprintf(key, sizeof key, "%d", i);
        summary_row(f, &run, "captain_offset", key, &ts->offset[i], 1);
    }
    if (jm_has_ghost_rules(&c->rules, c->players)) summary_row(f, &run, "ghost", "ghost", &ts->ghost, 1);
}

/* ---------------------------------------------------------------- the run */

/* Games and decisions done, games/s and the time left on stderr, at most
 * twice a second. */
static void progress(uint64_t units, double t0, double *last, uint64_t done,
                     uint64_t decisions, int force)
{
    double now = cli_now();
    if (!force && now - *last < 0.5) return;
    double rate = (double)done / (now - t0);
    fprintf(stderr, "\r%llu/%llu games  %llu decisions  %.1f games/s  ETA %.0f s   ", (unsigned long long)done,
            (unsigned long long)units, (unsigned long long)decisions, rate,
            rate > 0 ? (double)(units - done) / rate : 0.0);
    *last = now;
}

static const char timing_header[] = "agent,decisions,timed,mean_ms,median_ms,p99_ms\n";

/* One row per distinct agent; the times are empty for cheap agents. */
static void write_timing(FILE *f, const sim_outcome *o)
{
    fputs(timing_header, f);
    for (int a = 0; a < o->nagents; a++) {
        const sim_timing *t = &o->timing[a];
        char q[CSV_QUOTED_SPEC];
        csv_field(q, sizeof q, o->agent[a]);
        fprintf(f, "%s,%llu,%llu,", q, (unsigned long long)t->decisions, (unsigned long long)t->timed);
        if (t->timed)
            fprintf(f, "%.6f,%.6f,%.6f\n", timing_mean_ms(t), timing_quantile_ms(t, 0.5),
                    timing_quantile_ms(t, 0.99));
        else
            fputs(",,\n", f);
    }
}

/* The run's outputs: 0 summary, 1 games, 2 timing (NULL paths skipped). */
enum { OUT_SUMMARY, OUT_GAMES, OUT_TIMING, NOUT };

static void abort_all(outfile *o)
{
    for (int k = 0; k < NOUT; k++) outfile_abort(&o[k]);
}

int sim_run(const sim_config *c, volatile sig_atomic_t *stop, sim_outcome *out, char *err, size_t errlen)
{
    outfile of[NOUT];
    const sim_dist *dist = c->dist;
    int writer = !dist || dist->rank == 0, rank = dist ? dist->rank : 0, size = dist ? dist->size : 1;
    const char *paths[NOUT] = {NULL, NULL, NULL};
    if (writer) {
        paths[OUT_SUMMARY] = c->out_path;
        paths[OUT_GAMES] = c->games_path;
        paths[OUT_TIMING] = c->timing_path;
    }
    char *gtext = NULL; /* rank 0: a block's rows gathered from every rank */
    int rc = 1, T = c->threads, nspecs = sim_nspecs(c), slots = sim_agent_slots(c);
    uint64_t S = c->nseatings ? (uint64_t)c->nseatings : 1, units = c->games * S, u0 = c->first_game * S;
    agent *ag = NULL;
    agent **byslot = NULL;
    sim_game *res = NULL;
    char *text = NULL;
    size_t *len = NULL;
    unsigned char *done = NULL;
    sim_timing *tm = NULL;
    sim_timing **tmby = NULL;
    memset(out, 0, sizeof *out);
    memset(of, 0, sizeof of);
    for (int k = 0; k < NOUT; k++) of[k].slot = -1;

    /* Every output is checked and opened (or refused) before the first game. */
    int bad = 0;
    for (int i = 0; i < NOUT; i++)
        for (int j = i + 1; j < NOUT; j++)
            if (!bad && paths[i] && paths[j] && outfile_same(paths[i], paths[j])) {
                snprintf(err, errlen, "'%s' and '%s' are the same file", paths[i], paths[j]);
                bad = 1;
            }
    for (int k = 0; k < NOUT && !bad; k++)
        if (paths[k] && outfile_open(&of[k], paths[k], err, errlen)) bad = 1;
    if (dist && dist->any(dist, bad)) bad = 1;
    if (bad) {
        if (rank) snprintf(err, errlen, "rank 0 could not open its outputs");
        abort_all(of);
        return 2;
    }
    const char *header = csv_games_header(c->nseatings > 0);
    if (writer && c->games_path && outfile_write(&of[OUT_GAMES], header, strlen(header), err, errlen)) goto fail;

    char rules_text[256], rules_q[300];
    jm_rules_format(&c->rules, rules_text, sizeof rules_text);
    csv_field(rules_q, sizeof rules_q, rules_text);
    char specs_q[SIM_MAX_AGENTS][CSV_QUOTED_SPEC];
    tallies ts;
    memset(&ts, 0, sizeof ts);
    for (int k = 0; k < nspecs; k++) {
        csv_field(specs_q[k], sizeof specs_q[k], c->specs[k]);
        int a = -1;
        for (int j = 0; j < k && a < 0; j++)
            if (!strcmp(c->specs[j], c->specs[k])) a = ts.agent_of_spec[j];
        ts.agent_of_spec[k] = a >= 0 ? a : ts.nagents++;
        if (a < 0) out->agent[ts.nagents - 1] = c->specs[k];
    }
    out->nagents = ts.nagents;

    ag = calloc((size_t)T * (size_t)slots, sizeof *ag);
    byslot = calloc((size_t)T * (size_t)slots, sizeof *byslot);
    res = malloc(BLOCK * sizeof *res);
    len = malloc(BLOCK * sizeof *len);
    done = malloc(BLOCK);
    tm = calloc((size_t)T * (size_t)ts.nagents, sizeof *tm);
    tmby = calloc((size_t)T * (size_t)nspecs, sizeof *tmby);
    if (c->games_path) text = malloc((size_t)BLOCK * JM_MAX_SHIPS * CSV_ROW_MAX);
    if (!ag || !byslot || !res || !len || !done || !tm || !tmby || (c->games_path && !text)) {
        snprintf(err, errlen, "out of memory");
        goto fail;
    }
    for (int t = 0; t < T * slots; t++) {
        if (agent_create(&ag[t], c->specs[t % slots % nspecs], err, errlen)) goto fail;
        byslot[t] = &ag[t];
    }
    for (int t = 0; t < T * nspecs; t++)
        tmby[t] = &tm[(size_t)(t / nspecs) * (size_t)ts.nagents + (size_t)ts.agent_of_spec[t % nspecs]];

    double t0 = cli_now(), last = t0;
    uint64_t g0 = 0, played = 0, decisions = 0;
    int hashing = c->games_path != NULL;
    int halted = 0; /* the consumer asked to stop */
    int failed = 0; /* rank 0 could not write */
    for (;;) {
        int quit = g0 >= units || *stop || halted || failed;
        if (dist) quit = dist->any(dist, quit);
        if (quit) break;
        int nb = units - g0 < BLOCK ? (int)(units - g0) : BLOCK, lo, hi;
        sim_share(nb, rank, size, &lo, &hi);
        memset(done, 0, (size_t)nb);
#pragma omp parallel for num_threads(T) schedule(dynamic, 4)
        for (int i = lo; i < hi; i++) {
            if (*stop) continue;
#ifdef _OPENMP
            int tid = omp_get_thread_num();
#else
            int tid = 0;
#endif
            sim_play_game(c, byslot + (size_t)tid * (size_t)slots, u0 + g0 + (uint64_t)i, &res[i],
                          tmby + (size_t)tid * (size_t)nspecs, hashing);
            if (text)
                len[i] = csv_games_rows(c, rules_q, (const char(*)[CSV_QUOTED_SPEC])specs_q, &res[i],
                                        text + (size_t)i * JM_MAX_SHIPS * CSV_ROW_MAX, JM_MAX_SHIPS * CSV_ROW_MAX);
            done[i] = 1;
            uint64_t so_far, dec;
#pragma omp atomic capture
            so_far = ++played;
#pragma omp atomic capture
            dec = decisions += res[i].decisions;
            /* With several ranks, rank 0 reports after each block. */
            if (c->progress && tid == 0 && !dist) progress(units, t0, &last, so_far, dec, 0);
        }
        const char *rows = text;
        if (dist && dist->gather(dist, nb, res, done, len, text, (size_t)JM_MAX_SHIPS * CSV_ROW_MAX, &gtext)) {
            snprintf(err, errlen, "gathering the games from the ranks failed");
            failed = 1;
            break;
        }
        if (dist) rows = gtext;
        int i = 0;
        size_t off = 0;
        if (writer) {
            for (; i < nb && done[i] && !halted; i++) {
                out->decisions += res[i].decisions;
                tally_game(&ts, c, &res[i]);
                const char *row = dist ? rows + off : text + (size_t)i * JM_MAX_SHIPS * CSV_ROW_MAX;
                off += text ? len[i] : 0;
                if (c->games_path && !failed && outfile_write(&of[OUT_GAMES], row, len[i], err, errlen)) failed = 1;
                if (c->on_game && c->on_game(c->ctx, &res[i])) halted = 1;
            }
            /* A write error (a full disk) stops the run at the block it hit. */
            if (c->games_path && !failed && outfile_check(&of[OUT_GAMES], err, errlen)) failed = 1;
            if (dist && c->progress) progress(units, t0, &last, g0 + (uint64_t)i, out->decisions, 0);
        }
        if (dist) i = (int)dist->bcast(dist, (uint64_t)i);
        g0 += (uint64_t)i;
        if (i < nb) break;
    }
    if (dist) failed = dist->any(dist, failed);
    if (dist) halted = (int)dist->bcast(dist, (uint64_t)halted); /* rank 0's consumer decides */
    if (failed) {
        if (rank) snprintf(err, errlen, "the run failed on rank 0");
        goto fail;
    }
    if (c->progress && writer) {
        progress(units, t0, &last, g0, out->decisions, 1);
        fputc('\n', stderr);
    }
    out->games_done = g0;
    out->interrupted = g0 < units && !halted;
    out->seconds = cli_now() - t0;
    /* Times include the games of a block after an interruption that are
     * not in the files; the counts here are of every game played. */
    for (int t = 0; t < T; t++)
        for (int a = 0; a < ts.nagents; a++)
            timing_merge(&out->timing[a], &tm[(size_t)t * (size_t)ts.nagents + (size_t)a]);
    if (dist) dist->sum(dist, (uint64_t *)out->timing, (sizeof out->timing) / (sizeof(uint64_t)));
    if (!writer) {
        rc = 0;
        goto fail;
    }

    if (c->out_path)
        write_summary(of[OUT_SUMMARY].f, c, &ts, rules_q, (const char(*)[CSV_QUOTED_SPEC])specs_q);
    if (c->timing_path) write_timing(of[OUT_TIMING].f, out);
    /* The summary last: it names the games the others hold. */
    if (c->games_path && outfile_commit(&of[OUT_GAMES], err, errlen)) goto fail;
    if (c->timing_path && outfile_commit(&of[OUT_TIMING], err, errlen)) goto fail;
    if (c->out_path && outfile_commit(&of[OUT_SUMMARY], err, errlen)) goto fail;
    rc = 0;
fail:
    abort_all(of);
    if (ag)
        for (int t = 0; t < T * slots; t++)
            if (ag[t].ops) agent_destroy(&ag[t]);
    free(ag);
    free(byslot);
    free(res);
    free(len);
    free(done);
    free(text);
    free(tm);
    free(tmby);
    free(gtext);
    return rc;
}
