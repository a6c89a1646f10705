/*
 * worth.c - `jamaica study worth`: what each element of the game is worth
 * to an agent (restricted play, docs/VARIANTS.md "Elements weighed").  For
 * each element, one seat plays AGENT:forbid=ELEMENT against P-1
 * unrestricted copies of AGENT, the agents rotated over the seats, on the
 * deals 0..N-1 of the seed.  The win share the restricted seat loses
 * (1/P less its own) and the points it ends behind the copies' mean, each
 * with its 95% interval over the games, are what the element is worth.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../cli/cli.h"
#include "../cli/options.h"
#include "../cli/stop.h"
#include "../io/outfile.h"
#include "../run/lineup.h"
#include "cmd.h"
#include "../../agents/value.h"
#include "../io/summary.h"
#include "../cli/worth.h"

/* ---------------------------------------------------------------- the command */

typedef struct worth_args {
    const char *agent, *forbid, *rules, *out, *md, *luck;
    uint64_t games, players, threads, progress;
    jm_seed seed;
} worth_args;

static const opt options[] = {
    OPT_ROW_TEXT("agents", "AGENT", worth_args, agent, "sharp", "the agent weighed, as for sim ({default})"),
    OPT_ROW_TEXT("forbid", "E,E...", worth_args, forbid, "gunpowder,attack,backward,lair,sabre",
                 "the elements to weigh ({default})"),
    OPT_ROW_UINT("players", "P", worth_args, players, "player count", 2, 6, "3", "2 to 6 ({default})"),
    OPT_GAMES(worth_args, "game count", 100000000000ULL, "4000", "deals an element ({default})"),
    OPT_SEED(worth_args, "1", "the run's seed"),
    OPT_RULES(worth_args, "2021 (default), classic or a variant file, with options"),
    OPT_THREADS(worth_args),
    OPT_PROGRESS(worth_args),
    OPT_OUT(worth_args, "study-worth.csv", "the CSV ({default})"),
    OPT_ROW_TEXT("md", "PATH", worth_args, md, NULL, "the Markdown summary (stdout)"),
    OPT_ROW_TEXT("luck", "V", worth_args, luck, NULL, CLI_LUCK_HELP ": the win share"),
};

static const opt_table table = {
    .command = "study worth",
    .synopsis = "jamaica study worth",
    .about = "What each element of the game is worth to an agent: for each element,\n"
             "one seat plays AGENT:forbid=ELEMENT against unrestricted copies of AGENT,\n"
             "the agents rotated over the seats, on the same deals.  Reports the\n"
             "restricted seat's win share, the share it loses against an even one, and\n"
             "its score less the copies' mean, with 95% intervals.  Elements: gunpowder\n"
             "(spends none in a battle), attack (ends no move it can choose on a ship),\n"
             "backward (plays no card with a backward half), lair (ends no move it can\n"
             "choose on a guarded lair), sabre (never rerolls); docs/VARIANTS.md.\n",
    .opts = options,
    .n = OPT_COUNT(options),
};

static int write_csv(const char *path, const worth_cfg *w, const char *rules_text, const worth_row *rows, int n)
{
    outfile o;
    char err[600], line[1024];
    if (outfile_open(&o, path, err, sizeof err)) return cli_usage_error("%s", err);
    int k = snprintf(line, sizeof line, "element,agent,players,games,seed,rules,win_share,win_low,win_high,"
                                        "points,points_low,points_high%s\n",
                     w->luck ? ",win_share_adj,win_adj_low,win_adj_high,luck" : "");
    int bad = outfile_write(&o, line, (size_t)k, err, sizeof err);
    for (int i = 0; i < n && !bad; i++) {
        const worth_row *r = &rows[i];
        k = snprintf(line, sizeof line, "%s,\"%s\",%d,%llu,%s,\"%s\",%.6f,%.6f,%.6f,%.4f,%.4f,%.4f\n",
                     restrict_name(r->element), w->agent, w->players, (unsigned long long)r->games, w->seed_text,
                     rules_text, r->win, r->win_lo, r->win_hi, r->points, r->points_lo, r->points_hi);
        if (w->luck && k > 0 && (size_t)k < sizeof line) /* the same row, the adjusted share after it */
            k = k - 1 + snprintf(line + k - 1, sizeof line - (size_t)k + 1, ",%.6f,%.6f,%.6f,\"%s\"\n", r->win_adj,
                                 r->win_adj_lo, r->win_adj_hi, w->luck->name);
        bad = outfile_write(&o, line, (size_t)k, err, sizeof err);
    }
    if (bad || outfile_commit(&o, err, sizeof err)) {
        outfile_abort(&o);
        fprintf(stderr, "jamaica: %s\n", err);
        return 1;
    }
    return 0;
}

int cmd_worth(int argc, char **argv)
{
    worth_args a = {0};
    int first, rc = opt_parse(&table, argc, argv, &a, &first, NULL);
    if (rc) return rc == OPT_HELP ? 0 : 2;
    if (first < argc) return cli_usage_error("study worth takes no operand ('%s')", argv[first]);
    worth_cfg w = {.agent = a.agent, .players = (int)a.players, .games = a.games, .seed = a.seed,
                   .progress = (unsigned)a.progress};
    if (cli_threads(&a.threads)) return 2;
    w.threads = (int)a.threads;
    if (cli_rules(a.rules, w.players, &w.rules)) return 2;
    static value_fn value;
    if (cli_luck(a.luck, &w.rules, &value)) return 2;
    w.luck = a.luck ? &value : NULL;
    char err[512];
    if (sim_check_list(a.agent, err, sizeof err)) return cli_usage_error("%s", err); /* before "one agent" */
    if (strchr(a.agent, ',')) return cli_usage_error("study worth: --agents names one agent, not '%s'", a.agent);
    int sealed = !strncmp(a.agent, "cmd:", 4) || !strncmp(a.agent, "plugin:", 7), forbids = 0;
    if (!sealed) { /* a built-in agent: made once to check its parameters */
        agent probe;
        if (agent_create(&probe, a.agent, err, sizeof err)) return cli_usage_error("%s", err);
        forbids = probe.forbid != 0;
        agent_destroy(&probe);
    }
    if (sealed || forbids)
        return cli_usage_error("study worth: '%s': %s", a.agent,
                               sealed ? "a built-in agent only (forbid= restricts those)" : "give the agent without forbid=");
    char list[128];
    snprintf(list, sizeof list, "%s", a.forbid);
    for (char *p = list; *p; p++)
        if (*p == ',') *p = '+';
    unsigned mask;
    if (restrict_parse(list, &mask, err, sizeof err)) return cli_usage_error("study worth: %s", err);
    w.elements = mask;
    jm_seed_format(&w.seed, w.seed_text, sizeof w.seed_text);
    char rules_text[600];
    jm_rules_format(&w.rules, rules_text, sizeof rules_text);
    /* the outputs can be written before the work */
    const char *paths[2] = {a.out, a.md};
    for (int i = 0; i < 2 && paths[i]; i++)
        if (outfile_probe(paths[i], err, sizeof err)) return cli_usage_error("%s", err);
    if (a.md && outfile_same(a.out, a.md)) return cli_usage_error("study worth: --out and --md name the same file");
    worth_row rows[RESTRICT_COUNT];
    int n;
    if ((rc = worth_run(&w, rows, &n))) return rc;
    if ((rc = write_csv(a.out, &w, rules_text, rows, n))) return rc;
    if (!a.md) {
        worth_markdown(stdout, &w, rules_text, rows, n);
        return 0;
    }
    char *text = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&text, &len);
    if (!m) return cli_usage_error("out of memory");
    worth_markdown(m, &w, rules_text, rows, n);
    fclose(m);
    rc = outfile_text(a.md, text, len, err, sizeof err);
    free(text);
    if (rc) fprintf(stderr, "jamaica: %s\n", err);
    else printf("wrote %s, %s\n", a.out, a.md); /* stdout says what became of the Markdown, as sim's line */
    return rc ? 1 : 0;
}
