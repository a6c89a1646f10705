/* Variant files (engine/variant.c, docs/VARIANTS.md): the base game's file
 * states the board's tables and passes its own check; every refusal names
 * its line and field. */
#include <string.h>

#include "helpers.h"

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
            "line 98: space 50: more spaces than the 50 a position holds (the state's and the encoding's)");
    refused(NULL, "card 11 gold gold", "line 98: card 11: more cards than the 11 a player's pile holds");
    refused(NULL, "treasure +1", "line 98: treasure: more than the 8 scoring cards the state holds");
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
    refused(NULL, "frobnicate 1", "line 98: 'frobnicate': not a field (space, card, power, treasure, die, rules)");
    char err[300];
    assert_int_equal(jm_variant_check("space 0 royal cost 0 score 15 next 1\n", err, sizeof err), JM_EINVALID);
    assert_string_equal(err, "0 cards: a hand of 3 and one to draw need 4 or more");
    assert_int_equal(jm_variant_check("# nothing\n", err, sizeof err), JM_EINVALID);
    assert_string_equal(err, "no space: a variant states its track");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_variant_base_states_the_tables),
        cmocka_unit_test(test_variant_refusals_name_line_and_field),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
