/*
 * ladder.c - a study's figure against skill (ladder.h): the rungs of
 * `--ladder`, their ratings from the ladder file, and the ladder's CSV and
 * Markdown made from a captain or ghost study's rows.
 *
 * The ladder file (results/ratings/ladder.csv) names the default ladder's
 * rungs, weakest first, with their ratings copied from the published lists
 * (tests/tree/ladder_file.py checks them against the lists), and its bound:
 * an agent that sees what no fair player sees.  The figures are the study's
 * own (the edge is offset 0's paired advantage, the share the ghost's win
 * rate): a rung's are those of `study KIND --agents SPEC` on the same deals.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../analysis/stats.h"
#include "../io/csv.h"
#include "../io/summary.h"
#include "cli.h"
#include "clone_path.h"
#include "ladder.h"

#define HALF_TARGET 0.005 /* "settled": both top rungs to +-0.5 points */

int ladder_read_file(ladder *l, char *err, size_t errlen)
{
    char path[4096];
    clone_file(LADDER_FILE, path, sizeof path);
    memset(l, 0, sizeof *l);
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(err, errlen, "the ladder file '%s': %s", path, strerror(errno));
        return -1;
    }
    char *line = NULL;
    size_t cap = 0;
    int no = 0, rc = 0, header = 0;
    while (!rc && csv_read_line(f, &line, &cap)) {
        no++;
        if (line[0] == '#' || !line[0]) continue;
        char *fld[8];
        int nf = csv_split(line, fld, 8);
        if (!header) {
            header = 1;
            if (nf < 5 || strcmp(fld[0], "name") || strcmp(fld[1], "agent") || strcmp(fld[2], "rating_2p") ||
                strcmp(fld[3], "rating_4p") || strcmp(fld[4], "kind")) {
                snprintf(err, errlen, "'%s': not a ladder file (its header is not name,agent,rating_2p,rating_4p,"
                                      "kind,...)", path);
                rc = -1;
            }
            continue;
        }
        int k = l->n;
        if (nf < 5 || k == LADDER_MAX || strlen(fld[0]) >= sizeof l->name[0] || strlen(fld[1]) >= SIM_SPEC_LEN ||
            (strcmp(fld[4], "rung") && strcmp(fld[4], "bound"))) {
            snprintf(err, errlen, "'%s', line %d: not name,agent,rating_2p,rating_4p,rung|bound (at most %d rows)",
                     path, no, LADDER_MAX);
            rc = -1;
            break;
        }
        snprintf(l->name[k], sizeof l->name[k], "%s", fld[0]);
        snprintf(l->spec[k], SIM_SPEC_LEN, "%s", fld[1]);
        for (int p = 0; p < 2; p++) {
            char *end;
            l->rating[k][p] = *fld[2 + p] ? strtod(fld[2 + p], &end) : NAN;
            if (*fld[2 + p] && *end) {
                snprintf(err, errlen, "'%s', line %d: a rating that is not a number", path, no);
                rc = -1;
            }
        }
        l->bound[k] = !strcmp(fld[4], "bound");
        if (!rc && clone_spec_paths(path, l->spec[k], SIM_SPEC_LEN)) {
            snprintf(err, errlen, "'%s', line %d: the agent's path is too long from here", path, no);
            rc = -1;
        }
        l->n++;
    }
    free(line);
    fclose(f);
    return rc;
}

/* The ladder file's row for spec (as given, or as the file's paths resolve
 * it), or -1. */
int ladder_find(const ladder *file, const char *spec)
{
    char raw[SIM_SPEC_LEN];
    if (strlen(spec) >= sizeof raw) return -1;
    for (int k = 0; k < file->n; k++) {
        if (!strcmp(file->spec[k], spec)) return k;
        memcpy(raw, spec, strlen(spec) + 1);
        char path[4096];
        clone_file(LADDER_FILE, path, sizeof path);
        if (!clone_spec_paths(path, raw, sizeof raw) && !strcmp(file->spec[k], raw)) return k;
    }
    return -1;
}

int ladder_parse(const char *arg, ladder *l)
{
    char err[512];
    ladder file;
    int have = ladder_read_file(&file, err, sizeof err) == 0;
    if (!strcmp(arg, "default")) {
        if (!have) return cli_usage_error("--ladder: %s", err);
        *l = file;
        return 0;
    }
    char specs[LADDER_MAX + 1][SIM_SPEC_LEN];
    int n = 0;
    if (sim_split_agents(arg, specs, LADDER_MAX + 1, &n, err, sizeof err)) return cli_usage_error("--ladder: %s", err);
    if (n > LADDER_MAX) return cli_usage_error("--ladder: at most %d rungs", LADDER_MAX);
    if (n < 1) return cli_usage_error("--ladder: no rungs");
    memset(l, 0, sizeof *l);
    for (int k = 0; k < n; k++) {
        for (int j = 0; j < k; j++)
            if (!strcmp(specs[j], specs[k])) return cli_usage_error("--ladder: '%s' twice", specs[k]);
        int f = have ? ladder_find(&file, specs[k]) : -1;
        memcpy(l->spec[k], specs[k], SIM_SPEC_LEN);
        snprintf(l->name[k], sizeof l->name[k], "%s", f >= 0 ? file.name[f] : "");
        l->rating[k][0] = f >= 0 ? file.rating[f][0] : NAN;
        l->rating[k][1] = f >= 0 ? file.rating[f][1] : NAN;
        l->bound[k] = f >= 0 && file.bound[f];
    }
    l->n = n;
    return 0;
}

/* ---------------------------------------------------------------- render */

typedef struct fig {
    const study_row *row;
    int rung, players, adj;
    double rating;                /* NAN: not on the list */
    an_interval plain, luck;      /* the figure, fractions */
} fig;

/* The figure of one row: the edge (captain, offset 0) or the ghost's share. */
static fig figure_of(study_kind k, const study_row *r)
{
    fig g = {.row = r, .players = r->players, .adj = r->luck[0] != 0};
    if (k == STUDY_CAPTAIN) {
        double unit = SUMMARY_WIN_UNIT * (double)(r->players - 1);
        an_moments m = an_moments_of_sums(r->games, (long double)r->sum[1], (long double)r->sq, unit);
        g.plain = an_moments_bounded(&m, -1, 1);
        if (g.adj) {
            m = an_moments_of_sums(r->games, (long double)r->adj[1], (long double)r->adj_sq[1],
                                   SUMMARY_ADJ_UNIT * (double)(r->players - 1));
            g.luck = an_moments_bounded(&m, -1, 1);
        }
    } else {
        double w = (double)r->sum[1] / SUMMARY_WIN_UNIT;
        g.plain.n = r->games;
        g.plain.mean = w / (double)r->games;
        an_wilson(w, (double)r->games, &g.plain.lo, &g.plain.hi);
        if (g.adj) {
            an_moments m = an_moments_of_sums(r->games, (long double)r->adj[1], (long double)r->adj_sq[1],
                                              SUMMARY_ADJ_UNIT);
            g.luck = an_moments_bounded(&m, 0, 1);
        }
    }
    return g;
}

/* The best of a figure's two estimates: the luck-adjusted one when there. */
static const an_interval *best(const fig *g)
{
    return g->adj ? &g->luck : &g->plain;
}

/* The figures of rows in order, *n of them, with each rung's index (the
 * order of its mix's first row) and rating; the rungs' identities in rungs. */
static int collect(study_kind k, const study_row *rows, int n, fig *out, ladder *rungs)
{
    char err[512];
    ladder file;
    int have = ladder_read_file(&file, err, sizeof err) == 0, nf = 0;
    memset(rungs, 0, sizeof *rungs);
    for (int i = 0; i < n; i += k == STUDY_CAPTAIN ? rows[i].players : 1) {
        const study_row *r = &rows[i];
        if (k == STUDY_GHOST && strcmp(r->measure, "ghost_win_rate")) continue;
        if (k == STUDY_CAPTAIN && r->offset != 0) continue;
        int rung = 0;
        while (rung < rungs->n && strcmp(rungs->spec[rung], r->agents)) rung++;
        if (rung == rungs->n) {
            if (rung == LADDER_MAX || strlen(r->agents) >= SIM_SPEC_LEN) continue; /* not a rung's one spec */
            int f = have ? ladder_find(&file, r->agents) : -1;
            memcpy(rungs->spec[rung], r->agents, strlen(r->agents) + 1);
            snprintf(rungs->name[rung], sizeof rungs->name[rung], "%s", f >= 0 ? file.name[f] : "");
            rungs->rating[rung][0] = f >= 0 ? file.rating[f][0] : NAN;
            rungs->rating[rung][1] = f >= 0 ? file.rating[f][1] : NAN;
            rungs->bound[rung] = f >= 0 && file.bound[f];
            rungs->n++;
        }
        fig g = figure_of(k, r);
        g.rung = rung;
        g.rating = rungs->rating[rung][r->players == 2 ? 0 : 1];
        out[nf++] = g;
    }
    return nf;
}

static void write_csv(study_kind k, const fig *f, int nf, const ladder *rungs, FILE *csv)
{
    fprintf(csv, "rung,name,agent,bound,players,rating,rating_list,figure,games,value,low,high,value_adj,low_adj,"
                 "high_adj,seed,first_game,rules\n");
    for (int i = 0; i < nf; i++) {
        const fig *g = &f[i];
        char q[2 * STUDY_TEXT + 3], seed[JM_SEED_TEXT];
        csv_field(q, sizeof q, rungs->spec[g->rung]);
        fprintf(csv, "%d,%s,%s,%d,%d,", g->rung, rungs->name[g->rung], q, rungs->bound[g->rung], g->players);
        if (isnan(g->rating)) fprintf(csv, ",,");
        else fprintf(csv, "%.1f,%s,", g->rating, g->players == 2 ? "list-2p" : "list-4p");
        fprintf(csv, "%s,%llu,%.6f,%.6f,%.6f,", k == STUDY_CAPTAIN ? "captain_edge" : "ghost_share",
                (unsigned long long)g->row->games, g->plain.mean, g->plain.lo, g->plain.hi);
        if (g->adj) fprintf(csv, "%.6f,%.6f,%.6f,", g->luck.mean, g->luck.lo, g->luck.hi);
        else fprintf(csv, ",,,");
        csv_field(q, sizeof q, g->row->rules);
        fprintf(csv, "%s,%llu,%s\n", jm_seed_format(&g->row->seed, seed, sizeof seed),
                (unsigned long long)g->row->first_game, q);
    }
}

static const char *rung_name(const ladder *rungs, int k)
{
    return rungs->name[k][0] ? rungs->name[k] : rungs->spec[k];
}

static void cell(study_kind k, const fig *g, FILE *md)
{
    const char *f = k == STUDY_CAPTAIN ? "%+.2f [%+.2f, %+.2f]" : "%.2f%% [%.2f, %.2f]";
    fprintf(md, f, 100 * g->plain.mean, 100 * g->plain.lo, 100 * g->plain.hi);
    if (g->adj) {
        fprintf(md, "; adj. ");
        fprintf(md, f, 100 * g->luck.mean, 100 * g->luck.lo, 100 * g->luck.hi);
    }
}

/* The two strongest rungs (bounds aside) at P players: their agreement and
 * whether the top is settled, in a line. */
static void top_two(study_kind k, const fig *f, int nf, const ladder *rungs, int P, FILE *md)
{
    const fig *a = NULL, *b = NULL; /* a the stronger */
    for (int i = 0; i < nf; i++) {
        const fig *g = &f[i];
        if (g->players != P || rungs->bound[g->rung]) continue;
        /* by rating where both have one, else by the ladder's order */
        int above_a = !a || (!isnan(g->rating) && !isnan(a->rating) ? g->rating > a->rating : g->rung > a->rung);
        if (above_a) {
            b = a;
            a = g;
        } else if (!b || (!isnan(g->rating) && !isnan(b->rating) ? g->rating > b->rating : g->rung > b->rung)) {
            b = g;
        }
    }
    if (!a || !b) return;
    const an_interval *x = best(a), *y = best(b);
    double hx = (x->hi - x->lo) / 2, hy = (y->hi - y->lo) / 2, se = sqrt(hx * hx + hy * hy), d = x->mean - y->mean;
    int agree = fabs(d) <= se, narrow = hx <= HALF_TARGET && hy <= HALF_TARGET;
    const char *unit = k == STUDY_CAPTAIN ? "points" : "points of share";
    fprintf(md, "- %d players, `%s` and `%s`%s: %+.2f and %+.2f, the difference %+.2f [%+.2f, %+.2f]: %s", P,
            rung_name(rungs, a->rung), rung_name(rungs, b->rung), a->adj ? " (luck-adjusted)" : "", 100 * x->mean,
            100 * y->mean, 100 * d, 100 * (d - se), 100 * (d + se), agree ? "they agree" : "they differ");
    if (agree && narrow) {
        fprintf(md, ", each within +-0.5 %s: settled\n", unit);
        return;
    }
    fprintf(md, "; not settled");
    for (int s = 0; s < 2; s++) {
        const fig *g = s ? b : a;
        double h = s ? hy : hx;
        if (h > HALF_TARGET)
            fprintf(md, "%s `%s` +-%.2f needs about %.0f games for +-0.5", s && hx > HALF_TARGET ? "," : ":",
                    rung_name(rungs, g->rung), 100 * h, ceil((double)g->row->games * (h / HALF_TARGET) * (h / HALF_TARGET)));
    }
    if (!agree) fprintf(md, "%s the figure still moves between the top rungs", narrow ? ":" : ";");
    fputc('\n', md);
}

static void write_md(study_kind k, const fig *f, int nf, const ladder *rungs, FILE *md)
{
    int ps[JM_MAX_PLAYERS + 1] = {0}, np = 0;
    for (int i = 0; i < nf; i++) {
        int seen = 0;
        for (int j = 0; j < np; j++) seen |= ps[j] == f[i].players;
        if (!seen) ps[np++] = f[i].players;
    }
    fprintf(md, "\n## %s against skill\n\n", k == STUDY_CAPTAIN ? "The first Captain's edge" : "The ghost's share");
    fprintf(md, "Each rung is one agent in every seat (seats rotated), its rating from the published lists "
                "(results/ratings/list-2p.csv at 2 players, list-4p.csv beside 3 to 6), %s; 95%% intervals, "
                "the luck-adjusted one (adj.) beside where the study has --luck.  A bound sees what no fair player "
                "sees: the figure at more skill than any player has.\n\n",
            k == STUDY_CAPTAIN ? "the edge the first Captain's win share less the other players' mean (points)"
                               : "the share the ghost's wins of 2-player games");
    fprintf(md, "| rung | rating 2p | rating 4p |");
    for (int j = 0; j < np; j++) fprintf(md, " %d players |", ps[j]);
    fprintf(md, "\n|---|---:|---:|");
    for (int j = 0; j < np; j++) fprintf(md, "---|");
    fputc('\n', md);
    for (int r = 0; r < rungs->n; r++) {
        fprintf(md, "| `%s`%s |", rung_name(rungs, r), rungs->bound[r] ? " (bound)" : "");
        for (int p = 0; p < 2; p++)
            if (isnan(rungs->rating[r][p])) fprintf(md, " - |");
            else fprintf(md, " %.0f |", rungs->rating[r][p]);
        for (int j = 0; j < np; j++) {
            const fig *g = NULL;
            for (int i = 0; i < nf; i++)
                if (f[i].rung == r && f[i].players == ps[j]) g = &f[i];
            fputc(' ', md);
            if (g) cell(k, g, md);
            else fputc('-', md);
            fprintf(md, " |");
        }
        fputc('\n', md);
    }
    fprintf(md, "\nThe two strongest rungs at each player count (settled: they agree within their intervals and "
                "each is within +-0.5 points):\n\n");
    for (int j = 0; j < np; j++) top_two(k, f, nf, rungs, ps[j], md);
}

void ladder_render(study_kind k, const study_row *rows, int n, FILE *csv, FILE *md)
{
    fig *f = malloc((size_t)(n ? n : 1) * sizeof *f);
    if (!f) return;
    ladder rungs;
    int nf = collect(k, rows, n, f, &rungs);
    if (csv) write_csv(k, f, nf, &rungs, csv);
    if (md) write_md(k, f, nf, &rungs, md);
    free(f);
}
