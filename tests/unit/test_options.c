/* The option table (sim/cli/options.c): defaults, ranges, kinds, what was
 * given, operands, and the help printed from the same table. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "helpers.h"
#include "../../sim/cli/cli.h"
#include "../../sim/cli/options.h"

typedef struct demo {
    uint64_t games, threads;
    jm_seed seed;
    const char *rules, *out;
    int rotate, format, calls;
} demo;

static int count_call(const char *v, void *field)
{
    if (!strcmp(v, "bad")) return -1;
    ++*(int *)field;
    return 0;
}

static const opt rows[] = {
    OPT_GAMES(demo, "game count", 1000, "100", "games"),
    OPT_SEED(demo, NULL, "the seed"),
    OPT_THREADS(demo),
    OPT_RULES(demo, "the rules"),
    OPT_OUT(demo, "x.csv", "the output ({default} unless given)"),
    OPT_ROW_FLAG("rotate", demo, rotate, "rotate the seats"),
    {.name = "format", .kind = OPT_CHOICE, .arg = "F", .offset = offsetof(demo, format), .what = "format",
     .choices = "text|jsonl|csv", .def = "jsonl", .help = "the format"},
    {.name = "call", .kind = OPT_CALL, .arg = "V", .offset = offsetof(demo, calls), .parse = count_call,
     .help = "counted", .many = 1},
};

static const opt_table table = {.command = "demo", .usage = "Usage: demo\n", .opts = rows, .n = OPT_COUNT(rows)};
static const opt_table with_operands = {.command = "demo", .usage = "Usage: demo FILE...\n", .opts = rows,
                                        .n = OPT_COUNT(rows), .operands = -1};

/* opt_parse over a NULL-terminated list of words (the command's name first). */
static int parse(const opt_table *t, demo *d, uint64_t *given, int *first, const char **words)
{
    static char buf[16][64];
    static char *argv[17];
    int argc = 0;
    for (; words[argc]; argc++) {
        snprintf(buf[argc], sizeof buf[argc], "%s", words[argc]);
        argv[argc] = buf[argc];
    }
    argv[argc] = NULL;
    memset(d, 0, sizeof *d);
    cli_quiet = 1; /* the messages are checked in tests/cli/cli.sh */
    return opt_parse(t, argc, argv, d, first, given);
}

static void test_options_defaults_and_values(void **state)
{
    (void)state;
    demo d;
    uint64_t given;
    assert_int_equal(parse(&table, &d, &given, NULL, (const char *[]){"demo", NULL}), 0);
    assert_int_equal(d.games, 100);
    assert_string_equal(d.rules, "2021");
    assert_string_equal(d.out, "x.csv");
    assert_int_equal(d.format, 1); /* jsonl */
    assert_int_equal(d.rotate, 0);
    assert_int_equal(given, 0);
    assert_int_equal(parse(&table, &d, &given, NULL,
                           (const char *[]){"demo", "--games", "7", "--seed=99", "--rotate", "--format", "csv",
                                            "--call", "a", "--call", "b", "--out", "y.csv", NULL}),
                     0);
    assert_int_equal(d.games, 7);
    assert_true(d.seed.v == 99 && !d.seed.sealed && !d.seed.secret);
    assert_int_equal(d.rotate, 1);
    assert_int_equal(d.format, 2);
    assert_int_equal(d.calls, 2);
    assert_string_equal(d.out, "y.csv");
    assert_true(opt_given(&table, given, "seed"));
    /* An option given twice is refused (the second value would silently
     * win); one that builds a list (--call, .many) repeats. */
    assert_int_equal(parse(&table, &d, &given, NULL, (const char *[]){"demo", "--games", "7", "--games", "8", NULL}),
                     OPT_ERROR);
    assert_int_equal(parse(&table, &d, &given, NULL, (const char *[]){"demo", "--rotate", "--rotate", NULL}),
                     OPT_ERROR);
    assert_true(opt_given(&table, given, "games"));
    assert_false(opt_given(&table, given, "threads"));
    assert_false(opt_given(&table, given, "rules"));
    assert_false(opt_given(&table, given, "nonesuch"));
}

/* The seed's forms: a number, a sealed seed (written as the outputs write
 * it), 'random' (128 bits, sealed, told only at the end), a file. */
static void test_options_seed(void **state)
{
    (void)state;
    demo d;
    assert_int_equal(parse(&table, &d, NULL, NULL, (const char *[]){"demo", "--seed", "18446744073709551615", NULL}),
                     0);
    assert_true(d.seed.v == UINT64_MAX && !d.seed.sealed);
    const char *text = "sealed:00112233445566778899aabbccddeeff";
    assert_int_equal(parse(&table, &d, NULL, NULL, (const char *[]){"demo", "--seed", text, NULL}), 0);
    assert_true(d.seed.sealed && d.seed.v == 0x0011223344556677ULL && d.seed.k1 == 0x8899aabbccddeeffULL);
    char back[JM_SEED_TEXT];
    assert_string_equal(jm_seed_format(&d.seed, back, sizeof back), text);
    assert_int_equal(parse(&table, &d, NULL, NULL, (const char *[]){"demo", "--seed", "random", NULL}), 0);
    jm_seed a = d.seed;
    assert_int_equal(parse(&table, &d, NULL, NULL, (const char *[]){"demo", "--seed", "random", NULL}), 0);
    assert_true(a.sealed && a.secret && !jm_seed_equal(&a, &d.seed));
    char path[] = "/tmp/jamaica-seed-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_true(write(fd, "sealed:00112233445566778899AABBCCDDEEFF\n", 40) == 40);
    close(fd);
    assert_int_equal(parse(&table, &d, NULL, NULL, (const char *[]){"demo", "--seed-file", path, NULL}), 0);
    unlink(path);
    assert_true(d.seed.sealed && d.seed.secret && d.seed.k1 == 0x8899aabbccddeeffULL);
}

static void test_options_bad_input(void **state)
{
    (void)state;
    demo d;
    const char *bad[][6] = {
        {"demo", "--games", "0", NULL},        /* below the range */
        {"demo", "--games", "1001", NULL},     /* above it */
        {"demo", "--games", "+5", NULL},       /* digits only */
        {"demo", "--seed", "-1", NULL},
        {"demo", "--seed", "sealed:0123", NULL},                   /* 32 hex digits */
        {"demo", "--seed", "18446744073709551616", NULL},          /* 2^64 */
        {"demo", "--seed", "1", "--seed-file", "/dev/null", NULL}, /* one seed */
        {"demo", "--seed-file", "/nonexistent/seed", NULL},
        {"demo", "--seed-file", "/dev/null", NULL},                 /* no seed in it */
        {"demo", "--threads", "1025", NULL},   /* past CLI_MAX_THREADS */
        {"demo", "--format", "xml", NULL},     /* not a choice */
        {"demo", "--call", "bad", NULL},       /* the callback refuses */
        {"demo", "--bogus", NULL},             /* unknown */
        {"demo", "--out", "--rotate", NULL},   /* a forgotten value */
        {"demo", "extra", NULL},               /* no operands here */
    };
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++)
        assert_int_equal(parse(&table, &d, NULL, NULL, bad[k]), OPT_ERROR);
    int first = -1;
    assert_int_equal(parse(&with_operands, &d, NULL, &first, (const char *[]){"demo", "a", "--games", "3", "b", NULL}),
                     0);
    assert_int_equal(d.games, 3);
    assert_int_equal(first, 3); /* the operands are moved after the options */
}

static void test_options_help_from_the_table(void **state)
{
    (void)state;
    char path[] = "/tmp/jamaica-opt-XXXXXX";
    int fd = mkstemp(path), saved = dup(1);
    assert_true(fd >= 0 && saved >= 0);
    fflush(stdout);
    dup2(fd, 1);
    demo d;
    int rc = parse(&table, &d, NULL, NULL, (const char *[]){"demo", "--help", NULL});
    fflush(stdout);
    dup2(saved, 1);
    close(saved);
    assert_int_equal(rc, OPT_HELP);
    char text[4096] = "";
    ssize_t n = pread(fd, text, sizeof text - 1, 0);
    close(fd);
    unlink(path);
    assert_true(n > 0);
    assert_non_null(strstr(text, "Usage: demo\n"));
    assert_non_null(strstr(text, "  --games N        games (100)\n"));
    assert_non_null(strstr(text, "  --seed S         the seed;\n                   'random' draws a secret one (sealed chance)\n"));
    assert_non_null(strstr(text, "  --seed-file PATH the seed read from a file, kept off the command line\n"));
    assert_non_null(strstr(text, "  --out PATH       the output (x.csv unless given)\n"));
    assert_non_null(strstr(text, "  --threads T      OpenMP threads (all: "));
    assert_non_null(strstr(text, "  -h, --help       this help\n"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_options_defaults_and_values),
        cmocka_unit_test(test_options_seed),
        cmocka_unit_test(test_options_bad_input),
        cmocka_unit_test(test_options_help_from_the_table),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
