/*
 * merge.c - `jamaica merge OUT.csv SHARD.csv...`: shards of one run
 * combined exactly into what the whole run writes.  The command picks the
 * form from the first shard; this file holds the summary form (sim
 * --first-game K --games N: SUMMARY.csv files summed from their integer
 * tallies), merge_games.c the tournament's and merge_study.c the study's.
 * Shards of different runs (seed, rules, players, rotation, agents) and
 * sets with a gap or an overlap are refused, naming the shard.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../cli/cli.h"
#include "../cli/options.h"
#include "../io/csv.h"
#include "../io/outfile.h"
#include "../io/study_csv.h"
#include "../io/summary.h"
#include "../cli/merge.h"
#include "cmd.h"

#define MAX_ROWS 32

typedef struct shard {
    const char *path;
    jm_seed seed;
    uint64_t games_total, first_game;
    int players, rotate, nrows;
    char rules_q[600];
    char luck[320];                  /* the value function of the adjusted columns, "" without */
    char group[MAX_ROWS][32], key[MAX_ROWS][CSV_QUOTED_SPEC];
    sim_tally t[MAX_ROWS];
} shard;

/* Row r of a shard, read into s (its first row sets the run); 0, or 2
 * after reporting. */
static int add_row(shard *s, const summary_read *r, int lineno)
{
    char q[600];
    csv_field(q, sizeof q, r->rules);
    if (s->nrows == 0) {
        s->seed = r->seed;
        s->games_total = r->games_total;
        s->first_game = r->first_game;
        s->players = r->players;
        s->rotate = r->rotate;
        snprintf(s->rules_q, sizeof s->rules_q, "%s", q);
    } else if (!jm_seed_equal(&r->seed, &s->seed) || r->games_total != s->games_total || r->first_game != s->first_game ||
               r->players != s->players || r->rotate != s->rotate || strcmp(q, s->rules_q)) {
        return cli_usage_error("%s:%d: a row of another run than the first row's", s->path, lineno);
    }
    if (s->nrows == MAX_ROWS) return cli_usage_error("'%s' has more than %d rows", s->path, MAX_ROWS);
    int k = s->nrows++;
    snprintf(s->group[k], sizeof s->group[k], "%s", r->group);
    csv_field(s->key[k], sizeof s->key[k], r->key);
    s->t[k] = r->t;
    return 0;
}

/* Read one shard's summary; 0, or 2 after reporting what is wrong. */
static int read_shard(shard *s, const char *path)
{
    memset(s, 0, sizeof *s);
    s->path = path;
    FILE *f = fopen(path, "r");
    if (!f) return cli_usage_error("cannot read '%s': %s", path, strerror(errno));
    char *line = NULL;
    size_t cap = 0;
    int lineno = 0, rc = 0, kind = 0;
    while (!rc && csv_read_line(f, &line, &cap)) {
        summary_read r;
        if (++lineno == 1) {
            if (!(kind = summary_is_header(line)))
                rc = cli_usage_error("'%s' is not a summary of this version (its header differs; rerun the shard)",
                                     path);
        } else if (summary_parse_row(line, &r, kind == 2)) {
            rc = cli_usage_error("%s:%d: not a summary row", path, lineno);
        } else {
            if (r.luck) snprintf(s->luck, sizeof s->luck, "%s", r.luck);
            rc = add_row(s, &r, lineno);
        }
    }
    if (!rc && !s->nrows) rc = cli_usage_error("'%s' holds no summary rows", path);
    free(line);
    fclose(f);
    return rc;
}

/* Every shard of the run of the first: identity fields, groups and keys;
 * 0, or 2 after naming the shard. */
static int same_run(const shard *sh, int n)
{
    const shard *a = &sh[0];
    for (int i = 1; i < n; i++) {
        const shard *b = &sh[i];
        const char *what = !jm_seed_equal(&b->seed, &a->seed) ? "seed"
                           : strcmp(b->rules_q, a->rules_q) ? "rules"
                           : b->players != a->players       ? "players"
                           : b->rotate != a->rotate         ? "rotation"
                           : strcmp(b->luck, a->luck)       ? "--luck"
                           : b->nrows != a->nrows           ? "agents"
                                                            : NULL;
        for (int r = 0; !what && r < a->nrows; r++)
            if (strcmp(a->group[r], b->group[r]) || strcmp(a->key[r], b->key[r])) what = "agents";
        if (what) return cli_usage_error("shard '%s' is of another run than '%s' (they differ in %s)", b->path,
                                         a->path, what);
    }
    return 0;
}

static int by_first_game(const void *a, const void *b)
{
    const shard *x = *(const shard *const *)a, *y = *(const shard *const *)b;
    return (x->first_game > y->first_game) - (x->first_game < y->first_game);
}

/* The shards in game order with no gap and no overlap; 0, or 2. */
static int contiguous(shard **order, int n)
{
    qsort(order, (size_t)n, sizeof *order, by_first_game);
    for (int i = 1; i < n; i++) {
        uint64_t end = order[i - 1]->first_game + order[i - 1]->games_total;
        if (order[i]->first_game > end)
            return cli_usage_error("shard '%s' starts at game %llu, but the games before it end at %llu (a gap)",
                                   order[i]->path, (unsigned long long)order[i]->first_game,
                                   (unsigned long long)end);
        if (order[i]->first_game < end)
            return cli_usage_error("shard '%s' starts at game %llu, inside '%s' (games %llu..%llu: an overlap)",
                                   order[i]->path, (unsigned long long)order[i]->first_game, order[i - 1]->path,
                                   (unsigned long long)order[i - 1]->first_game, (unsigned long long)(end - 1));
    }
    return 0;
}

/* The sum of the shards written to out_path; 0, 1 or 2 after reporting. */
static int write_merged(const char *out_path, shard *sh, shard **order, int n)
{
    const shard *a = &sh[0];
    sim_tally sum[MAX_ROWS];
    memset(sum, 0, sizeof sum);
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        total += sh[i].games_total;
        for (int r = 0; r < a->nrows; r++) {
            sum[r].n += sh[i].t[r].n;
            sum[r].wins += sh[i].t[r].wins;
            sum[r].capped += sh[i].t[r].capped;
            sum[r].rounds += sh[i].t[r].rounds;
            sum[r].score += sh[i].t[r].score;
            sum[r].wins_sq += sh[i].t[r].wins_sq;
            sum[r].wins_adj += sh[i].t[r].wins_adj;
            sum[r].wins_adj_sq += sh[i].t[r].wins_adj_sq;
        }
    }
    outfile of = {.slot = -1};
    char err[512];
    if (outfile_open(&of, out_path, err, sizeof err)) return cli_usage_error("%s", err);
    summary_run run = {.seed = a->seed, .games_total = total, .first_game = order[0]->first_game,
                       .players = a->players, .rotate = a->rotate, .rules_q = a->rules_q,
                       .luck = a->luck[0] ? a->luck : NULL};
    for (int r = 0; r < a->nrows; r++) run.ghost |= !strcmp(a->group[r], "ghost");
    summary_header(of.f, a->luck[0] != 0);
    for (int r = 0; r < a->nrows; r++)
        summary_row(of.f, &run, a->group[r], a->key[r], &sum[r], strcmp(a->group[r], "all") != 0);
    if (outfile_commit(&of, err, sizeof err)) {
        outfile_abort(&of);
        fprintf(stderr, "jamaica: %s\n", err);
        return 1;
    }
    printf("merged %d shards: games %llu..%llu (%llu games) into %s\n", n,
           (unsigned long long)order[0]->first_game, (unsigned long long)(order[0]->first_game + total - 1),
           (unsigned long long)total, out_path);
    return 0;
}

/* Merge's summary form: SUMMARY.csv shards into out. */
static int merge_summary(const char *out_path, char **paths, int n)
{
    int rc = 0;
    shard *sh = calloc((size_t)n, sizeof *sh);
    shard **order = calloc((size_t)n, sizeof *order);
    if (!sh || !order) rc = cli_usage_error("out of memory");
    for (int i = 0; i < n && !rc; i++) {
        rc = read_shard(&sh[i], paths[i]);
        order[i] = &sh[i];
    }
    if (!rc) rc = same_run(sh, n);
    if (!rc) rc = contiguous(order, n);
    if (!rc) rc = write_merged(out_path, sh, order, n);
    free(sh);
    free(order);
    return rc;
}

/* ---------------------------------------------------------------- command */

static const opt options[] = {
    OPT_ROW_TEXT("pairs", "PATH", merge_args, pairs, NULL, "tournament form: the pairwise CSV, as tournament's"),
    OPT_ROW_UINT("bootstrap", "B", merge_args, bootstrap, "bootstrap count", 0, 4096, "200",
                 "tournament form: bootstrap resamples for the rating\nintervals ({default}; as the shards' run had it)"),
    OPT_ROW_TEXT("luck", "V", merge_args, luck, NULL, "tournament form: the V of the shards' --luck (GAMES.csv\n"
                 "does not name it): the luck-adjusted columns, rebuilt from\nthe shards' win_adj"),
    OPT_ROW_TEXT("md", "PATH", merge_args, md, NULL, "study form: the Markdown summary (stdout)"),
    OPT_ROW_TEXT("ladder", "PATH", merge_args, ladder, NULL,
                 "study form, the shards of study captain|ghost --ladder:\nthe ladder's CSV (--ladder-out), its Markdown\nafter the study's"),
};

static const opt_table table = {
    .command = "merge",
    .usage = "Usage: jamaica merge OUT.csv SHARD.csv [SHARD.csv...]\n"
             "       jamaica merge RATINGS.csv GAMES.csv [GAMES.csv...] [--pairs PAIRS.csv]\n"
             "                     [--bootstrap B] [--luck V]\n"
             "       jamaica merge STUDY.csv STUDY-SHARD.csv [STUDY-SHARD.csv...] [--md PATH]\n"
             "                     [--ladder PATH]\n",
    .about = "Combine shards of one run (--first-game K --games N, the same other options)\n"
             "into what one run over all their games writes, the same bytes.  The form\n"
             "follows the first shard:\n"
             "\n"
             "  sim        its summaries (SUMMARY.csv), summed from the integer tallies\n"
             "             each keeps (wins_420, wins_sq_420, score_sum, rounds_sum,\n"
             "             capped_games).  Their GAMES.csv rows, concatenated in game\n"
             "             order without the repeated headers, are the whole run's.\n"
             "  tournament its shards' --games-csv files: the report and RATINGS.csv\n"
             "             rebuilt game by game (the ratings' bootstrap draws from the\n"
             "             run's seed).\n"
             "  study      its shards' CSVs (study captain|ghost|sweep --out), summed\n"
             "             from their tallies: the study's CSV and its Markdown summary.\n"
             "\n"
             "The shards may come in any order; they must be of the same run (seed, rules,\n"
             "players, agents, configurations) and cover consecutive deals with no gap and\n"
             "no overlap, else the offending shard is named and nothing is written (exit 2).\n",
    .opts = options,
    .n = OPT_COUNT(options),
    .operands = -1,
};

typedef enum merge_form { FORM_SUMMARY, FORM_GAMES, FORM_STUDY } merge_form;

/* The form a shard's header says: GAMES.csv rows, a study's CSV, or else
 * a summary (merge_summary names what is wrong with it). */
static merge_form form_of(const char *path)
{
    FILE *f = fopen(path, "r");
    char *line = NULL;
    size_t cap = 0;
    merge_form form = FORM_SUMMARY;
    if (f && csv_read_line(f, &line, &cap))
        form = !strncmp(line, "game,seed,", 10) ? FORM_GAMES : study_csv_kind(line) >= 0 ? FORM_STUDY : FORM_SUMMARY;
    if (f) fclose(f);
    free(line);
    return form;
}

int cmd_merge(int argc, char **argv)
{
    merge_args a = {0};
    int first;
    uint64_t given = 0;
    int rc = opt_parse(&table, argc, argv, &a, &first, &given);
    if (rc) return rc == OPT_HELP ? 0 : 2;
    int n = argc - first - 1;
    if (n < 1) return cli_usage_error("merge needs OUT.csv and at least one SHARD.csv");
    const char *out = argv[first];
    char **shards = argv + first + 1;
    for (int i = 0; i < n; i++) {
        if (!*shards[i]) return cli_usage_error("merge: empty shard path");
        if (outfile_same(out, shards[i]) || (a.pairs && outfile_same(a.pairs, shards[i])) ||
            (a.md && outfile_same(a.md, shards[i])) || (a.ladder && outfile_same(a.ladder, shards[i])))
            return cli_usage_error("'%s' is both an output and a shard", shards[i]);
    }
    merge_form form = form_of(shards[0]);
    int tour_opts = opt_given(&table, given, "pairs") || opt_given(&table, given, "bootstrap") ||
                    opt_given(&table, given, "luck");
    if (a.ladder && form != FORM_STUDY) return cli_usage_error("--ladder goes with a study's shards");
    if (form == FORM_GAMES || (tour_opts && form == FORM_SUMMARY)) {
        if (a.md) return cli_usage_error("--md goes with a study's shards");
        return merge_games(out, shards, n, &a);
    }
    if (tour_opts) return cli_usage_error("--pairs, --bootstrap and --luck go with a tournament's GAMES.csv shards");
    if (form == FORM_STUDY) return merge_study(out, shards, n, &a);
    if (a.md) return cli_usage_error("--md goes with a study's shards");
    return merge_summary(out, shards, n);
}
