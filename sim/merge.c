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

#include "cli.h"
#include "csv.h"
#include "outfile.h"
#include "summary.h"

#define MAX_ROWS 32

enum { F_SEED, F_RULES, F_PLAYERS, F_GAMES_TOTAL, F_GROUP, F_KEY, F_GAMES, F_FIRST = 14, F_ROTATE, F_WINS,
       F_SCORE, F_ROUNDS, F_CAPPED, NFIELDS };

typedef struct shard {
    const char *path;
    uint64_t seed, games_total, first_game;
    int players, rotate, nrows;
    char rules_q[600];
    char group[MAX_ROWS][32], key[MAX_ROWS][2 * 64 + 3];
    sim_tally t[MAX_ROWS];
} shard;

static int parse_u64(const char *s, uint64_t *v)
{
    char *end;
    errno = 0;
    if (*s < '0' || *s > '9') return -1;
    *v = strtoull(s, &end, 10);
    return *end || errno ? -1 : 0;
}

static int parse_i64(const char *s, int64_t *v)
{
    char *end;
    errno = 0;
    if (!*s) return -1;
    *v = strtoll(s, &end, 10);
    return *end || errno ? -1 : 0;
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
    ssize_t n;
    int lineno = 0, rc = 2;
    while ((n = getline(&line, &cap, f)) >= 0) {
        lineno++;
        while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r')) line[--n] = '\0';
        if (lineno == 1) {
            char want[512];
            snprintf(want, sizeof want, "%s", summary_header);
            want[strcspn(want, "\n")] = '\0';
            if (strcmp(line, want)) {
                cli_usage_error("'%s' is not a summary of this version (its header differs; rerun the shard)", path);
                goto out;
            }
            continue;
        }
        char *fl[NFIELDS + 1];
        if (csv_split(line, fl, NFIELDS + 1) != NFIELDS) {
            cli_usage_error("%s:%d: not a summary row", path, lineno);
            goto out;
        }
        uint64_t seed, total, first, players, rotate, games, wins, rounds, capped;
        int64_t score;
        if (parse_u64(fl[F_SEED], &seed) || parse_u64(fl[F_GAMES_TOTAL], &total) || parse_u64(fl[F_FIRST], &first) ||
            parse_u64(fl[F_PLAYERS], &players) || parse_u64(fl[F_ROTATE], &rotate) || parse_u64(fl[F_GAMES], &games) ||
            parse_u64(fl[F_WINS], &wins) || parse_i64(fl[F_SCORE], &score) || parse_u64(fl[F_ROUNDS], &rounds) ||
            parse_u64(fl[F_CAPPED], &capped) || players < 2 || players > 6 || rotate > 1) {
            cli_usage_error("%s:%d: not a summary row", path, lineno);
            goto out;
        }
        if (s->nrows == 0) {
            s->seed = seed;
            s->games_total = total;
            s->first_game = first;
            s->players = (int)players;
            s->rotate = (int)rotate;
            csv_field(s->rules_q, sizeof s->rules_q, fl[F_RULES]);
        } else {
            char q[600];
            csv_field(q, sizeof q, fl[F_RULES]);
            if (seed != s->seed || total != s->games_total || first != s->first_game || (int)players != s->players ||
                (int)rotate != s->rotate || strcmp(q, s->rules_q)) {
                cli_usage_error("%s:%d: a row of another run than the first row's", path, lineno);
                goto out;
            }
        }
        if (s->nrows == MAX_ROWS) {
            cli_usage_error("'%s' has more than %d rows", path, MAX_ROWS);
            goto out;
        }
        int r = s->nrows++;
        snprintf(s->group[r], sizeof s->group[r], "%s", fl[F_GROUP]);
        csv_field(s->key[r], sizeof s->key[r], fl[F_KEY]);
        s->t[r] = (sim_tally){.n = games, .wins = wins, .capped = capped, .rounds = rounds, .score = score};
    }
    if (!s->nrows) {
        cli_usage_error("'%s' holds no summary rows", path);
        goto out;
    }
    rc = 0;
out:
    free(line);
    fclose(f);
    return rc;
}

static int by_first_game(const void *a, const void *b)
{
    const shard *x = *(const shard *const *)a, *y = *(const shard *const *)b;
    return (x->first_game > y->first_game) - (x->first_game < y->first_game);
}

static const char merge_help[] =
    "Usage: jamaica merge OUT.csv SHARD.csv [SHARD.csv...]\n"
    "\n"
    "Combine the summaries of shards of one run (jamaica sim --first-game K\n"
    "--games N, the same other options) into the summary of the whole run: the\n"
    "same bytes as one 'jamaica sim' over all their games, from the integer\n"
    "tallies each summary keeps (wins_420, score_sum, rounds_sum, capped_games).\n"
    "The shards may come in any order; they must be of the same seed, rules,\n"
    "players, rotation and agents and cover consecutive games with no gap and no\n"
    "overlap, else the offending shard is named and nothing is written (exit 2).\n"
    "Their GAMES.csv rows, concatenated in game order without the repeated\n"
    "headers, are the whole run's GAMES.csv.\n"
    "\n"
    "  -h, --help       this help\n";

int cmd_merge(int argc, char **argv)
{
    if (argc >= 2 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help"))) {
        fputs(merge_help, stdout);
        return 0;
    }
    for (int i = 1; i < argc; i++)
        if (argv[i][0] == '-' && argv[i][1]) return cli_usage_error("merge: unknown option '%s'", argv[i]);
    if (argc < 3) return cli_usage_error("merge needs OUT.csv and at least one SHARD.csv");
    const char *out_path = argv[1];
    int n = argc - 2;
    shard *sh = calloc((size_t)n, sizeof *sh);
    shard **order = calloc((size_t)n, sizeof *order);
    int rc = 2;
    outfile of;
    memset(&of, 0, sizeof of);
    of.slot = -1;
    char err[512];
    if (!sh || !order) {
        rc = cli_usage_error("out of memory");
        goto out;
    }
    for (int i = 0; i < n; i++) {
        if (!*argv[2 + i]) {
            cli_usage_error("merge: empty shard path");
            goto out;
        }
        if (outfile_same(out_path, argv[2 + i])) {
            cli_usage_error("'%s' is both the output and a shard", out_path);
            goto out;
        }
        if (read_shard(&sh[i], argv[2 + i])) goto out;
        order[i] = &sh[i];
    }
    /* The same run: every identity field and the rows' groups and keys. */
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
        if (what) {
            cli_usage_error("shard '%s' is of another run than '%s' (they differ in %s)", b->path, a->path, what);
            goto out;
        }
    }
    qsort(order, (size_t)n, sizeof *order, by_first_game);
    for (int i = 1; i < n; i++) {
        uint64_t end = order[i - 1]->first_game + order[i - 1]->games_total;
        if (order[i]->first_game > end) {
            cli_usage_error("shard '%s' starts at game %llu, but the games before it end at %llu (a gap)",
                            order[i]->path, (unsigned long long)order[i]->first_game, (unsigned long long)end);
            goto out;
        }
        if (order[i]->first_game < end) {
            cli_usage_error("shard '%s' starts at game %llu, inside '%s' (games %llu..%llu: an overlap)",
                            order[i]->path, (unsigned long long)order[i]->first_game, order[i - 1]->path,
                            (unsigned long long)order[i - 1]->first_game, (unsigned long long)(end - 1));
            goto out;
        }
    }
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
        }
    }
    if (outfile_open(&of, out_path, err, sizeof err)) {
        cli_usage_error("%s", err);
        goto out;
    }
    summary_run run = {.seed = a->seed, .games_total = total, .first_game = order[0]->first_game,
                       .players = a->players, .rotate = a->rotate, .rules_q = a->rules_q};
    fputs(summary_header, of.f);
    for (int r = 0; r < a->nrows; r++)
        summary_row(of.f, &run, a->group[r], a->key[r], &sum[r], strcmp(a->group[r], "all") != 0);
    if (outfile_commit(&of, err, sizeof err)) {
        fprintf(stderr, "jamaica: %s\n", err);
        rc = 1;
        goto out;
    }
    printf("merged %d shards: games %llu..%llu (%llu games) into %s\n", n,
           (unsigned long long)order[0]->first_game, (unsigned long long)(order[0]->first_game + total - 1),
           (unsigned long long)total, out_path);
    rc = 0;
out:
    outfile_abort(&of);
    free(sh);
    free(order);
    return rc;
}
