/*
 * process.h - a program's process (process.c): started under a guardian
 * that ends it and every process it starts, with a socket as its standard
 * input and output.  program.c speaks the protocol over it.
 */
#ifndef AGENT_PROCESS_H
#define AGENT_PROCESS_H

#include <limits.h>
#include <stddef.h>
#include <sys/types.h>

#include "sandbox.h"

typedef struct proc {
    pid_t pid;                    /* its guardian (process.c's guard()), the leader
                                     of its process group; 0: not running */
    int fd;                       /* our end of its stdin and stdout */
    int life;                     /* the guardian's lifeline (-1: none) */
    int slot;                     /* its place in process.c's tables */
    char **env;                   /* its environment (proc_env) */
    char wd[PATH_MAX];            /* the working directory made for it ("" when
                                     the caller names one, or none is made) */
    sandbox_cmd *sb;              /* its sandbox's command line (NULL: none) */
} proc;

/* Start `cmd` under its guardian, in `dir` (""; a new working directory of
 * its own), its standard error into the file `log` ("": jamaica's, through
 * the guardian at a terminal), in a sandbox when `lim` is given (its option
 * values `options` bound read-only with its files): 0, or -1 with one line
 * in err. */
int proc_spawn(proc *p, const char *cmd, const char *dir, const char *log, const sandbox_limits *lim,
               const char *options, char *err, size_t errlen);
/* Wait up to `grace` seconds for it to end, then end it (and all it
 * started); its working directory removed. */
void proc_reap(proc *p, double grace);
/* End it now: the guardian kills every process of it, and is waited for. */
void proc_end(proc *p);
/* How it ended, if it has (waiting a moment): "it exited with status N",
 * "it was killed by signal N (NAME)", or "it closed its output". */
void proc_describe_end(proc *p, char *buf, size_t len);
/* The environment a program starts with (NULL: out of memory: then
 * jamaica's own), and its release. */
char **proc_env(void);
void proc_free_env(char **env);
/* Seconds on the monotonic clock. */
double proc_now(void);

#endif
