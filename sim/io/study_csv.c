/* study_csv.c - a study's rows rendered as CSV and Markdown, and read back (see study_csv.h). */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../analysis/stats.h"
#include "../../engine/jamaica.h"
#include "csv.h"
#include "study_csv.h"
#include "summary.h"
#include "table.h"

const char *const study_kind_name[STUDY_NKINDS] = {"captain", "ghost", "sweep"};

static const csv_table *const kind_table[STUDY_NKINDS] = {&captain_csv, &ghost_csv, &sweep_csv};
static const csv_table *const adj_table[STUDY_NKINDS] = {&captain_adj_csv, &ghost_adj_csv, &sweep_adj_csv};

/* The luck-adjusted table of rows (NULL without --luck). */
static const csv_table *adj_of(study_kind k, const study_row *rows, int n)
{
    return n && rows[0].luck[0] ? adj_table[k] : NULL;
}

/* The adjusted mean and 95% interval of sums s, q over games (bounded to
 * [lo, hi]), unit per whole. */
static an_interval adj_interval(uint64_t games, int64_t s, uint64_t q, double unit, double lo, double hi)
{
    an_moments m = an_moments_of_sums(games, (long double)s, (long double)q, unit);
    return an_moments_bounded(&m, lo, hi);
}

/* Where each of a row's fields sits in its kind's table (-1: not there). */
typedef struct row_cols {
    int agents, players, games, offset, measure, option, value, seed, first_game, rules, sum[3], sq;
} row_cols;

static const row_cols kind_cols[STUDY_NKINDS] = {
    {CA_AGENTS, CA_PLAYERS, CA_GAMES, CA_CAPTAIN_OFFSET, -1, -1, -1, CA_SEED, CA_FIRST_GAME, CA_RULES,
     {CA_WINS_420, CA_ADV_SUM, -1}, CA_ADV_SQ},
    {GH_AGENTS, GH_PLAYERS, GH_GAMES, -1, GH_MEASURE, -1, -1, GH_SEED, GH_FIRST_GAME, GH_RULES,
     {GH_OFF_SUM, GH_ON_SUM, GH_DIFF_SUM}, GH_DIFF_SQ},
    {SW_AGENTS, SW_PLAYERS, SW_GAMES, -1, SW_MEASURE, SW_OPTION, SW_VALUE, SW_SEED, SW_FIRST_GAME, SW_RULES,
     {SW_SUM, -1, -1}, SW_SUM_SQ},
};

double study_unit(study_kind k, const study_row *r)
{
    double win = SUMMARY_WIN_UNIT, adv = SUMMARY_WIN_UNIT * (double)(r->players - 1);
    if (k == STUDY_CAPTAIN) return adv;
    if (k == STUDY_GHOST) return strcmp(r->measure, "ghost_win_rate") ? 1 : win;
    return !strcmp(r->measure, "rounds") ? 1 : !strcmp(r->measure, "captain") ? adv : win;
}

/* The identity and tally fields every kind writes. */
static void common_fields(study_kind k, const study_row *r, csv_val *v, char *seed, size_t len)
{
    const row_cols *c = &kind_cols[k];
    v[c->agents] = csv_text(r->agents);
    v[c->players] = csv_int(r->players);
    v[c->games] = csv_u64(r->games);
    v[c->seed] = csv_text(jm_seed_format(&r->seed, seed, len));
    v[c->first_game] = csv_u64(r->first_game);
    v[c->rules] = csv_text(r->rules);
}

static an_moments moments(const study_row *r, int s, double unit)
{
    return an_moments_of_sums(r->games, (long double)r->sum[s], (long double)r->sq, unit);
}

/* Whether the ghost sails in a row's games (captain: its rules at P seats). */
static int ghost_sails(const study_row *r)
{
    jm_rules rules;
    char err[256];
    return !jm_rules_parse(&rules, r->rules, err, sizeof err) && jm_has_ghost_rules(&rules, r->players);
}

/* "N games a configuration", with the deals when they do not start at 0. */
static void games_phrase(FILE *md, const study_row *r, const char *each)
{
    fprintf(md, "%llu games %s", (unsigned long long)r->games, each);
    if (r->first_game)
        fprintf(md, " (deals %llu..%llu)", (unsigned long long)r->first_game,
                (unsigned long long)(r->first_game + r->games - 1));
}

/* ---------------------------------------------------------------- where the luck is */

/* The split's sums as one CSV field: "c:cc:yc" for each kind, a space
 * between, then the y-adjusted sum (buf of STUDY_SPLIT_TEXT). */
#define STUDY_SPLIT_TEXT (STUDY_LUCK_KINDS * 64 + 32)
static const char *split_text(const study_split *sp, char *buf)
{
    size_t at = 0;
    for (int k = 0; k < STUDY_LUCK_KINDS; k++)
        at += (size_t)snprintf(buf + at, STUDY_SPLIT_TEXT - at, "%lld:%llu:%lld ", (long long)sp->c[k],
                               (unsigned long long)sp->cc[k], (long long)sp->yc[k]);
    snprintf(buf + at, STUDY_SPLIT_TEXT - at, "%lld:%llu", (long long)sp->ya, (unsigned long long)sp->yy);
    return buf;
}

static int split_parse(const char *t, study_split *sp)
{
    memset(sp, 0, sizeof *sp);
    if (!*t) return 0;
    char *end;
    for (int k = 0; k < STUDY_LUCK_KINDS; k++) {
        errno = 0;
        sp->c[k] = strtoll(t, &end, 10);
        if (*end != ':') return -1;
        sp->cc[k] = strtoull(end + 1, &end, 10);
        if (*end != ':') return -1;
        sp->yc[k] = strtoll(end + 1, &end, 10);
        if (*end != ' ' || errno) return -1;
        t = end + 1;
    }
    sp->ya = strtoll(t, &end, 10);
    if (*end != ':') return -1;
    sp->yy = strtoull(end + 1, &end, 10);
    return *end || errno ? -1 : 0;
}

/* What share of the plain figure's variance kind k explains (-cov(y, C_k)
 * / var(y)), and what is left (cov(y, y_adj) / var(y)), with normal-theory
 * 95% intervals (the covariance's variance (var y var x + cov^2) / n);
 * games, the figure's sums s, q in `unit`, the adjusted's sa, qa. */
static void split_shares(const study_split *sp, uint64_t games, double s, double q, double sa, double qa, double *share,
                         double *half)
{
    double n = (double)games, my = s / n, vy = q / n - my * my;
    for (int k = 0; k <= STUDY_LUCK_KINDS; k++) {
        share[k] = half[k] = 0;
        if (!(vy > 0) || games < 2) continue;
        double sx = k < STUDY_LUCK_KINDS ? (double)sp->c[k] : sa, qx = k < STUDY_LUCK_KINDS ? (double)sp->cc[k] : qa;
        double sxy = k < STUDY_LUCK_KINDS ? (double)sp->yc[k] : (double)sp->ya;
        double mx = sx / n, vx = qx / n - mx * mx, cov = sxy / n - my * mx;
        share[k] = (k < STUDY_LUCK_KINDS ? -cov : cov) / vy;
        half[k] = 1.96 * sqrt((vy * (vx > 0 ? vx : 0) + cov * cov) / n) / vy;
    }
}

/* The "where the luck is" table of rows (one a configuration); figure
 * names what y is; s, q, sa, qa read the plain and adjusted sums. */
typedef void (*split_sums)(const study_row *r, double *s, double *q, double *sa, double *qa);
static void render_split(const study_row *const *rows, int n, const char *figure, int captain, split_sums sums, FILE *md)
{
    static const struct { int k; const char *name; } cols[] = {
        {JM_CH_DICE, "action dice"}, {JM_CH_DRAW, "cards drawn"}, {JM_CH_SHORTAGE, "shortage die"},
        {JM_CH_TREASURE, "treasures"}, {JM_CH_BATTLE, "combat dice"}, {JM_CH_BLIND, "blind steals"},
        {JM_CH_CAPTAIN, "first Captain"}, {JM_CH_KINDS, "known decisions"}, {STUDY_LUCK_KINDS, "left"}};
    fprintf(md, "\n## Where the luck is\n\nThe share of %s's variance that each kind of chance explains, as the "
                "value function sees it (`--luck %s`: -cov(figure, its corrections of that kind) / var(figure)), and "
                "what is left to skill, the deal and what V does not see (cov(figure, adjusted figure) / var(figure)); "
                "95%% intervals (docs/STATISTICS.md).%s\n\n| agents | players |",
            figure, rows[0]->luck, captain ? " The first Captain's draw is kept out: the figure is conditioned on it." : "");
    int ncol = (int)(sizeof cols / sizeof cols[0]);
    for (int c = 0; c < ncol; c++)
        if (!(captain && cols[c].k == JM_CH_CAPTAIN)) fprintf(md, " %s |", cols[c].name);
    fprintf(md, "\n|---|---|");
    for (int c = 0; c < ncol; c++)
        if (!(captain && cols[c].k == JM_CH_CAPTAIN)) fprintf(md, "---|");
    fputc('\n', md);
    for (int i = 0; i < n; i++) {
        const study_row *r = rows[i];
        double s, q, sa, qa, share[STUDY_LUCK_KINDS + 1], half[STUDY_LUCK_KINDS + 1];
        sums(r, &s, &q, &sa, &qa);
        split_shares(&r->split, r->games, s, q, sa, qa, share, half);
        fprintf(md, "| `%s` | %d |", r->agents, r->players);
        for (int c = 0; c < ncol; c++)
            if (!(captain && cols[c].k == JM_CH_CAPTAIN))
                fprintf(md, " %.1f%% [%.1f, %.1f] |", 100 * share[cols[c].k], 100 * (share[cols[c].k] - half[cols[c].k]),
                        100 * (share[cols[c].k] + half[cols[c].k]));
        fputc('\n', md);
    }
}

/* The figure's sums in SUMMARY_ADJ_UNIT (the advantage's x (P - 1)):
 * plain (the split's own), adjusted (the row's). */
static void figure_sums(const study_row *r, double *s, double *q, double *sa, double *qa)
{
    *s = (double)r->sum[1] * ((double)SUMMARY_ADJ_UNIT / SUMMARY_WIN_UNIT);
    *q = (double)r->split.yy;
    *sa = (double)r->adj[1];
    *qa = (double)r->adj_sq[1];
}

/* ---------------------------------------------------------------- captain */

static void render_captain(const study_row *rows, int n, FILE *csv, FILE *md)
{
    char seed[JM_SEED_TEXT], split[STUDY_SPLIT_TEXT];
    const csv_table *ext = adj_of(STUDY_CAPTAIN, rows, n);
    csv_table_header2(csv, &captain_csv, ext);
    fprintf(md, "# First Captain's advantage\n\n");
    if (n) games_phrase(md, &rows[0], "a configuration");
    fprintf(md, ", seed %s, rules `%s`, agents rotated over the seats.  `adv` is the paired difference, game by "
                "game, between the win share of the seat at that offset from the first Captain and the mean of the "
                "other players' (95%% interval kept inside [-1, 1], docs/STATISTICS.md; p of the t test of 0); `p "
                "vs 1/P` tests the offset's win rate against 1/P (no ghost).\n\n",
            n ? jm_seed_format(&rows[0].seed, seed, sizeof seed) : "", n ? rows[0].rules : "");
    if (ext)
        fprintf(md, "The luck-adjusted advantage (`--luck %s`, docs/STATISTICS.md) is the same figure with each "
                    "chance draw's luck cancelled by the value function, the first Captain's draw kept out (the figure is conditioned on it): an "
                    "unbiased estimate with its own interval.\n\n",
                rows[0].luck);
    fprintf(md, "| agents | players | first Captain's win rate [95%%] | fair share | p vs 1/P | advantage "
                "[95%%] (points) | p |%s\n|---|---|---|---|---|---|---|%s\n",
            ext ? " luck-adjusted advantage [95%] (points) |" : "", ext ? "---|" : "");
    /* A configuration is P rows, offsets 0..P-1. */
    for (int i = 0; i < n; i += rows[i].players) {
        const study_row *cf = &rows[i];
        int P = cf->players, ghost = ghost_sails(cf);
        double games = (double)cf->games, tot = 0;
        for (int k = 0; k < P && i + k < n; k++) tot += (double)rows[i + k].sum[0] / SUMMARY_WIN_UNIT;
        double fair = tot / (games * P);
        for (int k = 0; k < P && i + k < n; k++) {
            const study_row *r = &rows[i + k];
            double w = (double)r->sum[0] / SUMMARY_WIN_UNIT, lo, hi;
            an_wilson(w, games, &lo, &hi);
            an_moments m = moments(r, 1, study_unit(STUDY_CAPTAIN, r));
            an_interval d = an_moments_bounded(&m, -1, 1);
            csv_val v[CA_NCOL] = {[CA_CAPTAIN_OFFSET] = csv_int(r->offset), [CA_WINS] = csv_real(w),
                                  [CA_WIN_RATE] = csv_real(w / games), [CA_WILSON_LOW] = csv_real(lo),
                                  [CA_WILSON_HIGH] = csv_real(hi), [CA_FAIR_SHARE] = csv_real(fair),
                                  [CA_ADV] = csv_real(d.mean), [CA_ADV_LOW] = csv_real(d.lo),
                                  [CA_ADV_HIGH] = csv_real(d.hi), [CA_ADV_P] = csv_real(d.p),
                                  [CA_WINS_420] = csv_int(r->sum[0]), [CA_ADV_SUM] = csv_int(r->sum[1]),
                                  [CA_ADV_SQ] = csv_u64(r->sq)};
            common_fields(STUDY_CAPTAIN, r, v, seed, sizeof seed);
            double p_fair = an_binomial_z_p(w, games, 1.0 / P, NULL);
            if (!ghost) v[CA_P_VS_FAIR] = csv_real(p_fair);
            an_interval wa = {0}, da = {0};
            csv_val ve[CAJ_NCOL] = {{0}};
            if (ext) {
                wa = adj_interval(r->games, r->adj[0], r->adj_sq[0], SUMMARY_ADJ_UNIT, 0, 1);
                da = adj_interval(r->games, r->adj[1], r->adj_sq[1], SUMMARY_ADJ_UNIT * (double)(P - 1), -1, 1);
                ve[CAJ_WIN_RATE_ADJ] = csv_real(wa.mean);
                ve[CAJ_WIN_RATE_ADJ_LOW] = csv_real(wa.lo);
                ve[CAJ_WIN_RATE_ADJ_HIGH] = csv_real(wa.hi);
                ve[CAJ_ADV_ADJ] = csv_real(da.mean);
                ve[CAJ_ADV_ADJ_LOW] = csv_real(da.lo);
                ve[CAJ_ADV_ADJ_HIGH] = csv_real(da.hi);
                ve[CAJ_ADV_ADJ_P] = csv_real(da.p);
                ve[CAJ_LUCK] = csv_text(r->luck);
                ve[CAJ_WINS_ADJ] = csv_int(r->adj[0]);
                ve[CAJ_WINS_ADJ_SQ] = csv_u64(r->adj_sq[0]);
                ve[CAJ_ADV_ADJ_SUM] = csv_int(r->adj[1]);
                ve[CAJ_ADV_ADJ_SQ] = csv_u64(r->adj_sq[1]);
                ve[CAJ_LUCK_SPLIT] = csv_text(split_text(&r->split, split));
            }
            csv_table_row2(csv, &captain_csv, v, ext, ve);
            if (k) continue;
            fprintf(md, "| `%s` | %d%s | %.2f%% [%.2f, %.2f] | %.2f%% | ", r->agents, P, ghost ? " + ghost" : "",
                    100 * w / games, 100 * lo, 100 * hi, 100 * fair);
            if (ghost) fprintf(md, "- | ");
            else fprintf(md, "%.3g | ", p_fair);
            fprintf(md, "%+.2f [%+.2f, %+.2f] | %.3g |", 100 * d.mean, 100 * d.lo, 100 * d.hi, d.p);
            if (ext) fprintf(md, " %+.2f [%+.2f, %+.2f] |", 100 * da.mean, 100 * da.lo, 100 * da.hi);
            fputc('\n', md);
        }
    }
    if (!ext) return;
    const study_row *first[256];
    int nf = 0;
    for (int i = 0; i < n && nf < 256; i += rows[i].players) first[nf++] = &rows[i];
    render_split(first, nf, "the first Captain's advantage", 1, figure_sums, md);
}

/* ---------------------------------------------------------------- ghost */

static void render_ghost(const study_row *rows, int n, FILE *csv, FILE *md)
{
    char seed[JM_SEED_TEXT], split[STUDY_SPLIT_TEXT];
    const csv_table *ext = adj_of(STUDY_GHOST, rows, n);
    csv_val ve[GAJ_NCOL] = {{0}};
    csv_table_header2(csv, &ghost_csv, ext);
    fprintf(md, "# Ghost Ship\n\n");
    if (n) games_phrase(md, &rows[0], "a configuration");
    fprintf(md, ", seed %s, rules `%s`, agents rotated.\n\n## Two players: the ghost's share of the wins\n\n",
            n ? jm_seed_format(&rows[0].seed, seed, sizeof seed) : "", n ? rows[0].rules : "");
    if (ext)
        fprintf(md, "The luck-adjusted share (`--luck %s`, docs/STATISTICS.md): every chance draw's luck cancelled "
                    "by the value function.\n\n", rows[0].luck);
    fprintf(md, "| agents | ghost win rate [95%%] | each player |%s\n|---|---|---|%s\n",
            ext ? " luck-adjusted ghost win rate [95%] |" : "", ext ? "---|" : "");
    int i = 0;
    for (; i < n && !strcmp(rows[i].measure, "ghost_win_rate"); i++) {
        const study_row *r = &rows[i];
        double games = (double)r->games, w = (double)r->sum[1] / SUMMARY_WIN_UNIT, lo, hi;
        an_wilson(w, games, &lo, &hi);
        csv_val v[GH_NCOL] = {[GH_MEASURE] = csv_text(r->measure), [GH_GHOST_ON] = csv_real(w / games),
                              [GH_LOW] = csv_real(lo), [GH_HIGH] = csv_real(hi), [GH_ON_SUM] = csv_int(r->sum[1])};
        common_fields(STUDY_GHOST, r, v, seed, sizeof seed);
        an_interval ga = {0};
        if (ext) {
            ga = adj_interval(r->games, r->adj[1], r->adj_sq[1], SUMMARY_ADJ_UNIT, 0, 1);
            ve[GAJ_GHOST_ON_ADJ] = csv_real(ga.mean);
            ve[GAJ_GHOST_ON_ADJ_LOW] = csv_real(ga.lo);
            ve[GAJ_GHOST_ON_ADJ_HIGH] = csv_real(ga.hi);
            ve[GAJ_LUCK] = csv_text(r->luck);
            ve[GAJ_ON_ADJ_SUM] = csv_int(r->adj[1]);
            ve[GAJ_ON_ADJ_SQ] = csv_u64(r->adj_sq[1]);
            ve[GAJ_LUCK_SPLIT] = csv_text(split_text(&r->split, split));
        }
        csv_table_row2(csv, &ghost_csv, v, ext, ve);
        fprintf(md, "| `%s` | %.2f%% [%.2f, %.2f] | %.2f%% |", r->agents, 100 * w / games, 100 * lo, 100 * hi,
                100 * (1 - w / games) / 2);
        if (ext) fprintf(md, " %.2f%% [%.2f, %.2f] |", 100 * ga.mean, 100 * ga.lo, 100 * ga.hi);
        fputc('\n', md);
    }
    if (ext && i) {
        const study_row *shares[256];
        for (int k = 0; k < i && k < 256; k++) shares[k] = &rows[k];
        render_split(shares, i < 256 ? i : 256, "the ghost's 2-player share", 0, figure_sums, md);
    }
    if (i == n) return; /* --players 2: the share alone, no pairs to show */
    fprintf(md, "\n## ghost=on against ghost=off, the same deals (paired by game index)\n\nMeans per game; "
                "on - off with its 95%% paired t interval and p.  Shortages are the players'; battles count every "
                "battle, ties included.\n\n| agents | players | measure | off | on | on - off [95%%] | p "
                "|\n|---|---|---|---|---|---|---|\n");
    for (; i < n; i++) {
        const study_row *r = &rows[i];
        double games = (double)r->games, off = (double)r->sum[0] / games, on = (double)r->sum[1] / games;
        an_moments m = moments(r, 2, 1);
        an_interval d = an_reading_moments(&m, -INFINITY, INFINITY, 0);
        csv_val v[GH_NCOL] = {[GH_MEASURE] = csv_text(r->measure), [GH_GHOST_OFF] = csv_real(off),
                              [GH_GHOST_ON] = csv_real(on), [GH_DIFF] = csv_real(d.mean), [GH_LOW] = csv_bound(d.lo),
                              [GH_HIGH] = csv_bound(d.hi), [GH_P_VALUE] = csv_real(d.p),
                              [GH_OFF_SUM] = csv_int(r->sum[0]), [GH_ON_SUM] = csv_int(r->sum[1]),
                              [GH_DIFF_SUM] = csv_int(r->sum[2]), [GH_DIFF_SQ] = csv_u64(r->sq)};
        common_fields(STUDY_GHOST, r, v, seed, sizeof seed);
        csv_val none[GAJ_NCOL] = {[GAJ_LUCK] = csv_text(r->luck)}; /* rounds and counts: no luck adjustment */
        csv_table_row2(csv, &ghost_csv, v, ext, none);
        if (d.reading == AN_NO_SPREAD)
            fprintf(md, "| `%s` | %d | %s | %.3f | %.3f | %+.3f (no spread) | %.3g |\n", r->agents, r->players,
                    r->measure, off, on, d.mean, d.p);
        else
            fprintf(md, "| `%s` | %d | %s | %.3f | %.3f | %+.3f [%+.3f, %+.3f] | %.3g |\n", r->agents, r->players,
                    r->measure, off, on, d.mean, d.lo, d.hi, d.p);
    }
}

/* ---------------------------------------------------------------- sweep */

static void render_sweep(const study_row *rows, int n, FILE *csv, FILE *md)
{
    char seed[JM_SEED_TEXT];
    const csv_table *ext = adj_of(STUDY_SWEEP, rows, n);
    csv_table_header2(csv, &sweep_csv, ext);
    if (!n) return;
    const study_row *a = &rows[0];
    if (n == 1) fprintf(md, "# Sweep of `%s` at %lld\n\n", a->option, a->value);
    else
        fprintf(md, "# Sweep of `%s` from %lld to %lld (step %lld)\n\n", a->option, a->value, rows[n - 1].value,
                rows[1].value - a->value);
    games_phrase(md, a, "a value");
    fprintf(md, ", %d players, agents `%s` rotated, seed %s, rules `%s`; measure `%s` (win rates with Wilson 95%% "
                "intervals, rounds with t intervals, the captain's paired advantage kept inside [-1, 1], in "
                "points as `study captain` gives it).\n\n| %s | %s [95%%]%s |\n|---|---|\n",
            a->players, a->agents, jm_seed_format(&a->seed, seed, sizeof seed), a->rules, a->measure, a->option, a->measure,
            !strcmp(a->measure, "captain") ? " (points)" : "");
    for (int i = 0; i < n; i++) {
        const study_row *r = &rows[i];
        double games = (double)r->games, unit = study_unit(STUDY_SWEEP, r), est, lo, hi;
        int rounds = !strcmp(r->measure, "rounds"), share = !strcmp(r->measure, "ghost") || !strncmp(r->measure, "win:", 4);
        if (share) {
            double w = (double)r->sum[0] / unit;
            est = w / games;
            an_wilson(w, games, &lo, &hi);
        } else {
            an_moments m = moments(r, 0, unit);
            an_interval d = an_reading_moments(&m, rounds ? -INFINITY : -1, rounds ? INFINITY : 1, 0);
            est = d.mean;
            lo = d.lo;
            hi = d.hi;
        }
        csv_val v[SW_NCOL] = {[SW_OPTION] = csv_text(r->option), [SW_VALUE] = csv_int(r->value),
                              [SW_MEASURE] = csv_text(r->measure), [SW_ESTIMATE] = csv_real(est),
                              [SW_LOW] = csv_bound(lo), [SW_HIGH] = csv_bound(hi), [SW_SUM] = csv_int(r->sum[0]),
                              [SW_SUM_SQ] = csv_u64(r->sq)};
        common_fields(STUDY_SWEEP, r, v, seed, sizeof seed);
        csv_val ve[SAJ_NCOL] = {[SAJ_LUCK] = csv_text(r->luck)};
        if (ext && !rounds) { /* rounds: no luck adjustment */
            an_interval e = adj_interval(r->games, r->adj[0], r->adj_sq[0], unit * SUMMARY_ADJ_UNIT / SUMMARY_WIN_UNIT,
                                         share ? 0 : -1, 1);
            ve[SAJ_ESTIMATE_ADJ] = csv_real(e.mean);
            ve[SAJ_ESTIMATE_ADJ_LOW] = csv_real(e.lo);
            ve[SAJ_ESTIMATE_ADJ_HIGH] = csv_real(e.hi);
            ve[SAJ_SUM_ADJ] = csv_int(r->adj[0]);
            ve[SAJ_SUM_ADJ_SQ] = csv_u64(r->adj_sq[0]);
        }
        csv_table_row2(csv, &sweep_csv, v, ext, ve);
        if (rounds && !isfinite(lo)) fprintf(md, "| %lld | %.3f (no spread) |\n", r->value, est);
        else if (rounds) fprintf(md, "| %lld | %.3f [%.3f, %.3f] |\n", r->value, est, lo, hi);
        else if (!strcmp(r->measure, "captain")) /* points, signed, as study captain's advantage */
            fprintf(md, "| %lld | %+.2f [%+.2f, %+.2f] |\n", r->value, 100 * est, 100 * lo, 100 * hi);
        else fprintf(md, "| %lld | %.2f%% [%.2f, %.2f] |\n", r->value, 100 * est, 100 * lo, 100 * hi);
    }
}

void study_render(study_kind k, const study_row *rows, int n, FILE *csv, FILE *md)
{
    if (k == STUDY_CAPTAIN) render_captain(rows, n, csv, md);
    else if (k == STUDY_GHOST) render_ghost(rows, n, csv, md);
    else render_sweep(rows, n, csv, md);
}

/* ---------------------------------------------------------------- reading */

/* Does p start with table t's columns, then `end` (',' or '\0')?  Where it
 * goes on, or NULL. */
static const char *has_columns(const char *p, const csv_table *t, char end)
{
    for (int c = 0; c < t->n; c++) {
        size_t len = strlen(t->cols[c].name);
        if (strncmp(p, t->cols[c].name, len) || p[len] != (c + 1 < t->n ? ',' : end)) return NULL;
        p += len + 1;
    }
    return p;
}

/* The kind, and *luck 1 when the adjusted columns follow. */
static int kind_of(const char *header, int *luck)
{
    for (int k = 0; k < STUDY_NKINDS; k++) {
        *luck = 0;
        if (has_columns(header, kind_table[k], '\0')) return k;
        const char *p = has_columns(header, kind_table[k], ',');
        *luck = 1;
        if (p && has_columns(p, adj_table[k], '\0')) return k;
    }
    return -1;
}

int study_csv_kind(const char *header)
{
    int luck;
    return kind_of(header, &luck);
}

/* A text field into dst[cap]; -1 if it does not fit. */
static int copy_text(char *dst, size_t cap, const char *s)
{
    return (size_t)snprintf(dst, cap, "%s", s) < cap ? 0 : -1;
}

/* One line of a kind's CSV into *r; 0, or -1. */
static int parse_adj(study_kind k, char **f, study_row *r);

static int parse_row(study_kind k, int luck, char *line, study_row *r)
{
    const csv_table *t = kind_table[k];
    const row_cols *c = &kind_cols[k];
    char *f[48];
    if (csv_split(line, f, 48) != t->n + (luck ? adj_table[k]->n : 0)) return -1;
    memset(r, 0, sizeof *r);
    uint64_t players, offset = 0;
    int64_t value = 0;
    if (copy_text(r->agents, sizeof r->agents, f[c->agents]) || copy_text(r->rules, sizeof r->rules, f[c->rules]) ||
        csv_parse_u64(f[c->players], &players) || players < 2 || players > JM_MAX_PLAYERS ||
        csv_parse_u64(f[c->games], &r->games) || r->games == 0 || jm_seed_parse(f[c->seed], &r->seed) ||
        csv_parse_u64(f[c->first_game], &r->first_game) || (*f[c->sq] && csv_parse_u64(f[c->sq], &r->sq)))
        return -1;
    r->players = (int)players;
    if (c->offset >= 0 && (csv_parse_u64(f[c->offset], &offset) || offset >= players)) return -1;
    r->offset = (int)offset;
    if (c->measure >= 0 && copy_text(r->measure, sizeof r->measure, f[c->measure])) return -1;
    if (c->option >= 0 && copy_text(r->option, sizeof r->option, f[c->option])) return -1;
    if (c->value >= 0 && csv_parse_i64(f[c->value], &value)) return -1;
    r->value = value;
    for (int s = 0; s < 3; s++) /* an empty tally (one that does not apply) is 0 */
        if (c->sum[s] >= 0 && *f[c->sum[s]] && csv_parse_i64(f[c->sum[s]], &r->sum[s])) return -1;
    return luck ? parse_adj(k, f + t->n, r) : 0;
}

/* The adjusted columns f[0..) of a row (empty tallies are 0). */
static int parse_adj(study_kind k, char **f, study_row *r)
{
    static const int luck_col[STUDY_NKINDS] = {CAJ_LUCK, GAJ_LUCK, SAJ_LUCK};
    static const int cols[STUDY_NKINDS][4] = {{CAJ_WINS_ADJ, CAJ_WINS_ADJ_SQ, CAJ_ADV_ADJ_SUM, CAJ_ADV_ADJ_SQ},
                                              {-1, -1, GAJ_ON_ADJ_SUM, GAJ_ON_ADJ_SQ},
                                              {SAJ_SUM_ADJ, SAJ_SUM_ADJ_SQ, -1, -1}};
    if (!*f[luck_col[k]] || copy_text(r->luck, sizeof r->luck, f[luck_col[k]])) return -1;
    for (int i = 0; i < 2; i++) {
        const int *c = &cols[k][2 * i];
        if (c[0] >= 0 && *f[c[0]] && csv_parse_i64(f[c[0]], &r->adj[i])) return -1;
        if (c[1] >= 0 && *f[c[1]] && csv_parse_u64(f[c[1]], &r->adj_sq[i])) return -1;
    }
    int sc = k == STUDY_CAPTAIN ? CAJ_LUCK_SPLIT : k == STUDY_GHOST ? GAJ_LUCK_SPLIT : -1;
    return sc >= 0 && split_parse(f[sc], &r->split) ? -1 : 0;
}

int study_csv_read(const char *path, study_kind *kind, study_row **rows, int *n, char *err, size_t errlen)
{
    *rows = NULL;
    *n = 0;
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(err, errlen, "cannot read '%s': %s", path, strerror(errno));
        return -1;
    }
    char *line = NULL;
    size_t cap = 0;
    int rc = 0, lineno = 0, k = -1, have = 0, luck = 0;
    while (!rc && csv_read_line(f, &line, &cap)) {
        if (++lineno == 1) {
            k = kind_of(line, &luck);
            if (k < 0) {
                snprintf(err, errlen, "'%s' is not a study's CSV of this version (its header differs; rerun it)", path);
                rc = -1;
            }
            continue;
        }
        if (*n == have) {
            have = have ? 2 * have : 16;
            study_row *grown = realloc(*rows, (size_t)have * sizeof **rows);
            if (!grown) {
                snprintf(err, errlen, "out of memory");
                rc = -1;
                break;
            }
            *rows = grown;
        }
        if (parse_row((study_kind)k, luck, line, &(*rows)[*n])) {
            snprintf(err, errlen, "%s:%d: not a row of a %s study", path, lineno, study_kind_name[k]);
            rc = -1;
        } else {
            (*n)++;
        }
    }
    if (!rc && lineno == 0) {
        snprintf(err, errlen, "'%s' is empty (not a study's CSV)", path);
        rc = -1;
    }
    if (!rc && *n == 0) {
        snprintf(err, errlen, "'%s' holds no rows", path);
        rc = -1;
    }
    free(line);
    fclose(f);
    if (rc) {
        free(*rows);
        *rows = NULL;
        *n = 0;
    } else {
        *kind = (study_kind)k;
    }
    return rc;
}
