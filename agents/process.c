/*
 * process.c - a program's process and its guardian (process.h): started by
 * /bin/sh -c "exec COMMAND" in a working directory of its own, with a
 * socket as its standard input and output, under a guardian that ends it
 * and everything it starts; reaped, and every one of them ended at once
 * when jamaica stops (agent_kill_programs).  The protocol spoken over the
 * socket is program.c's.
 *
 * Signal safety: agent_kill_programs() and end_life() run in a signal
 * handler, so they touch only the running[] and lifeline[] tables (atomic
 * words) and make only async-signal-safe calls (close, kill, waitpid,
 * nanosleep).  guard() runs in the child between fork() and exec in a
 * threaded process: it makes only calls that are safe there (no malloc,
 * no stdio, no locks).  Everything else runs on the thread that owns the
 * process.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "agent.h"
#include "process.h"

#define MAX_PROGRAMS 1024

/* Every running program (its guardian's pid) and its lifeline, for
 * agent_kill_programs() in a signal handler: whoever takes a lifeline
 * (end_life) closes it, once. */
static volatile pid_t running[MAX_PROGRAMS];
static volatile int lifeline[MAX_PROGRAMS];

/* Put pid (0: none) in the slot that holds `was`; the slot, or -1. */
static int track(pid_t pid, pid_t was, int life)
{
    for (int i = 0; i < MAX_PROGRAMS; i++)
        if (running[i] == was && __sync_bool_compare_and_swap(&running[i], was, pid)) {
            if (pid) lifeline[i] = life + 1; /* 0: none (the array starts zeroed) */
            return i;
        }
    return -1;
}

/* Cut slot i's lifeline: its guardian then ends every process of the
 * program, however detached, and itself.  Safe in a signal handler. */
static void end_life(int i)
{
    if (i < 0) return;
    int fd = __sync_lock_test_and_set(&lifeline[i], 0) - 1;
    if (fd >= 0) close(fd);
}

static void sleep_ms(long ms)
{
    struct timespec t = {ms / 1000, ms % 1000 * 1000000L};
    nanosleep(&t, NULL);
}

/* Every guardian told to end its program's processes, then waited for
 * (up to 5 s; then killed with its group), so that none of them is left
 * when this returns: jamaica then tells a drawn seed, or ends.  Only
 * calls that are safe in a signal handler. */
void agent_kill_programs(void)
{
    for (int i = 0; i < MAX_PROGRAMS; i++)
        if (running[i] > 0) end_life(i);
    for (int i = 0; i < MAX_PROGRAMS; i++) {
        pid_t p = running[i];
        if (p <= 0) continue;
        int k = 0;
        while (waitpid(p, NULL, WNOHANG) == 0 && k++ < 5000) sleep_ms(1);
        if (k > 5000) {
            kill(-p, SIGKILL);
            waitpid(p, NULL, 0);
        }
    }
}

double proc_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}


/* The environment a program starts with: jamaica's, and where jamaica runs
 * from a source tree (bin/jamaica beside python/jamaica/), that module's
 * directory first on PYTHONPATH, so that a script doing `import jamaica`
 * plays under cmd:python3 SCRIPT with nothing set by hand.  NULL: out of
 * memory (the program then starts with jamaica's own). */
extern char **environ;

char **proc_env(void)
{
    char exe[4096], dir[4200];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    const char *add = NULL;
    if (n > 0) {
        exe[n] = '\0';
        char *slash = strrchr(exe, '/');
        if (slash) {
            *slash = '\0';
            snprintf(dir, sizeof dir, "%s/../python/jamaica/__init__.py", exe);
            if (access(dir, R_OK) == 0) {
                snprintf(dir, sizeof dir, "%s/../python", exe);
                add = dir;
            }
        }
    }
    /* The program starts elsewhere (make_wd): PYTHONPATH's relative
     * entries are made whole, so that PYTHONPATH=python still finds it. */
    char whole[8192] = "";
    const char *given = getenv("PYTHONPATH");
    if (given && *given) {
        size_t w = 0;
        for (const char *p = given; p && w < sizeof whole;) {
            const char *colon = strchr(p, ':');
            int len = colon ? (int)(colon - p) : (int)strlen(p);
            char part[PATH_MAX], real[PATH_MAX];
            snprintf(part, sizeof part, "%.*s", len, p);
            const char *use = *part && *part != '/' && realpath(part, real) ? real : part;
            w += (size_t)snprintf(whole + w, sizeof whole - w, "%s%s", w ? ":" : "", use);
            p = colon ? colon + 1 : NULL;
        }
        if (w >= sizeof whole) snprintf(whole, sizeof whole, "%s", given);
    }
    size_t count = 0;
    while (environ[count]) count++;
    char **env = calloc(count + 2, sizeof *env);
    if (!env) return NULL;
    size_t k = 0;
    const char *old = *whole ? whole : NULL;
    for (size_t i = 0; i < count; i++)
        if (strncmp(environ[i], "PYTHONPATH=", 11)) env[k++] = strdup(environ[i]);
    if (!add && old) {
        size_t len = strlen(old) + 12;
        char *v = malloc(len);
        if (v) snprintf(v, len, "PYTHONPATH=%s", old);
        env[k++] = v;
    } else if (add) {
        size_t len = strlen(add) + (old && *old ? strlen(old) + 1 : 0) + 12;
        char *v = malloc(len);
        if (v) snprintf(v, len, "PYTHONPATH=%s%s%s", add, old && *old ? ":" : "", old && *old ? old : "");
        env[k++] = v;
    }
    for (size_t i = 0; i < k; i++)
        if (!env[i]) { /* a strdup failed: give up on the copy */
            for (size_t j = 0; j < k; j++) free(env[j]);
            free(env);
            return NULL;
        }
    return env;
}

void proc_free_env(char **env)
{
    if (!env) return;
    for (size_t i = 0; env[i]; i++) free(env[i]);
    free(env);
}

/* ---------------------------------------------------------------- the guardian */

/* The guardian: a child of jamaica that starts the program and stays until
 * it ends.  It leads a session of its own (setsid), so that neither the
 * program nor anything it starts has a controlling terminal or shares
 * jamaica's session: /dev/tty cannot be opened, TIOCSTI has no terminal to
 * push into.  It is a child subreaper (PR_SET_CHILD_SUBREAPER), so that a
 * process of the program that detaches (a double fork, setsid()) is still
 * its descendant, never init's, and end_all() finds and kills it, whatever
 * signals it ignores.  jamaica holds the write end of a pipe (the
 * lifeline) that only the guardian reads: when jamaica cuts it, or ends in
 * any way (a crash, SIGKILL), the guardian kills every descendant and ends.
 * When the program ends first, the guardian kills what it left and ends the
 * same way (its status, or its signal), for jamaica to report.  Where
 * jamaica's standard error is a terminal (and no log= is given) the
 * program's goes through the guardian, its control characters shown as
 * '?': no escape sequence of it reaches the terminal.  Only calls that are
 * safe after fork() in a threaded process are made here. */

#define TREE_MAX 32768 /* processes of the machine read at once by end_all() */
static pid_t tree_pid[TREE_MAX], tree_ppid[TREE_MAX];
static unsigned char tree_mark[TREE_MAX];

/* The parent of process `name` (a /proc entry), or -1. */
static pid_t parent_of(const char *name)
{
    char path[64] = "/proc/", buf[512];
    size_t n = 6;
    for (const char *p = name; *p && n < 40; p++) path[n++] = *p;
    memcpy(path + n, "/stat", 6);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    ssize_t r = read(fd, buf, sizeof buf - 1);
    close(fd);
    if (r <= 0) return -1;
    buf[r] = '\0';
    char *q = NULL;
    for (char *p = buf; *p; p++)
        if (*p == ')') q = p; /* the name may hold ')': the last one ends it */
    if (!q || q[1] != ' ' || !q[2] || q[3] != ' ') return -1;
    pid_t pp = 0;
    for (q += 4; *q >= '0' && *q <= '9'; q++) pp = pp * 10 + (*q - '0');
    return pp;
}

/* Kill every descendant of this process once; how many there were. */
static int kill_descendants(void)
{
    int fd = open("/proc", O_RDONLY | O_DIRECTORY | O_CLOEXEC), n = 0;
    if (fd < 0) return 0;
    char buf[8192];
    long got;
    while (n < TREE_MAX && (got = syscall(SYS_getdents64, fd, buf, sizeof buf)) > 0)
        for (long off = 0; off < got && n < TREE_MAX;) {
            unsigned short reclen;
            memcpy(&reclen, buf + off + 16, sizeof reclen);
            const char *name = buf + off + 19;
            off += reclen;
            if (*name < '1' || *name > '9') continue;
            pid_t pid = 0;
            for (const char *p = name; *p >= '0' && *p <= '9'; p++) pid = pid * 10 + (*p - '0');
            pid_t pp = parent_of(name);
            if (pp < 0) continue;
            tree_pid[n] = pid, tree_ppid[n] = pp, tree_mark[n] = 0;
            n++;
        }
    close(fd);
    pid_t self = getpid();
    int found = 0;
    for (int changed = 1; changed;) {
        changed = 0;
        for (int i = 0; i < n; i++) {
            if (tree_mark[i]) continue;
            int under = tree_ppid[i] == self;
            for (int j = 0; !under && j < n; j++) under = tree_mark[j] && tree_ppid[i] == tree_pid[j];
            if (under) tree_mark[i] = 1, changed = 1, found++, kill(tree_pid[i], SIGKILL);
        }
    }
    return found;
}

/* Every descendant killed and reaped (what dies re-parents to this
 * subreaper), for up to 10 s. */
static void end_all(void)
{
    for (int k = 0; k < 10000; k++) {
        int left = kill_descendants();
        while (waitpid(-1, NULL, WNOHANG) > 0) {}
        if (!left && waitpid(-1, NULL, WNOHANG) < 0 && errno == ECHILD) return;
        sleep_ms(1);
    }
}

/* What the program wrote to its standard error, to jamaica's terminal
 * with every control character (escape sequences' among them) and every
 * byte past ASCII shown as '?'; 0 at its end. */
static int relay(int from)
{
    char b[512];
    ssize_t r = read(from, b, sizeof b);
    if (r <= 0) return r < 0 && errno == EINTR;
    for (ssize_t i = 0; i < r; i++)
        if ((b[i] < 0x20 && b[i] != '\n' && b[i] != '\t') || (unsigned char)b[i] >= 0x7f) b[i] = '?';
    for (ssize_t w = 0, k; w < r; w += k)
        if ((k = write(2, b + w, (size_t)(r - w))) <= 0) return 0;
    return 1;
}

static void guard(int life, const char *sh, const char *dir, int logfd, int sock, char **env, const sandbox_cmd *sb)
{
    setsid(); /* its own session and group: no controlling terminal */
    prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
    struct termios tio;
    int pf2[2] = {-1, -1};
    if (logfd < 0 && tcgetattr(2, &tio) == 0 && pipe(pf2) == 0) { /* a terminal: relay() */
        pf2[0] = fcntl(pf2[0], F_DUPFD, 10);
        pf2[1] = fcntl(pf2[1], F_DUPFD, 10);
    }
    /* Out of the way of 0-6 first, then in place: 0 and 1 the socket, 2
     * the log (or jamaica's), 3 the lifeline, 5 and 6 the relay's pipe. */
    sock = fcntl(sock, F_DUPFD, 10);
    life = fcntl(life, F_DUPFD, 10);
    if (logfd >= 0) logfd = fcntl(logfd, F_DUPFD, 10);
    dup2(sock, 0);
    dup2(sock, 1);
    if (logfd >= 0) dup2(logfd, 2);
    dup2(life, 3);
    int relaying = pf2[0] >= 10 && pf2[1] >= 10;
    if (relaying) dup2(pf2[0], 5), dup2(pf2[1], 6);
    close_range(4, 4, 0);
    close_range(relaying ? 7 : 5, ~0U, 0); /* jamaica's other descriptors: other programs' lifelines among them */
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    pid_t p = fork();
    if (p == 0) {
        if (relaying) dup2(6, 2);
        close_range(3, ~0U, 0);
        if (sb) { /* bwrap makes its namespaces and goes to its own /tmp */
            if (chdir("/")) _exit(126);
            sandbox_enter(sb);
            _exit(127);
        }
        if (chdir(dir)) _exit(126);
        char *argv[] = {"sh", "-c", (char *)sh, NULL};
        execve("/bin/sh", argv, env ? env : environ);
        _exit(127);
    }
    close(0);
    close(1);
    if (relaying) close(6);
    if (p < 0) _exit(127);
    int pfd = (int)syscall(SYS_pidfd_open, p, 0);
    for (;;) {
        struct pollfd pf[3] = {{3, POLLIN, 0}, {relaying ? 5 : -1, POLLIN, 0}, {pfd, POLLIN, 0}};
        int r = poll(pf, pfd >= 0 ? 3 : 2, pfd >= 0 ? -1 : 5);
        if (r > 0 && pf[0].revents) { /* jamaica is gone, or done with it */
            end_all();
            _exit(137);
        }
        if (r > 0 && pf[1].revents && !relay(5)) close(5), relaying = 0;
        int st;
        if (waitpid(p, &st, WNOHANG) != p) continue;
        end_all(); /* what it left behind, however detached */
        while (relaying && relay(5)) {}
        if (WIFEXITED(st)) _exit(WEXITSTATUS(st));
        struct rlimit none_core = {0, 0};
        setrlimit(RLIMIT_CORE, &none_core);
        signal(WTERMSIG(st), SIG_DFL);
        kill(getpid(), WTERMSIG(st));
        _exit(128 + WTERMSIG(st));
    }
}

static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st;
    (void)ftw;
    if (flag == FTW_DP) rmdir(path);
    else unlink(path);
    return 0;
}

/* The directories of runs that ended without removing them (killed with
 * SIGKILL, or by a plugin's crash), "jamaica-program-PID-XXXXXX" with no
 * process PID left, go when this process makes its first. */
static void remove_stale_wds(const char *tmp)
{
    static int done;
    if (__atomic_exchange_n(&done, 1, __ATOMIC_ACQ_REL)) return;
    DIR *d = opendir(tmp);
    if (!d) return;
    for (struct dirent *e; (e = readdir(d));) {
        if (strncmp(e->d_name, "jamaica-program-", 16)) continue;
        char *end;
        long pid = strtol(e->d_name + 16, &end, 10);
        if (end == e->d_name + 16 || *end != '-' || pid <= 0 || pid == (long)getpid()) continue;
        if (kill((pid_t)pid, 0) == 0 || errno != ESRCH) continue;
        char path[PATH_MAX];
        struct stat st;
        int w = snprintf(path, sizeof path, "%s/%s", tmp, e->d_name);
        if (w > 0 && (size_t)w < sizeof path && lstat(path, &st) == 0 && S_ISDIR(st.st_mode) && st.st_uid == getuid())
            nftw(path, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
    }
    closedir(d);
}

/* The working directory of a process, when dir= names none: a new empty
 * directory in $TMPDIR (or /tmp), 0711 (another user the program runs as
 * may enter it, no one else may list it), removed with what the program
 * left there when the process ends (docs/PROTOCOL.md). */
static int make_wd(proc *pg, const char *cmd, char *err, size_t errlen)
{
    const char *tmp = getenv("TMPDIR");
    if (!tmp || !*tmp || strlen(tmp) > PATH_MAX - 64) tmp = "/tmp";
    remove_stale_wds(tmp);
    snprintf(pg->wd, sizeof pg->wd, "%s/jamaica-program-%ld-XXXXXX", tmp, (long)getpid());
    if (!mkdtemp(pg->wd) || chmod(pg->wd, 0711)) {
        snprintf(err, errlen, "agent '%s': cannot make its working directory in '%s': %s", cmd, tmp,
                 strerror(errno));
        if (*pg->wd != '/' || access(pg->wd, F_OK) == 0) rmdir(pg->wd);
        pg->wd[0] = '\0';
        return -1;
    }
    return 0;
}

static void remove_wd(proc *pg)
{
    if (!pg->wd[0]) return;
    nftw(pg->wd, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
    pg->wd[0] = '\0';
}

/* The sandbox's command line for the program (pg->sb), its PYTHONPATH the
 * one proc_env() made. */
static int make_sandbox(proc *pg, const char *sh, const char *cmd, const char *dir, const sandbox_limits *lim,
                        const char *options, char *err, size_t errlen)
{
    const char *pp = NULL;
    for (size_t i = 0; pg->env && pg->env[i]; i++)
        if (!strncmp(pg->env[i], "PYTHONPATH=", 11)) pp = pg->env[i] + 11;
    if (!pg->sb && !(pg->sb = malloc(sizeof *pg->sb))) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    char why[300];
    if (sandbox_build(pg->sb, sh, cmd, options, dir, pp, lim, why, sizeof why)) {
        snprintf(err, errlen, "agent '%s': %s", cmd, why);
        return -1;
    }
    return 0;
}

int proc_spawn(proc *pg, const char *cmd, const char *dir, const char *log, const sandbox_limits *lim,
               const char *options, char *err, size_t errlen)
{
    int sv[2], life[2];
    char sh[AGENT_SPEC_MAX + 8];
    snprintf(sh, sizeof sh, "exec %s", cmd);
    if (lim && make_sandbox(pg, sh, cmd, dir, lim, options, err, errlen)) return -1;
    if (!lim && !*dir && !pg->wd[0] && make_wd(pg, cmd, err, errlen)) return -1;
    int logfd = -1;
    if (*log && (logfd = open(log, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0600)) < 0) {
        snprintf(err, errlen, "agent '%s': cannot open log '%s': %s", cmd, log, strerror(errno));
        return -1;
    }
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv)) {
        snprintf(err, errlen, "agent '%s': socketpair: %s", cmd, strerror(errno));
        if (logfd >= 0) close(logfd);
        return -1;
    }
    if (pipe2(life, O_CLOEXEC)) {
        snprintf(err, errlen, "agent '%s': pipe: %s", cmd, strerror(errno));
        close(sv[0]);
        close(sv[1]);
        if (logfd >= 0) close(logfd);
        return -1;
    }
    pid_t pid = fork();
    if (pid == 0) {
        close(life[1]);
        guard(life[0], sh, *dir ? dir : pg->wd, logfd, sv[1], pg->env, lim ? pg->sb : NULL);
        _exit(127);
    }
    close(sv[1]);
    close(life[0]);
    if (logfd >= 0) close(logfd);
    if (pid < 0) {
        close(sv[0]);
        close(life[1]);
        snprintf(err, errlen, "agent '%s': fork: %s", cmd, strerror(errno));
        return -1;
    }
    pg->pid = pid;
    pg->fd = sv[0];
    pg->life = life[1];
    pg->slot = track(pid, 0, life[1]);
    if (pg->slot < 0) { /* more programs than the table holds: this one ends */
        close(life[1]);
        waitpid(pid, NULL, 0);
        close(sv[0]);
        pg->pid = 0;
        pg->fd = -1;
        pg->life = -1;
        snprintf(err, errlen, "agent '%s': more than %d programs at once", cmd, MAX_PROGRAMS);
        return -1;
    }
    return 0;
}

/* Cut the lifeline: the guardian kills every process of the program and
 * ends; wait for it (10 s at most, then kill its group). */
void proc_end(proc *pg)
{
    end_life(pg->slot);
    pg->life = -1;
    int k = 0;
    while (waitpid(pg->pid, NULL, WNOHANG) == 0 && k++ < 10000) sleep_ms(1);
    if (k > 10000) {
        kill(-pg->pid, SIGKILL);
        waitpid(pg->pid, NULL, 0);
    }
}

/* The guardian has ended (and with it every process of the program):
 * cut the lifeline, forget it. */
static void forget(proc *pg)
{
    end_life(pg->slot);
    pg->life = -1;
    track(0, pg->pid, -1);
    pg->pid = 0;
    remove_wd(pg);
}

/* Wait for the process for up to `grace` seconds, then end it. */
void proc_reap(proc *pg, double grace)
{
    if (!pg->pid) return;
    if (pg->fd >= 0) close(pg->fd);
    pg->fd = -1;
    double end = proc_now() + grace;
    while (waitpid(pg->pid, NULL, WNOHANG) == 0) {
        if (proc_now() >= end) {
            proc_end(pg);
            break;
        }
        sleep_ms(2);
    }
    forget(pg);
}

/* How the process ended, if it has (waiting a moment for it). */
void proc_describe_end(proc *pg, char *buf, size_t len)
{
    int st;
    pid_t r = 0;
    for (int i = 0; i < 50 && (r = waitpid(pg->pid, &st, WNOHANG)) == 0; i++) {
        struct timespec ms = {0, 2000000};
        nanosleep(&ms, NULL);
    }
    if (r == pg->pid) {
        forget(pg); /* what it left running */
        if (WIFEXITED(st)) snprintf(buf, len, "it exited with status %d", WEXITSTATUS(st));
        else snprintf(buf, len, "it was killed by signal %d (%s)", WTERMSIG(st), strsignal(WTERMSIG(st)));
    } else {
        snprintf(buf, len, "it closed its output");
    }
}

