/*
 * seed_keep.c - a drawn seed kept for --resume (options.h): `--seed
 * random` in a command that checkpoints writes the seed it drew, when its
 * run starts (its checkpoint opened), to CHECKPOINT.seed (mode 0600, a new
 * file renamed into place), and says so in a line on stderr; the same
 * command with --resume reads it back instead of drawing another, so a run killed by SIGKILL goes on with
 * its seed.  No program sees the file (its sandbox covers it), and it goes
 * when the run has ended (its checkpoint gone).
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../../agents/agent.h"
#include "../run/mpi.h"
#include "cli.h"
#include "options.h"

static char kept[PATH_MAX + 16], ckpt[PATH_MAX + 8];
static jm_seed keep; /* the seed to keep there */
static int written;  /* the file is there (opt_keep_seed_now) */

static const opt *find(const opt_table *t, const char *name)
{
    for (int i = 0; i < t->n; i++)
        if (!strcmp(t->opts[i].name, name)) return &t->opts[i];
    return NULL;
}

static void *at(void *out, const opt *o)
{
    return (char *)out + o->offset;
}

/* The checkpoint path as cli_journal_open() makes it: --checkpoint, or
 * --out's with ".checkpoint" added; 0, or -1 when there is none. */
static int checkpoint_path(const opt_table *t, void *out)
{
    const opt *c = find(t, "checkpoint"), *o = find(t, "out");
    const char *p = c ? *(const char **)at(out, c) : NULL;
    if (p) return snprintf(ckpt, sizeof ckpt, "%s", p) < (int)sizeof ckpt ? 0 : -1;
    const char *v = o ? *(const char **)at(out, o) : NULL;
    struct stat st;
    if (!v || !*v || (stat(v, &st) == 0 && !S_ISREG(st.st_mode))) return -1;
    return snprintf(ckpt, sizeof ckpt, "%s.checkpoint", v) < (int)sizeof ckpt ? 0 : -1;
}

static int write_kept(const jm_seed *seed)
{
    char tmp[sizeof kept + 16], text[JM_SEED_TEXT];
    snprintf(tmp, sizeof tmp, "%s.%ld", kept, (long)getpid());
    unlink(tmp);
    int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0600);
    if (fd < 0) return -1;
    jm_seed_format(seed, text, sizeof text);
    size_t n = strlen(text);
    text[n++] = '\n';
    int bad = fchmod(fd, 0600) || write(fd, text, n) != (ssize_t)n || fsync(fd);
    if (close(fd) || bad || rename(tmp, kept)) {
        unlink(tmp);
        return -1;
    }
    return 0;
}

static int read_kept(jm_seed *seed)
{
    struct stat st;
    int fd = open(kept, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
    if (fd < 0) return -1;
    char line[128];
    ssize_t n = fstat(fd, &st) ? -1 : read(fd, line, sizeof line - 1);
    close(fd);
    if (n <= 0 || !S_ISREG(st.st_mode) || (st.st_mode & 077) || st.st_uid != geteuid()) return -2;
    line[n] = '\0';
    line[strcspn(line, "\n")] = '\0';
    return jm_seed_parse(line, seed) || !seed->sealed ? -2 : 0;
}

static void remove_when_done(void)
{
    if (*kept && access(ckpt, F_OK) != 0) unlink(kept); /* the run ended: its outputs record the seed */
}

int opt_keep_drawn_seed(const opt_table *t, void *out, jm_seed *drawn)
{
    const opt *s = find(t, "seed"), *r = find(t, "resume");
    if (!s || !r || sim_mpi_rank() != 0 || checkpoint_path(t, out)) return 0;
    snprintf(kept, sizeof kept, "%s.seed", ckpt);
    jm_seed *field = at(out, s);
    if (*(int *)at(out, r)) {
        jm_seed old;
        int got = read_kept(&old);
        if (got == -2)
            return cli_usage_error("the kept seed '%s' is not a seed file of this user's, mode 0600", kept);
        if (got == 0) {
            old.secret = 1;
            *field = *drawn = old;
        }
    }
    keep = *field;
    agent_seal_programs(kept);
    return 0;
}

int opt_keep_seed_now(void)
{
    if (!*kept || written) return 0;
    if (access(kept, F_OK) != 0) {
        if (write_kept(&keep))
            return cli_usage_error("cannot keep the drawn seed in '%s': %s", kept, strerror(errno));
        fprintf(stderr, "jamaica: the drawn seed is kept in '%s' (mode 0600) until the run ends: after a crash, "
                "the same command with --resume goes on with it\n", kept);
    }
    written = 1;
    atexit(remove_when_done);
    return 0;
}

const char *opt_kept_seed(void)
{
    return written ? kept : NULL;
}
