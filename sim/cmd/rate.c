/*
 * rate.c - `jamaica rate SPEC`: place an agent on a published rating list.
 *
 * A list (results/ratings/list-2p.csv, list-4p.csv: docs/RATINGS.md) names
 * anchor agents with fixed ratings, fitted once from a tournament between
 * them.  The agent meets the anchors on the same deals (the list's public
 * ones, or fresh ones for a program or plugin), every deal in every
 * seating of its table (2 players: the agent against each anchor, both
 * seats; more: the agent with P-1 anchors taken in turn around the list,
 * in each of the P cyclic seatings), and its rating is the Plackett-Luce
 * fit of the finishing orders with the anchors held at their ratings (as
 * Ordo and CCRL hold theirs), with a bootstrap interval over the deals.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../agents/agent.h"
#include "../cli/cli.h"
#include "../cli/clone_path.h"
#include "../cli/options.h"
#include "../cli/stop.h"
#include "../io/csv.h"
#include "../io/outfile.h"
#include "../run/lineup.h"
#include "../run/standings.h"
#include "../../agents/value.h"
#include "cmd.h"

#define RATE_MAX_ANCHORS (SIM_MAX_AGENTS - 1)

typedef struct rate_opts {
    uint64_t games, players, threads, bootstrap, progress;
    jm_seed seed;
    const char *list, *out, *games_csv, *luck;
    value_fn value;              /* --luck's */
} rate_opts;

/* The default deal counts: about three minutes for a cheap agent on 2
 * cores (the anchors' searchers take most of the time; docs/RATINGS.md). */
#define RATE_DEALS_2P 100
#define RATE_DEALS_MORE 30

/* A rating list: its version, player count, and anchors. */
typedef struct rating_list {
    char version[64];
    int players, n;
    char spec[RATE_MAX_ANCHORS][SIM_SPEC_LEN];
    char shown[RATE_MAX_ANCHORS][SIM_SPEC_LEN]; /* as the list writes it: its name in the report, not the
                                                   machine's path clone_spec_paths() made of its file= */
    double elo[RATE_MAX_ANCHORS];
} rating_list;

static const opt options[] = {
    OPT_PLAYERS(rate_opts, "2", "the list's player count: 2 or 4 (the lists published)"),
    OPT_GAMES(rate_opts, "deal count", 1000000, NULL,
              "deals (100 with 2 players, 30 with 4); games = N x seatings"),
    OPT_SEED(rate_opts, NULL,
             "the deals' seed: 1 gives the list's fixed public deals, the\n"
             "default for a built-in agent; a program or plugin meets\n"
             "fresh deals it cannot know by default (as with 'random')"),
    OPT_THREADS(rate_opts),
    OPT_PROGRESS(rate_opts),
    OPT_ROW_TEXT("list", "PATH", rate_opts, list, NULL,
                 "the rating list (results/ratings/list-Pp.csv of the clone\n"
                 "this jamaica was built in)"),
    OPT_ROW_TEXT("out", "PATH", rate_opts, out, NULL,
                 "also a CSV: agent, anchor, rating, rating_low, rating_high,\n"
                 "games, win_rate, wilson_low, wilson_high, name"),
    OPT_ROW_TEXT("games-csv", "PATH", rate_opts, games_csv, NULL,
                 "also every game, one row per game and seat, as sim's"),
    OPT_ROW_TEXT("luck", "V", rate_opts, luck, NULL, CLI_LUCK_HELP ": the win rates and\nthe rating (rating_adj)"),
    OPT_ROW_UINT("bootstrap", "B", rate_opts, bootstrap, "bootstrap count", 0, 4096, "200",
                 "bootstrap resamples over deals for the interval ({default})"),
};

static const opt_table table = {
    .command = "rate",
    .synopsis = "jamaica rate SPEC",
    .operands = -1,
    .about = "Place agent SPEC (built-in, plugin:PATH.so or cmd:COMMAND) on a published\n"
             "rating list: it meets the list's anchors on the same deals (game indexes\n"
             "0..N-1 of seed S) in every seating of its table, and its rating is fitted\n"
             "with the anchors held at their ratings (Plackett-Luce; Bradley-Terry at\n"
             "2 players), with a bootstrap 95% interval over the deals.  With 2 players\n"
             "each deal is played against every anchor in both seats; with 4, the\n"
             "agent and 3 anchors taken in turn around the list, in the 4 cyclic\n"
             "seatings.  Prints a Markdown report (docs/RATINGS.md).  The recommended\n"
             "agents to compare with are named in results/agents.txt (policy, searcher,\n"
             "inference, rollout, and the reference agents ceiling-hands and ceiling-all).",
    .opts = options,
    .n = OPT_COUNT(options),
};

/* Read a list: header version,players,agent,rating[,...], then one anchor a
 * row, every row of one version and player count.  0, or 2 after a
 * one-line message naming the file and the line. */
static int read_list(const char *path, int players, rating_list *l)
{
    FILE *f = fopen(path, "r");
    if (!f) return cli_usage_error("rating list '%s': %s", path, strerror(errno));
    char *line = NULL;
    size_t cap = 0;
    int no = 0, rc = 0;
    memset(l, 0, sizeof *l);
    while (csv_read_line(f, &line, &cap)) {
        no++;
        char *fld[16];
        int nf = csv_split(line, fld, 16);
        if (no == 1) {
            if (nf < 4 || strcmp(fld[0], "version") || strcmp(fld[1], "players") || strcmp(fld[2], "agent") ||
                strcmp(fld[3], "rating")) {
                rc = cli_usage_error("rating list '%s': not a rating list (its header is not version,players,agent,"
                                     "rating,...)", path);
                break;
            }
            continue;
        }
        char *end;
        double elo = nf >= 4 ? strtod(fld[3], &end) : 0;
        long p = nf >= 4 ? strtol(fld[1], NULL, 10) : 0;
        if (nf < 4 || !*fld[3] || *end || strlen(fld[2]) >= SIM_SPEC_LEN || strlen(fld[0]) >= sizeof l->version) {
            rc = cli_usage_error("rating list '%s', line %d: not version,players,agent,rating", path, no);
            break;
        }
        if (p != players) {
            rc = cli_usage_error("rating list '%s', line %d: a %ld-player anchor in a list for --players %d", path,
                                 no, p, players);
            break;
        }
        if (l->n && strcmp(l->version, fld[0])) {
            rc = cli_usage_error("rating list '%s', line %d: version '%s' among '%s'", path, no, fld[0], l->version);
            break;
        }
        if (l->n == RATE_MAX_ANCHORS) {
            rc = cli_usage_error("rating list '%s': more than %d anchors", path, RATE_MAX_ANCHORS);
            break;
        }
        snprintf(l->version, sizeof l->version, "%s", fld[0]);
        snprintf(l->spec[l->n], SIM_SPEC_LEN, "%s", fld[2]);
        snprintf(l->shown[l->n], SIM_SPEC_LEN, "%s", fld[2]);
        if (clone_spec_paths(path, l->spec[l->n], SIM_SPEC_LEN)) {
            rc = cli_usage_error("rating list '%s', line %d: the anchor's path is too long from here", path, no);
            break;
        }
        l->elo[l->n++] = elo;
    }
    free(line);
    fclose(f);
    if (!rc && l->n < players - 1)
        rc = cli_usage_error("rating list '%s': %d anchors; a %d-player table needs %d", path, l->n, players,
                             players - 1);
    l->players = players;
    return rc;
}

/* The seatings: agent 0 is SPEC, 1..K the anchors. */
static int make_seatings(int K, int P, int8_t (*seat)[JM_MAX_PLAYERS])
{
    int S = 0;
    for (int k = 0; k < K; k++) {
        int8_t table_[JM_MAX_PLAYERS] = {0};
        for (int j = 1; j < P; j++) table_[j] = (int8_t)(1 + (k + j - 1) % K);
        for (int r = 0; r < P; r++, S++)
            for (int i = 0; i < P; i++) seat[S][i] = table_[(i + r) % P];
    }
    return S;
}

/* The fitted ratings: plain, and with --luck the luck-adjusted ones. */
typedef struct rate_fit {
    double elo[SIM_MAX_AGENTS], lo[SIM_MAX_AGENTS], hi[SIM_MAX_AGENTS];
    double adj[SIM_MAX_AGENTS], adj_lo[SIM_MAX_AGENTS], adj_hi[SIM_MAX_AGENTS];
    int boot;
} rate_fit;

/* A rating and its interval as CSV fields: the rated agent's with its
 * bootstrap (empty without), an anchor's its own rating twice. */
static void rating_fields(FILE *f, int a, double x, double lo, double hi, int boot)
{
    if (a == 0 && boot) fprintf(f, "%.1f,%.1f,%.1f", x, lo, hi);
    else if (a == 0) fprintf(f, "%.1f,,", x);
    else fprintf(f, "%.1f,%.1f,%.1f", x, x, x);
}

static int write_csv(outfile *of, const sim_config *c, const standings *t, const rate_fit *r,
                     const char (*label)[SIM_SPEC_LEN])
{
    fprintf(of->f, "agent,anchor,rating,rating_low,rating_high,games,win_rate,wilson_low,wilson_high%s,name\n",
            t->luck ? ",win_rate_adj,win_rate_adj_low,win_rate_adj_high,rating_adj,rating_adj_low,rating_adj_high,luck"
                    : "");
    for (int a = 0; a < t->K; a++) {
        char q[CSV_QUOTED_SPEC], nq[CSV_QUOTED_SPEC];
        csv_field(q, sizeof q, c->specs[a]);
        csv_field(nq, sizeof nq, label[a]);
        an_interval w = an_reading(&t->win[a], 0, 1, 0.5);
        fprintf(of->f, "%s,%d,", q, a > 0);
        rating_fields(of->f, a, r->elo[a], r->lo[a], r->hi[a], r->boot);
        fprintf(of->f, ",%llu,%.6f,%.6f,%.6f", (unsigned long long)t->win[a].n, w.mean, w.lo, w.hi);
        if (t->luck) {
            an_interval x = an_reading(&t->win_adj[a], 0, 1, 0.5);
            char v[CSV_QUOTED_SPEC];
            csv_field(v, sizeof v, c->luck->name);
            fprintf(of->f, ",%.6f,%.6f,%.6f,", x.mean, x.lo, x.hi);
            rating_fields(of->f, a, r->adj[a], r->adj_lo[a], r->adj_hi[a], r->boot);
            fprintf(of->f, ",%s", v);
        }
        fprintf(of->f, ",%s\n", nq);
    }
    return 0;
}

/* One rating run: the options, the list, the harness's configuration and
 * the tallies. */
typedef struct rate_run {
    rate_opts o;
    const char *spec;
    rating_list l;
    char listbuf[4200];
    int8_t seating[SIM_MAX_SEATINGS][JM_MAX_PLAYERS];
    sim_config c;
    standings *t;
    char label[SIM_MAX_AGENTS][SIM_SPEC_LEN]; /* the names the report shows: the agent's, the anchors' as listed */
} rate_run;

/* The deals: the seed given; else 1 (the list's) for a built-in agent and
 * a secret one for an outside agent, which must not know its deals.  The
 * deal count: the one given, else the default for the player count. */
static int choose_deals(rate_run *r)
{
    rate_opts *o = &r->o;
    if (!o->games) o->games = o->players == 2 ? RATE_DEALS_2P : RATE_DEALS_MORE;
    if (opt_seed_given()) return 0;
    if (!agent_spec_outside(r->spec)) {
        o->seed = (jm_seed)JM_SEED(1);
        return 0;
    }
    return opt_parse_seed("random", &o->seed) ? 2 : 0;
}

/* Read the options and the list and build the run; 0, or the exit status
 * after one line (before any output). */
static int setup(rate_run *r, int argc, char **argv)
{
    rate_opts *o = &r->o;
    int first, rc = opt_parse(&table, argc, argv, o, &first, NULL);
    if (rc) return rc == OPT_HELP ? -1 : 2;
    if (first >= argc) return cli_usage_error("rate needs an agent SPEC (jamaica rate SPEC)");
    if (first + 1 < argc) return cli_usage_error("rate takes one agent SPEC, not '%s' too", argv[first + 1]);
    r->spec = argv[first];
    if (!o->players) o->players = 2;
    int P = (int)o->players;
    if (!o->list && P != 2 && P != 4) /* the published lists: the bad value named, not a missing file */
        return cli_usage_error("bad --players '%d': the published rating lists are of 2 and 4 players (--list "
                               "names another)", P);
    if (!o->list) {
        char rel[64];
        snprintf(rel, sizeof rel, "results/ratings/list-%dp.csv", P);
        clone_file(rel, r->listbuf, sizeof r->listbuf);
        o->list = r->listbuf;
    }
    if (read_list(o->list, P, &r->l)) return 2;
    if (o->out && !*o->out) return cli_usage_error("rate: empty --out path");
    if (o->games_csv && !*o->games_csv) return cli_usage_error("rate: empty --games-csv path");
    if (o->out && o->games_csv && outfile_same(o->out, o->games_csv))
        return cli_usage_error("'%s' and '%s' are the same file", o->out, o->games_csv);
    if (cli_threads(&o->threads)) return 2;
    sim_config *c = &r->c;
    if (cli_rules("2021", (int)o->players, &c->rules)) return 2;
    if (cli_luck(o->luck, &c->rules, &o->value)) return 2;
    c->luck = o->luck ? &o->value : NULL;
    char err[512];
    int n;
    if (sim_split_agents(r->spec, c->specs, 1, &n, err, sizeof err)) return cli_usage_error("%s", err);
    if (n != 1) return cli_usage_error("rate takes one agent SPEC, not a list ('%s')", r->spec);
    for (int k = 0; k < r->l.n; k++) {
        if (!strcmp(c->specs[0], r->l.spec[k]))
            return cli_usage_error("'%s' is an anchor of the list: its rating is %+.1f", r->spec, r->l.elo[k]);
        memcpy(c->specs[1 + k], r->l.spec[k], SIM_SPEC_LEN); /* both SIM_SPEC_LEN, terminated */
    }
    if (sim_check_specs(c->specs, 1 + r->l.n, err, sizeof err)) return cli_usage_error("%s", err); /* they meet */
    if (choose_deals(r)) return 2;
    c->nspecs = 1 + r->l.n;
    c->nseatings = make_seatings(r->l.n, P, r->seating);
    c->seating = (const int8_t(*)[JM_MAX_PLAYERS])r->seating;
    c->players = P;
    c->games = o->games;
    c->seed = o->seed;
    c->own_chance = sim_own_chance(c);
    c->threads = (int)o->threads;
    c->games_path = o->games_csv;
    cli_progress(c, o->progress);

    const char *shown[SIM_MAX_AGENTS] = {c->specs[0]};
    for (int k = 0; k < r->l.n; k++) shown[1 + k] = r->l.shown[k];
    sim_labels(shown, c->nspecs, r->label);
    r->t = standings_new(c->nspecs, P, c->nseatings, 0, 0, 0, 0.05, 0.05);
    if (!r->t) return cli_usage_error("out of memory");
    r->t->ships = P + jm_has_ghost_rules(&c->rules, P);
    r->t->luck = c->luck != NULL;
    c->on_game = standings_on_game;
    c->ctx = r->t;
    return 0;
}

/* The Markdown report on stdout. */
static void report(const rate_run *r, uint64_t deals, double seconds, const rate_fit *f)
{
    const double *elo = f->elo, *lo = f->lo, *hi = f->hi;
    int boot = f->boot;
    const sim_config *c = &r->c;
    const standings *t = r->t;
    int S = c->nseatings;
    printf("# Rating of `%s` on the %d-player list %s\n\n", r->label[0], c->players, r->l.version);
    if (strcmp(r->label[0], r->spec)) printf("The agent: `%s`.\n\n", r->spec);
    char seed[JM_SEED_TEXT];
    printf("%llu deals x %d seatings = %llu games (seed %s, deals 0..%llu, rules 2021; %s); %.1f s on %d "
           "thread%s.\n\n", (unsigned long long)deals, S, (unsigned long long)(deals * (uint64_t)S),
           jm_seed_format(&c->seed, seed, sizeof seed), (unsigned long long)(deals - 1),
           c->own_chance    ? "fresh deals, unknown before the run, each seating its own"
           : c->seed.sealed ? "fresh deals, unknown before the run"
                            : "public deals, the same in every run",
           seconds,
           c->threads, c->threads == 1 ? "" : "s");
    if (t->luck)
        printf("Luck-adjusted win rates and rating: --luck %s (docs/STATISTICS.md); the adjusted rating is Luce's "
               "first-place model on the adjusted win shares.\n\n", c->luck->name);
    printf("| agent | rating [95%%] | seat-games | win rate [95%%] | `%s` ahead [95%%] |%s\n|---|---|---|---|---|%s\n",
           r->label[0], t->luck ? " luck-adjusted win rate [95%] |" : "", t->luck ? "---|" : "");
    for (int a = 0; a < t->K; a++) {
        an_interval w = an_reading(&t->win[a], 0, 1, 0.5);
        printf("| `%s` | ", r->label[a]);
        if (a == 0 && boot) printf("**%+.1f** [%+.1f, %+.1f] | ", elo[a], lo[a], hi[a]);
        else if (a == 0) printf("**%+.1f** | ", elo[a]);
        else printf("%+.1f (anchor) | ", elo[a]);
        printf("%llu | %.2f%% [%.2f, %.2f] | ", (unsigned long long)t->win[a].n, 100 * w.mean, 100 * w.lo,
               100 * w.hi);
        if (a == 0 || !t->ahead[0][a].n) {
            printf("- |");
        } else {
            an_interval x = an_reading(&t->ahead[0][a], 0, 1, 0.5);
            printf("%.1f%% [%.1f, %.1f] |", 100 * x.mean, 100 * x.lo, 100 * x.hi);
        }
        if (t->luck) {
            an_interval x = an_reading(&t->win_adj[a], 0, 1, 0.5);
            printf(" %.2f%% [%.2f, %.2f] |", 100 * x.mean, 100 * x.lo, 100 * x.hi);
        }
        putchar('\n');
    }
    if (boot) printf("\n`%s`: %+.1f [%+.1f, %+.1f]\n", r->label[0], elo[0], lo[0], hi[0]);
    else printf("\n`%s`: %+.1f\n", r->label[0], elo[0]);
    if (t->luck && boot) printf("luck-adjusted: %+.1f [%+.1f, %+.1f]\n", f->adj[0], f->adj_lo[0], f->adj_hi[0]);
    else if (t->luck) printf("luck-adjusted: %+.1f\n", f->adj[0]);
}

int cmd_rate(int argc, char **argv)
{
    static rate_run r;
    memset(&r, 0, sizeof r);
    int rc = setup(&r, argc, argv);
    if (rc) {
        standings_free(r.t);
        return rc < 0 ? 0 : rc;
    }
    outfile of = {.slot = -1};
    char err[512];
    if (r.o.out && outfile_open(&of, r.o.out, err, sizeof err)) {
        standings_free(r.t);
        return cli_usage_error("%s", err);
    }
    sim_outcome res;
    /* Before the run: its size (the progress line gives the time left). */
    fprintf(stderr, "rate: %llu deals x %d seatings = %llu games against the %d anchors\n",
            (unsigned long long)r.c.games, r.c.nseatings, (unsigned long long)(r.c.games * (uint64_t)r.c.nseatings), r.l.n);
    cli_catch_stop();
    rc = cli_run(&r.c, &res);
    cli_release_stop();
    uint64_t deals = r.t->nunits / (uint64_t)r.c.nseatings;
    double fixed_elo[SIM_MAX_AGENTS] = {0};
    static rate_fit f;
    unsigned fixed = 0;
    for (int k = 0; k < r.l.n; k++) {
        fixed |= 1u << (1 + k);
        fixed_elo[1 + k] = r.l.elo[k];
    }
    int boot = f.boot = (int)r.o.bootstrap;
    if ((rc && rc < 128) || deals == 0) {
        rc = rc ? rc : cli_usage_error("no whole deal was played");
    } else if (standings_ratings_anchored(r.t, jm_seed_digest(&r.c.seed), boot, fixed, fixed_elo, f.elo, f.lo, f.hi) ||
               (r.t->luck && standings_ratings_adj(r.t, jm_seed_digest(&r.c.seed), boot, fixed, fixed_elo, f.adj,
                                                   f.adj_lo, f.adj_hi))) {
        fprintf(stderr, "jamaica: rate: the fit failed (out of memory)\n");
        rc = 1;
    } else {
        if (r.o.out) {
            write_csv(&of, &r.c, r.t, &f, (const char(*)[SIM_SPEC_LEN])r.label);
            if (outfile_commit(&of, err, sizeof err)) { /* it removed its temporary */
                fprintf(stderr, "jamaica: %s\n", err);
                standings_free(r.t);
                return 1;
            }
        }
        report(&r, deals, res.seconds, &f);
        standings_free(r.t);
        if (rc >= 128)
            fprintf(stderr, "jamaica: stopped by %s: the rating covers the %llu whole deals completed\n",
                    strsignal(cli_stop), (unsigned long long)deals);
        return rc;
    }
    outfile_abort(&of);
    standings_free(r.t);
    return rc;
}
