/*
 * harness.c - the harness (see harness.h): the run, blocks of games in
 * parallel (each game: play.c's sim_play_game), consumed in order into the
 * tallies (tally.c).
 */
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "../../agents/agent.h"
#include "../../agents/value.h"
#include "../io/csv.h"
#include "../io/games_csv.h"
#include "../io/outfile.h"
#include "../io/summary.h"
#include "../io/timing_csv.h"
#include "../io/trace.h"
#include "harness.h"
#include "journal.h"
#include "play.h"
#include "tally.h"

#define BLOCK 2048            /* games per parallel block */

/* Each thread's games and decisions so far, for the progress line: a cache
 * line of its own, so that no thread's count shares a line that another
 * thread writes (the sum is read by thread 0 now and then). */
typedef struct thread_count {
    _Alignas(CACHE_LINE) uint64_t played;
    uint64_t decisions;
} thread_count;
_Static_assert(sizeof(thread_count) == CACHE_LINE, "one cache line a thread");


/* Whether the run makes GAMES.csv rows (and so the trace hashes). */
static int wants_rows(const sim_config *c)
{
    return c->games_path != NULL || c->games_shared;
}

/* ---------------------------------------------------------------- the run */

/* The run's outputs (NULL paths skipped). */
enum { OUT_SUMMARY, OUT_GAMES, OUT_TIMING, NOUT };

#define ROWS_CAP ((size_t)JM_MAX_SHIPS * GAMES_ROW_MAX)  /* one game's GAMES.csv rows */

/* Everything one run holds between its steps. */
typedef struct run {
    const sim_config *c;
    const sim_dist *dist;
    int writer, rank, size;      /* writer: this process writes the files (rank 0) */
    int T, nspecs, slots;        /* threads; specs; agents per thread */
    int chunk;                   /* games a thread takes at a time (play_block) */
    uint64_t units, u0;          /* games to play (deals x seatings) and the first one's unit */
    outfile of[NOUT];
    outfile *games;              /* where GAMES.csv rows go (rank 0), or NULL */
    char rules_q[300];
    char specs_q[SIM_MAX_AGENTS][CSV_QUOTED_SPEC];
    games_run rows;              /* what every GAMES.csv row repeats */
    tallies ts;
    tally_run tr;                /* what the tallies need of the run */
    agent *ag;                   /* T x slots agents, and pointers to them */
    agent **byslot;
    sim_game *res;               /* a block's games, their rows' lengths and done flags */
    size_t *len;
    unsigned char *done;
    char *text;                  /* a block's GAMES.csv rows (ROWS_CAP per game), or NULL */
    char *gtext;                 /* rank 0: a block's rows gathered from every rank */
    size_t ag_stride, tm_stride; /* a thread's agents and timings, with a cache line's gap */
    sim_timing *tm;              /* T x agents */
    sim_timing **tmby;           /* T x specs: the timing of each thread's spec */
    double t0, last;             /* the clock at the start and at the last progress line */
    int said;                    /* a progress line was written */
    uint64_t check_at, stride;   /* thread 0's game count at its next look at the clock, and the step */
    double checked;              /* the clock at its last look */
    uint64_t resumed;            /* games consumed before this process (a checkpoint's) */
    journal *jn;                 /* rank 0's checkpoints, or NULL */
    int replaying;               /* consuming the games of the checkpoint resumed (logged already) */
    int fault_i;                 /* the first game of the block whose agent failed, or INT_MAX */
    char fault[800];             /* and why */
    uint64_t played, decisions;  /* before this process's games, for the progress line */
    thread_count *count;         /* T: each thread's since */
} run;

/* Games and decisions done, games/s and the time left on stderr: redrawn
 * in place at most twice a second, or with --progress N a whole line every
 * N seconds (and at the end), for a batch job's log. */
static void progress(run *r, uint64_t done, uint64_t decisions, int force)
{
    double now = timing_seconds(), every = r->c->progress_every ? r->c->progress_every : 0.5;
    if (!force && now - r->last < every) return;
    double rate = now > r->t0 ? (double)(done - r->resumed) / (now - r->t0) : 0;
    if (force && r->c->progress_quiet && !r->said) return; /* a short run: nothing said */
    r->said = 1;
    fprintf(stderr, "%s%llu/%llu games  %llu decisions  %.1f games/s  ETA %.0f s%s", r->c->progress_every ? "" : "\r",
            (unsigned long long)done, (unsigned long long)r->units, (unsigned long long)decisions, rate,
            rate > 0 ? (double)(r->units - done) / rate : 0.0, r->c->progress_every ? "\n" : "   ");
    r->last = now;
}

/* The progress line from every thread's count (thread 0, while the
 * others play). */
static void progress_threads(run *r)
{
    uint64_t played = r->played, decisions = r->decisions;
    for (int t = 0; t < r->T; t++) {
        played += __atomic_load_n(&r->count[t].played, __ATOMIC_RELAXED);
        decisions += __atomic_load_n(&r->count[t].decisions, __ATOMIC_RELAXED);
    }
    progress(r, played, decisions, 0);
}

/* Check and open every output before the first game (the same file under
 * two names is refused); the ranks agree.  0, or 2 with why. */
static int open_outputs(run *r, char *err, size_t errlen)
{
    const sim_config *c = r->c;
    const char *paths[NOUT] = {NULL, NULL, NULL};
    if (r->writer) {
        paths[OUT_SUMMARY] = c->out_path;
        paths[OUT_GAMES] = c->games_path;
        paths[OUT_TIMING] = c->timing_path;
    }
    int bad = 0;
    for (int i = 0; i < NOUT; i++)
        for (int j = i + 1; j < NOUT; j++)
            if (!bad && paths[i] && paths[j] && outfile_same(paths[i], paths[j])) {
                snprintf(err, errlen, "'%s' and '%s' are the same file", paths[i], paths[j]);
                bad = 1;
            }
    for (int k = 0; k < NOUT && !bad; k++)
        if (paths[k] && outfile_open(&r->of[k], paths[k], err, errlen)) bad = 1;
    if (r->writer) r->games = c->games_shared ? c->games_into : c->games_path ? &r->of[OUT_GAMES] : NULL;
    if (r->dist && r->dist->any(r->dist, bad)) bad = 1;
    if (bad && r->rank) snprintf(err, errlen, "rank 0 could not open its outputs");
    return bad ? 2 : 0;
}

/* Whether a seat may play on at random after its agent failed: then
 * GAMES.csv counts the failures. */
static int plays_on_after_faults(const sim_config *c, int nspecs)
{
    if (c->games_faults) return 1;
    for (int k = 0; k < nspecs; k++)
        if (strstr(c->specs[k], "on_fault=random")) return 1;
    return 0;
}

/* The rules and specs as CSV fields, the distinct agents (out->agent), the
 * GAMES.csv header. */
static int prepare(run *r, sim_outcome *out, char *err, size_t errlen)
{
    const sim_config *c = r->c;
    char rules_text[256];
    jm_rules_format(&c->rules, rules_text, sizeof rules_text);
    csv_field(r->rules_q, sizeof r->rules_q, rules_text);
    for (int k = 0; k < r->nspecs; k++) csv_field(r->specs_q[k], sizeof r->specs_q[k], c->specs[k]);
    r->tr = (tally_run){.players = c->players, .ghost = jm_has_ghost_rules(&c->rules, c->players),
                        .rotate = c->rotate, .nspecs = r->nspecs, .specs = (const char(*)[SIM_SPEC_LEN])c->specs,
                        .seed = c->seed, .first_game = c->first_game, .luck = c->luck ? c->luck->name : NULL};
    out->nagents = tally_agents(&r->ts, &r->tr, out->agent);
    r->rows = (games_run){.seed = c->seed, .players = c->players,
                          .ships = c->players + jm_has_ghost_rules(&c->rules, c->players),
                          .seatings = c->nseatings > 0, .faults = plays_on_after_faults(c, r->nspecs),
                          .luck = c->luck != NULL,
                          .rules_q = r->rules_q,
                          .specs_q = (const char(*)[CSV_QUOTED_SPEC])r->specs_q};
    if (!r->games || (c->games_shared && !c->games_header)) return 0;
    char header[1024];
    size_t n = games_csv_header(&r->rows, header, sizeof header);
    return outfile_write(r->games, header, n, err, errlen);
}

/* Each thread's agents and timings, and a block's buffers. */
static int allocate(run *r, char *err, size_t errlen)
{
    size_t T = (size_t)r->T, slots = (size_t)r->slots, nspecs = (size_t)r->nspecs,
           nagents = (size_t)r->ts.nagents;
    r->ag_stride = slots + LINE_GAP(agent);
    r->tm_stride = nagents + LINE_GAP(sim_timing);
    r->ag = calloc(T * r->ag_stride, sizeof *r->ag);
    r->byslot = calloc(T * slots, sizeof *r->byslot);
    r->res = malloc(BLOCK * sizeof *r->res);
    r->len = malloc(BLOCK * sizeof *r->len);
    r->done = malloc(BLOCK);
    r->tm = calloc(T * r->tm_stride, sizeof *r->tm);
    r->count = aligned_alloc(CACHE_LINE, T * sizeof *r->count);
    if (r->count) memset(r->count, 0, T * sizeof *r->count);
    r->tmby = calloc(T * nspecs, sizeof *r->tmby);
    if (wants_rows(r->c)) r->text = malloc(BLOCK * ROWS_CAP);
    if (!r->ag || !r->byslot || !r->res || !r->len || !r->done || !r->tm || !r->tmby || !r->count ||
        (wants_rows(r->c) && !r->text)) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    for (size_t t = 0; t < T * slots; t++) {
        agent *a = &r->ag[t / slots * r->ag_stride + t % slots];
        if (agent_create(a, r->c->specs[t % slots % nspecs], err, errlen)) return -1;
        r->byslot[t] = a;
    }
    /* Cheap games (random, first) are taken four at a time, so that threads
     * meet at the shared counter less often; games of any other agent one
     * at a time, so that no thread is left with a run of long games while
     * the others wait at the block's end. */
    r->chunk = 4;
    for (size_t k = 0; k < slots; k++)
        if (!r->ag[k].ops->cheap) r->chunk = 1;
    for (size_t t = 0; t < T * nspecs; t++)
        r->tmby[t] = &r->tm[t / nspecs * r->tm_stride + (size_t)r->ts.agent_of_spec[t % nspecs]];
    return 0;
}

/* Game i of the block failed (its agent's seat in res[i].failed): keep the
 * first such game of the block, and why, in one line. */
static void note_fault(run *r, agent *const *agents, uint64_t u, int i)
{
    const sim_config *c = r->c;
    int seat = r->res[i].failed - 1, spec = sim_spec_of_seat(c, seat, u);
    agent *a = agents[sim_agent_slot(c, seat, spec)];
#pragma omp critical(harness_fault)
    if (i < r->fault_i) {
        r->fault_i = i;
        char seed[JM_SEED_TEXT + 8];
        /* "of the sealed seed" (the outputs record it), or "of seed 7" */
        if (c->seed.sealed) snprintf(seed, sizeof seed, "the sealed seed");
        else {
            char text[JM_SEED_TEXT];
            jm_seed_format(&c->seed, text, sizeof text);
            snprintf(seed, sizeof seed, "seed %s", text);
        }
        snprintf(r->fault, sizeof r->fault, "agent '%s' in seat %d failed in game %llu of %s: %s", c->specs[spec],
                 seat, (unsigned long long)sim_chance_game(c, u), seed, agent_fault(a));
    }
}

/* Play this process's share [lo, hi) of the block of nb games from unit
 * g0, in parallel; a game's rows go to its own slot of text.  After a
 * failed game the games after it are skipped (the files end before it). */
static void play_block(run *r, uint64_t g0, int lo, int hi, volatile sig_atomic_t *stop)
{
    const sim_config *c = r->c;
    /* GAMES.csv's rows need the hash and the counts; a consumer of the
     * games (a study, a tournament) may read the counts. */
    unsigned what = wants_rows(c) ? SIM_GAME_HASH | SIM_GAME_COUNTS : c->on_game ? SIM_GAME_COUNTS : 0;
#pragma omp parallel for num_threads(r->T) schedule(dynamic, r->chunk)
    for (int i = lo; i < hi; i++) {
        int first_fault;
#pragma omp atomic read
        first_fault = r->fault_i;
        if (*stop || i > first_fault) continue;
#ifdef _OPENMP
        int tid = omp_get_thread_num();
#else
        int tid = 0;
#endif
        agent *const *agents = r->byslot + (size_t)tid * (size_t)r->slots;
        uint64_t u = r->u0 + g0 + (uint64_t)i;
        sim_play_game(c, agents, u, &r->res[i], r->tmby + (size_t)tid * (size_t)r->nspecs, what);
        if (r->res[i].failed) {
            note_fault(r, agents, u, i);
            continue;
        }
        if (r->text) r->len[i] = games_csv_rows(&r->rows, &r->res[i], r->text + (size_t)i * ROWS_CAP, ROWS_CAP);
        r->done[i] = 1;
        thread_count *own = &r->count[tid];
        __atomic_store_n(&own->played, own->played + 1, __ATOMIC_RELAXED);
        __atomic_store_n(&own->decisions, own->decisions + r->res[i].decisions, __ATOMIC_RELAXED);
        /* With several ranks, rank 0 reports after each block.  Thread 0
         * looks at the clock every `stride` of its games: the stride doubles
         * while looks come under 10 ms apart and halves past 100 ms, so fast
         * games pay next to nothing for the progress line. */
        if (c->progress && tid == 0 && !r->dist && own->played >= r->check_at) {
            double now = timing_seconds(), since = now - r->checked;
            if (since < 0.01 && r->stride < (1u << 20)) r->stride *= 2;
            else if (since > 0.1 && r->stride > 1) r->stride /= 2;
            r->checked = now;
            r->check_at = own->played + r->stride;
            progress_threads(r);
        }
    }
}

/* Rank 0: one game consumed, in order: tallied, logged for a checkpoint,
 * its rows (len bytes) written, handed to on_game (*halted when that asks
 * to stop); *failed on a write error. */
static void consume_game(run *r, sim_outcome *out, const sim_game *g, const char *row, size_t len, int *halted,
                         int *failed, char *err, size_t errlen)
{
    const sim_config *c = r->c;
    out->decisions += g->decisions;
    for (int k = 0; k < c->players; k++) out->faults += g->seat[k].faults;
    tally_game(&r->ts, &r->tr, g);
    if (r->jn && !r->replaying) journal_log(r->jn, g);
    if (r->games && !*failed && outfile_write(r->games, row, len, err, errlen)) *failed = 1;
    if (c->on_game && c->on_game(c->ctx, g)) *halted = 1;
}

/* Rank 0: tally and write the block's games in order, up to the first
 * not played (a stop) or the one after which on_game asked to stop
 * (*halted).  The games consumed; *failed on a write error. */
static int consume_block(run *r, sim_outcome *out, int nb, const char *rows, int *halted, int *failed, char *err,
                         size_t errlen)
{
    int i = 0;
    size_t off = 0;
    for (; i < nb && r->done[i] && !*halted; i++) {
        const char *row = r->dist ? rows + off : r->text + (size_t)i * ROWS_CAP;
        off += r->text ? r->len[i] : 0;
        consume_game(r, out, &r->res[i], row, r->text ? r->len[i] : 0, halted, failed, err, errlen);
    }
    /* A write error (a full disk) stops the run at the block it hit. */
    if (r->games && !*failed && outfile_check(r->games, err, errlen)) *failed = 1;
    return i;
}

/* An agent failed in this block (on this rank or another): the run ends
 * after the games before it.  The rank where it failed says why (a rank
 * other than 0 names itself); rank 0 says so when that was another. */
static void agent_failed(run *r, sim_outcome *out)
{
    out->failed = 1;
    if (r->fault_i == INT_MAX) {
        snprintf(out->fault, sizeof out->fault, "an agent failed on another rank (that rank's line says which)");
        return;
    }
    if (r->rank) snprintf(out->fault, sizeof out->fault, "rank %d: %.*s", r->rank, (int)sizeof out->fault - 20, r->fault);
    else snprintf(out->fault, sizeof out->fault, "%s", r->fault);
}

/* The journal's state of this run after `done` games. */
static journal_state state_of(const run *r, const sim_outcome *out, uint64_t done)
{
    return (journal_state){.done = done, .decisions = out->decisions, .faults = out->faults,
                           .tallies = &r->ts, .tally_size = sim_tally_bytes()};
}

/* Write a checkpoint of the games consumed; 0, or -1 with why (the last
 * good checkpoint kept, as err says). */
static int checkpoint(run *r, const sim_outcome *out, uint64_t done, char *err, size_t errlen)
{
    journal_state st = state_of(r, out, done);
    return journal_save(r->jn, &st, err, errlen);
}

/* Rank 0, resuming: the segment's games consumed again, replayed from the
 * log (their rows written and on_game fed as when they were played), or
 * its tallies restored.  The games consumed, in *g0; 0, or 2 (a checkpoint
 * of another run) or -1 with why. */
static int resume(run *r, sim_outcome *out, uint64_t *g0, int *halted, char *err, size_t errlen)
{
    const sim_config *c = r->c;
    journal_state st;
    int replay, failed = 0;
    int logs = wants_rows(c) || c->on_game != NULL;
    char *id = sim_identity(c, logs);
    if (!id) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    int rc = journal_begin(r->jn, id, logs, &st, &r->ts, &replay, err, errlen);
    free(id);
    if (rc || !st.done) return rc;
    if (!replay) {
        *g0 = st.done;
        out->decisions = st.decisions;
        out->faults = st.faults;
        return 0;
    }
    r->replaying = 1;
    for (uint64_t k = 0; k < st.done && !*halted && !failed; k++) {
        sim_game *g = &r->res[0];
        if (journal_next(r->jn, g, err, errlen)) return -1;
        size_t len = r->text ? games_csv_rows(&r->rows, g, r->text, ROWS_CAP) : 0;
        consume_game(r, out, g, r->text, len, halted, &failed, err, errlen);
        ++*g0;
    }
    r->replaying = 0;
    return failed ? -1 : 0;
}

/* The next block's size with checkpoints (rank 0 decides): a block is
 * consumed whole, so a checkpoint waits for the block in flight; blocks of
 * slow games (searching agents) are halved until one takes under a
 * quarter of the interval, and grow back while they take under a
 * sixteenth (from 4 games a thread on every rank, the least, up to
 * BLOCK).  The games and the files do not depend on the block size. */
static int block_cap(const run *r, int cap, double seconds)
{
    double every = journal_every(r->jn);
    int least = 4 * r->T * r->size;
    if (every <= 0) return cap;
    if (seconds > every / 4 && cap / 2 >= least) return cap / 2;
    if (seconds < every / 16 && cap < BLOCK) return cap * 2 > BLOCK ? BLOCK : cap * 2;
    return cap;
}

/* Play block after block until every game is played, a stop, the
 * consumer's halt or a failure; the games consumed in *g0.  0, or -1. */
static int play_all(run *r, sim_outcome *out, volatile sig_atomic_t *stop, uint64_t *g0, int *halted, char *err,
                    size_t errlen)
{
    const sim_dist *dist = r->dist;
    int failed = 0; /* rank 0 could not write */
    /* With checkpoints, or a consumer that may stop at any game, the
     * blocks start small, to learn the games' pace. */
    int cap = r->c->stops_early ? 2 * r->T * r->size : r->jn && journal_every(r->jn) > 0 ? 4 * r->T * r->size : BLOCK;
    if (dist) cap = (int)dist->bcast(dist, (uint64_t)cap);
    for (;;) {
        int quit = *g0 >= r->units || *stop || *halted || failed;
        if (dist) quit = dist->any(dist, quit);
        if (quit) break;
        int nb = r->units - *g0 < (uint64_t)cap ? (int)(r->units - *g0) : cap, lo, hi;
        double t = timing_seconds();
        sim_share(nb, r->rank, r->size, &lo, &hi);
        memset(r->done, 0, (size_t)nb);
        r->fault_i = INT_MAX;
        play_block(r, *g0, lo, hi, stop);
        if (dist && dist->gather(dist, nb, r->res, r->done, r->len, r->text, ROWS_CAP, &r->gtext)) {
            snprintf(err, errlen, "gathering the games from the ranks failed");
            failed = 1;
            break;
        }
        int i = 0, faulted = r->fault_i != INT_MAX;
        if (dist) faulted = dist->any(dist, faulted);
        if (faulted) agent_failed(r, out);
        if (r->writer) {
            i = consume_block(r, out, nb, dist ? r->gtext : r->text, halted, &failed, err, errlen);
            if (dist && r->c->progress) progress(r, *g0 + (uint64_t)i, out->decisions, 0);
            if (r->jn && !failed && i == nb && journal_due(r->jn) &&
                checkpoint(r, out, *g0 + (uint64_t)i, err, errlen))
                failed = 1;
        }
        if (dist) i = (int)dist->bcast(dist, (uint64_t)i);
        out->games_played += (uint64_t)nb;
        double took = timing_seconds() - t;
        if (r->c->stops_early) { /* doubled while a block is short, and never past the checkpoints' cap */
            int next = took < 0.005 && cap < BLOCK ? (cap * 2 > BLOCK ? BLOCK : cap * 2) : cap;
            if (r->jn) {
                int ck = block_cap(r, cap, took);
                next = ck < next ? ck : next;
            }
            cap = next;
        } else if (r->jn) {
            cap = block_cap(r, cap, took);
        }
        if (dist) cap = (int)dist->bcast(dist, (uint64_t)cap);
        *g0 += (uint64_t)i;
        if (i < nb || out->failed) break;
    }
    if (dist) failed = dist->any(dist, failed);
    if (dist) *halted = (int)dist->bcast(dist, (uint64_t)*halted); /* rank 0's consumer decides */
    if (failed && r->rank) snprintf(err, errlen, "the run failed on rank 0");
    return failed ? -1 : 0;
}

/* Rank 0: the summary and timing written, every file committed (the
 * summary last: it names the games the others hold).  0, or -1. */
static int write_outputs(run *r, const sim_outcome *out, char *err, size_t errlen)
{
    const sim_config *c = r->c;
    if (c->out_path)
        tally_write_summary(r->of[OUT_SUMMARY].f, &r->tr, &r->ts, r->rules_q, (const char(*)[CSV_QUOTED_SPEC])r->specs_q);
    if (c->timing_path) {
        timing_row rows[SIM_MAX_AGENTS];
        for (int a = 0; a < out->nagents; a++) {
            const sim_timing *t = &out->timing[a];
            rows[a] = (timing_row){out->agent[a], t->decisions, t->timed, timing_mean_ms(t),
                                   timing_quantile_ms(t, 0.5), timing_quantile_ms(t, 0.99)};
        }
        timing_csv_write(r->of[OUT_TIMING].f, rows, out->nagents);
    }
    if (c->games_path && outfile_commit(&r->of[OUT_GAMES], err, errlen)) return -1;
    if (c->timing_path && outfile_commit(&r->of[OUT_TIMING], err, errlen)) return -1;
    if (c->out_path && outfile_commit(&r->of[OUT_SUMMARY], err, errlen)) return -1;
    return 0;
}

/* Rank 0 at the end of the games: a segment played out is kept for the
 * later checkpoints; one stopped (a signal, an agent's failure) is
 * checkpointed where it stopped when the run has a checkpoint (it ran
 * longer than the interval, or it resumed one): a shorter run leaves none,
 * to run again.  0, or -1 with why. */
static int end_segment(run *r, const sim_outcome *out, uint64_t g0, char *err, size_t errlen)
{
    journal_state st = state_of(r, out, g0);
    if (!out->interrupted && !out->failed) {
        journal_end(r->jn, &st);
        return 0;
    }
    return journal_has_checkpoint(r->jn) ? journal_save(r->jn, &st, err, errlen) : 0;
}

/* The agents are done: programs told to quit (and ended), plugins
 * unloaded, before any output that holds the seed gets its name. */
static void end_agents(run *r)
{
    if (r->ag)
        for (size_t t = 0; t < (size_t)r->T * r->ag_stride; t++)
            if (r->ag[t].ops) agent_destroy(&r->ag[t]);
}

static void release(run *r)
{
    for (int k = 0; k < NOUT; k++) outfile_abort(&r->of[k]);
    end_agents(r);
    free(r->ag);
    free(r->byslot);
    free(r->res);
    free(r->len);
    free(r->done);
    free(r->text);
    free(r->tm);
    free(r->tmby);
    free(r->count);
    free(r->gtext);
    free(r);
}

int sim_run(const sim_config *c, volatile sig_atomic_t *stop, sim_outcome *out, char *err, size_t errlen)
{
    for (int k = 0; c->luck && k < sim_nspecs(c); k++)
        if (agent_spec_sees(c->specs[k]) == AGENT_SEES_ALL) { /* its choices know draws still to come */
            snprintf(err, errlen, "--luck: agent '%.100s' sees the future chance (see=all): its choices depend on "
                     "draws still to come, so the corrections would not have mean zero", c->specs[k]);
            memset(out, 0, sizeof *out);
            return 2;
        }
    memset(out, 0, sizeof *out);
    uint64_t span = c->nseatings && c->own_chance ? (uint64_t)c->nseatings : 1; /* chance games a deal */
    if (luck_refuses(c->luck, &c->rules, c->players, &c->seed, c->first_game * span, c->games * span, err, errlen))
        return 2;
    run *r = calloc(1, sizeof *r);
    if (!r) {
        snprintf(err, errlen, "out of memory");
        return 1;
    }
    uint64_t S = c->nseatings ? (uint64_t)c->nseatings : 1;
    *r = (run){.c = c, .dist = c->dist, .writer = !c->dist || c->dist->rank == 0, .rank = c->dist ? c->dist->rank : 0,
               .size = c->dist ? c->dist->size : 1, .T = c->threads, .nspecs = sim_nspecs(c),
               .slots = sim_agent_slots(c), .units = c->games * S, .u0 = c->first_game * S};
    for (int k = 0; k < NOUT; k++) r->of[k].slot = -1;
    for (int k = 0; r->writer && k < r->nspecs; k++)
        if (agent_warn_seed(&c->seed, c->specs[k])) break;
    int rc = open_outputs(r, err, errlen);
    if (rc || prepare(r, out, err, errlen) || allocate(r, err, errlen)) {
        release(r);
        return rc ? rc : 1;
    }
    uint64_t g0 = 0;
    int halted = 0; /* the consumer asked to stop */
    r->jn = r->writer ? c->journal : NULL;
    if (r->jn) rc = resume(r, out, &g0, &halted, err, errlen);
    if (r->dist && r->dist->any(r->dist, rc != 0)) rc = rc ? rc : 2;
    if (rc) {
        if (rc == 2 && r->rank) snprintf(err, errlen, "rank 0 could not resume its checkpoint");
        release(r);
        return rc < 0 ? 1 : 2;
    }
    if (r->dist) {
        g0 = r->dist->bcast(r->dist, g0);
        halted = (int)r->dist->bcast(r->dist, (uint64_t)halted);
    }
    r->resumed = r->played = out->games_resumed = g0;
    r->decisions = out->decisions;
    r->t0 = r->last = r->checked = timing_seconds();
    r->stride = 1;
    r->check_at = 0;
    if (!halted) rc = play_all(r, out, stop, &g0, &halted, err, errlen);
    end_agents(r);
    if (!rc && r->c->progress && r->writer) {
        progress(r, g0, out->decisions, 1);
        if (!r->c->progress_every) fputc('\n', stderr);
    }
    out->games_done = g0;
    out->interrupted = g0 < r->units && !halted && !out->failed;
    out->seconds = timing_seconds() - r->t0;
    memcpy(out->tally, r->ts.agent, sizeof out->tally);
    out->ghost = r->ts.ghost;
    out->luck_evals = r->ts.luck_evals;
    /* Times include the games of a block after an interruption that are
     * not in the files; the counts here are of every game played. */
    for (int t = 0; t < r->T; t++)
        for (int a = 0; a < r->ts.nagents; a++)
            timing_merge(&out->timing[a], &r->tm[(size_t)t * r->tm_stride + (size_t)a]);
    if (!rc && r->dist) r->dist->sum(r->dist, (uint64_t *)out->timing, (sizeof out->timing) / (sizeof(uint64_t)));
    /* The decisions counted are those of the games in the files, the
     * checkpoint's among them after --resume (the times are this process's
     * own: a resumed run times only the games it played). */
    if (!rc && r->writer)
        for (int a = 0; a < r->ts.nagents; a++) out->timing[a].decisions = r->ts.decisions[a];
    if (!rc && r->jn) rc = end_segment(r, out, g0, err, errlen);
    if (!rc && r->writer) rc = write_outputs(r, out, err, errlen);
    if (rc && r->jn && journal_saved_games(r->jn)) {
        size_t n = strlen(err);
        snprintf(err + n, errlen - n, "; checkpoint '%s' keeps %llu games: --resume goes on from it",
                 journal_path(r->jn), (unsigned long long)journal_saved_games(r->jn));
    }
    release(r);
    if (!rc && out->failed) {
        snprintf(err, errlen, "%s", out->fault);
        return 3;
    }
    return rc ? 1 : 0;
}
