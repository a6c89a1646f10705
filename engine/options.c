/*
 * options.c - the rule options of docs/RULES.md: the 2021 and classic
 * presets and key=value options on top of them, their ranges, their text.
 * No variant here: a variant file's own `rules` line is read with
 * jm__rules_options (variant.c), a whole rules text, a variant's file and
 * fields among it, by jm_rules_parse (rules.c).
 */
#include <stdio.h>
#include <string.h>

#include "internal.h"

void jm_rules_default(jm_rules *r)
{
    r->shortage = JM_SHORTAGE_DIE;
    r->ghost = JM_GHOST_RULE_AUTO;
    r->start_food = 3;
    r->start_gold = 3;
    r->hand = 3;
    r->treasures = 9;
    r->first_captain = -1;
    r->round_cap = 200;
    r->ghost_gold = 8;
    r->ghost_bonus = 2;
    r->ghost_moves = 2;
    r->variant = 0;
    r->later_gold = 0;
}

/* Digits only (no sign, no space), at most 6 of them, in [lo, hi]. */
static int parse_int(const char *v, long lo, long hi, long *out)
{
    long x = 0;
    int n = 0;
    for (; v[n]; n++) {
        if (v[n] < '0' || v[n] > '9' || n == 6) return -1;
        x = x * 10 + (v[n] - '0');
    }
    if (n == 0 || x < lo || x > hi) return -1;
    *out = x;
    return 0;
}

static const char *const option_keys[] = {"shortage", "ghost", "start_food", "start_gold", "hand",
                                          "treasures", "first_captain", "round_cap",
                                          "ghost_gold", "ghost_bonus", "ghost_moves", "later_gold"};
#define NKEYS (int)(sizeof option_keys / sizeof option_keys[0])

/* The numeric options' ranges, in the order of rules_values(). */
typedef struct rule_range {
    const char *key;
    long lo, hi;
} rule_range;
enum { R_START_FOOD, R_START_GOLD, R_HAND, R_TREASURES, R_FIRST_CAPTAIN, R_ROUND_CAP, R_GHOST_GOLD, R_GHOST_BONUS,
       R_GHOST_MOVES, R_LATER_GOLD, NRANGES };
static const rule_range ranges[NRANGES] = {
    [R_START_FOOD] = {"start_food", 0, 6},   [R_START_GOLD] = {"start_gold", 0, 6},
    [R_HAND] = {"hand", 1, 5},               [R_TREASURES] = {"treasures", 0, 9},
    [R_FIRST_CAPTAIN] = {"first_captain", 0, JM_MAX_PLAYERS - 1}, /* or -1: random */
    [R_ROUND_CAP] = {"round_cap", 1, 10000}, [R_GHOST_GOLD] = {"ghost_gold", 0, 25},
    [R_GHOST_BONUS] = {"ghost_bonus", 0, 6}, [R_GHOST_MOVES] = {"ghost_moves", 1, 2},
    [R_LATER_GOLD] = {"later_gold", 0, 6},
};

/* r's numeric options in the order of ranges[]. */
static void rules_values(const jm_rules *r, long *v)
{
    v[R_START_FOOD] = r->start_food;
    v[R_START_GOLD] = r->start_gold;
    v[R_HAND] = r->hand;
    v[R_TREASURES] = r->treasures;
    v[R_FIRST_CAPTAIN] = r->first_captain;
    v[R_ROUND_CAP] = r->round_cap;
    v[R_GHOST_GOLD] = r->ghost_gold;
    v[R_GHOST_BONUS] = r->ghost_bonus;
    v[R_GHOST_MOVES] = r->ghost_moves;
    v[R_LATER_GOLD] = r->later_gold;
}

int jm__rules_check(const jm_rules *r, char *err, size_t errlen)
{
    long v[NRANGES];
    rules_values(r, v);
    for (int k = 0; k < NRANGES; k++)
        if ((v[k] < ranges[k].lo || v[k] > ranges[k].hi) && !(k == R_FIRST_CAPTAIN && v[k] == -1)) {
            if (err) snprintf(err, errlen, "rule option %s=%ld is outside %ld..%ld", ranges[k].key, v[k],
                              ranges[k].lo, ranges[k].hi);
            return -1;
        }
    if (r->variant >= jm__variant_count()) {
        if (err) snprintf(err, errlen, "rules: variant %d is not loaded (jm_variant_load gives the ids)", r->variant);
        return -1;
    }
    if (r->shortage > JM_SHORTAGE_RETREAT || r->ghost > JM_GHOST_RULE_OFF) {
        if (err) snprintf(err, errlen, "rule option %s=%d is not one of its values",
                          r->shortage > JM_SHORTAGE_RETREAT ? "shortage" : "ghost",
                          r->shortage > JM_SHORTAGE_RETREAT ? r->shortage : r->ghost);
        return -1;
    }
    return 0;
}

/* A numeric option's value within its range (ranges[k]). */
static int parse_range(const char *val, int k, long *x)
{
    return parse_int(val, ranges[k].lo, ranges[k].hi, x);
}

/* One option; -1 with err set when the key or the value is bad. */
static int set_option(jm_rules *r, const char *key, const char *val, char *err, size_t errlen)
{
    long x;
    if (!strcmp(key, "shortage")) {
        if (!strcmp(val, "die")) r->shortage = JM_SHORTAGE_DIE;
        else if (!strcmp(val, "retreat")) r->shortage = JM_SHORTAGE_RETREAT;
        else goto badval;
    } else if (!strcmp(key, "ghost")) {
        if (!strcmp(val, "auto")) r->ghost = JM_GHOST_RULE_AUTO;
        else if (!strcmp(val, "on")) r->ghost = JM_GHOST_RULE_ON;
        else if (!strcmp(val, "off")) r->ghost = JM_GHOST_RULE_OFF;
        else goto badval;
    } else if (!strcmp(key, "start_food")) {
        if (parse_range(val, R_START_FOOD, &x)) goto badval;
        r->start_food = (uint8_t)x;
    } else if (!strcmp(key, "start_gold")) {
        if (parse_range(val, R_START_GOLD, &x)) goto badval;
        r->start_gold = (uint8_t)x;
    } else if (!strcmp(key, "hand")) {
        if (parse_range(val, R_HAND, &x)) goto badval;
        r->hand = (uint8_t)x;
    } else if (!strcmp(key, "treasures")) {
        if (parse_range(val, R_TREASURES, &x)) goto badval;
        r->treasures = (uint8_t)x;
    } else if (!strcmp(key, "first_captain")) {
        if (!strcmp(val, "random")) r->first_captain = -1;
        else if (parse_range(val, R_FIRST_CAPTAIN, &x)) goto badval;
        else r->first_captain = (int8_t)x;
    } else if (!strcmp(key, "round_cap")) {
        if (parse_range(val, R_ROUND_CAP, &x)) goto badval;
        r->round_cap = (uint16_t)x;
    } else if (!strcmp(key, "ghost_gold")) {
        if (parse_range(val, R_GHOST_GOLD, &x)) goto badval;
        r->ghost_gold = (uint8_t)x;
    } else if (!strcmp(key, "ghost_bonus")) {
        if (parse_range(val, R_GHOST_BONUS, &x)) goto badval;
        r->ghost_bonus = (uint8_t)x;
    } else if (!strcmp(key, "ghost_moves")) {
        if (parse_range(val, R_GHOST_MOVES, &x)) goto badval;
        r->ghost_moves = (uint8_t)x;
    } else if (!strcmp(key, "later_gold")) {
        if (parse_range(val, R_LATER_GOLD, &x)) goto badval;
        r->later_gold = (uint8_t)x;
    } else {
        /* the known keys from the table, so a new one is named here too */
        int n = snprintf(err, errlen, "unknown rule option '%s' (known:", key);
        for (int k = 0; k < NKEYS && n >= 0 && (size_t)n < errlen; k++)
            n += snprintf(err + n, errlen - (size_t)n, "%s %s", k ? "," : "", option_keys[k]);
        if (n >= 0 && (size_t)n < errlen) snprintf(err + n, errlen - (size_t)n, ")");
        return -1;
    }
    return 0;
badval:
    /* Name what the option takes: its range, or its words. */
    for (int i = 0; i < NRANGES; i++)
        if (!strcmp(key, ranges[i].key)) {
            snprintf(err, errlen, "bad value '%s' for rule option '%s' (%s%ld..%ld)", val, key,
                     i == R_FIRST_CAPTAIN ? "random or a seat " : "", ranges[i].lo, ranges[i].hi);
            return -1;
        }
    snprintf(err, errlen, "bad value '%s' for rule option '%s' (%s)", val, key,
             !strcmp(key, "shortage") ? "die or retreat" : "auto, on or off");
    return -1;
}

/* One item of a rules text that names no variant: a preset (the first
 * item, or right after a variant file: st->file) or KEY=VALUE.  0, or -1
 * with err set. */
int jm__rules_item(jm_rules *r, char *tok, int first, rules_items *st, char *err, size_t errlen)
{
    char *eq = strchr(tok, '=');
    if (!eq && st->file && !st->preset && (!strcmp(tok, "2021") || !strcmp(tok, "classic"))) {
        /* a preset on top of a variant file: its shortage rule, the
         * file's other options kept */
        st->preset = tok;
        r->shortage = strcmp(tok, "classic") ? JM_SHORTAGE_DIE : JM_SHORTAGE_RETREAT;
        return 0;
    }
    if (!eq) {
        if (st->preset || st->file) {
            snprintf(err, errlen, "rule preset '%s' after %s '%s' (give one)", tok, st->preset ? "preset" : "variant file",
                     st->preset ? st->preset : tok);
            return -1;
        }
        if (!first) {
            snprintf(err, errlen, "rule preset '%s' must come before the options", tok);
            return -1;
        }
        st->preset = tok;
        uint8_t fields = r->variant; /* the base game with fields set over it */
        if (!strcmp(tok, "2021")) {
            jm_rules_default(r);
        } else if (!strcmp(tok, "classic")) {
            jm_rules_default(r);
            r->shortage = JM_SHORTAGE_RETREAT;
        } else {
            snprintf(err, errlen, "unknown rule preset '%s' (known: 2021, classic; a variant file's path holds "
                     "a '/' or a '.')", tok);
            return -1;
        }
        r->variant = fields;
        return 0;
    }
    *eq = '\0';
    for (int k = 0; k < NKEYS; k++)
        if (!strcmp(tok, option_keys[k]) && st->seen[k]++) {
            snprintf(err, errlen, "rule option '%s' given twice", tok);
            return -1;
        }
    return set_option(r, tok, eq + 1, err, errlen);
}

int jm__rules_options(jm_rules *r, const char *text, char *err, size_t errlen)
{
    char buf[512];
    rules_items st = {0};
    jm_rules tmp;
    jm_rules_default(&tmp);
    if (strlen(text) >= sizeof buf) {
        snprintf(err, errlen, "rules text too long (%zu characters; at most %zu)", strlen(text), sizeof buf - 1);
        return -1;
    }
    strcpy(buf, text);
    int first = 1;
    for (char *tok = buf, *next; tok; tok = next, first = 0) {
        next = strchr(tok, ',');
        if (next) *next++ = '\0';
        const char *eq = strchr(tok, '=');
        if (!*tok) {
            snprintf(err, errlen, "empty item in rules '%s' (two commas, or one at an end)", text);
            return -1;
        }
        if (eq && memchr(tok, '.', (size_t)(eq - tok))) {
            snprintf(err, errlen, "'%s': a field is set by its own line of the file, not here", tok);
            return -1;
        }
        if (jm__rules_item(&tmp, tok, first, &st, err, errlen)) return -1;
    }
    *r = tmp;
    return 0;
}

int jm__rules_format_options(const jm_rules *r, char *buf, size_t len)
{

    static const char *const ghost[] = {"auto", "on", "off"};
    char fc[16];
    if (r->first_captain < 0) snprintf(fc, sizeof fc, "random");
    else snprintf(fc, sizeof fc, "%d", r->first_captain);
    int n = snprintf(buf, len,
                     "shortage=%s,ghost=%s,start_food=%d,start_gold=%d,hand=%d,treasures=%d,"
                     "first_captain=%s,round_cap=%d",
                     r->shortage == JM_SHORTAGE_DIE ? "die" : "retreat", ghost[r->ghost], r->start_food,
                     r->start_gold, r->hand, r->treasures, fc, r->round_cap);
    /* The ghost's variants only when set, so the text of the rules that
     * came before them (and every CSV holding it) stays the same. */
    jm_rules d;
    jm_rules_default(&d);
    if (r->ghost_gold != d.ghost_gold && n >= 0 && (size_t)n < len)
        n += snprintf(buf + n, len - (size_t)n, ",ghost_gold=%d", r->ghost_gold);
    if (r->ghost_bonus != d.ghost_bonus && n >= 0 && (size_t)n < len)
        n += snprintf(buf + n, len - (size_t)n, ",ghost_bonus=%d", r->ghost_bonus);
    if (r->ghost_moves != d.ghost_moves && n >= 0 && (size_t)n < len)
        n += snprintf(buf + n, len - (size_t)n, ",ghost_moves=%d", r->ghost_moves);
    if (r->later_gold != d.later_gold && n >= 0 && (size_t)n < len)
        n += snprintf(buf + n, len - (size_t)n, ",later_gold=%d", r->later_gold);
    return n;
}

/* Rules compare by memcmp (the fuzz target's round trip): no padding. */
_Static_assert(sizeof(jm_rules) == 14, "jm_rules has padding");
