/* games_check.c - a GAMES.csv row's fields, the row and its game checked as games_csv.c
 * writes them (see games_check.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games_check.h"
#include "summary.h"

/* The luck columns' bound: the record's corrections are int32 counts of
 * 1/SUMMARY_ADJ_UNIT of a win. */
#define LUCK_MAX ((double)(INT32_MAX / SUMMARY_ADJ_UNIT))

/* Column c's range of whole numbers under lim; 0 for columns of text. */
static int whole_range(games_col c, const games_limits *lim, long long *lo, long long *hi)
{
    *lo = 0, *hi = -1;
    switch (c) {
    case GC_GAME: *hi = INT64_MAX; return 1;
    case GC_PLAYERS: *lo = 2, *hi = JM_MAX_PLAYERS; return 1;
    case GC_SEAT: *hi = lim->ships - 1; return 1;
    case GC_IS_GHOST: case GC_CAPPED: case GC_FINISHED: *hi = 1; return 1;
    case GC_FIRST_CAPTAIN: case GC_CAPTAIN_OFFSET: *hi = lim->players - 1; return 1;
    case GC_ROUNDS: *lo = 1, *hi = lim->round_cap; return 1;
    case GC_RANK: *lo = 1, *hi = lim->ships; return 1;
    case GC_SCORE: case GC_POSITION_SCORE: case GC_TREASURE_POINTS: *lo = INT16_MIN, *hi = INT16_MAX; return 1;
    case GC_GOLD: *hi = INT16_MAX; return 1;
    case GC_BATTLES_WON: case GC_BATTLES_LOST: case GC_SHORTAGES: *hi = UINT16_MAX; return 1;
    case GC_SEATING: *hi = SIM_MAX_SEATINGS - 1; return 1;
    case GC_FAULTS: *hi = UINT8_MAX; return 1;
    default: return 0;
    }
}

/* A whole number as the writer's %d writes it: "0", or digits not
 * starting with 0, after a '-' for a negative one. */
static int whole_text(const char *s)
{
    const char *p = s + (*s == '-');
    if (*p < '0' || *p > '9' || (*p == '0' && (p[1] || p != s))) return 0;
    while (*++p)
        if (*p < '0' || *p > '9') return 0;
    return 1;
}

static int check_whole(const char *t, long long lo, long long hi, long long *v, char *why, size_t n)
{
    if (!*t) {
        snprintf(why, n, "empty (a whole number, %lld to %lld)", lo, hi);
        return -1;
    }
    if (!whole_text(t)) {
        snprintf(why, n, "'%.60s' is not a whole number (%lld to %lld)", t, lo, hi);
        return -1;
    }
    errno = 0;
    *v = strtoll(t, NULL, 10);
    if (errno || *v < lo || *v > hi) {
        snprintf(why, n, "'%.60s' is out of range (%lld to %lld)", t, lo, hi);
        return -1;
    }
    return 0;
}

static int check_seed(const char *t, jm_seed *seed, char *why, size_t n)
{
    char back[JM_SEED_TEXT];
    if (jm_seed_parse(t, seed) || strcmp(jm_seed_format(seed, back, sizeof back), t)) {
        snprintf(why, n, "'%.60s' is not a seed as written (a number, or sealed: and 32 hex digits)", t);
        return -1;
    }
    return 0;
}

static int check_agent(const char *t, int ghost, char *why, size_t n)
{
    if (!*t) snprintf(why, n, "empty (an agent spec, or ghost on the ghost's row)");
    else if (strlen(t) >= SIM_SPEC_LEN) snprintf(why, n, "'%.60s...' is longer than %d bytes", t, SIM_SPEC_LEN - 1);
    else if (ghost && strcmp(t, "ghost")) snprintf(why, n, "'%.60s' on the ghost's row (where it is ghost)", t);
    else if (!ghost && !strcmp(t, "ghost")) snprintf(why, n, "'ghost' on a player's row");
    else return 0;
    return -1;
}

/* The win share: 0, or 1/k (1, 0.5, 0.333333...) as games_win_text writes it. */
static int check_win(const char *t, double *x, char *why, size_t n)
{
    char share[16];
    for (int k = 0; k <= JM_MAX_SHIPS; k++) {
        games_win_text(share, sizeof share, k > 0, k);
        if (!strcmp(t, share)) {
            *x = k ? 1.0 / k : 0;
            return 0;
        }
    }
    if (whole_text(t) || (*t == '-' && whole_text(t + 1)))
        snprintf(why, n, "'%.60s' is out of range (0 to 1)", t);
    else snprintf(why, n, "'%.60s' is not a win share as written (0, 1, or 1/k to 6 digits: 0.5, 0.333333...)", t);
    return -1;
}

/* The trace hash: 16 hex digits, lower case (%016llx). */
static int check_hash(const char *t, uint64_t *hash, char *why, size_t n)
{
    if (strlen(t) != 16 || strspn(t, "0123456789abcdef") != 16) {
        snprintf(why, n, "'%.60s' is not a trace hash as written (16 hex digits, lower case)", t);
        return -1;
    }
    *hash = strtoull(t, NULL, 16);
    return 0;
}

/* A luck column: %.6f, within the record's bound. */
static int check_decimal(const char *t, double *x, char *why, size_t n)
{
    const char *p = t + (*t == '-');
    size_t whole = strspn(p, "0123456789");
    if (!whole || (whole > 1 && *p == '0') || p[whole] != '.' || strlen(p + whole + 1) != 6 ||
        strspn(p + whole + 1, "0123456789") != 6) {
        snprintf(why, n, "'%.60s' is not a number as written (6 decimals: -0.123456)", t);
        return -1;
    }
    *x = strtod(t, NULL);
    if (*x < -LUCK_MAX || *x > LUCK_MAX) {
        snprintf(why, n, "'%.60s' is out of range (%.6f to %.6f)", t, -LUCK_MAX, LUCK_MAX);
        return -1;
    }
    return 0;
}

int games_check_run(const games_fields *f, games_limits *lim, char *why, size_t n)
{
    const char *text = f->text[GC_RULES];
    int players = (int)f->v[GC_PLAYERS];
    char err[256], back[GAMES_RULES_MAX];
    jm_rules r;
    jm_state probe;
    if (jm_rules_parse(&r, text, err, sizeof err) ||
        jm_init(&probe, &r, players, 0, 0, NULL, err, sizeof err) != JM_OK) {
        snprintf(why, n, "'%.100s' is not a rule set for %d players: %s", text, players, err);
        return 1 + GC_RULES;
    }
    jm_rules_format(&r, back, sizeof back);
    if (strcmp(back, text)) {
        snprintf(why, n, "'%.100s' is not the rules as written (the writer gives '%.100s')", text, back);
        return 1 + GC_RULES;
    }
    lim->players = players;
    lim->ships = players + jm_has_ghost_rules(&r, players);
    lim->round_cap = r.round_cap;
    return 0;
}

int games_check_field(games_col c, const char *t, const games_limits *lim, games_fields *f, char *why, size_t n)
{
    int ghost = c > GC_SEAT && f->v[GC_SEAT] == lim->players;
    long long lo, hi;
    f->text[c] = t;
    switch (c) {
    case GC_SEED: return check_seed(t, &f->seed, why, n);
    case GC_RULES:
        if (*t && strlen(t) < GAMES_RULES_MAX) return 0;
        snprintf(why, n, "'%.60s' is not a rule set (1 to %d bytes)", t, GAMES_RULES_MAX - 1);
        return -1;
    case GC_AGENT: return check_agent(t, ghost, why, n);
    case GC_WIN: return check_win(t, &f->x[c], why, n);
    case GC_TRACE_HASH: return check_hash(t, &f->hash, why, n);
    default: break;
    }
    if (c >= GC_WIN_ADJ) return check_decimal(t, &f->x[c], why, n);
    if ((c == GC_CAPTAIN_OFFSET || c == GC_FAULTS) && ghost) { /* the ghost's: empty */
        f->v[c] = -1;
        if (!*t) return 0;
        snprintf(why, n, "'%.60s' on the ghost's row (where it is empty)", t);
        return -1;
    }
    whole_range(c, lim, &lo, &hi);
    return check_whole(t, lo, hi, &f->v[c], why, n);
}

int games_check_row(const games_fields *f, const games_limits *lim, char *why, size_t n)
{
    const long long *v = f->v;
    long long seat = v[GC_SEAT], P = lim->players, fc = v[GC_FIRST_CAPTAIN];
    long long parts = v[GC_POSITION_SCORE] + v[GC_GOLD] + v[GC_TREASURE_POINTS];
    if (v[GC_IS_GHOST] != (seat == P)) {
        snprintf(why, n, "'%lld' on seat %lld's row (%s)", v[GC_IS_GHOST], seat,
                 lim->ships == lim->players ? "no ghost plays" : "1 on the ghost's alone, the last seat");
        return 1 + GC_IS_GHOST;
    }
    if (seat < P && v[GC_CAPTAIN_OFFSET] != (seat - fc + P) % P) {
        snprintf(why, n, "'%lld' where seat %lld sits %lld after the first Captain (seat %lld)", v[GC_CAPTAIN_OFFSET],
                 seat, (seat - fc + P) % P, fc);
        return 1 + GC_CAPTAIN_OFFSET;
    }
    if (v[GC_SCORE] != parts) {
        snprintf(why, n, "'%lld' is not position_score + gold + treasure_points (%lld)", v[GC_SCORE], parts);
        return 1 + GC_SCORE;
    }
    if (v[GC_CAPPED] && v[GC_ROUNDS] != lim->round_cap) {
        snprintf(why, n, "'1' after %lld rounds (a capped game plays round_cap's %d)", v[GC_ROUNDS], lim->round_cap);
        return 1 + GC_CAPPED;
    }
    if (v[GC_CAPPED] && v[GC_FINISHED]) {
        snprintf(why, n, "'1' in a capped game (one that no ship finished)");
        return 1 + GC_FINISHED;
    }
    return 0;
}

/* Seat k's rank against the scores: 1 + the ships scoring more, and up
 * to as many again as score the same (E3: the one further along first). */
static int rank_fits(const games_seat_facts *s, int ships, int k, int *lo, int *hi)
{
    int more = 0, same = 0;
    for (int q = 0; q < ships; q++) {
        more += s[q].score > s[k].score;
        same += q != k && s[q].score == s[k].score;
    }
    *lo = 1 + more;
    *hi = 1 + more + same;
    return s[k].rank >= *lo && s[k].rank <= *hi;
}

int games_check_game(const games_seat_facts *s, int ships, int capped, int *seat, char *why, size_t n)
{
    int winners = 0, home = 0, lo, hi;
    char share[16];
    for (int k = 0; k < ships; k++) {
        winners += s[k].rank == 1;
        home += s[k].finished;
    }
    games_win_text(share, sizeof share, 1, winners);
    *seat = 0;
    if (!winners) {
        snprintf(why, n, "'%d': no row of the game has rank 1", s[0].rank);
        return 1 + GC_RANK;
    }
    for (*seat = 0; *seat < ships; ++*seat) {
        const games_seat_facts *t = &s[*seat];
        if (!rank_fits(s, ships, *seat, &lo, &hi)) {
            snprintf(why, n, "'%d' where score %d ranks %d to %d among its game's", t->rank, t->score, lo, hi);
            return 1 + GC_RANK;
        }
        if ((t->win > 0) != (t->rank == 1)) {
            snprintf(why, n, "'%s' on a row of rank %d (the winners are the rank-1 rows)", t->win_text, t->rank);
            return 1 + GC_WIN;
        }
        if (t->win > 0 && strcmp(t->win_text, share)) {
            snprintf(why, n, "'%s' where %d ship%s the win (the share: %s)", t->win_text, winners,
                     winners == 1 ? " takes" : "s share", share);
            return 1 + GC_WIN;
        }
    }
    *seat = 0;
    if (!capped && !home) {
        snprintf(why, n, "'0' where no ship finished (a game ends with a ship home, or capped)");
        return 1 + GC_CAPPED;
    }
    return 0;
}
