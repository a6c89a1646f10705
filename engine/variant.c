/* variant.c - variant files: the game's components as text a designer
 * edits (docs/VARIANTS.md).  jm_variant_base() writes the base game's file
 * from the board's tables; jm_variant_check() reads one and refuses, in one
 * line naming the line and the field, what the compact state and the
 * encoding cannot hold or what no game could be played on. */
#include <ctype.h>
#include <errno.h>
#include <sched.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "internal.h"

#define MAX_LINE 512
#define POWERS 4                          /* treasure ids 0..3 */
#define MAX_SCORING (JM_TREASURES - POWERS) /* the other 8 ids */
#define FACES 6
#define STAR_FACE (-1)

static const char *const kind_names[] = {"royal", "sea", "port", "lair"};
static const char *const power_words[POWERS] = {"map", "sabre", "beth", "hold6"};

/* ---------------------------------------------------------------- writing */

typedef struct out {
    char *buf;
    size_t len, n;
} out;

static void put(out *o, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(o->n < o->len ? o->buf + o->n : NULL, o->n < o->len ? o->len - o->n : 0, fmt, ap);
    va_end(ap);
    if (k > 0) o->n += (size_t)k;
}

int jm_variant_base(char *buf, size_t len)
{
    out o = {buf, buf ? len : 0, 0};
    put(&o, "# Jamaica variant file (docs/VARIANTS.md): the base game, written by\n"
            "# `jamaica variant --print`.  Edit a copy; `jamaica variant --check FILE`\n"
            "# validates it.  '#' starts a comment.\n\n");
    put(&o, "# The track, one line a space, 0 first: its kind (royal: Port Royal,\n"
            "# space 0 only; sea: ending a move costs food; port: costs doubloons;\n"
            "# lair: free, a treasure token), its cost, the points a ship scores there at\n"
            "# the end, and the next spaces forward (two at a fork, the outer lane\n"
            "# first).  The spaces back, the lairs' order and the distances home follow.\n");
    for (int sp = 0; sp < JM_SPACES; sp++) {
        put(&o, "space %d %s cost %d score %d next %d", sp, kind_names[jm_kind_[sp]], jm_cost_[sp], jm_score_[sp],
            jm_next_[sp][0]);
        if (jm_next_[sp][1] != NO_SPACE) put(&o, " %d", jm_next_[sp][1]);
        put(&o, "\n");
    }
    put(&o, "\n# The action cards (every player's colour holds them all): the morning\n"
            "# half's action, then the evening half's (gold, food, gunpowder: load;\n"
            "# forward, backward: move).\n");
    for (int c = 0; c < JM_CARDS; c++)
        put(&o, "card %d %s %s\n", c, jm_act_name(jm_card_[c][0]), jm_act_name(jm_card_[c][1]));
    put(&o, "\n# The treasure cards: the four powers in the game (map: a hand of one\n"
            "# more card; sabre: one forced reroll a battle; beth: +2 to the combat die;\n"
            "# hold6: a sixth hold), then the scoring cards, a value each.\n");
    for (int t = 0; t < POWERS; t++) put(&o, "power %s\n", power_words[t]);
    for (int t = POWERS; t < JM_TREASURES; t++) put(&o, "treasure %+d\n", jm_tvalue_[t]);
    put(&o, "\n# The combat die's six faces: a number, or star (the roll is lost).\n");
    put(&o, "die 2 4 6 8 10 star\n");
    jm_rules r;
    jm_rules_default(&r);
    char text[256];
    jm__rules_format_options(&r, text, sizeof text);
    put(&o, "\n# The rule options, as --rules takes them (the starting holds and the hand\n"
            "# among them); --rules on a command line still sets them over this line.\n");
    put(&o, "rules %s\n", text);
    put(&o, "\n# The score of a ship still in lap 0 (behind Port Royal, E2), whatever\n"
            "# its space's score.\n");
    put(&o, "behind %d\n", jm_board_behind(0));
    if (buf && o.n >= len) return JM_EARG;
    return (int)o.n;
}

/* ---------------------------------------------------------------- reading */

typedef struct space_row {
    int line, kind, cost, score, nnext, next[2];
} space_row;

typedef struct variant {
    int nspaces, ncards, nscoring, ndie, rules_line;
    int behind, behind_line;   /* the score of a ship in lap 0 (-5; `behind N`) */
    space_row sp[JM_SPACES];
    int powers_seen;
    int card[JM_CARDS][2];
    int tvalue[MAX_SCORING];
    int face[FACES]; /* STAR_FACE for the star */
    jm_rules rules;
} variant;

typedef struct reader {
    char *err;
    size_t errlen;
    int line;
} reader;

static int bad(reader *r, const char *fmt, ...)
{
    char why[300];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, sizeof why, fmt, ap);
    va_end(ap);
    if (r->line) snprintf(r->err, r->errlen, "line %d: %s", r->line, why);
    else snprintf(r->err, r->errlen, "%s", why);
    return JM_EINVALID;
}

/* A whole number from lo to hi; -1 when not one. */
static int whole(const char *w, int lo, int hi, int *v)
{
    char *end;
    long x = strtol(w, &end, 10);
    if (!*w || *end || x < lo || x > hi) return -1;
    *v = (int)x;
    return 0;
}

static int word_of(const char *w, const char *const *names, int n)
{
    for (int i = 0; i < n; i++)
        if (!strcmp(w, names[i])) return i;
    return -1;
}

/* space N KIND cost C score S next A [B] */
static int read_space(reader *r, variant *v, char **w, int n)
{
    int id, k;
    if (n < 2 || whole(w[1], 0, 1000000, &id)) return bad(r, "space: a number first (space N KIND ...)");
    if (id != v->nspaces) return bad(r, "space %s: spaces come in order from 0; %d expected", w[1], v->nspaces);
    if (id >= JM_SPACES)
        return bad(r, "space %d: more spaces than the %d a position holds (the state's and the encoding's)", id,
                   JM_SPACES);
    space_row *s = &v->sp[id];
    *s = (space_row){.line = r->line, .next = {-1, -1}};
    if (n < 3 || (k = word_of(w[2], kind_names, 4)) < 0)
        return bad(r, "space %d: kind '%s' (royal, sea, port or lair)", id, n < 3 ? "" : w[2]);
    s->kind = k;
    if (n != 9 && n != 10) return bad(r, "space %d: not 'space N KIND cost C score S next A [B]'", id);
    if (strcmp(w[3], "cost") || whole(w[4], 0, 42, &s->cost))
        return bad(r, "space %d: cost '%s' (0 to 42: six holds of seven)", id, w[4]);
    if (strcmp(w[5], "score") || whole(w[6], -50, 50, &s->score))
        return bad(r, "space %d: score '%s' (-50 to 50)", id, w[6]);
    if (strcmp(w[7], "next")) return bad(r, "space %d: 'next' and one or two spaces expected", id);
    for (int i = 8; i < n; i++)
        if (whole(w[i], 0, JM_SPACES - 1, &s->next[i - 8]))
            return bad(r, "space %d: next '%s' (a space, 0 to %d)", id, w[i], JM_SPACES - 1);
    s->nnext = n - 8;
    if ((s->kind == JM_K_ROYAL || s->kind == JM_K_LAIR) && s->cost)
        return bad(r, "space %d: cost %d: %s spaces cost nothing", id, s->cost, kind_names[s->kind]);
    v->nspaces++;
    return 0;
}

static int read_card(reader *r, variant *v, char **w, int n)
{
    int id;
    if (n != 4 || whole(w[1], 0, 1000000, &id)) return bad(r, "card: not 'card N MORNING EVENING'");
    if (id != v->ncards) return bad(r, "card %s: cards come in order from 0; %d expected", w[1], v->ncards);
    if (id >= JM_CARDS) return bad(r, "card %d: more cards than the %d a player's pile holds", id, JM_CARDS);
    for (int h = 0; h < 2; h++) {
        int act = 0;
        while (act <= JM_ACT_BACK && strcmp(w[2 + h], jm_act_name(act))) act++;
        if (act > JM_ACT_BACK)
            return bad(r, "card %d: %s half '%s' (gold, food, gunpowder, forward or backward)", id,
                       h ? "evening" : "morning", w[2 + h]);
        v->card[id][h] = act;
    }
    v->ncards++;
    return 0;
}

static int read_treasure(reader *r, variant *v, char **w, int n)
{
    int val;
    if (!strcmp(w[0], "power")) {
        int p = n == 2 ? word_of(w[1], power_words, POWERS) : -1;
        if (p < 0) return bad(r, "power '%s' (map, sabre, beth or hold6)", n >= 2 ? w[1] : "");
        if (v->powers_seen & (1 << p)) return bad(r, "power %s: named twice", w[1]);
        v->powers_seen |= 1 << p;
        return 0;
    }
    if (n != 2 || whole(w[1], -20, 20, &val)) return bad(r, "treasure: not 'treasure VALUE' (-20 to 20)");
    if (v->nscoring == MAX_SCORING)
        return bad(r, "treasure: more than the %d scoring cards the state holds", MAX_SCORING);
    v->tvalue[v->nscoring++] = val;
    return 0;
}

static int read_die(reader *r, variant *v, char **w, int n)
{
    if (v->ndie) return bad(r, "die: given twice");
    if (n != 1 + FACES) return bad(r, "die: %d faces; the combat die has %d", n - 1, FACES);
    int stars = 0;
    for (int i = 1; i < n; i++) {
        int f;
        if (!strcmp(w[i], "star")) stars++, f = STAR_FACE;
        else if (whole(w[i], 0, 20, &f)) return bad(r, "die: face '%s' (0 to 20, or star)", w[i]);
        v->face[i - 1] = f;
    }
    if (stars > 1) return bad(r, "die: %d stars; a die has at most one", stars);
    v->ndie = FACES;
    return 0;
}

static int read_rules(reader *r, variant *v, char **w, int n);

/* Whether every space reaches Port Royal going forward, and is reached
 * from it; a fork whose lanes never meet before Port Royal: its id. */
static int track_checks(reader *r, const variant *v)
{
    int n = v->nspaces, pred[JM_SPACES] = {0}, lairs = 0;
    for (int i = 0; i < n; i++) {
        const space_row *s = &v->sp[i];
        r->line = s->line;
        if (s->kind == JM_K_LAIR && ++lairs > JM_LAIRS)
            return bad(r, "space %d: lair: more than the %d lairs the state holds", i, JM_LAIRS);
        if (s->kind == JM_K_ROYAL && i != 0) return bad(r, "space %d: royal: Port Royal is space 0 alone", i);
        for (int k = 0; k < s->nnext; k++) {
            if (s->next[k] >= n) return bad(r, "space %d: next %d: no such space (%d spaces)", i, s->next[k], n);
            if (s->next[k] == i) return bad(r, "space %d: next %d: a space cannot follow itself", i, i);
            if (++pred[s->next[k]] > 2)
                return bad(r, "space %d: next %d: a space has two spaces before it at most", i, s->next[k]);
        }
        if (s->nnext == 2 && s->next[0] == s->next[1]) return bad(r, "space %d: next: a fork's lanes are the same", i);
        if (s->nnext == 2 && i == 0) return bad(r, "space 0: next: Port Royal has one space after it");
        if (s->nnext == 2 && s->next[1] == 0)
            return bad(r, "space %d: next: a fork's second lane cannot be Port Royal (give it first)", i);
    }
    r->line = 0;
    if (n < 2) return bad(r, "the track: %d space%s; Port Royal and at least one more", n, n == 1 ? "" : "s");
    if (v->sp[0].kind != JM_K_ROYAL) return (r->line = v->sp[0].line), bad(r, "space 0: kind: space 0 is Port Royal (royal)");
    /* forward from every space: Port Royal reached */
    for (int i = 1; i < n; i++) {
        unsigned char seen[JM_SPACES] = {0};
        int stack[JM_SPACES], top = 0, home = 0;
        stack[top++] = i;
        seen[i] = 1;
        while (top && !home) {
            const space_row *s = &v->sp[stack[--top]];
            for (int k = 0; k < s->nnext; k++) {
                if (s->next[k] == 0) home = 1;
                else if (!seen[s->next[k]]) seen[s->next[k]] = 1, stack[top++] = s->next[k];
            }
        }
        if (!home) return (r->line = v->sp[i].line), bad(r, "space %d: next: no way home to Port Royal from here", i);
    }
    /* every space reached from Port Royal */
    unsigned char reach[JM_SPACES] = {0};
    int stack[JM_SPACES], top = 0;
    stack[top++] = 0;
    reach[0] = 1;
    while (top) {
        const space_row *s = &v->sp[stack[--top]];
        for (int k = 0; k < s->nnext; k++)
            if (!reach[s->next[k]]) reach[s->next[k]] = 1, stack[top++] = s->next[k];
    }
    for (int i = 0; i < n; i++)
        if (!reach[i]) return (r->line = v->sp[i].line), bad(r, "space %d: no lane from Port Royal reaches it", i);
    /* a fork's lanes meet again before Port Royal */
    for (int i = 0; i < n; i++) {
        const space_row *s = &v->sp[i];
        if (s->nnext < 2) continue;
        unsigned char lane[2][JM_SPACES] = {{0}};
        for (int k = 0; k < 2; k++) {
            int st[JM_SPACES], t = 0;
            if (s->next[k] == 0) continue;
            st[t++] = s->next[k];
            lane[k][s->next[k]] = 1;
            while (t) {
                const space_row *q = &v->sp[st[--t]];
                for (int j = 0; j < q->nnext; j++)
                    if (q->next[j] != 0 && !lane[k][q->next[j]]) lane[k][q->next[j]] = 1, st[t++] = q->next[j];
            }
        }
        int meet = 0;
        for (int j = 1; j < n && !meet; j++) meet = lane[0][j] && lane[1][j];
        if (!meet) return (r->line = s->line), bad(r, "space %d: next: a fork whose lanes never merge", i);
    }
    return 0;
}

/* "behind N": the score of a ship in lap 0, once. */
static int read_behind(reader *r, variant *v, char **w, int n)
{
    if (v->behind_line) return bad(r, "behind: given already on line %d", v->behind_line);
    if (n != 2 || whole(w[1], -50, 50, &v->behind)) return bad(r, "behind: one score, -50 to 50 (behind -5)");
    v->behind_line = r->line;
    return 0;
}

/* The text's fields into v, each checked on its own line; then the whole. */
static int read_variant(const char *text, variant *v, reader *r)
{
    memset(v, 0, sizeof *v);
    jm_rules_default(&v->rules);
    v->behind = jm_board_behind(0);
    if (!strncmp(text, "\xef\xbb\xbf", 3)) text += 3; /* a UTF-8 byte-order mark, as editors write it */
    for (const char *p = text; *p;) {
        r->line++;
        size_t len = strcspn(p, "\n");
        if (len >= MAX_LINE) return bad(r, "longer than %d characters", MAX_LINE - 1);
        char line[MAX_LINE], *save = NULL;
        memcpy(line, p, len);
        line[len] = '\0';
        p += len + (p[len] == '\n');
        char *hash = strchr(line, '#');
        if (hash) *hash = '\0';
        char *w[16];
        int n = 0;
        for (char *t = strtok_r(line, " \t\r", &save); t; t = strtok_r(NULL, " \t\r", &save)) {
            if (n == 16) return bad(r, "more than 15 words");
            w[n++] = t;
        }
        if (!n) continue;
        int rc;
        if (!strcmp(w[0], "space")) rc = read_space(r, v, w, n);
        else if (!strcmp(w[0], "card")) rc = read_card(r, v, w, n);
        else if (!strcmp(w[0], "treasure") || !strcmp(w[0], "power")) rc = read_treasure(r, v, w, n);
        else if (!strcmp(w[0], "die")) rc = read_die(r, v, w, n);
        else if (!strcmp(w[0], "rules")) rc = read_rules(r, v, w, n);
        else if (!strcmp(w[0], "behind")) rc = read_behind(r, v, w, n);
        else rc = bad(r, "'%s': not a field (space, behind, card, power, treasure, die, rules)", w[0]);
        if (rc) return rc;
    }
    r->line = 0;
    if (!v->nspaces) return bad(r, "no space: a variant states its track");
    if (v->ncards != JM_CARDS)
        return bad(r, "%d cards: a player's pile holds exactly %d (each card's halves are yours to set)", v->ncards,
                   JM_CARDS);
    if (!v->ndie) return bad(r, "no die: a variant states the combat die's faces");
    return track_checks(r, v);
}

/* The board the engine plays from v: its tables as written, and what
 * follows from them (the spaces back, the lairs' order, the distances
 * home, the moves' destinations). */
static int build_board(reader *r, const variant *v, jm_board *b)
{
    memset(b, 0, sizeof *b);
    int n = v->nspaces;
    b->nspaces = (uint8_t)n;
    memset(b->next, NO_SPACE, sizeof b->next);
    memset(b->prev, NO_SPACE, sizeof b->prev);
    memset(b->lair_of, NO_SPACE, sizeof b->lair_of);
    b->behind = (int8_t)v->behind;
    for (int i = 0; i < n; i++) {
        const space_row *s = &v->sp[i];
        b->kind[i] = (uint8_t)s->kind;
        b->cost[i] = (uint8_t)s->cost;
        b->score[i] = (int8_t)s->score;
        for (int k = 0; k < s->nnext; k++) {
            int q = s->next[k];
            b->next[i][k] = (uint8_t)q;
            b->prev[q][b->prev[q][0] != NO_SPACE] = (uint8_t)i; /* in order of i: Port Royal first */
        }
        if (s->kind == JM_K_LAIR) {
            b->lair_of[i] = b->nlairs;
            b->lair_space[b->nlairs++] = (uint8_t)i;
        }
    }
    /* fewest steps home: relax along the forward edges until nothing moves */
    for (int i = 1; i < n; i++) b->dist[i] = 0xff;
    for (int changed = 1; changed;) {
        changed = 0;
        for (int i = 1; i < n; i++)
            for (int k = 0; k < 2 && b->next[i][k] != NO_SPACE; k++) {
                int q = b->next[i][k], d = (q ? b->dist[q] : 0) + 1;
                if (d < b->dist[i]) b->dist[i] = (uint8_t)d, changed = 1;
            }
    }
    b->circuit = (uint8_t)(b->dist[b->next[0][0]] + 1);
    for (int c = 0; c < JM_CARDS; c++)
        for (int h = 0; h < 2; h++) b->card[c][h] = (uint8_t)v->card[c][h];
    b->tin = (uint16_t)v->powers_seen;
    for (int t = 0; t < v->nscoring; t++) {
        b->tvalue[POWERS + t] = (int8_t)v->tvalue[t];
        b->tin |= (uint16_t)(1u << (POWERS + t));
    }
    b->star = FACES;
    for (int f = 0; f < FACES; f++) {
        if (v->face[f] == STAR_FACE) b->star = (uint8_t)f;
        b->face[f] = (uint8_t)(v->face[f] == STAR_FACE ? 0 : v->face[f]);
    }
    if (jm__board_moves(b))
        return bad(r, "the track: a move or a shortage search ends on more than 3 spaces (forks too close "
                      "together; a decision offers 3)");
    jm_rules d;
    jm_rules_default(&d);
    if (v->rules.ghost_bonus != d.ghost_bonus && !(b->tin >> JM_T_BETH & 1))
        return (r->line = v->rules_line),
               bad(r, "rules: ghost_bonus=%d: no Lady Beth (power beth) is in the game, whose +2 the Ghost Ship's "
                      "bonus replaces, so it cannot act (drop it, or add 'power beth')", v->rules.ghost_bonus);
    return 0;
}

static int read_rules(reader *r, variant *v, char **w, int n)
{
    char why[256];
    if (v->rules_line) return bad(r, "rules: given twice");
    v->rules_line = r->line;
    if (n != 2) return bad(r, "rules: one word of key=value options (no spaces)");
    if (strchr(w[1], '/') || strstr(w[1], "variant=")) return bad(r, "rules: a variant file names no other file");
    if (jm__rules_options(&v->rules, w[1], why, sizeof why)) return bad(r, "rules: %s", why);
    return 0;
}

int jm_variant_check(const char *text, char *err, size_t errlen)
{
    variant *v = malloc(sizeof *v);
    jm_board *b = malloc(sizeof *b);
    reader r = {err, errlen, 0};
    if (err && errlen) err[0] = '\0';
    int rc = !v || !b ? bad(&r, "out of memory") : read_variant(text, v, &r) ? JM_EINVALID : build_board(&r, v, b);
    free(v);
    free(b);
    return rc;
}

/* ---------------------------------------------------------------- loading */

#define HASH_K0 0x6a616d6169636121ULL /* the variant hash's key: a constant */
#define HASH_K1 0x76617269616e7473ULL
#define MAX_NAME 200

#define MAX_EDITS 400
static struct {
    uint64_t hash;                /* of the file's text (the base game's: 0) */
    char name[MAX_NAME + 1];      /* the file's path; "" for the base game */
    char edits[MAX_EDITS];        /* the fields set over the file ("" for none) */
} loaded[JM_BOARDS];
static atomic_flag loading = ATOMIC_FLAG_INIT;

const char *jm_variant_name(int v) { return v >= 0 && v < jm__variant_count() ? loaded[v].name : NULL; }
uint64_t jm_variant_hash(int v) { return v > 0 && v < jm__variant_count() ? loaded[v].hash : 0; }
const char *jm__variant_edits(int v) { return v > 0 && v < jm__variant_count() ? loaded[v].edits : ""; }

int jm_variant_label(int v, char *buf, size_t len)
{
    if (v <= 0 || v >= jm__variant_count()) return snprintf(buf, len, "%s", "");
    const char *e = loaded[v].edits;
    if (!*loaded[v].name) return snprintf(buf, len, "%s", e);
    return snprintf(buf, len, "%s@%016llx%s%s", loaded[v].name, (unsigned long long)loaded[v].hash, *e ? "," : "", e);
}

/* One field of the file set over it (a rule option's key with a dot): a
 * space's cost or score, a card's half, a scoring treasure's value, a
 * combat die's face.  0, or JM_EINVALID with err. */
static int edit_field(reader *r, variant *v, const char *key, const char *val)
{
    int n, k = 0, x;
    char half[16];
    if (sscanf(key, "cost.%d%n", &n, &k) == 1 && !key[k]) {
        if (n < 0 || n >= v->nspaces) return bad(r, "%s: no space %d (%d spaces)", key, n, v->nspaces);
        if (whole(val, 0, 42, &x)) return bad(r, "%s=%s: a cost is 0 to 42", key, val);
        if (x && (v->sp[n].kind == JM_K_ROYAL || v->sp[n].kind == JM_K_LAIR))
            return bad(r, "%s=%s: space %d is %s: it costs nothing", key, val, n, kind_names[v->sp[n].kind]);
        v->sp[n].cost = x;
    } else if (!strcmp(key, "score.behind")) {
        if (whole(val, -50, 50, &x)) return bad(r, "%s=%s: a score is -50 to 50", key, val);
        v->behind = x;
    } else if (sscanf(key, "score.%d%n", &n, &k) == 1 && !key[k]) {
        if (n < 0 || n >= v->nspaces) return bad(r, "%s: no space %d (%d spaces)", key, n, v->nspaces);
        if (whole(val, -50, 50, &x)) return bad(r, "%s=%s: a score is -50 to 50", key, val);
        v->sp[n].score = x;
    } else if (sscanf(key, "card.%d.%15[a-z]%n", &n, half, &k) == 2 && !key[k] &&
               (!strcmp(half, "morning") || !strcmp(half, "evening"))) {
        if (n < 0 || n >= v->ncards) return bad(r, "%s: no card %d", key, n);
        int act = 0;
        while (act <= JM_ACT_BACK && strcmp(val, jm_act_name(act))) act++;
        if (act > JM_ACT_BACK && whole(val, 0, JM_ACT_BACK, &act))
            return bad(r, "%s=%s: gold, food, gunpowder, forward or backward (or 0 to 4)", key, val);
        v->card[n][half[0] == 'e'] = act;
    } else if (sscanf(key, "treasure.%d%n", &n, &k) == 1 && !key[k]) {
        if (n < 0 || n >= v->nscoring) return bad(r, "%s: no scoring treasure %d (%d in the file)", key, n, v->nscoring);
        if (whole(val, -20, 20, &x)) return bad(r, "%s=%s: a treasure's value is -20 to 20", key, val);
        v->tvalue[n] = x;
    } else if (sscanf(key, "die.%d%n", &n, &k) == 1 && !key[k]) {
        if (n < 0 || n >= FACES) return bad(r, "%s: the die's faces are 0 to 5", key);
        if (whole(val, 0, 20, &x)) return bad(r, "%s=%s: a face is 0 to 20", key, val);
        v->face[n] = x;
    } else {
        return bad(r, "unknown field '%s' (cost.N, score.N, score.behind, card.N.morning, card.N.evening, treasure.K, "
                      "die.F)", key);
    }
    return 0;
}

/* edits: "key=value,..." over v. */
static int apply_edits(reader *r, variant *v, const char *edits)
{
    char buf[MAX_EDITS];
    if (strlen(edits) >= sizeof buf) return bad(r, "fields set over the file: more than %d characters", MAX_EDITS - 1);
    strcpy(buf, edits);
    for (char *t = buf, *next; t && *t; t = next) {
        next = strchr(t, ',');
        if (next) *next++ = '\0';
        char *eq = strchr(t, '=');
        if (!eq) return bad(r, "'%s': a field is set as KEY=VALUE", t);
        *eq = '\0';
        if (edit_field(r, v, t, eq + 1)) return JM_EINVALID;
    }
    return 0;
}

static int name_ok(const char *name)
{
    size_t n = strlen(name);
    if (!n || n > MAX_NAME) return 0;
    for (const char *c = name; *c; c++)
        if (!isalnum((unsigned char)*c) && !strchr("._+-/~", *c)) return 0;
    return 1;
}

/* text (NULL: the base game's file) with edits over it, as variant `name`
 * ("" for the base game); its id, or JM_EINVALID / JM_EFULL with err. */
static int load(const char *text, const char *name, const char *edits, jm_rules *rules, reader *r)
{
    char *base = NULL;
    if (!text) {
        int len = jm_variant_base(NULL, 0);
        if (!(base = malloc((size_t)len + 1))) return bad(r, "out of memory");
        jm_variant_base(base, (size_t)len + 1);
        text = base;
    }
    variant *v = malloc(sizeof *v);
    jm_board *b = malloc(sizeof *b);
    int rc = !v || !b ? bad(r, "out of memory")
           : read_variant(text, v, r) || apply_edits(r, v, edits) ? JM_EINVALID
                                                                   : build_board(r, v, b);
    uint64_t h = base ? 0 : jm_siphash(HASH_K0, HASH_K1, text, strlen(text));
    free(base);
    if (!rc) {
        while (atomic_flag_test_and_set_explicit(&loading, memory_order_acquire)) sched_yield();
        int n = jm__variant_count(), id = 0;
        for (int i = 1; i < n && !id; i++)
            if (loaded[i].hash == h && !strcmp(loaded[i].name, name) && !strcmp(loaded[i].edits, edits)) id = i;
        if (!id && n == JM_BOARDS) {
            rc = JM_EFULL;
            bad(r, "%s: %d variants are loaded already (a process plays at most %d)", *name ? name : "the base game",
                JM_BOARDS - 1, JM_BOARDS - 1);
        } else if (!id) {
            id = n;
            jm__boards[id] = *b;
            loaded[id].hash = h;
            snprintf(loaded[id].name, sizeof loaded[id].name, "%s", name);
            snprintf(loaded[id].edits, sizeof loaded[id].edits, "%s", edits);
            atomic_store_explicit(&jm__nboards, n + 1, memory_order_release);
        }
        atomic_flag_clear_explicit(&loading, memory_order_release);
        if (!rc) {
            *rules = v->rules;
            rules->variant = (uint8_t)id;
            rc = id;
        }
    }
    free(v);
    free(b);
    return rc;
}

int jm_variant_load(const char *text, const char *name, jm_rules *rules, char *err, size_t errlen)
{
    reader r = {err, errlen, 0};
    if (!name_ok(name))
        return bad(&r, "variant name '%s': 1 to %d letters, digits and ._+-/~ (it goes into CSVs and traces)", name,
                   MAX_NAME);
    return load(text, name, "", rules, &r);
}

int jm__variant_load_edited(const char *path, const char *edits, jm_rules *rules, char *err, size_t errlen)
{
    reader r = {err, errlen, 0};
    if (!path) return load(NULL, "", edits, rules, &r);
    return jm__variant_file(path, edits, rules, err, errlen);
}

int jm_variant_load_file(const char *path, jm_rules *rules, char *err, size_t errlen)
{
    return jm__variant_file(path, "", rules, err, errlen);
}

int jm__variant_file(const char *path, const char *edits, jm_rules *rules, char *err, size_t errlen)
{
    reader r = {err, errlen, 0};
    struct stat st;
    if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) /* a FIFO would block, a directory read nothing */
        return bad(&r, "variant file %s: %s", path, S_ISDIR(st.st_mode) ? "it is a directory"
                                                                      : "not a regular file (a variant file is one)");
    FILE *f = fopen(path, "rb");
    if (!f) return bad(&r, "variant file %s: %s", path, strerror(errno));
    size_t cap = 1 << 20, n;
    char *text = malloc(cap + 1);
    if (!text) {
        fclose(f);
        return bad(&r, "out of memory");
    }
    n = fread(text, 1, cap + 1, f);
    int rd = ferror(f);
    fclose(f);
    int rc;
    if (rd) rc = bad(&r, "variant file %s: cannot read it (a directory?)", path);
    else if (n > cap) rc = bad(&r, "variant file %s: more than 1 MiB", path);
    else if (memchr(text, '\0', n)) rc = bad(&r, "variant file %s: not text (a NUL byte)", path);
    else {
        text[n] = '\0';
        rc = name_ok(path) ? load(text, path, edits, rules, &r)
                           : bad(&r, "variant file '%s': a path of 1 to %d letters, digits and ._+-/~ (it goes into "
                                     "CSVs and traces)", path, MAX_NAME);
        /* name the file on a refusal of its content */
        if (rc < 0 && rc != JM_EFULL && err && errlen && strncmp(err, "variant", 7)) {
            char why[400];
            snprintf(why, sizeof why, "%s", err);
            snprintf(err, errlen, "%s: %s", path, why);
        }
    }
    free(text);
    return rc;
}
