/*
 * tournament.c - `jamaica tournament`: agents in every seating, each seating
 * replaying the same deals (duplicate games: the dice are the agents'
 * common random numbers), then win rates, mean ranks, a pairwise matrix
 * and Plackett-Luce ratings with bootstrap intervals; optionally an SPRT
 * that stops when the evidence decides between the first two agents.
 */
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../agents/agent.h"
#include "../analysis/stats.h"
#include "cli.h"
#include "mpi.h"
#include "csv.h"
#include "outfile.h"
#include "sim.h"
#include "summary.h"
#include "tournament.h"

/* ---------------------------------------------------------------- seatings */

int tour_seatings(int nagents, int players, int balanced, int8_t (*out)[JM_MAX_PLAYERS])
{
    int K = nagents, P = players, n = 0;
    if (K < P && P % K) return -1;
    if (!balanced) {
        /* Every P-tuple over K agents in lexicographic order, kept when it
         * seats distinct agents (K >= P) or each agent P/K times (K < P). */
        long total = 1;
        for (int i = 0; i < P; i++) total *= K;
        for (long code = 0; code < total; code++) {
            int8_t s[JM_MAX_PLAYERS], cnt[SIM_MAX_AGENTS] = {0};
            long c = code;
            for (int i = P - 1; i >= 0; i--) {
                s[i] = (int8_t)(c % K);
                c /= K;
            }
            int ok = 1;
            for (int i = 0; i < P; i++) ok &= ++cnt[s[i]] <= (K >= P ? 1 : P / K);
            if (!ok) continue;
            if (n == SIM_MAX_SEATINGS) return -2;
            memcpy(out[n++], s, sizeof s);
        }
        return n;
    }
    /* Balanced: the K cyclic windows (j + i) mod K put agent a in seat i
     * for the one j = a - i (mod K), and their mirrors (j - i) mod K for
     * j = a + i: every agent sits in every seat exactly twice. */
    for (int mirror = 0; mirror < 2; mirror++)
        for (int j = 0; j < K; j++) {
            for (int i = 0; i < P; i++) out[n][i] = (int8_t)(((mirror ? j - i : j + i) % K + K) % K);
            n++;
        }
    return n;
}

/* ---------------------------------------------------------------- tallies */

typedef struct tour {
    int K, P, S;
    uint64_t deals;
    const int8_t (*seating)[JM_MAX_PLAYERS];
    /* per agent */
    uint64_t games[SIM_MAX_AGENTS], wins[SIM_MAX_AGENTS]; /* wins in SUMMARY_WIN_UNITs */
    an_moments rank[SIM_MAX_AGENTS];
    /* ahead[a][b]: games where a finished ahead of b, in halves (a tie is 1) */
    uint64_t ahead2[SIM_MAX_AGENTS][SIM_MAX_AGENTS], met[SIM_MAX_AGENTS][SIM_MAX_AGENTS];
    /* distinct finishing orders, and each game's */
    an_ranking *dist;
    size_t ndist, capdist;
    uint32_t *index;      /* hash of the distinct orders: 1 + their place in dist, 0 empty */
    uint16_t *game_rank;  /* per game unit: its index in dist */
    size_t nunits, capunits;
    int oom;
    /* SPRT: the first agent (0) against the second (1), one score per deal */
    int sprt_on;
    an_sprt sprt;
    an_moments deal_scores;
    double deal_sum, deal_n;  /* this deal's A-vs-B scores so far */
    int decision;
    double llr;
    uint64_t deals_done;
} tour;

static int same_ranking(const an_ranking *a, const an_ranking *b)
{
    return a->m == b->m && !memcmp(a->item, b->item, a->m) && !memcmp(a->tie_next, b->tie_next, a->m);
}

/* Room for n + 1 elements of `each` bytes in *p (capacity *cap, doubling
 * from `first`); 0, or -1 when out of memory. */
static int grow(void **p, size_t *cap, size_t n, size_t each, size_t first)
{
    if (n < *cap) return 0;
    size_t c = *cap ? 2 * *cap : first;
    void *q = realloc(*p, c * each);
    if (!q) return -1;
    *p = q;
    *cap = c;
    return 0;
}

/* A finishing order's hash slot (TOUR_HASH slots; at most P! times the
 * tie patterns, 23,040 for six seats, are ever distinct). */
#define TOUR_HASH 65536u
static uint32_t ranking_hash(const an_ranking *r)
{
    uint64_t h = r->m;
    for (int i = 0; i < r->m; i++) h = h * 31 + (uint64_t)(r->item[i] * 2 + r->tie_next[i]);
    return (uint32_t)(jm_mix64(h) & (TOUR_HASH - 1));
}

static int tour_on_game(void *ctx, const sim_game *r)
{
    tour *t = ctx;
    int P = t->P;
    /* The finishing order of the players (the ghost left out), best first. */
    int order[JM_MAX_PLAYERS];
    for (int i = 0; i < P; i++) order[i] = i;
    for (int i = 1; i < P; i++)
        for (int j = i; j > 0 && r->seat[order[j]].rank < r->seat[order[j - 1]].rank; j--) {
            int x = order[j];
            order[j] = order[j - 1];
            order[j - 1] = x;
        }
    an_ranking rk = {.m = (uint8_t)P, .weight = 1};
    for (int i = 0; i < P; i++) {
        rk.item[i] = (uint8_t)r->seat[order[i]].agent;
        rk.tie_next[i] = (uint8_t)(i + 1 < P && r->seat[order[i]].rank == r->seat[order[i + 1]].rank);
    }
    /* Canonical order inside a tie group, so equal outcomes share a row. */
    for (int i = 0; i < P;) {
        int j = i;
        while (rk.tie_next[j]) j++;
        for (int a = i + 1; a <= j; a++)
            for (int b = a; b > i && rk.item[b] < rk.item[b - 1]; b--) {
                uint8_t x = rk.item[b];
                rk.item[b] = rk.item[b - 1];
                rk.item[b - 1] = x;
            }
        i = j + 1;
    }
    uint32_t h = ranking_hash(&rk);
    while (t->index[h] && !same_ranking(&t->dist[t->index[h] - 1], &rk)) h = (h + 1) & (TOUR_HASH - 1);
    if (!t->index[h]) {
        if (t->ndist >= UINT16_MAX || grow((void **)&t->dist, &t->capdist, t->ndist, sizeof *t->dist, 64))
            return t->oom = 1;
        t->dist[t->ndist++] = rk;
        t->index[h] = (uint32_t)t->ndist;
    }
    size_t d = t->index[h] - 1;
    if (grow((void **)&t->game_rank, &t->capunits, t->nunits, sizeof *t->game_rank, 4096)) return t->oom = 1;
    t->game_rank[t->nunits++] = (uint16_t)d;

    for (int i = 0; i < P; i++) {
        const sim_seat *s = &r->seat[i];
        int a = s->agent;
        t->games[a]++;
        t->wins[a] += s->winner ? (uint64_t)(SUMMARY_WIN_UNIT / r->nwin) : 0;
        an_moments_add(&t->rank[a], s->rank);
        for (int j = 0; j < P; j++) {
            int b = r->seat[j].agent;
            if (j == i || b == a) continue;
            t->met[a][b]++;
            t->ahead2[a][b] += s->rank < r->seat[j].rank ? 2 : s->rank == r->seat[j].rank ? 1 : 0;
            if (t->sprt_on && a == 0 && b == 1) {
                t->deal_sum += s->rank < r->seat[j].rank ? 1 : s->rank == r->seat[j].rank ? 0.5 : 0;
                t->deal_n += 1;
            }
        }
    }
    if (r->seating + 1 == t->S) {
        t->deals_done++;
        if (t->sprt_on && t->deal_n > 0) {
            an_moments_add(&t->deal_scores, t->deal_sum / t->deal_n);
            t->deal_sum = t->deal_n = 0;
            t->llr = an_sprt_llr(&t->sprt, &t->deal_scores);
            t->decision = an_sprt_decide(&t->sprt, t->llr);
            if (t->decision) return 1;
        }
    }
    return t->oom;
}

/* ---------------------------------------------------------------- ratings */

/* Elo-scale ratings (geometric mean 0) of one weighting of the rankings. */
static int fit_ratings(const tour *t, double *weights, double *elo)
{
    an_ranking *r = malloc(t->ndist * sizeof *r);
    if (!r) return -1;
    size_t n = 0;
    for (size_t d = 0; d < t->ndist; d++)
        if (weights[d] > 0) {
            r[n] = t->dist[d];
            r[n++].weight = weights[d];
        }
    double g[SIM_MAX_AGENTS];
    int it = an_pl_fit(r, n, t->K, g, 100000);
    free(r);
    if (it < 0) return -1;
    for (int a = 0; a < t->K; a++) elo[a] = an_pl_elo(g[a], 1);
    return 0;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The ratings and their bootstrap percentile intervals: `boot` resamples of
 * the deals (each deal with all its seatings, since its games share dice),
 * from a PCG32 stream of the run's seed. */
static int ratings(const tour *t, uint64_t seed, int boot, double *elo, double *lo, double *hi)
{
    uint64_t deals = t->nunits / (uint64_t)t->S;
    double *w = calloc(t->ndist, sizeof *w), *samples = malloc((size_t)boot * SIM_MAX_AGENTS * sizeof *samples);
    int rc = -1;
    if (!w || !samples) goto out;
    for (size_t u = 0; u < deals * (uint64_t)t->S; u++) w[t->game_rank[u]] += 1;
    if (fit_ratings(t, w, elo)) goto out;
    jm_pcg32 rng;
    jm_pcg32_seed(&rng, jm_mix64(seed ^ 0x626f6f7473747261ULL), 0x7261);
    int ok = 0;
    for (int b = 0; b < boot; b++) {
        memset(w, 0, t->ndist * sizeof *w);
        for (uint64_t k = 0; k < deals; k++) {
            uint64_t d = deals <= UINT32_MAX ? jm_pcg32_bounded(&rng, (uint32_t)deals) : k;
            for (int s = 0; s < t->S; s++) w[t->game_rank[d * (uint64_t)t->S + (uint64_t)s]] += 1;
        }
        if (fit_ratings(t, w, samples + (size_t)ok * SIM_MAX_AGENTS) == 0) ok++;
    }
    for (int a = 0; a < t->K; a++) {
        double v[4096];
        int n = 0;
        for (int b = 0; b < ok && n < 4096; b++) v[n++] = samples[(size_t)b * SIM_MAX_AGENTS + (size_t)a];
        qsort(v, (size_t)n, sizeof *v, cmp_double);
        lo[a] = n ? v[(int)floor(0.025 * (n - 1))] : NAN;
        hi[a] = n ? v[(int)ceil(0.975 * (n - 1))] : NAN;
    }
    rc = 0;
out:
    free(w);
    free(samples);
    return rc;
}

/* ---------------------------------------------------------------- command */

static const char tour_help[] =
    "Usage: jamaica tournament --agents A,B[,C...] [--players P] [--games N]\n"
    "                          [--seed S] [--threads T] [--rules R]\n"
    "                          [--seatings all|balanced] [--out RATINGS.csv]\n"
    "                          [--pairs PAIRS.csv] [--games-csv GAMES.csv]\n"
    "                          [--bootstrap B] [--sprt ELO0,ELO1] [--alpha A] [--beta B]\n"
    "\n"
    "Play N deals (game indexes 0..N-1 of seed S), each once in every seating of\n"
    "the agents at P seats, so every seating meets the same dice (duplicate\n"
    "games).  Seatings: with as many agents as seats, every permutation; with\n"
    "more agents, every ordered choice of P distinct agents; with fewer (P a\n"
    "multiple of their number), every arrangement giving each P/K seats.\n"
    "'balanced' (chosen by itself past %d seatings) keeps the K cyclic orders\n"
    "and their mirrors, which seat every agent in every seat equally often.\n"
    "The same bytes for any --threads.\n"
    "\n"
    "Prints a Markdown report: each agent's win rate (Wilson 95%%) and mean rank\n"
    "(t 95%%), how often each finished ahead of each other (the row's agent ahead\n"
    "of the column's, ties half), and Plackett-Luce ratings (Hunter's MM fit to\n"
    "the finishing orders of the players, the ghost left out; Bradley-Terry with\n"
    "two players) on the Elo scale (400 log10 of the strength, mean 0), with\n"
    "bootstrap 95%% intervals over the deals.\n"
    "\n"
    "  --agents LIST    2 to %d agents, comma-separated, each NAME or\n"
    "                   NAME:key=value,... (as for sim)\n"
    "  --players P      2 to 6 (the number of agents, if 2..6; else 4)\n"
    "  --games N        deals (100); games played = N x seatings\n"
    "  --seed S         the run's seed (1)\n"
    "  --threads T      OpenMP threads (all: %d here)\n"
    "  --rules R        2021 (default) or classic, with key=value options\n"
    "  --seatings M     all or balanced (all, up to %d seatings)\n"
    "  --out PATH       the ratings CSV (ratings.csv): agent, games, wins,\n"
    "                   win_rate, wilson_low, wilson_high, mean_rank, rank_low,\n"
    "                   rank_high, rating, rating_low, rating_high\n"
    "  --pairs PATH     the pairwise CSV: agent, opponent, games, ahead, low, high\n"
    "  --games-csv PATH one row per game and seat, as sim's, with `seating` last\n"
    "  --bootstrap B    bootstrap resamples for the rating intervals (200; 0: none)\n"
    "  --sprt E0,E1     stop early once the sequential probability ratio test\n"
    "                   decides between H0: the first agent is E0 Elo better than\n"
    "                   the second, and H1: E1 better (one score per deal: the\n"
    "                   share of its games the first finished ahead of the second)\n"
    "  --alpha A, --beta B  the SPRT's error rates (0.05 each)\n"
    "  -h, --help       this help\n";

static int parse_prob(const char *v, const char *what, double *out)
{
    char *end;
    double x = strtod(v, &end);
    if (!*v || *end || !(x > 0 && x < 0.5)) return cli_usage_error("bad %s '%s' (a number in (0, 0.5))", what, v);
    *out = x;
    return 0;
}

static int parse_sprt(const char *v, double *e0, double *e1)
{
    char *end, *end2;
    *e0 = strtod(v, &end);
    if (end == v || *end != ',') return cli_usage_error("bad --sprt '%s' (ELO0,ELO1, e.g. 0,10)", v);
    *e1 = strtod(end + 1, &end2);
    if (end2 == end + 1 || *end2 || !isfinite(*e0) || !isfinite(*e1) || fabs(*e0) > 1000 || fabs(*e1) > 1000)
        return cli_usage_error("bad --sprt '%s' (ELO0,ELO1, e.g. 0,10)", v);
    if (!(*e1 > *e0)) return cli_usage_error("bad --sprt '%s' (ELO1 must be above ELO0)", v);
    return 0;
}

static void md_name(char *buf, size_t n, const char *spec)
{
    snprintf(buf, n, "`%s`", spec);
}

int cmd_tournament(int argc, char **argv)
{
    static const struct option opts[] = {
        {"agents", required_argument, 0, 'a'},   {"players", required_argument, 0, 'p'},
        {"games", required_argument, 0, 'n'},    {"seed", required_argument, 0, 's'},
        {"threads", required_argument, 0, 't'},  {"rules", required_argument, 0, 'r'},
        {"seatings", required_argument, 0, 'S'}, {"out", required_argument, 0, 'o'},
        {"pairs", required_argument, 0, 'q'},    {"games-csv", required_argument, 0, 'g'},
        {"bootstrap", required_argument, 0, 'b'}, {"sprt", required_argument, 0, 'x'},
        {"alpha", required_argument, 0, 'A'},    {"beta", required_argument, 0, 'B'},
        {"help", no_argument, 0, 'h'},           {0, 0, 0, 0},
    };
    uint64_t games = 100, players = 0, seed = 1, threads = 0, boot = 200;
    const char *agents = NULL, *rules_text = "2021", *out_path = "ratings.csv", *pairs_path = NULL,
               *games_path = NULL;
    int balanced = -1, sprt_on = 0;
    double e0 = 0, e1 = 0, alpha = 0.05, beta = 0.05;
    int ch;
    optind = 1;
    opterr = 0;
    while ((ch = cli_getopt(argc, argv, opts)) != -1) {
        switch (ch) {
        case 'a': agents = optarg; break;
        case 'p': if (cli_parse_u64(optarg, "player count", 2, 6, &players)) return 2; break;
        case 'n': if (cli_parse_u64(optarg, "deal count", 1, UINT64_MAX / 2 / SIM_MAX_SEATINGS, &games)) return 2; break;
        case 's': if (cli_parse_u64(optarg, "seed", 0, UINT64_MAX, &seed)) return 2; break;
        case 't': if (cli_parse_u64(optarg, "thread count", 1, CLI_MAX_THREADS, &threads)) return 2; break;
        case 'r': rules_text = optarg; break;
        case 'S':
            if (!strcmp(optarg, "all")) balanced = 0;
            else if (!strcmp(optarg, "balanced")) balanced = 1;
            else return cli_usage_error("bad --seatings '%s' (all or balanced)", optarg);
            break;
        case 'o': out_path = optarg; break;
        case 'q': pairs_path = optarg; break;
        case 'g': games_path = optarg; break;
        case 'b': if (cli_parse_u64(optarg, "bootstrap count", 0, 4096, &boot)) return 2; break;
        case 'x': if (parse_sprt(optarg, &e0, &e1)) return 2; sprt_on = 1; break;
        case 'A': if (parse_prob(optarg, "--alpha", &alpha)) return 2; break;
        case 'B': if (parse_prob(optarg, "--beta", &beta)) return 2; break;
        case 'h': {
            int t;
            cli_default_threads(&t);
            printf(tour_help, SIM_MAX_SEATINGS, SIM_MAX_AGENTS, t, SIM_MAX_SEATINGS);
            return 0;
        }
        case CLI_BAD_VALUE: return 2;
        default: return cli_bad_option("tournament", argv);
        }
    }
    if (optind < argc) return cli_usage_error("tournament: unexpected argument '%s'", argv[optind]);
    if (!agents) return cli_usage_error("tournament needs --agents (two or more)");
    if (!*out_path) return cli_usage_error("tournament: empty --out path");
    sim_config c;
    memset(&c, 0, sizeof c);
    char err[512];
    int K;
    if (sim_split_agents(agents, c.specs, SIM_MAX_AGENTS, &K, err, sizeof err)) return cli_usage_error("%s", err);
    if (K < 2 || K > SIM_MAX_AGENTS)
        return cli_usage_error("--agents '%s' names %d agents (a tournament takes 2 to %d)", agents, K, SIM_MAX_AGENTS);
    for (int i = 0; i < K; i++)
        for (int j = 0; j < i; j++)
            if (!strcmp(c.specs[i], c.specs[j]))
                return cli_usage_error("agent '%s' named twice in --agents (give each once)", c.specs[i]);
    if (!players) players = K <= 6 ? (uint64_t)K : 4;
    if (K < (int)players && players % (uint64_t)K)
        return cli_usage_error("%d agents cannot share %d seats equally (give a divisor of the player count, or "
                               "at least as many agents as seats)", K, (int)players);
    if (jm_rules_parse(&c.rules, rules_text, err, sizeof err)) return cli_usage_error("%s", err);
    jm_state probe;
    if (jm_init(&probe, &c.rules, (int)players, 0, 0, NULL, err, sizeof err) != JM_OK)
        return cli_usage_error("%s", err);
    static int8_t seating[SIM_MAX_SEATINGS][JM_MAX_PLAYERS];
    int S = tour_seatings(K, (int)players, balanced == 1, seating);
    if (S == -2 && balanced == -1) S = tour_seatings(K, (int)players, 1, seating), balanced = 1;
    if (S == -2)
        return cli_usage_error("%d agents at %d seats give more than %d seatings (use --seatings balanced)", K,
                               (int)players, SIM_MAX_SEATINGS);
    if (balanced < 0) balanced = 0;
    if (cli_threads(&threads)) return 2;
    if (pairs_path && !*pairs_path) return cli_usage_error("tournament: empty --pairs path");
    const char *paths[3] = {out_path, pairs_path, games_path};
    for (int i = 0; i < 3; i++)
        for (int j = i + 1; j < 3; j++)
            if (paths[i] && paths[j] && outfile_same(paths[i], paths[j]))
                return cli_usage_error("'%s' and '%s' are the same file", paths[i], paths[j]);
    c.games = games;
    c.players = (int)players;
    c.seed = seed;
    c.threads = (int)threads;
    c.nspecs = K;
    c.nseatings = S;
    c.seating = (const int8_t(*)[JM_MAX_PLAYERS])seating;
    c.games_path = games_path;
    c.progress = isatty(2);
    c.dist = sim_mpi_dist();
    int writer = sim_mpi_rank() == 0; /* over MPI, rank 0 writes and reports */

    tour *t = calloc(1, sizeof *t);
    if (t) t->index = calloc(TOUR_HASH, sizeof *t->index);
    if (!t || !t->index) {
        free(t);
        return cli_usage_error("out of memory");
    }
    t->K = K;
    t->P = (int)players;
    t->S = S;
    t->seating = c.seating;
    t->sprt_on = sprt_on;
    if (sprt_on) an_sprt_init(&t->sprt, e0, e1, alpha, beta);
    c.on_game = tour_on_game;
    c.ctx = t;

    outfile of_r, of_p;
    memset(&of_r, 0, sizeof of_r);
    memset(&of_p, 0, sizeof of_p);
    of_r.slot = of_p.slot = -1;
    int rc = 1;
    int bad = writer && (outfile_open(&of_r, out_path, err, sizeof err) ||
                         (pairs_path && outfile_open(&of_p, pairs_path, err, sizeof err)));
    if (sim_mpi_any(bad)) {
        outfile_abort(&of_r);
        free(t->index);
        free(t);
        return bad ? cli_usage_error("%s", err) : 2;
    }
    cli_catch_stop();
    sim_outcome res;
    int src = sim_run(&c, &cli_stop, &res, err, sizeof err);
    cli_release_stop();
    if (src || t->oom) {
        outfile_abort(&of_r);
        outfile_abort(&of_p);
        free(t->dist);
        free(t->index);
        free(t->game_rank);
        free(t);
        if (src == 2) return cli_usage_error("%s", err);
        fprintf(stderr, "jamaica: %s\n", src ? err : "out of memory");
        return 1;
    }
    if (!writer) {
        free(t->dist);
        free(t->index);
        free(t->game_rank);
        free(t);
        return res.interrupted ? 128 + cli_stop : 0;
    }
    /* Only whole deals count (an interrupted run may end inside one). */
    uint64_t deals = t->nunits / (uint64_t)S;
    double elo[SIM_MAX_AGENTS], rlo[SIM_MAX_AGENTS], rhi[SIM_MAX_AGENTS];
    int have_ratings = deals > 0 && ratings(t, seed, (int)boot, elo, rlo, rhi) == 0;

    FILE *f = of_r.f;
    fputs("agent,games,wins,win_rate,wilson_low,wilson_high,mean_rank,rank_low,rank_high,rating,rating_low,"
          "rating_high\n", f);
    for (int a = 0; a < K; a++) {
        char q[CSV_QUOTED_SPEC];
        csv_field(q, sizeof q, c.specs[a]);
        double n = (double)t->games[a], w = (double)t->wins[a] / SUMMARY_WIN_UNIT, lo, hi;
        an_wilson(w, n, &lo, &hi);
        an_interval ri = an_mean_interval(&t->rank[a], 0);
        fprintf(f, "%s,%llu,%.10g,%.6f,%.6f,%.6f,%.4f,%.4f,%.4f,", q, (unsigned long long)t->games[a], w,
                n ? w / n : 0, lo, hi, ri.mean, ri.lo, ri.hi);
        if (have_ratings && boot) fprintf(f, "%.2f,%.2f,%.2f\n", elo[a], rlo[a], rhi[a]);
        else if (have_ratings) fprintf(f, "%.2f,,\n", elo[a]);
        else fputs(",,\n", f);
    }
    if (pairs_path) {
        fputs("agent,opponent,games,ahead,low,high\n", of_p.f);
        for (int a = 0; a < K; a++)
            for (int b = 0; b < K; b++) {
                if (a == b || !t->met[a][b]) continue;
                char qa[CSV_QUOTED_SPEC], qb[CSV_QUOTED_SPEC];
                csv_field(qa, sizeof qa, c.specs[a]);
                csv_field(qb, sizeof qb, c.specs[b]);
                double n = (double)t->met[a][b], x = (double)t->ahead2[a][b] / 2, lo, hi;
                an_wilson(x, n, &lo, &hi);
                fprintf(of_p.f, "%s,%s,%llu,%.6f,%.6f,%.6f\n", qa, qb, (unsigned long long)t->met[a][b], x / n, lo,
                        hi);
            }
    }
    if (outfile_commit(&of_r, err, sizeof err) || (pairs_path && outfile_commit(&of_p, err, sizeof err))) {
        outfile_abort(&of_p);
        fprintf(stderr, "jamaica: %s\n", err);
        goto done;
    }

    /* The Markdown report. */
    char rules_fmt[256];
    jm_rules_format(&c.rules, rules_fmt, sizeof rules_fmt);
    printf("# Tournament: %d agents, %d players, %llu deals x %d seatings (%s) = %llu games\n\n", K, (int)players,
           (unsigned long long)deals, S, balanced ? "balanced" : "all", (unsigned long long)(deals * (uint64_t)S));
    printf("Seed %llu, rules `%s`; %.1f s on %d threads (%.0f games/s).\n\n", (unsigned long long)seed, rules_fmt,
           res.seconds, c.threads, res.seconds > 0 ? (double)res.games_done / res.seconds : 0.0);
    printf("| agent | seat-games | win rate [95%%] | mean rank [95%%] | rating [95%%] |\n");
    printf("|---|---|---|---|---|\n");
    for (int a = 0; a < K; a++) {
        char name[SIM_SPEC_LEN + 4];
        md_name(name, sizeof name, c.specs[a]);
        double n = (double)t->games[a], w = (double)t->wins[a] / SUMMARY_WIN_UNIT, lo, hi;
        an_wilson(w, n, &lo, &hi);
        an_interval ri = an_mean_interval(&t->rank[a], 0);
        printf("| %s | %llu | %.2f%% [%.2f, %.2f] | %.3f [%.3f, %.3f] | ", name, (unsigned long long)t->games[a],
               n ? 100 * w / n : 0, 100 * lo, 100 * hi, ri.mean, ri.lo, ri.hi);
        if (have_ratings && boot) printf("%+.1f [%+.1f, %+.1f] |\n", elo[a], rlo[a], rhi[a]);
        else if (have_ratings) printf("%+.1f |\n", elo[a]);
        else printf("- |\n");
    }
    printf("\nFinished ahead (row ahead of column; ties count half):\n\n|   |");
    for (int b = 0; b < K; b++) printf(" %d |", b + 1);
    printf("\n|---|");
    for (int b = 0; b < K; b++) printf("---|");
    printf("\n");
    for (int a = 0; a < K; a++) {
        printf("| %d `%s` |", a + 1, c.specs[a]);
        for (int b = 0; b < K; b++) {
            if (a == b || !t->met[a][b]) printf(" - |");
            else printf(" %.1f%% |", 50.0 * (double)t->ahead2[a][b] / (double)t->met[a][b]);
        }
        printf("\n");
    }
    if (sprt_on) {
        const char *verdict = t->decision == AN_SPRT_H1 ? "H1 accepted" : t->decision == AN_SPRT_H0 ? "H0 accepted"
                                                                                                       : "inconclusive";
        double sc = t->deal_scores.mean;
        printf("\nSPRT `%s` against `%s`, H0: %+.1f Elo, H1: %+.1f Elo (alpha %.3g, beta %.3g): %s after %llu deals; "
               "LLR %.3f (bounds %.3f, %.3f); score %.4f (%+.1f Elo).\n",
               c.specs[0], c.specs[1], e0, e1, alpha, beta, verdict, (unsigned long long)t->deal_scores.n, t->llr,
               t->sprt.lower, t->sprt.upper, sc, an_score_elo(sc));
    }
    rc = 0;
    if (res.interrupted) {
        fprintf(stderr, "jamaica: stopped by %s: the report covers the %llu whole deals completed\n",
                strsignal(cli_stop), (unsigned long long)deals);
        rc = 128 + cli_stop;
    }
done:
    free(t->dist);
    free(t->index);
    free(t->game_rank);
    free(t);
    return rc;
}
