/* params.h - "key=value,key=value" agent parameters, checked against a table. */
#ifndef AGENT_PARAMS_H
#define AGENT_PARAMS_H

#include <stddef.h>

enum { PARAM_INT, PARAM_DOUBLE, PARAM_CHOICE, PARAM_TEXT };

typedef struct param_spec {
    const char *key;
    int type;
    size_t offset;          /* into the agent's parameter struct */
    double lo, hi;          /* the accepted range (PARAM_INT, PARAM_DOUBLE); PARAM_TEXT:
                               hi is the size of the char array at offset (a file's
                               path, say: no commas) */
    const char *choices;    /* PARAM_CHOICE: "a|b|c", stored as the index (int) */
} param_spec;

/* Parse params into out (defaults already there).  0, or -1 with a message
 * naming the agent, the key and the bad value in err. */
int params_parse(const char *agent, const char *params, const param_spec *spec, int nspec, void *out, char *err,
                 size_t errlen);

/* The offset of the first ':KEY=' in v, or -1: two parameters joined by ':'
 * where ',' belongs. */
int params_colon_at(const char *v);

#endif
