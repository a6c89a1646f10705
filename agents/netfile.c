/*
 * netfile.c - reading a network file (docs/NETWORK.md).
 *
 * The layout is safetensors': an 8-byte little-endian length N, N bytes of
 * JSON (the header), then the tensors' bytes.  The header maps each tensor
 * name to {"dtype": "F32", "shape": [...], "data_offsets": [begin, end]}
 * (offsets into the bytes after the header, which the tensors cover with no
 * gap), and "__metadata__" to an object of strings: what the network is
 * and what it was made for.  Everything is checked before a byte is used:
 * a file that passes loads a network that evaluates; one that does not is
 * one line naming the file and the fault.
 */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "nnet.h"
#include "vnet.h"

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "netfile.c reads little-endian floats as they are: a big-endian host needs a byte swap here"
#endif

#define HEADER_MAX (1 << 20)        /* a header longer than this is no network's */
#define FILE_MAX (64L << 20)        /* nor a file longer than this */
#define MAX_TENSORS (6 * (JM_MAX_PLAYERS - 1)) /* a value file of every player count (vnet.h) */

typedef struct tensor {
    char name[32];
    int rank, shape[2];
    long begin, end;
} tensor;

typedef struct header {
    tensor t[MAX_TENSORS];
    int nt;
    char format[32], format_version[16], arch[16], obs_version[16], obs_size[16];
    char ids_version[16], ids[16], values[16], hidden[64];
    char command[NN_META_MAX], generation[32], seats[16], variant[NN_META_MAX];
    /* a value file's (vnet.h) */
    char features_version[16], features[16], players[32], rules[NN_META_MAX], agents[NN_META_MAX];
    char fit_seed[64], fit_games[64];
} header;

/* The JSON reader: a cursor over the header's bytes. */
typedef struct cursor {
    const char *p, *end;
    char why[160];
} cursor;

static int fail(cursor *c, const char *fmt, ...)
{
    if (!c->why[0]) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(c->why, sizeof c->why, fmt, ap);
        va_end(ap);
        /* The file's own strings go into the reason: keep it one printable
         * line whatever bytes they hold. */
        for (char *q = c->why; *q; q++)
            if ((unsigned char)*q < 0x20 || *q == 0x7f) *q = '?';
    }
    return -1;
}

static void skip_ws(cursor *c)
{
    while (c->p < c->end && (*c->p == ' ' || *c->p == '\t' || *c->p == '\n' || *c->p == '\r')) c->p++;
}

static int expect(cursor *c, char ch)
{
    skip_ws(c);
    if (c->p >= c->end || *c->p != ch) return fail(c, "the header is not JSON (expected '%c')", ch);
    c->p++;
    return 0;
}

/* A hex digit's value, or -1. */
static int hex_digit(char ch)
{
    return ch >= '0' && ch <= '9' ? ch - '0' : ch >= 'a' && ch <= 'f' ? ch - 'a' + 10
         : ch >= 'A' && ch <= 'F' ? ch - 'A' + 10 : -1;
}

/* A JSON string into buf (cut to len - 1 bytes: too long is a fault);
 * escapes \" \\ \/ \b \f \n \r \t and \u00XX. */
static int string(cursor *c, char *buf, size_t len)
{
    size_t k = 0;
    if (expect(c, '"')) return -1;
    while (c->p < c->end && *c->p != '"') {
        char ch = *c->p++;
        if ((unsigned char)ch < 0x20) return fail(c, "the header is not JSON (a control character in a string)");
        if (ch == '\\') {
            if (c->p >= c->end) break;
            char e = *c->p++;
            if (e == 'n') ch = '\n';
            else if (e == 't') ch = '\t';
            else if (e == 'r') ch = '\r';
            else if (e == 'b') ch = '\b';
            else if (e == 'f') ch = '\f';
            else if (e == '"' || e == '\\' || e == '/') ch = e;
            else if (e == 'u' && c->end - c->p >= 4 && !strncmp(c->p, "00", 2)) {
                int hi = hex_digit(c->p[2]), lo = hex_digit(c->p[3]); /* the buffer ends unterminated: no sscanf */
                if (hi < 0 || lo < 0) return fail(c, "the header is not JSON (a bad \\u escape)");
                ch = (char)(hi << 4 | lo);
                c->p += 4;
            } else {
                return fail(c, "the header has an escape this reader does not take (\\%c)", e);
            }
        }
        if (k + 1 >= len) return fail(c, "a string of the header is too long");
        buf[k++] = ch;
    }
    if (c->p >= c->end) return fail(c, "the header is not JSON (a string does not end)");
    c->p++;
    buf[k] = '\0';
    return 0;
}

/* A non-negative integer. */
static int number(cursor *c, long *v)
{
    skip_ws(c);
    if (c->p >= c->end || *c->p < '0' || *c->p > '9') return fail(c, "the header is not JSON (expected a number)");
    long x = 0;
    while (c->p < c->end && *c->p >= '0' && *c->p <= '9') {
        if (x > FILE_MAX) return fail(c, "a number in the header is too large");
        x = x * 10 + (*c->p++ - '0');
    }
    *v = x;
    return 0;
}

/* '[' n, n, ... ']' into v[0..*n), at most max. */
static int numbers(cursor *c, long *v, int *n, int max)
{
    *n = 0;
    if (expect(c, '[')) return -1;
    skip_ws(c);
    if (c->p < c->end && *c->p == ']') {
        c->p++;
        return 0;
    }
    for (;;) {
        if (*n == max) return fail(c, "an array in the header is too long");
        if (number(c, &v[(*n)++])) return -1;
        skip_ws(c);
        if (c->p < c->end && *c->p == ',') {
            c->p++;
            continue;
        }
        return expect(c, ']');
    }
}

/* Whether the next token closes an object, or a comma comes (consumed). */
static int more(cursor *c, int *done)
{
    skip_ws(c);
    if (c->p < c->end && *c->p == '}') {
        c->p++;
        *done = 1;
        return 0;
    }
    *done = 0;
    return 0;
}

static int comma_or_end(cursor *c, int *done)
{
    skip_ws(c);
    if (c->p < c->end && *c->p == ',') {
        c->p++;
        *done = 0;
        return 0;
    }
    if (expect(c, '}')) return -1;
    *done = 1;
    return 0;
}

static int metadata(cursor *c, header *h)
{
    struct { const char *key; char *to; size_t len; } known[] = {
        {"format", h->format, sizeof h->format},
        {"format_version", h->format_version, sizeof h->format_version},
        {"arch", h->arch, sizeof h->arch},
        {"obs_version", h->obs_version, sizeof h->obs_version},
        {"obs_size", h->obs_size, sizeof h->obs_size},
        {"action_ids_version", h->ids_version, sizeof h->ids_version},
        {"action_ids", h->ids, sizeof h->ids},
        {"values", h->values, sizeof h->values},
        {"hidden", h->hidden, sizeof h->hidden},
        {"command", h->command, sizeof h->command},
        {"generation", h->generation, sizeof h->generation},
        {"seats", h->seats, sizeof h->seats},
        {"variant", h->variant, sizeof h->variant},
        {"features_version", h->features_version, sizeof h->features_version},
        {"features", h->features, sizeof h->features},
        {"players", h->players, sizeof h->players},
        {"rules", h->rules, sizeof h->rules},
        {"agents", h->agents, sizeof h->agents},
        {"fit_seed", h->fit_seed, sizeof h->fit_seed},
        {"fit_games", h->fit_games, sizeof h->fit_games},
    };
    int done;
    if (expect(c, '{') || more(c, &done)) return -1;
    while (!done) {
        char key[64], val[NN_META_MAX];
        if (string(c, key, sizeof key) || expect(c, ':') || string(c, val, sizeof val)) return -1;
        for (size_t i = 0; i < sizeof known / sizeof known[0]; i++) {
            if (strcmp(key, known[i].key)) continue;
            if (strlen(val) >= known[i].len) return fail(c, "metadata '%s' is too long", key);
            strcpy(known[i].to, val);
        }
        if (comma_or_end(c, &done)) return -1; /* other keys are the trainer's notes: kept out */
    }
    return 0;
}

static int tensor_entry(cursor *c, tensor *t)
{
    char key[32], dtype[16] = "";
    long shape[4], off[4];
    int rank = -1, noff = -1, done;
    if (expect(c, '{') || more(c, &done)) return -1;
    while (!done) {
        if (string(c, key, sizeof key) || expect(c, ':')) return -1;
        if (!strcmp(key, "dtype")) {
            if (string(c, dtype, sizeof dtype)) return -1;
        } else if (!strcmp(key, "shape")) {
            if (numbers(c, shape, &rank, 4)) return -1;
        } else if (!strcmp(key, "data_offsets")) {
            if (numbers(c, off, &noff, 4)) return -1;
        } else {
            return fail(c, "tensor '%s' has an unknown field '%s'", t->name, key);
        }
        if (comma_or_end(c, &done)) return -1;
    }
    if (strcmp(dtype, "F32")) return fail(c, "tensor '%s' is %s, not F32", t->name, dtype[0] ? dtype : "of no dtype");
    if (rank < 1 || rank > 2) return fail(c, "tensor '%s' has rank %d (1 or 2 expected)", t->name, rank);
    if (noff != 2 || off[1] < off[0]) return fail(c, "tensor '%s' has bad data_offsets", t->name);
    t->rank = rank;
    t->shape[0] = (int)shape[0];
    t->shape[1] = rank == 2 ? (int)shape[1] : 1;
    if (shape[0] > NN_MAX_WIDTH * 2 || (rank == 2 && shape[1] > NN_MAX_WIDTH * 2))
        return fail(c, "tensor '%s' is too large", t->name);
    t->begin = off[0];
    t->end = off[1];
    if (t->end - t->begin != 4L * t->shape[0] * t->shape[1])
        return fail(c, "tensor '%s': data_offsets hold %ld bytes, its shape %ld", t->name, t->end - t->begin,
                    4L * t->shape[0] * t->shape[1]);
    return 0;
}

static int parse_header(cursor *c, header *h)
{
    int done;
    memset(h, 0, sizeof *h);
    if (expect(c, '{') || more(c, &done)) return -1;
    while (!done) {
        char key[64];
        if (string(c, key, sizeof key) || expect(c, ':')) return -1;
        if (!strcmp(key, "__metadata__")) {
            if (metadata(c, h)) return -1;
        } else {
            if (h->nt == MAX_TENSORS) return fail(c, "the header names too many tensors");
            if (strlen(key) >= sizeof h->t[0].name) return fail(c, "tensor name '%.40s...' is too long", key);
            tensor *t = &h->t[h->nt++];
            strcpy(t->name, key);
            if (tensor_entry(c, t)) return -1;
        }
        if (comma_or_end(c, &done)) return -1;
    }
    skip_ws(c);
    if (c->p != c->end) return fail(c, "the header has bytes after its JSON object");
    return 0;
}

static const tensor *find(const header *h, const char *name)
{
    for (int i = 0; i < h->nt; i++)
        if (!strcmp(h->t[i].name, name)) return &h->t[i];
    return NULL;
}

/* A metadata field that must read as one integer: its value, or -1. */
static long meta_int(const char *s)
{
    char *end;
    if (!*s) return -1;
    errno = 0;
    long v = strtol(s, &end, 10);
    return errno || *end || v < 0 ? -1 : v;
}

/* The metadata against this build: the format, the encoding, the ids. */
static int check_meta(cursor *c, const header *h, nn_net *net)
{
    if (strcmp(h->format, NN_FORMAT))
        return fail(c, "not a network file of this program (metadata format '%s', not '%s')", h->format, NN_FORMAT);
    if (meta_int(h->format_version) != NN_FORMAT_VERSION)
        return fail(c, "network format version '%s'; this build reads %d", h->format_version, NN_FORMAT_VERSION);
    if (strcmp(h->arch, "mlp")) return fail(c, "architecture '%s'; this build evaluates 'mlp'", h->arch);
    if (meta_int(h->obs_version) != JM_OBS_VERSION || meta_int(h->obs_size) != JM_OBS_SIZE)
        return fail(c, "made for encoding version %s of %s floats; this build encodes version %d of %d",
                    h->obs_version[0] ? h->obs_version : "?", h->obs_size[0] ? h->obs_size : "?", JM_OBS_VERSION,
                    JM_OBS_SIZE);
    if (meta_int(h->ids_version) != JM_ACTION_IDS_VERSION || meta_int(h->ids) != JM_ACTION_IDS)
        return fail(c, "made for action ids version %s of %s ids; this build has version %d of %d",
                    h->ids_version[0] ? h->ids_version : "?", h->ids[0] ? h->ids : "?", JM_ACTION_IDS_VERSION,
                    JM_ACTION_IDS);
    if (meta_int(h->values) != NN_VALUES)
        return fail(c, "%s value outputs; this build has %d (one per ship)", h->values[0] ? h->values : "no", NN_VALUES);
    /* "hidden": the widths, "128,64" */
    const char *p = h->hidden;
    net->layers = 0;
    net->width[0] = JM_OBS_SIZE;
    while (*p) {
        char *end;
        long v = strtol(p, &end, 10);
        if (end == p || v < NN_LANES || v > NN_MAX_WIDTH || v % NN_LANES || net->layers == NN_MAX_LAYERS)
            return fail(c, "metadata hidden '%s': 1 to %d widths, each a multiple of %d up to %d", h->hidden,
                        NN_MAX_LAYERS, NN_LANES, NN_MAX_WIDTH);
        net->width[++net->layers] = (int)v;
        p = *end == ',' ? end + 1 : end;
        if (*end && *end != ',') return fail(c, "metadata hidden '%s' is not a list of widths", h->hidden);
    }
    if (!net->layers) return fail(c, "metadata hidden is missing: the hidden layers' widths");
    /* "seats": absolute (the default: the encoding as it is) or relative */
    if (!h->seats[0] || !strcmp(h->seats, "absolute")) net->relative = 0;
    else if (!strcmp(h->seats, "relative")) net->relative = 1;
    else return fail(c, "metadata seats '%s': 'absolute' or 'relative'", h->seats);
    return 0;
}

static int tiling(cursor *c, const header *h, long data_len);

/* Each tensor the network needs, with its shape; none other. */
static int check_tensors(cursor *c, const header *h, const nn_net *net, long data_len)
{
    char name[32];
    int need = 0, last = net->width[net->layers];
    struct { const char *name; int rows, cols; } heads[] = {
        {"policy.weight", JM_ACTION_IDS, last}, {"policy.bias", JM_ACTION_IDS, 0},
        {"value.weight", NN_VALUES, last}, {"value.bias", NN_VALUES, 0},
    };
    for (int k = 0; k <= net->layers + 1; k++) {
        for (int wb = 0; wb < 2; wb++) {
            const char *nm;
            int rows, cols;
            if (k < net->layers) {
                snprintf(name, sizeof name, "layer%d.%s", k, wb ? "bias" : "weight");
                nm = name;
                rows = net->width[k + 1];
                cols = wb ? 0 : net->width[k];
            } else {
                int i = 2 * (k - net->layers) + wb;
                nm = heads[i].name;
                rows = heads[i].rows;
                cols = heads[i].cols;
            }
            const tensor *t = find(h, nm);
            if (!t) return fail(c, "tensor '%s' is missing", nm);
            int rank = cols ? 2 : 1;
            if (t->rank != rank || t->shape[0] != rows || (cols && t->shape[1] != cols)) {
                if (rank == 2)
                    return fail(c, "tensor '%s' is [%d, %d]; the metadata says [%d, %d]", nm, t->shape[0],
                                t->rank == 2 ? t->shape[1] : 0, rows, cols);
                return fail(c, "tensor '%s' is [%d%s]; the metadata says [%d]", nm, t->shape[0],
                            t->rank == 2 ? ", ..." : "", rows);
            }
            need++;
        }
    }
    if (h->nt != need) {
        for (int i = 0; i < h->nt; i++) {
            int known = 0;
            for (int k = 0; k < net->layers && !known; k++) {
                char wn[32], bn[32];
                snprintf(wn, sizeof wn, "layer%d.weight", k);
                snprintf(bn, sizeof bn, "layer%d.bias", k);
                known = !strcmp(h->t[i].name, wn) || !strcmp(h->t[i].name, bn);
            }
            for (int j = 0; j < 4 && !known; j++) known = !strcmp(h->t[i].name, heads[j].name);
            if (!known) return fail(c, "tensor '%s' is not part of an 'mlp' of %d hidden layers", h->t[i].name,
                                    net->layers);
        }
        return fail(c, "a tensor is named twice");
    }
    return tiling(c, h, data_len);
}

/* The tensors tile the data: sorted by offset, no gap, no overlap, to the end. */
static int tiling(cursor *c, const header *h, long data_len)
{
    long at = 0;
    for (int n = 0; n < h->nt; n++) {
        const tensor *next = NULL;
        for (int i = 0; i < h->nt; i++)
            if (h->t[i].begin == at && (!next || h->t[i].end > next->end)) next = &h->t[i];
        if (!next) return fail(c, "the tensors' data_offsets leave a gap or overlap at byte %ld", at);
        at = next->end;
    }
    if (at > data_len)
        return fail(c, "truncated: the tensors need %ld bytes after the header, the file has %ld", at, data_len);
    if (at < data_len)
        return fail(c, "%ld bytes after the tensors' end (the header's data_offsets cover %ld): not one network",
                    data_len - at, at);
    return 0;
}

/* Every weight finite and within NN_MAX_WEIGHT. */
static int all_finite(cursor *c, const header *h, const char *data)
{
    for (int i = 0; i < h->nt; i++) {
        for (long b = h->t[i].begin; b < h->t[i].end; b += 4) {
            float v;
            memcpy(&v, data + b, 4);
            if (!isfinite(v)) return fail(c, "tensor '%s' holds a value that is not finite", h->t[i].name);
            if (fabsf(v) > NN_MAX_WEIGHT)
                return fail(c, "tensor '%s' holds %g, beyond +-%g (no sum could stay finite)", h->t[i].name, (double)v,
                            (double)NN_MAX_WEIGHT);
        }
    }
    return 0;
}

static void copy_rows(float *to, const char *from, int rows, int cols, int transpose)
{
    for (int r = 0; r < rows; r++)
        for (int k = 0; k < cols; k++) {
            float v;
            memcpy(&v, from + 4 * ((size_t)r * cols + k), 4);
            if (transpose) to[(size_t)k * rows + r] = v;
            else to[(size_t)r * cols + k] = v;
        }
}

/* The arrays from the checked tensors: the hidden layers input-major (a
 * row per input: the sums run over inputs, across all outputs at once),
 * the heads a row per output (a dot product per legal id). */
static int build(nn_net *net, const header *h, const char *data, cursor *c)
{
    size_t floats = 0;
    for (int k = 0; k < net->layers; k++) floats += (size_t)net->width[k] * net->width[k + 1] + net->width[k + 1];
    int last = net->width[net->layers];
    floats += (size_t)(JM_ACTION_IDS + NN_VALUES) * (last + 1);
    float *m = aligned_alloc(64, ((floats * sizeof(float) + 63) / 64) * 64 + 64 * (2 * NN_MAX_LAYERS + 4));
    if (!m) return fail(c, "no memory for the network");
    net->mem = m;
    float *at = m;
#define TAKE(p, count) do { p = at; at += (((size_t)(count) + 15) / 16) * 16; } while (0)
    char name[32];
    for (int k = 0; k < net->layers; k++) {
        TAKE(net->w[k], (size_t)net->width[k] * net->width[k + 1]);
        TAKE(net->b[k], net->width[k + 1]);
        snprintf(name, sizeof name, "layer%d.weight", k);
        const tensor *t = find(h, name);
        copy_rows(net->w[k], data + t->begin, net->width[k + 1], net->width[k], 1);
        snprintf(name, sizeof name, "layer%d.bias", k);
        t = find(h, name);
        copy_rows(net->b[k], data + t->begin, 1, net->width[k + 1], 0);
    }
    TAKE(net->pw, (size_t)JM_ACTION_IDS * last);
    TAKE(net->pb, JM_ACTION_IDS);
    TAKE(net->vw, (size_t)NN_VALUES * last);
    TAKE(net->vb, NN_VALUES);
#undef TAKE
    copy_rows(net->pw, data + find(h, "policy.weight")->begin, JM_ACTION_IDS, last, 0);
    copy_rows(net->pb, data + find(h, "policy.bias")->begin, 1, JM_ACTION_IDS, 0);
    copy_rows(net->vw, data + find(h, "value.weight")->begin, NN_VALUES, last, 0);
    copy_rows(net->vb, data + find(h, "value.bias")->begin, 1, NN_VALUES, 0);
    return all_finite(c, h, data);
}

/* A format's checks and build, on a parsed header (the tensors' bytes at
 * data, data_len of them, and the whole file's in file, file_len). */
typedef int (*format_fn)(cursor *c, const header *h, const char *data, long data_len, const char *file,
                         long file_len, void *out);

/* Read path whole, parse its header and hand it to fn: 0, or -1 with the
 * fault in c->why. */
static int load_file(const char *path, format_fn fn, void *out, cursor *c, char *err, size_t errlen)
{
    char *buf = NULL;
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return -1;
    }
    struct stat sb;
    if (fstat(fileno(f), &sb) == 0 && !S_ISREG(sb.st_mode)) {
        snprintf(err, errlen, "%s: %s, not a network file", path, S_ISDIR(sb.st_mode) ? "a directory" : "not a file");
        fclose(f);
        return -1;
    }
    long size = -1;
    if (fseek(f, 0, SEEK_END) == 0) size = ftell(f);
    if (size < 0 || fseek(f, 0, SEEK_SET)) {
        snprintf(err, errlen, "%s: cannot be read to its end (%s)", path, strerror(errno));
        fclose(f);
        return -1;
    }
    header *h = NULL;
    if (size < 8) {
        fail(c, "truncated: %ld bytes, not even a header's length", size);
    } else if (size > FILE_MAX) {
        fail(c, "%ld bytes: larger than any network file (%ld at most)", size, FILE_MAX);
    } else if (!(buf = malloc((size_t)size)) || !(h = malloc(sizeof *h))) {
        fail(c, "no memory for a file of %ld bytes", size);
    } else if (fread(buf, 1, (size_t)size, f) != (size_t)size) {
        fail(c, "a read failed (%s)", ferror(f) ? strerror(errno) : "the file shrank");
    } else {
        uint64_t n = 0;
        for (int i = 7; i >= 0; i--) n = n << 8 | (unsigned char)buf[i];
        if (n > HEADER_MAX) {
            fail(c, "not a network file (a header length of %llu bytes)", (unsigned long long)n);
        } else if ((long)n > size - 8) {
            fail(c, "truncated: the header needs %llu bytes, the file has %ld after the length",
                 (unsigned long long)n, size - 8);
        } else {
            /* The header in an allocation of its own, exactly its size: a
             * read past its end is a read past the block, which ASan and
             * the fuzz target (tests/fuzz/fuzz_netfile.c) see, not a read
             * of the tensors' bytes that follow it in the file. */
            char *hdr = malloc(n ? (size_t)n : 1);
            if (hdr) memcpy(hdr, buf + 8, (size_t)n);
            c->p = hdr;
            c->end = hdr + n;
            if (!hdr) fail(c, "no memory for a header of %llu bytes", (unsigned long long)n);
            else if (!parse_header(c, h)) fn(c, h, buf + 8 + n, size - 8 - (long)n, buf, size, out);
            free(hdr);
        }
    }
    fclose(f);
    free(buf);
    free(h);
    if (c->why[0]) {
        snprintf(err, errlen, "%s: %s", path, c->why);
        return -1;
    }
    return 0;
}

static int policy_format(cursor *c, const header *h, const char *data, long data_len, const char *file, long file_len,
                         void *out)
{
    (void)file;
    (void)file_len;
    nn_net *net = out;
    if (check_meta(c, h, net) || check_tensors(c, h, net, data_len) || build(net, h, data, c)) return -1;
    snprintf(net->command, sizeof net->command, "%s", h->command);
    snprintf(net->generation, sizeof net->generation, "%s", h->generation);
    snprintf(net->variant, sizeof net->variant, "%s", h->variant);
    return 0;
}

int nn_load(nn_net *net, const char *path, char *err, size_t errlen)
{
    memset(net, 0, sizeof *net);
    cursor c = {0};
    if (load_file(path, policy_format, net, &c, err, errlen)) {
        nn_free(net);
        return -1;
    }
    return 0;
}

void nn_free(nn_net *net)
{
    free(net->mem);
    memset(net, 0, sizeof *net);
}

int nn_load_agent(nn_net *net, const char *agent, const char *file, char *err, size_t errlen)
{
    char why[400];
    if (!file[0]) {
        memset(net, 0, sizeof *net);
        snprintf(err, errlen, "agent '%s': file=PATH is needed (a network file, docs/NETWORK.md)", agent);
        return -1;
    }
    if (nn_load(net, file, why, sizeof why)) {
        snprintf(err, errlen, "agent '%s': %s", agent, why);
        return -1;
    }
    return 0;
}

int nn_load_like(nn_net *net, const nn_net *like, const char *agent, const char *key, const char *file,
                 const char *like_file, char *err, size_t errlen)
{
    if (nn_load_agent(net, agent, file, err, errlen)) return -1;
    if (strcmp(like->variant, net->variant)) {
        snprintf(err, errlen, "agent '%s': %s=%s was trained on %s, file=%s on %s", agent, key, file,
                 net->variant[0] ? net->variant : "the base game", like_file,
                 like->variant[0] ? like->variant : "the base game");
        return -1;
    }
    return 0;
}

nn_net *nn_open(const char *path, char *err, size_t errlen)
{
    nn_net *net = malloc(sizeof *net);
    if (!net) {
        snprintf(err, errlen, "%s: no memory for the network", path);
        return NULL;
    }
    if (nn_load(net, path, err, errlen)) {
        free(net);
        return NULL;
    }
    return net;
}

void nn_close(nn_net *net)
{
    if (!net) return;
    nn_free(net);
    free(net);
}

/* ---------------------------------------------------------------- value files (vnet.h) */

/* "FIRST-LAST" into the range [first, last + 1): 0, or -1. */
static int game_range(const char *s, uint64_t *first, uint64_t *games)
{
    char *end;
    errno = 0;
    unsigned long long a = strtoull(s, &end, 10);
    if (errno || end == s || *end != '-') return -1;
    const char *q = end + 1;
    unsigned long long b = strtoull(q, &end, 10);
    if (errno || end == q || *end || b < a) return -1;
    *first = a;
    *games = b - a + 1;
    return 0;
}

static int value_meta(cursor *c, const header *h, vn_net *n)
{
    if (strcmp(h->format, VN_FORMAT))
        return fail(c, "not a value file of this program (metadata format '%s', not '%s')", h->format, VN_FORMAT);
    if (meta_int(h->format_version) != VN_FORMAT_VERSION)
        return fail(c, "value format version '%s'; this build reads %d", h->format_version, VN_FORMAT_VERSION);
    if (meta_int(h->features_version) != VF_VERSION || meta_int(h->features) != VF_SIZE)
        return fail(c, "made for features version %s of %s; this build has version %d of %d",
                    h->features_version[0] ? h->features_version : "?", h->features[0] ? h->features : "?",
                    VF_VERSION, VF_SIZE);
    const char *p = h->hidden;
    n->layers = 0;
    n->width[0] = VF_SIZE;
    while (*p) {
        char *end;
        long v = strtol(p, &end, 10);
        if (end == p || v < NN_LANES || v > VN_MAX_WIDTH || v % NN_LANES || n->layers == VN_MAX_LAYERS)
            return fail(c, "metadata hidden '%s': 1 to %d widths, each a multiple of %d up to %d", h->hidden,
                        VN_MAX_LAYERS, NN_LANES, VN_MAX_WIDTH);
        n->width[++n->layers] = (int)v;
        if (*end && *end != ',') return fail(c, "metadata hidden '%s' is not a list of widths", h->hidden);
        p = *end == ',' ? end + 1 : end;
    }
    if (!n->layers) return fail(c, "metadata hidden is missing: the hidden layers' widths");
    for (p = h->players; *p;) {
        char *end;
        long v = strtol(p, &end, 10);
        if (end == p || v < 2 || v > JM_MAX_PLAYERS || (n->players >> v & 1) || (*end && *end != ','))
            return fail(c, "metadata players '%s': player counts 2 to %d, each once", h->players, JM_MAX_PLAYERS);
        n->players |= 1u << v;
        p = *end == ',' ? end + 1 : end;
    }
    if (!n->players) return fail(c, "metadata players is missing: the player counts it values");
    if (!h->rules[0] || !h->agents[0] || !h->fit_seed[0])
        return fail(c, "metadata rules, agents and fit_seed name what it was fitted on: %s is missing",
                    !h->rules[0] ? "rules" : !h->agents[0] ? "agents" : "fit_seed");
    if (game_range(h->fit_games, &n->fit_first, &n->fit_games))
        return fail(c, "metadata fit_games '%s': the games it was fitted on, FIRST-LAST", h->fit_games);
    snprintf(n->rules, sizeof n->rules, "%s", h->rules);
    snprintf(n->agents, sizeof n->agents, "%s", h->agents);
    snprintf(n->fit_seed, sizeof n->fit_seed, "%s", h->fit_seed);
    snprintf(n->command, sizeof n->command, "%s", h->command);
    return 0;
}

/* Tensor `name` of shape [rows, cols] (cols 0: rank 1): present and so. */
static int value_tensor(cursor *c, const header *h, const char *name, int rows, int cols)
{
    const tensor *t = find(h, name);
    if (!t) return fail(c, "tensor '%s' is missing", name);
    int rank = cols ? 2 : 1;
    if (t->rank != rank || t->shape[0] != rows || (cols && t->shape[1] != cols))
        return fail(c, "tensor '%s' is [%d%s%d]; the metadata says [%d%s%d]", name, t->shape[0],
                    t->rank == 2 ? ", " : "", t->rank == 2 ? t->shape[1] : 0, rows, cols ? ", " : "", cols);
    return 0;
}

static void value_name(char *buf, size_t len, int players, int k, const char *what)
{
    if (k < 0) snprintf(buf, len, "p%d.out.%s", players, what);
    else snprintf(buf, len, "p%d.layer%d.%s", players, k, what);
}

static int value_tensors(cursor *c, const header *h, const vn_net *n)
{
    int need = 0;
    char name[32];
    for (int P = 2; P <= JM_MAX_PLAYERS; P++) {
        if (!(n->players >> P & 1)) continue;
        for (int k = 0; k < n->layers; k++) {
            value_name(name, sizeof name, P, k, "weight");
            if (value_tensor(c, h, name, n->width[k + 1], n->width[k])) return -1;
            value_name(name, sizeof name, P, k, "bias");
            if (value_tensor(c, h, name, n->width[k + 1], 0)) return -1;
        }
        value_name(name, sizeof name, P, -1, "weight");
        if (value_tensor(c, h, name, 1, n->width[n->layers])) return -1;
        value_name(name, sizeof name, P, -1, "bias");
        if (value_tensor(c, h, name, 1, 0)) return -1;
        need += 2 * n->layers + 2;
    }
    if (h->nt != need) return fail(c, "%d tensors; the metadata's player counts and widths make %d", h->nt, need);
    return 0;
}

static int value_build(cursor *c, const header *h, const char *data, vn_net *n)
{
    size_t per = 0;
    for (int k = 0; k < n->layers; k++) per += (size_t)n->width[k] * n->width[k + 1] + n->width[k + 1] + 16;
    per += (size_t)n->width[n->layers] + 16;
    float *m = aligned_alloc(64, ((per * JM_MAX_PLAYERS * sizeof(float) + 63) / 64) * 64);
    if (!m) return fail(c, "no memory for the network");
    n->mem = m;
    float *at = m;
    char name[32];
    for (int P = 2; P <= JM_MAX_PLAYERS; P++) {
        if (!(n->players >> P & 1)) continue;
        vn_part *p = &n->part[P];
        for (int k = 0; k < n->layers; k++) {
            p->w[k] = at;
            at += (size_t)n->width[k] * n->width[k + 1];
            p->b[k] = at;
            at += n->width[k + 1] + 16;
            value_name(name, sizeof name, P, k, "weight");
            copy_rows(p->w[k], data + find(h, name)->begin, n->width[k + 1], n->width[k], 1);
            value_name(name, sizeof name, P, k, "bias");
            copy_rows(p->b[k], data + find(h, name)->begin, 1, n->width[k + 1], 0);
        }
        p->ow = at;
        at += n->width[n->layers] + 16;
        value_name(name, sizeof name, P, -1, "weight");
        copy_rows(p->ow, data + find(h, name)->begin, 1, n->width[n->layers], 0);
        value_name(name, sizeof name, P, -1, "bias");
        memcpy(&p->ob, data + find(h, name)->begin, 4);
    }
    return all_finite(c, h, data);
}

static int value_format(cursor *c, const header *h, const char *data, long data_len, const char *file, long file_len,
                        void *out)
{
    vn_net *n = out;
    if (value_meta(c, h, n) || value_tensors(c, h, n) || tiling(c, h, data_len) || value_build(c, h, data, n))
        return -1;
    uint64_t x = 14695981039346656037ULL; /* FNV-1a over the whole file */
    for (long i = 0; i < file_len; i++) x = (x ^ (unsigned char)file[i]) * 1099511628211ULL;
    n->hash = x;
    return 0;
}

int vn_load(vn_net *n, const char *path, char *err, size_t errlen)
{
    memset(n, 0, sizeof *n);
    cursor c = {0};
    if (load_file(path, value_format, n, &c, err, errlen)) {
        vn_free(n);
        return -1;
    }
    return 0;
}

void vn_free(vn_net *n)
{
    free(n->mem);
    n->mem = NULL;
    n->players = 0;
}

static int peek_format(cursor *c, const header *h, const char *data, long data_len, const char *file, long file_len,
                       void *out)
{
    (void)c;
    (void)data;
    (void)data_len;
    (void)file;
    (void)file_len;
    memcpy(out, h->format, sizeof h->format);
    return 0;
}

int nn_file_format(const char *path, char *format, size_t len)
{
    char f[32] = "";
    cursor c = {0};
    char err[8];
    if (load_file(path, peek_format, f, &c, err, sizeof err)) return -1;
    snprintf(format, len, "%s", f);
    return 0;
}
