/*
 * report_page.c - the page of `jamaica report`: its HTML with inline SVG
 * plots, or the same blocks as Markdown (docs/VARIANTS.md, "The report"),
 * from what sim/cmd/report.c measured.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../analysis/stats.h"
#include "report.h"

/* A mean and its 95% interval (and, for a difference, the p of the
 * paired t test of 0). */
typedef struct est {
    double v, lo, hi, p;
} est;

static const char *const m_name[NM] = {"first Captain's edge", "Ghost Ship's win share", "rounds a game",
                                       "winner's margin", "shared wins", "first Captain's edge, luck-adjusted",
                                       "Ghost Ship's win share, luck-adjusted"};
static const char *const m_unit[NM] = {"percentage points", "%", "rounds", "points", "% of games", "percentage points",
                                       "%"};
static const double m_scale[NM] = {100, 100, 1, 1, 100, 100, 100};
/* What each measure can be (unscaled): an interval stays inside it
 * (docs/STATISTICS.md); rounds and margins are unbounded (NAN). */
static const double m_lo[NM] = {-1, 0, NAN, NAN, 0, -1, 0}, m_hi[NM] = {1, 1, NAN, NAN, 1, 1, 1};
/* Is measure m the ghost's, and is it shown in this report? */
static int ghost_measure(int m) { return m == M_GHOST || m == M_GHOST_ADJ; }

/* The moments of x, less base deal by deal when base is not NULL. */
static an_moments moments_of(const float *x, const float *base, uint64_t n)
{
    an_moments m = {0};
    for (uint64_t i = 0; i < n; i++) an_moments_add(&m, (double)x[i] - (base ? (double)base[i] : 0));
    return m;
}

/* The mean of x (less base, deal by deal, when base is not NULL) and its
 * 95% interval, kept inside [lo, hi] (a difference inside [lo - hi, hi -
 * lo]) when they are numbers, scaled. */
static est mean_of(const float *x, const float *base, uint64_t n, double scale, double lo, double hi)
{
    an_moments m = moments_of(x, base, n);
    an_interval ci;
    if (!isnan(lo) && !base) {
        ci = an_moments_bounded(&m, lo, hi);
    } else { /* a difference deal by deal: Student's t, kept inside what a difference can be */
        ci = an_mean_interval(&m, 0);
        if (!isnan(lo)) {
            ci.lo = ci.lo < lo - hi ? lo - hi : ci.lo;
            ci.hi = ci.hi > hi - lo ? hi - lo : ci.hi;
        }
    }
    est e = {scale * ci.mean, scale * ci.lo, scale * ci.hi, base ? ci.p : NAN};
    if (fabs(e.v) < 5e-9) e.v = 0; /* no "-0.00" */
    return e;
}

/* ---------------------------------------------------------------- the verdict's comparisons */

#define ALPHA 0.05                        /* the verdict's family-wise error rate */
#define FAMILY_MAX (NM * JM_MAX_PLAYERS) /* every measure at every player count */

/* Every comparison the verdict makes (each measure shown, at each player
 * count it applies to: the variant less the base game, deal by deal), and
 * what Holm's rule over all of them says (an_family_moved): moved when
 * the adjusted p is below ALPHA, so that the chance of any "moved" among
 * them when nothing moved is at most ALPHA (docs/STATISTICS.md). */
typedef struct family {
    int n, m[FAMILY_MAX], P[FAMILY_MAX];
    an_moments d[FAMILY_MAX];
    double adj[FAMILY_MAX];             /* Holm's adjusted p */
    unsigned char moved[FAMILY_MAX];
} family;

/* Is measure m shown at P players? */
static int measure_shown(const report *R, int m, int P)
{
    if (m >= M_EDGE_ADJ && !R->o->luck) return 0;
    return !ghost_measure(m) || jm_has_ghost_rules(&R->rules[0], P);
}

static void family_of(const report *R, family *F)
{
    const report_opts *o = R->o;
    F->n = 0;
    for (int m = 0; m < NM; m++)
        for (int P = o->players.lo; P <= o->players.hi; P++) {
            if (!measure_shown(R, m, P)) continue;
            F->m[F->n] = m;
            F->P[F->n] = P;
            F->d[F->n++] = moments_of(R->v[1][P].m[m], R->v[0][P].m[m], o->games);
        }
    if (an_family_moved(F->d, F->n, ALPHA, 1, F->adj, F->moved) < 0) /* out of memory: nothing said moved */
        for (int i = 0; i < F->n; i++) F->adj[i] = 1, F->moved[i] = 0;
}

/* Comparison (m, P)'s index in F, or -1. */
static int family_find(const family *F, int m, int P)
{
    for (int i = 0; i < F->n; i++)
        if (F->m[i] == m && F->P[i] == P) return i;
    return -1;
}

/* An adjusted p as the page prints it. */
static const char *p_text(double p, char *buf, size_t n)
{
    if (p < 0.001) snprintf(buf, n, "<0.001");
    else snprintf(buf, n, "%.3f", p);
    return buf;
}

/* ---------------------------------------------------------------- what changed */

/* One line a component of the variant that differs from the base game. */
static void changes(FILE *f, int v, int html)
{
    static const char *const kinds[] = {"royal", "sea", "port", "lair"};
    const char *li = html ? "<li>" : "- ", *end = html ? "</li>\n" : "\n";
    int n = 0;
    if (jm_board_spaces(v) != jm_board_spaces(0))
        fprintf(f, "%sthe track has %d spaces (the base game %d)%s", li, jm_board_spaces(v), jm_board_spaces(0), end), n++;
    for (int sp = 0; sp < jm_board_spaces(v); sp++) {
        int k = jm_board_kind(v, sp), c = jm_board_cost(v, sp), s = jm_board_score(v, sp);
        int a = jm_board_next(v, sp, 0), b = jm_board_next(v, sp, 1);
        if (sp < jm_board_spaces(0) && k == jm_board_kind(0, sp) && c == jm_board_cost(0, sp) &&
            s == jm_board_score(0, sp) && a == jm_board_next(0, sp, 0) && b == jm_board_next(0, sp, 1))
            continue;
        if (sp < jm_board_spaces(0) && k == jm_board_kind(0, sp) && a == jm_board_next(0, sp, 0) &&
            b == jm_board_next(0, sp, 1)) { /* a field of the file: by its key */
            if (c != jm_board_cost(0, sp))
                fprintf(f, "%s`cost.%d=%d` (base: %d)%s", li, sp, c, jm_board_cost(0, sp), end), n++;
            if (s != jm_board_score(0, sp))
                fprintf(f, "%s`score.%d=%d` (base: %d)%s", li, sp, s, jm_board_score(0, sp), end), n++;
            continue;
        }
        fprintf(f, "%sspace %d: %s, cost %d, score %d, next %d", li, sp, kinds[k], c, s, a);
        if (b >= 0) fprintf(f, " %d", b);
        if (sp < jm_board_spaces(0)) {
            fprintf(f, " (base: %s, cost %d, score %d, next %d", kinds[jm_board_kind(0, sp)], jm_board_cost(0, sp),
                    jm_board_score(0, sp), jm_board_next(0, sp, 0));
            if (jm_board_next(0, sp, 1) >= 0) fprintf(f, " %d", jm_board_next(0, sp, 1));
            fputc(')', f);
        }
        fputs(end, f), n++;
    }
    for (int c = 0; c < JM_CARDS; c++)
        for (int h = 0; h < 2; h++)
            if (jm_board_card(v, c, h) != jm_board_card(0, c, h))
                fprintf(f, "%s`card.%d.%s=%s` (base: %s)%s", li, c, h ? "evening" : "morning",
                        jm_act_name(jm_board_card(v, c, h)), jm_act_name(jm_board_card(0, c, h)), end), n++;
    for (int t = JM_T_P3A; t < JM_TREASURES; t++) { /* the scoring cards: treasure.K, K = t - 4 */
        int in = jm_board_in_game(v, t), val = jm_board_treasure(v, t);
        if (in != jm_board_in_game(0, t) || (in && val != jm_board_treasure(0, t))) {
            if (!in) fprintf(f, "%sscoring card %d (%s): not in the game%s", li, t - JM_T_P3A, jm_treasure_name(t), end);
            else fprintf(f, "%s`treasure.%d=%d` (base: %+d, the card %s)%s", li, t - JM_T_P3A, val,
                         jm_treasure_value(t), jm_treasure_name(t), end);
            n++;
        }
    }
    for (int t = 0; t < JM_T_P3A; t++)
        if (jm_board_in_game(v, t) != jm_board_in_game(0, t))
            fprintf(f, "%s%s: %s%s", li, jm_treasure_name(t), jm_board_in_game(v, t) ? "in the game" : "not in the game",
                    end), n++;
    for (int face = 0; face < 6; face++)
        if (jm_board_die(v, face) != jm_board_die(0, face)) {
            char a[8], b[8];
            snprintf(a, sizeof a, "%d", jm_board_die(v, face));
            snprintf(b, sizeof b, "%d", jm_board_die(0, face));
            fprintf(f, "%s`die.%d=%s` (base: %s)%s", li, face, jm_board_die(v, face) < 0 ? "star" : a,
                    jm_board_die(0, face) < 0 ? "star" : b, end), n++;
        }
    if (jm_board_behind(v) != jm_board_behind(0))
        fprintf(f, "%s`score.behind=%d` (base: %d)%s", li, jm_board_behind(v), jm_board_behind(0), end), n++;
    if (!n) fprintf(f, "%snothing on the board, the cards, the treasures or the die (the rule options may differ)%s", li, end);
}

/* ---------------------------------------------------------------- plots */

static const char *const side_name[SIDES] = {"base game", "variant"};
static const char *const side_color[SIDES] = {"#7f8c8d", "#c0392b"};

/* Grouped bars with their intervals: ncat categories, one bar a side. */
static void svg_bars(FILE *f, const char *title, int ncat, char labels[][24], est val[][SIDES], const char *unit)
{
    const int W = 640, H = 260, L = 60, R = 10, T = 30, B = 40;
    double lo = 0, hi = 0;
    for (int c = 0; c < ncat; c++)
        for (int s = 0; s < SIDES; s++) {
            if (val[c][s].lo < lo) lo = val[c][s].lo;
            if (val[c][s].hi > hi) hi = val[c][s].hi;
            if (val[c][s].v < lo) lo = val[c][s].v;
            if (val[c][s].v > hi) hi = val[c][s].v;
        }
    if (hi - lo < 1e-9) hi = lo + 1;
    /* ticks at a round step (1, 2 or 5 times a power of ten), 4 to 8 of them */
    double raw = (hi - lo) / 4, mag = pow(10, floor(log10(raw))), step = mag;
    step = raw > 5 * mag ? 10 * mag : raw > 2 * mag ? 5 * mag : raw > mag ? 2 * mag : mag;
    lo = floor(lo / step) * step;
    hi = ceil(hi / step) * step;
    int ticks = (int)lround((hi - lo) / step);
#define Y(x) (T + (H - T - B) * (hi - (x)) / (hi - lo))
    fprintf(f, "<svg class=\"plot\" viewBox=\"0 0 %d %d\" width=\"%d\" height=\"%d\" role=\"img\" aria-label=\"%s\">\n", W, H,
            W, H, title);
    fprintf(f, "<text x=\"%d\" y=\"18\" class=\"t\">%s (%s)</text>\n", L, title, unit);
    for (int k = 0; k <= ticks; k++) {
        double x = lo + step * k;
        fprintf(f, "<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" class=\"grid\"/>"
                   "<text x=\"%d\" y=\"%.1f\" class=\"ax\" text-anchor=\"end\">%g</text>\n",
                L, W - R, Y(x), Y(x), L - 4, Y(x) + 4, fabs(x) < step / 1e6 ? 0.0 : x);
    }
    fprintf(f, "<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" class=\"zero\"/>\n", L, W - R, Y(0), Y(0));
    double slot = (double)(W - L - R) / ncat, bw = slot * 0.3;
    for (int c = 0; c < ncat; c++) {
        double x0 = L + slot * c + slot * 0.2;
        for (int s = 0; s < SIDES; s++) {
            double x = x0 + s * bw, y = Y(val[c][s].v), z = Y(0);
            fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"><title>%s, %s: %.2f "
                       "[%.2f, %.2f]</title></rect>\n",
                    x, y < z ? y : z, bw * 0.9, fabs(z - y), side_color[s], labels[c], side_name[s], val[c][s].v,
                    val[c][s].lo, val[c][s].hi);
            double xm = x + bw * 0.45;
            fprintf(f, "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\" class=\"ci\"/>\n", xm, xm, Y(val[c][s].lo),
                    Y(val[c][s].hi));
        }
        fprintf(f, "<text x=\"%.1f\" y=\"%d\" class=\"ax\" text-anchor=\"middle\">%s</text>\n", x0 + bw, H - B + 16,
                labels[c]);
    }
    for (int s = 0; s < SIDES; s++)
        fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"10\" height=\"10\" fill=\"%s\"/><text x=\"%d\" y=\"%d\" "
                   "class=\"ax\">%s</text>\n",
                W - R - 190 + 95 * s, H - 14, side_color[s], W - R - 176 + 95 * s, H - 5, side_name[s]);
    fputs("</svg>\n", f);
#undef Y
}

/* The paired differences the verdict rests on: one bar a category from 0
 * to the variant less the base game, deal by deal, with its 95% interval,
 * filled where the verdict says moved (Holm's rule over every comparison)
 * and pale where it does not. */
static const char *const moved_color[2] = {"#d5d8dc", "#c0392b"};

static void svg_diff(FILE *f, const char *title, int ncat, char labels[][24], const est *d, const unsigned char *moved,
                     const char *unit)
{
    const int W = 640, H = 220, L = 60, R = 10, T = 30, B = 40;
    double lo = 0, hi = 0;
    for (int c = 0; c < ncat; c++) {
        if (d[c].lo < lo) lo = d[c].lo;
        if (d[c].hi > hi) hi = d[c].hi;
        if (d[c].v < lo) lo = d[c].v;
        if (d[c].v > hi) hi = d[c].v;
    }
    if (hi - lo < 1e-9) hi = lo + 1;
    double raw = (hi - lo) / 4, mag = pow(10, floor(log10(raw))), step = mag;
    step = raw > 5 * mag ? 10 * mag : raw > 2 * mag ? 5 * mag : raw > mag ? 2 * mag : mag;
    lo = floor(lo / step) * step;
    hi = ceil(hi / step) * step;
    int ticks = (int)lround((hi - lo) / step);
#define Y(x) (T + (H - T - B) * (hi - (x)) / (hi - lo))
    fprintf(f, "<svg class=\"plot diff\" viewBox=\"0 0 %d %d\" width=\"%d\" height=\"%d\" role=\"img\" "
               "aria-label=\"%s: variant - base, same deals\">\n", W, H, W, H, title);
    fprintf(f, "<text x=\"%d\" y=\"18\" class=\"t\">%s: variant - base, same deals (%s)</text>\n", L, title, unit);
    for (int k = 0; k <= ticks; k++) {
        double x = lo + step * k;
        fprintf(f, "<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" class=\"grid\"/>"
                   "<text x=\"%d\" y=\"%.1f\" class=\"ax\" text-anchor=\"end\">%g</text>\n",
                L, W - R, Y(x), Y(x), L - 4, Y(x) + 4, fabs(x) < step / 1e6 ? 0.0 : x);
    }
    double slot = (double)(W - L - R) / ncat, bw = slot * 0.4;
    for (int c = 0; c < ncat; c++) {
        double x = L + slot * c + (slot - bw) / 2, y = Y(d[c].v), z = Y(0), xm = x + bw / 2;
        fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"><title>%s: %+.2f "
                   "[%+.2f, %+.2f], %s</title></rect>\n",
                x, y < z ? y : z, bw, fabs(z - y) < 1 ? 1 : fabs(z - y), moved_color[moved[c] != 0], labels[c], d[c].v,
                d[c].lo, d[c].hi, moved[c] ? "moved" : "no change shown");
        fprintf(f, "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\" class=\"ci\"/>"
                   "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\" class=\"ci\"/>"
                   "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\" class=\"ci\"/>\n",
                xm, xm, Y(d[c].lo), Y(d[c].hi), xm - 6, xm + 6, Y(d[c].lo), Y(d[c].lo), xm - 6, xm + 6, Y(d[c].hi),
                Y(d[c].hi));
        fprintf(f, "<text x=\"%.1f\" y=\"%d\" class=\"ax\" text-anchor=\"middle\">%s</text>\n", xm, H - B + 16,
                labels[c]);
    }
    fprintf(f, "<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" class=\"zero\"/>\n", L, W - R, Y(0), Y(0));
    static const char *const key[2] = {"no change shown", "moved (Holm, 5% family-wise)"};
    for (int k = 0; k < 2; k++)
        fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"10\" height=\"10\" fill=\"%s\"/><text x=\"%d\" y=\"%d\" "
                   "class=\"ax\">%s</text>\n",
                W - R - 320 + 130 * k, H - 14, moved_color[k], W - R - 306 + 130 * k, H - 5, key[k]);
    fputs("</svg>\n", f);
#undef Y
}

/* ---------------------------------------------------------------- the page and the Markdown */

/* One measure by player count: the two rule sets' figures and their
 * paired difference, each a plot (HTML), and a table (both). */
static void measure_block(FILE *f, int html, report *R, const family *F, int m)
{
    report_opts *o = R->o;
    char labels[JM_MAX_PLAYERS][24], pbuf[16];
    est val[JM_MAX_PLAYERS][SIDES], diff[JM_MAX_PLAYERS];
    unsigned char moved[JM_MAX_PLAYERS];
    double adj[JM_MAX_PLAYERS];
    int nc = 0;
    for (int P = o->players.lo; P <= o->players.hi; P++) {
        int i = family_find(F, m, P);
        if (i < 0) continue;
        snprintf(labels[nc], sizeof labels[nc], "%d players", P);
        for (int s = 0; s < SIDES; s++)
            val[nc][s] = mean_of(R->v[s][P].m[m], NULL, o->games, m_scale[m], m_lo[m], m_hi[m]);
        diff[nc] = mean_of(R->v[1][P].m[m], R->v[0][P].m[m], o->games, m_scale[m], m_lo[m], m_hi[m]);
        moved[nc] = F->moved[i];
        adj[nc] = F->adj[i];
        nc++;
    }
    if (!nc) return;
    fprintf(f, html ? "<h2>%c%s</h2>\n" : "## %c%s\n\n", m_name[m][0] - 32 * (m_name[m][0] >= 'a'), m_name[m] + 1);
    if (html) {
        svg_bars(f, m_name[m], nc, labels, val, m_unit[m]);
        svg_diff(f, m_name[m], nc, labels, diff, moved, m_unit[m]);
    }
    fprintf(f, html ? "<table><tr><th>players</th><th>base game</th><th>variant</th><th>variant - base, same deals</th>"
                      "<th>p, Holm</th><th>verdict</th></tr>\n"
                    : "| players | base game | variant | variant - base, same deals | p, Holm | verdict |\n"
                      "|---|---:|---:|---:|---:|---|\n");
    for (int c = 0; c < nc; c++)
        fprintf(f, html ? "<tr><td>%s</td><td>%.2f [%.2f, %.2f]</td><td>%.2f [%.2f, %.2f]</td><td>%+.2f [%+.2f, %+.2f]</td>"
                          "<td>%s</td><td>%s</td></tr>\n"
                        : "| %s | %.2f [%.2f, %.2f] | %.2f [%.2f, %.2f] | %+.2f [%+.2f, %+.2f] | %s | %s |\n",
                labels[c], val[c][0].v, val[c][0].lo, val[c][0].hi, val[c][1].v, val[c][1].lo, val[c][1].hi, diff[c].v,
                diff[c].lo, diff[c].hi, p_text(adj[c], pbuf, sizeof pbuf), moved[c] ? "moved" : "no change shown");
    fputs(html ? "</table>\n" : "\n", f);
}

static void seat_block(FILE *f, int html, report *R)
{
    report_opts *o = R->o;
    int P = o->players.lo <= 4 && o->players.hi >= 4 ? 4 : o->players.hi;
    char labels[JM_MAX_PLAYERS][24];
    est val[JM_MAX_PLAYERS][SIDES], diff[JM_MAX_PLAYERS];
    for (int k = 0; k < P; k++) {
        snprintf(labels[k], sizeof labels[k], "seat %d", k);
        for (int s = 0; s < SIDES; s++) val[k][s] = mean_of(R->v[s][P].seatw[k], NULL, o->games, 100, 0, 1);
        diff[k] = mean_of(R->v[1][P].seatw[k], R->v[0][P].seatw[k], o->games, 100, 0, 1);
    }
    fprintf(f, html ? "<h2>Seat balance at %d players</h2>\n<p>Each seat's win share (an even share is %.2f%%); the "
                      "first Captain is drawn, so a seat's place is not its turn order.</p>\n"
                    : "## Seat balance at %d players\n\nEach seat's win share (an even share is %.2f%%).\n\n",
            P, 100.0 / P);
    if (html) svg_bars(f, "win share by seat", P, labels, val, "%");
    fputs(html ? "<table><tr><th>seat</th><th>base game</th><th>variant</th><th>variant - base, same deals</th></tr>\n"
               : "| seat | base game | variant | variant - base, same deals |\n|---|---:|---:|---:|\n", f);
    for (int k = 0; k < P; k++)
        fprintf(f, html ? "<tr><td>%s</td><td>%.2f%% [%.2f, %.2f]</td><td>%.2f%% [%.2f, %.2f]</td><td>%+.2f [%+.2f, %+.2f]</td></tr>\n"
                        : "| %s | %.2f%% [%.2f, %.2f] | %.2f%% [%.2f, %.2f] | %+.2f [%+.2f, %+.2f] |\n",
                labels[k], val[k][0].v, val[k][0].lo, val[k][0].hi, val[k][1].v, val[k][1].lo, val[k][1].hi, diff[k].v,
                diff[k].lo, diff[k].hi);
    fputs(html ? "</table>\n" : "\n", f);
}

static void worth_block(FILE *f, int html, report *R)
{
    if (!R->nworth) return;
    int P = R->wc[0].players;
    char labels[RESTRICT_COUNT][24];
    est val[RESTRICT_COUNT][SIDES];
    for (int i = 0; i < R->nworth; i++) {
        snprintf(labels[i], sizeof labels[i], "%s", restrict_name(R->worth[0][i].element));
        for (int s = 0; s < SIDES; s++) {
            const worth_row *w = &R->worth[s][i];
            double even = 100.0 / P;
            val[i][s] = (est){even - 100 * w->win, even - 100 * w->win_hi, even - 100 * w->win_lo, NAN};
        }
    }
    fprintf(f, html ? "<h2>What each element is worth</h2>\n<p>The win share a seat of %s loses when it may not use the "
                      "element, against %d unrestricted copies, %llu deals each (percentage points; <code>jamaica study "
                      "worth</code>).</p>\n"
                    : "## What each element is worth\n\nThe win share a seat of `%s` loses when it may not use the element, "
                      "against %d unrestricted copies, %llu deals each (percentage points; the difference's interval "
                      "from the two runs' intervals).\n\n",
            R->o->agent, P - 1, (unsigned long long)R->o->worth_games);
    if (html) svg_bars(f, "win share lost without the element", R->nworth, labels, val, "percentage points");
    fputs(html ? "<table><tr><th>element</th><th>base game</th><th>variant</th><th>variant - base</th></tr>\n"
               : "| element | base game | variant | variant - base |\n|---|---:|---:|---:|\n", f);
    for (int i = 0; i < R->nworth; i++) {
        /* two runs: the difference's half-width from both halves (normal approximation) */
        double d = val[i][1].v - val[i][0].v, h0 = (val[i][0].hi - val[i][0].lo) / 2, h1 = (val[i][1].hi - val[i][1].lo) / 2;
        double h = sqrt(h0 * h0 + h1 * h1);
        fprintf(f, html ? "<tr><td>%s</td><td>%+.2f [%+.2f, %+.2f]</td><td>%+.2f [%+.2f, %+.2f]</td><td>%+.2f [%+.2f, %+.2f]</td></tr>\n"
                        : "| %s | %+.2f [%+.2f, %+.2f] | %+.2f [%+.2f, %+.2f] | %+.2f [%+.2f, %+.2f] |\n",
                labels[i], val[i][0].v, val[i][0].lo, val[i][0].hi, val[i][1].v, val[i][1].lo, val[i][1].hi, d, d - h,
                d + h);
    }
    fputs(html ? "</table>\n" : "\n", f);
}

/* One row of the skill block: a figure under each rule set and their
 * difference (two runs: the difference's interval from both). */
static void skill_row(FILE *f, int html, const char *name, const skill_est *a, const skill_est *b, double scale,
                      const char *fmt)
{
    double d = scale * (b->v - a->v), h = 1.959964 * scale * sqrt(a->se * a->se + b->se * b->se);
    char cell[3][96];
    snprintf(cell[0], sizeof cell[0], fmt, scale * a->v, scale * a->lo, scale * a->hi);
    snprintf(cell[1], sizeof cell[1], fmt, scale * b->v, scale * b->lo, scale * b->hi);
    snprintf(cell[2], sizeof cell[2], "%+.1f [%+.1f, %+.1f]", d, d - h, d + h);
    fprintf(f, html ? "<tr><td>%s</td><td>%s</td><td>%s</td><td>%s</td></tr>\n" : "| %s | %s | %s | %s |\n", name,
            cell[0], cell[1], cell[2]);
}

static void skill_block(FILE *f, int html, report *R)
{
    const report_opts *o = R->o;
    if (!o->skill_games) return;
    const skill_result *a = &R->skill[0], *b = &R->skill[1];
    fprintf(f, html ? "<h2>Skill and chance at 2 players</h2>\n<p>Each rung of the ladder against the one below, "
                      "seats rotated, %llu deals a pairing under each rule set: its share of the two players' wins as "
                      "Elo (the rungs as <code>study --ladder</code>'s, up to the report's agent). The skill depth is "
                      "their sum, the top rung's Elo over <code>%s</code>. Then "
                      "<code>%s</code> handed the opponent's hidden cards (<code>see=hands</code>), and the future "
                      "chance too (<code>see=all</code>), against itself unseeing: what seeing wins, a fair share "
                      "being 50%% (reference agents for measurement, docs/AGENTS.md). A difference's interval is "
                      "from the two runs' (<code>jamaica report --skill</code>).</p>\n"
                    : "## Skill and chance at 2 players\n\nEach rung of the ladder against the one below, seats "
                      "rotated, %llu deals a pairing under each rule set: its share of the two players' wins as Elo. "
                      "The rungs are `study --ladder`'s, up to the report's agent. The skill depth is their sum, the top rung's "
                      "Elo over `%s`. Then `%s` handed the "
                      "opponent's hidden cards (`see=hands`), and the future chance too (`see=all`), against itself "
                      "unseeing: what seeing wins, a fair share being 50%% (reference agents for measurement, "
                      "docs/AGENTS.md). A difference's interval is from the two runs'.\n\n",
            (unsigned long long)o->skill_games, a->rung[0], SKILL_SEE_REF);
    fputs(html ? "<table><tr><th>figure</th><th>base game</th><th>variant</th><th>variant - base</th></tr>\n"
               : "| figure | base game | variant | variant - base |\n|---|---:|---:|---:|\n", f);
    for (int k = 0; k < a->nsteps; k++) {
        char name[600];
        snprintf(name, sizeof name, html ? "<code>%s</code> over <code>%s</code> (Elo)" : "`%s` over `%s` (Elo)",
                 a->rung[k + 1], a->rung[k]);
        skill_row(f, html, name, &a->step[k], &b->step[k], 1, "%+.0f [%+.0f, %+.0f]");
    }
    char depth[400];
    snprintf(depth, sizeof depth, html ? "<b>skill depth</b>, the top rung over <code>%s</code> (Elo)"
                                       : "**skill depth**, the top rung over `%s` (Elo)", a->rung[0]);
    skill_row(f, html, depth, &a->depth, &b->depth, 1, "%+.0f [%+.0f, %+.0f]");
    skill_row(f, html, "seeing the hidden cards (% of the players' wins)", &a->see[0], &b->see[0], 100,
              "%.1f%% [%.1f, %.1f]");
    skill_row(f, html, "seeing the future chance too (% of the players' wins)", &a->see[1], &b->see[1], 100,
              "%.1f%% [%.1f, %.1f]");
    fputs(html ? "</table>\n" : "\n", f);
}

/* First: how many comparisons, and the rule; then per measure, where it
 * moved (Holm's rule over them all), where the difference left its own
 * 95% interval but not by more than chance gives among that many, and
 * where no change is shown. */
static void verdict_block(FILE *f, int html, report *R, const family *F)
{
    char pbuf[16];
    int nraw = 0, nmoved = 0;
    for (int i = 0; i < F->n; i++) {
        nraw += F->d[i].n >= 2 && an_mean_interval(&F->d[i], 0).p < ALPHA;
        nmoved += F->moved[i];
    }
    fputs(html ? "<h2>Verdict</h2>\n<p>" : "## Verdict\n\n", f);
    fprintf(f, "%d comparisons: each measure below at each player count it applies to, the variant less the base game "
               "deal by deal. One comparison at 95%% says a measure moved 1 time in 20 when nothing did, so %d of them "
               "would give about %.2f such \"moved\" by chance alone. Here \"moved\" is decided by Holm's step-down "
               "rule over all %d: the chance of even one \"moved\" among them when nothing moved is at most 5%% "
               "(docs/STATISTICS.md). Each p is the paired t test's, Holm-adjusted; each interval is the comparison's "
               "own 95%%. %d of the %d left %s own 95%% interval; %d of those moved by Holm's rule.",
            F->n, F->n, F->n * ALPHA, F->n, nraw, F->n, nraw == 1 ? "its" : "their", nmoved);
    fputs(html ? "</p>\n<ul>\n" : "\n\n", f);
    for (int m = 0; m < NM; m++) {
        char moved[600] = "", chance[600] = "", open[300] = "";
        size_t nm = 0, nc = 0, no = 0;
        for (int i = 0; i < F->n; i++) {
            if (F->m[i] != m) continue;
            int P = F->P[i];
            est d = mean_of(R->v[1][P].m[m], R->v[0][P].m[m], R->o->games, m_scale[m], m_lo[m], m_hi[m]);
            if (F->moved[i])
                nm += (size_t)snprintf(moved + nm, sizeof moved - nm, "%s%s at %d players by %+.2f [%+.2f, %+.2f] (p %s)",
                                       nm ? "; " : "", d.v > 0 ? "up" : "down", P, d.v, d.lo, d.hi,
                                       p_text(F->adj[i], pbuf, sizeof pbuf));
            else if (d.p < ALPHA)
                nc += (size_t)snprintf(chance + nc, sizeof chance - nc, "%s%s at %d players by %+.2f [%+.2f, %+.2f] (p %s)",
                                       nc ? "; " : "", d.v > 0 ? "up" : "down", P, d.v, d.lo, d.hi,
                                       p_text(F->adj[i], pbuf, sizeof pbuf));
            else
                no += (size_t)snprintf(open + no, sizeof open - no, "%s%d", no ? ", " : "", P);
            if (nm >= sizeof moved || nc >= sizeof chance || no >= sizeof open) break;
        }
        if (!nm && !nc && !no) continue;
        fprintf(f, "%s%c%s (%s): ", html ? "<li>" : "- ", m_name[m][0] - 32 * (m_name[m][0] >= 'a'), m_name[m] + 1,
                m_unit[m]);
        if (nm) fprintf(f, "moved: %s", moved);
        if (nm && nc) fputs("; ", f);
        if (nc)
            fprintf(f, "outside its own 95%% interval but no more than chance gives among %d comparisons: %s", F->n,
                    chance);
        if ((nm || nc) && no) fputs("; ", f);
        if (no) fprintf(f, "no change shown at %s player%s (the difference's interval holds 0: play more deals to tell)",
                        open, strchr(open, ',') ? "s" : (strcmp(open, "1") ? "s" : ""));
        fputs(html ? "</li>\n" : "\n", f);
    }
    fputs(html ? "</ul>\n" : "\n", f);
}

static void html_text(FILE *f, const char *t)
{
    for (; *t; t++) {
        if (*t == '<') fputs("&lt;", f);
        else if (*t == '>') fputs("&gt;", f);
        else if (*t == '&') fputs("&amp;", f);
        else fputc(*t, f);
    }
}

/* The round of a JSON event line ("?" where there is none). */
static const char *round_of(const char *json)
{
    static char r[16];
    if (sscanf(json, "{\"round\":%15[0-9]", r) != 1) snprintf(r, sizeof r, "?");
    return r;
}

static void parts_block(FILE *f, int html, report *R)
{
    fprintf(f, html ? "<h2>Where the games part</h2>\n<p>The first %d deals at %d players, replayed under both: the "
                      "first event that differs (<code>jamaica diff</code>).</p>\n"
                    : "## Where the games part\n\nThe first %d deals at %d players, replayed under both: the first event "
                      "that differs.\n\n",
            R->nparts, R->parts_players);
    for (int i = 0; i < R->nparts; i++) {
        const diff_parting *p = &R->part[i];
        if (p->same) {
            fprintf(f, html ? "<p class=\"part\">Deal %d: the same game (%zu events).</p>\n" : "- Deal %d: the same game (%zu events).\n", i, p->na);
            continue;
        }
        if (!p->b[0]) {
            fprintf(f, html ? "<p class=\"part\">Deal %d: " : "- Deal %d: ", i);
            html ? html_text(f, p->a) : (void)fputs(p->a, f);
            fputs(html ? "</p>\n" : "\n", f);
            continue;
        }
        if (html) { /* in the text trace's words (the JSON event as the tooltip) */
            fprintf(f, "<div class=\"part\">Deal %d, round %s: event %zu of %zu / %zu<ul><li title=\"", i, round_of(p->a),
                    p->at + 1, p->na, p->nb);
            html_text(f, p->a);
            fputs("\">base: ", f);
            html_text(f, p->wa);
            fputs("</li><li title=\"", f);
            html_text(f, p->b);
            fputs("\">variant: ", f);
            html_text(f, p->wb);
            fputs("</li></ul></div>\n", f);
        } else {
            fprintf(f, "- Deal %d, round %s: event %zu of %zu / %zu\n  - base: %s\n  - variant: %s\n", i, round_of(p->a),
                    p->at + 1, p->na, p->nb, p->wa, p->wb);
        }
    }
    if (!html) fputc('\n', f);
}

void report_write(FILE *f, int html, report *R)
{
    report_opts *o = R->o;
    int v = R->rules[1].variant;
    if (html)
        fprintf(f, "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>Jamaica: %s against the "
                   "base game</title>\n<style>\nbody{font:15px/1.45 system-ui,sans-serif;max-width:980px;margin:1em auto;"
                   "padding:0 1em;color:#222}\nh1{font-size:1.5em}h2{font-size:1.2em;margin-top:1.6em;border-bottom:1px "
                   "solid #ddd}\ntable{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ccc;padding:3px 8px;"
                   "text-align:right}td:first-child,th:first-child{text-align:left}\n.plot{max-width:100%%;height:auto;"
                   "display:block}.t{font-weight:600;font-size:13px}.ax{font-size:11px;fill:#444}.grid{stroke:#eee}"
                   ".zero{stroke:#999}.ci{stroke:#111;stroke-width:1.5}\npre{background:#f6f6f6;padding:6px;overflow-x:"
                   "auto;font-size:12px}code{background:#f3f3f3;overflow-wrap:anywhere}\n</style></head><body>\n",
                jm_variant_name(v));
    fprintf(f, html ? "<h1>%s against the base game</h1>\n" : "# %s against the base game\n\n", jm_variant_name(v));
    fprintf(f, html ? "<p>Every seat <code>%s</code>; %llu deals of seed %s at each player count from %d to %d, the same "
                      "deals under both; rules <code>%s</code> and <code>%s</code>. Intervals are 95%%; a difference is "
                      "taken deal by deal.</p>\n"
                    : "Every seat `%s`; %llu deals of seed %s at each player count from %d to %d, the same deals under "
                      "both; rules `%s` and `%s`. Intervals are 95%%; a difference is taken deal by deal.\n\n",
            o->agent, (unsigned long long)o->games, R->seed_text, o->players.lo, o->players.hi, R->rules_text[0], R->rules_text[1]);
    static family F;
    family_of(R, &F);
    verdict_block(f, html, R, &F);
    fputs(html ? "<h2>What the variant changes</h2>\n<ul>\n" : "## What the variant changes\n\n", f);
    if (html) { /* the keys in <code>, where the Markdown has backticks */
        char *buf = NULL;
        size_t len = 0;
        FILE *m = open_memstream(&buf, &len);
        if (m) {
            changes(m, v, html);
            fclose(m);
            int open = 0;
            for (size_t i = 0; i < len; i++)
                if (buf[i] == '`') fputs((open = !open) ? "<code>" : "</code>", f);
                else fputc(buf[i], f);
            free(buf);
        }
    } else {
        changes(f, v, html);
    }
    fputs(html ? "</ul>\n" : "\n", f);
    for (int m = 0; m < NM; m++) measure_block(f, html, R, &F, m);
    seat_block(f, html, R);
    worth_block(f, html, R);
    skill_block(f, html, R);
    parts_block(f, html, R);
    if (html) /* #layout: the page measures itself (tests/scenarios/browser_report.py) */
        fputs("<p id=\"layout\"></p>\n<script>\nif (location.hash === '#layout') {\n"
              "  const bad = [], W = document.documentElement.clientWidth;\n"
              "  if (document.documentElement.scrollWidth > W + 1) bad.push('the page is wider than the window');\n"
              "  const plots = document.querySelectorAll('svg.plot');\n"
              "  plots.forEach((p, i) => { const r = p.getBoundingClientRect();\n"
              "    if (r.width < 300 || r.height < 100 || r.right > W + 1) bad.push('plot ' + i + ' is ' + Math.round(r.width) + 'x' + Math.round(r.height));\n"
              "    if (p.querySelectorAll('rect').length < 3) bad.push('plot ' + i + ' has no bars'); });\n"
              "  document.querySelectorAll('table').forEach((t, i) => { if (t.getBoundingClientRect().right > W + 1) bad.push('table ' + i + ' overflows'); });\n"
              "  document.getElementById('layout').textContent = bad.length ? 'layout bad: ' + bad.join('; ')\n"
              "    : 'layout ok plots ' + plots.length + ' tables ' + document.querySelectorAll('table').length;\n"
              "}\n</script>\n</body></html>\n", f);
}
