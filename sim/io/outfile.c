/* outfile.c - output files that are complete or absent (see outfile.h). */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "outfile.h"

#define SLOTS 8

static char temp_path[SLOTS][PATH_MAX];
static volatile sig_atomic_t temp_used[SLOTS];

static int register_temp(const char *path)
{
    for (int i = 0; i < SLOTS; i++)
        if (!temp_used[i]) {
            strcpy(temp_path[i], path);
            temp_used[i] = 1;
            return i;
        }
    return -1;
}

static void unregister_temp(int slot)
{
    if (slot >= 0) temp_used[slot] = 0;
}

int outfile_track(const char *path)
{
    return strlen(path) < PATH_MAX ? register_temp(path) : -1;
}

void outfile_untrack(int slot)
{
    unregister_temp(slot);
}

void outfile_remove_all_temps(void)
{
    for (int i = 0; i < SLOTS; i++)
        if (temp_used[i]) unlink(temp_path[i]);
}

static int fail(char *err, size_t errlen, const char *path, const char *why)
{
    snprintf(err, errlen, "cannot write '%s': %s", path, why);
    return -1;
}

/* This host's name as it goes into a temporary file's name: letters,
 * digits and '-' (anything else becomes '-'), at most n - 1 of them. */
static void this_host(char *buf, size_t n)
{
    if (gethostname(buf, n) != 0) snprintf(buf, n, "host");
    buf[n - 1] = '\0';
    for (char *c = buf; *c; c++)
        if (!((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') || *c == '-')) *c = '-';
}

/* A run killed before it could remove its temporary file (SIGKILL, a power
 * cut) leaves ".NAME.jamaica-HOST-PID.XXXXXX" beside NAME.  The next run
 * that writes NAME on the same host removes those whose process no longer
 * exists, and says so; files of other hosts (a shared file system), of
 * live processes, or named otherwise are never touched. */
static void remove_stale_temps(const char *target, int dirlen, const char *host)
{
    char dir[PATH_MAX], prefix[PATH_MAX];
    snprintf(dir, sizeof dir, "%.*s", dirlen ? dirlen : 1, dirlen ? target : ".");
    int np = snprintf(prefix, sizeof prefix, ".%s.jamaica-%s-", target + dirlen, host);
    if (np < 0 || (size_t)np >= sizeof prefix) return;
    DIR *d = opendir(dir);
    if (!d) return;
    for (struct dirent *e; (e = readdir(d));) {
        if (strncmp(e->d_name, prefix, (size_t)np)) continue;
        char *end;
        long pid = strtol(e->d_name + np, &end, 10);
        if (end == e->d_name + np || *end != '.' || strlen(end) != 7 || pid <= 0 || pid == (long)getpid()) continue;
        if (kill((pid_t)pid, 0) == 0 || errno != ESRCH) continue; /* alive, or not ours to ask */
        char stale[PATH_MAX];
        int w = snprintf(stale, sizeof stale, "%.*s%s", dirlen, target, e->d_name);
        if (w > 0 && (size_t)w < sizeof stale && unlink(stale) == 0)
            fprintf(stderr, "jamaica: removed '%s', the unfinished output of a run (pid %ld) that was killed\n", stale,
                    pid);
    }
    closedir(d);
}

/* The mode a new output gets: the umask's (0666 less it), read once when
 * the program starts, before any thread; 0600 for every output of a run
 * that holds a secret (outfile_secret: a sealed seed). */
static mode_t umask_mode = 0600;
static int secret;
static int committed; /* a file was written whole (outfile_committed) */

__attribute__((constructor)) static void read_umask(void)
{
    mode_t m = umask(0);
    umask(m);
    umask_mode = 0666 & ~m;
}

void outfile_secret(void)
{
    secret = 1;
}

mode_t outfile_new_mode(void)
{
    return secret ? 0600 : umask_mode;
}

/* A device or a FIFO, opened to be written in place: a descriptor, or -1
 * with errno.  Opening a FIFO for writing blocks until a program opens it
 * for reading; where none has yet, that is said on stderr before the wait,
 * so that a run does not hang without a word (the open is tried first
 * without blocking, which fails with ENXIO exactly then). */
static int open_in_place(const char *path, int fifo)
{
    const int flags = O_WRONLY | O_NOCTTY | O_CLOEXEC;
    if (!fifo) return open(path, flags);
    int fd = open(path, flags | O_NONBLOCK);
    if (fd >= 0) { /* a reader is there: written blocking from here on */
        int fl = fcntl(fd, F_GETFL);
        if (fl < 0 || fcntl(fd, F_SETFL, fl & ~O_NONBLOCK) < 0) {
            int e = errno;
            close(fd);
            errno = e;
            return -1;
        }
        return fd;
    }
    if (errno != ENXIO) return -1;
    fprintf(stderr, "jamaica: waiting for a reader on FIFO '%s' (the output is written once a program opens it, "
            "e.g. cat '%s')\n", path, path);
    return open(path, flags); /* a stopping signal ends the wait (EINTR: the output not written) */
}

int outfile_open(outfile *o, const char *path, char *err, size_t errlen)
{
    memset(o, 0, sizeof *o);
    o->path = path;
    o->slot = -1;
    if (!*path) return fail(err, errlen, path, "empty path");
    if (strlen(path) >= PATH_MAX - 16) return fail(err, errlen, path, "path too long");
    struct stat st, lst;
    mode_t mode;
    if (stat(path, &st) == 0) {
        if (S_ISCHR(st.st_mode) || S_ISFIFO(st.st_mode)) {
            int fd = open_in_place(path, S_ISFIFO(st.st_mode));
            if (fd < 0 || !(o->f = fdopen(fd, "w"))) {
                int e = errno;
                if (fd >= 0) close(fd);
                return fail(err, errlen, path, strerror(e));
            }
            strcpy(o->target, path);
            return 0;
        }
        if (S_ISDIR(st.st_mode)) return fail(err, errlen, path, "it is a directory");
        if (!S_ISREG(st.st_mode)) return fail(err, errlen, path, "not a regular file, a device or a FIFO");
        if (access(path, W_OK)) return fail(err, errlen, path, strerror(errno));
        if (!realpath(path, o->target)) return fail(err, errlen, path, strerror(errno));
        /* The old file's mode, but never for a secret's: a run of a sealed
         * seed writes 0600 whatever it replaces (an old 0644 output, a file
         * another user planted 0666); the rename makes the file new, ours. */
        mode = secret ? 0600 : st.st_mode & 07777;
    } else if (errno == ENOENT && lstat(path, &lst) == 0) {
        return fail(err, errlen, path, "a symlink to a missing file");
    } else if (errno == ENOENT) {
        strcpy(o->target, path);
        mode = outfile_new_mode();
    } else {
        return fail(err, errlen, path, strerror(errno));
    }
    /* The temporary file: ".NAME.jamaica-HOST-PID.XXXXXX" in the target's
     * directory; those of this host whose process is gone go first. */
    const char *slash = strrchr(o->target, '/');
    int dirlen = slash ? (int)(slash - o->target) + 1 : 0;
    if (slash && !slash[1]) return fail(err, errlen, path, "it names a directory");
    char host[64];
    this_host(host, sizeof host);
    remove_stale_temps(o->target, dirlen, host);
    int w = snprintf(o->tmp, sizeof o->tmp, "%.*s.%s.jamaica-%s-%ld.XXXXXX", dirlen, o->target, o->target + dirlen,
                     host, (long)getpid());
    if (w < 0 || (size_t)w >= sizeof o->tmp) {
        o->tmp[0] = '\0';
        return fail(err, errlen, path, "path too long");
    }
    char dir[PATH_MAX];
    snprintf(dir, sizeof dir, "%.*s", dirlen ? dirlen : 1, dirlen ? o->target : ".");
    int fd = open(dir, O_TMPFILE | O_WRONLY | O_CLOEXEC, 0600);
    if (fd >= 0) {
        o->anon = 1;
        o->mode = mode;
        if (!(o->f = fdopen(fd, "w"))) {
            int e = errno;
            close(fd);
            o->tmp[0] = '\0';
            return fail(err, errlen, path, strerror(e));
        }
        return 0;
    }
    fd = mkstemp(o->tmp);
    if (fd < 0) {
        int e = errno;
        o->tmp[0] = '\0';
        return fail(err, errlen, path, strerror(e));
    }
    o->slot = register_temp(o->tmp);
    o->mode = mode; /* mkstemp's 0600 until the commit, then the file's mode (a new one's: the umask's) */
    if (!(o->f = fdopen(fd, "w"))) {
        int e = errno;
        close(fd);
        outfile_abort(o);
        return fail(err, errlen, path, strerror(e));
    }
    return 0;
}

int outfile_probe(const char *path, char *err, size_t errlen)
{
    struct stat st;
    if (*path && stat(path, &st) == 0 && (S_ISCHR(st.st_mode) || S_ISFIFO(st.st_mode)))
        return access(path, W_OK) ? fail(err, errlen, path, strerror(errno)) : 0;
    outfile o;
    if (outfile_open(&o, path, err, errlen)) return -1;
    outfile_abort(&o);
    return 0;
}

static int write_failed(outfile *o, int e, char *err, size_t errlen)
{
    snprintf(err, errlen, "writing '%s' failed: %s", o->path, strerror(e ? e : EIO));
    return -1;
}

int outfile_write(outfile *o, const void *buf, size_t n, char *err, size_t errlen)
{
    errno = 0;
    if (fwrite(buf, 1, n, o->f) != n) return write_failed(o, errno, err, errlen);
    return 0;
}

int outfile_check(outfile *o, char *err, size_t errlen)
{
    errno = 0;
    if (fflush(o->f) || ferror(o->f)) return write_failed(o, errno, err, errlen);
    return 0;
}

/* Give the nameless temporary the name of its pattern (XXXXXX filled in),
 * registered for the signal handler: 0, or -1 with errno. */
static int name_anon(outfile *o)
{
    char pattern[PATH_MAX], proc[64];
    snprintf(pattern, sizeof pattern, "%s", o->tmp);
    size_t n = strlen(pattern);
    snprintf(proc, sizeof proc, "/proc/self/fd/%d", fileno(o->f));
    static const char digits[] = "abcdefghijklmnopqrstuvwxyz0123456789";
    uint64_t x = (uint64_t)getpid() * 0x9e3779b97f4a7c15ULL ^ (uint64_t)(uintptr_t)o;
    for (int tries = 0; tries < 100; tries++) {
        for (size_t i = n - 6; i < n; i++) {
            x = x * 6364136223846793005ULL + 1442695040888963407ULL;
            pattern[i] = digits[(x >> 33) % 36];
        }
        if (linkat(fileno(o->f), "", AT_FDCWD, pattern, AT_EMPTY_PATH) &&
            linkat(AT_FDCWD, proc, AT_FDCWD, pattern, AT_SYMLINK_FOLLOW)) {
            if (errno == EEXIST) continue;
            return -1;
        }
        strcpy(o->tmp, pattern);
        o->slot = register_temp(o->tmp);
        o->anon = 0;
        return 0;
    }
    errno = EEXIST;
    return -1;
}

int outfile_commit(outfile *o, char *err, size_t errlen)
{
    if (outfile_check(o, err, errlen)) {
        outfile_abort(o);
        return -1;
    }
    errno = 0;
    /* On disk before the rename, so that a crash leaves the old file or the
     * whole new one (a checkpoint's promise). */
    int bad = (o->tmp[0] && (fchmod(fileno(o->f), o->mode) || fsync(fileno(o->f))));
    if (!bad && o->anon && name_anon(o)) {
        int e = errno;
        fclose(o->f);
        o->f = NULL;
        fail(err, errlen, o->path, strerror(e));
        outfile_abort(o);
        return -1;
    }
    bad |= fclose(o->f);
    o->f = NULL;
    if (bad) {
        write_failed(o, errno, err, errlen);
        outfile_abort(o);
        return -1;
    }
    if (o->tmp[0] && rename(o->tmp, o->target)) {
        fail(err, errlen, o->path, strerror(errno));
        outfile_abort(o);
        return -1;
    }
    unregister_temp(o->slot);
    o->slot = -1;
    o->tmp[0] = '\0';
    committed = 1;
    return 0;
}

int outfile_committed(void)
{
    return committed;
}

void outfile_abort(outfile *o)
{
    if (o->f) fclose(o->f);
    o->f = NULL;
    if (o->tmp[0] && !o->anon) unlink(o->tmp);
    o->anon = 0;
    o->tmp[0] = '\0';
    unregister_temp(o->slot);
    o->slot = -1;
}

/* Where a path that does not exist would be: its directory resolved. */
static int resolve_new(const char *path, char *out)
{
    char dir[PATH_MAX], real[PATH_MAX];
    const char *slash = strrchr(path, '/');
    if (!slash) strcpy(dir, ".");
    else if (slash == path) strcpy(dir, "/");
    else snprintf(dir, sizeof dir, "%.*s", (int)(slash - path), path);
    if (!realpath(dir, real)) return -1;
    int w = snprintf(out, PATH_MAX, "%s/%s", real, slash ? slash + 1 : path);
    return w < 0 || w >= PATH_MAX ? -1 : 0;
}

int outfile_same(const char *a, const char *b)
{
    struct stat sa, sb;
    int ea = stat(a, &sa) == 0, eb = stat(b, &sb) == 0;
    if (ea && eb) return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino && S_ISREG(sa.st_mode);
    if (ea || eb) return 0;
    char ra[PATH_MAX], rb[PATH_MAX];
    if (resolve_new(a, ra) || resolve_new(b, rb)) return !strcmp(a, b);
    return !strcmp(ra, rb);
}

FILE *outfile_private(const char *path, int append)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC | O_NOCTTY | (append ? O_APPEND : O_TRUNC), 0600);
    if (fd < 0) return NULL;
    FILE *f = fdopen(fd, append ? "ab" : "wb");
    if (!f) {
        int e = errno;
        close(fd);
        errno = e;
    }
    return f;
}

int outfile_text(const char *path, const char *text, size_t n, char *err, size_t errlen)
{
    outfile o;
    if (outfile_open(&o, path, err, errlen)) return -1;
    if (outfile_write(&o, text, n, err, errlen) || outfile_commit(&o, err, errlen)) {
        outfile_abort(&o);
        return -1;
    }
    return 0;
}
