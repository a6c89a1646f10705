/*
 * report.c - `jamaica report --rules FILE`: a variant against the base
 * game under one agent, as one self-contained HTML page (inline SVG plots)
 * and its Markdown beside it (docs/VARIANTS.md, "The report").
 *
 * For each player count both rule sets play the same deals (seed, game
 * index), every seat the agent, so each measure is compared deal by deal:
 * the first Captain's edge, the Ghost Ship's share (2 players), rounds,
 * the winner's margin, ties and seat balance; then what each element is
 * worth under each (worth.c), and where the first deals' games part
 * (parting.c); the page itself is sim/cli/report_page.c.  Intervals are normal 95% intervals over the games (paired
 * differences over the deals); the verdict says "moved" by Holm's rule
 * over all its comparisons (an_family_moved: 5% family-wise).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../cli/cli.h"
#include "../cli/report.h"
#include "../cli/stop.h"
#include "../io/summary.h"
#include "../io/games_csv.h"
#include "../io/outfile.h"
#include "../run/timing.h"
#include "cmd.h"

static int on_game(void *ctx, const sim_game *r)
{
    run_vals *v = ctx;
    int P = v->players;
    uint64_t g = v->n++;
    double share = r->nwin ? 1.0 / r->nwin : 0, w[JM_MAX_SHIPS], tot = 0;
    int best = -1000, second = -1000;
    for (int k = 0; k <= P; k++) w[k] = r->seat[k].winner ? share : 0;
    for (int k = 0; k < P; k++) {
        tot += w[k];
        v->seat[k] += w[k];
        v->seat2[k] += w[k] * w[k];
        v->seatw[k][g] = (float)w[k];
        int s = r->seat[k].score;
        if (s > best) second = best, best = s;
        else if (s > second) second = s;
    }
    int fc = r->first_captain;
    v->m[M_EDGE][g] = (float)(w[fc] - (tot - w[fc]) / (P - 1));
    v->m[M_GHOST][g] = (float)w[P];
    double a[JM_MAX_SHIPS], atot = 0; /* luck-adjusted, the first Captain's draw kept out */
    for (int k = 0; k <= P; k++) a[k] = w[k] + (double)(r->seat[k].luck - r->seat[k].luck_captain) / SUMMARY_ADJ_UNIT;
    for (int k = 0; k < P; k++) atot += a[k];
    v->m[M_EDGE_ADJ][g] = (float)(a[fc] - (atot - a[fc]) / (P - 1));
    v->m[M_GHOST_ADJ][g] = (float)(w[P] + (double)r->seat[P].luck / SUMMARY_ADJ_UNIT);
    v->m[M_ROUNDS][g] = r->rounds;
    v->m[M_MARGIN][g] = (float)(best - second);
    v->m[M_TIE][g] = r->nwin > 1;
    return 0;
}

static int play(report *R, int side, int players)
{
    report_opts *o = R->o;
    run_vals *v = &R->v[side][players];
    v->players = players;
    for (int m = 0; m < NM; m++)
        if (!(v->m[m] = calloc(o->games, sizeof *v->m[m]))) return cli_usage_error("out of memory");
    for (int k = 0; k < players; k++)
        if (!(v->seatw[k] = calloc(o->games, sizeof *v->seatw[k]))) return cli_usage_error("out of memory");
    sim_config c;
    memset(&c, 0, sizeof c);
    char err[512];
    c.rules = R->rules[side];
    if (sim_parse_agents(o->agent, players, c.specs, err, sizeof err)) return cli_usage_error("%s", err);
    c.games = o->games;
    c.seed = o->seed;
    c.players = players;
    c.threads = (int)o->threads;
    c.rotate = 1;
    c.on_game = on_game;
    c.ctx = v;
    c.luck = o->luck ? &o->value : NULL;
    cli_progress(&c, o->progress);

    if (c.progress) fprintf(stderr, "report: %s, %d players, %s\n", side ? "the variant" : "the base game", players, o->agent);
    return cli_run_games(&c, "nothing written");
}

/* Where the first deals' games part, at the report's first player count
 * from 3 up (the ghost's 2 otherwise). */
static void partings(report *R)
{
    report_opts *o = R->o;
    int P = o->players.lo <= 3 && o->players.hi >= 3 ? 3 : o->players.lo;
    R->parts_players = P;
    static games_row g[SIDES];
    for (int d = 0; d < SHOWN && (uint64_t)d < o->games; d++) {
        for (int s = 0; s < SIDES; s++) {
            memset(&g[s], 0, sizeof g[s]);
            g[s].game = (uint64_t)d;
            g[s].seed = o->seed;
            g[s].players = P;
            g[s].seating = -1;
            snprintf(g[s].rules, sizeof g[s].rules, "%s", R->rules_text[s]);
            for (int i = 0; i < P; i++) snprintf(g[s].agent[i], sizeof g[s].agent[i], "%s", o->agent);
        }
        char why[256];
        if (diff_part(&g[0], &g[1], &R->part[R->nparts], why, sizeof why)) {
            snprintf(R->part[R->nparts].a, sizeof R->part[0].a, "cannot replay: %s", why);
            R->part[R->nparts].b[0] = '\0';
        }
        R->nparts++;
    }
}

/* ---------------------------------------------------------------- the command */

static const opt options[] = {
    OPT_RULES(report_opts, "the variant: a variant file, with options (required)"),
    OPT_ROW_TEXT("agents", "AGENT", report_opts, agent, "sharp", "the agent in every seat ({default}: the strongest cheap one)"),
    OPT_PLAYER_RANGE(report_opts, NULL, "player counts (2-6)"),
    OPT_GAMES(report_opts, "game count", 100000000ULL, "10000", "deals at each player count, under each rule set ({default})"),
    OPT_ROW_UINT("worth-games", "N", report_opts, worth_games, "game count", 0, 100000000ULL, "4000",
                 "deals an element for the elements' worth, at 3 players\n(0: none)"),
    OPT_ROW_UINT("skill", "N", report_opts, skill_games, "game count", 0, 100000000ULL, "0",
                 "deals a pairing for the skill depth and what seeing\nwins, at 2 players ({default}: none; about 0.1 s "
                 "a\ngame for the seeing searchers)"),
    OPT_ROW_TEXT("ladder", "LIST", report_opts, ladder_text, "default",
                 "--skill's rungs, weakest first, as study --ladder takes\nthem ({default}: results/ratings/ladder.csv's, up to\n"
                 "--agents where it is one, else with it on top)"),
    OPT_SEED(report_opts, "1", "the run's seed"),
    OPT_THREADS(report_opts),
    OPT_PROGRESS(report_opts),
    OPT_OUT(report_opts, "report.html", "the page ({default}); the Markdown goes beside it, .md for .html"),
    OPT_ROW_TEXT("luck", "V", report_opts, luck, NULL, CLI_LUCK_HELP "; the edge and the\nghost's share, each in a block of its own"),
};

static const opt_table table = {
    .command = "report",
    .synopsis = "jamaica report --rules FILE",
    .about = "A variant against the base game under one agent, as one self-contained HTML\n"
             "page with its plots and a Markdown file beside it: the first Captain's edge,\n"
             "the Ghost Ship's share, game length, the winner's margin and ties by player\n"
             "count, seat balance, what each element is worth (study worth), with --skill\n"
             "the skill depth and what seeing wins at 2 players, and where\n"
             "the first deals' games part; every figure with its 95% interval, the\n"
             "variant's taken deal by deal against the base game's.  The verdict says\n"
             "how many comparisons it makes and calls a measure moved by Holm's rule\n"
             "over them all: where nothing moved, at most 5% of reports say that\n"
             "anything did (docs/VARIANTS.md).\n",
    .opts = options,
    .n = OPT_COUNT(options),
};

/* The page and its Markdown, each written whole or not at all. */
static int write_outputs(report *R, const char *html_path, const char *md_path)
{
    char err[600];
    for (int k = 0; k < 2; k++) {
        char *text = NULL;
        size_t len = 0;
        FILE *m = open_memstream(&text, &len);
        if (!m) return cli_usage_error("out of memory");
        report_write(m, !k, R);
        fclose(m);
        int bad = outfile_text(k ? md_path : html_path, text, len, err, sizeof err);
        free(text);
        if (bad) {
            fprintf(stderr, "jamaica: %s\n", err);
            return 1;
        }
    }
    return 0;
}

static int run_report(report *R, const char *md_path)
{
    report_opts *o = R->o;
    /* Before a long run: how many games, and once the first configuration
     * is played, about how long at its pace (larger player counts and the
     * elements' runs take longer a game: an estimate, not a promise). */
    int counts = o->players.hi - o->players.lo + 1;
    skill_result rungs;
    skill_cfg kc = {.agent = o->agent, .lad = &o->ladder};
    int pairings = o->skill_games ? (skill_rungs(&kc, &rungs), rungs.nsteps + 2) : 0; /* the steps, two seeing */
    uint64_t all = SIDES * (uint64_t)counts * o->games + SIDES * RESTRICT_COUNT * o->worth_games +
                   SIDES * (uint64_t)pairings * o->skill_games;
    /* Only the parts this run plays (--worth-games 0 and no --skill say nothing). */
    char worth[160] = "", skill[160] = "";
    if (o->worth_games)
        snprintf(worth, sizeof worth, ", %d elements x 2 x %llu deals for their worth", RESTRICT_COUNT,
                 (unsigned long long)o->worth_games);
    if (o->skill_games)
        snprintf(skill, sizeof skill, ", %d pairings x 2 x %llu deals for the skill", pairings,
                 (unsigned long long)o->skill_games);
    fprintf(stderr, "report: %llu games in all (2 rule sets x %d player count%s x %llu deals%s%s)\n",
            (unsigned long long)all, counts, counts == 1 ? "" : "s", (unsigned long long)o->games, worth, skill);
    double t0 = timing_seconds();
    for (int P = o->players.lo; P <= o->players.hi; P++)
        for (int s = 0; s < SIDES; s++) {
            int rc = play(R, s, P);
            if (rc) return rc;
            if (P == o->players.lo && s == 0 && all > o->games) {
                double took = timing_seconds() - t0, left = took * (double)all / (double)o->games;
                fprintf(stderr, "report: the first %llu games took %.1f s: about %.0f %s in all at that pace\n",
                        (unsigned long long)o->games, took, left < 120 ? left : left / 60, left < 120 ? "s" : "minutes");
            }
        }
    for (int s = 0; s < SIDES && o->worth_games; s++) {
        worth_cfg *w = &R->wc[s];
        *w = (worth_cfg){.agent = o->agent, .players = 3, .threads = (int)o->threads, .progress = (unsigned)o->progress,
                         .elements = (1u << RESTRICT_COUNT) - 1, .games = o->worth_games, .seed = o->seed, .rules = R->rules[s]};
        snprintf(w->seed_text, sizeof w->seed_text, "%s", R->seed_text);
        int rc = worth_run(w, R->worth[s], &R->nworth);
        if (rc) return rc;
    }
    for (int s = 0; s < SIDES && o->skill_games; s++) {
        skill_cfg k = {.agent = o->agent, .lad = &o->ladder, .threads = (int)o->threads, .progress = (unsigned)o->progress,
                       .games = o->skill_games, .seed = o->seed, .rules = R->rules[s]};
        int rc = skill_run(&k, &R->skill[s]);
        if (rc) return rc;
    }
    partings(R);
    int rc = write_outputs(R, o->out, md_path);
    if (!rc) fprintf(stderr, "wrote %s, %s\n", o->out, md_path);
    return rc;
}

int cmd_report(int argc, char **argv)
{
    report_opts o = {.players = {2, 6}};
    uint64_t given = 0;
    int first, rc = opt_parse(&table, argc, argv, &o, &first, &given);
    if (rc) return rc == OPT_HELP ? 0 : 2;
    if (first < argc) return cli_usage_error("report takes no operand ('%s')", argv[first]);
    if (!opt_given(&table, given, "rules")) return cli_usage_error("report needs --rules FILE (a variant file)");
    char err[512], md[4096];
    if (sim_check_list(o.agent, err, sizeof err)) return cli_usage_error("%s", err); /* before "one agent" */
    if (strchr(o.agent, ',')) return cli_usage_error("report: --agents names one agent, not '%s'", o.agent);
    if (!strncmp(o.agent, "cmd:", 4) || !strncmp(o.agent, "plugin:", 7))
        return cli_usage_error("report: '%s': a built-in agent (the report plays it some 50,000 times)", o.agent);
    if (cli_threads(&o.threads)) return 2;
    static report R;
    R.o = &o;
    jm_rules_default(&R.rules[0]);
    if (cli_rules(o.rules, o.players.lo, &R.rules[1])) return 2;
    if (!R.rules[1].variant) return cli_usage_error("report: --rules '%s' names no variant file", o.rules);
    if (cli_luck(o.luck, &R.rules[1], &o.value)) return 2;
    R.rules[0] = R.rules[1];
    R.rules[0].variant = 0; /* the same options on the base game */
    for (int s = 0; s < SIDES; s++) jm_rules_format(&R.rules[s], R.rules_text[s], sizeof R.rules_text[s]);
    jm_seed_format(&o.seed, R.seed_text, sizeof R.seed_text);
    agent probe;
    if (agent_create(&probe, o.agent, err, sizeof err)) return cli_usage_error("%s", err);
    agent_destroy(&probe);
    if (opt_given(&table, given, "ladder") && !o.skill_games) return cli_usage_error("--ladder goes with --skill N");
    if (o.skill_games) {
        skill_result rungs;
        skill_cfg kc = {.agent = o.agent, .lad = &o.ladder};
        if (ladder_parse(o.ladder_text, &o.ladder)) return 2;
        if (skill_rungs(&kc, &rungs))
            return cli_usage_error("report --skill: the ladder '%s' leaves fewer than two rungs up to '%s'",
                                   o.ladder_text, o.agent);
    }
    size_t n = strlen(o.out);
    if (n > 5 && !strcmp(o.out + n - 5, ".html")) snprintf(md, sizeof md, "%.*s.md", (int)(n - 5), o.out);
    else snprintf(md, sizeof md, "%s.md", o.out);
    const char *paths[2] = {o.out, md};
    for (int i = 0; i < 2; i++)
        if (outfile_probe(paths[i], err, sizeof err)) return cli_usage_error("%s", err);
    rc = run_report(&R, md);
    for (int s = 0; s < SIDES; s++)
        for (int P = 0; P <= JM_MAX_PLAYERS; P++) {
            for (int m = 0; m < NM; m++) free(R.v[s][P].m[m]);
            for (int k = 0; k < JM_MAX_PLAYERS; k++) free(R.v[s][P].seatw[k]);
        }
    return rc;
}
