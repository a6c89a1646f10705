/*
 * report.h - what `jamaica report` measured, shared by the run
 * (sim/cmd/report.c) and the page that shows it (report_page.c).
 */
#ifndef JAMAICA_CLI_REPORT_H
#define JAMAICA_CLI_REPORT_H

#include <stdint.h>
#include <stdio.h>

#include "../../agents/value.h"
#include "../run/lineup.h"
#include "../run/parting.h"
#include "options.h"
#include "skill.h"
#include "worth.h"

#define SIDES 2 /* 0: the base game, 1: the variant */
#define SHOWN 5 /* deals whose parting is shown */

/* The per-game values of one rule set at one player count.  The last two
 * only with --luck: the edge and the ghost's share luck-adjusted
 * (docs/STATISTICS.md), the first Captain's draw kept out of the edge's. */
enum { M_EDGE, M_GHOST, M_ROUNDS, M_MARGIN, M_TIE, M_EDGE_ADJ, M_GHOST_ADJ, NM };

typedef struct run_vals {
    int players;
    uint64_t n;
    float *m[NM];                 /* [game] */
    double seat[JM_MAX_PLAYERS], seat2[JM_MAX_PLAYERS];
    float *seatw[JM_MAX_PLAYERS]; /* [game]: each seat's win share */
} run_vals;

typedef struct report_opts {
    const char *rules, *agent, *out, *players_text, *luck, *ladder_text;
    ladder ladder;               /* --ladder's, for --skill */
    value_fn value;              /* --luck's */
    uint64_t games, worth_games, skill_games, threads, progress;
    jm_seed seed;
    player_range players;
} report_opts;

typedef struct report {
    report_opts *o;
    jm_rules rules[SIDES];
    char rules_text[SIDES][600], seed_text[64];
    run_vals v[SIDES][JM_MAX_PLAYERS + 1]; /* [side][players] */
    worth_cfg wc[SIDES];
    worth_row worth[SIDES][RESTRICT_COUNT];
    int nworth;
    diff_parting part[SHOWN];
    int nparts, parts_players;
    skill_result skill[SIDES];   /* --skill's */
} report;

/* The whole page (html) or its Markdown (!html) to f. */
void report_write(FILE *f, int html, report *R);

#endif
