/*
 * merge.c - `jamaica merge OUT.csv SHARD.csv...`: the summaries of shards
 * of one run (sim --first-game K --games N) combined exactly into the
 * summary the whole run writes, from their integer tallies.  Shards of
 * different runs (seed, rules, players, rotation, agents) and sets with a
 * gap or an overlap are refused, naming the shard.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../cli/cli.h"
#include "../cli/options.h"
#include "../io/csv.h"
#include "../io/outfile.h"
#include "../io/summary.h"
#include "cmd.h"

#define MAX_ROWS 32

typedef struct shard {
    const char *path;
    uint64_t seed, games_total, first_game;
    int players, rotate, nrows;
    char rules_q[600];
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
    } else if (r->seed != s->seed || r->games_total != s->games_total || r->first_game != s->first_game ||
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
    int lineno = 0, rc = 0;
    while (!rc && csv_read_line(f, &line, &cap)) {
        summary_read r;
        if (++lineno == 1) {
            if (!summary_is_header(line))
                rc = cli_usage_error("'%s' is not a summary of this version (its header differs; rerun the shard)",
                                     path);
        } else if (summary_parse_row(line, &r)) {
            rc = cli_usage_error("%s:%d: not a summary row", path, lineno);
        } else {
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
        const char *what = b->seed != a->seed              ? "seed"
                           : strcmp(b->rules_q, a->rules_q) ? "rules"
                           : b->players != a->players       ? "players"
                           : b->rotate != a->rotate         ? "rotation"
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
        }
    }
    outfile of = {.slot = -1};
    char err[512];
    if (outfile_open(&of, out_path, err, sizeof err)) return cli_usage_error("%s", err);
    summary_run run = {.seed = a->seed, .games_total = total, .first_game = order[0]->first_game,
                       .players = a->players, .rotate = a->rotate, .rules_q = a->rules_q};
    summary_header(of.f);
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

/* Is this merge the tournament form: its options, or a GAMES.csv shard
 * (the header GAMES.csv's rows begin with)? */
static int games_form(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        if (!strncmp(argv[i], "--pairs", 7) || !strncmp(argv[i], "--bootstrap", 11)) return 1;
    if (argc < 3) return 0;
    FILE *f = fopen(argv[2], "r");
    char head[16] = "";
    if (f) {
        if (!fgets(head, sizeof head, f)) head[0] = '\0';
        fclose(f);
    }
    return !strncmp(head, "game,seed,", 10);
}

int cmd_merge(int argc, char **argv)
{
    if (argc >= 2 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help"))) {
        return merge_games(argc, argv); /* its help covers both forms */
    }
    if (games_form(argc, argv)) return merge_games(argc, argv);
    for (int i = 1; i < argc; i++)
        if (argv[i][0] == '-' && argv[i][1]) return cli_usage_error("merge: unknown option '%s'", argv[i]);
    if (argc < 3) return cli_usage_error("merge needs OUT.csv and at least one SHARD.csv");
    const char *out_path = argv[1];
    int n = argc - 2, rc = 0;
    shard *sh = calloc((size_t)n, sizeof *sh);
    shard **order = calloc((size_t)n, sizeof *order);
    if (!sh || !order) rc = cli_usage_error("out of memory");
    for (int i = 0; i < n && !rc; i++) {
        if (!*argv[2 + i]) rc = cli_usage_error("merge: empty shard path");
        else if (outfile_same(out_path, argv[2 + i]))
            rc = cli_usage_error("'%s' is both the output and a shard", out_path);
        else rc = read_shard(&sh[i], argv[2 + i]);
        if (order) order[i] = &sh[i];
    }
    if (!rc) rc = same_run(sh, n);
    if (!rc) rc = contiguous(order, n);
    if (!rc) rc = write_merged(out_path, sh, order, n);
    free(sh);
    free(order);
    return rc;
}
