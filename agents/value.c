/* value.c - value functions of the full state (see value.h). */
#include <stdio.h>
#include <string.h>

#include "heuristic.h"
#include "value.h"

/* pile, draw, captain, dice, battle, shortage, treasure, blind */
const double value_hand_weight[JM_CH_KINDS] = {0, 0.597, 1, 0.655, 0.053, 0.432, 0.829, 1.19};

int value_open(value_fn *v, const char *spec, char *err, size_t errlen)
{
    memset(v, 0, sizeof *v);
    for (int k = 0; k < JM_CH_KINDS; k++) v->weight[k] = 1;
    if ((size_t)snprintf(v->name, sizeof v->name, "%s", spec) >= sizeof v->name) {
        snprintf(err, errlen, "--luck: the file name is too long");
        return -1;
    }
    if (!strcmp(spec, "hand")) {
        v->kind = VALUE_HAND;
        memcpy(v->weight, value_hand_weight, sizeof v->weight);
        return 0;
    }
    char format[32];
    if (!nn_file_format(spec, format, sizeof format) && !strcmp(format, VN_FORMAT)) {
        if (vn_load(&v->fit, spec, err, errlen)) return -1;
        v->kind = VALUE_FIT;
        return 0;
    }
    if (nn_load(&v->net, spec, err, errlen)) return -1;
    if (v->net.variant[0]) { /* the value of another game's states means nothing here */
        nn_free(&v->net);
        snprintf(err, errlen, "--luck %s: a network of the variant '%s'; a luck value must be the base game's", spec,
                 v->net.variant);
        return -1;
    }
    v->kind = VALUE_NET;
    return 0;
}

void value_close(value_fn *v)
{
    if (v->kind == VALUE_NET) nn_free(&v->net);
    if (v->kind == VALUE_FIT) vn_free(&v->fit);
    v->kind = 0;
}

/* The real shares of an ended game. */
static void ended(const jm_state *s, double *share)
{
    jm_score sc[JM_MAX_SHIPS];
    int k = jm_scores(s, sc);
    for (int i = 0; i < JM_MAX_SHIPS; i++) share[i] = 0;
    for (int i = 0; i < jm_ships(s); i++) {
        int ship = i < jm_players(s) ? i : JM_GHOST;
        share[ship] = sc[ship].winner ? 1.0 / k : 0.0;
    }
}

void value_shares(const value_fn *v, const jm_state *s, double *share)
{
    if (jm_over(s)) {
        ended(s, share);
        return;
    }
    int np = jm_players(s);
    for (int i = 0; i < JM_MAX_SHIPS; i++) share[i] = 0;
    if (v->kind == VALUE_FIT) {
        vn_shares(&v->fit, s, share);
        return;
    }
    if (v->kind == VALUE_CALL) {
        v->call(v->ctx, s, share);
        return;
    }
    if (v->kind == VALUE_HAND) {
        heur_staged_shares(s, &heur_hand, share);
        return;
    }
    double ghost = 0;
    for (int p = 0; p < np; p++) {
        float val[NN_VALUES];
        nn_eval_state(&v->net, s, p, NULL, 0, NULL, val);
        share[p] = val[p];
        ghost += val[JM_GHOST];
    }
    if (jm_ships(s) > np) share[JM_GHOST] = ghost / np;
}
