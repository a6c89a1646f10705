/* checkpoint.c - the checkpoint options and their journal (see checkpoint.h). */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

#include "../io/outfile.h"
#include "../run/harness.h"
#include "../run/mpi.h"
#include "../run/tally.h"
#include "checkpoint.h"
#include "cli.h"

int cli_parse_seconds(const char *v, void *field)
{
    char *end;
    errno = 0;
    double s = strtod(v, &end);
    if (!*v || *end || errno || !(s >= 0 && s <= 1e6)) {
        cli_usage_error("bad --checkpoint-every '%s' (seconds from 0 to 1000000; 0: no checkpoints)", v);
        return -1;
    }
    *(double *)field = s;
    return 0;
}

/* The default checkpoint path, OUT.checkpoint, when OUT is a regular file
 * or a new one; 0, or -1 (a device or a FIFO: no checkpoints). */
static int default_path(const char *out, char *buf, size_t n)
{
    struct stat sb;
    if (stat(out, &sb) == 0 && !S_ISREG(sb.st_mode)) return -1;
    return snprintf(buf, n, "%s.checkpoint", out) < (int)n ? 0 : -1;
}

int cli_journal_open(const ckpt_opts *o, const char *command, const char *const *outs, int n, journal **j)
{
    *j = NULL;
    char path[PATH_MAX] = "", log[PATH_MAX + 8], err[1024];
    int on = o->every > 0 || o->resume, rc = 0;
    if (on && !o->path && default_path(outs[0], path, sizeof path)) on = 0;
    snprintf(log, sizeof log, "%s.log", o->path ? o->path : path);
    for (int i = 0; on && i < n && !rc; i++)
        if (outs[i] && (outfile_same(outs[i], o->path ? o->path : path) || outfile_same(outs[i], log)))
            rc = cli_usage_error("--checkpoint '%s' names an output, '%s'", o->path ? o->path : path, outs[i]);
    if (on && !rc && sim_mpi_rank() == 0 &&
        journal_open(j, command, o->path ? o->path : path, o->every, o->resume, sim_tally_bytes(), err, sizeof err))
        rc = cli_usage_error("%s", err);
    if (!rc && on && sim_mpi_rank() == 0) rc = opt_keep_seed_now();
    if (sim_mpi_any(rc != 0)) {
        journal_close(*j, 1);
        *j = NULL;
        return 2;
    }
    return 0;
}

void cli_journal_kept(const journal *j)
{
    if (!j || !journal_saved_games(j)) return;
    const char *kept = opt_kept_seed();
    fprintf(stderr, "jamaica: checkpoint '%s' holds %llu games: the same command with --resume goes on%s%s%s\n",
            journal_path(j), (unsigned long long)journal_saved_games(j),
            kept ? " with the drawn seed, kept in '" : "", kept ? kept : "", kept ? "'" : "");
}
