/* games_csv.c - GAMES.csv written and read from one column table (see games_csv.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
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

/* The win share 1/k as text ("1", "0.5", "0.333333"). */
static int win_text(char *buf, size_t n, int winner, int k)
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
    case GC_WIN: return win_text(buf, n, t->winner, r->nwin);
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

/* ---------------------------------------------------------------- reading */

/* The columns a games_row holds (the others are not read). */
static int is_read(int c)
{
    return c == GC_GAME || c == GC_SEED || c == GC_PLAYERS || c == GC_RULES || c == GC_SEAT || c == GC_AGENT ||
           c == GC_IS_GHOST || c == GC_ROUNDS || c == GC_SCORE || c == GC_RANK || c == GC_WIN ||
           c == GC_TRACE_HASH || c == GC_SEATING || c == GC_WIN_ADJ;
}

int games_reader_open(games_reader *d, const char *path, char *err, size_t errlen)
{
    memset(d, 0, sizeof *d);
    d->path = path;
    d->f = fopen(path, "r");
    if (!d->f) {
        snprintf(err, errlen, "cannot read '%s': %s", path, strerror(errno));
        return -1;
    }
    if (!csv_read_line(d->f, &d->line, &d->cap)) {
        snprintf(err, errlen, "'%s' is empty (not a GAMES.csv)", path);
        games_reader_close(d);
        return -1;
    }
    d->lineno = 1;
    char *fields[64];
    int n = csv_split(d->line, fields, 64);
    for (int c = 0; c < GAMES_NCOL; c++) {
        d->col[c] = -1;
        if (!is_read(c)) continue;
        for (int i = 0; i < n; i++)
            if (!strcmp(fields[i], games_col_name[c])) d->col[c] = i;
        if (d->col[c] < 0 && c != GC_SEATING && c != GC_WIN_ADJ) { /* those two only in some runs' files */
            snprintf(err, errlen, "'%s' has no column '%s' (not a GAMES.csv of this version)", path,
                     games_col_name[c]);
            games_reader_close(d);
            return -1;
        }
    }
    d->pending = csv_read_line(d->f, &d->line, &d->cap);
    d->lineno += (uint64_t)d->pending;
    return 0;
}

void games_reader_close(games_reader *d)
{
    if (d->f) fclose(d->f);
    free(d->line);
    free(d->work);
    memset(d, 0, sizeof *d);
}

/* The columns read as whole numbers (the others are text, or read apart). */
static int numeric(int c)
{
    return c != GC_RULES && c != GC_AGENT && c != GC_TRACE_HASH && c != GC_WIN && c != GC_SEED && c != GC_GAME &&
           c < GC_WIN_ADJ;
}

static int parse_num(const char *s, long long *v)
{
    char *end;
    errno = 0;
    *v = strtoll(s, &end, 10);
    return !*s || *end || errno;
}

/* The current line split into f[] with the numeric columns in v[]: 0, or
 * -1 with why in err. */
static int split_row(games_reader *d, char **f, long long *v, char *err, size_t errlen)
{
    size_t len = strlen(d->line) + 1;
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
    int n = csv_split(d->work, f, 64), bad = n < 0;
    for (int c = 0; c < GAMES_NCOL && !bad; c++) {
        if (d->col[c] < 0) continue;
        if (d->col[c] >= n) bad = 1;
        else if (numeric(c)) bad = parse_num(f[d->col[c]], &v[c]);
    }
    jm_seed seed;
    if (!bad && d->col[GC_SEED] >= 0 && jm_seed_parse(f[d->col[GC_SEED]], &seed)) {
        snprintf(err, errlen, "%s:%llu: bad seed '%.60s' (a number, or sealed: and 32 hex digits)", d->path,
                 (unsigned long long)d->lineno, f[d->col[GC_SEED]]);
        return -1;
    }
    if (bad) snprintf(err, errlen, "%s:%llu: not a GAMES.csv row", d->path, (unsigned long long)d->lineno);
    return bad ? -1 : 0;
}

/* A row of the game in *g (its first row sets the game's columns). */
static void add_seat(const games_reader *d, games_row *g, char **f, const long long *v)
{
    if (!g->nseats) {
        g->game = strtoull(f[d->col[GC_GAME]], NULL, 10);
        if (jm_seed_parse(f[d->col[GC_SEED]], &g->seed)) g->seed = JM_SEED(0); /* split_row refused it */
        g->seating = d->col[GC_SEATING] >= 0 ? (long)v[GC_SEATING] : -1;
        g->players = (int)v[GC_PLAYERS];
        g->rounds = (int)v[GC_ROUNDS];
        g->hash = strtoull(f[d->col[GC_TRACE_HASH]], NULL, 16);
        snprintf(g->rules, sizeof g->rules, "%s", f[d->col[GC_RULES]]);
    }
    int k = g->nseats++;
    snprintf(g->agent[k], SIM_SPEC_LEN, "%s", f[d->col[GC_AGENT]]);
    g->ghost[k] = (int)v[GC_IS_GHOST];
    g->score[k] = (int)v[GC_SCORE];
    g->rank[k] = (int)v[GC_RANK];
    g->win[k] = atof(f[d->col[GC_WIN]]);
    g->has_adj = d->col[GC_WIN_ADJ] >= 0;
    g->win_adj[k] = g->has_adj ? atof(f[d->col[GC_WIN_ADJ]]) : g->win[k];
}

int games_reader_next(games_reader *d, games_row *g, char *err, size_t errlen)
{
    if (!d->pending) return 0;
    memset(g, 0, sizeof *g);
    for (;;) {
        char *f[64];
        long long v[GAMES_NCOL] = {0};
        if (split_row(d, f, v, err, errlen)) return -1;
        uint64_t game = strtoull(f[d->col[GC_GAME]], NULL, 10);
        long seating = d->col[GC_SEATING] >= 0 ? (long)v[GC_SEATING] : -1;
        if (g->nseats && (game != g->game || seating != g->seating)) return 1; /* the next game's row */
        if (g->nseats == JM_MAX_SHIPS) {
            snprintf(err, errlen, "%s:%llu: more than %d rows for game %llu", d->path, (unsigned long long)d->lineno,
                     JM_MAX_SHIPS, (unsigned long long)game);
            return -1;
        }
        add_seat(d, g, f, v);
        if (!csv_read_line(d->f, &d->line, &d->cap)) {
            d->pending = 0;
            return 1;
        }
        d->lineno++;
    }
}
