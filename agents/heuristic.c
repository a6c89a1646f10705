/* heuristic.c - the value of a state for a seat (see heuristic.h). */
#include <math.h>
#include <stdint.h>

#include "heuristic.h"

/* What the variant in force says (docs/VARIANTS.md): a ship's points where
 * it stands (E2: finished, on the track, or behind Port Royal), and the
 * most steps a ship can have left (two laps: 64 in the base game). */
static int space_points(const jm_state *s, int v, int ship, int steps)
{
    int lap = jm_lap(s, ship), pos = jm_pos(s, ship);
    if (!v) return steps == 0 ? 15 : (lap && pos >= 41) ? jm_space_score(pos) : -5; /* the base game's, fast */
    if (steps == 0) return jm_board_score(v, 0);
    return lap ? jm_board_score(v, pos) : jm_board_behind(v);
}
static int full_steps(int v) { return v ? 2 * jm_board_lap(v) : 64; }

void heur_default(heur_weights *w)
{
    w->gold = 1.0;
    w->progress = 0.6;
    w->space = 0.4;
    w->treasure = 1.0;
    w->power = 2.0;
    w->food = 0.5;
    w->powder = 0.3;
    w->win = 30.0;
}

/* One scale for every state, finished or not: the same features of the
 * seat's position, plus the win bonus times the seat's expected share of
 * the win: its share once the game is over, an even share of the ships
 * (the ghost's too) before.  So finishing and winning is worth the bonus
 * over going on, and ending a game it loses costs the even share: a
 * finished game valued by its score alone, without the progress, food,
 * gunpowder and powers credited to an unfinished one, made waiting at sea
 * look better than finishing and winning. */
double heur_value(const jm_state *s, int seat, const heur_weights *w)
{
    double v = w->win / jm_ships(s);
    if (jm_over(s)) {
        jm_score sc[JM_MAX_SHIPS];
        int k = jm_scores(s, sc);
        v = w->win * (sc[seat].winner ? 1.0 / k : 0.0);
    }
    int var = jm_variant_of(s), mine = jm_steps_left(s, seat);
    int space = space_points(s, var, seat, mine); /* E3: 0 steps left: finished */
    int food = jm_total(s, seat, JM_FOOD), powder = jm_total(s, seat, JM_POWDER);
    v += w->gold * jm_total(s, seat, JM_GOLD) + w->progress * (full_steps(var) - mine) + w->space * space;
    v += w->food * (food < 6 ? food : 6);
    /* another ship in play (a player's, or the ghost's) within 6 steps */
    int near = 0, np = jm_players(s), ghost = jm_has_ghost(s);
    for (int i = 0; i < JM_MAX_SHIPS && !near; i++)
        if (i != seat && (i < np || (i == JM_GHOST && ghost))) {
            int d = jm_steps_left(s, i) - mine;
            near = d >= -6 && d <= 6;
        }
    v += w->powder * (powder < 6 ? powder : 6) * (near ? 1.0 : 0.5);
    for (int t = 0; t < JM_TREASURES; t++)
        if (jm_treasure_owner(s, t) == seat) v += t <= JM_T_HOLD6 ? w->power : w->treasure * (var ? jm_board_treasure(var, t) : jm_treasure_value(t));
    return v;
}

/* heur_features() of every player at once, into f[p]: the ships' steps
 * left and the treasures' owners are read once, not once a player. */
static void features_all(const jm_state *s, double f[][HEUR_FEATURES])
{
    int np = jm_players(s), steps[JM_MAX_SHIPS], powers[JM_MAX_SHIPS] = {0}, treasure[JM_MAX_SHIPS] = {0};
    int var = jm_variant_of(s), full = full_steps(var);
    /* the ships in play: the players', and the ghost's with the ghost */
    for (int i = 0; i < JM_MAX_SHIPS; i++) steps[i] = -1;
    for (int i = 0; i < np; i++) steps[i] = jm_steps_left(s, i);
    if (jm_has_ghost(s)) steps[JM_GHOST] = jm_steps_left(s, JM_GHOST);
    for (int t = 0; t < JM_TREASURES; t++) {
        int o = jm_treasure_owner(s, t);
        if (o < 0) continue;
        if (t <= JM_T_HOLD6) powers[o]++;
        else treasure[o] += var ? jm_board_treasure(var, t) : jm_treasure_value(t);
    }
    for (int p = 0; p < np; p++) {
        int near = 0;
        int food = jm_total(s, p, JM_FOOD), powder = jm_total(s, p, JM_POWDER);
        for (int i = 0; i < JM_MAX_SHIPS; i++)
            if (i != p && steps[i] >= 0) {
                int d = steps[i] - steps[p];
                near |= d >= -6 && d <= 6;
            }
        f[p][0] = jm_total(s, p, JM_GOLD);
        f[p][1] = full - steps[p];
        f[p][2] = space_points(s, var, p, steps[p]); /* E3: 0 steps left: finished */
        f[p][3] = treasure[p];
        f[p][4] = powers[p];
        f[p][5] = food < 6 ? food : 6;
        f[p][6] = (powder < 6 ? powder : 6) * (near ? 1.0 : 0.5);
    }
}

int heur_features(const jm_state *s, int seat, double *f)
{
    double all[JM_MAX_PLAYERS][HEUR_FEATURES];
    features_all(s, all);
    for (int k = 0; k < HEUR_FEATURES; k++) f[k] = all[seat][k];
    return HEUR_FEATURES;
}

const heur_weights heur_learned = {
    .gold = 1.0, .progress = 2.156996, .space = 0.580900, .treasure = 1.912299,
    .power = 3.415243, .food = 0.840569, .powder = 0.221723, .win = 147.479,
};

/* An ended game's real shares into share[]: 0 if not over. */
static int ended_shares(const jm_state *s, double *share)
{
    if (!jm_over(s)) return 0;
    jm_score sc[JM_MAX_SHIPS];
    int k = jm_scores(s, sc);
    for (int p = 0; p < jm_players(s); p++) share[p] = sc[p].winner ? 1.0 / k : 0.0;
    return 1;
}

/* share[p] = exp(z[p]) over their sum, for np players. */
static void softmax(const double *z, int np, double *share)
{
    double top = -1e300, sum = 0;
    for (int p = 0; p < np; p++)
        if (z[p] > top) top = z[p];
    for (int p = 0; p < np; p++) sum += share[p] = exp(z[p] - top); /* less the largest: no overflow */
    for (int p = 0; p < np; p++) share[p] /= sum;
}

void heur_win_shares(const jm_state *s, const heur_weights *w, double slope, double *share)
{
    if (ended_shares(s, share)) return;
    int np = jm_players(s);
    const double wv[HEUR_FEATURES] = {w->gold, w->progress, w->space, w->treasure, w->power, w->food, w->powder};
    double z[JM_MAX_PLAYERS], f[JM_MAX_PLAYERS][HEUR_FEATURES];
    features_all(s, f);
    for (int p = 0; p < np; p++) {
        double v = 0;
        for (int i = 0; i < HEUR_FEATURES; i++) v += wv[i] * f[p][i];
        z[p] = slope * v;
    }
    softmax(z, np, share);
}

/* The leader's progress over the most steps (64 in the base game), from
 * the players' features. */
static double stage_of(const jm_state *s, const double f[][HEUR_FEATURES], int np)
{
    double t = 0, full = full_steps(jm_variant_of(s));
    for (int p = 0; p < np; p++)
        if (f[p][1] / full > t) t = f[p][1] / full;
    return t;
}

double heur_stage(const jm_state *s)
{
    double f[JM_MAX_PLAYERS][HEUR_FEATURES];
    features_all(s, f);
    return stage_of(s, f, jm_players(s));
}

/* The last line of results/learn/sharp-4p-stage.txt. */
const heur_staged_fit heur_staged = {
    .start = {-0.166849, -0.067707, 0.135823, -0.047153, 0.605404, 0.180657, -0.005130},
    .per_stage = {0.314833, 0.322145, -0.114167, 0.257880, -0.385490, -0.136074, 0.030748},
};

/* The last line of results/learn/sharp-4p-hand.txt: the seven features,
 * then the hand's three. */
const heur_staged_fit heur_hand = {
    .start = {-0.137178, 0.001740, 0.237828, -0.064767, 0.638720, 0.187200, 0.100303, -0.005753, -0.129892, -0.139743},
    .per_stage = {0.298389, 0.287419, -0.222128, 0.285084, -0.495330, -0.131022, -0.076612, 0.134843, 0.203873, 0.344730},
    .hand = 1,
};

/* Each card's halves as the hand's features read them: steps +1 forward,
 * -1 backward, 0 a load; and 1 where the half loads gold.  The base
 * game's built when the program or library loads, so that an evaluation
 * (one a search iteration) reads a table instead of calling the engine
 * four times a card; a variant's built at each evaluation from its cards. */
typedef struct card_halves {
    int8_t steps[2], gold[2];
} card_halves;
static card_halves base_halves[JM_CARDS];

static void build_halves(int v, card_halves *out)
{
    for (int c = 0; c < JM_CARDS; c++)
        for (int h = 0; h < 2; h++) {
            int a = jm_board_card(v, c, h);
            out[c].steps[h] = (int8_t)(a == JM_ACT_FWD ? 1 : a == JM_ACT_BACK ? -1 : 0);
            out[c].gold[h] = (int8_t)(a == JM_ACT_GOLD);
        }
}

__attribute__((constructor(102))) static void build_base_halves(void) { build_halves(0, base_halves); }

int heur_hand_features(const jm_state *s, double x[][HEUR_HAND_FEATURES])
{
    int np = jm_players(s), d = jm_decision(s), a = jm_dice(s, 0), b = jm_dice(s, 1);
    /* the dice are rolled and no card chosen yet: the Captain places them,
     * or after a double (no choice to make) the first seat chooses */
    int start = d == JM_D_DICE || (d == JM_D_CARD && a > 0 && a == b); /* a double: nothing to place */
    for (int p = 0; start && p < np; p++) start = !jm_card_count(s, p, JM_PILE_CHOSEN);
    card_halves mine[JM_CARDS];
    const card_halves *card_half = base_halves;
    if (start && jm_variant_of(s)) {
        build_halves(jm_variant_of(s), mine);
        card_half = mine;
    }
    for (int p = 0; p < np; p++) {
        int fwd[2] = {0, 0}, gold[2] = {0, 0}, halves = 0, first = 1; /* small integers: exact as doubles */
        for (unsigned m = start ? jm_cards(s, p, JM_PILE_HAND) : 0; m; m &= m - 1) {
            int c = __builtin_ctz(m); /* the lowest card in the mask */
            int s0 = card_half[c].steps[0], s1 = card_half[c].steps[1];
            int g0 = card_half[c].gold[0], g1 = card_half[c].gold[1];
            halves += s0 + s1;
            for (int o = 0; o < 2; o++) { /* o = 1: the dice the other way round */
                int morning = o ? b : a, evening = o ? a : b;
                int f = s0 * morning + s1 * evening, g = g0 * morning + g1 * evening;
                if (first || f > fwd[o]) fwd[o] = f;
                if (g > gold[o]) gold[o] = g;
            }
            first = 0;
        }
        x[p][0] = (double)(fwd[0] + fwd[1]) / 2;
        x[p][1] = (double)(gold[0] + gold[1]) / 2;
        x[p][2] = halves;
    }
    return start;
}

void heur_staged_shares(const jm_state *s, const heur_staged_fit *fit, double *share)
{
    if (ended_shares(s, share)) return;
    int np = jm_players(s);
    double z[JM_MAX_PLAYERS], f[JM_MAX_PLAYERS][HEUR_FEATURES], x[JM_MAX_PLAYERS][HEUR_HAND_FEATURES];
    features_all(s, f);
    double t = stage_of(s, f, np);
    int hand = fit->hand && heur_hand_features(s, x);
    for (int p = 0; p < np; p++) {
        z[p] = 0;
        for (int i = 0; i < HEUR_FEATURES; i++) z[p] += (fit->start[i] + fit->per_stage[i] * t) * f[p][i];
        for (int i = 0; hand && i < HEUR_HAND_FEATURES; i++) {
            int j = HEUR_FEATURES + i;
            z[p] += (fit->start[j] + fit->per_stage[j] * t) * x[p][i];
        }
    }
    softmax(z, np, share);
}

int heur_myopic(const jm_state *s, const int *legal, int n, const heur_weights *w)
{
    int seat = jm_to_move(s), best = legal[0];
    double bv = -1e300;
    for (int i = 0; i < n; i++) {
        jm_state t = *s;
        jm_apply_trusted(&t, legal[i], NULL);
        double v = heur_value(&t, seat, w);
        if (v > bv) {
            bv = v;
            best = legal[i];
        }
    }
    return best;
}
