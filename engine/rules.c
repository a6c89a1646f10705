/*
 * rules.c - a rules text (docs/RULES.md, docs/VARIANTS.md): a preset or a
 * variant file, fields set over it, and rule options on top (options.c);
 * its text back.  The variant is loaded first (variant.c), then the
 * options go over its own.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* A variant file as the first item (a path: it holds a '/' or a '.'), or
 * variant=PATH@HASH anywhere: its path into path and the hash, if given,
 * into hash.  1 when the item is one, 0 when not, -1 with err set. */
static int variant_item(const char *tok, int first, char *path, size_t len, const char **hash, char *err, size_t errlen)
{
    const char *at = NULL;
    if (!strncmp(tok, "variant=", 8)) {
        tok += 8;
        at = strrchr(tok, '@');
    } else if (!first || strchr(tok, '=') || (!strchr(tok, '/') && !strchr(tok, '.'))) {
        return 0;
    }
    size_t n = at ? (size_t)(at - tok) : strlen(tok);
    if (!n || n >= len) {
        snprintf(err, errlen, "variant file '%.*s': a path of 1 to %zu characters", (int)n, tok, len - 1);
        return -1;
    }
    memcpy(path, tok, n);
    path[n] = '\0';
    *hash = at ? at + 1 : NULL;
    return 1;
}

/* A field of the variant set over it: a key=value item whose key holds a dot. */
static int is_field(const char *tok)
{
    const char *eq = strchr(tok, '=');
    return eq && memchr(tok, '.', (size_t)(eq - tok)) != NULL;
}

/* The variant that text names (a file, fields set over it, or both) into
 * *r: 0 (none named), 1 (fields over the base game), 2 (a file), or -1
 * with err. */
static int load_variant(jm_rules *r, const char *text, char *err, size_t errlen)
{
    char buf[512], path[256] = "", edits[512] = "";
    const char *hash = NULL;
    int file = 0, first = 1;
    strcpy(buf, text);
    for (char *tok = buf, *next; tok; tok = next, first = 0) {
        next = strchr(tok, ',');
        if (next) *next++ = '\0';
        int k = variant_item(tok, first, path, sizeof path, &hash, err, errlen);
        if (k < 0) return -1;
        if (k && file++) {
            snprintf(err, errlen, "rules '%s' name two variant files (give one)", text);
            return -1;
        }
        if (!k && is_field(tok)) { /* the fields, comma-separated, in their order */
            size_t el = strlen(edits), tl = strlen(tok);
            if (el + tl + 2 > sizeof edits) {
                snprintf(err, errlen, "rules '%.60s...': too many fields set", text);
                return -1;
            }
            if (el) edits[el++] = ',';
            memcpy(edits + el, tok, tl + 1);
        }
    }
    if (!file && !*edits) return 0;
    int v = jm__variant_load_edited(file ? path : NULL, edits, r, err, errlen);
    if (v < 0) return -1;
    if (hash) {
        char want[32];
        snprintf(want, sizeof want, "%016llx", (unsigned long long)jm_variant_hash(v));
        if (strcmp(hash, want)) {
            snprintf(err, errlen, "variant file %s: its content's hash is %s, not %s (the file has changed)", path, want,
                     hash);
            return -1;
        }
    }
    return file ? 2 : 1;
}

int jm_rules_parse(jm_rules *r, const char *text, char *err, size_t errlen)
{
    char buf[512];
    jm_rules tmp;
    jm_rules_default(&tmp);
    if (strlen(text) >= sizeof buf) {
        snprintf(err, errlen, "rules text too long (%zu characters; at most %zu)", strlen(text), sizeof buf - 1);
        return JM_EINVALID;
    }
    if (!*text) {
        snprintf(err, errlen, "empty rules (give a preset, 2021 or classic, a variant file and/or key=value options)");
        return JM_EINVALID;
    }
    /* the variant first, whatever its place: the options go on top of it */
    int file = load_variant(&tmp, text, err, errlen), first = 1;
    if (file < 0) return JM_EINVALID;
    strcpy(buf, text);
    rules_items st = {.file = file == 2};
    for (char *tok = buf, *next; tok; tok = next, first = 0) {
        next = strchr(tok, ',');
        if (next) *next++ = '\0';
        if (!*tok) {
            snprintf(err, errlen, "empty item in rules '%s' (two commas, or one at an end)", text);
            return JM_EINVALID;
        }
        char path[256];
        const char *hash;
        if (is_field(tok) || variant_item(tok, first, path, sizeof path, &hash, err, errlen) == 1) continue;
        if (jm__rules_item(&tmp, tok, first, &st, err, errlen)) return JM_EINVALID;
    }
    /* The ghost's bonus stands in for Lady Beth's (G5): without her in the
     * game it cannot act, and a setting that cannot act is refused. */
    jm_rules d;
    jm_rules_default(&d);
    if (tmp.variant && tmp.ghost_bonus != d.ghost_bonus && !jm_board_in_game(tmp.variant, JM_T_BETH)) {
        snprintf(err, errlen, "ghost_bonus=%d: this variant has no Lady Beth (power beth), whose +2 the Ghost Ship's "
                 "bonus replaces, so it cannot act (drop it, or add 'power beth' to the file)", tmp.ghost_bonus);
        return JM_EINVALID;
    }
    *r = tmp;
    return JM_OK;
}

void jm_rules_format(const jm_rules *r, char *buf, size_t len)
{
    int n = jm__rules_format_options(r, buf, len);
    if (r->variant && jm_variant_name(r->variant) && *jm_variant_name(r->variant) && n >= 0 && (size_t)n < len)
        n += snprintf(buf + n, len - (size_t)n, ",variant=%s@%016llx", jm_variant_name(r->variant),
                      (unsigned long long)jm_variant_hash(r->variant));
    if (r->variant && *jm__variant_edits(r->variant) && n >= 0 && (size_t)n < len)
        snprintf(buf + n, len - (size_t)n, ",%s", jm__variant_edits(r->variant));
}
