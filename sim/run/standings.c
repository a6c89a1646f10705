/* standings.c - a tournament's tallies and ratings (see standings.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../io/summary.h"
#include "standings.h"

/* A finishing order's hash slot (TOUR_HASH slots; at most P! times the
 * tie patterns, 23,040 for six seats, are ever distinct). */
#define TOUR_HASH 65536u

standings *standings_new(int K, int P, int S, int sprt_on, double e0, double e1, double alpha, double beta)
{
    standings *t = calloc(1, sizeof *t);
    if (t) t->index = calloc(TOUR_HASH, sizeof *t->index);
    if (!t || !t->index) {
        free(t);
        return NULL;
    }
    t->K = K;
    t->P = P;
    t->S = S;
    t->ships = P;
    t->sprt_on = sprt_on;
    if (sprt_on) an_sprt_init(&t->sprt, e0, e1, alpha, beta);
    return t;
}

void standings_free(standings *t)
{
    if (!t) return;
    free(t->dist);
    free(t->hist);
    free(t->index);
    free(t->game_rank);
    free(t->deal_win_adj);
    free(t->unit_total_adj);
    free(t->seat_agent);
    free(t);
}


static int same_ranking(const an_ranking *a, const an_ranking *b)
{
    return a->m == b->m && !memcmp(a->item, b->item, a->m) && !memcmp(a->tie_next, b->tie_next, a->m);
}

/* Room for n + 1 elements of `each` bytes in *p (capacity *cap, doubling
 * from `first`); 0, or -1 when out of memory. */
static int grow(void **p, size_t *cap, size_t n, size_t each, size_t first)
{
    if (n < *cap) return 0;
    size_t c = *cap ? 2 * *cap : first;
    void *q = realloc(*p, c * each);
    if (!q) return -1;
    *p = q;
    *cap = c;
    return 0;
}

static uint32_t ranking_hash(const an_ranking *r)
{
    uint64_t h = r->m;
    for (int i = 0; i < r->m; i++) h = h * 31 + (uint64_t)(r->item[i] * 2 + r->tie_next[i]);
    return (uint32_t)(jm_mix64(h) & (TOUR_HASH - 1));
}

/* A deal's last seating is in: its clusters close, and the SPRT takes
 * its score. */
static void end_deal(standings *t)
{
    t->deals_done++;
    for (int a = 0; a < t->K; a++) {
        an_cluster_close(&t->win[a]);
        an_cluster_close(&t->win_adj[a]);
        an_cluster_close(&t->rank[a]);
        for (int b = 0; b < t->K; b++) {
            an_cluster_close(&t->ahead[a][b]);
            an_cluster_close(&t->diff[a][b]);
            an_cluster_close(&t->diff_adj[a][b]);
        }
    }
    if (t->ships > t->P) an_cluster_close(&t->ghost_win);
    if (t->ships > t->P) an_cluster_close(&t->ghost_win_adj);
    if (!t->sprt_on || !t->deal_n) return;
    if (t->luck) {
        an_moments_add(&t->deal_scores_adj, t->deal_adj / t->deal_n);
        t->deal_adj = 0;
        t->llr_adj = an_sprt_llr_normal(&t->sprt, &t->deal_scores_adj);
    }
    if (!t->hist) {
        t->grid = t->deal_n;
        t->hist = calloc((size_t)(2 * t->grid + 1), sizeof *t->hist);
        if (!t->hist) {
            t->oom = 1;
            return;
        }
    }
    /* Every deal seats the two the same number of times; should one not,
     * its score goes to the nearest grid value. */
    int j = t->deal_n == t->grid ? t->deal_halves : (int)lround((double)t->deal_halves * t->grid / t->deal_n);
    t->hist[j] += 1;
    an_moments_add(&t->deal_scores, t->deal_halves / (2.0 * t->deal_n));
    t->deal_halves = t->deal_n = 0;
    t->llr = an_sprt_llr(&t->sprt, t->hist, 2 * t->grid + 1);
    if (!t->luck) t->decision = an_sprt_decide(&t->sprt, t->llr);
    else if (t->deal_scores_adj.n >= STANDINGS_SPRT_ADJ_MIN) t->decision = an_sprt_decide(&t->sprt, t->llr_adj);
}

/* A luck-adjusted game in for the adjusted ratings: its seating's agents,
 * its players' adjusted win share together, each agent's in its deal's
 * row; 0, or -1 when out of memory. */
static int luck_tally(standings *t, const sim_game *r)
{
    size_t u = t->nunits - 1, deal = u / (size_t)t->S, K = (size_t)t->K;
    if (!t->seat_agent && !(t->seat_agent = calloc((size_t)t->S, sizeof *t->seat_agent))) return -1;
    if (grow((void **)&t->unit_total_adj, &t->capunittot, u, sizeof *t->unit_total_adj, 4096)) return -1;
    if (u % (size_t)t->S == 0) {
        if (grow((void **)&t->deal_win_adj, &t->capdealwin, deal * K + K - 1, sizeof *t->deal_win_adj, 4096 * K))
            return -1;
        memset(t->deal_win_adj + deal * K, 0, K * sizeof *t->deal_win_adj);
    }
    double total = 0;
    for (int i = 0; i < t->P; i++) {
        const sim_seat *s = &r->seat[i];
        double w = (s->winner ? 1.0 / r->nwin : 0) + (double)s->luck / SUMMARY_ADJ_UNIT;
        t->seat_agent[r->seating][i] = s->agent;
        t->deal_win_adj[deal * K + (size_t)s->agent] += w;
        total += w;
    }
    t->unit_total_adj[u] = total;
    return 0;
}

int standings_on_game(void *ctx, const sim_game *r)
{
    standings *t = ctx;
    int P = t->P;
    /* The finishing order of the players (the ghost left out), best first. */
    int order[JM_MAX_PLAYERS];
    for (int i = 0; i < P; i++) order[i] = i;
    for (int i = 1; i < P; i++)
        for (int j = i; j > 0 && r->seat[order[j]].rank < r->seat[order[j - 1]].rank; j--) {
            int x = order[j];
            order[j] = order[j - 1];
            order[j - 1] = x;
        }
    an_ranking rk = {.m = (uint8_t)P, .weight = 1};
    for (int i = 0; i < P; i++) {
        rk.item[i] = (uint8_t)r->seat[order[i]].agent;
        rk.tie_next[i] = (uint8_t)(i + 1 < P && r->seat[order[i]].rank == r->seat[order[i + 1]].rank);
    }
    /* Canonical order inside a tie group, so equal outcomes share a row. */
    for (int i = 0; i < P;) {
        int j = i;
        while (rk.tie_next[j]) j++;
        for (int a = i + 1; a <= j; a++)
            for (int b = a; b > i && rk.item[b] < rk.item[b - 1]; b--) {
                uint8_t x = rk.item[b];
                rk.item[b] = rk.item[b - 1];
                rk.item[b - 1] = x;
            }
        i = j + 1;
    }
    uint32_t h = ranking_hash(&rk);
    while (t->index[h] && !same_ranking(&t->dist[t->index[h] - 1], &rk)) h = (h + 1) & (TOUR_HASH - 1);
    if (!t->index[h]) {
        if (t->ndist >= UINT16_MAX || grow((void **)&t->dist, &t->capdist, t->ndist, sizeof *t->dist, 64))
            return t->oom = 1;
        t->dist[t->ndist++] = rk;
        t->index[h] = (uint32_t)t->ndist;
    }
    size_t d = t->index[h] - 1;
    if (grow((void **)&t->game_rank, &t->capunits, t->nunits, sizeof *t->game_rank, 4096)) return t->oom = 1;
    t->game_rank[t->nunits++] = (uint16_t)d;
    if (t->luck && luck_tally(t, r)) return t->oom = 1;

    for (int i = 0; i < P; i++) {
        const sim_seat *s = &r->seat[i];
        int a = s->agent;
        an_cluster_add(&t->win[a], s->winner ? 1.0 / r->nwin : 0);
        if (t->luck) an_cluster_add(&t->win_adj[a], (s->winner ? 1.0 / r->nwin : 0) + (double)s->luck / SUMMARY_ADJ_UNIT);
        an_cluster_add(&t->rank[a], s->rank);
        for (int j = 0; j < P; j++) {
            int b = r->seat[j].agent;
            if (j == i || b == a) continue;
            int halves = s->rank < r->seat[j].rank ? 2 : s->rank == r->seat[j].rank ? 1 : 0;
            an_cluster_add(&t->ahead[a][b], halves / 2.0);
            double wa = s->winner ? 1.0 / r->nwin : 0, wb = r->seat[j].winner ? 1.0 / r->nwin : 0;
            double dadj = wa - wb + (double)(s->luck - r->seat[j].luck) / SUMMARY_ADJ_UNIT;
            if (t->luck) {
                an_cluster_add(&t->diff[a][b], wa - wb);
                an_cluster_add(&t->diff_adj[a][b], dadj);
            }
            if (t->sprt_on && a == 0 && b == 1) {
                t->deal_halves += halves;
                t->deal_adj += (1 + dadj) / 2;
                t->deal_n++;
            }
        }
    }
    if (t->ships > P) an_cluster_add(&t->ghost_win, r->seat[P].winner && r->nwin ? 1.0 / r->nwin : 0);
    if (t->ships > P && t->luck)
        an_cluster_add(&t->ghost_win_adj, (r->seat[P].winner && r->nwin ? 1.0 / r->nwin : 0) +
                                              (double)r->seat[P].luck / SUMMARY_ADJ_UNIT);
    if (r->seating + 1 == t->S) {
        end_deal(t);
        if (t->decision) return 1;
    }
    return t->oom;
}

/* ---------------------------------------------------------------- ratings */

/* Elo-scale ratings (geometric mean 0) of one weighting of the rankings,
 * with one virtual tied game between every two agents (the prior of
 * BayesElo, which uses two): it keeps an agent that won or lost every
 * meeting at a finite rating, and weighs nothing beside real games. */
#define PRIOR_TIES 1.0

static int fit_ratings(const standings *t, double *weights, unsigned fixed, const double *fixed_elo, double *elo,
                       double *var)
{
    size_t npairs = (size_t)t->K * (size_t)(t->K - 1) / 2;
    an_ranking *r = malloc((t->ndist + npairs) * sizeof *r);
    if (!r) return -1;
    size_t n = 0;
    for (size_t d = 0; d < t->ndist; d++)
        if (weights[d] > 0) {
            r[n] = t->dist[d];
            r[n++].weight = weights[d];
        }
    for (int a = 0; a < t->K; a++)
        for (int b = a + 1; b < t->K; b++)
            r[n++] = (an_ranking){.m = 2, .item = {(uint8_t)a, (uint8_t)b}, .tie_next = {1, 0}, .weight = PRIOR_TIES};
    double g[SIM_MAX_AGENTS];
    int it;
    if (fixed) { /* the anchors at their ratings: gamma = 10^(elo / 400) */
        for (int a = 0; a < t->K; a++) g[a] = fixed >> a & 1u ? pow(10.0, fixed_elo[a] / 400.0) : 1.0;
        it = an_pl_fit_fixed(r, n, t->K, fixed, g, 100000);
        if (it >= 0 && var && an_pl_var_fixed(r, n, t->K, fixed, g, var))
            for (int a = 0; a < t->K; a++) var[a] = NAN;
    } else {
        it = an_pl_fit(r, n, t->K, g, 100000);
        if (it >= 0 && var && an_pl_var(r, n, t->K, g, var))
            for (int a = 0; a < t->K; a++) var[a] = NAN;
    }
    free(r);
    if (it < 0) return -1;
    for (int a = 0; a < t->K; a++) elo[a] = an_pl_elo(g[a], 1);
    return 0;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Each agent's 95% interval from the estimate elo[] and `ok` bootstrap
 * resamples (samples, SIM_MAX_AGENTS a resample), over C deals: the
 * percentile interval's arms about the estimate, widened for a small
 * number of deals (a resample's variance is (C - 1) / C of the unbiased
 * one, and the spread of C deals calls for t_{C-1}, not z).  var[] (or
 * NULL): the model's own variance of each log strength, for the case where
 * every resample is the same. */
static void percentile_arms(double C, int K, const double *samples, int ok, const double *elo, const double *var,
                            double *lo, double *hi)
{
    double widen = C >= 2 ? an_t_quantile(0.975, C - 1) / AN_Z95 * sqrt(C / (C - 1)) : 1;
    for (int a = 0; a < K; a++) {
        double v[4096];
        int n = 0;
        for (int b = 0; b < ok && n < 4096; b++) v[n++] = samples[(size_t)b * SIM_MAX_AGENTS + (size_t)a];
        qsort(v, (size_t)n, sizeof *v, cmp_double);
        lo[a] = n ? elo[a] - widen * (elo[a] - v[(int)floor(0.025 * (n - 1))]) : NAN;
        hi[a] = n ? elo[a] + widen * (v[(int)ceil(0.975 * (n - 1))] - elo[a]) : NAN;
        /* Every resample the same (every deal had the same outcome, as when
         * one agent won every meeting): the bootstrap sees no spread where
         * the data cannot rule one out.  Then the model's own precision, the
         * observed information of the fit with its prior ties (as if the
         * seat-games were independent), with t_{C-1} for C deals. */
        if (n && var && v[n - 1] - v[0] < 1e-9 && isfinite(var[a])) {
            double q = C >= 2 ? an_t_quantile(0.975, C - 1) : AN_Z95;
            double half = q * sqrt(var[a]) * 400 / log(10);
            lo[a] = elo[a] - half;
            hi[a] = elo[a] + half;
        }
    }
}

int standings_ratings(const standings *t, uint64_t seed, int boot, double *elo, double *lo, double *hi)
{
    return standings_ratings_anchored(t, seed, boot, 0, NULL, elo, lo, hi);
}

int standings_ratings_anchored(const standings *t, uint64_t seed, int boot, unsigned fixed, const double *fixed_elo,
                               double *elo, double *lo, double *hi)
{
    uint64_t deals = t->nunits / (uint64_t)t->S;
    double *w = calloc(t->ndist, sizeof *w), *samples = malloc((size_t)boot * SIM_MAX_AGENTS * sizeof *samples);
    int rc = -1;
    if (!w || !samples) goto out;
    for (size_t u = 0; u < deals * (uint64_t)t->S; u++) w[t->game_rank[u]] += 1;
    double var[SIM_MAX_AGENTS];
    if (fit_ratings(t, w, fixed, fixed_elo, elo, var)) goto out;
    jm_pcg32 rng;
    jm_pcg32_seed(&rng, jm_mix64(seed ^ 0x626f6f7473747261ULL), 0x7261);
    int ok = 0;
    for (int b = 0; b < boot; b++) {
        memset(w, 0, t->ndist * sizeof *w);
        for (uint64_t k = 0; k < deals; k++) {
            uint64_t d = deals <= UINT32_MAX ? jm_pcg32_bounded(&rng, (uint32_t)deals) : k;
            for (int s = 0; s < t->S; s++) w[t->game_rank[d * (uint64_t)t->S + (uint64_t)s]] += 1;
        }
        if (fit_ratings(t, w, fixed, fixed_elo, samples + (size_t)ok * SIM_MAX_AGENTS, NULL) == 0) ok++;
    }
    percentile_arms((double)deals, t->K, samples, ok, elo, var, lo, hi);
    rc = 0;
out:
    free(w);
    free(samples);
    return rc;
}


/* ------------------------------------------------- luck-adjusted ratings */

/* Luce's first-place model fitted to adjusted win shares by Hunter's MM
 * step on its moment equations: gamma_a <- W_a / sum over seatings s of
 * T_s m_a(s) / (the seated strengths' sum), with the prior's tied virtual
 * game between every two agents (half a win each).  T[s]: the players'
 * adjusted win share summed over the games of seating s; W[a]: agent a's.
 * The fixed agents held at fixed_elo (else a geometric mean of 0). */
static void fit_adj(const standings *t, const double *T, const double *W, unsigned fixed, const double *fixed_elo,
                    double *elo)
{
    int K = t->K;
    double g[SIM_MAX_AGENTS], ng[SIM_MAX_AGENTS];
    for (int a = 0; a < K; a++) g[a] = fixed >> a & 1u ? pow(10.0, fixed_elo[a] / 400.0) : 1.0;
    for (int it = 0; it < 100000; it++) {
        double den[SIM_MAX_AGENTS] = {0}, moved = 0;
        for (int s = 0; s < t->S; s++) {
            double sum = 0;
            for (int i = 0; i < t->P; i++) sum += g[t->seat_agent[s][i]];
            for (int i = 0; i < t->P; i++) den[t->seat_agent[s][i]] += T[s] / sum;
        }
        for (int a = 0; a < K; a++) {
            if (fixed >> a & 1u) {
                ng[a] = g[a];
                continue;
            }
            double w = W[a] + PRIOR_TIES * (K - 1) / 2.0, d = den[a];
            for (int b = 0; b < K; b++)
                if (b != a) d += PRIOR_TIES / (g[a] + g[b]);
            ng[a] = (w > 1e-12 ? w : 1e-12) / d;
        }
        if (!fixed) { /* a geometric mean of 1 */
            double lg = 0;
            for (int a = 0; a < K; a++) lg += log(ng[a]);
            for (int a = 0; a < K; a++) ng[a] /= exp(lg / K);
        }
        for (int a = 0; a < K; a++) {
            double m = fabs(ng[a] - g[a]) / g[a];
            if (m > moved) moved = m;
            g[a] = ng[a];
        }
        if (moved < 1e-10) break;
    }
    for (int a = 0; a < K; a++) elo[a] = an_pl_elo(g[a], 1);
}

/* The sufficient sums of the deals drawn (pick[k], or every deal in order
 * when pick is NULL) for fit_adj. */
static void adj_sums(const standings *t, uint64_t deals, const uint64_t *pick, double *T, double *W)
{
    memset(T, 0, (size_t)t->S * sizeof *T);
    memset(W, 0, SIM_MAX_AGENTS * sizeof *W);
    for (uint64_t k = 0; k < deals; k++) {
        uint64_t d = pick ? pick[k] : k;
        for (int s = 0; s < t->S; s++) T[s] += t->unit_total_adj[d * (uint64_t)t->S + (uint64_t)s];
        for (int a = 0; a < t->K; a++) W[a] += t->deal_win_adj[d * (uint64_t)t->K + (uint64_t)a];
    }
}

int standings_ratings_adj(const standings *t, uint64_t seed, int boot, unsigned fixed, const double *fixed_elo,
                          double *elo, double *lo, double *hi)
{
    uint64_t deals = t->nunits / (uint64_t)t->S;
    if (!t->luck || !t->seat_agent || !deals) return -1;
    double *T = malloc((size_t)t->S * sizeof *T), W[SIM_MAX_AGENTS];
    double *samples = malloc(((size_t)boot + 1) * SIM_MAX_AGENTS * sizeof *samples);
    uint64_t *pick = malloc(deals * sizeof *pick);
    int rc = -1;
    if (!T || !samples || !pick) goto out;
    adj_sums(t, deals, NULL, T, W);
    fit_adj(t, T, W, fixed, fixed_elo, elo);
    /* Its own stream of the run's seed: the plain bootstrap's draws stay
     * what they were. */
    jm_pcg32 rng;
    jm_pcg32_seed(&rng, jm_mix64(seed ^ 0x6c75636b626f6f74ULL), 0x6c75);
    for (int b = 0; b < boot; b++) {
        for (uint64_t k = 0; k < deals; k++) pick[k] = deals <= UINT32_MAX ? jm_pcg32_bounded(&rng, (uint32_t)deals) : k;
        adj_sums(t, deals, pick, T, W);
        fit_adj(t, T, W, fixed, fixed_elo, samples + (size_t)b * SIM_MAX_AGENTS);
    }
    percentile_arms((double)deals, t->K, samples, boot, elo, NULL, lo, hi);
    rc = 0;
out:
    free(T);
    free(samples);
    free(pick);
    return rc;
}
