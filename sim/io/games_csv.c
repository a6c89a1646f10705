/* games_csv.c - GAMES.csv written from its column table (see games_csv.h; games_read.c reads it). */
#include <stdio.h>
#include <string.h>

#include "games_csv.h"
#include "summary.h"

const char *const games_col_name[GAMES_NCOL] = {
    "game", "seed", "players", "rules", "seat", "agent", "is_ghost", "first_captain", "captain_offset",
    "rounds", "capped", "finished", "score", "rank", "win", "position_score", "gold", "treasure_points",
    "battles_won", "battles_lost", "shortages", "trace_hash", "seating", "faults", "win_adj", "luck_captain",
    "luck_pile", "luck_draw", "luck_dice", "luck_battle", "luck_shortage", "luck_treasure", "luck_blind",
    "luck_decision",
};

/* The run's columns in order (the optional ones when it has them); how many. */
static int run_columns(const games_run *run, games_col *cols)
{
    int n = 0;
    for (int c = 0; c < GAMES_NCOL; c++)
        if ((c != GC_SEATING || run->seatings) && (c != GC_FAULTS || run->faults) &&
            (c < GC_WIN_ADJ || run->luck))
            cols[n++] = (games_col)c;
    return n;
}

size_t games_csv_header(const games_run *run, char *buf, size_t cap)
{
    games_col cols[GAMES_NCOL];
    const char *names[GAMES_NCOL];
    int n = run_columns(run, cols);
    for (int i = 0; i < n; i++) names[i] = games_col_name[cols[i]];
    return csv_header(names, n, buf, cap);
}

int games_win_text(char *buf, size_t n, int winner, int k)
{
    if (!winner) return snprintf(buf, n, "0");
    if (k == 1) return snprintf(buf, n, "1");
    return snprintf(buf, n, "%.6g", 1.0 / k);
}

/* Column c of seat k's row into buf[n]; its length. */
static int field_text(const games_run *run, const sim_game *r, int k, games_col c, char *buf, size_t n)
{
    const sim_seat *t = &r->seat[k];
    int np = run->players, ghost = k >= np;
    switch (c) {
    case GC_GAME: return snprintf(buf, n, "%llu", (unsigned long long)r->game);
    case GC_SEED: {
        char seed[JM_SEED_TEXT];
        return snprintf(buf, n, "%s", jm_seed_format(&run->seed, seed, sizeof seed));
    }
    case GC_PLAYERS: return snprintf(buf, n, "%d", np);
    case GC_RULES: return snprintf(buf, n, "%s", run->rules_q);
    case GC_SEAT: return snprintf(buf, n, "%d", k);
    case GC_AGENT: return snprintf(buf, n, "%s", ghost ? "ghost" : run->specs_q[t->agent]);
    case GC_IS_GHOST: return snprintf(buf, n, "%d", ghost);
    case GC_FIRST_CAPTAIN: return snprintf(buf, n, "%d", r->first_captain);
    case GC_CAPTAIN_OFFSET: /* seats after the first Captain; empty for the ghost */
        return ghost ? snprintf(buf, n, "%s", "") : snprintf(buf, n, "%d", (k - r->first_captain + np) % np);
    case GC_ROUNDS: return snprintf(buf, n, "%d", r->rounds);
    case GC_CAPPED: return snprintf(buf, n, "%d", r->capped);
    case GC_FINISHED: return snprintf(buf, n, "%d", t->finished);
    case GC_SCORE: return snprintf(buf, n, "%d", t->score);
    case GC_RANK: return snprintf(buf, n, "%d", t->rank);
    case GC_WIN: return games_win_text(buf, n, t->winner, r->nwin);
    case GC_POSITION_SCORE: return snprintf(buf, n, "%d", t->space);
    case GC_GOLD: return snprintf(buf, n, "%d", t->gold);
    case GC_TREASURE_POINTS: return snprintf(buf, n, "%d", t->treasure);
    case GC_BATTLES_WON: return snprintf(buf, n, "%d", t->battles_won);
    case GC_BATTLES_LOST: return snprintf(buf, n, "%d", t->battles_lost);
    case GC_SHORTAGES: return snprintf(buf, n, "%d", t->shortages);
    case GC_TRACE_HASH: return snprintf(buf, n, "%016llx", (unsigned long long)r->trace_hash);
    case GC_SEATING: return snprintf(buf, n, "%d", r->seating);
    case GC_FAULTS: return ghost ? snprintf(buf, n, "%s", "") : snprintf(buf, n, "%d", t->faults);
    case GC_WIN_ADJ: {
        long long w = t->winner ? SUMMARY_ADJ_UNIT / r->nwin : 0;
        return snprintf(buf, n, "%.6f", (double)(w + t->luck) / SUMMARY_ADJ_UNIT);
    }
    case GC_LUCK_CAPTAIN: return snprintf(buf, n, "%.6f", (double)t->luck_captain / SUMMARY_ADJ_UNIT);
    case GC_LUCK_PILE: case GC_LUCK_DRAW: case GC_LUCK_DICE: case GC_LUCK_BATTLE: case GC_LUCK_SHORTAGE:
    case GC_LUCK_TREASURE: case GC_LUCK_BLIND: {
        static const int8_t kind[] = {JM_CH_PILE, JM_CH_DRAW, JM_CH_DICE, JM_CH_BATTLE, JM_CH_SHORTAGE, JM_CH_TREASURE,
                                      JM_CH_BLIND};
        return snprintf(buf, n, "%.6f", (double)t->luck_kind[kind[c - GC_LUCK_PILE]] / SUMMARY_ADJ_UNIT);
    }
    case GC_LUCK_DECISION: return snprintf(buf, n, "%.6f", (double)t->luck_kind[JM_CH_KINDS] / SUMMARY_ADJ_UNIT);
    case GAMES_NCOL: break;
    }
    return 0;
}

size_t games_csv_rows(const games_run *run, const sim_game *r, char *buf, size_t cap)
{
    size_t o = 0;
    games_col cols[GAMES_NCOL];
    int ncol = run_columns(run, cols);
    for (int k = 0; k < run->ships; k++) {
        for (int c = 0; c < ncol && o < cap; c++) {
            if (c) buf[o++] = ',';
            if (o < cap) o += (size_t)field_text(run, r, k, cols[c], buf + o, cap - o);
        }
        if (o + 1 >= cap) return cap;
        buf[o++] = '\n';
        buf[o] = '\0';
    }
    return o;
}
