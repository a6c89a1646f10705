/*
 * games_csv.h - GAMES.csv: one row per game and seat (long form), the
 * ghost's row after the players'.  The column table below is the format:
 * the header, every row written and every row read follow it.
 */
#ifndef SIM_IO_GAMES_CSV_H
#define SIM_IO_GAMES_CSV_H

#include <stddef.h>
#include <stdio.h>

#include "../../engine/jamaica.h" /* jm_seed */

#include "csv.h"
#include "record.h"

#define GAMES_ROW_MAX 768        /* bytes per row, at most */
#define GAMES_RULES_MAX 512      /* the rules field, read back */

typedef enum games_col {
    GC_GAME, GC_SEED, GC_PLAYERS, GC_RULES, GC_SEAT, GC_AGENT, GC_IS_GHOST, GC_FIRST_CAPTAIN, GC_CAPTAIN_OFFSET,
    GC_ROUNDS, GC_CAPPED, GC_FINISHED, GC_SCORE, GC_RANK, GC_WIN, GC_POSITION_SCORE, GC_GOLD, GC_TREASURE_POINTS,
    GC_BATTLES_WON, GC_BATTLES_LOST, GC_SHORTAGES, GC_TRACE_HASH,
    GC_SEATING,                  /* a tournament's files only */
    GC_FAULTS,                   /* only when a seat may play on after its agent failed
                                    (on_fault=random): that seat's failures in the game */
    GC_WIN_ADJ, GC_LUCK_CAPTAIN, /* only with --luck: the win share plus the game's luck
                                    corrections, and of those the first Captain's draw's */
    GC_LUCK_PILE, GC_LUCK_DRAW, GC_LUCK_DICE, GC_LUCK_BATTLE, GC_LUCK_SHORTAGE, GC_LUCK_TREASURE,
    GC_LUCK_BLIND,               /* ... and each other kind's under V, before its weight */
    GC_LUCK_DECISION,            /* ... and the decisions' of agents whose odds are known */
    GAMES_NCOL
} games_col;

extern const char *const games_col_name[GAMES_NCOL];

/* What every row of one run repeats. */
typedef struct games_run {
    jm_seed seed;
    int players, ships;          /* ships: players and the ghost, when it plays */
    int seatings;                /* 1: the `seating` column */
    int faults;                  /* 1: the `faults` column */
    int luck;                    /* 1: the `win_adj` and `luck_captain` columns */
    const char *rules_q;         /* the rules, already a CSV field */
    const char (*specs_q)[CSV_QUOTED_SPEC]; /* each agent spec, already a CSV field */
} games_run;

/* The header line (with its line break) into buf[cap]; its length. */
size_t games_csv_header(const games_run *run, char *buf, size_t cap);
/* The rows of one game into buf[cap]; the bytes written. */
size_t games_csv_rows(const games_run *run, const sim_game *r, char *buf, size_t cap);

/* The win share as the `win` column writes it: "0" for a loser, "1" for a
 * sole winner, 1/k to 6 digits for each of k sharing the win. */
int games_win_text(char *buf, size_t n, int winner, int k);

/* ---------------------------------------------------------------- reading */

/* One game as read back: the columns `jamaica diff` compares. */
typedef struct games_row {
    uint64_t game, hash;
    jm_seed seed;
    long seating;                /* -1 without the column */
    int players, nseats, rounds;
    char rules[GAMES_RULES_MAX];
    char agent[JM_MAX_SHIPS][SIM_SPEC_LEN];
    int ghost[JM_MAX_SHIPS], score[JM_MAX_SHIPS], rank[JM_MAX_SHIPS];
    double win[JM_MAX_SHIPS];
    double win_adj[JM_MAX_SHIPS]; /* luck-adjusted (the file's win_adj), or win */
    int has_adj;                  /* the file has win_adj (a --luck run's) */
} games_row;

/* What every row of a file repeats (one run's), from its first row. */
typedef struct games_limits {
    int players, ships, round_cap;
} games_limits;

/* A GAMES.csv read as strictly as it is written (games_read.c): every
 * column's type and range, each game's rows together in seat order and at
 * one with each other, the games in the order written, one run's seed,
 * players and rules (parsed by the engine) in every row.  A damaged row is
 * refused in one line naming the file, the line and the column. */
typedef struct games_reader {
    const char *path;
    FILE *f;
    int col[GAMES_NCOL];         /* each column's place in the file; -1 if absent */
    int ncol;                    /* the header's columns */
    char *line, *work;           /* the line as read; a copy to split */
    size_t cap, workcap;
    long len;                    /* the line's bytes, its line break included */
    int pending;                 /* line holds the next game's first row */
    uint64_t lineno;
    int run_set;                 /* the first row read: the run below */
    games_limits lim;
    char seed[JM_SEED_TEXT], rules[GAMES_RULES_MAX];
    int players;
    uint64_t games, last_game;   /* games read; the last one's number */
    long last_seating, seatings; /* its seating; seatings a deal, once known (else -1) */
} games_reader;

/* Open a GAMES.csv and read its header: 0, or -1 with why in err (a
 * missing file, an empty one, a header not the writer's). */
int games_reader_open(games_reader *d, const char *path, char *err, size_t errlen);
/* The next game's rows into *g: 1, 0 at the end, -1 with why in err. */
int games_reader_next(games_reader *d, games_row *g, char *err, size_t errlen);
void games_reader_close(games_reader *d);

#endif
