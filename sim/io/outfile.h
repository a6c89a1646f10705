/*
 * outfile.h - output files that are complete or absent.
 *
 * A regular file (or a symlink to one) is written to a new temporary file
 * beside its target and renamed over the target only when complete.  The
 * temporary has no name while it is written (O_TMPFILE, where the file
 * system has it; else mkstemp's, a name nobody can guess or plant), and
 * mode 0600: no other program, of this user or another, opens it by a path
 * while the run is in flight (it may hold a sealed run's seed).  At the
 * commit it gets
 * the mode of the file it replaces, or for a new file the mode the umask
 * gives (0600 in a run whose seed is sealed: outfile_secret), and its
 * name, so a failed or interrupted run leaves the old
 * file as it was.  A character device or a FIFO (/dev/null, /dev/stdout on
 * a pipe) is written in place (a FIFO that no program reads yet: a line on
 * stderr says the run waits for a reader, then it waits).  Anything else (a directory, a socket, a
 * dangling symlink, a file this user may not write) is refused before any
 * work, with a message naming the path.
 *
 * Temporary files are registered so that a signal handler can remove them
 * (outfile_remove_all_temps, async-signal-safe).  A process killed outright
 * (SIGKILL) cannot; its temporary file is named ".NAME.jamaica-HOST-PID.XXXXXX",
 * and the next outfile_open of NAME on that host removes every such file
 * whose process is gone, with a line on stderr.
 */
#ifndef SIM_OUTFILE_H
#define SIM_OUTFILE_H

#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>

typedef struct outfile {
    const char *path;          /* as given, for messages */
    char target[PATH_MAX];     /* what is replaced: the path, or a symlink's target */
    char tmp[PATH_MAX];        /* the temporary file ("" when written in place) */
    FILE *f;                   /* NULL when closed */
    int slot;                  /* in the signal handler's list; -1 if none */
    unsigned mode;             /* given the file at its commit */
    int anon;                  /* 1: the temporary has no name until its commit
                                  (O_TMPFILE); tmp is then the name's pattern */
} outfile;

/* Open path for writing.  0; or -1 and err ("cannot write 'PATH': why"),
 * nothing created. */
int outfile_open(outfile *o, const char *path, char *err, size_t errlen);
/* Could path be opened for writing (outfile_open's checks, before a long
 * run)?  0; or -1 and err.  A FIFO or a device is only checked for write
 * permission, not opened: a FIFO opened and closed here would end its
 * reader's input before the output came.  Opening a FIFO that no program
 * reads yet says on stderr that it waits for a reader, then waits. */
int outfile_probe(const char *path, char *err, size_t errlen);
/* Every output made after this call is private (0600): the run's seed is
 * sealed, and the outputs record it.  Without it a new output gets the
 * mode the umask gives (0666 less it); a replaced one keeps its own. */
void outfile_secret(void);
/* Has any output been written whole (committed) in this process? */
int outfile_committed(void);
mode_t outfile_new_mode(void);
/* Write n bytes; 0, or -1 and err naming the file. */
int outfile_write(outfile *o, const void *buf, size_t n, char *err, size_t errlen);
/* Flush and check the stream; 0, or -1 and err naming the file. */
int outfile_check(outfile *o, char *err, size_t errlen);
/* Flush, close and rename into place; 0, or -1 and err (the temporary file
 * removed, the target untouched). */
int outfile_commit(outfile *o, char *err, size_t errlen);
/* Close and remove the temporary file (no-op when closed). */
void outfile_abort(outfile *o);
/* path written whole with n bytes of text, or left as it was: 0, or -1
 * and err naming the file. */
int outfile_text(const char *path, const char *text, size_t n, char *err, size_t errlen);
/* Do a and b name the same regular file (or the same new file)?  Devices
 * may be named twice. */
int outfile_same(const char *a, const char *b);
/* Remove every registered temporary file; safe in a signal handler. */
void outfile_remove_all_temps(void);
/* Register another file for outfile_remove_all_temps (a checkpoint's log
 * before the first checkpoint vouches for it): its slot, or -1 when the
 * list is full; outfile_untrack(slot) takes it off (-1: no-op). */
int outfile_track(const char *path);
/* A file that grows in place (a checkpoint's log, appended to when append
 * is 1, else emptied), created 0600; NULL with errno. */
FILE *outfile_private(const char *path, int append);
void outfile_untrack(int slot);

#endif
