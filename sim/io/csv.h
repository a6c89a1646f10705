/*
 * csv.h - CSV fields as every file of the harness writes and reads them
 * (RFC 4180: a field is quoted when it holds a comma, a quote or a line
 * break; a quote inside is doubled).
 */
#ifndef SIM_IO_CSV_H
#define SIM_IO_CSV_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "record.h"

#define CSV_QUOTED_SPEC (2 * SIM_SPEC_LEN + 3)  /* an agent spec as a field */

/* v as one CSV field into dst[cap]; its length. */
size_t csv_field(char *dst, size_t cap, const char *v);

/* Split one line (no line break) into at most max fields, in place:
 * quotes removed, doubled quotes undone.  The field count, or -1 for a
 * malformed line (a quote not closed, text after a closing quote). */
int csv_split(char *line, char **fields, int max);

/* The header of a table of columns: the names joined by commas, with the
 * line break, into buf[cap]; its length. */
size_t csv_header(const char *const *names, int n, char *buf, size_t cap);

/* Read one line of f into *line (growing it), line break removed: 1, or 0
 * at the end. */
int csv_read_line(FILE *f, char **line, size_t *cap);

/* A field as a whole number (all of it, in range): 0, or -1. */
int csv_parse_u64(const char *s, uint64_t *v);
int csv_parse_i64(const char *s, int64_t *v);

#endif
