/*
 * diff.c - `jamaica diff`: two GAMES.csv of the same deals compared game by
 * game (regression by seed).  Reports the games whose trace hash changed
 * and whose outcome changed, paired differences (B - A) of each seat's and
 * agent's win rate and mean score and of the game length with 95% t
 * intervals and McNemar's test for wins, and for the first changed games
 * the first event that differs, both games replayed.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../agents/agent.h"
#include "../../analysis/stats.h"
#include "../cli/cli.h"
#include "../cli/options.h"
#include "../cli/stop.h"
#include "../../agents/value.h"
#include "../io/games_csv.h"
#include "../io/trace.h"
#include "../run/lineup.h"
#include "../run/parting.h"
#include "../run/play.h"
#include "cmd.h"

static void show_first_difference(const games_row *a, const games_row *b, evbuf *ea, evbuf *eb)
{
    char why[256];
    uint64_t ha, hb;
    printf("\nGame %llu", (unsigned long long)a->game);
    if (a->seating >= 0) printf(" (seating %ld)", a->seating);
    printf(": hash %016llx -> %016llx\n", (unsigned long long)a->hash, (unsigned long long)b->hash);
    if (game_replay(a, ea, &ha, why, sizeof why)) {
        printf("  cannot replay A: %s\n", why);
        return;
    }
    if (game_replay(b, eb, &hb, why, sizeof why)) {
        printf("  cannot replay B: %s\n", why);
        return;
    }
    if (ha != a->hash || hb != b->hash) {
        /* this build can only replay its own games: say which file's it does not give */
        for (int f = 0; f < 2; f++) {
            uint64_t got = f ? hb : ha, want = f ? b->hash : a->hash;
            if (got != want)
                printf("  this build's replay of %c gives hash %016llx, not %c's %016llx: %c was played by another "
                       "build or rules, or by agents with wall-time budgets, so where the games part is not shown\n",
                       "AB"[f], (unsigned long long)got, "AB"[f], (unsigned long long)want, "AB"[f]);
        }
        return;
    }
    size_t k = 0;
    while (k < ea->n && k < eb->n && game_same_event(&ea->ev[k], &eb->ev[k])) k++;
    printf("  first difference at event %zu of %zu / %zu:\n", k + 1, ea->n, eb->n);
    printf("  A: ");
    if (k < ea->n) trace_event_json(stdout, &ea->ev[k]);
    else printf("(the game has ended)\n");
    printf("  B: ");
    if (k < eb->n) trace_event_json(stdout, &eb->ev[k]);
    else printf("(the game has ended)\n");
}

/* ---------------------------------------------------------------- tallies */

typedef struct pair_stat {
    char key[2 * SIM_SPEC_LEN + 8]; /* the agent in A, and " -> " the one in B where it differs */
    an_cluster win, score;       /* B - A per seat-game, clustered by deal */
    an_cluster win_adj;          /* the same luck-adjusted, where both files have win_adj */
    double win_a, win_b, score_a, score_b;
    uint64_t b10, b01;           /* McNemar: won in A only, in B only */
} pair_stat;

#define MAX_KEYS 16

static pair_stat *find_key(pair_stat *ps, int *n, const char *key)
{
    for (int i = 0; i < *n; i++)
        if (!strcmp(ps[i].key, key)) return &ps[i];
    if (*n == MAX_KEYS) return NULL;
    pair_stat *p = &ps[(*n)++];
    memset(p, 0, sizeof *p);
    snprintf(p->key, sizeof p->key, "%s", key);
    return p;
}

static void add_pair(pair_stat *p, const games_row *a, const games_row *b, int k)
{
    an_cluster_add(&p->win, b->win[k] - a->win[k]);
    if (a->has_adj && b->has_adj) an_cluster_add(&p->win_adj, b->win_adj[k] - a->win_adj[k]);
    an_cluster_add(&p->score, (double)(b->score[k] - a->score[k]));
    p->win_a += a->win[k];
    p->win_b += b->win[k];
    p->score_a += a->score[k];
    p->score_b += b->score[k];
    p->b10 += a->win[k] > 0 && !(b->win[k] > 0);
    p->b01 += !(a->win[k] > 0) && b->win[k] > 0;
}

/* An unbounded difference read by the one rule (an_reading): its t
 * interval, or where the deals show no spread none ("no spread"). */
static an_interval unbounded(const an_cluster *c)
{
    return an_reading(c, -INFINITY, INFINITY, 0);
}

/* " [LO, HI]" of an unbounded difference, or " (no spread)". */
static const char *bounds_text(const an_interval *r, char *buf, size_t len)
{
    if (r->reading == AN_NO_SPREAD) snprintf(buf, len, " (no spread)");
    else snprintf(buf, len, " [%+.3f, %+.3f]", r->lo, r->hi);
    return buf;
}

static void print_rows(const char *group, const pair_stat *ps, int n, int adj)
{
    for (int i = 0; i < n; i++) {
        const pair_stat *p = &ps[i];
        if (adj) {
            an_interval x = an_reading(&p->win_adj, -1, 1, 0);
            printf("| %s | `%s` | %llu | win, B - A (points) | %+.2f [%+.2f, %+.2f] |\n", group, p->key,
                   (unsigned long long)p->win_adj.n, 100 * x.mean, 100 * x.lo, 100 * x.hi);
            continue;
        }
        double N = (double)p->win.n, chi2, mp;
        /* The one rule (an_reading): the win difference's p agrees with its
         * interval where there is no spread. */
        an_interval w = an_reading(&p->win, -1, 1, 0), s = unbounded(&p->score);
        char sb[64];
        an_mcnemar(p->b10, p->b01, &chi2, &mp);
        printf("| %s | `%s` | %llu | %.2f%% | %.2f%% | %+.2f [%+.2f, %+.2f] | %.3g | %.3g | %.2f | %.2f | %+.3f%s | %.3g "
               "|\n",
               group, p->key, (unsigned long long)p->win.n, 100 * p->win_a / N, 100 * p->win_b / N, 100 * w.mean,
               100 * w.lo, 100 * w.hi, w.p, mp, p->score_a / N, p->score_b / N, s.mean, bounds_text(&s, sb, sizeof sb),
               s.p);
    }
}

/* Two runs' games compared pair by pair. */
typedef struct comparison {
    pair_stat seats[MAX_KEYS], agents[MAX_KEYS];
    int nseat, nagent;
    an_cluster rounds;
    double rounds_a, rounds_b;
    uint64_t deal;               /* the open clusters' game index */
    uint64_t games, hash_changed, outcome_changed, shown;
    char first_changed[2][200];  /* the first games whose hash, and whose outcome, changed */
    size_t fc_len[2];
} comparison;

/* Game a's name ("12", or "12/3" with its seating) after the list k. */
static void note_changed(comparison *cmp, int k, const games_row *a)
{
    if (cmp->fc_len[k] >= sizeof cmp->first_changed[k] - 40) return;
    char one[48];
    const char *sep = cmp->fc_len[k] ? " " : "";
    if (a->seating >= 0) snprintf(one, sizeof one, "%s%llu/%ld", sep, (unsigned long long)a->game, a->seating);
    else snprintf(one, sizeof one, "%s%llu", sep, (unsigned long long)a->game);
    cmp->fc_len[k] += (size_t)snprintf(cmp->first_changed[k] + cmp->fc_len[k],
                                       sizeof cmp->first_changed[k] - cmp->fc_len[k], "%s", one);
}

/* The games of one deal (every seating of a tournament's deal shares its
 * dice) end: each tally's cluster closes. */
static void close_deal(comparison *cmp)
{
    an_cluster_close(&cmp->rounds);
    for (int i = 0; i < cmp->nseat; i++) {
        an_cluster_close(&cmp->seats[i].win);
        an_cluster_close(&cmp->seats[i].win_adj);
        an_cluster_close(&cmp->seats[i].score);
    }
    for (int i = 0; i < cmp->nagent; i++) {
        an_cluster_close(&cmp->agents[i].win);
        an_cluster_close(&cmp->agents[i].win_adj);
        an_cluster_close(&cmp->agents[i].score);
    }
}

/* One pair of games into the tallies; 1 if their hashes differ. */
static int compare_game(comparison *cmp, const games_row *ga, const games_row *gb)
{
    cmp->games++;
    int changed = ga->hash != gb->hash, outcome = 0;
    /* The players' rows pair by seat; the ghost's only when it plays in
     * both (ghost=on against ghost=off compares the players alone). */
    int paired = ga->nseats == gb->nseats ? ga->nseats : ga->players;
    for (int k = 0; k < paired; k++) outcome |= ga->rank[k] != gb->rank[k] || ga->win[k] != gb->win[k];
    cmp->hash_changed += (uint64_t)changed;
    cmp->outcome_changed += (uint64_t)outcome;
    if (changed) note_changed(cmp, 0, ga);
    if (outcome) note_changed(cmp, 1, ga);
    if (cmp->games > 1 && ga->game != cmp->deal) close_deal(cmp);
    cmp->deal = ga->game;
    an_cluster_add(&cmp->rounds, gb->rounds - ga->rounds);
    cmp->rounds_a += ga->rounds;
    cmp->rounds_b += gb->rounds;
    /* Each agent by its short name (docs/AGENTS.md, "Names"); its spec is
     * in both files. */
    char la[JM_MAX_SHIPS][SIM_SPEC_LEN], lb[JM_MAX_SHIPS][SIM_SPEC_LEN];
    sim_labels_of(ga->agent, paired, la);
    sim_labels_of(gb->agent, paired, lb);
    for (int k = 0; k < paired; k++) {
        char key[16];
        if (ga->ghost[k]) snprintf(key, sizeof key, "ghost");
        else snprintf(key, sizeof key, "%d", k);
        pair_stat *st = find_key(cmp->seats, &cmp->nseat, key);
        char who[2 * SIM_SPEC_LEN + 8];
        /* %.255s: a spec or a label is shorter than SIM_SPEC_LEN (gcc -O1
         * cannot see that through sim_labels_of). */
        if (strcmp(ga->agent[k], gb->agent[k]) && !strcmp(la[k], lb[k])) /* one name, two agents */
            snprintf(who, sizeof who, "%.255s -> %.255s", ga->agent[k], gb->agent[k]);
        else if (strcmp(ga->agent[k], gb->agent[k])) snprintf(who, sizeof who, "%.255s -> %.255s", la[k], lb[k]);
        else snprintf(who, sizeof who, "%.255s", la[k]);
        pair_stat *ag = ga->ghost[k] ? NULL : find_key(cmp->agents, &cmp->nagent, who);
        if (st) add_pair(st, ga, gb, k);
        if (ag) add_pair(ag, ga, gb, k);
    }
    return changed;
}

static void print_report(const comparison *cmp)
{
    double games = (double)cmp->games;
    printf("\n%llu game%s: trace hash changed in %llu (%.2f%%), outcome (ranks or wins) in %llu (%.2f%%).\n",
           (unsigned long long)cmp->games, cmp->games == 1 ? "" : "s", (unsigned long long)cmp->hash_changed,
           100.0 * (double)cmp->hash_changed / games, (unsigned long long)cmp->outcome_changed,
           100.0 * (double)cmp->outcome_changed / games);
    int full0 = cmp->fc_len[0] >= sizeof cmp->first_changed[0] - 40,
        full1 = cmp->fc_len[1] >= sizeof cmp->first_changed[1] - 40;
    if (cmp->hash_changed)
        printf("Games whose hash changed: %s%s\n", cmp->first_changed[0], cmp->hash_changed > 1 && full0 ? " ..." : "");
    if (cmp->outcome_changed) printf("Games whose outcome changed: %s%s\n", cmp->first_changed[1], full1 ? " ..." : "");
    an_interval r = unbounded(&cmp->rounds);
    char rb[64];
    if (r.reading == AN_NO_SPREAD)
        snprintf(rb, sizeof rb, ", no spread in %llu deal%s (the sign test", (unsigned long long)r.n, r.n == 1 ? "" : "s");
    else
        snprintf(rb, sizeof rb, " [%+.3f, %+.3f] (paired t", r.lo, r.hi);
    printf("Rounds per game: A %.3f, B %.3f, B - A %+.3f%s, p %.3g).\n\n", cmp->rounds_a / games, cmp->rounds_b / games,
           r.mean, rb, r.p);
    printf("Paired by game (B - A), 95%% intervals with the deal as the unit (win differences kept inside +-100 "
           "points; a difference whose deals show no spread read as docs/STATISTICS.md's \"No spread\" says); "
           "McNemar's exact test for wins (a shared win counts as a win):"
           "\n\n| group | key | n | win A | win B | B - A (points) | p | McNemar p | score A | score B | B - A | p |\n"
           "|---|---|---|---|---|---|---|---|---|---|---|---|\n");
    print_rows("seat", cmp->seats, cmp->nseat, 0);
    print_rows("agent", cmp->agents, cmp->nagent, 0);
    if (cmp->nseat && cmp->seats[0].win_adj.n) { /* both files from --luck runs */
        printf("\nLuck-adjusted (both files' win_adj, docs/STATISTICS.md: each side's estimate is unbiased "
               "whatever its value function), paired by game:\n\n| group | key | n | measure | B - A [95%%] |\n"
               "|---|---|---|---|---|\n");
        print_rows("seat", cmp->seats, cmp->nseat, 1);
        print_rows("agent", cmp->agents, cmp->nagent, 1);
    }
}

/* The next pair of games: 1, 0 at both ends, 2 after reporting (an error,
 * or files of other deals). */
static int next_pair(games_reader *A, games_reader *B, games_row *ga, games_row *gb)
{
    char err[512];
    int ra = games_reader_next(A, ga, err, sizeof err);
    int rb = ra < 0 ? 0 : games_reader_next(B, gb, err, sizeof err);
    if (ra < 0 || rb < 0) return cli_usage_error("%s", err);
    if (ra != rb)
        return cli_usage_error("'%s' holds more games than '%s' (not the same deals)", ra ? A->path : B->path,
                               ra ? B->path : A->path);
    char sa[JM_SEED_TEXT], sb[JM_SEED_TEXT];
    if (ra && ga->seed.sealed != gb->seed.sealed)
        return cli_usage_error("'%s' was played under %s chance and '%s' under %s: their games differ in every die "
                               "(docs/PROTOCOL.md, \"Sealed runs\")", A->path, ga->seed.sealed ? "sealed" : "plain",
                               B->path, gb->seed.sealed ? "sealed" : "plain");
    if (ra && (ga->game != gb->game || !jm_seed_equal(&ga->seed, &gb->seed) || ga->seating != gb->seating ||
               ga->players != gb->players))
        return cli_usage_error("game %llu of seed %s in '%s' meets game %llu of seed %s in '%s' (compare runs "
                               "of the same seed, games and players)", (unsigned long long)ga->game,
                               jm_seed_format(&ga->seed, sa, sizeof sa), A->path, (unsigned long long)gb->game,
                               jm_seed_format(&gb->seed, sb, sizeof sb), B->path);
    return ra;
}

/* Open both files; 0, or 2 after reporting. */
static int open_pair(games_reader *A, games_reader *B, const char *pa, const char *pb)
{
    char err[512];
    if (games_reader_open(A, pa, err, sizeof err)) {
        games_reader_close(A);
        return cli_usage_error("%s", err);
    }
    if (games_reader_open(B, pb, err, sizeof err)) {
        games_reader_close(A);
        games_reader_close(B);
        return cli_usage_error("%s", err);
    }
    return 0;
}

/* With `replay` (--show K > 0: changed games are played again from
 * their rows), a row's agents seated together pass the lineup check. */
static int check_seats(const games_row *ga, const games_row *gb, int replay)
{
    char err[512];
    if (replay && (sim_check_specs(ga->agent, ga->players, err, sizeof err) ||
                   sim_check_specs(gb->agent, gb->players, err, sizeof err)))
        return cli_usage_error("game %llu: %s", (unsigned long long)ga->game, err);
    return 1;
}

/* A first pass over both files, printing nothing: the same deals, games
 * and players, and with replay agents that may sit together, or the one
 * line that says why (before any output).  0, or 2 after reporting. */
static int check_pairs(const char *pa, const char *pb, int replay)
{
    games_reader A, B;
    if (open_pair(&A, &B, pa, pb)) return 2;
    games_row *ga = malloc(sizeof *ga), *gb = malloc(sizeof *gb);
    int more = ga && gb ? 1 : cli_usage_error("out of memory"), games = 0;
    while (more == 1 && (more = next_pair(&A, &B, ga, gb)) == 1 && (more = check_seats(ga, gb, replay)) == 1) games++;
    if (!more && !games) more = cli_usage_error("'%s' holds no games", pa);
    games_reader_close(&A);
    games_reader_close(&B);
    free(ga);
    free(gb);
    return more ? 2 : 0;
}

/* The variant a game's rules play (docs/VARIANTS.md): its file and hash. */
static const char *variant_of(const char *rules)
{
    const char *v = strstr(rules, "variant=");
    return v ? v + 8 : NULL;
}

/* Whether two rules texts play the same tables (track, cards, treasures,
 * die, lap-0 score): their variants compared as loaded, not as files, so
 * that a copy elsewhere, a byte-order mark or CRLF line ends change
 * nothing.  The readers have loaded both already; a text that does not
 * parse counts as another game. */
static int same_tables(const char *ra, const char *rb)
{
    jm_rules a, b;
    char err[256];
    if (jm_rules_parse(&a, ra, err, sizeof err) || jm_rules_parse(&b, rb, err, sizeof err)) return 0;
    return jm_board_same(a.variant, b.variant);
}

/* The report's first lines: the two runs, and their variants when the
 * two name different ones: whether their tables differ (the games then
 * differ from the first event a changed part of the game enters) or are
 * the same under two names (a copy, a byte-order mark, CRLF line ends). */
static void print_header(const char *la, const char *lb, const games_row *ga, const games_row *gb)
{
    printf("# diff: A = %s, B = %s\n", la, lb);
    const char *va = variant_of(ga->rules), *vb = variant_of(gb->rules);
    if (!(va || vb) || (va && vb && !strcmp(va, vb))) return;
    int same = same_tables(ga->rules, gb->rules);
    printf("# %s: A plays %s%s, B plays %s%s%s\n", same ? "the same tables" : "variants differ",
           va ? "the variant " : "the base game", va ? va : "", vb ? "the variant " : "the base game", vb ? vb : "",
           same ? " (one board, cards, treasures and die under two names)" : "");
}

/* Compare two GAMES.csv (labelled la and lb): 0 nothing differs, 1
 * something does, 2 bad input (reported before any output). */
static int diff_files(const char *pa, const char *pb, int show, const char *la, const char *lb)
{
    games_reader A, B;
    char err[512];
    int rc = 2;
    if (check_pairs(pa, pb, show > 0)) return 2;
    if (games_reader_open(&A, pa, err, sizeof err)) {
        games_reader_close(&A);
        return cli_usage_error("%s", err);
    }
    if (games_reader_open(&B, pb, err, sizeof err)) {
        games_reader_close(&A);
        games_reader_close(&B);
        return cli_usage_error("%s", err);
    }
    games_row *ga = malloc(sizeof *ga), *gb = malloc(sizeof *gb);
    comparison *cmp = calloc(1, sizeof *cmp);
    evbuf ea = {0}, eb = {0};
    int more = ga && gb && cmp ? 1 : cli_usage_error("out of memory");
    while (more == 1 && (more = next_pair(&A, &B, ga, gb)) == 1)
        if (compare_game(cmp, ga, gb) && (int)cmp->shown < show) {
            if (!cmp->shown) print_header(la, lb, ga, gb);
            show_first_difference(ga, gb, &ea, &eb);
            cmp->shown++;
        }
    if (!more && !cmp->games) cli_usage_error("'%s' holds no games", pa);
    else if (!more) {
        if (!cmp->shown) print_header(la, lb, ga, gb);
        close_deal(cmp);
        print_report(cmp);
        rc = cmp->hash_changed || cmp->outcome_changed ? 1 : 0;
    }
    games_reader_close(&A);
    games_reader_close(&B);
    free(ga);
    free(gb);
    free(cmp);
    free(ea.ev);
    free(eb.ev);
    return rc;
}

/* ---------------------------------------------------------------- command */

typedef struct diff_opts {
    uint64_t show, games, players, threads, progress;    jm_seed seed;
    const char *rules, *vs_rules, *agents, *luck;
    int rotate;
    value_fn value;              /* --luck's */
} diff_opts;

static const opt options[] = {
    OPT_ROW_UINT("show", "K", diff_opts, show, "--show count", 0, 1000, "3", "changed games to replay and show"),
    OPT_ROW_TEXT("luck", "V", diff_opts, luck, NULL, CLI_LUCK_HELP ": with --rules, the\nwin differences luck-adjusted too (two files given: when\nboth have win_adj)"),
    OPT_ROW_TEXT("rules", "A", diff_opts, rules, NULL, "the first rule set (with --vs-rules)"),
    OPT_ROW_TEXT("vs-rules", "B", diff_opts, vs_rules, NULL, "the second rule set"),
    OPT_GAMES(diff_opts, "game count", UINT64_MAX / 2, "10000", "deals to play"),
    OPT_PLAYERS(diff_opts, NULL, "2 to 6 (as many as --agents names, if 2 to 6; else 4)"),
    OPT_SEED(diff_opts, "1", "the run's seed"),
    OPT_AGENTS(diff_opts, "random", "as for sim"),
    OPT_ROW_FLAG("rotate", diff_opts, rotate, "as for sim"),
    OPT_THREADS(diff_opts),
    OPT_PROGRESS(diff_opts),
};

static const opt_table table = {
    .command = "diff",
    .usage = "Usage: jamaica diff A.csv B.csv [--show K]\n"
             "       jamaica diff --rules A --vs-rules B [--games N] [--players P] [--seed S]\n"
             "                    [--seed-file PATH] [--agents LIST] [--rotate] [--threads T]\n"
             "                    [--progress SECONDS] [--luck V]\n"
             "                    [--show K]\n",
    .about = "Compare two GAMES.csv of the same deals (sim --games-csv, same seed, games and\n"
             "players) game by game, or play the same deals under two rule sets and compare\n"
             "those.  Reports the games whose trace hash changed and those whose outcome\n"
             "(ranks, wins) changed; the paired differences B - A of each seat's and\n"
             "agent's win rate and mean score and of the rounds per game, with 95%\n"
             "intervals and p-values that take the deal (all its seatings) as the unit,\n"
             "and McNemar's exact test for wins; and\n"
             "for the first K changed games the first event that differs (both games\n"
             "replayed, the two events as JSON).\n"
             "\n"
             "Exit status (as diff(1)): 0 nothing differs, 1 something does, 2 trouble: bad\n"
             "input or an I/O error (a failed write to stdout too); 3 an agent failed.\n",
    .opts = options,
    .n = OPT_COUNT(options),
    .operands = -1,
};

/* Play the deals under one rule set into a temporary GAMES.csv. */
static int play_to(const sim_config *base, const char *rules_text, char *path, size_t len)
{
    sim_config c = *base;
    if (cli_rules(rules_text, c.players, &c.rules)) return 2;
    const char *dir = getenv("TMPDIR");
    snprintf(path, len, "%s/jamaica-diff.XXXXXX", dir && *dir ? dir : "/tmp");
    int fd = mkstemp(path);
    if (fd < 0) {
        fprintf(stderr, "jamaica: cannot make a temporary file in %s: %s\n", dir && *dir ? dir : "/tmp",
                strerror(errno));
        path[0] = '\0';
        return 1;
    }
    close(fd);
    c.games_path = path;
    cli_catch_stop();
    int rc = cli_run_games(&c, "nothing compared");
    cli_release_stop();
    return rc;
}

/* diff --rules A --vs-rules B: both rule sets played, then compared. */
static int diff_rules(diff_opts *o)
{
    sim_config c;
    memset(&c, 0, sizeof c);
    char err[512];
    if (!o->players) o->players = (uint64_t)sim_players_of(o->agents, 4);
    if (sim_parse_agents(o->agents, (int)o->players, c.specs, err, sizeof err)) return cli_usage_error("%s", err);
    if (cli_threads(&o->threads)) return 2;
    jm_rules base;
    if (cli_rules(o->rules, (int)o->players, &base)) return 2;
    if (cli_luck(o->luck, &base, &o->value)) return 2;
    c.luck = o->luck ? &o->value : NULL;
    c.games = o->games;
    c.players = (int)o->players;
    c.seed = o->seed;
    c.rotate = o->rotate;
    c.threads = (int)o->threads;
    cli_progress(&c, o->progress);

    char pa[4096] = "", pb[4096] = "";
    int rc = play_to(&c, o->rules, pa, sizeof pa);
    if (!rc) rc = play_to(&c, o->vs_rules, pb, sizeof pb);
    if (rc == 1) rc = 2; /* an I/O error: diff's 1 says the runs differ */
    if (!rc) {
        char la[600], lb[600];
        snprintf(la, sizeof la, "rules `%s`", o->rules);
        snprintf(lb, sizeof lb, "rules `%s`", o->vs_rules);
        rc = diff_files(pa, pb, (int)o->show, la, lb);
    }
    if (*pa) unlink(pa);
    if (*pb) unlink(pb);
    return rc;
}

int cmd_diff(int argc, char **argv)
{
    diff_opts o = {0};
    uint64_t given;
    int first, rc = opt_parse(&table, argc, argv, &o, &first, &given);
    if (rc) return rc == OPT_HELP ? 0 : 2;
    int files = argc - first;
    int played = opt_given(&table, given, "games") || opt_given(&table, given, "players") ||
                 opt_given(&table, given, "seed") || opt_given(&table, given, "agents") ||
                 opt_given(&table, given, "rotate");
    if (!o.rules && !o.vs_rules) {
        if (files != 2) return cli_usage_error("diff takes two GAMES.csv files, or --rules A --vs-rules B");
        if (played || o.luck)
            return cli_usage_error("diff: --games, --players, --seed, --agents, --rotate and --luck go with --rules");
        return diff_files(argv[first], argv[first + 1], (int)o.show, argv[first], argv[first + 1]);
    }
    if (!o.rules || !o.vs_rules) return cli_usage_error("diff: give both --rules and --vs-rules");
    if (files) return cli_usage_error("diff: unexpected argument '%s' with --rules", argv[first]);
    return diff_rules(&o);
}
