/* outside.c - what plugins and programs share (see outside.h). */
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "outside.h"

/* A sandbox limit (mem=, procs=, fsize=, cpu= as whole numbers; env=
 * names joined by '+'): 0 when tok was one, 1 when it is no limit's key,
 * -1 with err on a bad value. */
static int limit_key(outside *o, const char *tok, size_t klen, const char *v, const char *who, char *err,
                     size_t errlen)
{
    static const struct { const char *key; size_t off; unsigned lo, hi; } keys[] = {
        {"mem", offsetof(sandbox_limits, mem_mib), 64, 1048576},
        {"procs", offsetof(sandbox_limits, procs), 1, 65536},
        {"fsize", offsetof(sandbox_limits, fsize_mib), 1, 1048576},
        {"cpu", offsetof(sandbox_limits, cpu_s), 0, 31536000},
    };
    if (klen == 3 && !strncmp(tok, "env", 3)) {
        if (strlen(v) >= sizeof o->lim.env || strspn(v, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_+") != strlen(v)) {
            snprintf(err, errlen, "agent '%s': bad value '%s' for env (variable names joined by '+')", who, v);
            return -1;
        }
        strcpy(o->lim.env, v);
        return 0;
    }
    for (size_t i = 0; i < sizeof keys / sizeof *keys; i++) {
        if (klen != strlen(keys[i].key) || strncmp(tok, keys[i].key, klen)) continue;
        char *end;
        unsigned long x = strtoul(v, &end, 10);
        if (end == v || *end || *v == '-' || x < keys[i].lo || x > keys[i].hi) {
            snprintf(err, errlen, "agent '%s': bad value '%s' for %s (a whole number from %u to %u)", who, v,
                     keys[i].key, keys[i].lo, keys[i].hi);
            return -1;
        }
        *(unsigned *)((char *)&o->lim + keys[i].off) = (unsigned)x;
        return 0;
    }
    return 1;
}

int outside_params(outside *o, const char *who, const char *params, int with_program_keys, char *err,
                   size_t errlen)
{
    char buf[AGENT_SPEC_MAX];
    memset(o, 0, sizeof *o);
    o->timeout = 10.0;
    o->startup = 60.0;
    o->on_fault = ON_FAULT_STOP;
    o->lim = (sandbox_limits){.mem_mib = SANDBOX_MEM_MIB, .procs = SANDBOX_PROCS, .fsize_mib = SANDBOX_FSIZE_MIB};
    snprintf(buf, sizeof buf, "%s", params);
    size_t ro = 0;
    char *save = NULL;
    for (char *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        char *eq = strchr(tok, '=');
        if (!eq) {
            snprintf(err, errlen, "agent '%s': parameter '%s' is not key=value", who, tok);
            return -1;
        }
        const char *v = eq + 1;
        size_t klen = (size_t)(eq - tok);
        if (klen == 8 && !strncmp(tok, "on_fault", 8)) {
            if (!strcmp(v, "stop")) o->on_fault = ON_FAULT_STOP;
            else if (!strcmp(v, "random")) o->on_fault = ON_FAULT_RANDOM;
            else {
                snprintf(err, errlen, "agent '%s': bad value '%s' for on_fault (stop or random)", who, v);
                return -1;
            }
        } else if (with_program_keys && klen == 7 && (!strncmp(tok, "timeout", 7) || !strncmp(tok, "startup", 7))) {
            char *end;
            double x = strtod(v, &end);
            if (end == v || *end || !(x > 0 && x <= 86400)) {
                snprintf(err, errlen, "agent '%s': bad value '%s' for %.7s (seconds, above 0 and at most 86400)",
                         who, v, tok);
                return -1;
            }
            *(*tok == 't' ? &o->timeout : &o->startup) = x;
        } else if (with_program_keys && klen == 7 && !strncmp(tok, "results", 7)) {
            if (strcmp(v, "0") && strcmp(v, "1")) {
                snprintf(err, errlen, "agent '%s': bad value '%s' for results (0 or 1)", who, v);
                return -1;
            }
            o->results = *v == '1';
        } else if (with_program_keys && klen == 3 && !strncmp(tok, "log", 3)) {
            if (!*v || strlen(v) >= sizeof o->log) {
                snprintf(err, errlen, "agent '%s': bad value '%s' for log (a file name)", who, v);
                return -1;
            }
            strcpy(o->log, v);
        } else if (with_program_keys && klen == 3 && !strncmp(tok, "dir", 3)) {
            struct stat st;
            if (!*v || strlen(v) >= sizeof o->dir || stat(v, &st) || !S_ISDIR(st.st_mode)) {
                snprintf(err, errlen, "agent '%s': bad value '%s' for dir (an existing directory)", who, v);
                return -1;
            }
            strcpy(o->dir, v);
        } else if (klen == 7 && !strncmp(tok, "sandbox", 7)) {
            if (!strcmp(v, "on") && with_program_keys) o->sandbox = SANDBOX_ON;
            else if (!strcmp(v, "off")) o->sandbox = SANDBOX_OFF;
            else {
                snprintf(err, errlen, "agent '%s': bad value '%s' for sandbox (%s)", who, v,
                         with_program_keys ? "on or off" : "off: a plugin cannot be sandboxed");
                return -1;
            }
        } else {
            int r = with_program_keys ? limit_key(o, tok, klen, v, who, err, errlen) : 1;
            if (r < 0) return -1;
            if (r) ro += (size_t)snprintf(o->rest + ro, sizeof o->rest - ro, "%s%s", ro ? "," : "", tok);
        }
    }
    return 0;
}

int outside_random(agent *a, const int *legal, int n)
{
    return legal[jm_pcg32_bounded(&a->rng, (uint32_t)n)];
}

int outside_failed(outside *o, agent *a, const int *legal, int n, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(o->fault, sizeof o->fault, fmt, ap);
    va_end(ap);
    if (o->on_fault != ON_FAULT_RANDOM) return -1;
    o->faults++;
    o->fallback = 1;
    return outside_random(a, legal, n);
}

const char *outside_fault(agent *a)
{
    const outside *o = a->data;
    return o ? o->fault : "";
}

unsigned outside_faults(agent *a)
{
    const outside *o = a->data;
    return o ? o->faults : 0;
}
