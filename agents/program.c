/*
 * program.c - an agent that is another program, over the line protocol of
 * docs/PROTOCOL.md: `cmd:COMMAND[:key=value,...]`.
 *
 * One process per instance (a seat of a thread), started by /bin/sh -c
 * "exec COMMAND" with a socket as its standard input and output, kept
 * across games.  Every wait on it has a deadline (timeout=, 10 s), every
 * line a length limit; a process that crashes, hangs, answers garbage,
 * an index out of range or nothing, or floods its output is a failure:
 * the run stops (on_fault=stop) or the seat plays on at random and the
 * process is started again for the next game (on_fault=random).  The
 * process and all it starts (its process group) are killed when the
 * instance is destroyed, when jamaica stops at once (agent_kill_programs),
 * and when jamaica dies in any way (its guardian, guard()).
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ftw.h>
#include <limits.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "outside.h"

#define PROTOCOL_VERSION 1
#define LINE_MAX_BYTES 4096       /* a longer line from the program is a flood */
#define LINES_MAX 1000            /* comment lines it may send before its answer */
#define MAX_PROGRAMS 1024

typedef struct program {
    outside o;                    /* first: outside_fault() reads it */
    char cmd[AGENT_SPEC_MAX];
    char name[64];                /* what it called itself */
    pid_t pid;                    /* its guardian (guard()), the leader of its
                                     process group; 0: not running */
    int fd;                       /* our end of its stdin and stdout */
    int life;                     /* the guardian's lifeline (-1: none) */
    int slot;                     /* its place in running[] and lifeline[] */
    char **env;                   /* the program's environment (child_env) */
    char wd[PATH_MAX];            /* the working directory made for this process
                                     ("" when dir= names one, or none is made) */
    char in[LINE_MAX_BYTES + 1];  /* what it wrote, not yet read as lines */
    size_t have;
    char out[JM_POSITION_MAX + JM_MAX_ACTIONS * (JM_ACTION_TEXT_MAX + 32) + 64];
    jm_rules rules;
    int rules_known, players;
    uint64_t game;
    int game_sent;                /* the game line of this game is out */
    unsigned decisions;           /* this game's */
    double allowed;               /* the seconds the wait under way allows (messages) */
} program;

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

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* ---------------------------------------------------------------- the process */

/* The environment a program starts with: jamaica's, and where jamaica runs
 * from a source tree (bin/jamaica beside python/jamaica/), that module's
 * directory first on PYTHONPATH, so that a script doing `import jamaica`
 * plays under cmd:python3 SCRIPT with nothing set by hand.  NULL: out of
 * memory (the program then starts with jamaica's own). */
extern char **environ;

static char **child_env(void)
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

static void free_env(char **env)
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

static void guard(int life, const char *sh, const char *dir, int logfd, int sock, char **env)
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
static int make_wd(program *pg, char *err, size_t errlen)
{
    const char *tmp = getenv("TMPDIR");
    if (!tmp || !*tmp || strlen(tmp) > PATH_MAX - 64) tmp = "/tmp";
    remove_stale_wds(tmp);
    snprintf(pg->wd, sizeof pg->wd, "%s/jamaica-program-%ld-XXXXXX", tmp, (long)getpid());
    if (!mkdtemp(pg->wd) || chmod(pg->wd, 0711)) {
        snprintf(err, errlen, "agent '%s': cannot make its working directory in '%s': %s", pg->cmd, tmp,
                 strerror(errno));
        if (*pg->wd != '/' || access(pg->wd, F_OK) == 0) rmdir(pg->wd);
        pg->wd[0] = '\0';
        return -1;
    }
    return 0;
}

static void remove_wd(program *pg)
{
    if (!pg->wd[0]) return;
    nftw(pg->wd, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
    pg->wd[0] = '\0';
}

/* Start COMMAND under its guardian: 0, or -1 with why. */
static int spawn(program *pg, char *err, size_t errlen)
{
    int sv[2], life[2];
    if (!*pg->o.dir && !pg->wd[0] && make_wd(pg, err, errlen)) return -1;
    char sh[AGENT_SPEC_MAX + 8];
    snprintf(sh, sizeof sh, "exec %s", pg->cmd);
    int logfd = -1;
    if (*pg->o.log && (logfd = open(pg->o.log, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0600)) < 0) {
        snprintf(err, errlen, "agent '%s': cannot open log '%s': %s", pg->cmd, pg->o.log, strerror(errno));
        return -1;
    }
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv)) {
        snprintf(err, errlen, "agent '%s': socketpair: %s", pg->cmd, strerror(errno));
        if (logfd >= 0) close(logfd);
        return -1;
    }
    if (pipe2(life, O_CLOEXEC)) {
        snprintf(err, errlen, "agent '%s': pipe: %s", pg->cmd, strerror(errno));
        close(sv[0]);
        close(sv[1]);
        if (logfd >= 0) close(logfd);
        return -1;
    }
    pid_t pid = fork();
    if (pid == 0) {
        close(life[1]);
        guard(life[0], sh, *pg->o.dir ? pg->o.dir : pg->wd, logfd, sv[1], pg->env);
        _exit(127);
    }
    close(sv[1]);
    close(life[0]);
    if (logfd >= 0) close(logfd);
    if (pid < 0) {
        close(sv[0]);
        close(life[1]);
        snprintf(err, errlen, "agent '%s': fork: %s", pg->cmd, strerror(errno));
        return -1;
    }
    pg->pid = pid;
    pg->fd = sv[0];
    pg->life = life[1];
    pg->have = 0;
    pg->slot = track(pid, 0, life[1]);
    if (pg->slot < 0) { /* more programs than the table holds: this one ends */
        close(life[1]);
        waitpid(pid, NULL, 0);
        close(sv[0]);
        pg->pid = 0;
        pg->fd = -1;
        pg->life = -1;
        snprintf(err, errlen, "agent '%s': more than %d programs at once", pg->cmd, MAX_PROGRAMS);
        return -1;
    }
    return 0;
}

/* Cut the lifeline: the guardian kills every process of the program and
 * ends; wait for it (10 s at most, then kill its group). */
static void end_guardian(program *pg)
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
static void forget(program *pg)
{
    end_life(pg->slot);
    pg->life = -1;
    track(0, pg->pid, -1);
    pg->pid = 0;
    remove_wd(pg);
}

/* Wait for the process for up to `grace` seconds, then end it. */
static void reap(program *pg, double grace)
{
    if (!pg->pid) return;
    if (pg->fd >= 0) close(pg->fd);
    pg->fd = -1;
    double end = now_s() + grace;
    while (waitpid(pg->pid, NULL, WNOHANG) == 0) {
        if (now_s() >= end) {
            end_guardian(pg);
            break;
        }
        sleep_ms(2);
    }
    forget(pg);
}

/* How the process ended, if it has (waiting a moment for it). */
static void describe_end(program *pg, char *buf, size_t len)
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

/* ---------------------------------------------------------------- lines */

/* Send len bytes by the deadline: 0, or -1 with why in pg->o.fault's style. */
static int send_all(program *pg, const char *p, size_t len, double deadline, char *why, size_t wl)
{
    while (len) {
        ssize_t w = send(pg->fd, p, len, MSG_NOSIGNAL | MSG_DONTWAIT);
        if (w > 0) {
            p += w;
            len -= (size_t)w;
            continue;
        }
        if (w < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
            char how[100];
            describe_end(pg, how, sizeof how);
            snprintf(why, wl, "cannot write to it (%s)", how);
            return -1;
        }
        int ms = (int)((deadline - now_s()) * 1000);
        struct pollfd pf = {pg->fd, POLLOUT, 0};
        if (ms <= 0 || poll(&pf, 1, ms) == 0) {
            snprintf(why, wl, "it did not read its input within %g s%s", pg->allowed,
                     pg->allowed == pg->o.startup ? " of its start (startup=)" : "");
            return -1;
        }
    }
    return 0;
}

/* The next line that is not a comment ('#'), by the deadline, into line
 * (NUL-terminated, without its newline).  0, or -1 with why. */
static int read_line(program *pg, char *line, double deadline, char *why, size_t wl)
{
    for (int lines = 0;;) {
        char *nl = memchr(pg->in, '\n', pg->have);
        if (nl) {
            size_t n = (size_t)(nl - pg->in);
            memcpy(line, pg->in, n);
            line[n] = '\0';
            if (n && line[n - 1] == '\r') line[n - 1] = '\0';
            pg->have -= n + 1;
            memmove(pg->in, nl + 1, pg->have);
            if (line[0] == '#') {
                if (++lines > LINES_MAX) {
                    snprintf(why, wl, "it floods its output (over %d comment lines before its answer)", LINES_MAX);
                    return -1;
                }
                continue;
            }
            return 0;
        }
        if (pg->have >= LINE_MAX_BYTES) {
            snprintf(why, wl, "it floods its output (a line over %d bytes)", LINE_MAX_BYTES);
            return -1;
        }
        int ms = (int)((deadline - now_s()) * 1000);
        struct pollfd pf = {pg->fd, POLLIN, 0};
        int pr = ms > 0 ? poll(&pf, 1, ms) : 0;
        if (pr < 0 && errno == EINTR) continue;
        if (pr <= 0) {
            snprintf(why, wl, "no answer within %g s%s", pg->allowed,
                     pg->allowed == pg->o.startup ? " of its start (startup=)" : "");
            return -1;
        }
        ssize_t r = recv(pg->fd, pg->in + pg->have, LINE_MAX_BYTES - pg->have, 0);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) {
            char how[100];
            describe_end(pg, how, sizeof how);
            snprintf(why, wl, "no answer: %s", how);
            return -1;
        }
        pg->have += (size_t)r;
    }
}

/* ---------------------------------------------------------------- protocol */

/* Start the process and shake hands: 0, or -1 with why in err. */
static int start(program *pg, char *err, size_t errlen)
{
    char why[300], line[LINE_MAX_BYTES + 1];
    if (spawn(pg, err, errlen)) return -1;
    /* The handshake may take the program's start: loading PyTorch alone
     * took 9.7 s on a busy machine (startup=, 60 s by default). */
    pg->allowed = pg->o.startup;
    double deadline = now_s() + pg->o.startup;
    size_t o = (size_t)snprintf(pg->out, sizeof pg->out, "jamaica-agent %d\n", PROTOCOL_VERSION);
    if (send_all(pg, pg->out, o, deadline, why, sizeof why) || read_line(pg, line, deadline, why, sizeof why)) goto fail;
    if (strncmp(line, "agent ", 6) || !line[6]) {
        snprintf(why, sizeof why, "it answered '%.200s' to 'jamaica-agent %d', not 'agent NAME'", line, PROTOCOL_VERSION);
        goto fail;
    }
    snprintf(pg->name, sizeof pg->name, "%.63s", line + 6);
    o = 0;
    char opts[AGENT_SPEC_MAX], *save = NULL;
    strcpy(opts, pg->o.rest);
    for (char *tok = strtok_r(opts, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        /* A value that names a file or directory relative to jamaica's
         * working directory (a '/' in it: policy=results/x.pt) is made
         * whole, as the command's words are: the program starts elsewhere. */
        char *eq = strchr(tok, '='), real[PATH_MAX];
        struct stat st;
        if (eq && eq[1] != '/' && strchr(eq + 1, '/') && stat(eq + 1, &st) == 0 && realpath(eq + 1, real))
            o += (size_t)snprintf(pg->out + o, sizeof pg->out - o, "option %.*s=%s\n", (int)(eq - tok), tok, real);
        else
            o += (size_t)snprintf(pg->out + o, sizeof pg->out - o, "option %s\n", tok);
    }
    o += (size_t)snprintf(pg->out + o, sizeof pg->out - o, "ready\n");
    if (send_all(pg, pg->out, o, deadline, why, sizeof why) || read_line(pg, line, deadline, why, sizeof why)) goto fail;
    if (strcmp(line, "ready")) {
        snprintf(why, sizeof why, "it answered '%.200s' to its options and 'ready'", line);
        goto fail;
    }
    pg->allowed = pg->o.timeout;
    return 0;
fail:
    snprintf(err, errlen, "agent 'cmd:%.200s': %s", pg->cmd, why);
    reap(pg, 0.2);
    return -1;
}

static size_t game_line(program *pg, agent *a, const jm_state *obs, char *buf, size_t len)
{
    if (!pg->rules_known) {
        jm_rules_of(obs, &pg->rules);
        pg->players = jm_players(obs);
    }
    char rules[256];
    jm_rules_format(&pg->rules, rules, sizeof rules);
    uint64_t seed = ((uint64_t)jm_pcg32_next(&a->rng) << 32) | jm_pcg32_next(&a->rng);
    return (size_t)snprintf(buf, len, "game players=%d seat=%d game=%llu seed=%016llx rules=%s\n", pg->players, a->seat,
                            (unsigned long long)pg->game, (unsigned long long)seed, rules);
}

/* The decision block: kind, view, the actions, go. */
static size_t decision_block(const jm_state *obs, int seat, const int *legal, int n, char *buf, size_t len)
{
    size_t o = (size_t)snprintf(buf, len, "decision %s %d\nview ", jm_decision_name(jm_decision(obs)), n);
    int w = jm_view_format(obs, seat, buf + o, len - o);
    o += w > 0 ? (size_t)w : 0;
    o += (size_t)snprintf(buf + o, len - o, "\n");
    for (int i = 0; i < n; i++) {
        o += (size_t)snprintf(buf + o, len - o, "action %d %d ", i, legal[i]);
        w = jm_action_text(obs, legal[i], buf + o, len - o);
        o += w > 0 ? (size_t)w : 0;
        o += (size_t)snprintf(buf + o, len - o, "\n");
    }
    o += (size_t)snprintf(buf + o, len - o, "go\n");
    return o;
}

/* The index in an answer: 0..n-1, or -1. */
static int answer_index(const char *line, int n)
{
    while (*line == ' ' || *line == '\t') line++;
    if (*line < '0' || *line > '9') return -1;
    char *end;
    long x = strtol(line, &end, 10);
    while (*end == ' ' || *end == '\t') end++;
    return *end || x < 0 || x >= n ? -1 : (int)x;
}

static int program_choose(agent *a, const jm_state *obs, const int *legal, int n)
{
    program *pg = a->data;
    if (pg->o.fallback) return outside_random(a, legal, n);
    char why[300], line[LINE_MAX_BYTES + 1];
    const char *kind = jm_decision_name(jm_decision(obs));
    double deadline = now_s() + pg->o.timeout;
    size_t o = 0;
    if (!pg->game_sent) o = game_line(pg, a, obs, pg->out, sizeof pg->out);
    pg->game_sent = 1;
    pg->decisions++;
    o += decision_block(obs, a->seat, legal, n, pg->out + o, sizeof pg->out - o);
    if (send_all(pg, pg->out, o, deadline, why, sizeof why) || read_line(pg, line, deadline, why, sizeof why))
        goto fail;
    int i = answer_index(line, n);
    if (i >= 0) return legal[i];
    snprintf(why, sizeof why, "it answered '%.100s'%s, not an index 0..%d", line, strlen(line) > 100 ? "..." : "", n - 1);
fail:
    reap(pg, 0.0);
    return outside_failed(&pg->o, a, legal, n, "agent %s (cmd:%.200s) failed at decision %u of the game (%s, %d actions): %s",
                          pg->name[0] ? pg->name : "?", pg->cmd, pg->decisions, kind, n, why);
}

static void program_new_game(agent *a, const jm_rules *rules, int players, uint64_t game)
{
    program *pg = a->data;
    pg->rules_known = rules != NULL;
    if (rules) pg->rules = *rules;
    pg->players = players;
    pg->game = game;
    pg->game_sent = 0;
    pg->decisions = 0;
    pg->o.faults = 0;
    pg->o.fallback = 0;
    if (!pg->pid) {
        char err[400];
        if (start(pg, err, sizeof err)) {
            pg->o.fallback = 1; /* its first decision reports the failure */
            snprintf(pg->o.fault, sizeof pg->o.fault, "%s", err);
            if (pg->o.on_fault == ON_FAULT_RANDOM) pg->o.faults++;
        }
    }
}

/* With results=1: the game's end, one line, no answer awaited
 * ("result game=G scores=S0,S1,... ranks=R0,... winners=W,..."; the
 * ghost's score and rank last where it sails, named g in winners). */
static void program_end_game(agent *a, const jm_state *s)
{
    program *pg = a->data;
    if (!pg->o.results || !pg->pid || pg->fd < 0 || !pg->game_sent || pg->o.fallback) return;
    jm_score sc[JM_MAX_SHIPS];
    jm_scores(s, sc);
    int np = jm_players(s), ghost = jm_has_ghost(s);
    char line[512], scores[128] = "", ranks[128] = "", winners[64] = "";
    size_t so = 0, ro = 0, wo = 0;
    for (int i = 0; i < JM_MAX_SHIPS; i++) {
        if (i >= np && !(i == JM_GHOST && ghost)) continue;
        so += (size_t)snprintf(scores + so, sizeof scores - so, "%s%d", so ? "," : "", sc[i].total);
        ro += (size_t)snprintf(ranks + ro, sizeof ranks - ro, "%s%d", ro ? "," : "", sc[i].rank);
        if (sc[i].winner) {
            if (i == JM_GHOST) wo += (size_t)snprintf(winners + wo, sizeof winners - wo, "%sg", wo ? "," : "");
            else wo += (size_t)snprintf(winners + wo, sizeof winners - wo, "%s%d", wo ? "," : "", i);
        }
    }
    int n = snprintf(line, sizeof line, "result game=%llu scores=%s ranks=%s winners=%s\n", (unsigned long long)pg->game,
                     scores, ranks, wo ? winners : "-");
    char why[300];
    if (send_all(pg, line, (size_t)n, now_s() + pg->o.timeout, why, sizeof why)) reap(pg, 0.0); /* the next game restarts it */
}

static void program_destroy(agent *a)
{
    program *pg = a->data;
    if (!pg) return;
    if (pg->pid && pg->fd >= 0) {
        char why[100];
        send_all(pg, "quit\n", 5, now_s() + 0.5, why, sizeof why);
    }
    reap(pg, 1.0);
    free_env(pg->env);
    free(pg);
    a->data = NULL;
}

/* Is the command's first word a program that can be run?  0, or -1 with
 * why: so that a missing program is one line of jamaica's, not the shell's
 * "not found" for every seat besides.  A first word the shell would read
 * otherwise (quotes, variables, an assignment, a keyword) is left to it. */
static int runnable(const char *cmd, char *err, size_t errlen)
{
    char word[AGENT_SPEC_MAX];
    size_t n = strcspn(cmd, " \t");
    memcpy(word, cmd, n);
    word[n] = '\0';
    if (!n || strpbrk(word, "'\"\\$`(){}[]|;&<>=*?~!#") || !strcmp(word, "exec")) return 0;
    if (strchr(word, '/')) {
        if (access(word, X_OK) == 0) return 0;
        snprintf(err, errlen, "agent 'cmd:%.200s': cannot run '%s': %s", cmd, word, strerror(errno));
        return -1;
    }
    const char *path = getenv("PATH");
    char full[2 * AGENT_SPEC_MAX];
    for (const char *p = path ? path : "/usr/bin:/bin"; p;) {
        const char *colon = strchr(p, ':');
        int len = colon ? (int)(colon - p) : (int)strlen(p);
        snprintf(full, sizeof full, "%.*s%s%s", len, p, len ? "/" : "", word);
        if (access(full, X_OK) == 0) return 0;
        p = colon ? colon + 1 : NULL;
    }
    snprintf(err, errlen, "agent 'cmd:%.200s': no program '%s' on PATH", cmd, word);
    return -1;
}

/* A program starts in a working directory of its own, not jamaica's: the
 * words of a plain command (no quotes, variables or other shell syntax)
 * that name a file or directory relative to jamaica's working directory
 * are made absolute, so that `cmd:python3 my_agent.py` and `cmd:./bot`
 * run as written.  A command with shell syntax is left as it is (give its
 * paths whole, or dir=).  0, or -1 with why. */
static int absolute_words(char *cmd, char *err, size_t errlen)
{
    if (strpbrk(cmd, "'\"\\$`(){}[]|;&<>*?~!#\n")) return 0;
    char out[AGENT_SPEC_MAX], word[AGENT_SPEC_MAX], real[PATH_MAX];
    size_t o = 0;
    for (const char *p = cmd; *p;) {
        size_t sp = strspn(p, " \t"), n = strcspn(p + sp, " \t");
        memcpy(word, p + sp, n);
        word[n] = '\0';
        const char *w = word;
        struct stat st;
        if (n && word[0] != '/' && !strchr(word, '=') && stat(word, &st) == 0 && (strchr(word, '/') || o) &&
            realpath(word, real))
            w = real;
        int k = snprintf(out + o, sizeof out - o, "%.*s%s", (int)sp, p, w);
        if (k < 0 || (size_t)k >= sizeof out - o) {
            snprintf(err, errlen, "agent 'cmd:%.200s': the command is too long with its paths made whole", cmd);
            return -1;
        }
        o += (size_t)k;
        p += sp + n;
    }
    strcpy(cmd, out);
    return 0;
}

/* COMMAND[:key=value,...]: the parameters follow the last ':' whose tail
 * is key=value items with no space. */
static const char *params_of(const char *spec)
{
    const char *c = strrchr(spec, ':');
    if (!c || !strchr(c, '=') || strchr(c, ' ')) return NULL;
    return c + 1;
}

static int program_create(agent *a, const char *spec, char *err, size_t errlen)
{
    /* A program of this user could otherwise open jamaica's files through
     * /proc/PID/fd (a temporary output that has no name), read its memory
     * (/proc/PID/mem, ptrace) or environment: not dumpable, those are
     * root's alone (docs/PROTOCOL.md, "Sealed runs").  The programs
     * themselves are not affected (execve resets it). */
    prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
    const char *params = params_of(spec);
    size_t len = params ? (size_t)(params - 1 - spec) : strlen(spec);
    if (!len) {
        snprintf(err, errlen, "agent 'cmd' needs a command: cmd:COMMAND[:key=value,...]");
        return -1;
    }
    program *pg = calloc(1, sizeof *pg);
    if (!pg) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    a->data = pg;
    pg->fd = -1;
    pg->life = -1;
    pg->slot = -1;
    pg->env = child_env();
    memcpy(pg->cmd, spec, len);
    pg->cmd[len] = '\0';
    if (outside_params(&pg->o, pg->cmd, params ? params : "", 1, err, errlen) || runnable(pg->cmd, err, errlen) ||
        absolute_words(pg->cmd, err, errlen))
        return -1;
    return start(pg, err, errlen);
}

static int program_choose_checked(agent *a, const jm_state *obs, const int *legal, int n)
{
    program *pg = a->data;
    /* A start that failed at the game's beginning fails its first decision. */
    if (pg->o.fallback && !pg->pid && pg->o.on_fault == ON_FAULT_STOP) return -1;
    return program_choose(a, obs, legal, n);
}

const agent_ops builtin_program = {
    .name = "cmd",
    .summary = "another program over the line protocol: cmd:COMMAND[:key=value,...] (docs/PROTOCOL.md)",
    .needs_obs = 1,
    .cheap = 0,
    .uniform = 0,
    .sealed = 1,
    .create = program_create,
    .choose = program_choose_checked,
    .destroy = program_destroy,
    .new_game = program_new_game,
    .fault = outside_fault,
    .faults = outside_faults,
    .end_game = program_end_game,
};
