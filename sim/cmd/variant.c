/* variant.c - `jamaica variant`: the base game as a variant file, and a
 * file's check (docs/VARIANTS.md). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../cli/cli.h"
#include "../cli/options.h"
#include "cmd.h"

#define VARIANT_MAX_BYTES (1 << 20)

typedef struct variant_opts {
    int print;
    const char *check;
} variant_opts;

static const opt options[] = {
    OPT_ROW_FLAG("print", variant_opts, print, "write the base game as a variant file, to start from"),
    OPT_ROW_TEXT("check", "FILE", variant_opts, check, NULL,
                 "validate FILE: nothing and exit 0, or one line naming\nthe line and the field, exit 2"),
};

static const opt_table table = {
    .command = "variant",
    .synopsis = "jamaica variant --print | --check FILE",
    .about = "A variant file states the game's components as text a designer edits: the\n"
             "track (each space's kind, cost, score and the spaces after it), the action\n"
             "cards' halves, the treasures, the combat die's faces and the rule options.\n"
             "--print writes the base game's; --check refuses, in one line, what the\n"
             "compact state cannot hold (more spaces, lairs or cards than it has room for)\n"
             "and a track no game could be played on (no way home, a fork that never\n"
             "merges).  Every command's --rules plays one: --rules my.variant\n"
             "(docs/VARIANTS.md).",
    .opts = options,
    .n = OPT_COUNT(options),
};

/* FILE's text (NUL-terminated, malloc'd), or NULL after one line. */
static char *read_text(const char *path)
{
    struct stat st;
    if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) { /* a FIFO would block, a directory read nothing */
        cli_usage_error("'%s': %s", path, S_ISDIR(st.st_mode) ? "it is a directory, not a variant file"
                                                              : "not a regular file (a variant file is one)");
        return NULL;
    }
    FILE *f = fopen(path, "rb");
    if (!f) {
        cli_usage_error("cannot read '%s': %s", path, strerror(errno));
        return NULL;
    }
    char *text = malloc(VARIANT_MAX_BYTES + 1);
    size_t n = text ? fread(text, 1, VARIANT_MAX_BYTES + 1, f) : 0;
    int failed = !text || ferror(f);
    fclose(f);
    if (failed || n > VARIANT_MAX_BYTES || memchr(text, '\0', n)) {
        cli_usage_error("'%s': %s", path, !text ? "out of memory" : failed ? "a read failed"
                        : n > VARIANT_MAX_BYTES ? "more than 1 MiB (larger than a variant file)" : "not text (a NUL byte)");
        free(text);
        return NULL;
    }
    text[n] = '\0';
    return text;
}

int cmd_variant(int argc, char **argv)
{
    variant_opts o = {0};
    int first, rc = opt_parse(&table, argc, argv, &o, &first, NULL);
    if (rc) return rc == OPT_HELP ? 0 : 2;
    if (first < argc) return cli_usage_error("variant takes no operand ('%s')", argv[first]);
    if (!o.print == !o.check) return cli_usage_error("variant needs --print or --check FILE (one of them)");
    if (o.print) {
        int n = jm_variant_base(NULL, 0);
        char *buf = malloc((size_t)n + 1);
        if (!buf) return cli_usage_error("out of memory");
        jm_variant_base(buf, (size_t)n + 1);
        fputs(buf, stdout);
        free(buf);
        return 0;
    }
    char *text = read_text(o.check);
    if (!text) return 2;
    char err[400];
    rc = jm_variant_check(text, err, sizeof err);
    free(text);
    if (rc) return cli_usage_error("variant: %s: %s", o.check, err);
    return 0;
}
