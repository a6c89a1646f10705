/* Variant files (engine/variant.c, docs/VARIANTS.md): the base game's file
 * states the board's tables and passes its own check; every refusal names
 * its line and field. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "helpers.h"
#include "../../agents/agent.h"

static char base[16384];

static void load_base(void)
{
    int n = jm_variant_base(NULL, 0);
    assert_in_range(n, 1000, (int)sizeof base - 1);
    assert_int_equal(jm_variant_base(base, sizeof base), n);
    assert_int_equal((int)strlen(base), n);
    char small[64];
    assert_int_equal(jm_variant_base(small, sizeof small), JM_EARG);
}

/* The base text with one line replaced (the first that starts with
 * `from`; from NULL: `to` appended), checked: the check's return, err. */
static int check_edit(const char *from, const char *to, char *err, size_t errlen)
{
    static char text[sizeof base + 256];
    char *at = NULL;
    for (char *p = from ? strstr(base, from) : NULL; p && !at; p = strstr(p + 1, from))
        if (p == base || p[-1] == '\n') at = p;
    if (from && !at) fail_msg("no line '%s' in the base file", from);
    if (!at) {
        snprintf(text, sizeof text, "%s%s\n", base, to);
    } else {
        size_t head = (size_t)(at - base), tail = strcspn(at, "\n");
        snprintf(text, sizeof text, "%.*s%s%s", (int)head, base, to, at + tail);
    }
    return jm_variant_check(text, err, errlen);
}

static void test_variant_base_states_the_tables(void **state)
{
    (void)state;
    load_base();
    char err[300];
    assert_int_equal(jm_variant_check(base, err, sizeof err), JM_OK);
    assert_string_equal(err, "");
    for (int sp = 0; sp < JM_SPACES; sp++) {
        static const char *const kinds[] = {"royal", "sea", "port", "lair"};
        char line[128];
        int n = snprintf(line, sizeof line, "\nspace %d %s cost %d score %d next %d", sp, kinds[jm_space_kind(sp)],
                         jm_space_cost(sp), jm_space_score(sp), jm_space_next(sp, 0));
        if (jm_space_next(sp, 1) >= 0) snprintf(line + n, sizeof line - (size_t)n, " %d", jm_space_next(sp, 1));
        strcat(line, "\n");
        if (!strstr(base, line)) fail_msg("the base file lacks '%s'", line + 1);
    }
    for (int c = 0; c < JM_CARDS; c++) {
        char line[64];
        snprintf(line, sizeof line, "\ncard %d %s %s\n", c, jm_act_name(jm_card_action(c, 0)),
                 jm_act_name(jm_card_action(c, 1)));
        if (!strstr(base, line)) fail_msg("the base file lacks '%s'", line + 1);
    }
    assert_non_null(strstr(base, "\ndie 2 4 6 8 10 star\n"));
    assert_non_null(strstr(base, "\ntreasure -4\n"));
    assert_non_null(strstr(base, "\nrules shortage=die,"));
}

static void refused(const char *from, const char *to, const char *want)
{
    char err[300];
    assert_int_equal(check_edit(from, to, err, sizeof err), JM_EINVALID);
    if (strcmp(err, want)) fail_msg("'%s' -> '%s': '%s', not '%s'", from ? from : "(end)", to, err, want);
}

static void test_variant_refusals_name_line_and_field(void **state)
{
    (void)state;
    load_base();
    /* the base file's lines: comments first, space 0 on line 10 */
    refused(NULL, "space 50 sea cost 1 score 1 next 0",
            "line 102: space 50: more spaces than the 50 a position holds (the state's and the encoding's)");
    refused(NULL, "card 11 gold gold", "line 102: card 11: more cards than the 11 a player's pile holds");
    refused(NULL, "treasure +1", "line 102: treasure: more than the 8 scoring cards the state holds");
    refused("space 38 ", "space 38 sea cost 1 score -5 next 0", "line 42: space 32: next: a fork whose lanes never merge");
    refused("space 40 ", "space 40 sea cost 4 score -5 next 39", "line 49: space 39: next: no way home to Port Royal from here");
    refused("space 12 ", "space 12 sea cost 2 score -5 next 12", "line 22: space 12: next 12: a space cannot follow itself");
    refused("space 3 ", "space 3 lair cost 0 score -5 next 4", "line 54: space 44: lair: more than the 9 lairs the state holds");
    refused("space 7 ", "space 7 royal cost 0 score -5 next 8", "line 17: space 7: royal: Port Royal is space 0 alone");
    refused("space 4 ", "space 4 lair cost 2 score -5 next 5", "line 14: space 4: cost 2: lair spaces cost nothing");
    refused("space 5 ", "space 5 port cost 99 score -5 next 6", "line 15: space 5: cost '99' (0 to 42: six holds of seven)");
    refused("space 3 ", "space 3 ocean cost 2 score -5 next 4", "line 13: space 3: kind 'ocean' (royal, sea, port or lair)");
    refused("space 3 ", "space 4 sea cost 2 score -5 next 4", "line 13: space 4: spaces come in order from 0; 3 expected");
    refused("space 6 ", "space 6 port cost 5 score -5 next 7 7", "line 16: space 6: next: a fork's lanes are the same");
    refused("space 6 ", "space 6 port cost 5 score -5 next 7 49", "line 23: space 13: no lane from Port Royal reaches it");
    refused("space 18 ", "space 18 port cost 3 score -5 next 15",
            "line 28: space 18: next 15: a space has two spaces before it at most");
    refused("die ", "die 2 4 6 8 star star", "line 93: die: 2 stars; a die has at most one");
    refused("die ", "die 2 4 6 8 10", "line 93: die: 5 faces; the combat die has 6");
    refused("rules ", "rules shortage=maybe", "line 97: rules: bad value 'maybe' for rule option 'shortage' (die or retreat)");
    refused("card 0 ", "card 0 food sail", "line 64: card 0: evening half 'sail' (gold, food, gunpowder, forward or backward)");
    refused("power map", "power compass", "line 79: power 'compass' (map, sabre, beth or hold6)");
    refused(NULL, "frobnicate 1", "line 102: 'frobnicate': not a field (space, behind, card, power, treasure, die, rules)");
    char err[300];
    assert_int_equal(jm_variant_check("space 0 royal cost 0 score 15 next 1\n", err, sizeof err), JM_EINVALID);
    assert_string_equal(err, "0 cards: a player's pile holds exactly 11 (each card's halves are yours to set)");
    assert_int_equal(jm_variant_check("# nothing\n", err, sizeof err), JM_EINVALID);
    assert_string_equal(err, "no space: a variant states its track");
}

/* text (of cap bytes) with the line that starts with `from` replaced. */
static void edit_in(char *text, size_t cap, const char *from, const char *to)
{
    char *at = NULL;
    for (char *p = strstr(text, from); p && !at; p = strstr(p + 1, from))
        if (p == text || p[-1] == '\n') at = p;
    if (!at) fail_msg("no line '%s' in the file", from);
    size_t tail = strcspn(at, "\n"), rest = strlen(at + tail), n = strlen(to);
    if ((size_t)(at - text) + n + rest + 1 > cap) fail_msg("edit too long");
    memmove(at + n, at + tail, rest + 1);
    memcpy(at, to, n);
}

/* The text of the base file with one line replaced (as check_edit). */
static const char *edited(const char *from, const char *to)
{
    static char text[sizeof base + 256];
    snprintf(text, sizeof text, "%s", base);
    edit_in(text, sizeof text, from, to);
    return text;
}

static int load(const char *text, const char *name, jm_rules *r)
{
    char err[300];
    int v = jm_variant_load(text, name, r, err, sizeof err);
    if (v <= 0) fail_msg("%s: %s", name, err);
    return v;
}

/* Events of a game, kept to compare two games event by event. */
typedef struct evs {
    jm_event ev[4096];
    int n;
} evs;
static void keep(void *ctx, const jm_event *e)
{
    evs *l = ctx;
    if (l->n < 4096) l->ev[l->n++] = *e;
}

/* Game g of seed 7 under r, every seat random (seeded by the game), with
 * jm_check after every action; its events into l. */
static void play(const jm_rules *r, int np, uint64_t g, evs *l)
{
    jm_tracer tr = {keep, l, 0};
    l->n = 0;
    jm_state s;
    char err[200];
    if (jm_init(&s, r, np, 7, g, &tr, err, sizeof err)) fail_msg("%s", err);
    jm_pcg32 rng;
    jm_pcg32_seed(&rng, 99, g);
    int a[JM_MAX_ACTIONS];
    while (!jm_over(&s)) {
        int n = jm_legal(&s, a);
        assert_true(n > 0);
        assert_int_equal(jm_apply(&s, a[jm_pcg32_bounded(&rng, (uint32_t)n)], &tr), JM_OK);
        if (jm_check(&s, err, sizeof err)) fail_msg("game %llu: %s", (unsigned long long)g, err);
    }
}

/* The base game printed and read back is the same board (every table,
 * the ones worked out from the track included), the same games event by
 * event, and the same id when loaded again; its rules name the file. */
static void test_variant_base_read_back_is_the_base_game(void **state)
{
    (void)state;
    load_base();
    jm_rules r, b;
    int v = load(base, "base.variant", &r);
    assert_int_equal(load(base, "base.variant", &b), v);
    assert_int_not_equal(load(base, "again.variant", &b), v); /* CSVs name the path given */
    assert_int_equal(r.variant, v);
    assert_int_equal(memcmp(&jm__boards[v], &jm__boards[0], sizeof(jm_board)), 0);
    jm_rules_default(&b);
    r.variant = 0;
    assert_int_equal(memcmp(&r, &b, sizeof r), 0); /* the file's rules line is the default */
    r.variant = (uint8_t)v;
    static evs x, y;
    for (int np = 2; np <= 6; np++)
        for (uint64_t g = 0; g < 40; g++) {
            play(&b, np, g, &x);
            play(&r, np, g, &y);
            assert_int_equal(x.n, y.n);
            assert_int_equal(memcmp(x.ev, y.ev, sizeof x.ev[0] * (size_t)x.n), 0);
        }
    char text[512], want[300];
    jm_rules_format(&r, text, sizeof text);
    snprintf(want, sizeof want, ",variant=base.variant@%016llx", (unsigned long long)jm_variant_hash(v));
    assert_non_null(strstr(text, want));
    assert_string_equal(jm_variant_name(0), "");
    assert_null(jm_variant_name(JM_VARIANTS));
}

/* One card's evening half changed: the games are the same event by event
 * until that card is first played, which is where they part. */
static void test_variant_changed_card_parts_at_its_first_use(void **state)
{
    (void)state;
    load_base();
    jm_rules r, b;
    jm_rules_default(&b);
    load(edited("card 6 ", "card 6 gold forward"), "card6.variant", &r);
    assert_int_equal(jm_board_card(r.variant, 6, 1), JM_ACT_FWD);
    assert_int_equal(jm_board_card(0, 6, 1), JM_ACT_GOLD);
    static evs x, y;
    int parted = 0;
    for (uint64_t g = 0; g < 50; g++) {
        play(&b, 3, g, &x);
        play(&r, 3, g, &y);
        int k = 0;
        while (k < x.n && k < y.n && !memcmp(&x.ev[k], &y.ev[k], sizeof x.ev[0])) k++;
        int used = 0;
        while (used < x.n && !(x.ev[used].type == JM_EV_CARD && x.ev[used].v[JM_V_CARD_CARD] == 6)) used++;
        if (used == x.n) {
            assert_int_equal(k, x.n); /* never played: the same game */
            continue;
        }
        assert_int_equal(k, used); /* they part at the card's reveal, not before */
        assert_int_equal(y.ev[k].v[JM_V_CARD_EVENING], JM_ACT_FWD);
        parted++;
    }
    assert_true(parted > 25);
}

/* A treasure's value, a space's cost, a die without the star and a game
 * without powers: every game plays to its end with jm_check holding, and
 * the scores and payments use the variant's numbers. */
static void test_variant_components_are_played(void **state)
{
    (void)state;
    load_base();
    static char text[sizeof base + 256];
    snprintf(text, sizeof text, "%s", edited("die ", "die 1 2 3 4 5 6"));
    char *p = strstr(text, "power map\n");
    assert_non_null(p);
    memcpy(p, "#ower", 5);                 /* no Morgan's Map */
    p = strstr(text, "treasure -4\n");
    memcpy(p, "treasure 20", 11);          /* the -4 is worth 20 */
    jm_rules r;
    int v = load(text, "nostar.variant", &r);
    assert_int_equal(jm_board_die(v, 5), 6);
    assert_int_equal(jm_board_in_game(v, JM_T_MAP), 0);
    assert_int_equal(jm_board_treasure(v, JM_TREASURES - 1), 20);
    static evs x;
    int battles = 0, scored20 = 0;
    for (int np = 2; np <= 5; np++)
        for (uint64_t g = 0; g < 40; g++) {
            play(&r, np, g, &x);
            for (int k = 0; k < x.n; k++) {
                if (x.ev[k].type == JM_EV_BATTLE) battles++;
                if (x.ev[k].type == JM_EV_TREASURE) {
                    assert_int_not_equal(x.ev[k].v[1], JM_T_MAP);
                    if (x.ev[k].v[1] == JM_TREASURES - 1) assert_int_equal(x.ev[k].v[2], 20), scored20++;
                }
            }
        }
    assert_true(battles > 0);
    assert_true(scored20 > 0);
    /* a port that costs 40: landing there pays 40 doubloons or what the ship has */
    int w = load(edited("space 5 ", "space 5 port cost 40 score -5 next 6"), "dear.variant", &r);
    assert_int_equal(jm_board_cost(w, 5), 40);
    assert_int_equal(jm_board_cost(0, 5), 3);
}

/* What a state cannot play: a fork at Port Royal or into it, forks so
 * close a move ends on four spaces, not 11 cards; a changed file under
 * its old hash; a name CSVs could not hold; more than 15 variants. */
static void test_variant_refusals_when_loaded(void **state)
{
    (void)state;
    load_base();
    char err[300];
    refused("space 0 ", "space 0 royal cost 0 score 15 next 1 13",
            "line 10: space 0: next: Port Royal has one space after it");
    refused("space 48 ", "space 48 sea cost 3 score 9 next 49 0",
            "line 58: space 48: next: a fork's second lane cannot be Port Royal (give it first)");
    /* forks at 7 (to 8 and 9) and 13 (to 14 and 16): a move of 2 from 6
     * ends on 8, 9, 14 or 16, one more than a decision offers */
    static char two[sizeof base + 256];
    snprintf(two, sizeof two, "%s", edited("space 7 ", "space 7 sea cost 2 score -5 next 8 9"));
    edit_in(two, sizeof two, "space 13 ", "space 13 sea cost 3 score -5 next 14 16");
    assert_int_equal(jm_variant_check(two, err, sizeof err), JM_EINVALID);
    assert_string_equal(err, "the track: a move or a shortage search ends on more than 3 spaces (forks too close "
                             "together; a decision offers 3)");
    assert_int_equal(check_edit("card 10 ", "", err, sizeof err), JM_EINVALID);
    assert_string_equal(err, "10 cards: a player's pile holds exactly 11 (each card's halves are yours to set)");
    jm_rules r;
    assert_int_equal(jm_variant_load(base, "a b", &r, err, sizeof err), JM_EINVALID);
    assert_non_null(strstr(err, "variant name 'a b'"));
    assert_int_equal(jm_rules_parse(&r, "variant=/nonexistent/x.variant", err, sizeof err), JM_EINVALID);
    assert_non_null(strstr(err, "variant file /nonexistent/x.variant: No such file"));
    char path[512]; /* a scratch file where the test may write: $TMPDIR, else /tmp */
    snprintf(path, sizeof path, "%s/jm-variant-XXXXXX", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, base, strlen(base)), (ssize_t)strlen(base));
    close(fd);
    char text[1024];
    assert_int_equal(jm_rules_parse(&r, path, err, sizeof err), JM_OK);
    assert_true(r.variant > 0);
    snprintf(text, sizeof text, "%s,hand=4", path);
    assert_int_equal(jm_rules_parse(&r, text, err, sizeof err), JM_OK);
    assert_int_equal(r.hand, 4);
    jm_rules_format(&r, text, sizeof text);
    jm_rules back;
    assert_int_equal(jm_rules_parse(&back, text, err, sizeof err), JM_OK);
    assert_int_equal(memcmp(&back, &r, sizeof r), 0);
    char *at = strrchr(text, '@');
    at[1] = at[1] == '0' ? '1' : '0';
    assert_int_equal(jm_rules_parse(&back, text, err, sizeof err), JM_EINVALID);
    assert_non_null(strstr(err, "(the file has changed)"));
    snprintf(text, sizeof text, "%s,classic,hand=4", path); /* a preset on top of a file: its shortage rule */
    assert_int_equal(jm_rules_parse(&back, text, err, sizeof err), JM_OK);
    assert_int_equal(back.shortage, JM_SHORTAGE_RETREAT);
    assert_int_equal(back.hand, 4);
    assert_true(back.variant > 0);
    snprintf(text, sizeof text, "%s,classic,2021", path);
    assert_int_equal(jm_rules_parse(&back, text, err, sizeof err), JM_EINVALID);
    unlink(path);
    /* the registry fills: 15 variants in all, then JM_EFULL */
    int last = 0, k = 0;
    for (; k < 20 && last >= 0; k++) {
        char name[32], line[64];
        snprintf(name, sizeof name, "fill%d.variant", k);
        snprintf(line, sizeof line, "space 1 sea cost %d score -5 next 2", k % 43);
        last = jm_variant_load(edited("space 1 ", line), name, &r, err, sizeof err);
    }
    assert_int_equal(last, JM_EFULL);
    assert_non_null(strstr(err, "variants are loaded already"));
}

/* Of greedy's choices between a space of the fork's inner lane (13, 14)
 * and one of its outer lane (7 to 12), over `games` 3-player games of
 * variant r: how many took the inner lane, into *inner, of *both. */
static const char *agent_spec = "greedy";
static void greedy_forks(const jm_rules *r, int games, int *inner, int *both)
{
    agent ag[3];
    char err[200];
    for (int i = 0; i < 3; i++) assert_int_equal(agent_create(&ag[i], agent_spec, err, sizeof err), 0);
    int legal[JM_MAX_ACTIONS];
    *inner = *both = 0;
    for (int g = 0; g < games; g++) {
        jm_state s;
        assert_int_equal(jm_init(&s, r, 3, 5, (uint64_t)g, NULL, err, sizeof err), JM_OK);
        for (int i = 0; i < 3; i++) agent_new_game(&ag[i], r, 3, 5, (uint64_t)g, i);
        while (!jm_over(&s)) {
            int k = jm_legal(&s, legal), who = jm_to_move(&s);
            int a = k == 1 ? legal[0] : agent_choose(&ag[who], &s, legal, k);
            if (jm_decision(&s) == JM_D_DEST) {
                int in = 0, out = 0;
                for (int j = 0; j < k; j++) in |= legal[j] >= 13 && legal[j] <= 14, out |= legal[j] >= 7 && legal[j] <= 12;
                if (in && out) ++*both, *inner += a >= 13 && a <= 14;
            }
            assert_int_equal(jm_apply(&s, a, NULL), JM_OK);
        }
    }
    for (int i = 0; i < 3; i++) agent_destroy(&ag[i]);
}

/* Agents read the variant in force: offered a space of the fork's inner
 * lane (13, 14) or of its outer one, greedy takes the inner lane nearly
 * always when it is free, and far less often when it costs 30 food a
 * space (greedy plays each choice on to the round's end, payment and
 * shortage included). */
static void test_variant_agents_take_the_cheap_route(void **state)
{
    (void)state;
    load_base();
    static char text[sizeof base + 256];
    jm_rules free_lane, dear_lane;
    snprintf(text, sizeof text, "%s", edited("space 13 ", "space 13 sea cost 0 score -5 next 14"));
    edit_in(text, sizeof text, "space 14 ", "space 14 sea cost 0 score -5 next 15");
    load(text, "free.variant", &free_lane);
    snprintf(text, sizeof text, "%s", edited("space 13 ", "space 13 sea cost 30 score -5 next 14"));
    edit_in(text, sizeof text, "space 14 ", "space 14 sea cost 30 score -5 next 15");
    load(text, "dear.variant", &dear_lane);
    int fi, fb, di, db;
    greedy_forks(&free_lane, 60, &fi, &fb);
    greedy_forks(&dear_lane, 60, &di, &db);
    print_message("greedy at the fork: the inner lane %d of %d times free, %d of %d dear\n", fi, fb, di, db);
    assert_true(fb >= 20 && db >= 20);
    /* free: taken at least 3 times in 4; dear: at most 3 in 5 (it is the
     * shorter lane, and a ship short of food pays what it has; 0.85 and
     * 0.45 when written) */
    assert_true(fi * 4 >= fb * 3);
    assert_true(di * 5 <= db * 3);
}

/* Fields set over a file (or over the base game) as rule options: the
 * same board as the file edited by hand; the rules text names them and
 * reads back; a bad field is refused in one line. */
static void test_variant_fields_as_rule_options(void **state)
{
    (void)state;
    load_base();
    jm_rules a, b, back;
    char err[300], text[600];
    load(edited("space 5 ", "space 5 port cost 1 score -5 next 6"), "by-hand.variant", &b);
    assert_int_equal(jm_rules_parse(&a, "classic,cost.5=1", err, sizeof err), JM_OK);
    assert_true(a.variant > 0);
    assert_int_equal(a.shortage, JM_SHORTAGE_RETREAT);
    assert_int_equal(memcmp(&jm__boards[a.variant], &jm__boards[b.variant], sizeof(jm_board)), 0);
    assert_int_equal(jm_rules_parse(&a, "card.6.evening=forward,treasure.7=9,die.5=12,score.49=20", err, sizeof err), JM_OK);
    assert_int_equal(jm_board_card(a.variant, 6, 1), JM_ACT_FWD);
    assert_int_equal(jm_board_treasure(a.variant, 4 + 7), 9);
    assert_int_equal(jm_board_die(a.variant, 5), 12);
    assert_int_equal(jm_board_score(a.variant, 49), 20);
    jm_rules_format(&a, text, sizeof text);
    assert_non_null(strstr(text, ",card.6.evening=forward,treasure.7=9,die.5=12,score.49=20"));
    assert_null(strstr(text, "variant="));
    assert_int_equal(jm_rules_parse(&back, text, err, sizeof err), JM_OK);
    assert_int_equal(back.variant, a.variant);
    static const char *const bad[][2] = {
        {"cost.0=3", "cost.0=3: space 0 is royal: it costs nothing"},
        {"cost.50=1", "cost.50: no space 50 (50 spaces)"},
        {"treasure.8=1", "treasure.8: no scoring treasure 8 (8 in the file)"},
        {"card.6.noon=gold", "unknown field 'card.6.noon' (cost.N, score.N, score.behind, card.N.morning, card.N.evening, treasure.K, die.F)"},
        {"card.6.evening=sail", "card.6.evening=sail: gold, food, gunpowder, forward or backward (or 0 to 4)"},
        {"die.6=3", "die.6: the die's faces are 0 to 5"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        assert_int_equal(jm_rules_parse(&a, bad[i][0], err, sizeof err), JM_EINVALID);
        assert_string_equal(err, bad[i][1]);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_variant_base_states_the_tables),
        cmocka_unit_test(test_variant_refusals_name_line_and_field),
        cmocka_unit_test(test_variant_base_read_back_is_the_base_game),
        cmocka_unit_test(test_variant_changed_card_parts_at_its_first_use),
        cmocka_unit_test(test_variant_components_are_played),
        cmocka_unit_test(test_variant_agents_take_the_cheap_route),
        cmocka_unit_test(test_variant_fields_as_rule_options),
        cmocka_unit_test(test_variant_refusals_when_loaded), /* last: it fills the process's variants */
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
