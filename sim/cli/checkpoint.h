/*
 * checkpoint.h - the options that make a long run survive a crash
 * (--checkpoint, --checkpoint-every, --resume), shared by sim, tournament
 * and study, and the journal (sim/run/journal.h) they open.
 */
#ifndef SIM_CLI_CHECKPOINT_H
#define SIM_CLI_CHECKPOINT_H

#include "../run/journal.h"
#include "options.h"

typedef struct ckpt_opts {
    const char *path;   /* --checkpoint; NULL: OUT.checkpoint */
    double every;       /* --checkpoint-every, seconds (0: none) */
    int resume;         /* --resume */
} ckpt_opts;

int cli_parse_seconds(const char *v, void *field);

/* The three rows; T is the command's struct, whose ckpt_opts field is
 * named ck. */
#define OPT_CHECKPOINT(T)                                                                                     \
    {.name = "checkpoint", .kind = OPT_TEXT, .arg = "PATH", .offset = offsetof(T, ck.path),                    \
     .help = "where checkpoints go (default: the --out path with\n"                                             \
             "'.checkpoint' added, and '.log' beside it for a run that\n"                                      \
             "logs its games; none when --out is not a regular file)"},                                         \
    {.name = "checkpoint-every", .kind = OPT_CALL, .arg = "SECONDS", .offset = offsetof(T, ck.every),           \
     .parse = cli_parse_seconds, .def = "60",                                                                   \
     .help = "write a checkpoint every SECONDS, a decimal ({default};\n"                                        \
             "0: none): a crash loses at most that much work"},                                                 \
    {.name = "resume", .kind = OPT_FLAG, .offset = offsetof(T, ck.resume),                                      \
     .help = "go on from the checkpoint of an interrupted run with the\n"                                       \
             "same options (starting afresh when there is none); the\n"                                        \
             "files are those of a run never interrupted"}

/* Open the journal of `command` on the process that writes the outputs
 * (MPI rank 0; *j stays NULL elsewhere, and when there are no
 * checkpoints).  outs[0..n) are the run's outputs (NULL: none), outs[0]
 * the main one, beside which the checkpoint goes by default; a checkpoint
 * (or its log) that names one of them is refused.  0, or 2 after
 * reporting why (the ranks agree). */
int cli_journal_open(const ckpt_opts *o, const char *command, const char *const *outs, int n, journal **j);
/* After a run that stopped early: a line saying what the checkpoint
 * holds and how to go on (nothing when there is none). */
void cli_journal_kept(const journal *j);

#endif
