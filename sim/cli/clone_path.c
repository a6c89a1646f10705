/* clone_path.c - files of the clone this program was built in (clone_path.h). */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../run/lineup.h" /* SIM_SPEC_LEN */
#include "clone_path.h"

void clone_file(const char *rel, char *buf, size_t len)
{
    char exe[4096];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n > 0) {
        exe[n] = '\0';
        char *slash = strrchr(exe, '/');
        if (slash) {
            *slash = '\0';
            snprintf(buf, len, "%s/../%s", exe, rel);
            if (access(buf, R_OK) == 0) return;
        }
    }
    snprintf(buf, len, "%s", rel);
}

/* An anchor's file= paths (a network's) are relative to the clone that
 * holds the list (results/ratings/ in it): one that does not name a file
 * from here is taken from there.  0, or -1 when the spec would not fit. */
int clone_spec_paths(const char *list, char *spec, size_t len)
{
    char root[4096], out[SIM_SPEC_LEN];
    if (!realpath(list, root)) return 0;
    for (int up = 0; up < 3; up++) { /* the list's folder, its parent, the clone */
        char *slash = strrchr(root, '/');
        if (!slash) return 0;
        *slash = '\0';
    }
    size_t o = 0;
    for (const char *p = spec; *p;) {
        const char *f = strstr(p, "file=");
        if (!f) {
            o += (size_t)snprintf(out + o, o < sizeof out ? sizeof out - o : 0, "%s", p);
            break;
        }
        f += 5;
        size_t n = strcspn(f, ",");
        char path[SIM_SPEC_LEN];
        snprintf(path, sizeof path, "%.*s", (int)n, f);
        o += (size_t)snprintf(out + o, o < sizeof out ? sizeof out - o : 0, "%.*s", (int)(f - p), p);
        char there[4096 + SIM_SPEC_LEN];
        snprintf(there, sizeof there, "%s/%s", root, path);
        if (path[0] != '/' && access(path, R_OK) != 0 && access(there, R_OK) == 0)
            o += (size_t)snprintf(out + o, o < sizeof out ? sizeof out - o : 0, "%s", there);
        else
            o += (size_t)snprintf(out + o, o < sizeof out ? sizeof out - o : 0, "%s", path);
        p = f + n;
    }
    if (o >= sizeof out || o >= len) return -1;
    memcpy(spec, out, o + 1);
    return 0;
}
