/*
 * fuzz_netfile.c - libFuzzer target for network files (agents/netfile.c):
 * any bytes, written to a file and loaded.  A file that loads evaluates an
 * encoding to finite outputs (a value that sums to 1); one that is refused
 * comes with one line that names the file.  Any failure aborts.  The
 * loader keeps the header in a block of its own, so a read past its end
 * (a u00XX escape cut at the header's end, which sscanf once read beyond)
 * is a heap overflow here, not a read of the tensors' bytes.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../agents/nnet.h"

int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n);

static char path[64];

static void remove_file(void)
{
    unlink(path);
}

static void must(int ok, const char *what, const char *detail)
{
    if (ok) return;
    fprintf(stderr, "fuzz_netfile: %s: %s\n", what, detail);
    remove_file(); /* abort() skips atexit: the scratch file goes first */
    abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n)
{
    if (!path[0]) {
        snprintf(path, sizeof path, "/tmp/jm-fuzz-net-%d.jmn", (int)getpid());
        atexit(remove_file);
    }
    FILE *f = fopen(path, "wb");
    if (!f) return 0;
    if (n) fwrite(d, 1, n, f);
    fclose(f);
    nn_net net;
    char err[400] = "";
    if (nn_load(&net, path, err, sizeof err)) {
        must(!strncmp(err, path, strlen(path)), "a refusal that does not name the file", err);
        must(!strchr(err, '\n'), "a refusal of more than one line", err);
        return 0;
    }
    jm_rules r;
    jm_rules_default(&r);
    jm_state s;
    jm_init(&s, &r, 2, 1, 0, NULL, NULL, 0);
    int legal[JM_MAX_ACTIONS], k = jm_legal(&s, legal);
    float logit[JM_MAX_ACTIONS], value[NN_VALUES], sum = 0;
    nn_eval_state(&net, &s, jm_to_move(&s), legal, k, logit, value);
    for (int i = 0; i < k; i++) must(isfinite(logit[i]), "a logit that is not finite", path);
    for (int i = 0; i < NN_VALUES; i++) sum += value[i];
    must(fabsf(sum - 1.0f) < 1e-3f, "a value that does not sum to 1", path);
    nn_free(&net);
    return 0;
}
