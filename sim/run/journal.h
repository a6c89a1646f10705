/*
 * journal.h - checkpoints of a long run, and resuming from one.
 *
 * Everything a run writes is a function of the games it consumed, in
 * order, and those games are a function of the run's options (harness.h).
 * So a checkpoint holds, for each harness run (a segment: sim and
 * tournament have one, a study one per configuration), what fixes its
 * games (its identity: seed, players, rules, agents, seatings, range), how
 * many it consumed, and the integer tallies they made; and, for a run
 * whose consumer keeps more than tallies (a tournament's standings, a
 * study's pairs, GAMES.csv rows), the games themselves as records in a log
 * beside it.  Resuming restores the tallies, or replays the records
 * through the same consumer, and goes on from the next game: the files
 * are those of the run that was never stopped.
 *
 * Files: the checkpoint PATH (replaced atomically: written under a
 * temporary name, fsync'd and renamed, with a checksum) and the log
 * PATH.log (appended; the checkpoint names the length and hash of the
 * part it vouches for, and a resume cuts the rest).  A run that ends
 * normally removes both after its outputs are in place.  Records are the
 * harness's own structs: a checkpoint resumes with the build that made it.
 *
 * Only the process that writes the outputs (MPI rank 0) has a journal.
 */
#ifndef SIM_RUN_JOURNAL_H
#define SIM_RUN_JOURNAL_H

#include <stddef.h>
#include <stdint.h>

#include "../io/record.h"

typedef struct journal journal;

/* What a segment has consumed: its games, decisions and faults, and the
 * harness's tallies (opaque bytes of a fixed size). */
typedef struct journal_state {
    uint64_t done, decisions, faults;
    const void *tallies;
    size_t tally_size;
} journal_state;

/* Open the journal of `command` at path, checkpointing every `every`
 * seconds (0: never; a resume still reads), with tallies of tally_size
 * bytes.  Without resume a checkpoint
 * at path is refused (it holds an interrupted run's games); with resume it
 * is read and checked (its checksum, its command, its log), or, when there
 * is none, the run starts afresh with a line saying so.  0; or 2 with why
 * in err (a usage error: nothing written). */
int journal_open(journal **j, const char *command, const char *path, double every, int resume, size_t tally_size,
                 char *err, size_t errlen);
/* The checkpoint's path. */
const char *journal_path(const journal *j);
/* The seconds between checkpoints (0: none). */
double journal_every(const journal *j);

/* A harness run starts (its games logged when log is set): the next
 * segment of the checkpoint being resumed, checked against id (what fixes
 * its games, "key value" lines: sim_identity), or a new one.  *st gets what it had consumed (done 0 for a new one; its tallies
 * copied into st->tallies' buffer when it was not logged).  *replay: its
 * games are to be replayed from the log (journal_next), done of them.
 * 0; or 2 with why (the checkpoint is of another run, naming what
 * differs); -1 on an I/O error. */
int journal_begin(journal *j, const char *id, int log, journal_state *st, void *tallies, int *replay, char *err,
                  size_t errlen);
/* The next logged game of the segment being resumed; 0, or -1 (the log
 * is short: err says so). */
int journal_next(journal *j, sim_game *r, char *err, size_t errlen);
/* Log one consumed game (segments that log). */
void journal_log(journal *j, const sim_game *r);
/* Is a checkpoint due (`every` seconds since the last)? */
int journal_due(const journal *j);
/* Write the checkpoint: the finished segments and this one's state.
 * 0; or -1 with why (the last good checkpoint is left as it was). */
int journal_save(journal *j, const journal_state *st, char *err, size_t errlen);
/* This segment is finished with *st (kept for the later checkpoints). */
void journal_end(journal *j, const journal_state *st);
/* Is there a checkpoint: one this run wrote, or the one it resumed? */
int journal_has_checkpoint(const journal *j);
/* The games the last checkpoint written or read holds (0: none). */
uint64_t journal_saved_games(const journal *j);
/* Close: keep leaves the checkpoint and log for a resume; otherwise (the
 * outputs are in place) both are removed.  NULL is a no-op. */
void journal_close(journal *j, int keep);

/* What fixes the run's games, as a checkpoint names it: "key value" lines
 * (seed, players, rules, agents, rotate, first-game, games, seatings, and
 * games-csv: whether its games are logged); NULL when out of memory.  The
 * caller frees it. */
struct sim_config;
char *sim_identity(const struct sim_config *c, int logs);

#endif
