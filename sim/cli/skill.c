/*
 * skill.c - how much skill a rule set rewards, and what seeing would win:
 * `report --skill` (docs/VARIANTS.md, "The report").  At 2 players, seats
 * rotated, on the deals 0..N-1 of the seed:
 *  - the skill depth: each rung of the ladder (--ladder, by default the
 *    ladder file's: random < greedy < sharp < mcts < policy < tuned-mcts,
 *    the ones a study's curves use), up to the report's agent where it is
 *    a rung, else with the agent on top, against the rung below, its share s of
 *    the two players' wins (one virtual tied game added, as the ratings'
 *    prior) as Elo, 400 log10(s / (1 - s)); the steps' sum is the top rung's
 *    Elo over random;
 *  - the worth of hidden information and of foresight: the reference
 *    searcher handed the opponents' hidden cards (see=hands), and the
 *    future chance too (see=all), against itself unseeing: their shares of
 *    the players' wins (a fair share is 50%).
 * Intervals: Wilson's for each share (on the Elo scale through it); the
 * depth's from the steps' standard errors, as independent runs.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "../../analysis/stats.h"
#include "cli.h"
#include "stop.h"
#include "../run/lineup.h"
#include "skill.h"

/* Over the games: the first agent's win shares a and the second's b. */
typedef struct pair_tally {
    double a, b;
} pair_tally;

static int on_game(void *ctx, const sim_game *r)
{
    pair_tally *t = ctx;
    double w[2] = {0, 0};
    for (int k = 0; k < 2; k++)
        if (r->seat[k].winner && r->nwin) w[r->seat[k].agent] += 1.0 / r->nwin;
    t->a += w[0];
    t->b += w[1];
    return 0;
}

/* The first agent's share of the two players' wins, s = (sum a + 1/2) /
 * (sum (a + b) + 1), with Wilson's 95% interval for that many wins in that
 * many decided games (the games are independent deals; the virtual tied
 * game keeps s and the interval inside (0, 1), so their Elo is finite), and
 * the standard error its half-width gives. */
static skill_est share(const pair_tally *t)
{
    double k = t->a + 0.5, n = t->a + t->b + 1, s = k / n;
    double lo, hi;
    an_wilson(k, n, &lo, &hi);
    return (skill_est){s, lo, hi, (hi - lo) / (2 * 1.959964)};
}

static double elo(double s)
{
    return 400 * log10(s / (1 - s));
}

/* A's share against B over cfg's deals; 0, or the exit status. */
static int pairing(const skill_cfg *cfg, const char *a, const char *b, skill_est *out)
{
    sim_config c;
    memset(&c, 0, sizeof c);
    char err[512], both[2 * 256 + 2];
    snprintf(both, sizeof both, "%s,%s", a, b);
    if (sim_parse_agents(both, 2, c.specs, err, sizeof err)) return cli_usage_error("%s", err);
    c.rules = cfg->rules;
    c.games = cfg->games;
    c.seed = cfg->seed;
    c.players = 2;
    c.threads = cfg->threads;
    c.rotate = 1;
    pair_tally t = {0};
    c.on_game = on_game;
    c.ctx = &t;
    cli_progress(&c, cfg->progress);
    if (c.progress) fprintf(stderr, "skill: %s against %s, 2 players\n", a, b);
    int rc = cli_run_games(&c, "nothing written");
    if (!rc) *out = share(&t);
    return rc;
}

int skill_rungs(const skill_cfg *cfg, skill_result *r)
{
    const ladder *l = cfg->lad;
    int n = 0, at = ladder_find(l, cfg->agent), top = at >= 0 && !l->bound[at];
    for (int k = 0; k < l->n && (!top || k <= at); k++) {
        if (l->bound[k]) continue;
        r->rung[n] = l->name[k][0] ? l->name[k] : l->spec[k];
        r->spec[n++] = l->spec[k];
    }
    if (!top) {
        r->rung[n] = cfg->agent;
        r->spec[n++] = cfg->agent;
    }
    r->nsteps = n - 1;
    return n < 2 ? -1 : 0;
}

int skill_run(const skill_cfg *cfg, skill_result *r)
{
    memset(r, 0, sizeof *r);
    if (skill_rungs(cfg, r)) return 2; /* cmd_report refused such a ladder before any game, with its line */
    double var = 0;
    for (int k = 0; k < r->nsteps; k++) {
        skill_est s;
        int rc = pairing(cfg, r->spec[k + 1], r->spec[k], &s);
        if (rc) return rc;
        double lo = elo(s.lo), hi = elo(s.hi), se = (hi - lo) / (2 * 1.959964);
        r->step[k] = (skill_est){elo(s.v), lo, hi, se};
        r->depth.v += r->step[k].v;
        var += se * se;
    }
    r->depth.se = sqrt(var);
    r->depth.lo = r->depth.v - 1.959964 * r->depth.se;
    r->depth.hi = r->depth.v + 1.959964 * r->depth.se;
    int rc = pairing(cfg, SKILL_SEE_HANDS, SKILL_SEE_REF, &r->see[0]);
    return rc ? rc : pairing(cfg, SKILL_SEE_ALL, SKILL_SEE_REF, &r->see[1]);
}
