/*
 * bench.c - `jamaica bench`: key=value lines.  A deterministic count
 * (decisions over fixed seeds) fingerprints behaviour; the times track
 * performance.  Timings are medians of several repetitions.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef __linux__
#include <linux/perf_event.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

#include "../../agents/search.h"
#include "../cli/cli.h"
#include "../cli/options.h"
#include "../run/harness.h"
#include "../run/play.h"
#include "../run/bench_net.h"
#include "cmd.h"
#ifdef _OPENMP
#include <omp.h>
#endif

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

/* Copy a state around a ring of copies; returns ns per copy. */
static double time_copy(const jm_state *s0, long n)
{
    static jm_state ring[64];
    for (int i = 0; i < 64; i++) ring[i] = *s0;
    double t0 = timing_seconds();
    for (long i = 0; i < n; i++) {
        ring[(i + 1) & 63] = ring[i & 63];
        __asm__ volatile("" ::: "memory");
    }
    return (timing_seconds() - t0) * 1e9 / (double)n;
}

/* jm_observe() of the seat to move in s, over a ring of outputs; ns per
 * call. */
static double time_observe(const jm_state *s, long n)
{
    static jm_state ring[64];
    int seat = jm_to_move(s);
    double t0 = timing_seconds();
    for (long i = 0; i < n; i++) {
        jm_observe(s, seat, (uint64_t)i, &ring[i & 63]);
        __asm__ volatile("" ::: "memory");
    }
    return (timing_seconds() - t0) * 1e9 / (double)n;
}

/* Instructions the CPU retires in this thread over `games` random 4-player
 * games through the harness, from the kernel's hardware counter
 * (perf_event_open): 0 with the reason in why when there is none (many
 * virtual machines, valgrind, kernels with perf_event_paranoid > 2). */
static double time_sim(int threads, uint64_t first, uint64_t games);
static uint64_t count_instructions(uint64_t first, uint64_t games, char *why, size_t len)
{
#if defined(__linux__) && defined(SYS_perf_event_open)
    struct perf_event_attr pe;
    memset(&pe, 0, sizeof pe);
    pe.type = PERF_TYPE_HARDWARE;
    pe.size = sizeof pe;
    pe.config = PERF_COUNT_HW_INSTRUCTIONS;
    pe.disabled = 1;
    pe.exclude_kernel = 1;
    pe.exclude_hv = 1;
    int fd = (int)syscall(SYS_perf_event_open, &pe, 0, -1, -1, 0);
    if (fd < 0) {
        snprintf(why, len, "perf_event_open: %s", strerror(errno));
        return 0;
    }
    ioctl(fd, PERF_EVENT_IOC_RESET, 0);
    ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
    time_sim(1, first, games);
    ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
    uint64_t count = 0;
    ssize_t got = read(fd, &count, sizeof count);
    close(fd);
    if (got != (ssize_t)sizeof count || count == 0) {
        snprintf(why, len, "the instruction counter gave no count");
        return 0;
    }
    return count;
#else
    (void)first;
    (void)games;
    snprintf(why, len, "no perf_event_open on this system");
    return 0;
#endif
}

/* Random 4-player games through the harness (no CSV) on `threads`. */
static double time_sim(int threads, uint64_t first, uint64_t games)
{
    sim_config c;
    memset(&c, 0, sizeof c);
    c.players = 4;
    c.seed = JM_SEED(1);
    c.threads = threads;
    jm_rules_default(&c.rules);
    for (int i = 0; i < 4; i++) strcpy(c.specs[i], "random");
    /* Each thread's four agents, a cache line's worth of spare ones after
     * them (as the harness keeps them: their streams change at every
     * decision). */
    size_t stride = 4 + LINE_GAP(agent);
    agent *ag = calloc((size_t)threads * stride, sizeof *ag);
    agent **by = calloc((size_t)threads * 4, sizeof *by);
    for (int i = 0; i < threads * 4; i++) {
        agent_create(&ag[(size_t)(i / 4) * stride + (size_t)(i % 4)], "random", NULL, 0);
        by[i] = &ag[(size_t)(i / 4) * stride + (size_t)(i % 4)];
    }
    double t0 = timing_seconds();
#pragma omp parallel for num_threads(threads) schedule(dynamic, 4)
    for (uint64_t g = first; g < first + games; g++) {
#ifdef _OPENMP
        int tid = omp_get_thread_num();
#else
        int tid = 0;
#endif
        sim_game res; /* the thread's own (nothing reads it) */
        sim_play_game(&c, by + tid * 4, g, &res, NULL, 0);
    }
    double t = timing_seconds() - t0;
    for (int i = 0; i < threads * 4; i++) agent_destroy(by[i]);
    free(ag);
    free(by);
    return t;
}

/* Play `games` random 4-player games from game index `first`. */
static double time_games(uint64_t first, uint64_t games, play_stats *st)
{
    jm_rules rules;
    jm_rules_default(&rules);
    agent ag[4];
    agent *seats[4];
    for (int i = 0; i < 4; i++) {
        agent_create(&ag[i], "random", NULL, 0);
        seats[i] = &ag[i];
    }
    double t0 = timing_seconds();
    for (uint64_t g = first; g < first + games; g++) {
        jm_state s;
        for (int i = 0; i < 4; i++) agent_reset(&ag[i], 1, g, i);
        jm_init(&s, &rules, 4, 1, g, NULL, NULL, 0);
        sim_play(&s, seats, NULL, st);
    }
    return timing_seconds() - t0;
}

/* The search position: game 0 of seed 1, 4 players, random decisions until
 * round 4 and a decision with two or more actions. */
static void search_position(jm_state *s)
{
    jm_rules rules;
    jm_rules_default(&rules);
    jm_init(s, &rules, 4, 1, 0, NULL, NULL, 0);
    jm_pcg32 r;
    jm_pcg32_seed(&r, 1, 0);
    int legal[JM_MAX_ACTIONS];
    for (;;) {
        int n = jm_legal(s, legal);
        if (n > 1 && jm_round(s) >= 4) return;
        jm_apply_trusted(s, legal[n > 1 ? jm_pcg32_bounded(&r, (uint32_t)n) : 0], NULL);
    }
}

/* Random playouts from copies of s for about `seconds`; playouts/s. */
static double time_playouts(const jm_state *s, double seconds)
{
    jm_pcg32 r;
    jm_pcg32_seed(&r, 2, 0);
    long n = 0;
    double t0 = timing_seconds(), t;
    do {
        for (int k = 0; k < 64; k++, n++) {
            jm_state t1 = *s;
            search_playout(&t1, &r, PLAYOUT_RANDOM, NULL);
        }
        t = timing_seconds() - t0;
    } while (t < seconds);
    return (double)n / t;
}

/* The stronger searcher of docs/SEARCH.md, and its iterations. */
#define SEARCHER "mcts:iters=3000,cutoff=2,c=0.3"
#define SEARCHER_ITERS 3000

/* One decision of the mcts `spec` (of `iters` iterations) at s, repeated
 * for about `seconds`; iterations/s. */
static double time_mcts(const jm_state *s, const char *spec, int iters, double seconds)
{
    agent a;
    agent_create(&a, spec, NULL, 0);
    int legal[JM_MAX_ACTIONS], n = jm_legal(s, legal);
    long done = 0;
    double t0 = timing_seconds(), t;
    do {
        agent_reset(&a, 1, (uint64_t)done, jm_to_move(s));
        agent_choose(&a, s, legal, n);
        done++;
        t = timing_seconds() - t0;
    } while (t < seconds);
    agent_destroy(&a);
    return (double)done * iters / t;
}

/* ---------------------------------------------------------------- agents
 * Decisions per second through each way an agent is seated, on one
 * thread, four of the agent seated (one per seat; for a program, four
 * processes), measured two ways:
 *  - in play: random 4-player games of seed 1 through the harness's game
 *    loop, the engine's time included (what a run gets);
 *  - choose alone: the decisions of recorded random 4-player games put to
 *    the agent, timed around agent_choose() only (the path's own cost).
 *    The answers are not played, so every path meets the same positions.
 * A failure ends the bench with the agent's line and status 3. */
#define BENCH_AGENTS 8

typedef struct bench_agents {
    int n;
    const char *spec[BENCH_AGENTS];
} bench_agents;

typedef struct recorded {
    jm_state *state;     /* each decision with two or more actions */
    int *legal;          /* their legal lists, one after another */
    size_t *first;       /* decision i's list starts at legal[first[i]] */
    int *game_end;       /* game g's decisions end before game_end[g] */
    size_t n;
    int games;
    jm_rules rules;
} recorded;

static void recorded_free(recorded *r)
{
    free(r->state);
    free(r->legal);
    free(r->first);
    free(r->game_end);
}

/* The decisions of `games` random 4-player games of seed 1: 0, or -1. */
static int record_decisions(recorded *r, int games)
{
    memset(r, 0, sizeof *r);
    jm_rules_default(&r->rules);
    size_t cap = (size_t)games * 400, lcap = cap * 8;
    r->state = malloc(cap * sizeof *r->state);
    r->legal = malloc(lcap * sizeof *r->legal);
    r->first = malloc((cap + 1) * sizeof *r->first);
    r->game_end = malloc((size_t)games * sizeof *r->game_end);
    if (!r->state || !r->legal || !r->first || !r->game_end) return -1;
    jm_pcg32 rng;
    jm_pcg32_seed(&rng, 1, 0);
    size_t used = 0;
    for (int g = 0; g < games; g++) {
        jm_state s;
        jm_init(&s, &r->rules, 4, 1, (uint64_t)g, NULL, NULL, 0);
        int legal[JM_MAX_ACTIONS], n;
        while ((n = jm_legal(&s, legal)) > 0) {
            if (n > 1 && r->n < cap && used + (size_t)n <= lcap) {
                r->state[r->n] = s;
                r->first[r->n++] = used;
                memcpy(r->legal + used, legal, (size_t)n * sizeof *legal);
                used += (size_t)n;
            }
            jm_apply_trusted(&s, legal[n > 1 ? jm_pcg32_bounded(&rng, (uint32_t)n) : 0], NULL);
        }
        r->game_end[g] = (int)r->n;
    }
    r->first[r->n] = used;
    r->games = games;
    return 0;
}

static int agent_failed(agent *a)
{
    fprintf(stderr, "jamaica: bench: %s\n", *agent_fault(a) ? agent_fault(a) : "an agent chose nothing");
    return -1;
}

/* Whole games from game *next on for at least `seconds`: decisions per
 * second in play (*next moves on, so that each call plays new games), or
 * -1 after an agent's failure. */
static double time_in_play(agent *seats, const jm_rules *rules, double seconds, uint64_t *next)
{
    agent *by[4] = {&seats[0], &seats[1], &seats[2], &seats[3]};
    play_stats st = {0};
    double t0 = timing_seconds(), t;
    do {
        uint64_t g = (*next)++;
        jm_state s;
        for (int p = 0; p < 4; p++) agent_new_game(&seats[p], rules, 4, 1, g, p);
        jm_init(&s, rules, 4, 1, g, NULL, NULL, 0);
        if (sim_play(&s, by, NULL, &st)) return agent_failed(by[jm_to_move(&s)]);
        t = timing_seconds() - t0;
    } while (t < seconds);
    return (double)st.decisions / t;
}

/* The recorded decisions, game after game from game *at (from the first
 * again after the last), for at least `seconds` spent in agent_choose()
 * and new games: decisions per second, or -1 after a failure. */
static double time_choose(agent *seats, const recorded *r, double seconds, int *at)
{
    long done = 0;
    double spent = 0;
    do {
        int g = *at;
        *at = (g + 1) % r->games;
        int from = g ? r->game_end[g - 1] : 0;
        double t0 = timing_seconds();
        for (int p = 0; p < 4; p++) agent_new_game(&seats[p], &r->rules, 4, 1, (uint64_t)g, p);
        for (int i = from; i < r->game_end[g]; i++) {
            const jm_state *s = &r->state[i];
            agent *a = &seats[jm_to_move(s)];
            if (agent_choose(a, s, r->legal + r->first[i], (int)(r->first[i + 1] - r->first[i])) < 0)
                return agent_failed(a);
        }
        spent += timing_seconds() - t0;
        done += r->game_end[g] - from;
    } while (spent < seconds);
    return (double)done / spent;
}

/* Both measures for the built-in random (k = 0) and each --agent, `reps`
 * rounds with the agents side by side; the ratios to random are medians
 * of each round's.  0, 2 (an agent that cannot be made) or 3. */
static int bench_agents_run(const bench_agents *ba, int quick, int reps)
{
    enum { MAXR = 5 };
    int k = ba->n + 1, made = 0, rc = 2;
    agent seats[BENCH_AGENTS + 1][4];
    double play[BENCH_AGENTS + 1][MAXR], pick[BENCH_AGENTS + 1][MAXR], rel[BENCH_AGENTS + 1][MAXR];
    uint64_t next[BENCH_AGENTS + 1];
    int at[BENCH_AGENTS + 1] = {0};
    double slice = quick ? 0.1 : 0.5;
    recorded r;
    if (record_decisions(&r, quick ? 50 : 400)) {
        fprintf(stderr, "jamaica: bench: out of memory\n");
        goto out;
    }
    for (; made < k; made++) {
        const char *spec = made ? ba->spec[made - 1] : "random";
        for (int p = 0; p < 4; p++) {
            char err[1200];
            if (agent_create(&seats[made][p], spec, err, sizeof err)) {
                fprintf(stderr, "jamaica: bench: %s\n", err);
                for (int q = 0; q < p; q++) agent_destroy(&seats[made][q]);
                goto out;
            }
        }
        next[made] = 0;
    }
    rc = 3;
    for (int rep = 0; rep < reps && rep < MAXR; rep++)
        for (int i = 0; i < k; i++) {
            if ((play[i][rep] = time_in_play(seats[i], &r.rules, slice, &next[i])) < 0) goto out;
            if ((pick[i][rep] = time_choose(seats[i], &r, slice, &at[i])) < 0) goto out;
            rel[i][rep] = play[i][rep] / play[0][rep];
        }
    if (reps > MAXR) reps = MAXR;
    printf("decisions_per_sec_random=%.0f\n", median(play[0], reps));
    printf("choose_ns_random=%.1f\n", 1e9 / median(pick[0], reps));
    for (int i = 1; i < k; i++) {
        printf("agent_%d=%s\n", i, ba->spec[i - 1]);
        printf("decisions_per_sec_%d=%.0f\n", i, median(play[i], reps));
        printf("choose_ns_%d=%.1f\n", i, 1e9 / median(pick[i], reps));
        printf("relative_to_random_%d=%.3f\n", i, median(rel[i], reps));
    }
    rc = 0;
out:
    for (int i = 0; i < made; i++)
        for (int p = 0; p < 4; p++) agent_destroy(&seats[i][p]);
    recorded_free(&r);
    return rc;
}

static int parse_agent(const char *value, void *field)
{
    bench_agents *ba = field;
    if (ba->n == BENCH_AGENTS) {
        fprintf(stderr, "jamaica: bench: at most %d --agent options\n", BENCH_AGENTS);
        return -1;
    }
    ba->spec[ba->n++] = value;
    return 0;
}

typedef struct bench_opts {
    int quick;
    bench_agents agents;
    const char *net;
} bench_opts;

static const opt options[] = {
    OPT_ROW_FLAG("quick", bench_opts, quick, "fewer repetitions (under 5 seconds)"),
    {.name = "agent", .kind = OPT_CALL, .arg = "SPEC", .offset = offsetof(bench_opts, agents), .parse = parse_agent, .many = 1,
     .help = "also time this agent's decisions (any --agents item: built-in,\n"
             "plugin:PATH.so or cmd:COMMAND), side by side with the built-in\n"
             "random; repeat for more (up to 8)"},
    OPT_ROW_TEXT("net", "FILE", bench_opts, net, NULL,
                 "time a network file's evaluation instead (docs/NETWORK.md)"),
};

static const char bench_about[] =
    "Measure the engine and print key=value lines:\n"
    "  state_bytes        sizeof(jm_state)\n"
    "  copy_ns            one state copy (median of 5 runs)\n"
    "  apply_ns           one legal-list + random choice + apply, in random\n"
    "                     4-player games (median of 5 runs)\n"
    "  games_per_sec_1t   random 4-player games per second on one thread (the\n"
    "                     harness's game loop, no CSV)\n"
    "  games_per_sec      the same on all threads (OMP_NUM_THREADS or all cores)\n"
    "  threads            the thread count of games_per_sec\n"
    "  speedup            games_per_sec / games_per_sec_1t (median of the ratios)\n"
    "  instructions_per_game  instructions retired per random 4-player game on\n"
    "                     one thread (the harness's game loop, as games_per_sec_1t),\n"
    "                     from the CPU's counter; 'unavailable' where the kernel\n"
    "                     gives none (virtual machines often do not): valgrind\n"
    "                     --tool=callgrind counts them anywhere (docs/PERFORMANCE.md)\n"
    "  observe_ns         one jm_observe() of the seat to move at the search\n"
    "                     position below (median of 5 runs)\n"
    "  playouts_per_sec   random playouts to the end of the game from a fixed\n"
    "                     4-player position in round 4 (one thread)\n"
    "  mcts_iters_per_sec mcts iterations per second in decisions of iters=1000\n"
    "                     at the same position (one thread)\n"
    "  mcts_iter_playouts what one mcts iteration costs, in random playouts\n"
    "                     (median of the ratios of runs side by side)\n"
    "  searcher_iters_per_sec  the same as mcts_iters_per_sec for the stronger\n"
    "                     searcher, " SEARCHER " (docs/SEARCH.md):\n"
    "                     playouts cut off after two rounds and evaluated\n"
    "  bench_decisions    decisions in the first 1000 games of seed 1 (a\n"
    "                     deterministic count: it changes only with behaviour)\n"
    "  decisions_per_sec_random  decisions per second in random 4-player games\n"
    "                     of the built-in random, one thread (the harness's game\n"
    "                     loop, the engine's time included)\n"
    "  choose_ns_random   one agent_choose() of the built-in random, at the\n"
    "                     decisions of recorded random 4-player games\n"
    "\n"
    "With --agent SPEC, only the last two lines, then for each SPEC (I from 1),\n"
    "four of it seated (one per seat; for a program, four processes):\n"
    "  agent_I            the spec\n"
    "  decisions_per_sec_I  as decisions_per_sec_random, for SPEC\n"
    "  choose_ns_I        as choose_ns_random, for SPEC (a program's includes\n"
    "                     the exchange of lines)\n"
    "  relative_to_random_I  decisions_per_sec_I / decisions_per_sec_random\n"
    "                     (median of the ratios of rounds side by side)\n"
    "Each measure is the median of 5 rounds, the agents side by side in each.\n"
    "\n"
    "With --net FILE, only the network's lines, at the decisions of 200 random\n"
    "4-player games of seed 1 (one thread):\n"
    "  net_hidden         its hidden layers' widths\n"
    "  net_positions      the decisions timed\n"
    "  encode_ns          one jm_encode() of the seat's view\n"
    "  net_eval_ns        one evaluation of an encoding: the hidden layers, the\n"
    "                     legal ids' logits and the value\n"
    "  net_decide_ns      the net agent's part of a decision: encode, evaluate,\n"
    "                     choose\n"
    "  net_checksum       a sum of the outputs, the same on every machine\n";

static const opt_table table = {
    .command = "bench",
    .synopsis = "jamaica bench",
    .about = bench_about,
    .opts = options,
    .n = OPT_COUNT(options),
};

int cmd_bench(int argc, char **argv)
{
    bench_opts o = {0};
    int rc = opt_parse(&table, argc, argv, &o, NULL, NULL);
    if (rc) return rc == OPT_HELP ? 0 : 2;
    int quick = o.quick;
    const int reps = 5;
    if (o.net) return bench_net(o.net, quick, reps);
    if (o.agents.n) return bench_agents_run(&o.agents, quick, reps);
    uint64_t games = quick ? 1000 : 20000;
    long copies = quick ? 20000000L : 100000000L;

    jm_rules rules;
    jm_rules_default(&rules);
    jm_state s0;
    jm_init(&s0, &rules, 4, 1, 0, NULL, NULL, 0);
    printf("state_bytes=%zu\n", sizeof(jm_state));
    fflush(stdout);

    int threads;
    if (cli_default_threads(&threads)) return 2;
    double cp[5], ap[5], g1[5], gn[5], sp[5], po[5], it[5], ratio[5], ob[5], si[5];
    jm_state sp0;
    search_position(&sp0);
    double slice = quick ? 0.1 : 1.0;
    play_stats fp = {0};
    time_games(0, 1000, &fp);
    for (int r = 0; r < reps; r++) {
        cp[r] = time_copy(&s0, copies);
        play_stats st = {0};
        double t = time_games(1000 + (uint64_t)r * games, games, &st);
        ap[r] = t * 1e9 / (double)st.applies;
        uint64_t first = 1000000 + (uint64_t)r * games;
        g1[r] = (double)games / time_sim(1, first, games);
        gn[r] = (double)(games * 2) / time_sim(threads, first, games * 2);
        sp[r] = gn[r] / g1[r];
        ob[r] = time_observe(&sp0, copies / 20);
        po[r] = time_playouts(&sp0, slice);
        it[r] = time_mcts(&sp0, "mcts:iters=1000", 1000, slice);
        si[r] = time_mcts(&sp0, SEARCHER, SEARCHER_ITERS, slice);
        ratio[r] = po[r] / it[r];
    }
    printf("copy_ns=%.2f\n", median(cp, reps));
    printf("apply_ns=%.1f\n", median(ap, reps));
    printf("games_per_sec_1t=%.0f\n", median(g1, reps));
    printf("games_per_sec=%.0f\n", median(gn, reps));
    printf("threads=%d\n", threads);
    printf("speedup=%.2f\n", median(sp, reps));
    char why[128] = "";
    uint64_t ins = count_instructions(3000000, games, why, sizeof why);
    if (ins) printf("instructions_per_game=%.0f\n", (double)ins / (double)games);
    else printf("instructions_per_game=unavailable (%s)\n", why);
    printf("observe_ns=%.1f\n", median(ob, reps));
    printf("playouts_per_sec=%.0f\n", median(po, reps));
    printf("mcts_iters_per_sec=%.0f\n", median(it, reps));
    printf("mcts_iter_playouts=%.2f\n", median(ratio, reps));
    printf("searcher_iters_per_sec=%.0f\n", median(si, reps));
    printf("bench_decisions=%llu\n", (unsigned long long)fp.decisions);
    fflush(stdout);
    return bench_agents_run(&o.agents, quick, reps);
}
