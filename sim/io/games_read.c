/*
 * games_read.c - GAMES.csv read back as strictly as games_csv.c writes it
 * (see games_csv.h): the header the writer's, each line ended by a line
 * feed and quoted as written, every field checked (games_check.c), a
 * game's rows together in seat order, the games in the order written, one
 * run's seed, players and rules in every row.  The first fault is refused
 * in one line: the file, the line, the column and why.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games_check.h"
#include "games_csv.h"

#define MAX_FIELDS 64

/* err = "PATH line N, column C: why" (col -1: no column); -1. */
static int refuse(const games_reader *d, uint64_t line, int col, char *err, size_t errlen, const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));
static int refuse(const games_reader *d, uint64_t line, int col, char *err, size_t errlen, const char *fmt, ...)
{
    char why[600];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, sizeof why, fmt, ap);
    va_end(ap);
    unsigned long long at = line;
    if (col < 0) snprintf(err, errlen, "%s line %llu: %s", d->path, at, why);
    else snprintf(err, errlen, "%s line %llu, column %s: %s", d->path, at, games_col_name[col], why);
    return -1;
}

/* The next line into d->line: 1, or 0 at the end. */
static int read_line(games_reader *d)
{
    ssize_t n = getline(&d->line, &d->cap, d->f);
    if (n < 0) return 0;
    d->len = (long)n;
    d->lineno++;
    return 1;
}

/* The line as the writer ends it (a line feed, no carriage return, no NUL
 * byte), its line feed removed: 0, or -1. */
static int line_ended(games_reader *d, char *err, size_t errlen)
{
    if (d->line[d->len - 1] != '\n')
        return refuse(d, d->lineno, -1, err, errlen, "no line break at its end (a file cut short)");
    d->line[--d->len] = '\0';
    if (strchr(d->line, '\r'))
        return refuse(d, d->lineno, -1, err, errlen, "a carriage return (GAMES.csv's lines end in a line feed alone)");
    if ((long)strlen(d->line) != d->len) return refuse(d, d->lineno, -1, err, errlen, "a NUL byte");
    return 0;
}

/* The line split into f[] (in d->work): the field count, or -1. */
static int split(games_reader *d, char **f, char *err, size_t errlen)
{
    size_t len = (size_t)d->len + 1;
    if (len > d->workcap) {
        char *w = realloc(d->work, len);
        if (!w) {
            snprintf(err, errlen, "out of memory");
            return -1;
        }
        d->work = w;
        d->workcap = len;
    }
    memcpy(d->work, d->line, len);
    int n = csv_split(d->work, f, MAX_FIELDS);
    if (n < 0)
        return refuse(d, d->lineno, -1, err, errlen, "not CSV as written (a quote not closed, text after a closing "
                                                     "quote, or over %d fields)", MAX_FIELDS);
    return n;
}

/* Whether the raw text at p holds v as csv_field writes it: the bytes it
 * takes, or -1. */
static long as_written(const char *p, const char *v)
{
    size_t k = strlen(v);
    if (!strpbrk(v, ",\"\n\r")) return strncmp(p, v, k) || (p[k] && p[k] != ',') ? -1 : (long)k;
    const char *s = p;
    if (*s++ != '"') return -1;
    for (; *v; v++) {
        if (*v == '"' && *s++ != '"') return -1;
        if (*s++ != *v) return -1;
    }
    return *s == '"' ? (long)(s + 1 - p) : -1;
}

/* Which column field i is; -1 for none (past the header's). */
static int column_at(const games_reader *d, int i)
{
    for (int c = 0; c < GAMES_NCOL; c++)
        if (d->col[c] == i) return c;
    return -1;
}

/* The row's fields: as many as the header's, each quoted as written. */
static int row_fields(games_reader *d, char **f, char *err, size_t errlen)
{
    int n = split(d, f, err, errlen);
    if (n < 0) return -1;
    if (n != d->ncol) {
        if (n == 1 && !*f[0]) return refuse(d, d->lineno, -1, err, errlen, "empty (a blank line)");
        return refuse(d, d->lineno, n < d->ncol ? column_at(d, n) : -1, err, errlen,
                      "%s%d fields where the header names %d", n < d->ncol ? "missing: " : "", n, d->ncol);
    }
    const char *p = d->line;
    for (int i = 0; i < n; i++) {
        long k = as_written(p, f[i]);
        if (k < 0)
            return refuse(d, d->lineno, column_at(d, i), err, errlen, "not quoted as written (%s)",
                          strpbrk(f[i], ",\"") ? "the writer quotes it, its quotes doubled"
                                               : "the writer leaves it bare");
        p += k + (p[k] == ',');
    }
    return 0;
}

/* ---------------------------------------------------------------- the header */

/* Whether column c may be left out of a file (luck: the file has win_adj). */
static int optional(int c, int luck)
{
    return c == GC_SEATING || c == GC_FAULTS || (c >= GC_WIN_ADJ && !luck);
}

/* The header as the writer writes it: the table's columns in order, the
 * optional ones (seating, faults, the luck columns together) or not. */
static int header(games_reader *d, char *err, size_t errlen)
{
    char *f[MAX_FIELDS];
    if (line_ended(d, err, errlen)) return -1;
    if (strchr(d->line, '"')) return refuse(d, 1, -1, err, errlen, "a quote (the writer's header has none)");
    int n = split(d, f, err, errlen), i = 0, luck = 0;
    if (n < 0) return -1;
    for (int k = 0; k < n; k++) luck |= !strcmp(f[k], games_col_name[GC_WIN_ADJ]);
    for (int c = 0; c < GAMES_NCOL; c++) {
        d->col[c] = -1;
        if (i < n && !strcmp(f[i], games_col_name[c])) {
            d->col[c] = i++;
            continue;
        }
        if (optional(c, luck)) continue;
        int k = 0;
        while (k < n && strcmp(f[k], games_col_name[c])) k++;
        if (k == n)
            return refuse(d, 1, -1, err, errlen, "no column '%s' (not a GAMES.csv of this version)", games_col_name[c]);
        return refuse(d, 1, -1, err, errlen, "column %d is %s%.60s%s where the writer's is '%s' (not a GAMES.csv of "
                      "this version)", i + 1, i < n ? "'" : "", i < n ? f[i] : "missing", i < n ? "'" : "",
                      games_col_name[c]);
    }
    if (i < n)
        return refuse(d, 1, -1, err, errlen, "column %d, '%.60s', is not one of GAMES.csv's here (not a GAMES.csv "
                      "of this version)", i + 1, f[i]);
    d->ncol = n;
    return 0;
}

int games_reader_open(games_reader *d, const char *path, char *err, size_t errlen)
{
    memset(d, 0, sizeof *d);
    d->path = path;
    d->last_seating = d->seatings = -1;
    d->f = fopen(path, "r");
    if (!d->f) {
        snprintf(err, errlen, "cannot read '%s': %s", path, strerror(errno));
        return -1;
    }
    if (!read_line(d)) {
        snprintf(err, errlen, "'%s' is empty (not a GAMES.csv)", path);
        games_reader_close(d);
        return -1;
    }
    if (header(d, err, errlen)) {
        games_reader_close(d);
        return -1;
    }
    d->pending = read_line(d);
    return 0;
}

void games_reader_close(games_reader *d)
{
    if (d->f) fclose(d->f);
    free(d->line);
    free(d->work);
    memset(d, 0, sizeof *d);
}

/* ---------------------------------------------------------------- the rows */

/* The game being read: what its first row set, and each row's facts. */
typedef struct game_read {
    uint64_t first_line;
    long long first_captain, capped;
    games_seat_facts seat[JM_MAX_SHIPS];
} game_read;

/* The seed, players and rules: the first row's set the run (the rules
 * parsed), every later row's the same text. */
static int same_run(games_reader *d, games_fields *gf, int c, char *err, size_t errlen)
{
    char why[600];
    const char *t = gf->text[c], *run = c == GC_SEED ? d->seed : c == GC_RULES ? d->rules : NULL;
    char players[8];
    snprintf(players, sizeof players, "%d", d->players);
    if (c == GC_PLAYERS) run = players;
    if (d->run_set) {
        if (!strcmp(t, run)) return 0;
        return refuse(d, d->lineno, c, err, errlen,
                      "'%.120s' differs from line 2's '%.120s' (a GAMES.csv holds one run)", t, run);
    }
    if (c == GC_SEED) snprintf(d->seed, sizeof d->seed, "%s", t);
    if (c == GC_PLAYERS) d->players = (int)gf->v[c];
    if (c != GC_RULES) return 0;
    int bad = games_check_run(gf, &d->lim, why, sizeof why);
    if (bad) return refuse(d, d->lineno, bad - 1, err, errlen, "%s", why);
    snprintf(d->rules, sizeof d->rules, "%s", t);
    d->run_set = 1;
    return 0;
}

/* Every field of the row checked, in the table's order, into *gf. */
static int check_fields(games_reader *d, char **f, games_fields *gf, char *err, size_t errlen)
{
    char why[600];
    memset(gf, 0, sizeof *gf);
    for (int c = 0; c < GAMES_NCOL; c++) {
        if (d->col[c] < 0) continue;
        if (games_check_field((games_col)c, f[d->col[c]], &d->lim, gf, why, sizeof why))
            return refuse(d, d->lineno, c, err, errlen, "%s", why);
        if ((c == GC_SEED || c == GC_PLAYERS || c == GC_RULES) && same_run(d, gf, c, err, errlen)) return -1;
    }
    int bad = games_check_row(gf, &d->lim, why, sizeof why);
    return bad ? refuse(d, d->lineno, bad - 1, err, errlen, "%s", why) : 0;
}

/* "game 4" or "game 4 seating 2". */
static const char *game_name(char *buf, size_t n, uint64_t game, long seating)
{
    if (seating < 0) snprintf(buf, n, "game %llu", (unsigned long long)game);
    else snprintf(buf, n, "game %llu seating %ld", (unsigned long long)game, seating);
    return buf;
}

/* A game's first row: the game after the last one read (the first
 * game's first seating, in a file's first row). */
static int next_game(games_reader *d, const games_fields *gf, char *err, size_t errlen)
{
    uint64_t game = (uint64_t)gf->v[GC_GAME];
    long seating = d->col[GC_SEATING] >= 0 ? (long)gf->v[GC_SEATING] : -1;
    int in_deal = seating >= 0 && (d->seatings < 0 || d->last_seating + 1 < d->seatings);
    int next_deal = seating < 0 || d->seatings < 0 || d->last_seating + 1 == d->seatings;
    char got[64], same[64], after[64];
    if (!d->games && seating <= 0) return 0;
    if (!d->games)
        return refuse(d, d->lineno, GC_SEATING, err, errlen, "'%ld' where seating 0 was due (a file starts a deal)",
                      seating);
    if (in_deal && game == d->last_game && seating == d->last_seating + 1) return 0;
    if (next_deal && game == d->last_game + 1 && seating <= 0) {
        if (seating == 0 && d->seatings < 0) d->seatings = d->last_seating + 1;
        return 0;
    }
    int wrong_seating = seating >= 0 && ((in_deal && game == d->last_game) || (next_deal && game == d->last_game + 1));
    game_name(got, sizeof got, game, seating);
    game_name(same, sizeof same, d->last_game, d->last_seating + 1);
    game_name(after, sizeof after, d->last_game + 1, seating < 0 ? -1 : 0);
    return refuse(d, d->lineno, wrong_seating ? GC_SEATING : GC_GAME, err, errlen,
                  "%s where %s%s%s was due (each game once, in the order written)", got, in_deal ? same : "",
                  in_deal && next_deal ? " or " : "", next_deal ? after : "");
}

/* A row after its game's first: the same game, and the same first
 * Captain, rounds, cap and hash. */
static int same_game(games_reader *d, const games_row *g, const game_read *gr, const games_fields *gf, char *err,
                     size_t errlen)
{
    char name[64];
    long seating = d->col[GC_SEATING] >= 0 ? (long)gf->v[GC_SEATING] : -1;
    int key = (uint64_t)gf->v[GC_GAME] != g->game ? GC_GAME : seating != g->seating ? GC_SEATING : -1;
    game_name(name, sizeof name, g->game, g->seating);
    if (key >= 0)
        return refuse(d, d->lineno, key, err, errlen, "'%s' where %s's seat %d was due (a game's rows together, in "
                      "seat order)", gf->text[key], name, g->nseats);
    static const games_col kept[] = {GC_FIRST_CAPTAIN, GC_ROUNDS, GC_CAPPED, GC_TRACE_HASH};
    long long first[] = {gr->first_captain, g->rounds, gr->capped, 0};
    for (int i = 0; i < 4; i++)
        if (kept[i] == GC_TRACE_HASH ? gf->hash != g->hash : gf->v[kept[i]] != first[i])
            return refuse(d, d->lineno, kept[i], err, errlen, "'%s' differs from %s's first row's (line %llu)",
                          gf->text[kept[i]], name, (unsigned long long)gr->first_line);
    return 0;
}

/* The row's seat into *g and *gr (a game's first row sets the game's
 * columns). */
static void add_seat(const games_reader *d, games_row *g, game_read *gr, const games_fields *gf)
{
    if (!g->nseats) {
        g->game = (uint64_t)gf->v[GC_GAME];
        g->seed = gf->seed;
        g->seating = d->col[GC_SEATING] >= 0 ? (long)gf->v[GC_SEATING] : -1;
        g->players = d->lim.players;
        g->rounds = (int)gf->v[GC_ROUNDS];
        g->hash = gf->hash;
        snprintf(g->rules, sizeof g->rules, "%s", gf->text[GC_RULES]);
        g->has_adj = d->col[GC_WIN_ADJ] >= 0;
        gr->first_line = d->lineno;
        gr->first_captain = gf->v[GC_FIRST_CAPTAIN];
        gr->capped = gf->v[GC_CAPPED];
    }
    int k = g->nseats++;
    snprintf(g->agent[k], SIM_SPEC_LEN, "%s", gf->text[GC_AGENT]);
    g->ghost[k] = (int)gf->v[GC_IS_GHOST];
    g->score[k] = (int)gf->v[GC_SCORE];
    g->rank[k] = (int)gf->v[GC_RANK];
    g->win[k] = gf->x[GC_WIN];
    g->win_adj[k] = g->has_adj ? gf->x[GC_WIN_ADJ] : g->win[k];
    games_seat_facts *s = &gr->seat[k];
    s->score = g->score[k];
    s->rank = g->rank[k];
    s->finished = (int)gf->v[GC_FINISHED];
    s->win = g->win[k];
    snprintf(s->win_text, sizeof s->win_text, "%s", gf->text[GC_WIN]);
}

/* One row of the game *g: read, checked and added. */
static int read_row(games_reader *d, games_row *g, game_read *gr, char *err, size_t errlen)
{
    char *f[MAX_FIELDS];
    games_fields gf;
    if (line_ended(d, err, errlen) || row_fields(d, f, err, errlen) || check_fields(d, f, &gf, err, errlen)) return -1;
    if (g->nseats ? same_game(d, g, gr, &gf, err, errlen) : next_game(d, &gf, err, errlen)) return -1;
    if (gf.v[GC_SEAT] != g->nseats)
        return refuse(d, d->lineno, GC_SEAT, err, errlen, "'%s' where seat %d was due (a game's rows in seat order)",
                      gf.text[GC_SEAT], g->nseats);
    add_seat(d, g, gr, &gf);
    return 0;
}

int games_reader_next(games_reader *d, games_row *g, char *err, size_t errlen)
{
    game_read gr;
    char why[600];
    if (!d->pending) return 0;
    memset(g, 0, sizeof *g);
    memset(&gr, 0, sizeof gr);
    for (;;) {
        if (read_row(d, g, &gr, err, errlen)) return -1;
        if (g->nseats == d->lim.ships) break;
        if (!read_line(d))
            return refuse(d, d->lineno, -1, err, errlen, "the file ends inside game %llu (%d of its %d rows)",
                          (unsigned long long)g->game, g->nseats, d->lim.ships);
    }
    int seat, bad = games_check_game(gr.seat, g->nseats, (int)gr.capped, &seat, why, sizeof why);
    if (bad) return refuse(d, gr.first_line + (uint64_t)seat, bad - 1, err, errlen, "%s", why);
    d->games++;
    d->last_game = g->game;
    d->last_seating = g->seating;
    d->pending = read_line(d);
    return 1;
}
