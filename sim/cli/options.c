/* options.c - a command's options from one table (see options.h). */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>

#include "../../agents/agent.h"
#include "../io/outfile.h"
#include "../run/mpi.h"
#include "cli.h"
#include "../io/outfile.h"
#include "options.h"

/* Set while opt_parse() sets the defaults (a seed set then was not given);
 * seed_given once --seed or --seed-file was read (the other is refused). */
static int setting_defaults, seed_given;

#define MAX_OPTS 64          /* rows in one table: the bits of *given */
#define VAL_BASE 256         /* getopt_long's value for row i: VAL_BASE + i */

static void *field(void *out, const opt *o)
{
    return (char *)out + o->offset;
}

static int choice_index(const char *choices, const char *v)
{
    size_t n = strlen(v);
    int i = 0;
    for (const char *p = choices;; i++) {
        const char *bar = strchr(p, '|');
        size_t len = bar ? (size_t)(bar - p) : strlen(p);
        if (len == n && !strncmp(p, v, n)) return i;
        if (!bar) return -1;
        p = bar + 1;
    }
}

/* "a|b|c" as "a, b or c". */
static void choices_text(const char *choices, char *buf, size_t n)
{
    size_t o = 0;
    int count = 1;
    for (const char *p = choices; *p; p++) count += *p == '|';
    int k = 0;
    for (const char *p = choices;; k++) {
        const char *bar = strchr(p, '|');
        int len = bar ? (int)(bar - p) : (int)strlen(p);
        const char *sep = k == 0 ? "" : k == count - 1 ? " or " : ", ";
        o += (size_t)snprintf(buf + o, o < n ? n - o : 0, "%s%.*s", sep, len, p);
        if (!bar) break;
        p = bar + 1;
    }
}

/* One value into its field: 0, or -1 after reporting (report 0: a default,
 * which is never bad). */
static int set_value(const opt *o, const char *v, void *out)
{
    switch (o->kind) {
    case OPT_FLAG: *(int *)field(out, o) = 1; return 0;
    case OPT_UINT: return cli_parse_u64(v, o->what, o->lo, o->hi, (uint64_t *)field(out, o));
    case OPT_TEXT: *(const char **)field(out, o) = v; return 0;
    case OPT_CHOICE: {
        int c = choice_index(o->choices, v);
        if (c < 0) {
            char list[128];
            choices_text(o->choices, list, sizeof list);
            cli_usage_error("bad %s '%s' (%s)", o->what ? o->what : o->name, v, list);
            return -1;
        }
        *(int *)field(out, o) = c;
        return 0;
    }
    case OPT_CALL: return o->parse(v, field(out, o));
    }
    return -1;
}

static jm_seed drawn;          /* --seed random's, told when the process ends */

int opt_parse(const opt_table *t, int argc, char **argv, void *out, int *first, uint64_t *given)
{
    struct option lo[MAX_OPTS + 3];
    int n = t->n;
    if (n > MAX_OPTS) { /* a table past *given's bits: the command's own mistake, said at once */
        cli_usage_error("%s: %d options, more than the %d a table may hold", t->command, n, MAX_OPTS);
        return OPT_ERROR;
    }
    seed_given = 0;
    for (int i = 0; i < n; i++) {
        const opt *o = &t->opts[i];
        setting_defaults = 1;
        int bad = o->def && set_value(o, o->def, out);
        setting_defaults = 0;
        if (bad) return OPT_ERROR;
        lo[i] = (struct option){o->name, o->kind == OPT_FLAG ? no_argument : required_argument, 0, VAL_BASE + i};
    }
    lo[n] = (struct option){"help", no_argument, 0, 'h'};
    lo[n + 1] = (struct option){"version", no_argument, 0, 'V'};
    lo[n + 2] = (struct option){0, 0, 0, 0};
    uint64_t seen = 0;
    optind = 1;
    opterr = 0;
    int c;
    while ((c = cli_getopt(argc, argv, lo)) != -1) {
        if (c == 'h') {
            opt_help(t);
            return OPT_HELP;
        }
        if (c == 'V') {
            printf("jamaica %s\n", JAMAICA_VERSION);
            return OPT_HELP;
        }
        if (c == CLI_BAD_VALUE) return OPT_ERROR;
        if (c < VAL_BASE || c >= VAL_BASE + n) {
            cli_bad_option(t->command, argv);
            return OPT_ERROR;
        }
        const opt *o = &t->opts[c - VAL_BASE];
        if (!o->many && seen >> (c - VAL_BASE) & 1) { /* the second value would silently win */
            cli_usage_error("%s: --%s given twice", t->command, o->name);
            return OPT_ERROR;
        }
        seen |= 1ull << (c - VAL_BASE);
        if (set_value(o, optarg, out)) return OPT_ERROR;
    }
    if (t->operands == 0 && optind < argc) {
        cli_usage_error("%s: unexpected argument '%s'", t->command, argv[optind]);
        return OPT_ERROR;
    }
    if (given) *given = seen;
    if (first) *first = optind;
    if (drawn.sealed && opt_keep_drawn_seed(t, out, &drawn)) return OPT_ERROR;
    return 0;
}

int opt_given(const opt_table *t, uint64_t given, const char *name)
{
    for (int i = 0; i < t->n && i < MAX_OPTS; i++)
        if (!strcmp(t->opts[i].name, name)) return (int)(given >> i & 1);
    return 0;
}


static void tell_drawn_seed(void)
{
    char text[JM_SEED_TEXT];
    if (!drawn.sealed) return; /* refused before any run (opt_plain_seed): nothing records it */
    if (!outfile_committed() && !opt_kept_seed()) return; /* it failed at its start: no output records it */
    agent_kill_programs(); /* none is left to read it (a program shares jamaica's stderr) */
    fprintf(stderr, "jamaica: --seed random drew seed %s (the outputs record it)\n",
            jm_seed_format(&drawn, text, sizeof text));
}

static int seed_once(void)
{
    if (setting_defaults) return 0;
    if (seed_given++) {
        cli_usage_error("give the seed once: --seed or --seed-file");
        return -1;
    }
    return 0;
}

int opt_parse_seed(const char *v, void *field)
{
    jm_seed *seed = field;
    if (seed_once()) return -1;
    if (strcmp(v, "random")) {
        jm_seed s;
        if (jm_seed_parse(v, &s)) {
            cli_usage_error("bad seed '%s' (0 to 2^64-1, 'random', or sealed: and 32 hex digits)", v);
            return -1;
        }
        *seed = s;
        if (s.sealed) outfile_secret(), agent_seal_programs(NULL); /* the outputs will record it */
        return 0;
    }
    /* 128 secret bits: sealed chance (docs/PROTOCOL.md, "Sealed runs"),
     * told only when the process ends, its programs gone. */
    uint64_t k[2];
    if (getrandom(k, sizeof k, 0) != (ssize_t)sizeof k) {
        cli_usage_error("--seed random: the system gave no random bytes");
        return -1;
    }
    if (!setting_defaults) { /* every rank plays rank 0's (every rank reads the options) */
        k[0] = sim_mpi_bcast(k[0]);
        k[1] = sim_mpi_bcast(k[1]);
    }
    *seed = (jm_seed){.v = k[0], .k1 = k[1], .sealed = 1, .secret = 1};
    outfile_secret(); /* the outputs record it */
    agent_seal_programs(NULL);
    if (!setting_defaults) {
        drawn = *seed;
        static int told;
        if (!told++) atexit(tell_drawn_seed);
    }
    return 0;
}

int opt_seed_drawn(void)
{
    return drawn.sealed;
}

int opt_seed_given(void)
{
    return seed_given > 0;
}

int opt_plain_seed(const jm_seed *seed, uint64_t *out)
{
    if (seed->sealed) {
        drawn.sealed = 0; /* a drawn one is told nowhere: this command plays no run */
        return cli_usage_error("a sealed seed is for runs that seat outside agents; give a number");
    }
    *out = seed->v;
    return 0;
}

int opt_parse_seed_file(const char *path, void *field)
{
    jm_seed *seed = field;
    if (seed_once()) return -1;
    FILE *f = fopen(path, "r");
    struct stat st;
    if (!f || fstat(fileno(f), &st)) {
        cli_usage_error("--seed-file '%s': %s", path, strerror(errno));
        if (f) fclose(f);
        return -1;
    }
    if (S_ISREG(st.st_mode) && (st.st_mode & 077)) { /* a secret others may read is no secret */
        fclose(f);
        cli_usage_error("--seed-file '%s' may be read by other users (mode %04o): chmod 600 it", path,
                        (unsigned)(st.st_mode & 07777));
        return -1;
    }
    if (S_ISREG(st.st_mode) && st.st_uid != geteuid()) { /* another user's: planted, and known to them */
        fclose(f);
        cli_usage_error("--seed-file '%s' belongs to another user (uid %u): a seed file must be your own", path,
                        (unsigned)st.st_uid);
        return -1;
    }
    char line[128];
    size_t n = fread(line, 1, sizeof line - 1, f);
    int bad = ferror(f) || !feof(f);
    fclose(f);
    line[n] = '\0';
    while (n && (line[n - 1] == '\n' || line[n - 1] == '\r' || line[n - 1] == ' ')) line[--n] = '\0';
    jm_seed s;
    if (bad || jm_seed_parse(line, &s)) {
        cli_usage_error("--seed-file '%s' holds no seed (one line: a number, or sealed: and 32 hex digits)", path);
        return -1;
    }
    s.secret = 1;
    *seed = s;
    outfile_secret(); /* the outputs hold the file's seed */
    agent_seal_programs(path); /* and no program's sandbox shows the file */
    return 0;
}

/* ---------------------------------------------------------------- help */

#define HELP_COLUMN 19       /* where an option's help starts */

/* The help text with {threads}, {agents} and {default} filled in. */
static void expand(const char *help, const char *def, char *buf, size_t n)
{
    size_t o = 0;
    buf[0] = '\0';
    for (const char *p = help; *p && o + 1 < n;) {
        if (!strncmp(p, "{threads}", 9)) {
            int th;
            cli_default_threads(&th);
            o += (size_t)snprintf(buf + o, n - o, "%d", th);
            p += 9;
        } else if (!strncmp(p, "{default}", 9)) {
            o += (size_t)snprintf(buf + o, n - o, "%s", def ? def : "");
            p += 9;
        } else if (!strncmp(p, "{agents}", 8)) {
            for (int i = 0; agent_registry[i] && o < n; i++)
                o += (size_t)snprintf(buf + o, n - o, "%s%s", i ? ", " : "", agent_registry[i]->name);
            p += 8;
        } else {
            buf[o++] = *p++;
            buf[o] = '\0';
        }
    }
}

static void print_option(const opt *o)
{
    char head[64], text[1024];
    snprintf(head, sizeof head, "  --%s%s%s", o->name, o->arg ? " " : "", o->arg ? o->arg : "");
    expand(o->help, o->def, text, sizeof text);
    if (o->def && !strstr(o->help, "{default}") && !strstr(o->help, "(default)")) {
        size_t len = strlen(text);
        snprintf(text + len, sizeof text - len, " (%s)", *o->def ? o->def : "none");
    }
    if ((int)strlen(head) >= HELP_COLUMN) printf("%s\n%*s", head, HELP_COLUMN, "");
    else printf("%-*s", HELP_COLUMN, head);
    for (const char *p = text; *p; p++) {
        putchar(*p);
        if (*p == '\n') printf("%*s", HELP_COLUMN, "");
    }
    putchar('\n');
}

/* "Usage: SYNOPSIS [--a N] [--b] ...", wrapped at 80 columns under the
 * first option. */
static void print_usage(const opt_table *t)
{
    int indent = (int)strlen("Usage: ") + (int)strlen(t->synopsis) + 1, col = indent;
    printf("Usage: %s", t->synopsis);
    for (int i = 0; i < t->n; i++) {
        const opt *o = &t->opts[i];
        char item[160];
        snprintf(item, sizeof item, "%s--%s%s%s%s%s", o->required ? "" : "[", o->name, o->arg ? " " : "",
                 o->arg ? o->arg : "", o->many ? " ..." : "", o->required ? "" : "]");
        int len = (int)strlen(item);
        if (col + 1 + len > 80 && col > indent) {
            printf("\n%*s", indent - 1, "");
            col = indent - 1;
        }
        printf(" %s", item);
        col += 1 + len;
    }
    putchar('\n');
}

void opt_help(const opt_table *t)
{
    if (t->usage) fputs(t->usage, stdout);
    else print_usage(t);
    if (t->about) printf("\n%s", t->about);
    putchar('\n');
    for (int i = 0; i < t->n; i++) print_option(&t->opts[i]);
    printf("%-*sthis help\n", HELP_COLUMN, "  -h, --help");
    if (t->after) printf("\n%s", t->after);
}

int opt_parse_player_range(const char *v, void *field)
{
    player_range *r = field;
    char *end;
    long a = strtol(v, &end, 10), b = a;
    if (end == v || (*end && *end != '-') || !(*v >= '0' && *v <= '9')) goto bad;
    if (*end == '-') {
        char *e2;
        b = strtol(end + 1, &e2, 10);
        if (e2 == end + 1 || *e2) goto bad;
    }
    if (a < 2 || b > 6 || b < a) goto bad;
    r->lo = (int)a;
    r->hi = (int)b;
    return 0;
bad:
    cli_usage_error("bad --players '%s' (P or A-B, from 2 to 6)", v);
    return -1;
}
