/* params.c - agent parameters (see params.h). */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "params.h"

static int choice_index(const char *choices, const char *v)
{
    size_t n = strlen(v);
    int i = 0;
    for (const char *p = choices; *p; i++) {
        const char *bar = strchr(p, '|');
        size_t len = bar ? (size_t)(bar - p) : strlen(p);
        if (len == n && !strncmp(p, v, n)) return i;
        if (!bar) break;
        p = bar + 1;
    }
    return -1;
}

/* The offset of the first ':KEY=' in v (KEY a run of lower-case letters,
 * digits and '_'), or -1: a second parameter joined by ':' instead of ','
 * ("iters=100:c=2"), which would otherwise read as a bad value, or as a
 * file's name that does not exist. */
int params_colon_at(const char *v)
{
    for (const char *c = strchr(v, ':'); c; c = strchr(c + 1, ':')) {
        size_t k = strspn(c + 1, "abcdefghijklmnopqrstuvwxyz0123456789_");
        if (k && c[1 + k] == '=') return (int)(c - v);
    }
    return -1;
}

int params_parse(const char *agent, const char *params, const param_spec *spec, int nspec, void *out, char *err,
                 size_t errlen)
{
    char buf[256];
    if (strlen(params) >= sizeof buf) {
        snprintf(err, errlen, "agent '%s': parameters longer than %zu characters", agent, sizeof buf - 1);
        return -1;
    }
    strcpy(buf, params);
    unsigned seen = 0;
    char *save = NULL;
    for (char *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        char *eq = strchr(tok, '=');
        if (!eq) {
            snprintf(err, errlen, "agent '%s': parameter '%s' is not key=value", agent, tok);
            return -1;
        }
        *eq = '\0';
        const char *v = eq + 1;
        int colon = params_colon_at(v);
        if (colon >= 0) {
            snprintf(err, errlen, "agent '%s': parameters are separated by ',', not ':' (write '%s=%.*s,%s')", agent,
                     tok, colon, v, v + colon + 1);
            return -1;
        }
        int k = 0;
        while (k < nspec && strcmp(spec[k].key, tok)) k++;
        if (k == nspec) {
            char known[200];
            size_t o = 0;
            for (int i = 0; i < nspec; i++) o += (size_t)snprintf(known + o, sizeof known - o, "%s%s", i ? ", " : "", spec[i].key);
            snprintf(err, errlen, "agent '%s': unknown parameter '%s' (known: %s)", agent, tok, known);
            return -1;
        }
        if (seen >> k & 1) {
            snprintf(err, errlen, "agent '%s': parameter '%s' given twice", agent, tok);
            return -1;
        }
        seen |= 1u << k;
        const param_spec *s = &spec[k];
        char *end;
        errno = 0;
        if (s->type == PARAM_CHOICE) {
            int c = choice_index(s->choices, v);
            if (c < 0) {
                snprintf(err, errlen, "agent '%s': bad value '%s' for %s (one of %s)", agent, v, tok, s->choices);
                return -1;
            }
            *(int *)((char *)out + s->offset) = c;
        } else if (s->type == PARAM_TEXT) {
            if (!*v || strlen(v) >= (size_t)s->hi) {
                snprintf(err, errlen, "agent '%s': bad value '%s' for %s (1 to %.0f characters)", agent, v, tok,
                         s->hi - 1);
                return -1;
            }
            strcpy((char *)out + s->offset, v);
        } else if (s->type == PARAM_INT) {
            long x = (*v >= '0' && *v <= '9') ? strtol(v, &end, 10) : (end = (char *)v, 0);
            if (end == v || *end || errno || x < s->lo || x > s->hi) {
                snprintf(err, errlen, "agent '%s': bad value '%s' for %s (a whole number from %.0f to %.0f)", agent, v,
                         tok, s->lo, s->hi);
                return -1;
            }
            *(int *)((char *)out + s->offset) = (int)x;
        } else {
            double x = (*v == '-' || *v == '.' || (*v >= '0' && *v <= '9')) ? strtod(v, &end) : (end = (char *)v, 0);
            if (end == v || *end || errno || !isfinite(x) || x < s->lo || x > s->hi) {
                snprintf(err, errlen, "agent '%s': bad value '%s' for %s (a number from %g to %g)", agent, v, tok, s->lo,
                         s->hi);
                return -1;
            }
            *(double *)((char *)out + s->offset) = x;
        }
    }
    return 0;
}
