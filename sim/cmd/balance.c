/*
 * balance.c - `jamaica balance`: the rule settings that meet a designer's
 * targets.  Every combination of the --vary values is a setting; successive
 * halving (analysis/halving.h) plays every setting alive on the same new
 * deals each round (common random numbers), keeps the better half by the
 * targets and limits, and doubles the deals, until one is left; that one
 * is then played on deals the search never used, and every measure is
 * reported there with its interval.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../analysis/halving.h"
#include "../../analysis/stats.h"
#include "../cli/checkpoint.h"
#include "../cli/cli.h"
#include "../cli/options.h"
#include "../cli/stop.h"
#include "../../agents/value.h"
#include "../io/summary.h"
#include "../io/csv.h"
#include "../io/outfile.h"
#include "../run/lineup.h"
#include "../run/mpi.h"
#include "../run/timing.h"
#include "cmd.h"

#define MAX_VARY 4
#define MAX_VALUES 64
#define MAX_GOALS 8
#define MAX_CELLS 1024
#define MAX_MEASURES (MAX_GOALS + 1)

/* ---------------------------------------------------------------- measures */

typedef enum { M_GHOST, M_CAPTAIN, M_OFFSET, M_WIN, M_ROUNDS, M_BATTLES, M_SHORTAGES, M_CAPPED } mkind;

typedef struct measure {
    mkind kind;
    int arg;              /* offset:K, win:SEAT */
    char name[24];
} measure;

static const char *const measure_help = "ghost, captain, offset:K, win:SEAT, rounds, battles, shortages or capped";

static int parse_measure(const char *text, size_t len, measure *m)
{
    static const struct { const char *name; mkind kind; } plain[] = {
        {"ghost", M_GHOST}, {"captain", M_CAPTAIN}, {"rounds", M_ROUNDS}, {"battles", M_BATTLES},
        {"shortages", M_SHORTAGES}, {"capped", M_CAPPED}};
    if (len == 0 || len >= sizeof m->name) return -1;
    memcpy(m->name, text, len);
    m->name[len] = '\0';
    for (size_t i = 0; i < sizeof plain / sizeof plain[0]; i++)
        if (!strcmp(m->name, plain[i].name)) {
            m->kind = plain[i].kind;
            m->arg = 0;
            return 0;
        }
    char *end;
    if (!strncmp(m->name, "offset:", 7) || !strncmp(m->name, "win:", 4)) {
        const char *num = m->name + (m->name[0] == 'o' ? 7 : 4);
        long k = strtol(num, &end, 10);
        if (!*num || *end || k < 0 || k > 5) return -1;
        m->kind = m->name[0] == 'o' ? M_OFFSET : M_WIN;
        m->arg = (int)k;
        return 0;
    }
    return -1;
}

/* Is the measure a share, in [lo, hi]?  Otherwise a count. */
static int share_bounds(const measure *m, double *lo, double *hi)
{
    *lo = m->kind == M_CAPTAIN ? -1 : 0;
    *hi = 1;
    return m->kind == M_GHOST || m->kind == M_CAPTAIN || m->kind == M_OFFSET || m->kind == M_WIN ||
           m->kind == M_CAPPED;
}

/* The measure's value in one game of P players; adj: luck-adjusted
 * (docs/STATISTICS.md: the shares with their corrections, the first
 * Captain's draw's kept out of the measures defined by it). */
static double measure_of(const measure *m, const sim_game *r, int P, int adj)
{
    double w[JM_MAX_SHIPS] = {0}, a[JM_MAX_SHIPS] = {0}, atot = 0;
    for (int k = 0; k <= P && r->nwin; k++) w[k] = r->seat[k].winner ? 1.0 / r->nwin : 0;
    for (int k = 0; k <= P; k++) {
        a[k] = w[k] + (adj ? (double)(r->seat[k].luck - r->seat[k].luck_captain) / SUMMARY_ADJ_UNIT : 0);
        if (k < P) atot += a[k];
    }
    int fc = r->first_captain;
    switch (m->kind) {
    case M_GHOST: return w[P] + (adj ? (double)r->seat[P].luck / SUMMARY_ADJ_UNIT : 0);
    case M_CAPTAIN: return a[fc] - (atot - a[fc]) / (P - 1);
    case M_OFFSET: return a[(fc + m->arg) % P];
    case M_WIN: return w[m->arg] + (adj ? (double)r->seat[m->arg].luck / SUMMARY_ADJ_UNIT : 0);
    case M_ROUNDS: return r->rounds;
    case M_BATTLES: return r->battles;
    case M_SHORTAGES: {
        double s = 0;
        for (int k = 0; k < P; k++) s += r->seat[k].shortages;
        return s;
    }
    case M_CAPPED: return r->capped;
    }
    return 0;
}

/* ---------------------------------------------------------------- options */

typedef struct vary {
    char key[32];
    char value[MAX_VALUES][16];
    int n;
} vary;

typedef struct bal_args {
    uint64_t games, confirm, players, threads, progress;    jm_seed seed;
    const char *agents, *rules, *out, *luck;
    value_fn value;              /* --luck's */
    vary vary[MAX_VARY];
    int nvary;
    halving_goal goal[MAX_GOALS];
    measure goal_measure[MAX_GOALS];
    int ngoal;
    ckpt_opts ck;
} bal_args;

/* The options' struct from the address of its field at `offset` (an
 * option's parser gets the field; repeated options also need its count). */
static bal_args *args_of(void *field, size_t offset)
{
    return (bal_args *)((char *)field - offset);
}

/* --vary KEY=LO..HI[:STEP] or KEY=A,B,C. */
static int parse_vary(const char *v, void *field)
{
    vary *list = field;
    bal_args *a = args_of(field, offsetof(bal_args, vary));
    if (a->nvary == MAX_VARY) return cli_usage_error("at most %d --vary options", MAX_VARY), -1;
    vary *x = &list[a->nvary];
    memset(x, 0, sizeof *x);
    const char *eq = strchr(v, '=');
    if (!eq || eq == v || (size_t)(eq - v) >= sizeof x->key || !eq[1])
        return cli_usage_error("bad --vary '%s' (KEY=LO..HI[:STEP] or KEY=A,B,...)", v), -1;
    memcpy(x->key, v, (size_t)(eq - v));
    long lo, hi, step = 1;
    int n = 0;
    if (sscanf(eq + 1, "%ld..%ld%n", &lo, &hi, &n) == 2) {
        const char *tail = eq + 1 + n;
        int m = 0;
        if (*tail && (sscanf(tail, ":%ld%n", &step, &m) != 1 || tail[m] || step < 1))
            return cli_usage_error("bad --vary '%s' (KEY=LO..HI[:STEP], STEP a whole number >= 1)", v), -1;
        if (hi < lo || (hi - lo) / step >= MAX_VALUES)
            return cli_usage_error("bad --vary range '%s' (LO <= HI, at most %d values)", v, MAX_VALUES), -1;
        for (long k = lo; k <= hi; k += step) snprintf(x->value[x->n++], sizeof x->value[0], "%ld", k);
    } else {
        const char *p = eq + 1;
        while (*p) {
            size_t len = strcspn(p, ",");
            if (!len || len >= sizeof x->value[0] || x->n == MAX_VALUES)
                return cli_usage_error("bad --vary values in '%s' (A,B,... each 1 to 15 characters, at most %d)", v,
                                       MAX_VALUES), -1;
            memcpy(x->value[x->n++], p, len);
            p += len + (p[len] == ',');
        }
    }
    a->nvary++;
    return 0;
}

/* --target MEASURE=VALUE, --keep MEASURE<=VALUE or MEASURE>=VALUE. */
static int parse_goal(const char *v, bal_args *a, int keep)
{
    if (a->ngoal == MAX_GOALS) return cli_usage_error("at most %d --target and --keep options", MAX_GOALS), -1;
    const char *op = keep ? strpbrk(v, "<>") : strchr(v, '=');
    const char *form = keep ? "--keep MEASURE<=VALUE or MEASURE>=VALUE" : "--target MEASURE=VALUE";
    if (!op || (keep && op[1] != '=')) return cli_usage_error("bad %s '%s' (%s)", keep ? "--keep" : "--target", v, form), -1;
    halving_goal *g = &a->goal[a->ngoal];
    measure *m = &a->goal_measure[a->ngoal];
    if (parse_measure(v, (size_t)(op - v), m))
        return cli_usage_error("unknown measure in '%s' (%s)", v, measure_help), -1;
    const char *num = op + (keep ? 2 : 1);
    char *end;
    g->value = strtod(num, &end);
    if (!*num || *end || !isfinite(g->value)) return cli_usage_error("bad value in '%s' (%s)", v, form), -1;
    g->kind = !keep ? GOAL_TARGET : *op == '<' ? GOAL_AT_MOST : GOAL_AT_LEAST;
    a->ngoal++;
    return 0;
}

static int parse_target(const char *v, void *field)
{
    return parse_goal(v, args_of(field, offsetof(bal_args, goal)), 0);
}

static int parse_keep(const char *v, void *field)
{
    return parse_goal(v, args_of(field, offsetof(bal_args, goal)), 1);
}

static const opt options[] = {
    {.name = "vary", .kind = OPT_CALL, .arg = "KEY=LO..HI[:S]|KEY=A,B", .offset = offsetof(bal_args, vary),
     .parse = parse_vary, .many = 1, .required = 1,
     .help = "a rule option (see --rules) and its values: a range of\n"
             "whole numbers or a list; repeat for up to 4 options (every\n"
             "combination is a setting, at most 1024)"},
    {.name = "target", .kind = OPT_CALL, .arg = "MEASURE=VALUE", .offset = offsetof(bal_args, goal),
     .parse = parse_target, .many = 1, .required = 1,
     .help = "a measure's wanted value; measures: ghost (its win share),\n"
             "captain (the first Captain's win share minus the others'\n"
             "mean), offset:K and win:SEAT (win shares), rounds, battles,\n"
             "shortages (a game) and capped (the share of games stopped\n"
             "at the round cap)"},
    {.name = "keep", .kind = OPT_CALL, .arg = "MEASURE<=VALUE", .offset = offsetof(bal_args, goal),
     .parse = parse_keep, .many = 1, .help = "a limit on a measure (<= or >=), e.g. rounds<=22"},
    OPT_AGENTS(bal_args, "random", "the agents, as for sim, rotated over the seats ({default})"),
    OPT_PLAYERS(bal_args, NULL, "2 to 6 (as many as --agents names, if 2 to 6; else 4)"),
    OPT_GAMES(bal_args, "game count", 1000000000ULL, "2000", "games a setting in the first round (doubling each round)"),
    OPT_ROW_UINT("confirm", "M", bal_args, confirm, "game count", 1, 1000000000ULL, "20000",
                 "games of the best setting on deals the search never used"),
    OPT_SEED(bal_args, "1", "the run's seed"),
    OPT_RULES(bal_args, "the base rules, which --vary changes"),
    OPT_THREADS(bal_args),
    OPT_PROGRESS(bal_args),
    OPT_OUT(bal_args, "balance.csv", "every setting of every round and the confirmation"),
    OPT_ROW_TEXT("luck", "V", bal_args, luck, NULL, CLI_LUCK_HELP ": the search and the\ntargets judge the win-share measures luck-adjusted; the\nCSV has both"),
    OPT_CHECKPOINT(bal_args),
};

static const opt_table table = {
    .command = "balance",
    .synopsis = "jamaica balance",
    .about = "Search the rule settings for those that meet targets on the measures the\n"
             "studies compute, within limits.  Every combination of the --vary values is\n"
             "a setting.  Successive halving: each round plays every setting still in on\n"
             "the same new deals (the first round N games each, then twice as many each\n"
             "round), keeps the better half (the squared distances from the targets and\n"
             "beyond the limits, in each measure's standard error pooled over the\n"
             "settings), until one is left.  That one is played on M deals the search\n"
             "never used, and every measure is reported there with its 95% interval, a\n"
             "target met when its interval holds it.  A target that every setting's\n"
             "interval of the first round lies on one side of is reported out of reach.\n"
             "The same bytes for any --threads; a checkpoint every minute and --resume\n"
             "(docs/CHECKPOINTS.md).  docs/STUDIES.md, \"Balance\", has examples.\n",
    .opts = options,
    .n = OPT_COUNT(options),
};

/* ---------------------------------------------------------------- the search */

typedef struct cell {
    char rules[512];
    an_moments m[MAX_MEASURES];
    an_moments adj[MAX_MEASURES];  /* with --luck: the measures luck-adjusted */
} cell;

typedef struct balance {
    bal_args *a;
    int players, ncells, nmeasure;
    measure meas[MAX_MEASURES];
    halving_goal goal[MAX_GOALS];
    cell *cells;
    cell confirm;
    outfile csv;
    journal *journal;         /* checkpoints, or NULL */
} balance;

static int on_game(void *ctx, const sim_game *r)
{
    void **p = ctx;
    const balance *b = p[0];
    cell *c = p[1];
    for (int i = 0; i < b->nmeasure; i++) {
        an_moments_add(&c->m[i], measure_of(&b->meas[i], r, b->players, 0));
        if (b->a->luck) an_moments_add(&c->adj[i], measure_of(&b->meas[i], r, b->players, 1));
    }
    return 0;
}

/* Setting k's rules: the base, then each --vary key at its value. */
static void cell_rules(const bal_args *a, int k, char *buf, size_t n)
{
    size_t o = (size_t)snprintf(buf, n, "%s", a->rules);
    for (int v = a->nvary - 1; v >= 0; v--) {
        int i = k % a->vary[v].n;
        k /= a->vary[v].n;
        o += (size_t)snprintf(buf + o, o < n ? n - o : 0, ",%s=%s", a->vary[v].key, a->vary[v].value[i]);
    }
}

/* Setting k's value of --vary option v. */
static const char *cell_value(const bal_args *a, int k, int v)
{
    for (int w = a->nvary - 1; w > v; w--) k /= a->vary[w].n;
    return a->vary[v].value[k % a->vary[v].n];
}

/* The measures: the goals' (each once), then rounds. */
static void plan_measures(balance *b)
{
    const bal_args *a = b->a;
    for (int g = 0; g <= a->ngoal; g++) {
        measure m;
        if (g < a->ngoal) m = a->goal_measure[g];
        else parse_measure("rounds", 6, &m);
        int i = 0;
        while (i < b->nmeasure && strcmp(b->meas[i].name, m.name)) i++;
        if (i == b->nmeasure) b->meas[b->nmeasure++] = m;
        if (g < a->ngoal) {
            b->goal[g] = a->goal[g];
            b->goal[g].measure = i;
        }
    }
}

/* Every setting's rules checked at the player count, and each measure
 * possible there, before the first game; 0, or 2. */
static int check_cells(balance *b)
{
    char err[512];
    for (int k = 0; k < b->ncells; k++) {
        cell *c = &b->cells[k];
        cell_rules(b->a, k, c->rules, sizeof c->rules);
        jm_rules r;
        if (jm_rules_parse(&r, c->rules, err, sizeof err)) return cli_usage_error("--vary: %s", err);
        jm_state probe;
        if (jm_init(&probe, &r, b->players, 0, 0, NULL, err, sizeof err) != JM_OK)
            return cli_usage_error("--vary: '%s' at %d players: %s", c->rules, b->players, err);
        for (int i = 0; i < b->nmeasure; i++) {
            const measure *m = &b->meas[i];
            if (m->kind == M_GHOST && !jm_has_ghost_rules(&r, b->players))
                return cli_usage_error("measure ghost: the ghost does not sail with %d players under '%s'",
                                       b->players, c->rules);
            if ((m->kind == M_WIN || m->kind == M_OFFSET) && m->arg >= b->players)
                return cli_usage_error("measure %s: %d players have seats and offsets 0 to %d", m->name,
                                       b->players, b->players - 1);
        }
    }
    return 0;
}

/* One harness run: setting c on games first..first+games-1. */
static int play(balance *b, cell *c, uint64_t first, uint64_t games)
{
    const bal_args *a = b->a;
    sim_config s;
    memset(&s, 0, sizeof s);
    char err[512];
    if (cli_rules(c->rules, b->players, &s.rules)) return 2;
    if (sim_parse_agents(a->agents, b->players, s.specs, err, sizeof err)) return cli_usage_error("%s", err);
    void *ctx[2] = {b, c};
    s.games = games;
    s.first_game = first;
    s.seed = a->seed;
    s.players = b->players;
    s.threads = (int)a->threads;
    s.rotate = 1;
    s.on_game = on_game;
    s.ctx = ctx;
    s.luck = a->luck ? &a->value : NULL;
    cli_progress(&s, a->progress);

    s.dist = sim_mpi_dist();
    s.journal = b->journal;
    return cli_run_games(&s, "nothing written");
}

/* ---------------------------------------------------------------- output */

static double se_of(const an_moments *m)
{
    return m->n > 1 ? sqrt(an_moments_var(m) / (double)m->n) : 0;
}

/* A measure's 95% interval from its moments: a share's bounded by what is
 * possible. */
static an_interval interval_from(const balance *b, const an_moments *m, int i)
{
    double lo, hi;
    if (share_bounds(&b->meas[i], &lo, &hi)) return an_moments_bounded(m, lo, hi);
    return an_mean_interval(m, 0);
}

/* The moments the search and the targets judge: luck-adjusted with --luck. */
static const an_moments *judged(const balance *b, const cell *c, int i)
{
    return b->a->luck ? &c->adj[i] : &c->m[i];
}

static an_interval interval_of(const balance *b, const cell *c, int i)
{
    return interval_from(b, judged(b, c, i), i);
}

/* Whether measure i has a luck-adjusted value of its own (the win shares). */
static int adjusted(const balance *b, int i)
{
    mkind k = b->meas[i].kind;
    return b->a->luck && (k == M_GHOST || k == M_CAPTAIN || k == M_OFFSET || k == M_WIN);
}

static void write_header(const balance *b)
{
    FILE *f = b->csv.f;
    char q[80];
    fprintf(f, "stage,round,first_game,games");
    for (int v = 0; v < b->a->nvary; v++) {
        csv_field(q, sizeof q, b->a->vary[v].key);
        fprintf(f, ",%s", q);
    }
    for (int i = 0; i < b->nmeasure; i++) {
        csv_field(q, sizeof q, b->meas[i].name);
        fprintf(f, ",%s,%s_low,%s_high", q, q, q);
    }
    for (int i = 0; i < b->nmeasure; i++) {
        if (!adjusted(b, i)) continue;
        char n[80];
        snprintf(n, sizeof n, "%s_adj", b->meas[i].name);
        csv_field(q, sizeof q, n);
        fprintf(f, ",%s,%s_low,%s_high", q, q, q);
    }
    if (b->a->luck) fprintf(f, ",luck");
    fprintf(f, ",loss,kept\n");
}

/* One setting's row: its values, every measure with its interval, its
 * loss and whether it goes on (the confirmation: loss and kept empty). */
static void csv_row(const balance *b, const char *stage, int round, uint64_t first, int k, const cell *c,
                    const double *loss, int kept)
{
    FILE *f = b->csv.f;
    char q[80];
    fprintf(f, "%s,%d,%llu,%llu", stage, round, (unsigned long long)first, (unsigned long long)c->m[0].n);
    for (int v = 0; v < b->a->nvary; v++) {
        csv_field(q, sizeof q, cell_value(b->a, k, v));
        fprintf(f, ",%s", q);
    }
    for (int i = 0; i < b->nmeasure; i++) {
        an_interval x = interval_from(b, &c->m[i], i);
        fprintf(f, ",%.6f,%.6f,%.6f", x.mean, x.lo, x.hi);
    }
    for (int i = 0; i < b->nmeasure; i++) {
        if (!adjusted(b, i)) continue;
        an_interval x = interval_from(b, &c->adj[i], i);
        fprintf(f, ",%.6f,%.6f,%.6f", x.mean, x.lo, x.hi);
    }
    if (b->a->luck) {
        csv_field(q, sizeof q, b->a->value.name);
        fprintf(f, ",%s", q);
    }
    if (loss) fprintf(f, ",%.6f,%d\n", *loss, kept);
    else fprintf(f, ",,\n");
}

/* ---------------------------------------------------------------- the run */

/* Each alive setting's loss over its games so far, the measures' scales
 * pooled over them. */
static void losses(const balance *b, const halving *h, double *loss)
{
    double scale[MAX_MEASURES];
    for (int i = 0; i < b->nmeasure; i++) {
        double se[MAX_CELLS];
        for (int j = 0; j < h->nalive; j++) se[j] = se_of(judged(b, &b->cells[h->alive[j]], i));
        scale[i] = halving_pool(se, h->nalive);
    }
    for (int j = 0; j < h->nalive; j++) {
        const cell *c = &b->cells[h->alive[j]];
        double mean[MAX_MEASURES];
        for (int i = 0; i < b->nmeasure; i++) mean[i] = judged(b, c, i)->mean;
        loss[h->alive[j]] = halving_loss(b->goal, b->a->ngoal, mean, scale);
    }
}

/* Round 0's verdict on each target: 1 (every setting above it), -1
 * (every one below) or 0. */
static void reach(const balance *b, int *out)
{
    double *lo = malloc((size_t)b->ncells * sizeof *lo), *hi = malloc((size_t)b->ncells * sizeof *hi);
    for (int g = 0; g < b->a->ngoal; g++) {
        out[g] = 0;
        if (!lo || !hi || b->goal[g].kind != GOAL_TARGET) continue;
        for (int k = 0; k < b->ncells; k++) {
            an_interval x = interval_of(b, &b->cells[k], b->goal[g].measure);
            lo[k] = x.lo;
            hi[k] = x.hi;
        }
        out[g] = halving_out_of_reach(lo, hi, b->ncells, b->goal[g].value);
    }
    free(lo);
    free(hi);
}

/* The rounds until one setting is left; its index, or -1 after a stop or
 * an error (*rc).  *end: the first deal the search did not use. */
static int search(balance *b, int *out_of_reach, uint64_t *end, int *rc)
{
    halving h;
    if (halving_init(&h, b->ncells, b->a->games)) return *rc = cli_usage_error("out of memory"), -1;
    /* Before the run: its games, round by round (each keeps half the
     * settings on twice the deals), and the confirmation. */
    uint64_t all = b->a->confirm, batch = b->a->games;
    for (int n = b->ncells; n > 1 || n == b->ncells; n = (n + 1) / 2, batch *= 2) { /* one setting: one round */
        all += (uint64_t)n * batch;
        if (n == 1) break;
    }
    if (!cli_quiet)
        fprintf(stderr, "balance: %d setting%s: %llu games in all, the confirmation's %llu among them\n", b->ncells,
                b->ncells == 1 ? "" : "s", (unsigned long long)all, (unsigned long long)b->a->confirm);
    double t0 = timing_seconds();
    double *loss = calloc((size_t)b->ncells, sizeof *loss);
    int best = -1;
    *rc = loss ? 0 : cli_usage_error("out of memory");
    while (!*rc) {
        if (!cli_quiet)
            fprintf(stderr, "balance: round %d: %d setting%s x %llu games (deals %llu..%llu)\n", h.round, h.nalive,
                    h.nalive == 1 ? "" : "s", (unsigned long long)h.batch, (unsigned long long)h.start,
                    (unsigned long long)(h.start + h.batch - 1));
        for (int j = 0; j < h.nalive && !*rc; j++) *rc = play(b, &b->cells[h.alive[j]], h.start, h.batch);
        if (*rc) break;
        *end = h.start + h.batch;
        losses(b, &h, loss);
        if (h.round == 0) {
            reach(b, out_of_reach);
            double took = timing_seconds() - t0, left = took * (double)all / (double)(h.nalive * h.batch);
            if (!cli_quiet && all > (uint64_t)h.nalive * h.batch)
                fprintf(stderr, "balance: the first round took %.1f s: about %.0f %s in all at that pace\n", took,
                        left < 120 ? left : left / 60, left < 120 ? "s" : "minutes");
        }
        int round = h.round, n = h.nalive, was[MAX_CELLS];
        memcpy(was, h.alive, (size_t)n * sizeof *was);
        if (n > 1) halving_next(&h, loss);
        for (int j = 0; j < n; j++) {
            int kept = 0;
            for (int i = 0; i < h.nalive; i++) kept |= h.alive[i] == was[j];
            csv_row(b, "search", round, 0, was[j], &b->cells[was[j]], &loss[was[j]], kept);
        }
        /* One left: it needs no more deals before its confirmation. */
        if (h.nalive == 1) {
            best = h.alive[0];
            break;
        }
    }
    free(loss);
    halving_free(&h);
    return best;
}

/* A goal met by an interval: a target inside it, a limit not passed by
 * all of it. */
static int goal_met(const halving_goal *q, const an_interval *x)
{
    if (q->kind == GOAL_TARGET) return x->lo <= q->value && q->value <= x->hi;
    return q->kind == GOAL_AT_MOST ? x->lo <= q->value : x->hi >= q->value;
}

static const char *goal_op(const halving_goal *q)
{
    return q->kind == GOAL_TARGET ? "=" : q->kind == GOAL_AT_MOST ? "<=" : ">=";
}

/* The confirmation's table on stdout: every measure with its interval,
 * each goal met or not, a target out of reach said plainly. */
static void report(const balance *b, int best, uint64_t end, const int *out_of_reach)
{
    const bal_args *a = b->a;
    printf("# Balance: %s at %d players, rules `%s`\n\n", a->agents, b->players, a->rules);
    char seed[JM_SEED_TEXT];
    printf("%d settings searched by successive halving on deals 0..%llu (seed %s); the best:", b->ncells,
           (unsigned long long)(end - 1), jm_seed_format(&a->seed, seed, sizeof seed));
    for (int v = 0; v < a->nvary; v++) printf(" %s=%s", a->vary[v].key, cell_value(a, best, v));
    printf(".\nConfirmed on %llu deals the search did not use (%llu..%llu):\n\n", (unsigned long long)a->confirm,
           (unsigned long long)end, (unsigned long long)(end + a->confirm - 1));
    if (a->luck)
        printf("The win shares are luck-adjusted (--luck %s, docs/STATISTICS.md): the search, the values and the "
               "targets' verdicts below; the CSV has the plain ones beside them.\n\n", a->value.name);
    printf("| measure | goal | value [95%%] | met |\n|---|---|---|---|\n");
    for (int i = 0; i < b->nmeasure; i++) {
        an_interval x = interval_of(b, &b->confirm, i);
        int any = 0;
        for (int g = 0; g < a->ngoal; g++) {
            if (b->goal[g].measure != i) continue;
            const halving_goal *q = &b->goal[g];
            printf("| %s | %s %g | %.4f [%.4f, %.4f] | %s |\n", b->meas[i].name, goal_op(q), q->value, x.mean, x.lo,
                   x.hi, goal_met(q, &x) ? "yes" : "no");
            any = 1;
        }
        if (!any) printf("| %s | - | %.4f [%.4f, %.4f] | - |\n", b->meas[i].name, x.mean, x.lo, x.hi);
    }
    for (int g = 0; g < a->ngoal; g++) {
        const halving_goal *q = &b->goal[g];
        an_interval x = interval_of(b, &b->confirm, q->measure);
        if (!goal_met(q, &x) && !out_of_reach[g]) {
            printf("\nNo setting in the ranges meets %s %s %g within its interval: the nearest the search found",
                   b->meas[q->measure].name, goal_op(q), q->value);
            for (int v = 0; v < a->nvary; v++)
                printf("%s%s=%s", v ? ", " : " ", a->vary[v].key, cell_value(a, best, v));
            printf(" gives %.4f [%.4f, %.4f] (a finer --vary step may reach it).\n", x.mean, x.lo, x.hi);
        }
        if (!out_of_reach[g]) continue;
        printf("\nNo setting in the ranges reaches %s = %g: every setting's interval in the first round (%llu games "
               "each) lies %s it.\n",
               b->meas[b->goal[g].measure].name, b->goal[g].value, (unsigned long long)a->games,
               out_of_reach[g] > 0 ? "above" : "below");
    }
}

/* The options checked and the settings planned; 0, or 2. */
static int configure(bal_args *a, balance *b)
{
    if (!a->nvary) return cli_usage_error("balance needs --vary KEY=LO..HI (a rule option and its values)");
    if (!a->ngoal) return cli_usage_error("balance needs --target MEASURE=VALUE (or --keep)");
    if (!*a->out) return cli_usage_error("balance: empty --out path");
    if (!a->players) a->players = (uint64_t)sim_players_of(a->agents, 4);
    b->players = (int)a->players;
    b->ncells = 1;
    for (int v = 0; v < a->nvary; v++) {
        for (int w = 0; w < v; w++)
            if (!strcmp(a->vary[v].key, a->vary[w].key))
                return cli_usage_error("--vary %s given twice", a->vary[v].key);
        if (b->ncells * a->vary[v].n > MAX_CELLS)
            return cli_usage_error("--vary: more than %d settings in all", MAX_CELLS);
        b->ncells *= a->vary[v].n;
    }
    char err[512], specs[JM_MAX_PLAYERS][SIM_SPEC_LEN];
    if (sim_parse_agents(a->agents, b->players, specs, err, sizeof err)) return cli_usage_error("%s", err);
    if (cli_threads(&a->threads)) return 2;
    jm_rules base;
    if (cli_rules(a->rules, b->players, &base)) return 2;
    if (cli_luck(a->luck, &base, &a->value)) return 2;
    plan_measures(b);
    b->cells = calloc((size_t)b->ncells, sizeof *b->cells);
    if (!b->cells) return cli_usage_error("out of memory");
    return check_cells(b);
}

int cmd_balance(int argc, char **argv)
{
    bal_args a;
    memset(&a, 0, sizeof a);
    uint64_t given = 0;
    int rc = opt_parse(&table, argc, argv, &a, NULL, &given);
    static char named[1024];
    if (!rc && a.rules) a.rules = cli_rules_named(a.rules, named, sizeof named);
    if (rc) return rc == OPT_HELP ? 0 : 2;
    balance b = {.a = &a, .csv = {.slot = -1}};
    char err[512];
    if (configure(&a, &b)) {
        free(b.cells);
        return 2;
    }
    const char *outs[] = {a.out};
    if (outfile_open(&b.csv, a.out, err, sizeof err)) rc = cli_usage_error("%s", err);
    else if (cli_journal_open(&a.ck, "balance", outs, 1, &b.journal)) rc = 2;
    if (rc) {
        outfile_abort(&b.csv);
        free(b.cells);
        return rc;
    }
    write_header(&b);
    /* The agents without --agents, said first (the search is only as
     * telling as the play: random knows nothing of the rules). */
    if (!opt_given(&table, given, "agents") && !cli_quiet)
        fprintf(stderr, "balance: agents %s (the default; --agents to change)\n", a.agents);
    cli_catch_stop();
    int out_of_reach[MAX_GOALS] = {0};
    uint64_t end = 0;
    int best = search(&b, out_of_reach, &end, &rc);
    if (best >= 0) {
        snprintf(b.confirm.rules, sizeof b.confirm.rules, "%s", b.cells[best].rules);
        if (!cli_quiet)
            fprintf(stderr, "balance: confirming the best on deals %llu..%llu\n", (unsigned long long)end,
                    (unsigned long long)(end + a.confirm - 1));
        rc = play(&b, &b.confirm, end, a.confirm);
    }
    cli_release_stop();
    if (!rc) {
        csv_row(&b, "confirm", 0, end, best, &b.confirm, NULL, 0);
        if (outfile_commit(&b.csv, err, sizeof err)) {
            fprintf(stderr, "jamaica: %s\n", err);
            rc = 1;
        }
    }
    if (!rc) report(&b, best, end, out_of_reach);
    if (rc >= 128 || rc == CLI_AGENT_FAILED) cli_journal_kept(b.journal);
    journal_close(b.journal, rc != 0);
    outfile_abort(&b.csv);
    free(b.cells);
    return rc;
}
