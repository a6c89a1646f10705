/*
 * merge_study.c - `jamaica merge STUDY.csv STUDY-SHARD.csv... [--md PATH]`:
 * a study's CSV and Markdown rebuilt from the CSVs of its shards (study
 * KIND --first-game K --games N, the same other options).  Each row's
 * integer tallies are summed over the shards and rendered by the code that
 * renders a run (study_csv.c), so the bytes are those of one run over all
 * the deals.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "ladder.h"
#include "../io/outfile.h"
#include "../io/study_csv.h"
#include "merge.h"

typedef struct sshard {
    const char *path;
    study_kind kind;
    study_row *rows;
    int n;
} sshard;

/* Do two rows describe the same configuration and measure of one study? */
static int same_config(const study_row *a, const study_row *b)
{
    return !strcmp(a->agents, b->agents) && a->players == b->players && a->offset == b->offset &&
           !strcmp(a->measure, b->measure) && !strcmp(a->option, b->option) && a->value == b->value &&
           jm_seed_equal(&a->seed, &b->seed) && !strcmp(a->rules, b->rules) && !strcmp(a->luck, b->luck);
}

/* A shard read, its rows all of one slice of deals; 0, or 2. */
static int read_shard(sshard *s, const char *path)
{
    char err[512];
    s->path = path;
    if (study_csv_read(path, &s->kind, &s->rows, &s->n, err, sizeof err)) return cli_usage_error("%s", err);
    for (int i = 1; i < s->n; i++)
        if (s->rows[i].first_game != s->rows[0].first_game || s->rows[i].games != s->rows[0].games)
            return cli_usage_error("'%s': row %d covers other deals than its first row", path, i + 2);
    return 0;
}

/* Every shard of the study of the first; 0, or 2 naming the shard. */
static int same_study(const sshard *sh, int n)
{
    for (int i = 1; i < n; i++) {
        const char *what = sh[i].kind != sh[0].kind ? "kind of study" : sh[i].n != sh[0].n ? "configurations" : NULL;
        for (int r = 0; !what && r < sh[0].n; r++)
            if (!same_config(&sh[0].rows[r], &sh[i].rows[r])) what = "configurations, seed, rules or --luck";
        if (what)
            return cli_usage_error("shard '%s' is of another study than '%s' (they differ in %s)", sh[i].path,
                                   sh[0].path, what);
    }
    return 0;
}

static int by_first_deal(const void *a, const void *b)
{
    uint64_t x = ((const sshard *)a)->rows[0].first_game, y = ((const sshard *)b)->rows[0].first_game;
    return (x > y) - (x < y);
}

/* The shards in deal order with no gap and no overlap; 0, or 2. */
static int contiguous(sshard *sh, int n)
{
    qsort(sh, (size_t)n, sizeof *sh, by_first_deal);
    for (int i = 1; i < n; i++) {
        const study_row *prev = &sh[i - 1].rows[0], *r = &sh[i].rows[0];
        uint64_t end = prev->first_game + prev->games;
        if (r->first_game > end)
            return cli_usage_error("shard '%s' starts at deal %llu, but the deals before it end at %llu (a gap)",
                                   sh[i].path, (unsigned long long)r->first_game, (unsigned long long)end);
        if (r->first_game < end)
            return cli_usage_error("shard '%s' starts at deal %llu, inside '%s' (deals %llu..%llu: an overlap)",
                                   sh[i].path, (unsigned long long)r->first_game, sh[i - 1].path,
                                   (unsigned long long)prev->first_game, (unsigned long long)(end - 1));
    }
    return 0;
}

/* The shards' tallies summed into the first's rows. */
static void sum_into_first(sshard *sh, int n)
{
    for (int i = 1; i < n; i++)
        for (int r = 0; r < sh[0].n; r++) {
            study_row *a = &sh[0].rows[r];
            const study_row *b = &sh[i].rows[r];
            a->games += b->games;
            for (int s = 0; s < 3; s++) a->sum[s] += b->sum[s];
            a->sq += b->sq;
            for (int s = 0; s < 2; s++) {
                a->adj[s] += b->adj[s];
                a->adj_sq[s] += b->adj_sq[s];
            }
            for (int k = 0; k < STUDY_LUCK_KINDS; k++) {
                a->split.c[k] += b->split.c[k];
                a->split.cc[k] += b->split.cc[k];
                a->split.yc[k] += b->split.yc[k];
            }
            a->split.ya += b->split.ya;
            a->split.yy += b->split.yy;
        }
}

/* The merged study rendered into the open outputs and committed; 0 or 1. */
static int write_study(const sshard *all, outfile *csv, outfile *md, outfile *lad, const merge_args *a)
{
    char *mdbuf = NULL, err[512];
    size_t mdlen = 0;
    FILE *mdf = open_memstream(&mdbuf, &mdlen);
    if (!mdf) return cli_usage_error("out of memory");
    study_render(all->kind, all->rows, all->n, csv->f, mdf);
    if (a->ladder) ladder_render(all->kind, all->rows, all->n, lad->f, mdf);
    fclose(mdf);
    int werr = 0;
    if (a->md) werr = outfile_write(md, mdbuf, mdlen, err, sizeof err) || outfile_commit(md, err, sizeof err);
    if (!werr && a->ladder) werr = outfile_commit(lad, err, sizeof err);
    if (!werr) werr = outfile_commit(csv, err, sizeof err);
    if (!werr && !a->md) fwrite(mdbuf, 1, mdlen, stdout);
    free(mdbuf);
    if (werr) {
        fprintf(stderr, "jamaica: %s\n", err);
        return 1;
    }
    return 0;
}

int merge_study(const char *out, char **shards, int n, const merge_args *a)
{
    char err[512];
    if (a->md && outfile_same(out, a->md)) return cli_usage_error("'%s' and '%s' are the same file", out, a->md);
    if (a->ladder && (outfile_same(out, a->ladder) || (a->md && outfile_same(a->md, a->ladder))))
        return cli_usage_error("'%s' is another output too", a->ladder);
    /* The outputs open before the shards are read. */
    outfile csv = {.slot = -1}, md = {.slot = -1}, lad = {.slot = -1};
    if (outfile_open(&csv, out, err, sizeof err) || (a->md && outfile_open(&md, a->md, err, sizeof err)) ||
        (a->ladder && outfile_open(&lad, a->ladder, err, sizeof err))) {
        outfile_abort(&csv);
        outfile_abort(&md);
        return cli_usage_error("%s", err);
    }
    sshard *sh = calloc((size_t)n, sizeof *sh);
    int rc = sh ? 0 : cli_usage_error("out of memory");
    for (int i = 0; i < n && !rc; i++) rc = read_shard(&sh[i], shards[i]);
    if (!rc) rc = same_study(sh, n);
    if (!rc) rc = contiguous(sh, n);
    if (!rc && a->ladder && sh[0].kind == STUDY_SWEEP) rc = cli_usage_error("--ladder: a sweep's shards have no ladder");
    if (!rc) {
        sum_into_first(sh, n);
        rc = write_study(&sh[0], &csv, &md, &lad, a);
    }
    if (!rc) {
        const study_row *r = &sh[0].rows[0];
        fprintf(stderr, "merged %d shards of a %s study: deals %llu..%llu into %s\n", n, study_kind_name[sh[0].kind],
                (unsigned long long)r->first_game, (unsigned long long)(r->first_game + r->games - 1), out);
    }
    outfile_abort(&csv); /* nothing after a commit; the temporary file after a refusal */
    outfile_abort(&md);
    outfile_abort(&lad);
    for (int i = 0; sh && i < n; i++) free(sh[i].rows);
    free(sh);
    return rc;
}
