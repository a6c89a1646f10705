/* variant.c - variant files: the game's components as text a designer
 * edits (docs/VARIANTS.md).  jm_variant_base() writes the base game's file
 * from the board's tables; jm_variant_check() reads one and refuses, in one
 * line naming the line and the field, what the compact state and the
 * encoding cannot hold or what no game could be played on. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
    jm_rules_format(&r, text, sizeof text);
    put(&o, "\n# The rule options, as --rules takes them (the starting holds and the hand\n"
            "# among them); --rules on a command line still sets them over this line.\n");
    put(&o, "rules %s\n", text);
    if (buf && o.n >= len) return JM_EARG;
    return (int)o.n;
}

/* ---------------------------------------------------------------- reading */

typedef struct space_row {
    int line, kind, cost, score, nnext, next[2];
} space_row;

typedef struct variant {
    int nspaces, ncards, nscoring, ndie, rules_line;
    space_row sp[JM_SPACES];
    int powers_seen;
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
    v->nscoring++;
    return 0;
}

static int read_die(reader *r, variant *v, char **w, int n)
{
    if (v->ndie) return bad(r, "die: given twice");
    if (n != 1 + FACES) return bad(r, "die: %d faces; the combat die has %d", n - 1, FACES);
    int stars = 0;
    for (int i = 1; i < n; i++) {
        int f;
        if (!strcmp(w[i], "star")) stars++;
        else if (whole(w[i], 0, 20, &f)) return bad(r, "die: face '%s' (0 to 20, or star)", w[i]);
    }
    if (stars > 1) return bad(r, "die: %d stars; a die has at most one", stars);
    v->ndie = FACES;
    return 0;
}

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

int jm_variant_check(const char *text, char *err, size_t errlen)
{
    static variant v; /* 50 spaces: kept off the stack */
    memset(&v, 0, sizeof v);
    reader r = {err, errlen, 0};
    if (err && errlen) err[0] = '\0';
    for (const char *p = text; *p;) {
        r.line++;
        size_t len = strcspn(p, "\n");
        if (len >= MAX_LINE) return bad(&r, "longer than %d characters", MAX_LINE - 1);
        char line[MAX_LINE];
        memcpy(line, p, len);
        line[len] = '\0';
        p += len + (p[len] == '\n');
        char *hash = strchr(line, '#');
        if (hash) *hash = '\0';
        char *w[16];
        int n = 0;
        for (char *t = strtok(line, " \t\r"); t; t = strtok(NULL, " \t\r")) {
            if (n == 16) return bad(&r, "more than 15 words");
            w[n++] = t;
        }
        if (!n) continue;
        int rc;
        if (!strcmp(w[0], "space")) rc = read_space(&r, &v, w, n);
        else if (!strcmp(w[0], "card")) rc = read_card(&r, &v, w, n);
        else if (!strcmp(w[0], "treasure") || !strcmp(w[0], "power")) rc = read_treasure(&r, &v, w, n);
        else if (!strcmp(w[0], "die")) rc = read_die(&r, &v, w, n);
        else if (!strcmp(w[0], "rules")) {
            jm_rules rules;
            char why[256];
            if (v.rules_line) return bad(&r, "rules: given twice");
            v.rules_line = r.line;
            rc = n == 2 && jm_rules_parse(&rules, w[1], why, sizeof why) ? bad(&r, "rules: %s", why)
               : n != 2 ? bad(&r, "rules: one word of key=value options (no spaces)") : 0;
        } else {
            rc = bad(&r, "'%s': not a field (space, card, power, treasure, die, rules)", w[0]);
        }
        if (rc) return rc;
    }
    r.line = 0;
    if (!v.nspaces) return bad(&r, "no space: a variant states its track");
    if (v.ncards < 4) return bad(&r, "%d cards: a hand of 3 and one to draw need 4 or more", v.ncards);
    if (!v.ndie) return bad(&r, "no die: a variant states the combat die's faces");
    return track_checks(&r, &v);
}
