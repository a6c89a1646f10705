/*
 * sandbox.c - a program's sandbox (sandbox.h): bubblewrap's command line,
 * built before fork, and what the child does before it execs it.
 *
 * Each program gets namespaces of its own (--unshare-all: user, PID, IPC,
 * network, UTS, cgroup; and mount): no network, so no abstract unix socket
 * it could share with another seat; its own System V IPC and POSIX shared
 * memory; only its own processes in /proc, so no other program to read or
 * ptrace; an empty private /tmp (its working directory, and HOME) and
 * /dev/shm; the system's directories and the program's own files
 * read-only, nothing else of the machine's files; a new session (no
 * terminal); killed with its parent (--die-with-parent), and with its PID
 * namespace's first process, every descendant.  Where jamaica runs as root
 * the child takes a uid of its own first (none shared with another seat,
 * another program or a user), so that the bound files are read as that uid,
 * not root's.  Limits (address space, processes, file size, CPU seconds)
 * and no new privileges are set before exec, and the environment is
 * cleared to what docs/PROTOCOL.md names.
 */
#include <errno.h>
#include <dirent.h>
#include <fcntl.h>
#include <grp.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sandbox.h"

extern char **environ;

/* ---------------------------------------------------------------- the run's secrets */

#define HIDE_MAX 8
static char hidden[HIDE_MAX][PATH_MAX];
static int nhidden;
static int sealed;

void sandbox_seal(void)
{
    sealed = 1;
}

int sandbox_sealed(void)
{
    return sealed;
}

void sandbox_hide(const char *path)
{
    sealed = 1;
    if (nhidden < HIDE_MAX && realpath(path, hidden[nhidden])) nhidden++;
}

/* ---------------------------------------------------------------- building the line */

static int add(sandbox_cmd *c, const char *s)
{
    size_t n = strlen(s) + 1;
    if (c->argc >= (int)(sizeof c->argv / sizeof *c->argv) - 1 || c->used + n > sizeof c->store) return -1;
    c->argv[c->argc++] = memcpy(c->store + c->used, s, n);
    c->argv[c->argc] = NULL;
    c->used += n;
    return 0;
}

static int add_env(sandbox_cmd *c, const char *name, const char *value)
{
    size_t n = strlen(name) + strlen(value) + 2;
    if (c->envc >= (int)(sizeof c->envp / sizeof *c->envp) - 1 || c->used + n > sizeof c->store) return -1;
    char *at = c->store + c->used;
    snprintf(at, n, "%s=%s", name, value);
    c->envp[c->envc++] = at;
    c->envp[c->envc] = NULL;
    c->used += n;
    return 0;
}

static const char *const SYSTEM[] = {"/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/etc", "/opt", NULL};

/* Is path inside dir (or dir itself)? */
static int inside(const char *path, const char *dir)
{
    size_t n = strlen(dir);
    return !strncmp(path, dir, n) && (path[n] == '/' || path[n] == '\0' || (n == 1 && *dir == '/'));
}

/* As root the program reads its files as a uid of its own, so they must
 * be open to others: every directory above o+x, the path itself o+r. */
static int open_to_others(const char *real)
{
    char part[PATH_MAX];
    struct stat st;
    for (const char *p = strchr(real + 1, '/'); p; p = strchr(p + 1, '/')) {
        snprintf(part, sizeof part, "%.*s", (int)(p - real), real);
        if (stat(part, &st) || !(st.st_mode & S_IXOTH)) return 0;
    }
    return stat(real, &st) == 0 && (st.st_mode & S_IROTH) && (!S_ISDIR(st.st_mode) || (st.st_mode & S_IXOTH));
}

static char unreadable[PATH_MAX]; /* the path open_to_others() refused */

/* Bind what `word` names (an existing file alone, or a directory whole)
 * read-only, once, unless a system directory or one bound holds it
 * already: nothing beside a program's file is in its view. */
static int bind_path(sandbox_cmd *c, const char *word, char bound[][PATH_MAX], int *nb)
{
    char real[PATH_MAX];
    struct stat st;
    if (!strchr(word, '/') || stat(word, &st) || !realpath(word, real)) return 0;
    for (int i = 0; SYSTEM[i]; i++)
        if (inside(real, SYSTEM[i])) return 0;
    for (int i = 0; i < *nb; i++)
        if (inside(real, bound[i])) return 0;
    if (*nb >= 16) return -1;
    if (geteuid() == 0 && !open_to_others(real)) {
        snprintf(unreadable, sizeof unreadable, "%s", real);
        return -2;
    }
    strcpy(bound[(*nb)++], real);
    return add(c, "--ro-bind") || add(c, real) || add(c, real);
}

/* The words of the command and the values of its options (k=v,...) that
 * name existing paths. */
static int bind_words(sandbox_cmd *c, const char *text, const char *seps, char bound[][PATH_MAX], int *nb)
{
    char buf[4096];
    snprintf(buf, sizeof buf, "%s", text);
    char *save = NULL;
    for (char *w = strtok_r(buf, seps, &save); w; w = strtok_r(NULL, seps, &save)) {
        char *eq = strchr(w, '=');
        int r = bind_path(c, eq ? eq + 1 : w, bound, nb);
        if (r) return r;
    }
    return 0;
}

/* The limit on processes: root's programs run as a uid of their own, so
 * procs is theirs alone; another user's count the tasks that user runs
 * already (RLIMIT_NPROC counts every task of the real uid). */
static unsigned nproc_limit(unsigned procs)
{
    if (geteuid() == 0) return procs;
    unsigned tasks = 0;
    DIR *d = opendir("/proc");
    if (!d) return procs + 4096;
    for (struct dirent *e; (e = readdir(d));) {
        if (e->d_name[0] < '1' || e->d_name[0] > '9') continue;
        char path[300], line[256];
        snprintf(path, sizeof path, "/proc/%s/status", e->d_name);
        FILE *f = fopen(path, "r");
        if (!f) continue;
        unsigned uid = ~0u, threads = 0;
        while (fgets(line, sizeof line, f))
            if (!strncmp(line, "Uid:", 4)) uid = (unsigned)strtoul(line + 4, NULL, 10);
            else if (!strncmp(line, "Threads:", 8)) threads = (unsigned)strtoul(line + 8, NULL, 10);
        fclose(f);
        if (uid == (unsigned)getuid()) tasks += threads;
    }
    closedir(d);
    return tasks + procs;
}

static uid_t own_uid(void)
{
    static unsigned next;
    if (geteuid() != 0) return 0;
    unsigned k = __atomic_fetch_add(&next, 1, __ATOMIC_RELAXED);
    return (uid_t)(0x70000000u + ((unsigned)getpid() & 0xffffu) * 1024u + (k & 1023u));
}

/* $JAMAICA_BWRAP (the bwrap to use; a path that is not there: none), or
 * the first on PATH. */
static const char *bwrap_path(void)
{
    static char found[PATH_MAX];
    if (*found) return found;
    const char *given = getenv("JAMAICA_BWRAP");
    if (given && *given) {
        if (access(given, X_OK)) return NULL;
        snprintf(found, sizeof found, "%s", given);
        return found;
    }
    const char *path = getenv("PATH");
    char buf[4096];
    snprintf(buf, sizeof buf, "%s:/usr/bin:/bin", path ? path : "");
    char *save = NULL;
    for (char *d = strtok_r(buf, ":", &save); d; d = strtok_r(NULL, ":", &save)) {
        char p[PATH_MAX];
        snprintf(p, sizeof p, "%s/bwrap", d);
        if (*d == '/' && access(p, X_OK) == 0) {
            snprintf(found, sizeof found, "%s", p);
            return found;
        }
    }
    return NULL;
}

/* The cleared environment: what docs/PROTOCOL.md names, and lim->env's. */
static int environment(sandbox_cmd *c, const sandbox_limits *lim)
{
    int bad = add_env(c, "PATH", "/usr/local/bin:/usr/bin:/bin") || add_env(c, "HOME", "/tmp") ||
              add_env(c, "TMPDIR", "/tmp") || add_env(c, "LANG", "C.UTF-8");
    char names[sizeof lim->env];
    snprintf(names, sizeof names, "%s", lim->env);
    char *save = NULL;
    for (char *n = strtok_r(names, "+", &save); n && !bad; n = strtok_r(NULL, "+", &save)) {
        const char *v = getenv(n);
        if (v) bad = add_env(c, n, v);
    }
    return bad ? -1 : 0;
}

int sandbox_build(sandbox_cmd *c, const char *sh, const char *cmd, const char *options, const char *dir,
                  const char *pp, const sandbox_limits *lim, char *err, size_t errlen)
{
    memset(c, 0, sizeof *c);
    const char *bwrap = bwrap_path();
    if (!bwrap) {
        snprintf(err, errlen, "no bwrap here (Debian: apt-get install bubblewrap)");
        return -1;
    }
    char bound[16][PATH_MAX];
    int nb = 0, bad = add(c, bwrap);
    const char *fixed[] = {"--unshare-all", "--die-with-parent", "--new-session", "--proc", "/proc", "--dev", "/dev",
                           "--tmpfs", "/tmp", "--tmpfs", "/dev/shm", NULL};
    for (int i = 0; fixed[i] && !bad; i++) bad = add(c, fixed[i]);
    for (int i = 0; SYSTEM[i] && !bad; i++) bad = add(c, "--ro-bind-try") || add(c, SYSTEM[i]) || add(c, SYSTEM[i]);
    int r1 = bad ? 0 : bind_words(c, cmd, " \t", bound, &nb);
    int r2 = bad || r1 ? 0 : bind_words(c, options, ",", bound, &nb);
    if (r1 == -2 || r2 == -2) {
        snprintf(err, errlen, "its file '%.200s' is not open to the sandbox's own uid (jamaica runs as root: "
                 "every directory above it must be o+x, and it o+r)", unreadable);
        return -1;
    }
    bad = bad || r1 || r2;
    if (!bad && pp && *pp) bad = bind_words(c, pp, ":", bound, &nb) == -1; /* a module's directory closed: left out */
    for (int h = 0; h < nhidden && !bad; h++)
        for (int i = 0; i < nb && !bad; i++)
            if (inside(hidden[h], bound[i])) {
                bad = add(c, "--ro-bind") || add(c, "/dev/null") || add(c, hidden[h]);
                break;
            }
    if (!bad && *dir) bad = add(c, "--bind") || add(c, dir) || add(c, dir) || add(c, "--chdir") || add(c, dir);
    else if (!bad) bad = add(c, "--chdir") || add(c, "/tmp");
    if (!bad) bad = add(c, "/bin/sh") || add(c, "-c") || add(c, sh);
    if (!bad) bad = environment(c, lim) || (pp && *pp && add_env(c, "PYTHONPATH", pp));
    if (bad) {
        snprintf(err, errlen, "the sandbox's command line is too long");
        return -1;
    }
    c->lim = *lim;
    c->uid = own_uid();
    c->nproc = nproc_limit(lim->procs);
    return 0;
}

/* ---------------------------------------------------------------- in the child */

static void limit(int what, unsigned long long v)
{
    struct rlimit r = {v, v};
    setrlimit(what, &r);
}

void sandbox_enter(const sandbox_cmd *c)
{
    limit(RLIMIT_AS, (unsigned long long)c->lim.mem_mib << 20);
    limit(RLIMIT_FSIZE, (unsigned long long)c->lim.fsize_mib << 20);
    limit(RLIMIT_NPROC, c->nproc);
    limit(RLIMIT_CORE, 0);
    if (c->lim.cpu_s) limit(RLIMIT_CPU, c->lim.cpu_s);
    if (c->uid && (setgroups(0, NULL) || setgid((gid_t)c->uid) || setuid(c->uid))) _exit(126);
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0)) _exit(126);
    execve(c->argv[0], c->argv, c->envp);
}

/* ---------------------------------------------------------------- is it here */

int sandbox_available(char *why, size_t n)
{
    static int state; /* 0 untried, 1 works, 2 does not */
    static char reason[200];
    if (!state) {
        sandbox_cmd *c = malloc(sizeof *c);
        sandbox_limits lim = {.mem_mib = SANDBOX_MEM_MIB, .procs = SANDBOX_PROCS, .fsize_mib = SANDBOX_FSIZE_MIB};
        char err[200] = "";
        int st = -1;
        if (c && !sandbox_build(c, "exit 0", "", "", "", NULL, &lim, err, sizeof err)) {
            pid_t p = fork();
            if (p == 0) {
                int null = open("/dev/null", O_RDWR);
                dup2(null, 0), dup2(null, 1), dup2(null, 2);
                sandbox_enter(c);
                _exit(127);
            }
            if (p > 0) waitpid(p, &st, 0);
            if (!(WIFEXITED(st) && WEXITSTATUS(st) == 0))
                snprintf(err, sizeof err, "bwrap could not make its namespaces here (status %d)",
                         WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st));
        }
        free(c);
        snprintf(reason, sizeof reason, "%s", *err ? err : "out of memory");
        state = st == 0 ? 1 : 2;
    }
    if (state == 2) snprintf(why, n, "%s", reason);
    return state == 1;
}
