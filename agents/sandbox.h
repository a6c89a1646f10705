/*
 * sandbox.h - a program's sandbox (sandbox.c): the command line of
 * bubblewrap (bwrap, Debian's `bubblewrap`) that runs a program in
 * namespaces of its own (user, PID, IPC, network, UTS, cgroup, mount), on a
 * read-only view of the system and of the program's own files, with an
 * empty private /tmp (its working directory) and /dev/shm, a cleared
 * environment, no new privileges, resource limits, and, where jamaica runs
 * as root, a uid of its own.  docs/PROTOCOL.md, "The sandbox".
 */
#ifndef AGENT_SANDBOX_H
#define AGENT_SANDBOX_H

#include <stddef.h>
#include <sys/types.h>

typedef struct sandbox_limits {
    unsigned mem_mib;   /* address space (RLIMIT_AS), MiB */
    unsigned procs;     /* processes beyond the uid's others (RLIMIT_NPROC) */
    unsigned fsize_mib; /* the largest file it may write (RLIMIT_FSIZE), MiB */
    unsigned cpu_s;     /* CPU seconds over its life (RLIMIT_CPU); 0: none */
    char env[256];      /* the operator's variables passed on, '+' between names */
} sandbox_limits;

/* The defaults a spec may change (mem=, procs=, fsize=, cpu=, env=). */
#define SANDBOX_MEM_MIB 4096
#define SANDBOX_PROCS 64
#define SANDBOX_FSIZE_MIB 1024

/* What the child runs: bwrap's path, its argv and the cleared environment,
 * all built before fork (no allocation after it), and the identity and
 * limits the child takes before exec (sandbox_enter). */
typedef struct sandbox_cmd {
    char *argv[160];
    char *envp[24];
    char store[16384];
    size_t used;
    int argc, envc;
    uid_t uid; /* root: the uid of its own; 0: keep the caller's */
    sandbox_limits lim;
    unsigned nproc; /* RLIMIT_NPROC to set */
} sandbox_cmd;

/* Is bubblewrap here, and may it make namespaces (tried once, as a
 * program would start)?  1, or 0 with why in one line. */
int sandbox_available(char *why, size_t n);
/* bwrap's command line for `sh -c SH` run in `dir` ("": its private /tmp),
 * the paths named by `cmd`'s words, by its option values (k=v,...) and by
 * PYTHONPATH `pp` (NULL: none) bound read-only, the hidden files covered
 * where they fall inside a bound directory.  0, or -1 with err. */
int sandbox_build(sandbox_cmd *c, const char *sh, const char *cmd, const char *options, const char *dir,
                  const char *pp, const sandbox_limits *lim, char *err, size_t errlen);
/* In the child, after fork: the limits, the uid, no new privileges, then
 * exec bwrap.  Returns only when exec failed.  Async-signal-safe calls
 * only. */
void sandbox_enter(const sandbox_cmd *c);
/* A file no sandbox may read (the seed file), covered wherever a bound
 * directory holds it; the run is sealed from here on (sandbox_sealed). */
void sandbox_hide(const char *path);
/* Has the run a secret seed (sandbox_hide or agent_seal_programs was
 * called)?  Then programs run in the sandbox unless their spec says
 * sandbox=off. */
int sandbox_sealed(void);
void sandbox_seal(void);

#endif
