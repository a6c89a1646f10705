/* cli.c - messages, numbers, threads and rules for the commands (see cli.h). */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "../run/luck.h"
#include "cli.h"
#include "../../agents/value.h"
#include "../run/harness.h"

static const char *current_command;
int cli_quiet;

void cli_set_command(const char *name)
{
    current_command = name;
}

int cli_usage_error(const char *fmt, ...)
{
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (cli_quiet) return 2;
    fprintf(stderr, "jamaica: %s (see 'jamaica %s%s--help')\n", msg, current_command ? current_command : "",
            current_command ? " " : "");
    return 2;
}

int cli_getopt(int argc, char **argv, const struct option *opts)
{
    int idx = -1, c = getopt_long(argc, argv, "h", opts, &idx);
    /* "--games-csv --rotate" is a forgotten value, not a file named
     * "--rotate" (a file that starts with "--" can be given as ./--name). */
    if (c != -1 && c != '?' && optarg && (!strncmp(optarg, "--", 2) || !strcmp(optarg, "-h"))) {
        char name[64];
        if (idx >= 0) snprintf(name, sizeof name, "--%s", opts[idx].name);
        else snprintf(name, sizeof name, "-%c", c);
        cli_usage_error("option '%s' needs a value, not the option '%s'", name, optarg);
        return CLI_BAD_VALUE;
    }
    return c;
}

int cli_bad_option(const char *cmd, char **argv)
{
    const char *arg = argv[optind - 1];
    if (optopt && strncmp(arg, "--", 2)) return cli_usage_error("%s: unknown option '-%c'", cmd, optopt);
    return cli_usage_error("%s: unknown option or missing value in '%s'", cmd, arg);
}

int cli_parse_u64(const char *text, const char *what, uint64_t lo, uint64_t hi, uint64_t *out)
{
    char *end;
    errno = 0;
    /* Digits only: no sign, no space, nothing after. */
    const char *p = text;
    if (*p < '0' || *p > '9') goto bad;
    unsigned long long v = strtoull(p, &end, 10);
    if (errno || *end || v < lo || v > hi) goto bad;
    *out = v;
    return 0;
bad:
    cli_usage_error("bad %s '%s' (a whole number from %llu to %llu)", what, text, (unsigned long long)lo,
                    (unsigned long long)hi);
    return -1;
}

int cli_default_threads(int *t)
{
#ifdef _OPENMP
    *t = omp_get_max_threads();
#else
    *t = 1;
#endif
    if (*t <= CLI_MAX_THREADS) return 0;
    cli_usage_error("OMP_NUM_THREADS gives %d threads, over the limit of %d", *t, CLI_MAX_THREADS);
    return -1;
}

int cli_threads(uint64_t *threads)
{
    int t;
    if (*threads) return 0;
    if (cli_default_threads(&t)) return -1;
    *threads = (uint64_t)t;
    return 0;
}

const char *cli_rules_named(const char *text, char *buf, size_t len)
{
    jm_rules r;
    char err[512];
    if (jm_rules_parse(&r, text, err, len) || !r.variant) return text;
    jm_rules_format(&r, buf, len);
    return buf;
}

int cli_luck(const char *text, const jm_rules *rules, value_fn *v)
{
    char err[600];
    memset(v, 0, sizeof *v);
    if (!text) return 0;
    if (!*text) return cli_usage_error("--luck: empty (hand, or a network file FILE.jmn)");
    if (value_open(v, text, err, sizeof err)) return cli_usage_error("--luck: %s", err);
    if (v->kind == VALUE_NET && rules->variant) {
        value_close(v);
        return cli_usage_error("--luck %s: a network of the base game, and the run plays a variant (use --luck hand)",
                               text);
    }
    return 0;
}

int cli_luck_fits(const value_fn *v, const jm_rules *rules, int lo, int hi, const jm_seed *seed, uint64_t first,
                  uint64_t games)
{
    char err[800];
    for (int P = lo; P <= hi; P++)
        if (luck_refuses(v, rules, P, seed, first, games, err, sizeof err)) return cli_usage_error("%s", err);
    return 0;
}

int cli_rules(const char *text, int players, jm_rules *rules)
{
    char err[512];
    if (jm_rules_parse(rules, text, err, sizeof err)) return cli_usage_error("%s", err);
    jm_state probe;
    if (jm_init(&probe, rules, players, 0, 0, NULL, err, sizeof err) != JM_OK) return cli_usage_error("%s", err);
    return 0;
}

void cli_progress(sim_config *c, uint64_t every)
{
    int tty = isatty(2);
    c->progress = 1;
    c->progress_every = every ? (unsigned)every : tty ? 0u : 60u;
    c->progress_quiet = !every && !tty;
}
