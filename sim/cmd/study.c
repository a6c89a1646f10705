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
#include "../cli/checkpoint.h"
#include "../cli/cli.h"
#include "../cli/ladder.h"
#include "../cli/options.h"
#include "../cli/stop.h"
#include "../../agents/value.h"
#include "../io/csv.h"
#include "../io/outfile.h"
#include "../io/study_csv.h"
#include "../io/summary.h"
#include "../io/table.h"
#include "../run/lineup.h"
#include "../run/mpi.h"
#include "cmd.h"

#define MAX_MIXES LADDER_MAX

typedef struct study_opts {
    uint64_t games, first_game;    jm_seed seed;
    int threads;
    unsigned progress;               /* --progress: seconds between lines, 0 none */
    const char *rules;               /* the base rule text */
    const char *mix[MAX_MIXES];      /* --agents, each as for sim */
    int nmix;
    int pmin, pmax;                  /* --players range */
    int want_games;                  /* --games-csv given (every rank makes the rows) */
    int games_faults;                /* GAMES.csv: some mix plays on after faults */
    outfile csv, games_of;           /* --out; --games-csv (rank 0's; games.f NULL elsewhere) */
    int games_header;                /* the GAMES.csv header is still to write */
    journal *jn;                     /* checkpoints (rank 0), or NULL */
    study_row *rows;                 /* the study's results, rendered at the end */
    int nrows, cap;
    const value_fn *luck;            /* --luck's value function, or NULL */
    int ladder;                      /* --ladder: every mix a rung */
    outfile ladder_of;               /* --ladder-out */
} study_opts;

/* One configuration's tallies, in exact integers (study_csv.h). */
typedef struct study_acc {
    int players, ghost;
    uint64_t games;
    int64_t offset_wins[JM_MAX_PLAYERS];   /* x SUMMARY_WIN_UNIT */
    int64_t adv[JM_MAX_PLAYERS];           /* win(offset) - mean win(other players), x 420 (P - 1) */
    uint64_t adv_sq[JM_MAX_PLAYERS];
    int64_t seat_wins[JM_MAX_SHIPS], ghost_wins;
    int64_t rounds, shortages, battles;
    uint64_t rounds_sq;
    int luck;                               /* the games carry luck corrections */
    /* ghost on/off pairing: the first run keeps its per-game values */
    int16_t *keep;                          /* 3 per game */
    uint64_t first_game;                    /* keep[0] is this game's */
    int64_t d_sum[3];                       /* rounds, shortages, battles: on - off */
    uint64_t d_sq[3];
    int pairing;                            /* 1: keeping, 2: differencing */
    /* luck-adjusted (SUMMARY_ADJ_UNIT; study_csv.h): the offsets' wins and
     * advantages without the first Captain's draw's correction, the seats'
     * and the ghost's with every draw's */
    int64_t offset_adj[JM_MAX_PLAYERS], adv_adj[JM_MAX_PLAYERS], seat_adj[JM_MAX_SHIPS], ghost_adj;
    uint64_t offset_adj_sq[JM_MAX_PLAYERS], adv_adj_sq[JM_MAX_PLAYERS], seat_adj_sq[JM_MAX_SHIPS], ghost_adj_sq;
    /* where the luck is: each offset's advantage's, the ghost's share's */
    study_split split_adv[JM_MAX_PLAYERS], split_ghost;
} study_acc;

/* One game's figure y (plain), its corrections by kind c[] and its
 * adjusted value a into the split's sums. */
static void split_add(study_split *sp, int64_t y, const int64_t *c, int64_t a)
{
    for (int k = 0; k < STUDY_LUCK_KINDS; k++) {
        sp->c[k] += c[k];
        sp->cc[k] += (uint64_t)(c[k] * c[k]);
        sp->yc[k] += y * c[k];
    }
    sp->ya += y * a;
    sp->yy += (uint64_t)(y * y);
}

/* Seat k's luck-adjusted win share (SUMMARY_ADJ_UNIT), with or without the
 * first Captain's draw's correction. */
static int64_t adj_win(const sim_game *r, int k, int with_captain)
{
    const sim_seat *t = &r->seat[k];
    int64_t w = t->winner && r->nwin ? SUMMARY_ADJ_UNIT / r->nwin : 0;
    return w + t->luck - (with_captain ? 0 : t->luck_captain);
}

static void on_game_adj(study_acc *a, const sim_game *r)
{
    int P = a->players;
    int64_t wc[JM_MAX_PLAYERS], tot = 0, wp[JM_MAX_SHIPS], tp = 0, ck[STUDY_LUCK_KINDS] = {0};
    for (int k = 0; k < P; k++) tot += wc[k] = adj_win(r, k, 0);
    for (int k = 0; k <= P; k++) { /* the plain shares, in SUMMARY_ADJ_UNIT */
        wp[k] = r->seat[k].winner && r->nwin ? SUMMARY_ADJ_UNIT / r->nwin : 0;
        if (k < P) tp += wp[k];
    }
    for (int q = 0; q < STUDY_LUCK_KINDS; q++)
        for (int k = 0; k < P; k++) ck[q] += r->seat[k].luck_kind[q];
    for (int k = 0; k < P; k++) {
        int off = (k - r->first_captain + P) % P;
        int64_t adv = wc[k] * (P - 1) - (tot - wc[k]), ws = adj_win(r, k, 1), c[STUDY_LUCK_KINDS];
        for (int q = 0; q < STUDY_LUCK_KINDS; q++)
            c[q] = q == JM_CH_CAPTAIN ? 0 : r->seat[k].luck_kind[q] * (P - 1) - (ck[q] - r->seat[k].luck_kind[q]);
        split_add(&a->split_adv[off], wp[k] * (P - 1) - (tp - wp[k]), c, adv);
        a->offset_adj[off] += wc[k];
        a->offset_adj_sq[off] += (uint64_t)(wc[k] * wc[k]);
        a->adv_adj[off] += adv;
        a->adv_adj_sq[off] += (uint64_t)(adv * adv);
        a->seat_adj[k] += ws;
        a->seat_adj_sq[k] += (uint64_t)(ws * ws);
    }
    if (a->ghost) {
        int64_t g = adj_win(r, P, 1), c[STUDY_LUCK_KINDS];
        a->ghost_adj += g;
        a->ghost_adj_sq += (uint64_t)(g * g);
        for (int q = 0; q < STUDY_LUCK_KINDS; q++) c[q] = r->seat[P].luck_kind[q];
        split_add(&a->split_ghost, wp[P], c, g);
    }
}

static int on_game(void *ctx, const sim_game *r)
{
    study_acc *a = ctx;
    int P = a->players;
    int64_t share = r->nwin ? SUMMARY_WIN_UNIT / r->nwin : 0, w[JM_MAX_SHIPS], tot = 0;
    for (int k = 0; k <= P; k++) w[k] = r->seat[k].winner ? share : 0;
    for (int k = 0; k < P; k++) {
        tot += w[k];
        a->offset_wins[(k - r->first_captain + P) % P] += w[k];
        a->seat_wins[k] += w[k];
    }
    for (int k = 0; k < P; k++) {
        int off = (k - r->first_captain + P) % P;
        int64_t adv = w[k] * (P - 1) - (tot - w[k]);
        a->adv[off] += adv;
        a->adv_sq[off] += (uint64_t)(adv * adv);
    }
    if (a->ghost) a->ghost_wins += w[P];
    int64_t v[3] = {r->rounds, 0, r->battles};
    for (int k = 0; k < P; k++) v[1] += r->seat[k].shortages;
    a->rounds += v[0];
    a->rounds_sq += (uint64_t)(v[0] * v[0]);
    a->shortages += v[1];
    a->battles += v[2];
    int16_t *kept = a->keep ? a->keep + 3 * (r->game - a->first_game) : NULL;
    for (int m = 0; m < 3 && a->pairing; m++) {
        if (a->pairing == 1) {
            kept[m] = (int16_t)v[m];
        } else {
            int64_t d = v[m] - kept[m];
            a->d_sum[m] += d;
            a->d_sq[m] += (uint64_t)(d * d);
        }
    }
    if (a->luck) on_game_adj(a, r);
    a->games++;
    return 0;
}

/* One harness run: the mix at `players` seats under rules_text. */
static int run_one(study_opts *o, const char *mix, int players, const char *rules_text, study_acc *acc)
{
    sim_config c;
    memset(&c, 0, sizeof c);
    char err[512];
    if (cli_rules(rules_text, players, &c.rules)) return 2;
    if (sim_parse_agents(mix, players, c.specs, err, sizeof err)) return cli_usage_error("%s", err);
    c.games = o->games;
    c.first_game = o->first_game;
    c.seed = o->seed;
    c.players = players;
    c.threads = o->threads;
    c.rotate = 1;
    c.on_game = on_game;
    c.ctx = acc;
    cli_progress(&c, o->progress);

    c.dist = sim_mpi_dist();
    c.games_shared = o->want_games;
    c.games_into = o->games_of.f ? &o->games_of : NULL;
    c.games_header = o->games_header;
    c.games_faults = o->games_faults;
    c.journal = o->jn;
    c.luck = o->luck;
    acc->luck = o->luck != NULL;
    acc->players = players;
    acc->first_game = o->first_game;
    acc->ghost = jm_has_ghost_rules(&c.rules, players);
    if (c.progress) fprintf(stderr, "%s, %d players, rules %s\n", mix, players, rules_text);
    int rc = cli_run_games(&c, "nothing written");
    if (!rc) o->games_header = 0;
    return rc;
}

/* A new row for configuration (mix, players) with acc's games; NULL when
 * out of memory (reported). */
static study_row *add_row(study_opts *o, const char *mix, int players, const study_acc *acc)
{
    if (o->nrows == o->cap) {
        int cap = o->cap ? 2 * o->cap : 16;
        study_row *grown = realloc(o->rows, (size_t)cap * sizeof *grown);
        if (!grown) {
            cli_usage_error("out of memory");
            return NULL;
        }
        o->rows = grown;
        o->cap = cap;
    }
    study_row *r = &o->rows[o->nrows++];
    memset(r, 0, sizeof *r);
    snprintf(r->agents, sizeof r->agents, "%s", mix);
    snprintf(r->rules, sizeof r->rules, "%s", o->rules);
    r->players = players;
    r->seed = o->seed;
    r->first_game = o->first_game;
    r->games = acc->games;
    if (o->luck) snprintf(r->luck, sizeof r->luck, "%s", o->luck->name);
    return r;
}

/* ---------------------------------------------------------------- captain */

static int study_captain(study_opts *o)
{
    for (int m = 0; m < o->nmix; m++)
        for (int P = o->pmin; P <= o->pmax; P++) {
            study_acc *a = calloc(1, sizeof *a);
            if (!a) return cli_usage_error("out of memory");
            int rc = run_one(o, o->mix[m], P, o->rules, a);
            for (int k = 0; k < P && !rc; k++) {
                study_row *r = add_row(o, o->mix[m], P, a);
                if (!r) {
                    rc = 2;
                    break;
                }
                r->offset = k;
                r->sum[0] = a->offset_wins[k];
                r->sum[1] = a->adv[k];
                r->sq = a->adv_sq[k];
                r->adj[0] = a->offset_adj[k];
                r->adj_sq[0] = a->offset_adj_sq[k];
                r->adj[1] = a->adv_adj[k];
                r->adj_sq[1] = a->adv_adj_sq[k];
                r->split = a->split_adv[k];
            }
            free(a);
            if (rc) return rc;
        }
    return 0;
}

/* ---------------------------------------------------------------- ghost */

static int study_ghost(study_opts *o)
{
    char rules[600];
    for (int m = 0; m < o->nmix; m++) {
        study_acc *a = calloc(1, sizeof *a);
        if (!a) return cli_usage_error("out of memory");
        snprintf(rules, sizeof rules, "%s,ghost=on", o->rules);
        int rc = run_one(o, o->mix[m], 2, rules, a);
        study_row *r = rc ? NULL : add_row(o, o->mix[m], 2, a);
        if (r) {
            snprintf(r->measure, sizeof r->measure, "ghost_win_rate");
            r->sum[1] = a->ghost_wins;
            r->adj[1] = a->ghost_adj;
            r->adj_sq[1] = a->ghost_adj_sq;
            r->split = a->split_ghost;
        } else if (!rc) {
            rc = 2;
        }
        free(a);
        if (rc) return rc;
    }
    for (int m = 0; m < o->nmix; m++)
        for (int P = o->pmin < 3 ? 3 : o->pmin; P <= (o->pmax > 5 ? 5 : o->pmax); P++) {
            study_acc *off = calloc(1, sizeof *off), *on = calloc(1, sizeof *on);
            int16_t *keep = malloc((size_t)o->games * 3 * sizeof *keep);
            int rc = off && on && keep ? 0 : cli_usage_error("out of memory");
            if (!rc) {
                off->keep = on->keep = keep;
                off->pairing = 1;
                on->pairing = 2;
                snprintf(rules, sizeof rules, "%s,ghost=off", o->rules);
                rc = run_one(o, o->mix[m], P, rules, off);
            }
            snprintf(rules, sizeof rules, "%s,ghost=on", o->rules);
            if (!rc) rc = run_one(o, o->mix[m], P, rules, on);
            static const char *const measure[3] = {"rounds", "shortages", "battles"};
            const int64_t *offs[3] = {&off->rounds, &off->shortages, &off->battles},
                          *ons[3] = {&on->rounds, &on->shortages, &on->battles};
            for (int k = 0; k < 3 && !rc; k++) {
                study_row *r = add_row(o, o->mix[m], P, on);
                if (!r) {
                    rc = 2;
                    break;
                }
                snprintf(r->measure, sizeof r->measure, "%s", measure[k]);
                r->sum[0] = *offs[k];
                r->sum[1] = *ons[k];
                r->sum[2] = on->d_sum[k];
                r->sq = on->d_sq[k];
            }
            free(off);
            free(on);
            free(keep);
            if (rc) return rc;
        }
    return 0;
}

/* ---------------------------------------------------------------- sweep */

typedef struct sweep_spec {
    char key[64];
    long lo, hi, step;
} sweep_spec;

/* --sweep KEY=FROM..TO[:STEP] and --measure checked, and every value's
 * rules, before the first game; 0, or 2. */
static int sweep_parse(const study_opts *o, const char *sweep, const char *measure, sweep_spec *s)
{
    s->step = 1;
    const char *eq = strchr(sweep, '=');
    if (!eq || eq == sweep || (size_t)(eq - sweep) >= sizeof s->key)
        return cli_usage_error("bad --sweep '%s' (KEY=FROM..TO[:STEP], e.g. start_gold=0..6)", sweep);
    memcpy(s->key, sweep, (size_t)(eq - sweep));
    s->key[eq - sweep] = '\0';
    char tail[64];
    int nread = 0;
    if (sscanf(eq + 1, "%ld..%ld%n", &s->lo, &s->hi, &nread) != 2)
        return cli_usage_error("bad --sweep '%s' (KEY=FROM..TO[:STEP], e.g. start_gold=0..6)", sweep);
    snprintf(tail, sizeof tail, "%s", eq + 1 + nread);
    if (*tail && (sscanf(tail, ":%ld%n", &s->step, &nread) != 1 || tail[nread] || s->step < 1))
        return cli_usage_error("bad --sweep step in '%s' (a whole number >= 1)", sweep);
    if (s->hi < s->lo || (s->hi - s->lo) / s->step > 100)
        return cli_usage_error("bad --sweep range in '%s' (FROM <= TO, at most 101 values)", sweep);
    if (!strncmp(measure, "win:", 4)) {
        char *end;
        long seat = strtol(measure + 4, &end, 10);
        if (!measure[4] || *end || seat < 0 || seat >= o->pmin)
            return cli_usage_error("bad --measure '%s' (win:SEAT, SEAT below the player count)", measure);
    } else if (strcmp(measure, "ghost") && strcmp(measure, "rounds") && strcmp(measure, "captain")) {
        return cli_usage_error("bad --measure '%s' (win:SEAT, ghost, rounds or captain)", measure);
    }
    if (o->pmin != o->pmax) return cli_usage_error("sweep takes one player count");
    if (o->nmix != 1) return cli_usage_error("sweep takes one --agents");
    /* A key with a dot is a variant file's field: each value loads a variant,
     * and a process holds 15 besides the base game. */
    if (strchr(s->key, '.') && (s->hi - s->lo) / s->step + 1 > 15)
        return cli_usage_error("--sweep %s: %ld values of a file's field, and a process plays at most 15 variants "
                               "(run 15 values at a time: --sweep %s=%ld..%ld:%ld, then the next from %ld)", s->key,
                               (s->hi - s->lo) / s->step + 1, s->key, s->lo, s->lo + 14 * s->step, s->step,
                               s->lo + 15 * s->step);
    char rules[700], err[512];
    for (long v = s->lo; v <= s->hi; v += s->step) {
        jm_rules r;
        snprintf(rules, sizeof rules, "%s,%s=%ld", o->rules, s->key, v);
        if (jm_rules_parse(&r, rules, err, sizeof err)) {
            if (strstr(err, "unknown rule option"))
                return cli_usage_error("--sweep: %s, or a variant file's field (cost.N, score.N, score.behind, "
                                       "card.N.morning, card.N.evening, treasure.K, die.F)", err);
            return cli_usage_error("--sweep: %s", err);
        }
        jm_state probe;
        if (jm_init(&probe, &r, o->pmin, 0, 0, NULL, err, sizeof err) != JM_OK)
            return cli_usage_error("--sweep %s=%ld: %s", s->key, v, err);
        if (!strcmp(measure, "ghost") && !jm_has_ghost_rules(&r, o->pmin))
            return cli_usage_error("--measure ghost: the ghost does not play with %d players under '%s'", o->pmin,
                                   rules);
    }
    return 0;
}

static int study_sweep(study_opts *o, const sweep_spec *s, const char *measure)
{
    char rules[700];
    int seat = !strncmp(measure, "win:", 4) ? atoi(measure + 4) : -1;
    for (long v = s->lo; v <= s->hi; v += s->step) {
        study_acc *a = calloc(1, sizeof *a);
        if (!a) return cli_usage_error("out of memory");
        snprintf(rules, sizeof rules, "%s,%s=%ld", o->rules, s->key, v);
        int rc = run_one(o, o->mix[0], o->pmin, rules, a);
        study_row *r = rc ? NULL : add_row(o, o->mix[0], o->pmin, a);
        if (r) {
            snprintf(r->option, sizeof r->option, "%s", s->key);
            snprintf(r->measure, sizeof r->measure, "%s", measure);
            r->value = v;
            if (seat >= 0) r->sum[0] = a->seat_wins[seat], r->adj[0] = a->seat_adj[seat], r->adj_sq[0] = a->seat_adj_sq[seat];
            else if (!strcmp(measure, "ghost")) r->sum[0] = a->ghost_wins, r->adj[0] = a->ghost_adj, r->adj_sq[0] = a->ghost_adj_sq;
            else if (!strcmp(measure, "rounds")) r->sum[0] = a->rounds, r->sq = a->rounds_sq;
            else r->sum[0] = a->adv[0], r->sq = a->adv_sq[0], r->adj[0] = a->adv_adj[0], r->adj_sq[0] = a->adv_adj_sq[0];
        } else if (!rc) {
            rc = 2;
        }
        free(a);
        if (rc) return rc;
    }
    return 0;
}

/* ---------------------------------------------------------------- command */

/* The command line: --agents may be repeated, --players is P or A-B. */
typedef struct mixes {
    const char *mix[MAX_MIXES];
    int n;
} mixes;

typedef struct study_args {
    mixes agents;
    player_range players;
    uint64_t games, threads, progress, first_game;
    jm_seed seed;
    const char *rules, *sweep, *measure, *out, *md, *games_csv, *luck, *ladder, *ladder_out;
    ckpt_opts ck;
} study_args;

static int parse_mix(const char *v, void *field)
{
    mixes *m = field;
    if (m->n == MAX_MIXES) return cli_usage_error("at most %d --agents mixes", MAX_MIXES);
    m->mix[m->n++] = v;
    return 0;
}

static const opt options[] = {
    {.name = "agents", .kind = OPT_CALL, .arg = "LIST", .offset = offsetof(study_args, agents), .parse = parse_mix, .many = 1,
     .help = "an agent mix, as for sim (one name fills every seat);\nrepeat for several mixes (random)"},
    OPT_PLAYER_RANGE(study_args, NULL, "player counts (captain: 2-6; ghost: 3-5, and 2 for\nthe 2-player share alone; sweep: 4, or 2 with\n--measure ghost; captain and sweep: as many as each\n--agents names, if 2 to 6)"),
    OPT_GAMES(study_args, "game count", 100000000000ULL, "10000", "games a configuration"),
    OPT_SEED(study_args, "1", "the run's seed"),
    OPT_RULES(study_args, "the base rules"),
    OPT_THREADS(study_args),
    OPT_PROGRESS(study_args),
    OPT_ROW_TEXT("sweep", "K=A..B[:S]", study_args, sweep, NULL, "sweep: the rule option and its values"),
    OPT_ROW_TEXT("measure", "M", study_args, measure, "win:0", "sweep: win:SEAT, ghost, rounds or captain"),
    OPT_OUT(study_args, NULL, "the CSV (study-KIND.csv)"),
    OPT_ROW_TEXT("md", "PATH", study_args, md, NULL, "the Markdown summary (stdout)"),
    OPT_ROW_TEXT("games-csv", "PATH", study_args, games_csv, NULL,
                 "one row per game and seat, as sim's, every configuration's\ngames in the study's order"),
    OPT_ROW_UINT("first-game", "K", study_args, first_game, "first deal", 0, INT64_MAX, "0",
                 "play deals K..K+N-1 of each configuration ({default}): a\nshard; 'jamaica merge' sums the shards' CSVs"),
    OPT_ROW_TEXT("luck", "V", study_args, luck, NULL, CLI_LUCK_HELP),
    OPT_ROW_TEXT("ladder", "[LIST]", study_args, ladder, NULL,
                 "captain and ghost: the figure against skill, each agent\nof LIST a rung that holds every seat; alone, the\n"
                 "default ladder (results/ratings/ladder.csv: random,\ngreedy, sharp, mcts, policy, tuned-mcts, and the\n"
                 "bound ceiling-hands), each with its rating from the\npublished lists (docs/STUDIES.md)"),
    OPT_ROW_TEXT("ladder-out", "PATH", study_args, ladder_out, NULL,
                 "the ladder's CSV, a row per rung and player count\n(the --out path with -ladder before .csv)"),
    OPT_CHECKPOINT(study_args),
};

static const opt_table table = {
    .command = "study",
    .synopsis = "jamaica study captain|ghost|sweep|worth",
    .about = "  captain  the first Captain's win rate and advantage by player count, for\n"
             "           each agent mix: per captain_offset the win rate (Wilson 95%), a\n"
             "           test against 1/P, and the paired advantage over the other players\n"
             "  ghost    with 2 players, the ghost's win rate for each agent mix; at 3 to 5\n"
             "           players, ghost=on against ghost=off over the same deals: rounds,\n"
             "           shortages and battles per game, paired differences with intervals\n"
             "  sweep    --sweep KEY=FROM..TO[:STEP] runs one numeric rule option (see\n"
             "           --rules) over the range and reports --measure at each value\n"
             "  worth    what each element of the game (gunpowder, attack, backward,\n"
             "           lair, sabre) is worth to an agent: 'jamaica study worth --help'\n"
             "\n"
             "Writes the CSV (--out) and prints a Markdown summary (or writes it to --md).\n"
             "Every configuration rotates the agents over the seats and plays the deals\n"
             "0..N-1 of the seed (K..K+N-1 with --first-game), so the numbers are the\n"
             "same for any --threads.  The CSV keeps each row's integer tallies; 'jamaica\n"
             "merge OUT.csv SHARD.csv...' sums the CSVs of shards into the whole study's\n"
             "CSV and Markdown, the same bytes as one run.  A checkpoint is written every\n"
             "minute (and updated at Ctrl-C): --resume goes on from it\n"
             "(docs/CHECKPOINTS.md).\n",
    .opts = options,
    .n = OPT_COUNT(options),
};

/* --ladder: its rungs as the mixes, one agent each filling every seat;
 * study ghost's figure is the 2-player share (--players 2 unless given). */
static int configure_ladder(const char *kind, const study_args *a, study_opts *o)
{
    static ladder l;
    if (strcmp(kind, "captain") && strcmp(kind, "ghost")) return cli_usage_error("--ladder goes with study captain or ghost");
    if (a->agents.n) return cli_usage_error("--ladder names the agents: drop --agents");
    if (ladder_parse(a->ladder, &l)) return 2;
    for (int k = 0; k < l.n; k++) o->mix[o->nmix++] = l.spec[k];
    o->ladder = 1;
    if (!strcmp(kind, "ghost") && a->players.lo < 0) o->pmin = o->pmax = 2;
    return 0;
}

/* The arguments as a study's options, every mix checked at every player
 * count before the first game; 0, or 2 after reporting. */
static int configure(const char *kind, study_args *a, study_opts *o, sweep_spec *sw)
{
    int is_sweep = !strcmp(kind, "sweep"), ghost = !strcmp(kind, "ghost");
    if (is_sweep != (a->sweep != NULL))
        return cli_usage_error(is_sweep ? "study sweep needs --sweep KEY=FROM..TO" : "--sweep goes with study sweep");
    memset(o, 0, sizeof *o);
    o->games = a->games;
    o->seed = a->seed;
    o->first_game = a->first_game;
    if (o->games > (uint64_t)INT64_MAX - o->first_game)
        return cli_usage_error("--first-game %llu with --games %llu passes the last deal",
                               (unsigned long long)o->first_game, (unsigned long long)o->games);
    static char named[STUDY_TEXT];
    o->rules = cli_rules_named(a->rules, named, sizeof named);
    if (strlen(o->rules) >= STUDY_TEXT - 64) return cli_usage_error("--rules: too long");
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
    if (a->ladder && configure_ladder(kind, a, o)) return 2;
    if (!o->nmix) o->mix[o->nmix++] = "random";
    jm_rules r;
    char err[512];
    if (jm_rules_parse(&r, o->rules, err, sizeof err)) return cli_usage_error("%s", err);
    if (ghost && strstr(o->rules, "ghost=")) return cli_usage_error("study ghost sets ghost= itself: drop it from --rules");
    /* study ghost: the 2-player share always, the on/off pairs at 3 to 5
     * (--players 2: the share alone); 6 would be dropped unsaid */
    if (ghost && o->pmax > 5)
        return cli_usage_error("study ghost: --players %d: the ghost plays with 2 to 5 players", o->pmax);
    for (int m = 0; m < o->nmix; m++) {
        if (strlen(o->mix[m]) >= STUDY_TEXT) return cli_usage_error("--agents: a mix of %d characters or more", STUDY_TEXT);
        if (strstr(o->mix[m], "on_fault=random")) o->games_faults = 1;
        for (int P = o->pmin; P <= o->pmax; P++) {
            char specs[JM_MAX_PLAYERS][SIM_SPEC_LEN];
            if (sim_parse_agents(o->mix[m], P, specs, err, sizeof err)) return cli_usage_error("%s", err);
        }
    }
    if (is_sweep && sweep_parse(o, a->sweep, a->measure, sw)) return 2;
    static value_fn value; /* the study's one value function, for its whole run */
    if (cli_luck(a->luck, &r, &value)) return 2;
    if (a->luck && cli_luck_fits(&value, &r, ghost ? 2 : o->pmin, o->pmax, &o->seed, o->first_game, o->games)) return 2;
    o->luck = a->luck ? &value : NULL;
    if (cli_threads(&a->threads)) return 2;
    o->threads = (int)a->threads;
    o->progress = (unsigned)a->progress;
    o->want_games = a->games_csv != NULL;
    o->games_header = 1;
    if (a->ladder_out && !a->ladder) return cli_usage_error("--ladder-out goes with --ladder");
    const char *paths[4] = {a->out, a->md, a->games_csv, a->ladder ? a->ladder_out : NULL};
    for (int i = 0; i < 4; i++) {
        if (paths[i] && !*paths[i]) return cli_usage_error("study: empty output path");
        for (int j = 0; j < i; j++)
            if (paths[i] && paths[j] && outfile_same(paths[i], paths[j]))
                return cli_usage_error("'%s' and '%s' are the same file", paths[j], paths[i]);
    }
    return 0;
}

/* Open the CSV, the Markdown file and GAMES.csv (rank 0; the other ranks
 * play their shares and write to /dev/null); the ranks agree.  0, or 2. */
static int open_outputs(study_opts *o, const study_args *a, outfile *md, int writer)
{
    char err[512];
    int bad = 0;
    o->csv = (outfile){.slot = -1};
    o->games_of = (outfile){.slot = -1};
    o->ladder_of = (outfile){.slot = -1};
    *md = (outfile){.slot = -1};
    if (writer) {
        bad = outfile_open(&o->csv, a->out, err, sizeof err) || (a->md && outfile_open(md, a->md, err, sizeof err)) ||
              (a->games_csv && outfile_open(&o->games_of, a->games_csv, err, sizeof err)) ||
              (a->ladder && outfile_open(&o->ladder_of, a->ladder_out, err, sizeof err));
    } else {
        o->csv.f = fopen("/dev/null", "w");
        bad = !o->csv.f;
        snprintf(err, sizeof err, "cannot open /dev/null");
    }
    if (!sim_mpi_any(bad)) return 0;
    outfile_abort(&o->csv);
    outfile_abort(&o->games_of);
    outfile_abort(&o->ladder_of);
    outfile_abort(md);
    if (!writer && o->csv.f) fclose(o->csv.f);
    return bad ? cli_usage_error("%s", err) : 2;
}

/* The study done: the Markdown (to --md or stdout), GAMES.csv and the CSV
 * committed (the CSV last). */
static int finish(study_opts *o, const study_args *a, outfile *md, const char *mdbuf, size_t mdlen)
{
    char err[512];
    int werr = 0;
    if (a->md) werr = outfile_write(md, mdbuf, mdlen, err, sizeof err) || outfile_commit(md, err, sizeof err);
    if (!werr && a->games_csv) werr = outfile_commit(&o->games_of, err, sizeof err);
    if (!werr && a->ladder) werr = outfile_commit(&o->ladder_of, err, sizeof err);
    if (!werr) werr = outfile_commit(&o->csv, err, sizeof err);
    if (!werr && !a->md) fwrite(mdbuf, 1, mdlen, stdout);
    /* with --md, stdout says what was written, as sim's line does */
    else if (!werr) printf("wrote %s, %s%s%s%s%s\n", a->out, a->md, a->games_csv ? ", " : "", a->games_csv ? a->games_csv : "",
                           a->ladder ? ", " : "", a->ladder ? a->ladder_out : "");
    if (!werr) return 0;
    fprintf(stderr, "jamaica: %s\n", err);
    return 1;
}

static int run_study(const char *kind, study_opts *o, const study_args *a, const sweep_spec *sw)
{
    outfile md;
    int writer = sim_mpi_rank() == 0;
    if (open_outputs(o, a, &md, writer)) return 2;
    char label[32];
    snprintf(label, sizeof label, "study-%s", kind);
    const char *outs[] = {a->out, a->md, a->games_csv, a->ladder ? a->ladder_out : NULL};
    if (cli_journal_open(&a->ck, label, outs, 4, &o->jn)) {
        if (writer) {
            outfile_abort(&o->csv);
            outfile_abort(&o->games_of);
            outfile_abort(&o->ladder_of);
            outfile_abort(&md);
        } else {
            fclose(o->csv.f);
        }
        return 2;
    }
    /* The agents a study plays without --agents, said first: a default
     * of random measures the rules under play that knows nothing. */
    if (!a->agents.n && !a->ladder && !cli_quiet)
        fprintf(stderr, "study %s: agents %s (the default; --agents to change)\n", kind, o->mix[0]);
    cli_catch_stop();
    study_kind k = !strcmp(kind, "captain") ? STUDY_CAPTAIN : !strcmp(kind, "ghost") ? STUDY_GHOST : STUDY_SWEEP;
    int rc = k == STUDY_CAPTAIN ? study_captain(o) : k == STUDY_GHOST ? study_ghost(o) : study_sweep(o, sw, a->measure);
    cli_release_stop();
    /* The CSV and the Markdown from the rows, the Markdown to a buffer
     * printed only when the study is done. */
    char *mdbuf = NULL;
    size_t mdlen = 0;
    FILE *mdf = rc ? NULL : open_memstream(&mdbuf, &mdlen);
    if (!rc && !mdf) rc = cli_usage_error("out of memory");
    if (!rc) {
        study_render(k, o->rows, o->nrows, o->csv.f, mdf);
        if (o->ladder && writer) ladder_render(k, o->rows, o->nrows, o->ladder_of.f, mdf);
        fclose(mdf);
    }
    if (!writer) fclose(o->csv.f);
    else if (!rc) rc = finish(o, a, &md, mdbuf, mdlen);
    if (writer) {
        outfile_abort(&o->csv);
        outfile_abort(&o->games_of);
        outfile_abort(&o->ladder_of);
        outfile_abort(&md);
    }
    free(mdbuf);
    free(o->rows);
    if (rc >= 128 || rc == CLI_AGENT_FAILED) cli_journal_kept(o->jn);
    journal_close(o->jn, rc != 0);
    return rc;
}

int cmd_study(int argc, char **argv)
{
    if (argc >= 2 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help"))) {
        opt_help(&table);
        return 0;
    }
    if (argc < 2) return cli_usage_error("study needs a kind: captain, ghost, sweep or worth");
    const char *kind = argv[1];
    if (!strcmp(kind, "worth")) return cmd_worth(argc - 1, argv + 1);
    if (strcmp(kind, "captain") && strcmp(kind, "ghost") && strcmp(kind, "sweep"))
        return cli_usage_error("unknown study '%s' (captain, ghost, sweep or worth)", kind);
    study_args a = {.players = {-1, -1}};
    char out_default[64];
    snprintf(out_default, sizeof out_default, "study-%s.csv", kind);
    /* --ladder alone (last, or before another option) is the default ladder */
    char **args = malloc((size_t)argc * sizeof *args);
    if (!args) return cli_usage_error("out of memory");
    static char bare[] = "--ladder=default";
    for (int i = 1; i < argc; i++)
        args[i - 1] = !strcmp(argv[i], "--ladder") && (i + 1 == argc || argv[i + 1][0] == '-') ? bare : argv[i];
    int rc = opt_parse(&table, argc - 1, args, &a, NULL, NULL);
    free(args);
    if (rc) return rc == OPT_HELP ? 0 : 2;
    if (!a.out) a.out = out_default;
    static char ladder_default[4096];
    if (a.ladder && !a.ladder_out) {
        size_t n = strlen(a.out);
        int csv = n >= 4 && !strcmp(a.out + n - 4, ".csv");
        snprintf(ladder_default, sizeof ladder_default, "%.*s-ladder.csv", (int)(csv ? n - 4 : n), a.out);
        a.ladder_out = ladder_default;
    }
    study_opts o;
    sweep_spec sw;
    if (configure(kind, &a, &o, &sw)) return 2;
    return run_study(kind, &o, &a, &sw);
}
