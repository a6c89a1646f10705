/*
 * tune.c - `jamaica tune AGENT --param KEY=LO..HI... --against MIX`: an
 * agent's numeric parameters tuned by SPSA (analysis/spsa.h) against a
 * fixed opponent mix, on paired games.
 *
 * Iteration k plays the deals k*N .. k*N+N-1 twice, the agent at theta+ and
 * at theta- in one seat and the mix in the others, seats rotated: the same
 * dice and the same opponents' streams for both (common random numbers), so
 * the difference of their win shares carries little of the deals' noise.
 * Each iteration is one row of the CSV (the point after it, the two
 * measures, their paired difference and mean with 95% intervals, and the
 * exact [0, 1] coordinates a resume starts from); after the last, a
 * confirmation match plays the tuned and the untuned agent over fresh deals
 * the same way.  Everything follows from the options: --resume after a stop
 * gives the bytes of the run that never stopped.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../agents/agent.h"
#include "../../analysis/spsa.h"
#include "../../analysis/stats.h"
#include "../cli/cli.h"
#include "../cli/options.h"
#include "../cli/stop.h"
#include "../io/csv.h"
#include "../io/outfile.h"
#include "../io/summary.h"
#include "../run/lineup.h"
#include "../run/timing.h"
#include "cmd.h"

typedef struct tune_param {
    char key[64];
    double lo, hi, start;        /* start: NAN for the middle */
    int integer;                 /* the agent takes whole numbers only */
} tune_param;

typedef struct params_arg {
    tune_param p[SPSA_MAX];
    int n;
    char text[SPSA_MAX * 96];    /* as given, joined by ';' (the CSV's params) */
} params_arg;

typedef struct tune_opts {
    params_arg params;
    const char *against, *rules, *out, *a_text, *c_text;
    uint64_t games, iterations, threads, players, progress, confirm;    jm_seed seed;
    int resume;
} tune_opts;

/* ---------------------------------------------------------------- options */

static int parse_param(const char *v, void *field)
{
    params_arg *pa = field;
    if (pa->n == SPSA_MAX) return cli_usage_error("at most %d --param", SPSA_MAX);
    tune_param *p = &pa->p[pa->n];
    const char *eq = strchr(v, '=');
    char *end, *end2;
    if (!eq || eq == v || (size_t)(eq - v) >= sizeof p->key) goto bad;
    memcpy(p->key, v, (size_t)(eq - v));
    p->key[eq - v] = '\0';
    const char *dots = strstr(eq + 1, "..");
    char lo[64];
    if (!dots || dots == eq + 1 || (size_t)(dots - eq - 1) >= sizeof lo) goto bad;
    memcpy(lo, eq + 1, (size_t)(dots - eq - 1)); /* "0..60": strtod alone would read "0." */
    lo[dots - eq - 1] = '\0';
    p->lo = strtod(lo, &end);
    if (*end) goto bad;
    p->hi = strtod(dots + 2, &end2);
    if (end2 == dots + 2 || (*end2 && *end2 != '@')) goto bad;
    p->start = NAN;
    if (*end2 == '@') {
        p->start = strtod(end2 + 1, &end);
        if (end == end2 + 1 || *end) goto bad;
    }
    if (!isfinite(p->lo) || !isfinite(p->hi) || p->hi <= p->lo)
        return cli_usage_error("bad --param '%s' (LO below HI)", v);
    if (!isnan(p->start) && (p->start < p->lo || p->start > p->hi))
        return cli_usage_error("bad --param '%s' (the start outside LO..HI)", v);
    for (int i = 0; i < pa->n; i++)
        if (!strcmp(pa->p[i].key, p->key)) return cli_usage_error("--param '%s' named twice", p->key);
    size_t len = strlen(pa->text);
    snprintf(pa->text + len, sizeof pa->text - len, "%s%s", len ? ";" : "", v);
    pa->n++;
    return 0;
bad:
    return cli_usage_error("bad --param '%s' (KEY=LO..HI or KEY=LO..HI@START, e.g. w_win=0..60)", v);
}

static const opt options[] = {
    {.name = "param", .kind = OPT_CALL, .arg = "KEY=LO..HI[@X]", .offset = offsetof(tune_opts, params),
     .parse = parse_param, .many = 1, .required = 1, .help = "a numeric parameter of the agent and its range, starting\nat X (the middle); repeat for each (at most 16)"},
    OPT_ROW_TEXT("against", "MIX", tune_opts, against, "greedy",
                 "the opponents, as --agents for the other seats (one name\nfills them)"),
    OPT_ROW_UINT("players", "P", tune_opts, players, "player count", 2, 6, NULL,
                 "players (as many as --against names plus one; else 4)"),
    OPT_GAMES(tune_opts, "game count", 1000000000ULL, "200", "deals an iteration (each played at theta+ and theta-)"),
    OPT_ROW_UINT("iterations", "K", tune_opts, iterations, "iteration count", 1, 100000, "100", "SPSA iterations"),
    OPT_SEED(tune_opts, "1", "the run's seed (deals, perturbations)"),
    OPT_RULES(tune_opts, "the rules"),
    OPT_THREADS(tune_opts),
    OPT_ROW_UINT("progress", "SECONDS", tune_opts, progress, "progress interval", 1, 86400, NULL,
                 "a line on stderr after an iteration, at most every\nSECONDS, also when stderr is not a terminal (a batch\njob's log; on a terminal after every iteration)"),
    OPT_ROW_TEXT("spsa-a", "A", tune_opts, a_text, "0.5", "SPSA's step scale a, in units of each range"),
    OPT_ROW_TEXT("spsa-c", "C", tune_opts, c_text, "0.1", "SPSA's perturbation c, in units of each range"),
    OPT_ROW_UINT("confirm", "N", tune_opts, confirm, "confirmation deals", 0, 1000000000ULL, NULL,
                 "deals of the final match, tuned against untuned (4 x\n--games; 0: none)"),
    OPT_OUT(tune_opts, "tune.csv", "the trajectory CSV, one row an iteration"),
    OPT_ROW_FLAG("resume", tune_opts, resume,
                 "go on from the iterations --out holds (a run stopped by\nCtrl-C), with the same options"),
};

static const opt_table table = {
    .command = "tune",
    .synopsis = "jamaica tune AGENT",
    .about = "Tune AGENT's numeric parameters (any agent: built in, a plugin or a program)\n"
             "for its win share against the --against mix, by SPSA (simultaneous\n"
             "perturbation stochastic approximation, docs/TUNING.md).  Iteration k plays\n"
             "deals k*N..k*N+N-1 twice, the agent at two points either side of the\n"
             "current one and the mix in the other seats, seats rotated: the same dice\n"
             "and opponents for both, so their difference is measured on paired games.\n"
             "The CSV gets a row an iteration: the parameters after it, the win shares\n"
             "y_plus and y_minus, their paired difference and mean with 95% intervals.\n"
             "Then a confirmation match, tuned against untuned over --confirm fresh\n"
             "deals, and the tuned agent as a line for --agents.  Reproducible from the\n"
             "options; Ctrl-C keeps the iterations done, and --resume goes on to the\n"
             "same bytes as a run that never stopped.  A range the agent refuses is\n"
             "named (exit 2).\n",
    .opts = options,
    .n = OPT_COUNT(options),
    .operands = -1,
};

/* ---------------------------------------------------------------- the run */

typedef struct tuner {
    const tune_opts *o;
    const char *agent;           /* the spec being tuned, as given */
    char against[JM_MAX_PLAYERS][SIM_SPEC_LEN];
    int players;
    double a, c;
    spsa s;
    jm_rules rules;
} tuner;

/* The agent's spec at [0, 1] coordinates x (its parameters appended). */
static void spec_at(const tuner *t, const double *x, char *spec, size_t cap)
{
    size_t n = (size_t)snprintf(spec, cap, "%s", t->agent);
    for (int i = 0; i < t->s.d && n < cap; i++) {
        const tune_param *p = &t->o->params.p[i];
        double v = p->lo + x[i] * (p->hi - p->lo);
        char sep = i || strchr(t->agent, ':') ? ',' : ':';
        if (p->integer) n += (size_t)snprintf(spec + n, cap - n, "%c%s=%.0f", sep, p->key, round(v));
        else n += (size_t)snprintf(spec + n, cap - n, "%c%s=%.6g", sep, p->key, v);
    }
}

/* Can the agent be made from spec?  err gets why not. */
static int agent_ok(const char *spec, char *err, size_t errlen)
{
    char one[1][SIM_SPEC_LEN];
    int count;
    return sim_split_agents(spec, one, 1, &count, err, errlen) == 0 && count == 1;
}

/* Each range checked at both ends (the agent's own message when it refuses
 * one), and whether the agent takes only whole numbers; 0, or 2. */
static int probe_params(tuner *t)
{
    char spec[SIM_SPEC_LEN + 64], err[512];
    for (int i = 0; i < t->s.d; i++) {
        tune_param *p = &((tune_opts *)t->o)->params.p[i];
        const char *sep = strchr(t->agent, ':') ? "," : ":";
        double ends[2] = {p->lo, p->hi};
        for (int e = 0; e < 2; e++) {
            snprintf(spec, sizeof spec, "%s%s%s=%.17g", t->agent, sep, p->key, ends[e]);
            if (!agent_ok(spec, err, sizeof err)) return cli_usage_error("--param %s=%g..%g: %s", p->key, p->lo, p->hi, err);
        }
        /* A fraction the agent refuses where whole numbers pass: an integer. */
        snprintf(spec, sizeof spec, "%s%s%s=%.17g", t->agent, sep, p->key, p->lo + 0.5);
        p->integer = p->lo == floor(p->lo) && p->lo + 0.5 < p->hi && !agent_ok(spec, err, sizeof err);
        double x = isnan(p->start) ? 0.5 : (p->start - p->lo) / (p->hi - p->lo);
        t->s.theta[i] = x;
    }
    return 0;
}

/* The options as a tuner; 0, or 2 after reporting. */
static int configure(const tune_opts *o, const char *spec, tuner *t)
{
    char err[512];
    memset(t, 0, sizeof *t);
    t->o = o;
    t->agent = spec;
    if (!o->params.n) return cli_usage_error("tune needs at least one --param KEY=LO..HI");
    if (!agent_ok(spec, err, sizeof err)) return cli_usage_error("%s", err);
    char *end;
    t->a = strtod(o->a_text, &end);
    if (end == o->a_text || *end || !(t->a > 0) || t->a > 10) return cli_usage_error("bad --spsa-a '%s' (0 < A <= 10)", o->a_text);
    t->c = strtod(o->c_text, &end);
    if (end == o->c_text || *end || !(t->c > 0) || t->c > 0.5) return cli_usage_error("bad --spsa-c '%s' (0 < C <= 0.5)", o->c_text);
    int named = sim_players_of(o->against, 0);
    t->players = o->players ? (int)o->players : named && named < 6 ? named + 1 : 4;
    if (sim_parse_agents(o->against, t->players - 1, t->against, err, sizeof err))
        return cli_usage_error("--against: %s", err);
    const char *seated[JM_MAX_PLAYERS] = {spec}; /* the tuned agent sits with the mix */
    for (int k = 1; k < t->players; k++) seated[k] = t->against[k - 1];
    if (agent_check_lineup(seated, t->players, err, sizeof err)) return cli_usage_error("%s", err);
    if (cli_rules(o->rules, t->players, &t->rules)) return 2;
    if ((o->iterations + 1) * o->games + o->confirm > (uint64_t)INT64_MAX / 2) return cli_usage_error("too many deals");
    t->s = (spsa){.d = o->params.n, .iterations = (int)o->iterations, .a = t->a, .c = t->c, .seed = jm_seed_digest(&o->seed)};
    return probe_params(t);
}

/* One paired measurement: the tuned seat's win shares (x 420) game by game. */
typedef struct paired {
    int players;
    int16_t *w;                  /* the first run's, by game */
    uint64_t first;
    int second;                  /* 0: keeping w; 1: pairing */
    int64_t s_plus, s_minus, s_diff, s_sum;
    uint64_t ss_diff, ss_sum, games;
} paired;

static int on_game(void *ctx, const sim_game *r)
{
    paired *p = ctx;
    int64_t w = 0;
    for (int k = 0; k < p->players; k++)
        if (r->seat[k].agent == 0 && r->seat[k].winner) w += SUMMARY_WIN_UNIT / r->nwin;
    uint64_t g = r->game - p->first;
    if (!p->second) {
        p->w[g] = (int16_t)w;
        p->s_plus += w;
        return 0;
    }
    int64_t d = p->w[g] - w, s = p->w[g] + w;
    p->s_minus += w;
    p->s_diff += d;
    p->s_sum += s;
    p->ss_diff += (uint64_t)(d * d);
    p->ss_sum += (uint64_t)(s * s);
    p->games++;
    return 0;
}

/* Deals first..first+n-1 with spec A and then spec B in the tuned seat;
 * 0, or the status after reporting (128 + a signal after a stop). */
static int play_pair(const tuner *t, uint64_t first, uint64_t n, const char *a, const char *b, paired *p)
{
    memset(p, 0, sizeof *p);
    p->players = t->players;
    p->first = first;
    p->w = malloc((size_t)n * sizeof *p->w);
    if (!p->w) return cli_usage_error("out of memory");
    sim_config c;
    memset(&c, 0, sizeof c);
    c.games = n;
    c.first_game = first;
    c.seed = t->o->seed;
    c.players = t->players;
    c.threads = (int)t->o->threads;
    c.rotate = 1;
    c.rules = t->rules;
    c.on_game = on_game;
    c.ctx = p;
    for (int k = 1; k < t->players; k++) snprintf(c.specs[k], SIM_SPEC_LEN, "%s", t->against[k - 1]);
    const char *spec[2] = {a, b};
    int rc = 0;
    for (int half = 0; half < 2 && !rc; half++) {
        snprintf(c.specs[0], SIM_SPEC_LEN, "%s", spec[half]);
        p->second = half;
        rc = cli_run_games(&c, "the iterations before it are kept");
    }
    free(p->w);
    p->w = NULL;
    return rc;
}

/* The paired difference (A - B) and the mean of the two, with intervals. */
static void paired_intervals(const paired *p, an_interval *diff, an_interval *mean)
{
    an_moments d = an_moments_of_sums(p->games, (long double)p->s_diff, (long double)p->ss_diff, SUMMARY_WIN_UNIT);
    an_moments m = an_moments_of_sums(p->games, (long double)p->s_sum, (long double)p->ss_sum, 2 * SUMMARY_WIN_UNIT);
    *diff = an_moments_bounded(&d, -1, 1);
    *mean = an_moments_bounded(&m, 0, 1);
}

/* ---------------------------------------------------------------- the CSV */

/* The identity columns a resume checks, after the measures. */
enum { ID_AGENT, ID_AGAINST, ID_PLAYERS, ID_RULES, ID_SEED, ID_ITERATIONS, ID_A, ID_C, ID_PARAMS, ID_N };
static const char *const id_name[ID_N] = {"agent", "against", "players", "rules", "seed",
                                          "iterations", "spsa_a", "spsa_c", "params"};
#define MEASURES 8               /* y_plus .. score_high */
static const char *const measure_name[MEASURES] = {"y_plus", "y_minus", "diff", "diff_low",
                                                   "diff_high", "score", "score_low", "score_high"};

/* The run's identity, each as a CSV field. */
static void identity(const tuner *t, char id[ID_N][600])
{
    char rules[256], v[600];
    jm_rules_format(&t->rules, rules, sizeof rules);
    const char *text[ID_N] = {t->agent, t->o->against, NULL, rules, NULL, NULL, t->o->a_text, t->o->c_text,
                              t->o->params.text};
    for (int i = 0; i < ID_N; i++) {
        if (text[i]) csv_field(id[i], 600, text[i]);
        else {
            unsigned long long n = i == ID_PLAYERS ? (unsigned long long)t->players : (unsigned long long)t->o->iterations;
            if (i == ID_SEED) jm_seed_format(&t->o->seed, v, sizeof v);
            else snprintf(v, sizeof v, "%llu", n);
            snprintf(id[i], 600, "%s", v);
        }
    }
}

static void header(const tuner *t, FILE *f)
{
    fprintf(f, "iteration,first_game,games");
    for (int i = 0; i < t->s.d; i++) fprintf(f, ",%s", t->o->params.p[i].key);
    for (int m = 0; m < MEASURES; m++) fprintf(f, ",%s", measure_name[m]);
    for (int i = 0; i < ID_N; i++) fprintf(f, ",%s", id_name[i]);
    for (int i = 0; i < t->s.d; i++) fprintf(f, ",t_%s", t->o->params.p[i].key);
    fputc('\n', f);
}

/* Iteration k's row: the point after it, its measures, the run. */
static void row(const tuner *t, FILE *f, int k, const paired *p)
{
    an_interval d, m;
    paired_intervals(p, &d, &m);
    double n = (double)p->games * SUMMARY_WIN_UNIT;
    fprintf(f, "%d,%llu,%llu", k, (unsigned long long)((uint64_t)k * t->o->games), (unsigned long long)p->games);
    for (int i = 0; i < t->s.d; i++) {
        const tune_param *q = &t->o->params.p[i];
        double v = q->lo + t->s.theta[i] * (q->hi - q->lo);
        if (q->integer) fprintf(f, ",%.0f", round(v));
        else fprintf(f, ",%.6g", v);
    }
    fprintf(f, ",%.6f,%.6f,%.6f,%.6f,%.6f,%.6f,%.6f,%.6f", (double)p->s_plus / n, (double)p->s_minus / n, d.mean,
            d.lo, d.hi, m.mean, m.lo, m.hi);
    char id[ID_N][600];
    identity(t, id);
    for (int i = 0; i < ID_N; i++) fprintf(f, ",%s", id[i]);
    for (int i = 0; i < t->s.d; i++) fprintf(f, ",%.17g", t->s.theta[i]);
    fputc('\n', f);
}

/* --resume: the rows --out holds, checked against this run and copied to
 * of; theta from the last; *done the iterations they cover.  0, or 2. */
static int resume_from(tuner *t, outfile *of, int *done)
{
    const char *path = t->o->out;
    FILE *f = fopen(path, "r");
    if (!f) return cli_usage_error("--resume: cannot read '%s': %s", path, strerror(errno));
    char *line = NULL, *mine = NULL, *fields[64], id[ID_N][600], err[256];
    size_t cap = 0, mlen = 0;
    FILE *h = open_memstream(&mine, &mlen);
    if (h) {
        header(t, h);
        fclose(h);
    }
    identity(t, id);
    int rc = mine ? 0 : cli_usage_error("out of memory"), lineno = 0, nid = 3 + t->s.d + MEASURES;
    *done = 0;
    while (!rc && csv_read_line(f, &line, &cap)) {
        if (++lineno == 1) {
            mine[mlen - 1] = '\0';
            if (strcmp(line, mine)) rc = cli_usage_error("--resume: '%s' is not this tuning's CSV (its header differs: other --param keys?)", path);
            else if (outfile_write(of, mine, mlen - 1, err, sizeof err) || outfile_write(of, "\n", 1, err, sizeof err))
                rc = cli_usage_error("%s", err);
            continue;
        }
        char *copy = strdup(line);
        int n = copy ? csv_split(copy, fields, 64) : -1;
        if (n != nid + ID_N + t->s.d || atoi(fields[0]) != *done) rc = cli_usage_error("--resume: %s:%d: not iteration %d's row", path, lineno, *done);
        else if (strtoull(fields[2], NULL, 10) != t->o->games)
            rc = cli_usage_error("--resume: '%s' was made with another --games (%s, not %llu)", path, fields[2],
                                 (unsigned long long)t->o->games);
        for (int i = 0; !rc && i < ID_N; i++) {
            char q[600];
            csv_field(q, sizeof q, fields[nid + i]);
            if (strcmp(q, id[i]))
                rc = cli_usage_error("--resume: '%s' was made with another %s (%s, not %s)", path, id_name[i],
                                     fields[nid + i], id[i]);
        }
        for (int i = 0; !rc && i < t->s.d; i++) {
            char *end;
            t->s.theta[i] = strtod(fields[nid + ID_N + i], &end);
            if (*end || !(t->s.theta[i] >= 0 && t->s.theta[i] <= 1)) rc = cli_usage_error("--resume: %s:%d: a bad t_ column", path, lineno);
        }
        if (!rc && (outfile_write(of, line, strlen(line), err, sizeof err) || outfile_write(of, "\n", 1, err, sizeof err)))
            rc = cli_usage_error("%s", err);
        free(copy);
        if (!rc) (*done)++;
    }
    if (!rc && lineno == 0) rc = cli_usage_error("--resume: '%s' is empty", path);
    free(line);
    free(mine);
    fclose(f);
    return rc;
}

/* ---------------------------------------------------------------- command */

static void progress_line(const tuner *t, int k, const paired *p)
{
    double n = (double)p->games * SUMMARY_WIN_UNIT;
    char spec[SIM_SPEC_LEN];
    spec_at(t, t->s.theta, spec, sizeof spec);
    fprintf(stderr, "iteration %d/%d: y+ %.4f  y- %.4f  now %s\n", k + 1, t->s.iterations, (double)p->s_plus / n,
            (double)p->s_minus / n, spec);
}

/* The iterations from `from` on, each row written to of; 0, or the status. */
static int iterate(tuner *t, outfile *of, int from)
{
    int tty = isatty(2);
    double last = -1e300;
    for (int k = from; k < t->s.iterations; k++) {
        double xp[SPSA_MAX], xm[SPSA_MAX];
        char sp[SIM_SPEC_LEN], sm[SIM_SPEC_LEN], err[256];
        spsa_points(&t->s, k, xp, xm);
        spec_at(t, xp, sp, sizeof sp);
        spec_at(t, xm, sm, sizeof sm);
        paired p;
        int rc = play_pair(t, (uint64_t)k * t->o->games, t->o->games, sp, sm, &p);
        if (rc) {
            if (rc > 128) fprintf(stderr, "jamaica: stopped after %d iterations; %s keeps them and --resume goes on\n", k, t->o->out);
            return rc;
        }
        double n = (double)p.games * SUMMARY_WIN_UNIT;
        spsa_update(&t->s, k, (double)p.s_plus / n, (double)p.s_minus / n);
        row(t, of->f, k, &p);
        if (outfile_check(of, err, sizeof err)) {
            fprintf(stderr, "jamaica: %s\n", err);
            return 1;
        }
        double now = timing_seconds();
        if (tty || (t->o->progress && now - last >= (double)t->o->progress)) {
            progress_line(t, k, &p);
            last = now;
        }
    }
    return 0;
}

/* The tuned agent against the untuned over fresh deals; 0, or the status. */
static int confirm(const tuner *t, const char *tuned)
{
    uint64_t n = t->o->confirm, first = t->o->iterations * t->o->games;
    if (!n) return 0;
    paired p;
    int rc = play_pair(t, first, n, tuned, t->agent, &p);
    if (rc) return rc;
    an_interval d, m;
    paired_intervals(&p, &d, &m);
    double u = (double)p.games * SUMMARY_WIN_UNIT;
    printf("confirmation, deals %llu..%llu against %s: tuned %.2f%%, untuned %.2f%%; tuned - untuned %+.2f points "
           "[%+.2f, %+.2f] (paired by deal, 95%%), p %.3g\n",
           (unsigned long long)first, (unsigned long long)(first + n - 1), t->o->against, 100 * (double)p.s_plus / u,
           100 * (double)p.s_minus / u, 100 * d.mean, 100 * d.lo, 100 * d.hi, d.p);
    return 0;
}

int cmd_tune(int argc, char **argv)
{
    tune_opts o;
    memset(&o, 0, sizeof o);
    int first;
    uint64_t given = 0;
    int rc = opt_parse(&table, argc, argv, &o, &first, &given);
    if (rc) return rc == OPT_HELP ? 0 : 2;
    if (argc - first != 1) return cli_usage_error(argc == first ? "tune needs the AGENT to tune" : "tune takes one AGENT");
    if (!opt_given(&table, given, "confirm")) o.confirm = 4 * o.games;
    if (cli_threads(&o.threads)) return 2;
    if (!*o.out) return cli_usage_error("tune: empty --out path");
    tuner *t = malloc(sizeof *t);
    if (!t) return cli_usage_error("out of memory");
    rc = configure(&o, argv[first], t);
    char spec[SIM_SPEC_LEN + 1] = "";
    double third[SPSA_MAX]; /* values with all their digits: the longest spec */
    for (int i = 0; i < SPSA_MAX; i++) third[i] = 1.0 / 3;
    if (!rc) spec_at(t, third, spec, sizeof spec);
    if (!rc && strlen(spec) + 16 >= SIM_SPEC_LEN) rc = cli_usage_error("the tuned agent's spec is too long");
    outfile of = {.slot = -1};
    char err[512];
    if (!rc && outfile_open(&of, o.out, err, sizeof err)) rc = cli_usage_error("%s", err);
    int done = 0;
    if (!rc && o.resume) rc = resume_from(t, &of, &done);
    else if (!rc) header(t, of.f);
    cli_catch_stop();
    if (!rc) rc = iterate(t, &of, done);
    /* What the iterations made is kept, also after a stop. */
    if ((!rc || rc > 128) && outfile_commit(&of, err, sizeof err)) {
        fprintf(stderr, "jamaica: %s\n", err);
        rc = 1;
    }
    outfile_abort(&of);
    if (!rc) {
        spec_at(t, t->s.theta, spec, sizeof spec);
        printf("tuned over %llu iterations of %llu deals (%s): %s\n", (unsigned long long)o.iterations,
               (unsigned long long)o.games, o.out, spec);
        rc = confirm(t, spec);
        if (!rc) printf("%s\n", spec);
    }
    cli_release_stop();
    free(t);
    return rc;
}
