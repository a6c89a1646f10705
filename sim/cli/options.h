/*
 * options.h - a command's options from one table.
 *
 * Each option is declared once: its name, kind, where its value goes (an
 * offset into the command's own struct), its range or choices, its default
 * and its help.  opt_parse() reads argv against the table (parsing,
 * checking and reporting a bad value in one line, exit status 2) and
 * opt_help() prints --help from the same table, so what a command accepts
 * and what it says it accepts cannot drift apart.  The options several
 * commands share (seed, games, players, threads, rules, agents, out) are
 * the OPT_* rows below, declared here once.
 */
#ifndef SIM_CLI_OPTIONS_H
#define SIM_CLI_OPTIONS_H

#include <stddef.h>
#include <stdint.h>

#include "../../engine/jamaica.h" /* jm_seed */

typedef enum opt_kind {
    OPT_FLAG,    /* no value; the int field becomes 1 */
    OPT_UINT,    /* a whole number in [lo, hi] into a uint64_t field */
    OPT_TEXT,    /* any text into a const char * field (argv's own) */
    OPT_CHOICE,  /* one of choices ("a|b|c") into an int field, as its index */
    OPT_CALL,    /* parse(value, field): 0, or -1 after reporting */
} opt_kind;

typedef struct opt {
    const char *name;        /* the long name, without "--" */
    opt_kind kind;
    const char *arg;         /* the value's name in the help ("N"); NULL for a flag */
    size_t offset;           /* of the field in the command's struct */
    const char *what;        /* OPT_UINT: the value in messages ("game count") */
    uint64_t lo, hi;         /* OPT_UINT: the accepted range */
    const char *choices;     /* OPT_CHOICE: "a|b|c" */
    int (*parse)(const char *value, void *field); /* OPT_CALL */
    int required;            /* 1: the command needs it (its usage shows no brackets) */
    int many;                /* 1: may be given more than once (each value is
                                parse()d in turn: a list); otherwise a second
                                --NAME is refused */
    const char *def;         /* the default as text, set before parsing (NULL: none) */
    const char *help;        /* its help; '\n' starts a continuation line.  "{threads}"
                                reads the default thread count, "{agents}" the
                                agents' names, "{default}" the default; without
                                "{default}" (or "(default)") the default is added
                                at the end as " (DEF)". */
} opt;

/* One command's options and the text of its --help. */
typedef struct opt_table {
    const char *command;     /* for messages: "sim", "study" */
    const char *usage;       /* the "Usage: ..." lines, each ending in '\n'; NULL: made
                                from `synopsis` and every option of the table */
    const char *synopsis;    /* with usage NULL: "jamaica sim", then each option
                                as [--NAME ARG] (a repeatable one [--NAME ARG ...]) */
    const char *about;       /* the paragraphs between the usage and the options */
    const opt *opts;
    int n;
    const char *after;       /* text after the options (NULL: none) */
    int operands;            /* positional arguments allowed: 0, or -1 for any */
} opt_table;

#define OPT_COUNT(a) ((int)(sizeof(a) / sizeof((a)[0])))

/* opt_parse's results besides 0. */
#define OPT_HELP 1           /* --help was printed: exit 0 */
#define OPT_ERROR 2          /* reported: exit 2 */

/* Set every default in out, then read argv[1..argc) (argv[0] is the
 * command's name) into it.  0, with *first the index of the first operand
 * (operands are moved after the options); OPT_HELP; or OPT_ERROR.  *given,
 * when not NULL, gets bit i for each option i that was given. */
int opt_parse(const opt_table *t, int argc, char **argv, void *out, int *first, uint64_t *given);
/* Was the option named `name` given?  (from opt_parse's *given) */
int opt_given(const opt_table *t, uint64_t given, const char *name);
/* Print --help on stdout. */
void opt_help(const opt_table *t);

/* ---------------------------------------------------------------- shared
 * The options several commands share.  T is the command's struct, which
 * names the field as the option is named (seed, games, players, threads,
 * rules, agents, out); DEF is the default as text (NULL for none) and HELP
 * what the option does there. */
#define OPT_ROW_UINT(NAME, ARG, T, FIELD, WHAT, LO, HI, DEF, HELP)                                           \
    {.name = NAME, .kind = OPT_UINT, .arg = ARG, .offset = offsetof(T, FIELD), .what = WHAT, .lo = LO, .hi = HI, \
     .def = DEF, .help = HELP}
#define OPT_ROW_TEXT(NAME, ARG, T, FIELD, DEF, HELP) \
    {.name = NAME, .kind = OPT_TEXT, .arg = ARG, .offset = offsetof(T, FIELD), .def = DEF, .help = HELP}
#define OPT_ROW_FLAG(NAME, T, FIELD, HELP) {.name = NAME, .kind = OPT_FLAG, .offset = offsetof(T, FIELD), .help = HELP}

/* --seed S (0 to 2^64-1, or sealed: and 32 hex digits) or --seed random:
 * a sealed seed of 128 secret bits from the operating system, told on
 * stderr only when the process ends and recorded where the run records its
 * seed; --seed-file PATH reads one off the command line, which every user
 * can read in /proc (docs/PROTOCOL.md, "Sealed runs").  The field is a
 * jm_seed (agents/agent.h); OPT_SEED is two rows of the table. */
int opt_parse_seed(const char *value, void *field);
/* The field's offset; a field that is not a jm_seed does not compile
 * (comparing distinct pointer types). */
#define OPT_SEED_OFFSET(T) (offsetof(T, seed) + 0 * sizeof(&((T *)0)->seed == (struct jm_seed *)0))
int opt_parse_seed_file(const char *path, void *field);
/* Did this process draw its seed (--seed random)? */
int opt_seed_drawn(void);
/* After a command's options: a seed drawn by --seed random in a command
 * that checkpoints is kept in CHECKPOINT.seed (0600), and with --resume
 * read back from it instead (seed_keep.c); 0, or 2 after a usage error.
 * opt_kept_seed(): that file's path once written (NULL: none). */
int opt_keep_drawn_seed(const opt_table *t, void *out, jm_seed *drawn);
/* The run starts (its checkpoint opened): write the kept seed's file if
 * it is not there yet, and say so; 0, or 2 after a usage error. */
int opt_keep_seed_now(void);
const char *opt_kept_seed(void);
/* Was a seed given (--seed or --seed-file), not left to its default? */
int opt_seed_given(void);
/* A command that plays numeric seeds only: the seed's number; 0, or 2
 * after reporting a sealed seed. */
int opt_plain_seed(const jm_seed *seed, uint64_t *out);
#define OPT_SEED(T, DEF, HELP)                                                                              \
    {.name = "seed", .kind = OPT_CALL, .arg = "S", .offset = OPT_SEED_OFFSET(T), .parse = opt_parse_seed,      \
     .def = DEF, .help = HELP ";\n'random' draws a secret one (sealed chance)"},                                 \
    {.name = "seed-file", .kind = OPT_CALL, .arg = "PATH", .offset = OPT_SEED_OFFSET(T),                        \
     .parse = opt_parse_seed_file, .help = "the seed read from a file, kept off the command line"}
/* WHAT names the count in messages ("game count", "deal count"). */
#define OPT_GAMES(T, WHAT, HI, DEF, HELP) OPT_ROW_UINT("games", "N", T, games, WHAT, 1, HI, DEF, HELP)
#define OPT_PLAYERS(T, DEF, HELP) OPT_ROW_UINT("players", "P", T, players, "player count", 2, 6, DEF, HELP)
/* --players P or A-B (2 to 6) into a player_range field; DEF as text. */
typedef struct player_range {
    int lo, hi;
} player_range;
int opt_parse_player_range(const char *value, void *field);
#define OPT_PLAYER_RANGE(T, DEF, HELP)                                                                       \
    {.name = "players", .kind = OPT_CALL, .arg = "P|A-B", .offset = offsetof(T, players),                   \
     .parse = opt_parse_player_range, .def = DEF, .help = HELP}
/* Its range ends at CLI_MAX_THREADS (cli.h). */
#define OPT_THREADS(T) \
    OPT_ROW_UINT("threads", "T", T, threads, "thread count", 1, CLI_MAX_THREADS, NULL, "OpenMP threads (all: {threads} here)")
#define OPT_PROGRESS(T)                                                                                      \
    OPT_ROW_UINT("progress", "SECONDS", T, progress, "progress interval", 1, 86400, NULL,                     \
                 "a progress line on stderr every SECONDS; without it the\n"                                   \
                 "line is redrawn in place on a terminal, and elsewhere (a\n"                                    \
                 "batch job's log) a line a minute once a minute has passed")
#define OPT_RULES(T, HELP) OPT_ROW_TEXT("rules", "R", T, rules, "2021", HELP)
#define OPT_AGENTS(T, DEF, HELP) OPT_ROW_TEXT("agents", "LIST", T, agents, DEF, HELP)
#define OPT_OUT(T, DEF, HELP) OPT_ROW_TEXT("out", "PATH", T, out, DEF, HELP)

#endif
