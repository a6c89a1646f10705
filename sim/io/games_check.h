/*
 * games_check.h - a GAMES.csv row's fields checked as strictly as
 * games_csv.c writes them: each column's type and range, the row's facts
 * against each other, and a game's rows against each other.  The reader
 * (games_read.c) says where: each check gives the column at fault and why.
 */
#ifndef SIM_IO_GAMES_CHECK_H
#define SIM_IO_GAMES_CHECK_H

#include <stddef.h>
#include <stdint.h>

#include "games_csv.h"

/* One row's fields, each checked: the text as read (NULL for a column the
 * file has not) and its value. */
typedef struct games_fields {
    const char *text[GAMES_NCOL];
    long long v[GAMES_NCOL];     /* the whole numbers; -1 for an empty captain_offset or faults */
    double x[GAMES_NCOL];        /* win and the luck columns */
    uint64_t hash;
    jm_seed seed;
} games_fields;

/* The first row's players and rules: the rules parsed by the engine (as
 * the commands parse --rules) and written back as the writer writes them,
 * the ships and round cap into *lim.  0, or the column at fault with why. */
int games_check_run(const games_fields *f, games_limits *lim, char *why, size_t n);

/* Column c of a row checked against its type and range under lim (the
 * columns before it already checked: the seat says whose row it is); its
 * value into *f.  0, or -1 with why ("'4294967297' is out of range (0 to 1)"). */
int games_check_field(games_col c, const char *text, const games_limits *lim, games_fields *f, char *why, size_t n);

/* A row's fields against each other (the ghost's flag, the captain
 * offset, the score's parts, a capped game's rounds): 0, or the column at
 * fault (1 + its games_col) with why. */
int games_check_row(const games_fields *f, const games_limits *lim, char *why, size_t n);

/* What a game's check needs of each of its rows. */
typedef struct games_seat_facts {
    int score, rank, finished;
    double win;
    char win_text[16];
} games_seat_facts;

/* A game's rows against each other: the winners the rank-1 rows, each
 * with the share of k winners; each rank the one its score allows; a game
 * not capped with a ship home.  0, or 1 + the column at fault, its row in
 * *seat, with why. */
int games_check_game(const games_seat_facts *s, int ships, int capped, int *seat, char *why, size_t n);

#endif
