/*
 * journal.c - checkpoints of a long run (see journal.h).
 *
 * The checkpoint is text, one item a line, ending in a checksum of the
 * lines before it:
 *
 *   jamaica checkpoint 1
 *   command sim
 *   build RECORD_BYTES TALLY_BYTES
 *   log LENGTH HASH                 the part of PATH.log it vouches for
 *   segment                         one per harness run, in order
 *   seed 1                          ... its identity (key value) ...
 *   state DONE DECISIONS FAULTS     what it consumed
 *   tallies HEX                     the harness's tallies
 *   end
 *   sum HASH
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../../agents/value.h"
#include "../io/outfile.h"
#include "config.h"
#include "journal.h"
#include "timing.h"

#define HASH_INIT 0xcbf29ce484222325ULL
#define HASH_PRIME 0x100000001b3ULL

/* FNV-1a over bytes (the checkpoint's text). */
static uint64_t hash_bytes(uint64_t h, const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++) h = (h ^ b[i]) * HASH_PRIME;
    return h;
}

/* The log's hash: FNV-1a's step over 8-byte words (a record is a whole
 * number of them), eight times fewer multiplications than over bytes. */
static uint64_t hash_words(uint64_t h, const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t i = 0; i + 8 <= n; i += 8) {
        uint64_t w;
        memcpy(&w, b + i, 8);
        h = (h ^ w) * HASH_PRIME;
    }
    return h;
}

_Static_assert(sizeof(sim_game) % 8 == 0, "a log record is whole 8-byte words");

typedef struct segment {
    char *id;                 /* its identity: "key value" lines */
    int logs;                 /* its games are in the log */
    uint64_t done, decisions, faults;
    unsigned char *tallies;
} segment;

struct journal {
    char command[64];
    char path[PATH_MAX], log_path[PATH_MAX];
    double every, last;       /* seconds between checkpoints; the clock at the last */
    size_t tally_size;
    segment *old;             /* the checkpoint being resumed */
    int nold;
    segment *seg;             /* this run's segments: finished ones, then the current */
    int nseg, cap;
    FILE *logr, *logw;        /* the log, replayed and appended */
    uint64_t log_bytes, log_hash, replay_left;
    uint64_t saved;           /* games in the last checkpoint written or read */
    int wrote, found;         /* this run wrote a checkpoint; it found one to resume */
    int log_slot;             /* the log, removed by a second stop signal until a
                                 checkpoint vouches for it (outfile_track); -1 */
};

const char *journal_path(const journal *j)
{
    return j->path;
}

double journal_every(const journal *j)
{
    return j->every;
}

int journal_has_checkpoint(const journal *j)
{
    return j->wrote || j->found;
}

uint64_t journal_saved_games(const journal *j)
{
    return j ? j->saved : 0;
}

/* ---------------------------------------------------------------- text */

typedef struct text {
    char *s;
    size_t n, cap;
    int oom;
} text;

static void put(text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(text *t, const char *fmt, ...)
{
    va_list ap;
    for (;;) {
        va_start(ap, fmt);
        int k = t->oom ? 0 : vsnprintf(t->s ? t->s + t->n : NULL, t->s ? t->cap - t->n : 0, fmt, ap);
        va_end(ap);
        if (t->oom || (t->s && t->n + (size_t)k < t->cap)) {
            t->n += t->oom ? 0 : (size_t)k;
            return;
        }
        size_t cap = (t->cap + (size_t)k + 1) * 2;
        char *s = realloc(t->s, cap);
        if (!s) {
            t->oom = 1;
            return;
        }
        t->s = s;
        t->cap = cap;
    }
}

/* ---------------------------------------------------------------- identity */

/* The first line where identities a (the checkpoint's) and b (this run's)
 * differ, as a message. */
static void differs(const char *a, const char *b, char *err, size_t errlen, const char *path)
{
    while (*a && *b) {
        size_t la = strcspn(a, "\n"), lb = strcspn(b, "\n");
        if (la != lb || memcmp(a, b, la)) {
            size_t key = strcspn(a, " ");
            if (key > la) key = la;
            if (!strncmp(a, "games-csv ", 10))
                snprintf(err, errlen,
                         "--resume: checkpoint '%s' is of a run %s its games (a GAMES.csv, a tournament or a study); "
                         "this one %s",
                         path, a[10] == '1' ? "that logged" : "that did not log", a[10] == '1' ? "does not" : "does");
            else
                snprintf(err, errlen, "--resume: checkpoint '%s' is of another run: its --%.*s is '%.*s', this run's '%.*s'",
                         path, (int)key, a, (int)(la - key - (key < la)), a + key + (key < la),
                         (int)(lb - key - (key < lb)), b + key + (key < lb));
            return;
        }
        a += la + (a[la] == '\n');
        b += lb + (b[lb] == '\n');
    }
    snprintf(err, errlen, "--resume: checkpoint '%s' is of another run (its agents differ)", path);
}

/* ---------------------------------------------------------------- reading */

static void free_segments(segment *s, int n)
{
    for (int i = 0; i < n; i++) {
        free(s[i].id);
        free(s[i].tallies);
    }
    free(s);
}

static int hexval(int c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* The checkpoint's text (NUL-terminated, modified) into j->old; the log's
 * length and hash.  0, or -1 with why. */
static int parse(journal *j, char *s, uint64_t *log_len, uint64_t *log_hash, char *err, size_t errlen)
{
    char *sum = strstr(s, "\nsum ");
    unsigned long long want;
    if (!sum || sscanf(sum + 5, "%llx", &want) != 1 || hash_bytes(HASH_INIT, s, (size_t)(sum - s + 1)) != want) {
        snprintf(err, errlen, "--resume: checkpoint '%s' is damaged (its checksum does not match)", j->path);
        return -1;
    }
    sum[1] = '\0';
    char cmd[64] = "";
    unsigned long long rec = 0, tal = 0, len = 0, h = 0;
    if (sscanf(s, "jamaica checkpoint 1\ncommand %63s\nbuild %llu %llu\nlog %llu %llx\n", cmd, &rec, &tal, &len, &h) != 5) {
        snprintf(err, errlen, "--resume: '%s' is not a checkpoint of this version", j->path);
        return -1;
    }
    if (strcmp(cmd, j->command)) {
        snprintf(err, errlen, "--resume: checkpoint '%s' is of 'jamaica %s', not of 'jamaica %s'", j->path, cmd,
                 j->command);
        return -1;
    }
    if (rec != sizeof(sim_game) || tal != j->tally_size) {
        snprintf(err, errlen, "--resume: checkpoint '%s' was made by another build of jamaica", j->path);
        return -1;
    }
    *log_len = len;
    *log_hash = h;
    for (char *p = strstr(s, "\nsegment\n"); p; p = strstr(p, "\nsegment\n")) {
        p += 9;
        char *st = strstr(p, "state ");
        char *tl = st ? strstr(st, "\ntallies ") : NULL;
        char *end = tl ? strstr(tl, "\nend\n") : NULL;
        segment *g = realloc(j->old, (size_t)(j->nold + 1) * sizeof *g);
        if (!g) goto oom;
        j->old = g;
        g = &j->old[j->nold];
        memset(g, 0, sizeof *g);
        j->nold++;
        unsigned long long d, dec, f;
        if (!end || sscanf(st, "state %llu %llu %llu", &d, &dec, &f) != 3 ||
            (size_t)(end - tl - 9) != 2 * j->tally_size) {
            snprintf(err, errlen, "--resume: checkpoint '%s' is damaged (segment %d)", j->path, j->nold);
            return -1;
        }
        g->done = d;
        g->decisions = dec;
        g->faults = f;
        g->id = strndup(p, (size_t)(st - p));
        g->tallies = malloc(j->tally_size);
        if (!g->id || !g->tallies) goto oom;
        g->logs = strstr(g->id, "\ngames-csv 1\n") != NULL;
        for (size_t i = 0; i < j->tally_size; i++) {
            int hi = hexval(tl[9 + 2 * i]), lo = hexval(tl[10 + 2 * i]);
            if (hi < 0 || lo < 0) {
                snprintf(err, errlen, "--resume: checkpoint '%s' is damaged (segment %d)", j->path, j->nold);
                return -1;
            }
            g->tallies[i] = (unsigned char)(hi << 4 | lo);
        }
        j->saved += g->done;
        p = end;
    }
    return 0;
oom:
    snprintf(err, errlen, "out of memory");
    return -1;
}

/* The log's first len bytes checked against hash, the rest cut, and the
 * log opened for the replay.  0, or -1. */
static int open_log_for_replay(journal *j, uint64_t len, uint64_t hash, char *err, size_t errlen)
{
    j->log_bytes = len;
    j->log_hash = HASH_INIT;
    if (!len) return 0;
    j->logr = fopen(j->log_path, "rb");
    if (!j->logr) {
        snprintf(err, errlen, "--resume: cannot read the checkpoint's log '%s': %s", j->log_path, strerror(errno));
        return -1;
    }
    static unsigned char buf[1 << 16];
    uint64_t left = len;
    while (left) {
        size_t want = left < sizeof buf ? (size_t)left : sizeof buf, got = fread(buf, 1, want, j->logr);
        j->log_hash = hash_words(j->log_hash, buf, got);
        left -= got;
        if (got < want) break;
    }
    if (left || j->log_hash != hash) {
        snprintf(err, errlen, "--resume: the checkpoint's log '%s' is %s", j->log_path,
                 left ? "shorter than the checkpoint says" : "damaged (its hash does not match)");
        return -1;
    }
    if (truncate(j->log_path, (off_t)len)) {
        snprintf(err, errlen, "--resume: cannot cut '%s' to its checkpoint: %s", j->log_path, strerror(errno));
        return -1;
    }
    rewind(j->logr);
    return 0;
}

/* Read the checkpoint being resumed; 1 when there is none. */
static int load(journal *j, char *err, size_t errlen)
{
    FILE *f = fopen(j->path, "rb");
    if (!f && errno == ENOENT) return 1;
    j->found = 1;
    if (!f) {
        snprintf(err, errlen, "--resume: cannot read checkpoint '%s': %s", j->path, strerror(errno));
        return -1;
    }
    text t = {0};
    char buf[4096];
    size_t got;
    while ((got = fread(buf, 1, sizeof buf, f)) > 0) put(&t, "%.*s", (int)got, buf);
    int bad = ferror(f) || t.oom || !t.s;
    fclose(f);
    if (bad) {
        free(t.s);
        snprintf(err, errlen, "--resume: cannot read checkpoint '%s'", j->path);
        return -1;
    }
    uint64_t len = 0, h = 0;
    int rc = parse(j, t.s, &len, &h, err, errlen);
    free(t.s);
    if (!rc) rc = open_log_for_replay(j, len, h, err, errlen);
    return rc;
}

/* ---------------------------------------------------------------- open */

int journal_open(journal **out, const char *command, const char *path, double every, int resume, size_t tally_size,
                 char *err, size_t errlen)
{
    *out = NULL;
    journal *j = calloc(1, sizeof *j);
    if (!j) {
        snprintf(err, errlen, "out of memory");
        return 2;
    }
    snprintf(j->command, sizeof j->command, "%s", command);
    if (snprintf(j->path, sizeof j->path, "%s", path) >= (int)sizeof j->path ||
        snprintf(j->log_path, sizeof j->log_path, "%s.log", path) >= (int)sizeof j->log_path) {
        snprintf(err, errlen, "checkpoint path too long: '%s'", path);
        free(j);
        return 2;
    }
    j->every = every;
    j->last = timing_seconds();
    j->log_hash = HASH_INIT;
    j->log_slot = -1;
    j->tally_size = tally_size;
    struct stat sb;
    if (!resume && stat(j->path, &sb) == 0) {
        snprintf(err, errlen,
                 "checkpoint '%s' holds an interrupted run: --resume goes on from it (remove it to start afresh)",
                 j->path);
        free(j);
        return 2;
    }
    int rc = resume ? load(j, err, errlen) : 1;
    if (rc < 0) {
        journal_close(j, 1);
        return 2;
    }
    if (rc == 1 && resume)
        fprintf(stderr, "jamaica: no checkpoint '%s': starting from the first game\n", j->path);
    *out = j;
    return 0;
}

/* ---------------------------------------------------------------- segments */

int journal_begin(journal *j, const char *id, int log, journal_state *st, void *tallies, int *replay, char *err,
                  size_t errlen)
{
    *replay = 0;
    memset(st, 0, sizeof *st);
    st->tallies = tallies;
    st->tally_size = j->tally_size;
    if (j->nseg == j->cap) {
        int cap = j->cap ? 2 * j->cap : 8;
        segment *s = realloc(j->seg, (size_t)cap * sizeof *s);
        if (!s) {
            snprintf(err, errlen, "out of memory");
            return -1;
        }
        j->seg = s;
        j->cap = cap;
    }
    segment *g = &j->seg[j->nseg];
    memset(g, 0, sizeof *g);
    g->logs = log && (j->every > 0 || j->nold > j->nseg);
    g->id = strdup(id);
    g->tallies = calloc(1, j->tally_size);
    if (!g->id || !g->tallies) {
        free(g->id);
        free(g->tallies);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    j->nseg++;
    if (j->nseg <= j->nold) {
        const segment *o = &j->old[j->nseg - 1];
        if (strcmp(o->id, g->id)) {
            differs(o->id, g->id, err, errlen, j->path);
            return 2;
        }
        st->done = o->done;
        st->decisions = o->decisions;
        st->faults = o->faults;
        if (o->logs) {
            *replay = 1;
            j->replay_left = o->done;
        } else {
            memcpy(tallies, o->tallies, j->tally_size);
        }
    }
    if (g->logs && j->every > 0 && !j->logw) {
        j->logw = outfile_private(j->log_path, j->log_bytes != 0);
        if (!j->logw) {
            snprintf(err, errlen, "cannot write '%s': %s", j->log_path, strerror(errno));
            return 2;
        }
        if (!j->found) j->log_slot = outfile_track(j->log_path);
    }
    return 0;
}

int journal_next(journal *j, sim_game *r, char *err, size_t errlen)
{
    if (!j->replay_left || !j->logr || fread(r, sizeof *r, 1, j->logr) != 1) {
        snprintf(err, errlen, "the checkpoint's log '%s' ended early", j->log_path);
        return -1;
    }
    j->replay_left--;
    return 0;
}

void journal_log(journal *j, const sim_game *r)
{
    if (!j->logw || !j->seg[j->nseg - 1].logs) return;
    fwrite(r, sizeof *r, 1, j->logw);
    j->log_hash = hash_words(j->log_hash, r, sizeof *r);
    j->log_bytes += sizeof *r;
}

int journal_due(const journal *j)
{
    return j->every > 0 && timing_seconds() - j->last >= j->every;
}

static void keep_state(journal *j, const journal_state *st)
{
    segment *g = &j->seg[j->nseg - 1];
    g->done = st->done;
    g->decisions = st->decisions;
    g->faults = st->faults;
    memcpy(g->tallies, st->tallies, j->tally_size);
}

void journal_end(journal *j, const journal_state *st)
{
    keep_state(j, st);
}

/* ---------------------------------------------------------------- writing */

static void put_segment(text *t, const segment *g, size_t tally_size)
{
    put(t, "segment\n%sstate %llu %llu %llu\ntallies ", g->id, (unsigned long long)g->done,
        (unsigned long long)g->decisions, (unsigned long long)g->faults);
    for (size_t i = 0; i < tally_size; i++) put(t, "%02x", g->tallies[i]);
    put(t, "\nend\n");
}

int journal_save(journal *j, const journal_state *st, char *err, size_t errlen)
{
    if (j->every <= 0) return 0; /* no new checkpoints: the one resumed stays */
    j->last = timing_seconds();
    keep_state(j, st);
    /* The log first: the checkpoint vouches only for what is on disk. */
    if (j->logw) {
        errno = 0;
        if (fflush(j->logw) || ferror(j->logw) || fsync(fileno(j->logw))) {
            snprintf(err, errlen, "cannot write the checkpoint's log '%s': %s", j->log_path,
                     errno ? strerror(errno) : "write error");
            return -1;
        }
    }
    text t = {0};
    put(&t, "jamaica checkpoint 1\ncommand %s\nbuild %zu %zu\nlog %llu %016llx\n", j->command, sizeof(sim_game),
        j->tally_size, (unsigned long long)j->log_bytes, (unsigned long long)j->log_hash);
    uint64_t games = 0;
    for (int i = 0; i < j->nseg; i++) {
        put_segment(&t, &j->seg[i], j->tally_size);
        games += j->seg[i].done;
    }
    put(&t, "sum %016llx\n", (unsigned long long)hash_bytes(HASH_INIT, t.s, t.n));
    if (t.oom) {
        free(t.s);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    outfile of = {.slot = -1};
    int rc = outfile_open(&of, j->path, err, errlen) || outfile_write(&of, t.s, t.n, err, errlen) ||
             outfile_commit(&of, err, errlen);
    outfile_abort(&of);
    free(t.s);
    if (rc) return -1;
    j->saved = games;
    j->wrote = 1;
    outfile_untrack(j->log_slot);
    j->log_slot = -1;
    return 0;
}

void journal_close(journal *j, int keep)
{
    if (!j) return;
    outfile_untrack(j->log_slot);
    if (j->logr) fclose(j->logr);
    if (j->logw) fclose(j->logw);
    if (!keep) {
        unlink(j->path);
        unlink(j->log_path);
    } else if (!j->wrote && !j->found) {
        unlink(j->log_path); /* a log no checkpoint vouches for */
    }
    free_segments(j->old, j->nold);
    free_segments(j->seg, j->nseg);
    free(j);
}

/* ---------------------------------------------------------------- the run's identity */

/* A value on one line: backslashes and line breaks escaped. */
static void put_value(FILE *f, const char *v)
{
    for (; *v; v++) {
        if (*v == '\\') fputs("\\\\", f);
        else if (*v == '\n') fputs("\\n", f);
        else fputc(*v, f);
    }
}

char *sim_identity(const sim_config *c, int logs)
{
    char *s = NULL, rules[256];
    size_t n = 0;
    FILE *f = open_memstream(&s, &n);
    if (!f) return NULL;
    jm_rules_format(&c->rules, rules, sizeof rules);
    /* A sealed seed by a one-way digest of it: the checkpoint, a file any
     * program of this user could read, never holds the seed itself (the
     * resuming command gives it again). */
    char seed[JM_SEED_TEXT];
    if (c->seed.sealed) snprintf(seed, sizeof seed, "sealed-digest:%016llx", (unsigned long long)jm_seed_digest(&c->seed));
    else jm_seed_format(&c->seed, seed, sizeof seed);
    fprintf(f, "seed %s\nplayers %d\nrules ", seed, c->players);
    put_value(f, rules);
    for (int k = 0; k < sim_nspecs(c); k++) {
        fputs("\nagents ", f);
        put_value(f, c->specs[k]);
    }
    /* The seating plan by its FNV-1a hash. */
    uint64_t h = 0xcbf29ce484222325ULL;
    const unsigned char *b = (const unsigned char *)c->seating;
    for (size_t i = 0; c->nseatings && i < (size_t)c->nseatings * sizeof c->seating[0]; i++)
        h = (h ^ b[i]) * 0x100000001b3ULL;
    fprintf(f, "\nrotate %d\nfirst-game %llu\ngames %llu\nseatings %d %016llx\ngames-csv %d\n", c->rotate,
            (unsigned long long)c->first_game, (unsigned long long)c->games, c->nseatings, (unsigned long long)h, logs);
    if (c->luck) { /* the corrections are in the tallies: a checkpoint resumes under the same V */
        fputs("luck ", f);
        put_value(f, c->luck->name);
        if (c->luck->kind == VALUE_FIT) fprintf(f, "@%016llx", (unsigned long long)c->luck->fit.hash); /* the file's bytes */
        fputc('\n', f);
    }
    if (fclose(f)) {
        free(s);
        return NULL;
    }
    return s;
}

