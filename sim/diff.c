/*
 * diff.c - `jamaica diff`: two GAMES.csv of the same deals compared game by
 * game (regression by seed).  Reports the games whose trace hash changed
 * and whose outcome changed, paired differences (B - A) of each seat's and
 * agent's win rate and mean score and of the game length with 95% t
 * intervals and McNemar's test for wins, and for the first changed games
 * the first event that differs, both games replayed.
 */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../agents/agent.h"
#include "../analysis/stats.h"
#include "cli.h"
#include "csv.h"
#include "play.h"
#include "sim.h"
#include "trace.h"

/* The columns diff reads, found by name in the header. */
enum { C_GAME, C_SEED, C_PLAYERS, C_RULES, C_SEAT, C_AGENT, C_GHOST, C_ROUNDS, C_SCORE, C_RANK, C_WIN, C_HASH,
       C_SEATING, NCOL };
static const char *const col_names[NCOL] = {"game", "seed", "players", "rules", "seat", "agent", "is_ghost",
                                            "rounds", "score", "rank", "win", "trace_hash", "seating"};

typedef struct dgame {
    uint64_t game, seed;
    long seating;                /* -1 without the column */
    int players, nseats, rounds;
    uint64_t hash;
    char rules[512];
    char agent[JM_MAX_SHIPS][SIM_SPEC_LEN];
    int ghost[JM_MAX_SHIPS], score[JM_MAX_SHIPS], rank[JM_MAX_SHIPS];
    double win[JM_MAX_SHIPS];
} dgame;

typedef struct dfile {
    const char *path;
    FILE *f;
    int col[NCOL];
    char *line, *work;           /* the line as read; a copy to split */
    size_t cap, workcap;
    int pending;                 /* line holds the next game's first row */
    uint64_t lineno;
} dfile;

static int read_line(dfile *d)
{
    ssize_t n = getline(&d->line, &d->cap, d->f);
    if (n < 0) return 0;
    d->lineno++;
    while (n > 0 && (d->line[n - 1] == '\n' || d->line[n - 1] == '\r')) d->line[--n] = '\0';
    return 1;
}

static int open_games_csv(dfile *d, const char *path)
{
    memset(d, 0, sizeof *d);
    d->path = path;
    d->f = fopen(path, "r");
    if (!d->f) return cli_usage_error("cannot read '%s': %s", path, strerror(errno));
    if (!read_line(d)) return cli_usage_error("'%s' is empty (not a GAMES.csv)", path);
    char *fields[64];
    int n = csv_split(d->line, fields, 64);
    for (int c = 0; c < NCOL; c++) {
        d->col[c] = -1;
        for (int i = 0; i < n; i++)
            if (!strcmp(fields[i], col_names[c])) d->col[c] = i;
        if (d->col[c] < 0 && c != C_SEATING)
            return cli_usage_error("'%s' has no column '%s' (not a GAMES.csv of this version)", path, col_names[c]);
    }
    d->pending = read_line(d);
    return 0;
}

static int parse_num(const char *s, long long *v)
{
    char *end;
    errno = 0;
    *v = strtoll(s, &end, 10);
    return !*s || *end || errno;
}

/* The next game's rows into *g: 1, 0 at the end, -1 (reported) on a bad row. */
static int next_game(dfile *d, dgame *g)
{
    if (!d->pending) return 0;
    memset(g, 0, sizeof *g);
    g->nseats = 0;
    for (;;) {
        char *f[64];
        size_t len = strlen(d->line) + 1;
        if (len > d->workcap) {
            char *w = realloc(d->work, len);
            if (!w) {
                cli_usage_error("out of memory");
                return -1;
            }
            d->work = w;
            d->workcap = len;
        }
        memcpy(d->work, d->line, len);
        int n = csv_split(d->work, f, 64);
        long long v[NCOL] = {0};
        int bad = n < 0;
        for (int c = 0; c < NCOL && !bad; c++) {
            if (d->col[c] < 0) continue;
            if (d->col[c] >= n) bad = 1;
            else if (c != C_RULES && c != C_AGENT && c != C_HASH && c != C_WIN && c != C_SEED && c != C_GAME)
                bad = parse_num(f[d->col[c]], &v[c]);
        }
        if (bad) {
            cli_usage_error("%s:%llu: not a GAMES.csv row", d->path, (unsigned long long)d->lineno);
            return -1;
        }
        uint64_t game = strtoull(f[d->col[C_GAME]], NULL, 10), seed = strtoull(f[d->col[C_SEED]], NULL, 10);
        long seating = d->col[C_SEATING] >= 0 ? (long)v[C_SEATING] : -1;
        if (g->nseats && (game != g->game || seating != g->seating)) return 1; /* the next game's row */
        if (g->nseats == JM_MAX_SHIPS) {
            cli_usage_error("%s:%llu: more than %d rows for game %llu", d->path, (unsigned long long)d->lineno,
                            JM_MAX_SHIPS, (unsigned long long)game);
            return -1;
        }
        if (!g->nseats) {
            g->game = game;
            g->seed = seed;
            g->seating = seating;
            g->players = (int)v[C_PLAYERS];
            g->rounds = (int)v[C_ROUNDS];
            g->hash = strtoull(f[d->col[C_HASH]], NULL, 16);
            snprintf(g->rules, sizeof g->rules, "%s", f[d->col[C_RULES]]);
        }
        int k = g->nseats++;
        snprintf(g->agent[k], SIM_SPEC_LEN, "%s", f[d->col[C_AGENT]]);
        g->ghost[k] = (int)v[C_GHOST];
        g->score[k] = (int)v[C_SCORE];
        g->rank[k] = (int)v[C_RANK];
        g->win[k] = atof(f[d->col[C_WIN]]);
        if (!read_line(d)) {
            d->pending = 0;
            return 1;
        }
    }
}

/* ---------------------------------------------------------------- replay */

typedef struct evbuf {
    jm_event *ev;
    size_t n, cap;
    int oom;
} evbuf;

static void keep_event(void *ctx, const jm_event *ev)
{
    evbuf *b = ctx;
    if (b->n == b->cap) {
        size_t cap = b->cap ? 2 * b->cap : 1024;
        jm_event *ne = realloc(b->ev, cap * sizeof *ne);
        if (!ne) {
            b->oom = 1;
            return;
        }
        b->ev = ne;
        b->cap = cap;
    }
    b->ev[b->n++] = *ev;
}

/* Play a game again from its rows; 0, or -1 with why. */
static int replay(const dgame *g, evbuf *b, uint64_t *hash, char *why, size_t len)
{
    jm_rules rules;
    if (jm_rules_parse(&rules, g->rules, why, len)) return -1;
    agent ag[JM_MAX_PLAYERS];
    agent *seats[JM_MAX_PLAYERS];
    int made = 0, rc = -1;
    for (int i = 0; i < g->players; i++) {
        if (agent_create(&ag[i], g->agent[i], why, len)) goto out;
        made++;
        agent_reset(&ag[i], g->seed, g->game, i);
        seats[i] = &ag[i];
    }
    b->n = 0;
    jm_tracer tr = {keep_event, b, 0};
    jm_state s;
    if (jm_init(&s, &rules, g->players, g->seed, g->game, &tr, why, len) != JM_OK) goto out;
    if (sim_play(&s, seats, &tr, NULL)) {
        snprintf(why, len, "an agent chose an illegal action");
        goto out;
    }
    uint64_t h = JM_HASH_INIT;
    for (size_t k = 0; k < b->n; k++) h = jm_hash_event(h, &b->ev[k]);
    *hash = h;
    rc = b->oom ? -1 : 0;
    if (b->oom) snprintf(why, len, "out of memory");
out:
    for (int i = 0; i < made; i++) agent_destroy(&ag[i]);
    return rc;
}

static int same_event(const jm_event *a, const jm_event *b)
{
    if (a->type != b->type || a->ship != b->ship || a->round != b->round) return 0;
    int n = jm_event_info(a->type)->nfields;
    for (int i = 0; i < n; i++)
        if (a->v[i] != b->v[i]) return 0;
    return 1;
}

static void show_first_difference(const dgame *a, const dgame *b, evbuf *ea, evbuf *eb)
{
    char why[256];
    uint64_t ha, hb;
    printf("\nGame %llu", (unsigned long long)a->game);
    if (a->seating >= 0) printf(" (seating %ld)", a->seating);
    printf(": hash %016llx -> %016llx\n", (unsigned long long)a->hash, (unsigned long long)b->hash);
    if (replay(a, ea, &ha, why, sizeof why)) {
        printf("  cannot replay A: %s\n", why);
        return;
    }
    if (replay(b, eb, &hb, why, sizeof why)) {
        printf("  cannot replay B: %s\n", why);
        return;
    }
    if (ha != a->hash || hb != b->hash) {
        printf("  the replay does not give the files' hashes (%016llx, %016llx): another version, or agents with "
               "wall-time budgets\n", (unsigned long long)ha, (unsigned long long)hb);
        return;
    }
    size_t k = 0;
    while (k < ea->n && k < eb->n && same_event(&ea->ev[k], &eb->ev[k])) k++;
    printf("  first difference at event %zu of %zu / %zu:\n", k + 1, ea->n, eb->n);
    printf("  A: ");
    if (k < ea->n) trace_event_json(stdout, &ea->ev[k]);
    else printf("(the game has ended)\n");
    printf("  B: ");
    if (k < eb->n) trace_event_json(stdout, &eb->ev[k]);
    else printf("(the game has ended)\n");
}

/* ---------------------------------------------------------------- tallies */

typedef struct pair_stat {
    char key[SIM_SPEC_LEN];
    an_moments win, score;       /* B - A per seat-game */
    double win_a, win_b, score_a, score_b;
    uint64_t b10, b01;           /* McNemar: won in A only, in B only */
} pair_stat;

#define MAX_KEYS 16

static pair_stat *find_key(pair_stat *ps, int *n, const char *key)
{
    for (int i = 0; i < *n; i++)
        if (!strcmp(ps[i].key, key)) return &ps[i];
    if (*n == MAX_KEYS) return NULL;
    pair_stat *p = &ps[(*n)++];
    memset(p, 0, sizeof *p);
    snprintf(p->key, sizeof p->key, "%s", key);
    return p;
}

static void add_pair(pair_stat *p, const dgame *a, const dgame *b, int k)
{
    an_moments_add(&p->win, b->win[k] - a->win[k]);
    an_moments_add(&p->score, (double)(b->score[k] - a->score[k]));
    p->win_a += a->win[k];
    p->win_b += b->win[k];
    p->score_a += a->score[k];
    p->score_b += b->score[k];
    p->b10 += a->win[k] > 0 && !(b->win[k] > 0);
    p->b01 += !(a->win[k] > 0) && b->win[k] > 0;
}

static void print_rows(const char *group, const pair_stat *ps, int n)
{
    for (int i = 0; i < n; i++) {
        const pair_stat *p = &ps[i];
        double N = (double)p->win.n, chi2, mp;
        an_interval w = an_mean_interval(&p->win, 0), s = an_mean_interval(&p->score, 0);
        an_mcnemar(p->b10, p->b01, &chi2, &mp);
        printf("| %s | `%s` | %llu | %.2f%% | %.2f%% | %+.2f [%+.2f, %+.2f] | %.3g | %.3g | %.2f | %.2f | %+.3f [%+.3f, "
               "%+.3f] | %.3g |\n",
               group, p->key, (unsigned long long)p->win.n, 100 * p->win_a / N, 100 * p->win_b / N, 100 * w.mean,
               100 * w.lo, 100 * w.hi, w.p, mp, p->score_a / N, p->score_b / N, s.mean, s.lo, s.hi, s.p);
    }
}

static int diff_files(const char *pa, const char *pb, int show, const char *la, const char *lb)
{
    dfile A, B;
    int rc = 2;
    if (open_games_csv(&A, pa)) return 2;
    if (open_games_csv(&B, pb)) {
        fclose(A.f);
        free(A.line);
        return 2;
    }
    dgame *ga = malloc(sizeof *ga), *gb = malloc(sizeof *gb);
    evbuf ea = {0}, eb = {0};
    pair_stat seats[MAX_KEYS], agents[MAX_KEYS];
    int nseat = 0, nagent = 0;
    an_moments rounds = {0};
    double rounds_a = 0, rounds_b = 0;
    uint64_t games = 0, hash_changed = 0, outcome_changed = 0, shown = 0;
    char first_changed[2][200] = {"", ""}; /* the first games whose hash, and whose outcome, changed */
    size_t fc_len[2] = {0, 0};
    if (!ga || !gb) {
        cli_usage_error("out of memory");
        goto out;
    }
    for (;;) {
        int ra = next_game(&A, ga), rb = next_game(&B, gb);
        if (ra < 0 || rb < 0) goto out;
        if (!ra && !rb) break;
        if (ra != rb) {
            cli_usage_error("'%s' holds more games than '%s' (not the same deals)", ra ? pa : pb, ra ? pb : pa);
            goto out;
        }
        if (ga->game != gb->game || ga->seed != gb->seed || ga->seating != gb->seating ||
            ga->players != gb->players) {
            cli_usage_error("game %llu of seed %llu in '%s' meets game %llu of seed %llu in '%s' (compare runs of "
                            "the same seed, games and players)", (unsigned long long)ga->game,
                            (unsigned long long)ga->seed, pa, (unsigned long long)gb->game,
                            (unsigned long long)gb->seed, pb);
            goto out;
        }
        games++;
        int changed = ga->hash != gb->hash, outcome = 0;
        /* The players' rows pair by seat; the ghost's only when it plays in
         * both (ghost=on against ghost=off compares the players alone). */
        int paired = ga->nseats == gb->nseats ? ga->nseats : ga->players;
        for (int k = 0; k < paired; k++) outcome |= ga->rank[k] != gb->rank[k] || ga->win[k] != gb->win[k];
        hash_changed += changed;
        for (int k = 0; k < 2; k++)
            if ((k ? outcome : changed) && fc_len[k] < sizeof first_changed[k] - 40) {
                char one[48];
                if (ga->seating >= 0) snprintf(one, sizeof one, "%s%llu/%ld", fc_len[k] ? " " : "",
                                               (unsigned long long)ga->game, ga->seating);
                else snprintf(one, sizeof one, "%s%llu", fc_len[k] ? " " : "", (unsigned long long)ga->game);
                fc_len[k] += (size_t)snprintf(first_changed[k] + fc_len[k], sizeof first_changed[k] - fc_len[k], "%s",
                                              one);
            }
        outcome_changed += outcome;
        an_moments_add(&rounds, gb->rounds - ga->rounds);
        rounds_a += ga->rounds;
        rounds_b += gb->rounds;
        for (int k = 0; k < paired; k++) {
            char key[16];
            if (ga->ghost[k]) snprintf(key, sizeof key, "ghost");
            else snprintf(key, sizeof key, "%d", k);
            pair_stat *s = find_key(seats, &nseat, key);
            pair_stat *g = ga->ghost[k] ? NULL : find_key(agents, &nagent, ga->agent[k]);
            if (s) add_pair(s, ga, gb, k);
            if (g) add_pair(g, ga, gb, k);
        }
        if (changed && (int)shown < show) {
            if (!shown) printf("# diff: A = %s, B = %s\n", la, lb);
            show_first_difference(ga, gb, &ea, &eb);
            shown++;
        }
    }
    if (!games) {
        cli_usage_error("'%s' holds no games", pa);
        goto out;
    }
    if (!shown) printf("# diff: A = %s, B = %s\n", la, lb);
    printf("\n%llu games: trace hash changed in %llu (%.2f%%), outcome (ranks or wins) in %llu (%.2f%%).\n",
           (unsigned long long)games, (unsigned long long)hash_changed, 100.0 * (double)hash_changed / (double)games,
           (unsigned long long)outcome_changed, 100.0 * (double)outcome_changed / (double)games);
    if (hash_changed)
        printf("Games whose hash changed: %s%s\n", first_changed[0], hash_changed > 1 && fc_len[0] >= sizeof
               first_changed[0] - 40 ? " ..." : "");
    if (outcome_changed)
        printf("Games whose outcome changed: %s%s\n", first_changed[1], fc_len[1] >= sizeof first_changed[1] - 40
               ? " ..." : "");
    an_interval r = an_mean_interval(&rounds, 0);
    printf("Rounds per game: A %.3f, B %.3f, B - A %+.3f [%+.3f, %+.3f] (paired t, p %.3g).\n\n",
           rounds_a / (double)games, rounds_b / (double)games, r.mean, r.lo, r.hi, r.p);
    printf("Paired by game (B - A), 95%% t intervals; McNemar's exact test for wins (a shared win counts as a win):"
           "\n\n| group | key | n | win A | win B | B - A (points) | p | McNemar p | score A | score B | B - A | p |\n"
           "|---|---|---|---|---|---|---|---|---|---|---|---|\n");
    print_rows("seat", seats, nseat);
    print_rows("agent", agents, nagent);
    rc = hash_changed || outcome_changed ? 1 : 0;
out:
    fclose(A.f);
    fclose(B.f);
    free(A.line);
    free(B.line);
    free(A.work);
    free(B.work);
    free(ga);
    free(gb);
    free(ea.ev);
    free(eb.ev);
    return rc;
}

/* ---------------------------------------------------------------- command */

static const char diff_help[] =
    "Usage: jamaica diff A.csv B.csv [--show K]\n"
    "       jamaica diff --rules A --vs-rules B [--games N] [--players P] [--seed S]\n"
    "                    [--agents LIST] [--rotate] [--threads T] [--show K]\n"
    "\n"
    "Compare two GAMES.csv of the same deals (sim --games-csv, same seed, games and\n"
    "players) game by game, or play the same deals under two rule sets and compare\n"
    "those.  Reports the games whose trace hash changed and those whose outcome\n"
    "(ranks, wins) changed; the paired differences B - A of each seat's and\n"
    "agent's win rate and mean score and of the rounds per game, with 95%% t\n"
    "intervals from the pairs and p-values, and McNemar's exact test for wins; and\n"
    "for the first K changed games the first event that differs (both games\n"
    "replayed, the two events as JSON).\n"
    "\n"
    "Exit status: 0 nothing differs, 1 something does, 2 bad input.\n"
    "\n"
    "  --show K         changed games to replay and show (3)\n"
    "  --rules A        the first rule set (with --vs-rules)\n"
    "  --vs-rules B     the second rule set\n"
    "  --games N        deals to play (10000)\n"
    "  --players P      2 to 6 (4)\n"
    "  --seed S         the run's seed (1)\n"
    "  --agents LIST    as for sim (random)\n"
    "  --rotate         as for sim\n"
    "  --threads T      OpenMP threads (all)\n"
    "  -h, --help       this help\n";

/* Play the deals under one rule set into a temporary GAMES.csv. */
static int play_to(const sim_config *base, const char *rules_text, char *path, size_t len)
{
    sim_config c = *base;
    char err[512];
    if (jm_rules_parse(&c.rules, rules_text, err, sizeof err)) return cli_usage_error("%s", err);
    jm_state probe;
    if (jm_init(&probe, &c.rules, c.players, 0, 0, NULL, err, sizeof err) != JM_OK)
        return cli_usage_error("%s", err);
    const char *dir = getenv("TMPDIR");
    snprintf(path, len, "%s/jamaica-diff.XXXXXX", dir && *dir ? dir : "/tmp");
    int fd = mkstemp(path);
    if (fd < 0) {
        fprintf(stderr, "jamaica: cannot make a temporary file in %s: %s\n", dir && *dir ? dir : "/tmp",
                strerror(errno));
        path[0] = '\0';
        return 1;
    }
    close(fd);
    c.games_path = path;
    cli_catch_stop();
    int rc = cli_run_games(&c, "nothing compared");
    cli_release_stop();
    return rc;
}

int cmd_diff(int argc, char **argv)
{
    static const struct option opts[] = {
        {"show", required_argument, 0, 'k'},    {"rules", required_argument, 0, 'r'},
        {"vs-rules", required_argument, 0, 'v'}, {"games", required_argument, 0, 'n'},
        {"players", required_argument, 0, 'p'}, {"seed", required_argument, 0, 's'},
        {"agents", required_argument, 0, 'a'},  {"rotate", no_argument, 0, 'R'},
        {"threads", required_argument, 0, 't'}, {"help", no_argument, 0, 'h'},
        {0, 0, 0, 0},
    };
    uint64_t show = 3, games = 10000, players = 4, seed = 1, threads = 0;
    const char *ra = NULL, *rb = NULL, *agents = "random";
    int rotate = 0, played = 0, ch;
    optind = 1;
    opterr = 0;
    while ((ch = cli_getopt(argc, argv, opts)) != -1) {
        switch (ch) {
        case 'k': if (cli_parse_u64(optarg, "--show count", 0, 1000, &show)) return 2; break;
        case 'r': ra = optarg; break;
        case 'v': rb = optarg; break;
        case 'n': if (cli_parse_u64(optarg, "game count", 1, UINT64_MAX / 2, &games)) return 2; played = 1; break;
        case 'p': if (cli_parse_u64(optarg, "player count", 2, 6, &players)) return 2; played = 1; break;
        case 's': if (cli_parse_u64(optarg, "seed", 0, UINT64_MAX, &seed)) return 2; played = 1; break;
        case 'a': agents = optarg; played = 1; break;
        case 'R': rotate = 1; played = 1; break;
        case 't': if (cli_parse_u64(optarg, "thread count", 1, CLI_MAX_THREADS, &threads)) return 2; break;
        case 'h': fputs(diff_help, stdout); return 0;
        case CLI_BAD_VALUE: return 2;
        default: return cli_bad_option("diff", argv);
        }
    }
    int files = argc - optind;
    if (!ra && !rb) {
        if (files != 2) return cli_usage_error("diff takes two GAMES.csv files, or --rules A --vs-rules B");
        if (played) return cli_usage_error("diff: --games, --players, --seed, --agents and --rotate go with --rules");
        return diff_files(argv[optind], argv[optind + 1], (int)show, argv[optind], argv[optind + 1]);
    }
    if (!ra || !rb) return cli_usage_error("diff: give both --rules and --vs-rules");
    if (files) return cli_usage_error("diff: unexpected argument '%s' with --rules", argv[optind]);
    sim_config c;
    memset(&c, 0, sizeof c);
    char err[512];
    if (sim_parse_agents(agents, (int)players, c.specs, err, sizeof err)) return cli_usage_error("%s", err);
    c.games = games;
    c.players = (int)players;
    c.seed = seed;
    c.rotate = rotate;
    if (cli_threads(&threads)) return 2;
    c.threads = (int)threads;
    c.progress = isatty(2);
    char pa[4096] = "", pb[4096] = "";
    int rc = play_to(&c, ra, pa, sizeof pa);
    if (!rc) rc = play_to(&c, rb, pb, sizeof pb);
    if (!rc) {
        char la[600], lb[600];
        snprintf(la, sizeof la, "rules `%s`", ra);
        snprintf(lb, sizeof lb, "rules `%s`", rb);
        rc = diff_files(pa, pb, (int)show, la, lb);
    }
    if (*pa) unlink(pa);
    if (*pb) unlink(pb);
    return rc;
}
