/* csv.c - CSV fields, headers and lines (see csv.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csv.h"

size_t csv_field(char *dst, size_t cap, const char *v)
{
    if (!strpbrk(v, ",\"\n\r")) return (size_t)snprintf(dst, cap, "%s", v);
    size_t o = 0;
    if (o < cap) dst[o++] = '"';
    for (; *v && o + 2 < cap; v++) {
        if (*v == '"') dst[o++] = '"';
        dst[o++] = *v;
    }
    if (o < cap) dst[o++] = '"';
    if (o < cap) dst[o] = '\0';
    return o;
}

int csv_split(char *line, char **fields, int max)
{
    int n = 0;
    char *p = line;
    for (;;) {
        if (n == max) return -1;
        if (*p == '"') {
            char *w = ++p;
            fields[n++] = w;
            for (;;) {
                if (!*p) return -1;
                if (*p == '"') {
                    if (p[1] == '"') {
                        *w++ = '"';
                        p += 2;
                        continue;
                    }
                    p++;
                    break;
                }
                *w++ = *p++;
            }
            if (*p && *p != ',') return -1;
            *w = '\0';
            if (!*p) return n;
            p++;
        } else {
            fields[n++] = p;
            char *comma = strchr(p, ',');
            if (strchr(p, '"') && (!comma || strchr(p, '"') < comma)) return -1;
            if (!comma) return n;
            *comma = '\0';
            p = comma + 1;
        }
    }
}

size_t csv_header(const char *const *names, int n, char *buf, size_t cap)
{
    size_t o = 0;
    for (int i = 0; i < n && o < cap; i++) o += (size_t)snprintf(buf + o, cap - o, "%s%s", i ? "," : "", names[i]);
    if (o < cap) o += (size_t)snprintf(buf + o, cap - o, "\n");
    return o < cap ? o : cap;
}

int csv_read_line(FILE *f, char **line, size_t *cap)
{
    ssize_t n = getline(line, cap, f);
    if (n < 0) return 0;
    while (n > 0 && ((*line)[n - 1] == '\n' || (*line)[n - 1] == '\r')) (*line)[--n] = '\0';
    return 1;
}

int csv_parse_u64(const char *s, uint64_t *v)
{
    char *end;
    errno = 0;
    if (*s < '0' || *s > '9') return -1;
    *v = strtoull(s, &end, 10);
    return *end || errno ? -1 : 0;
}

int csv_parse_i64(const char *s, int64_t *v)
{
    char *end;
    errno = 0;
    if (!*s) return -1;
    *v = strtoll(s, &end, 10);
    return *end || errno ? -1 : 0;
}
