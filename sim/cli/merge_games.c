/*
 * merge_games.c - `jamaica merge RATINGS.csv GAMES.csv...`: a tournament's
 * report rebuilt from the GAMES.csv of its shards (tournament --first-game
 * K --games N --games-csv), the same tables as one run over all the deals.
 * The shards are read in deal order and their games fed to the standings
 * one by one, as the run feeds them; the ratings' bootstrap draws from the
 * run's seed, so the CSVs are the same bytes.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "options.h"
#include "../io/games_csv.h"
#include "../io/outfile.h"
#include "../io/summary.h"
#include "../../agents/value.h"
#include "../run/harness.h"
#include "../run/seatings.h"
#include "../run/standings.h"
#include "tournament_report.h"
#include "merge.h"

/* One shard: its path, its first deal and the run it belongs to. */
typedef struct gshard {
    const char *path;
    games_row first;
} gshard;

static int by_first_deal(const void *a, const void *b)
{
    const gshard *x = a, *y = b;
    return (x->first.game > y->first.game) - (x->first.game < y->first.game);
}

/* The agents, in the order the run named them: as they first sit in the
 * first deal's seatings, seat by seat (seating 0 seats agents 0..P-1, and
 * each later seating brings in at most the next).  Adds a row's new agents;
 * -1 past SIM_MAX_AGENTS. */
static int learn_agents(sim_config *c, const games_row *g)
{
    for (int k = 0; k < g->players; k++) {
        int a = 0;
        while (a < c->nspecs && strcmp(c->specs[a], g->agent[k])) a++;
        if (a < c->nspecs) continue;
        if (c->nspecs == SIM_MAX_AGENTS) return -1;
        snprintf(c->specs[c->nspecs++], SIM_SPEC_LEN, "%s", g->agent[k]);
    }
    return 0;
}

/* A GAMES.csv game as the harness hands it to the standings. */
static int to_record(const sim_config *c, const games_row *g, sim_game *r)
{
    memset(r, 0, sizeof *r);
    r->game = g->game;
    r->seating = (uint16_t)g->seating;
    for (int k = 0; k < g->nseats; k++) {
        int a = -1;
        if (!g->ghost[k]) {
            a = 0;
            while (a < c->nspecs && strcmp(c->specs[a], g->agent[k])) a++;
            if (a == c->nspecs) return -1;
        }
        r->seat[k].agent = (int8_t)a;
        r->seat[k].rank = (int8_t)g->rank[k];
        r->seat[k].winner = g->win[k] > 0;
        r->nwin = (int8_t)(r->nwin + (g->win[k] > 0));
        /* the corrections, exact: win_adj is (win + luck) / SUMMARY_ADJ_UNIT to 6 places */
        r->seat[k].luck = (int32_t)(lround(g->win_adj[k] * SUMMARY_ADJ_UNIT) - lround(g->win[k] * SUMMARY_ADJ_UNIT));
    }
    return 0;
}

/* Every game of one shard into the standings, checking it continues the
 * run (the next deal, the same seed, players and rules); 0, or 2. */
static int feed(const sim_config *c, standings *t, const char *path, const games_row *run, uint64_t *next,
                games_row *g)
{
    games_reader rd;
    char err[512];
    if (games_reader_open(&rd, path, err, sizeof err)) return cli_usage_error("%s", err);
    int rc = 0, more;
    while (!rc && (more = games_reader_next(&rd, g, err, sizeof err)) != 0) {
        sim_game r;
        if (more < 0) rc = cli_usage_error("%s", err);
        else if (!jm_seed_equal(&g->seed, &run->seed) || g->players != run->players || g->nseats != run->nseats ||
                 strcmp(g->rules, run->rules))
            rc = cli_usage_error("shard '%s' is of another run (game %llu differs in seed, players or rules)", path,
                                 (unsigned long long)g->game);
        else if (g->game * (uint64_t)t->S + (uint64_t)g->seating != *next)
            rc = cli_usage_error("shard '%s': game %llu seating %ld where game %llu seating %llu was due (a gap, an "
                                 "overlap or another seating plan)",
                                 path, (unsigned long long)g->game, g->seating,
                                 (unsigned long long)(*next / (uint64_t)t->S),
                                 (unsigned long long)(*next % (uint64_t)t->S));
        else if (t->luck && !g->has_adj)
            rc = cli_usage_error("shard '%s' has no win_adj column (a run without --luck): --luck needs every "
                                 "shard's", path);
        else if (to_record(c, g, &r))
            rc = cli_usage_error("shard '%s': game %llu seats an agent the first deal did not", path,
                                 (unsigned long long)g->game);
        else {
            (*next)++;
            standings_on_game(t, &r);
            if (t->oom) rc = cli_usage_error("out of memory");
        }
    }
    games_reader_close(&rd);
    return rc;
}

/* The first deal of the earliest shard: the agents, the seatings a deal
 * and the run's identity; 0, or 2. */
static int plan(sim_config *c, const gshard *first, int *balanced)
{
    games_reader rd;
    char err[512];
    games_row *g = malloc(sizeof *g);
    if (!g) return cli_usage_error("out of memory");
    int rc = games_reader_open(&rd, first->path, err, sizeof err) ? cli_usage_error("%s", err) : 0, S = 0, more;
    while (!rc && (more = games_reader_next(&rd, g, err, sizeof err)) == 1 && g->game == first->first.game) {
        if (learn_agents(c, g)) rc = cli_usage_error("'%s' seats more than %d agents", first->path, SIM_MAX_AGENTS);
        S++;
    }
    if (!rc && more < 0) rc = cli_usage_error("%s", err);
    games_reader_close(&rd);
    free(g);
    if (rc) return rc;
    int8_t seat[SIM_MAX_SEATINGS][JM_MAX_PLAYERS];
    *balanced = tour_seatings(c->nspecs, c->players, 0, seat) != S;
    c->nseatings = S;
    c->own_chance = sim_own_chance(c);
    if (cli_rules(first->first.rules, c->players, &c->rules)) return 2;
    return 0;
}

int merge_games(const char *out, char **shards, int n, const merge_args *o)
{
    int rc;
    gshard *sh = calloc((size_t)n, sizeof *sh);
    sim_config *c = calloc(1, sizeof *c);
    games_row *g = malloc(sizeof *g);
    standings *t = NULL;
    rc = sh && c && g ? 0 : cli_usage_error("out of memory");
    for (int i = 0; i < n && !rc; i++) {
        games_reader rd;
        char err[512];
        sh[i].path = shards[i];
        if (games_reader_open(&rd, sh[i].path, err, sizeof err)) rc = cli_usage_error("%s", err);
        else {
            int more = games_reader_next(&rd, &sh[i].first, err, sizeof err);
            if (more < 0) rc = cli_usage_error("%s", err);
            else if (!more) rc = cli_usage_error("'%s' holds no games", sh[i].path);
            else if (sh[i].first.seating < 0)
                rc = cli_usage_error("'%s' is not a tournament's GAMES.csv (no seating column)", sh[i].path);
            games_reader_close(&rd);
        }
    }
    /* The outputs open before the shards are read (they may be long). */
    outfile of_r = {.slot = -1}, of_p = {.slot = -1};
    char err[512];
    if (!rc && (outfile_open(&of_r, out, err, sizeof err) || (o->pairs && outfile_open(&of_p, o->pairs, err, sizeof err))))
        rc = cli_usage_error("%s", err);
    int balanced = 0;
    value_fn v = {0};
    if (!rc && o->luck) {
        if (!sh[0].first.has_adj)
            rc = cli_usage_error("--luck: '%s' has no win_adj column (a run without --luck)", sh[0].path);
        else if (cli_rules(sh[0].first.rules, sh[0].first.players, &c->rules) || cli_luck(o->luck, &c->rules, &v))
            rc = 2;
        else c->luck = &v;
    } else if (!rc && sh[0].first.has_adj) {
        fprintf(stderr, "merge: the shards carry win_adj; --luck V (their V) adds the luck-adjusted columns\n");
    }
    if (!rc) {
        qsort(sh, (size_t)n, sizeof *sh, by_first_deal);
        c->players = sh[0].first.players;
        c->seed = sh[0].first.seed;
        c->first_game = sh[0].first.game;
        rc = plan(c, &sh[0], &balanced);
    }
    if (!rc && !(t = standings_new(c->nspecs, c->players, c->nseatings, 0, 0, 0, 0, 0)))
        rc = cli_usage_error("out of memory");
    if (!rc) {
        t->ships = sh[0].first.nseats;
        t->luck = c->luck != NULL;
        uint64_t next = c->first_game * (uint64_t)c->nseatings;
        for (int i = 0; i < n && !rc; i++) rc = feed(c, t, sh[i].path, &sh[0].first, &next, g);
        if (!rc && next % (uint64_t)c->nseatings)
            rc = cli_usage_error("the last shard ends inside deal %llu (seating %llu of %d)",
                                 (unsigned long long)(next / (uint64_t)c->nseatings),
                                 (unsigned long long)(next % (uint64_t)c->nseatings), c->nseatings);
    }
    if (!rc) rc = tournament_report(c, t, &of_r, &of_p, (int)o->bootstrap, balanced);
    outfile_abort(&of_r); /* nothing after a commit; the temporary file after a refusal */
    outfile_abort(&of_p);
    standings_free(t);
    value_close(&v);
    free(sh);
    free(c);
    free(g);
    return rc;
}
