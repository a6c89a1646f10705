/*
 * csv.h - CSV as the harness writes and reads it (RFC 4180: a field is
 * quoted when it holds a comma, a quote or a line break; a quote inside is
 * doubled), and the rows of GAMES.csv.
 */
#ifndef SIM_CSV_H
#define SIM_CSV_H

#include <stddef.h>

#include "sim.h"

#define CSV_ROW_MAX 448          /* bytes per GAMES.csv row, at most */
#define CSV_QUOTED_SPEC (2 * SIM_SPEC_LEN + 3)

/* v as one CSV field into dst[cap]; its length. */
size_t csv_field(char *dst, size_t cap, const char *v);

/* Split one line (no line break) into at most max fields, in place:
 * quotes removed, doubled quotes undone.  The field count, or -1 for a
 * malformed line (a quote not closed, text after a closing quote). */
int csv_split(char *line, char **fields, int max);

/* GAMES.csv's header; with_seating adds the tournament's `seating`. */
const char *csv_games_header(int with_seating);

/* The rows of one game (its seats, then the ghost) into buf[cap]; the
 * bytes written.  rules_q and specs_q are already CSV fields. */
size_t csv_games_rows(const sim_config *c, const char *rules_q, const char (*specs_q)[CSV_QUOTED_SPEC],
                      const sim_game *r, char *buf, size_t cap);

#endif
