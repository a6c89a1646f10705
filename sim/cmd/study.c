/*
 * study.c - `jamaica study captain|ghost|sweep`: the questions the
 * simulator is for, each as a CSV and a Markdown summary.
 *
 *   captain  the first Captain's advantage by player count and agent mix
 *   ghost    the Ghost Ship's win rate with 2 players, and what ghost=on
 *            does to 3-5 player games (rounds, shortages, battles), paired
 *   sweep    one numeric rule option over a range, one measure at each value
 *
 * Each configuration is one harness run (sim_run) whose games arrive here
 * in game order, so every number is the same for any thread count.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../analysis/stats.h"
#include "../cli/cli.h"
#include "../cli/options.h"
#include "../cli/stop.h"
#include "../io/csv.h"
#include "../io/outfile.h"
#include "../io/summary.h"
#include "../io/table.h"
#include "../run/lineup.h"
#include "../run/mpi.h"
#include "cmd.h"

#define MAX_MIXES 8

typedef struct study_opts {
    uint64_t games, seed;
    int threads;
    unsigned progress;               /* --progress: seconds between lines, 0 none */
    const char *rules;               /* the base rule text */
    const char *mix[MAX_MIXES];      /* --agents, each as for sim */
    int nmix;
    int pmin, pmax;                  /* --players range */
    FILE *md;                        /* the Markdown summary */
    outfile csv;
} study_opts;

/* Per-game measures a study collects (captain offsets are per player). */
typedef struct study_acc {
    int players, ghost;
    uint64_t games;
    uint64_t offset_wins[JM_MAX_PLAYERS]; /* in SUMMARY_WIN_UNITs */
    uint64_t seat_wins[JM_MAX_SHIPS], ghost_wins;
    an_moments adv[JM_MAX_PLAYERS];        /* win(offset) - mean win(other players) */
    an_moments rounds, shortages, battles;
    /* ghost on/off pairing: the first run keeps its per-game values */
    int16_t *keep;                          /* 3 per game */
    an_moments d_rounds, d_shortages, d_battles;
    int pairing;                            /* 1: keeping, 2: differencing */
} study_acc;

static int on_game(void *ctx, const sim_game *r)
{
    study_acc *a = ctx;
    int P = a->players;
    double w[JM_MAX_PLAYERS], tot = 0;
    for (int k = 0; k < P; k++) {
        w[k] = r->seat[k].winner ? 1.0 / r->nwin : 0;
        tot += w[k];
        int off = (k - r->first_captain + P) % P;
        a->offset_wins[off] += r->seat[k].winner ? (uint64_t)(SUMMARY_WIN_UNIT / r->nwin) : 0;
        a->seat_wins[k] += r->seat[k].winner ? (uint64_t)(SUMMARY_WIN_UNIT / r->nwin) : 0;
    }
    for (int k = 0; k < P; k++) {
        int off = (k - r->first_captain + P) % P;
        an_moments_add(&a->adv[off], w[k] - (tot - w[k]) / (P - 1));
    }
    if (a->ghost) a->ghost_wins += r->seat[P].winner ? (uint64_t)(SUMMARY_WIN_UNIT / r->nwin) : 0;
    int sh = 0;
    for (int k = 0; k < P; k++) sh += r->seat[k].shortages;
    an_moments_add(&a->rounds, r->rounds);
    an_moments_add(&a->shortages, sh);
    an_moments_add(&a->battles, r->battles);
    if (a->pairing == 1) {
        a->keep[3 * r->game] = r->rounds;
        a->keep[3 * r->game + 1] = (int16_t)sh;
        a->keep[3 * r->game + 2] = (int16_t)r->battles;
    } else if (a->pairing == 2) {
        an_moments_add(&a->d_rounds, r->rounds - a->keep[3 * r->game]);
        an_moments_add(&a->d_shortages, sh - a->keep[3 * r->game + 1]);
        an_moments_add(&a->d_battles, (int)r->battles - a->keep[3 * r->game + 2]);
    }
    a->games++;
    return 0;
}

/* One harness run: the mix at `players` seats under rules_text. */
static int run_one(const study_opts *o, const char *mix, int players, const char *rules_text, study_acc *acc)
{
    sim_config c;
    memset(&c, 0, sizeof c);
    char err[512];
    if (cli_rules(rules_text, players, &c.rules)) return 2;
    if (sim_parse_agents(mix, players, c.specs, err, sizeof err)) return cli_usage_error("%s", err);
    c.games = o->games;
    c.seed = o->seed;
    c.players = players;
    c.threads = o->threads;
    c.rotate = 1;
    c.on_game = on_game;
    c.ctx = acc;
    c.progress = isatty(2) || o->progress;
    c.progress_every = o->progress;
    c.dist = sim_mpi_dist();
    acc->players = players;
    acc->ghost = jm_has_ghost_rules(&c.rules, players);
    if (c.progress) fprintf(stderr, "%s, %d players, rules %s\n", mix, players, rules_text);
    return cli_run_games(&c, "nothing written");
}

/* ---------------------------------------------------------------- captain */

static int study_captain(study_opts *o)
{
    FILE *f = o->csv.f;
    csv_table_header(f, &captain_csv);
    fprintf(o->md, "# First Captain's advantage\n\n%llu games a configuration, seed %llu, rules `%s`, agents rotated "
                   "over the seats.  `adv` is the paired difference, game by game, between the win share of the "
                   "seat at that offset from the first Captain and the mean of the other players' (95%% "
                   "interval kept inside [-1, 1], docs/STATISTICS.md; p of the t test of 0); `p vs 1/P` tests the offset's win rate against 1/P (no "
                   "ghost).\n\n",
            (unsigned long long)o->games, (unsigned long long)o->seed, o->rules);
    fprintf(o->md, "| agents | players | first Captain's win rate [95%%] | fair share | p vs 1/P | advantage "
                   "[95%%] (points) | p |\n|---|---|---|---|---|---|---|\n");
    for (int m = 0; m < o->nmix; m++)
        for (int P = o->pmin; P <= o->pmax; P++) {
            study_acc *a = calloc(1, sizeof *a);
            if (!a) return cli_usage_error("out of memory");
            int rc = run_one(o, o->mix[m], P, o->rules, a);
            if (rc) {
                free(a);
                return rc;
            }
            double n = (double)a->games, tot = 0;
            for (int k = 0; k < P; k++) tot += (double)a->offset_wins[k] / SUMMARY_WIN_UNIT;
            double fair = tot / (n * P);
            for (int k = 0; k < P; k++) {
                double w = (double)a->offset_wins[k] / SUMMARY_WIN_UNIT, lo, hi;
                an_wilson(w, n, &lo, &hi);
                an_interval d = an_moments_bounded(&a->adv[k], -1, 1);
                csv_val v[CA_NCOL] = {[CA_AGENTS] = csv_text(o->mix[m]), [CA_PLAYERS] = csv_int(P),
                                      [CA_GAMES] = csv_u64(a->games), [CA_CAPTAIN_OFFSET] = csv_int(k),
                                      [CA_WINS] = csv_real(w), [CA_WIN_RATE] = csv_real(w / n),
                                      [CA_WILSON_LOW] = csv_real(lo), [CA_WILSON_HIGH] = csv_real(hi),
                                      [CA_FAIR_SHARE] = csv_real(fair), [CA_ADV] = csv_real(d.mean),
                                      [CA_ADV_LOW] = csv_real(d.lo), [CA_ADV_HIGH] = csv_real(d.hi),
                                      [CA_ADV_P] = csv_real(d.p)};
                if (!a->ghost) v[CA_P_VS_FAIR] = csv_real(an_binomial_z_p(w, n, 1.0 / P, NULL));
                csv_table_row(f, &captain_csv, v);
                if (k == 0) {
                    fprintf(o->md, "| `%s` | %d%s | %.2f%% [%.2f, %.2f] | %.2f%% | ", o->mix[m], P,
                            a->ghost ? " + ghost" : "", 100 * w / n, 100 * lo, 100 * hi, 100 * fair);
                    if (a->ghost) fprintf(o->md, "- | ");
                    else fprintf(o->md, "%.3g | ", an_binomial_z_p(w, n, 1.0 / P, NULL));
                    fprintf(o->md, "%+.2f [%+.2f, %+.2f] | %.3g |\n", 100 * d.mean, 100 * d.lo, 100 * d.hi, d.p);
                }
            }
            free(a);
        }
    return 0;
}

/* ---------------------------------------------------------------- ghost */

static int study_ghost(study_opts *o)
{
    FILE *f = o->csv.f;
    csv_table_header(f, &ghost_csv);
    fprintf(o->md, "# Ghost Ship\n\n%llu games a configuration, seed %llu, rules `%s`, agents rotated.\n\n"
                   "## Two players: the ghost's share of the wins\n\n| agents | ghost win rate [95%%] | each "
                   "player |\n|---|---|---|\n",
            (unsigned long long)o->games, (unsigned long long)o->seed, o->rules);
    char rules[600];
    for (int m = 0; m < o->nmix; m++) {
        study_acc *a = calloc(1, sizeof *a);
        if (!a) return cli_usage_error("out of memory");
        snprintf(rules, sizeof rules, "%s,ghost=on", o->rules);
        int rc = run_one(o, o->mix[m], 2, rules, a);
        if (rc) {
            free(a);
            return rc;
        }
        double n = (double)a->games, w = (double)a->ghost_wins / SUMMARY_WIN_UNIT, lo, hi;
        an_wilson(w, n, &lo, &hi);
        csv_val v[GH_NCOL] = {[GH_AGENTS] = csv_text(o->mix[m]), [GH_PLAYERS] = csv_int(2),
                              [GH_MEASURE] = csv_text("ghost_win_rate"), [GH_GAMES] = csv_u64(a->games),
                              [GH_GHOST_ON] = csv_real(w / n), [GH_LOW] = csv_real(lo), [GH_HIGH] = csv_real(hi)};
        csv_table_row(f, &ghost_csv, v);
        fprintf(o->md, "| `%s` | %.2f%% [%.2f, %.2f] | %.2f%% |\n", o->mix[m], 100 * w / n, 100 * lo, 100 * hi,
                100 * (1 - w / n) / 2);
        free(a);
    }
    fprintf(o->md, "\n## ghost=on against ghost=off, the same deals (paired by game index)\n\nMeans per game; "
                   "B - A with its 95%% paired t interval and p.  Shortages are the players'; battles count every "
                   "battle, ties included.\n\n| agents | players | measure | off | on | on - off [95%%] | p "
                   "|\n|---|---|---|---|---|---|---|\n");
    for (int m = 0; m < o->nmix; m++)
        for (int P = o->pmin < 3 ? 3 : o->pmin; P <= (o->pmax > 5 ? 5 : o->pmax); P++) {
            study_acc *off = calloc(1, sizeof *off), *on = calloc(1, sizeof *on);
            int16_t *keep = malloc((size_t)o->games * 3 * sizeof *keep);
            if (!off || !on || !keep) {
                free(off);
                free(on);
                free(keep);
                return cli_usage_error("out of memory");
            }
            off->keep = on->keep = keep;
            off->pairing = 1;
            on->pairing = 2;
            snprintf(rules, sizeof rules, "%s,ghost=off", o->rules);
            int rc = run_one(o, o->mix[m], P, rules, off);
            snprintf(rules, sizeof rules, "%s,ghost=on", o->rules);
            if (!rc) rc = run_one(o, o->mix[m], P, rules, on);
            if (!rc) {
                struct {
                    const char *name;
                    an_moments *a, *b, *d;
                } rows[3] = {{"rounds", &off->rounds, &on->rounds, &on->d_rounds},
                             {"shortages", &off->shortages, &on->shortages, &on->d_shortages},
                             {"battles", &off->battles, &on->battles, &on->d_battles}};
                for (int k = 0; k < 3; k++) {
                    an_interval d = an_mean_interval(rows[k].d, 0);
                    csv_val v[GH_NCOL] = {[GH_AGENTS] = csv_text(o->mix[m]), [GH_PLAYERS] = csv_int(P),
                                          [GH_MEASURE] = csv_text(rows[k].name), [GH_GAMES] = csv_u64(on->games),
                                          [GH_GHOST_OFF] = csv_real(rows[k].a->mean),
                                          [GH_GHOST_ON] = csv_real(rows[k].b->mean), [GH_DIFF] = csv_real(d.mean),
                                          [GH_LOW] = csv_real(d.lo), [GH_HIGH] = csv_real(d.hi),
                                          [GH_P_VALUE] = csv_real(d.p)};
                    csv_table_row(f, &ghost_csv, v);
                    fprintf(o->md, "| `%s` | %d | %s | %.3f | %.3f | %+.3f [%+.3f, %+.3f] | %.3g |\n", o->mix[m], P,
                            rows[k].name, rows[k].a->mean, rows[k].b->mean, d.mean, d.lo, d.hi, d.p);
                }
            }
            free(off);
            free(on);
            free(keep);
            if (rc) return rc;
        }
    return 0;
}

/* ---------------------------------------------------------------- sweep */

static int study_sweep(study_opts *o, const char *sweep, const char *measure)
{
    char key[64];
    long lo, hi, step = 1;
    const char *eq = strchr(sweep, '=');
    if (!eq || eq == sweep || (size_t)(eq - sweep) >= sizeof key)
        return cli_usage_error("bad --sweep '%s' (KEY=FROM..TO[:STEP], e.g. start_gold=0..6)", sweep);
    memcpy(key, sweep, (size_t)(eq - sweep));
    key[eq - sweep] = '\0';
    char tail[64];
    int nread = 0;
    if (sscanf(eq + 1, "%ld..%ld%n", &lo, &hi, &nread) != 2)
        return cli_usage_error("bad --sweep '%s' (KEY=FROM..TO[:STEP], e.g. start_gold=0..6)", sweep);
    snprintf(tail, sizeof tail, "%s", eq + 1 + nread);
    if (*tail && (sscanf(tail, ":%ld%n", &step, &nread) != 1 || tail[nread] || step < 1))
        return cli_usage_error("bad --sweep step in '%s' (a whole number >= 1)", sweep);
    if (lo < 0 || hi < lo || (hi - lo) / step > 100)
        return cli_usage_error("bad --sweep range in '%s' (FROM <= TO, at most 101 values)", sweep);
    int seat = -1;
    if (!strncmp(measure, "win:", 4)) {
        char *end;
        seat = (int)strtol(measure + 4, &end, 10);
        if (!measure[4] || *end || seat < 0 || seat >= o->pmin)
            return cli_usage_error("bad --measure '%s' (win:SEAT, SEAT below the player count)", measure);
    } else if (strcmp(measure, "ghost") && strcmp(measure, "rounds") && strcmp(measure, "captain")) {
        return cli_usage_error("bad --measure '%s' (win:SEAT, ghost, rounds or captain)", measure);
    }
    if (o->pmin != o->pmax) return cli_usage_error("sweep takes one player count");
    if (o->nmix != 1) return cli_usage_error("sweep takes one --agents");
    /* Every value must parse before the first game. */
    char rules[700], err[512];
    for (long v = lo; v <= hi; v += step) {
        jm_rules r;
        snprintf(rules, sizeof rules, "%s,%s=%ld", o->rules, key, v);
        if (jm_rules_parse(&r, rules, err, sizeof err)) return cli_usage_error("--sweep: %s", err);
        jm_state probe;
        if (jm_init(&probe, &r, o->pmin, 0, 0, NULL, err, sizeof err) != JM_OK)
            return cli_usage_error("--sweep %s=%ld: %s", key, v, err);
        if (!strcmp(measure, "ghost") && !jm_has_ghost_rules(&r, o->pmin))
            return cli_usage_error("--measure ghost: the ghost does not play with %d players under '%s'", o->pmin,
                                   rules);
    }
    FILE *f = o->csv.f;
    csv_table_header(f, &sweep_csv);
    fprintf(o->md, "# Sweep of `%s` from %ld to %ld (step %ld)\n\n%llu games a value, %d players, agents `%s` "
                   "rotated, seed %llu, rules `%s`; measure `%s` (win rates with Wilson 95%% intervals, "
                   "rounds with t intervals, the captain's paired advantage kept inside [-1, 1]).\n\n| %s | %s [95%%] |\n|---|---|\n",
            key, lo, hi, step, (unsigned long long)o->games, o->pmin, o->mix[0], (unsigned long long)o->seed,
            o->rules, measure, key, measure);
    for (long v = lo; v <= hi; v += step) {
        study_acc *a = calloc(1, sizeof *a);
        if (!a) return cli_usage_error("out of memory");
        snprintf(rules, sizeof rules, "%s,%s=%ld", o->rules, key, v);
        int rc = run_one(o, o->mix[0], o->pmin, rules, a);
        if (rc) {
            free(a);
            return rc;
        }
        double n = (double)a->games, est, l, h;
        if (seat >= 0 || !strcmp(measure, "ghost")) {
            double w = (double)(seat >= 0 ? a->seat_wins[seat] : a->ghost_wins) / SUMMARY_WIN_UNIT;
            est = w / n;
            an_wilson(w, n, &l, &h);
        } else {
            an_interval d = !strcmp(measure, "rounds") ? an_mean_interval(&a->rounds, 0)
                                                       : an_moments_bounded(&a->adv[0], -1, 1);
            est = d.mean;
            l = d.lo;
            h = d.hi;
        }
        csv_val row[SW_NCOL] = {[SW_OPTION] = csv_text(key), [SW_VALUE] = csv_int(v),
                                [SW_AGENTS] = csv_text(o->mix[0]), [SW_PLAYERS] = csv_int(o->pmin),
                                [SW_GAMES] = csv_u64(a->games), [SW_MEASURE] = csv_text(measure),
                                [SW_ESTIMATE] = csv_real(est), [SW_LOW] = csv_real(l), [SW_HIGH] = csv_real(h)};
        csv_table_row(f, &sweep_csv, row);
        if (!strcmp(measure, "rounds")) fprintf(o->md, "| %ld | %.3f [%.3f, %.3f] |\n", v, est, l, h);
        else fprintf(o->md, "| %ld | %.2f%% [%.2f, %.2f] |\n", v, 100 * est, 100 * l, 100 * h);
        free(a);
    }
    return 0;
}

/* ---------------------------------------------------------------- command */

/* The command line: --agents may be repeated, --players is P or A-B. */
typedef struct mixes {
    const char *mix[MAX_MIXES];
    int n;
} mixes;

typedef struct player_range {
    int lo, hi;                  /* -1: the study's default */
} player_range;

typedef struct study_args {
    mixes agents;
    player_range players;
    uint64_t games, seed, threads, progress;
    const char *rules, *sweep, *measure, *out, *md;
} study_args;

static int parse_mix(const char *v, void *field)
{
    mixes *m = field;
    if (m->n == MAX_MIXES) return cli_usage_error("at most %d --agents mixes", MAX_MIXES);
    m->mix[m->n++] = v;
    return 0;
}

static int parse_players(const char *v, void *field)
{
    player_range *r = field;
    char *end;
    long a = strtol(v, &end, 10), b = a;
    if (end == v || (*end && *end != '-')) goto bad;
    if (*end == '-') {
        char *e2;
        b = strtol(end + 1, &e2, 10);
        if (e2 == end + 1 || *e2) goto bad;
    }
    if (a < 2 || b > 6 || b < a || !(*v >= '0' && *v <= '9')) goto bad;
    r->lo = (int)a;
    r->hi = (int)b;
    return 0;
bad:
    cli_usage_error("bad --players '%s' (P or A-B, from 2 to 6)", v);
    return -1;
}

static const opt options[] = {
    {.name = "agents", .kind = OPT_CALL, .arg = "LIST", .offset = offsetof(study_args, agents), .parse = parse_mix,
     .help = "an agent mix, as for sim (one name fills every seat);\nrepeat for several mixes (random)"},
    {.name = "players", .kind = OPT_CALL, .arg = "P|A-B", .offset = offsetof(study_args, players),
     .parse = parse_players, .help = "player counts (captain: 2-6; ghost: 3-5; sweep: 4,\nor 2 with --measure ghost; captain and sweep: as many\nas each --agents names, if 2 to 6)"},
    OPT_GAMES(study_args, "game count", 100000000000ULL, "10000", "games a configuration"),
    OPT_SEED(study_args, "1", "the run's seed"),
    OPT_RULES(study_args, "the base rules"),
    OPT_THREADS(study_args),
    OPT_PROGRESS(study_args),
    OPT_ROW_TEXT("sweep", "K=A..B[:S]", study_args, sweep, NULL, "sweep: the rule option and its values"),
    OPT_ROW_TEXT("measure", "M", study_args, measure, "win:0", "sweep: win:SEAT, ghost, rounds or captain"),
    OPT_OUT(study_args, NULL, "the CSV (study-KIND.csv)"),
    OPT_ROW_TEXT("md", "PATH", study_args, md, NULL, "the Markdown summary (stdout)"),
};

static const opt_table table = {
    .command = "study",
    .usage = "Usage: jamaica study captain|ghost|sweep [options]\n",
    .about = "  captain  the first Captain's win rate and advantage by player count, for\n"
             "           each agent mix: per captain_offset the win rate (Wilson 95%), a\n"
             "           test against 1/P, and the paired advantage over the other players\n"
             "  ghost    with 2 players, the ghost's win rate for each agent mix; at 3 to 5\n"
             "           players, ghost=on against ghost=off over the same deals: rounds,\n"
             "           shortages and battles per game, paired differences with intervals\n"
             "  sweep    --sweep KEY=FROM..TO[:STEP] runs one numeric rule option (see\n"
             "           --rules) over the range and reports --measure at each value\n"
             "\n"
             "Writes the CSV (--out) and prints a Markdown summary (or writes it to --md).\n"
             "Every configuration rotates the agents over the seats and plays the deals\n"
             "0..N-1 of the seed, so the numbers are the same for any --threads.\n",
    .opts = options,
    .n = OPT_COUNT(options),
};

/* The arguments as a study's options, every mix checked at every player
 * count before the first game; 0, or 2 after reporting. */
static int configure(const char *kind, study_args *a, study_opts *o)
{
    int is_sweep = !strcmp(kind, "sweep"), ghost = !strcmp(kind, "ghost");
    if (is_sweep != (a->sweep != NULL))
        return cli_usage_error(is_sweep ? "study sweep needs --sweep KEY=FROM..TO" : "--sweep goes with study sweep");
    memset(o, 0, sizeof *o);
    o->games = a->games;
    o->seed = a->seed;
    o->rules = a->rules;
    /* A sweep of the ghost's win rate is a 2-player question (the ghost
     * plays with 2 under the default rules); other sweeps default to 4. */
    int sweep_p = a->measure && !strcmp(a->measure, "ghost") ? 2 : 4;
    o->pmin = a->players.lo >= 0 ? a->players.lo : ghost ? 3 : is_sweep ? sweep_p : 2;
    o->pmax = a->players.lo >= 0 ? a->players.hi : ghost ? 5 : is_sweep ? sweep_p : 6;
    /* Without --players, mixes that all name P agents play at P seats
     * (captain and sweep; ghost plays each mix at 2 and at 3 to 5). */
    int implied = a->agents.n ? sim_players_of(a->agents.mix[0], 0) : 0;
    for (int m = 1; m < a->agents.n; m++)
        if (sim_players_of(a->agents.mix[m], 0) != implied) implied = 0;
    if (a->players.lo < 0 && !ghost && implied) o->pmin = o->pmax = implied;
    for (int m = 0; m < a->agents.n; m++) o->mix[o->nmix++] = a->agents.mix[m];
    if (!o->nmix) o->mix[o->nmix++] = "random";
    jm_rules r;
    char err[512];
    if (jm_rules_parse(&r, o->rules, err, sizeof err)) return cli_usage_error("%s", err);
    if (ghost && strstr(o->rules, "ghost=")) return cli_usage_error("study ghost sets ghost= itself: drop it from --rules");
    for (int m = 0; m < o->nmix; m++)
        for (int P = o->pmin; P <= o->pmax; P++) {
            char specs[JM_MAX_PLAYERS][SIM_SPEC_LEN];
            if (sim_parse_agents(o->mix[m], P, specs, err, sizeof err)) return cli_usage_error("%s", err);
        }
    if (cli_threads(&a->threads)) return 2;
    o->threads = (int)a->threads;
    o->progress = (unsigned)a->progress;
    if (!*a->out || (a->md && !*a->md)) return cli_usage_error("study: empty output path");
    if (a->md && outfile_same(a->out, a->md)) return cli_usage_error("'%s' and '%s' are the same file", a->out, a->md);
    return 0;
}

/* Open the CSV and the Markdown file (rank 0; the other ranks play their
 * shares and write to /dev/null); the ranks agree.  0, or 2. */
static int open_outputs(study_opts *o, const study_args *a, outfile *md, int writer)
{
    char err[512];
    int bad = 0;
    o->csv = (outfile){.slot = -1};
    *md = (outfile){.slot = -1};
    if (writer) {
        bad = outfile_open(&o->csv, a->out, err, sizeof err) || (a->md && outfile_open(md, a->md, err, sizeof err));
    } else {
        o->csv.f = fopen("/dev/null", "w");
        bad = !o->csv.f;
        snprintf(err, sizeof err, "cannot open /dev/null");
    }
    if (!sim_mpi_any(bad)) return 0;
    outfile_abort(&o->csv);
    outfile_abort(md);
    if (!writer && o->csv.f) fclose(o->csv.f);
    return bad ? cli_usage_error("%s", err) : 2;
}

/* The study done: the Markdown (to --md or stdout) and the CSV committed. */
static int finish(study_opts *o, const study_args *a, outfile *md, const char *mdbuf, size_t mdlen)
{
    char err[512];
    int werr = 0;
    if (a->md) werr = outfile_write(md, mdbuf, mdlen, err, sizeof err) || outfile_commit(md, err, sizeof err);
    if (!werr) werr = outfile_commit(&o->csv, err, sizeof err);
    if (!werr && !a->md) fwrite(mdbuf, 1, mdlen, stdout);
    if (!werr) return 0;
    fprintf(stderr, "jamaica: %s\n", err);
    return 1;
}

static int run_study(const char *kind, study_opts *o, const study_args *a)
{
    outfile md;
    int writer = sim_mpi_rank() == 0;
    if (open_outputs(o, a, &md, writer)) return 2;
    /* The Markdown goes to a buffer, printed only when the study is done. */
    char *mdbuf = NULL;
    size_t mdlen = 0;
    o->md = open_memstream(&mdbuf, &mdlen);
    if (!o->md) {
        outfile_abort(&o->csv);
        outfile_abort(&md);
        return cli_usage_error("out of memory");
    }
    cli_catch_stop();
    int rc = !strcmp(kind, "captain") ? study_captain(o)
             : !strcmp(kind, "ghost") ? study_ghost(o)
                                      : study_sweep(o, a->sweep, a->measure);
    cli_release_stop();
    fclose(o->md);
    if (!writer) fclose(o->csv.f);
    else if (!rc) rc = finish(o, a, &md, mdbuf, mdlen);
    if (writer) {
        outfile_abort(&o->csv);
        outfile_abort(&md);
    }
    free(mdbuf);
    return rc;
}

int cmd_study(int argc, char **argv)
{
    if (argc >= 2 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help"))) {
        opt_help(&table);
        return 0;
    }
    if (argc < 2) return cli_usage_error("study needs a kind: captain, ghost or sweep");
    const char *kind = argv[1];
    if (strcmp(kind, "captain") && strcmp(kind, "ghost") && strcmp(kind, "sweep"))
        return cli_usage_error("unknown study '%s' (captain, ghost or sweep)", kind);
    study_args a = {.players = {-1, -1}};
    char out_default[64];
    snprintf(out_default, sizeof out_default, "study-%s.csv", kind);
    int rc = opt_parse(&table, argc - 1, argv + 1, &a, NULL, NULL);
    if (rc) return rc == OPT_HELP ? 0 : 2;
    if (!a.out) a.out = out_default;
    study_opts o;
    if (configure(kind, &a, &o)) return 2;
    return run_study(kind, &o, &a);
}
