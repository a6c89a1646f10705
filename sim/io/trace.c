/*
 * trace.c - print a game's events as a readable log or as JSON lines, and
 * fold them into the trace hash (the same hash in both formats).
 */
#include <stdio.h>
#include <string.h>

#include "trace.h"

static void ship_name(char *buf, size_t n, int ship)
{
    if (ship == JM_GHOST) snprintf(buf, n, "Ghost");
    else if (ship < 0) snprintf(buf, n, "-");
    else snprintf(buf, n, "P%d", ship);
}

static void roll_name(char *buf, size_t n, int roll)
{
    if (roll == 0) snprintf(buf, n, "star");
    else snprintf(buf, n, "%d", roll);
}

/* A holds field packs six holds in 5 bits each: the count in the low 3,
 * the resource in the next 2. */
static int hold_count(int packed, int i)
{
    return (packed >> (5 * i)) & 7;
}

static int hold_res(int packed, int i)
{
    return (packed >> (5 * i + 3)) & 3;
}

static void holds_text(char *buf, size_t n, int packed)
{
    size_t o = 0;
    buf[0] = '\0';
    for (int i = 0; i < 6; i++) {
        int c = hold_count(packed, i), t = hold_res(packed, i);
        if (i == 5 && !c) break;
        o += (size_t)snprintf(buf + o, n - o, "%s", i ? " | " : "");
        if (c) o += (size_t)snprintf(buf + o, n - o, "%d %s", c, jm_res_name(t));
        else o += (size_t)snprintf(buf + o, n - o, "-");
        if (o >= n) break;
    }
}

static const char *const short_names[] = {"stay put", "port", "sea", "pirate lair", "retreat"};
static const char *const loot_names[] = {"nothing", "hold", "power", "blind", "curse"};

/* ---------------------------------------------------------------- JSON */

static void json_value(FILE *f, int kind, int v)
{
    switch (kind) {
    case JM_FK_SHIP:
        if (v < 0) fputs("null", f);
        else if (v == JM_GHOST) fputs("\"ghost\"", f);
        else fprintf(f, "%d", v);
        break;
    case JM_FK_RES: if (v < 0) fputs("null", f); else fprintf(f, "\"%s\"", jm_res_name(v)); break;
    case JM_FK_DIR: fputs(v ? "\"backward\"" : "\"forward\"", f); break;
    case JM_FK_HOLDS:
        fputc('[', f);
        for (int i = 0; i < 6; i++) {
            int c = hold_count(v, i), t = hold_res(v, i);
            if (i) fputc(',', f);
            if (c) fprintf(f, "[\"%s\",%d]", jm_res_name(t), c);
            else fputs("null", f);
        }
        fputc(']', f);
        break;
    case JM_FK_ACT: fprintf(f, "\"%s\"", jm_act_name(v)); break;
    case JM_FK_TREASURE: if (v < 0) fputs("null", f); else fprintf(f, "\"%s\"", jm_treasure_name(v)); break;
    case JM_FK_ROLL:
        if (v < 0) fputs("null", f);
        else if (v == 0) fputs("\"star\"", f);
        else fprintf(f, "%d", v);
        break;
    case JM_FK_BOOL: fputs(v ? "true" : "false", f); break;
    case JM_FK_LOOT: fprintf(f, "\"%s\"", loot_names[v]); break;
    case JM_FK_SHORT: fprintf(f, "\"%s\"", short_names[v]); break;
    default: fprintf(f, "%d", v); break;
    }
}

void trace_event_json(FILE *f, const jm_event *ev)
{
    const jm_event_desc *d = jm_event_info(ev->type);
    fprintf(f, "{\"round\":%d,\"event\":\"%s\",\"ship\":", ev->round, d->name);
    json_value(f, JM_FK_SHIP, ev->ship);
    for (int i = 0; i < d->nfields; i++) {
        fprintf(f, ",\"%s\":", d->fields[i].name);
        json_value(f, d->fields[i].kind, ev->v[i]);
    }
    fputs("}\n", f);
}

/* ---------------------------------------------------------------- header */

/* A string as a JSON string (the position text holds no quote or control
 * character, but escape them anyway). */
static void json_string(FILE *f, const char *t)
{
    fputc('"', f);
    for (; *t; t++) {
        if (*t == '"' || *t == '\\') fprintf(f, "\\%c", *t);
        else if ((unsigned char)*t < 0x20) fprintf(f, "\\u%04x", *t);
        else fputc(*t, f);
    }
    fputc('"', f);
}

void trace_header(trace_out *o, const jm_rules *r, uint64_t seed, uint64_t game, int players, const char *position)
{
    FILE *f = o->f;
    if (position) {
        if (o->jsonl) {
            fprintf(f, "{\"round\":0,\"event\":\"run\",\"ship\":null,\"seed\":%llu,\"position\":",
                    (unsigned long long)seed);
            json_string(f, position);
            fputs("}\n", f);
        } else {
            fprintf(f, "Jamaica: from a position, seats' seed %llu: %s\n", (unsigned long long)seed, position);
        }
        return;
    }
    if (!o->jsonl) {
        char rs[256];
        jm_rules_format(r, rs, sizeof rs);
        fprintf(f, "Jamaica: seed %llu, game %llu, %d players, rules %s\n", (unsigned long long)seed,
                (unsigned long long)game, players, rs);
        return;
    }
    static const char *const ghost[] = {"auto", "on", "off"};
    char fc[16];
    if (r->first_captain < 0) snprintf(fc, sizeof fc, "\"random\"");
    else snprintf(fc, sizeof fc, "%d", r->first_captain);
    fprintf(f,
            "{\"round\":0,\"event\":\"run\",\"ship\":null,\"seed\":%llu,\"game\":%llu,\"players\":%d,"
            "\"rules\":{\"shortage\":\"%s\",\"ghost\":\"%s\",\"start_food\":%d,\"start_gold\":%d,\"hand\":%d,"
            "\"treasures\":%d,\"first_captain\":%s,\"round_cap\":%d,\"ghost_gold\":%d,\"ghost_bonus\":%d,"
            "\"ghost_moves\":%d}}\n",
            (unsigned long long)seed, (unsigned long long)game, players,
            r->shortage == JM_SHORTAGE_DIE ? "die" : "retreat", ghost[r->ghost], r->start_food, r->start_gold,
            r->hand, r->treasures, fc, r->round_cap, r->ghost_gold, r->ghost_bonus, r->ghost_moves);
}

/* ---------------------------------------------------------------- text */

/* The text trace: one printer per event type; who is the event's ship as
 * text ("P0", "Ghost"). */
typedef void text_printer(trace_out *o, const jm_event *ev, const char *who);

static void text_setup(trace_out *o, const jm_event *ev, const char *who)
{
    FILE *f = o->f;
    const int *v = ev->v;
    (void)who;
    char a[16];
    fprintf(f, "Setup: %d players, Ghost Ship %s, shortage rule %s, %d treasure cards in the pile.\n",
            v[JM_V_SETUP_PLAYERS], v[JM_V_SETUP_GHOST] ? "in play" : "not in play",
            v[JM_V_SETUP_SHORTAGE_DIE] ? "die (2021)" : "retreat (2007)", v[JM_V_SETUP_PILE]);
    ship_name(a, sizeof a, v[JM_V_SETUP_FIRST_CAPTAIN]);
    fprintf(f, "The first Captain is %s.\n", a);
}

static void text_round(trace_out *o, const jm_event *ev, const char *who)
{
    FILE *f = o->f;
    const int *v = ev->v;
    (void)who;
    char a[16];
    ship_name(a, sizeof a, v[JM_V_ROUND_CAPTAIN]);
    fprintf(f, "\n== Round %d == Captain %s rolls %d and %d\n", ev->round, a, v[JM_V_ROUND_DIE1],
            v[JM_V_ROUND_DIE2]);
}

static void text_dice(trace_out *o, const jm_event *ev, const char *who)
{
    FILE *f = o->f;
    const int *v = ev->v;
    (void)who;
    if (v[JM_V_DICE_CHOSEN_BY] < 0)
        fprintf(f, "  A double: morning %d, evening %d\n", v[JM_V_DICE_MORNING], v[JM_V_DICE_EVENING]);
    else
        fprintf(f, "  Captain places the dice: morning %d, evening %d\n", v[JM_V_DICE_MORNING],
                v[JM_V_DICE_EVENING]);
}

static void text_card(trace_out *o, const jm_event *ev, const char *who)
{
    FILE *f = o->f;
    const int *v = ev->v;
    fprintf(f, "  %s plays %s / %s\n", who, jm_act_name(v[JM_V_CARD_MORNING]), jm_act_name(v[JM_V_CARD_EVENING]));
}

static void text_move(trace_out *o, const jm_event *ev, const char *who)
{
    FILE *f = o->f;
    const int *v = ev->v;
    char a[16];
    fprintf(f, "    %s moves %s %d: %d -> %d", who, v[JM_V_MOVE_DIR] ? "backward" : "forward", v[JM_V_MOVE_DIE],
            v[JM_V_MOVE_FROM], v[JM_V_MOVE_TO]);
    if (v[JM_V_MOVE_LAP_BEFORE] != v[JM_V_MOVE_LAP_AFTER])
        fprintf(f, " (lap %d -> %d)", v[JM_V_MOVE_LAP_BEFORE], v[JM_V_MOVE_LAP_AFTER]);
    if (ev->ship == JM_GHOST && v[JM_V_MOVE_CHOSEN_BY] >= 0) {
        ship_name(a, sizeof a, v[JM_V_MOVE_CHOSEN_BY]);
        fprintf(f, " (route chosen by %s)", a);
    }
    fputc('\n', f);
}

static void text_load(trace_out *o, const jm_event *ev, const char *who)
{
    FILE *f = o->f;
    const int *v = ev->v;
    char h[96];
    holds_text(h, sizeof h, v[JM_V_LOAD_HOLDS]);
    fprintf(f, "    %s %s %d %s into hold %d", who, v[JM_V_LOAD_LOOT] ? "stows" : "loads", v[JM_V_LOAD_AMOUNT],
            jm_res_name(v[JM_V_LOAD_RES]), v[JM_V_LOAD_HOLD] + 1);
    if (v[JM_V_LOAD_DUMPED])
        fprintf(f, " (dumping %d %s)", v[JM_V_LOAD_DUMPED], jm_res_name(v[JM_V_LOAD_DUMPED_RES]));
    fprintf(f, "   holds: %s\n", h);
}

static void text_noload(trace_out *o, const jm_event *ev, const char *who)
{
    FILE *f = o->f;
    const int *v = ev->v;
    fprintf(f, "    %s cannot load %d %s: every hold holds %s\n", who, v[JM_V_NOLOAD_AMOUNT],
            jm_res_name(v[JM_V_NOLOAD_RES]), jm_res_name(v[JM_V_NOLOAD_RES]));
}

static void text_pay(trace_out *o, const jm_event *ev, const char *who)
{
    FILE *f = o->f;
    const int *v = ev->v;
    char h[96];
    holds_text(h, sizeof h, v[JM_V_PAY_HOLDS]);
    fprintf(f, "    %s pays %d %s at space %d   holds: %s\n", who, v[JM_V_PAY_PAID], jm_res_name(v[JM_V_PAY_RES]),
            v[JM_V_PAY_SPACE], h);
}

static void text_shortage(trace_out *o, const jm_event *ev, const char *who)
{
    FILE *f = o->f;
    const int *v = ev->v;
    char a[16], h[96];
    holds_text(h, sizeof h, v[JM_V_SHORTAGE_HOLDS]);
    fprintf(f, "    %s SHORTAGE: owes %d %s, pays %d", who, v[JM_V_SHORTAGE_DUE],
            jm_res_name(v[JM_V_SHORTAGE_RES]), v[JM_V_SHORTAGE_PAID]);
    if (v[JM_V_SHORTAGE_ROLL] >= 0) {
        roll_name(a, sizeof a, v[JM_V_SHORTAGE_ROLL]);
        fprintf(f, "; shortage die %s (%s)", a, short_names[v[JM_V_SHORTAGE_RESULT]]);
    } else {
        fprintf(f, "; retreats");
    }
    if (v[JM_V_SHORTAGE_FROM] != v[JM_V_SHORTAGE_TO])
        fprintf(f, ": %d -> %d", v[JM_V_SHORTAGE_FROM], v[JM_V_SHORTAGE_TO]);
    if (v[JM_V_SHORTAGE_TO] == 0) fprintf(f, " (Port Royal, lap %d)", v[JM_V_SHORTAGE_LAP_AFTER]);
    fprintf(f, "   holds: %s\n", h);
}

/* One side of a battle: its gunpowder, its roll (the first one too, when
 * the Sabre forced another) and Lady Beth's bonus. */
static void battle_side(FILE *f, const char *ship, int powder, int first, int roll, int beth)
{
    char r1[16], r2[16];
    roll_name(r1, sizeof r1, first);
    roll_name(r2, sizeof r2, roll);
    fprintf(f, "      %s spends %d gunpowder, rolls %s", ship, powder, first >= 0 ? r1 : r2);
    if (first >= 0) fprintf(f, ", forced to roll again: %s", r2);
    if (beth) fprintf(f, " (+2 Lady Beth)");
    fputc('\n', f);
}

static void text_battle(trace_out *o, const jm_event *ev, const char *who)
{
    FILE *f = o->f;
    const int *v = ev->v;
    char a[16];
    char d[16], w[16];
    ship_name(d, sizeof d, v[JM_V_BATTLE_DEFENDER]);
    ship_name(w, sizeof w, v[JM_V_BATTLE_WINNER]);
    fprintf(f, "    BATTLE at %d: %s attacks %s\n", v[JM_V_BATTLE_SPACE], who, d);
    battle_side(f, who, v[JM_V_BATTLE_A_POWDER], v[JM_V_BATTLE_A_ROLL_FIRST], v[JM_V_BATTLE_A_ROLL],
                v[JM_V_BATTLE_A_BETH]);
    if (v[JM_V_BATTLE_D_ROLL] >= 0)
        battle_side(f, d, v[JM_V_BATTLE_D_POWDER], v[JM_V_BATTLE_D_ROLL_FIRST], v[JM_V_BATTLE_D_ROLL],
                    v[JM_V_BATTLE_D_BETH]);
    if (v[JM_V_BATTLE_SABRE_BY] >= 0) {
        ship_name(a, sizeof a, v[JM_V_BATTLE_SABRE_BY]);
        fprintf(f, "      (%s used Saran's Sabre)\n", a);
    }
    if (v[JM_V_BATTLE_A_STRENGTH] >= 0)
        fprintf(f, "      strength %d against %d: ", v[JM_V_BATTLE_A_STRENGTH], v[JM_V_BATTLE_D_STRENGTH]);
    else
        fprintf(f, "      a star: ");
    if (v[JM_V_BATTLE_WINNER] < 0)
        fprintf(f, "a tie, no winner\n");
    else
        fprintf(f, "%s wins\n", w);
}

static void text_loot(trace_out *o, const jm_event *ev, const char *who)
{
    FILE *f = o->f;
    const int *v = ev->v;
    char c[16], l[16];
    ship_name(c, sizeof c, v[JM_V_LOOT_CHOOSER]);
    ship_name(l, sizeof l, v[JM_V_LOOT_LOSER]);
    const char *by = v[JM_V_LOOT_CHOOSER] != ev->ship ? c : NULL;
    fprintf(f, "      %s", who);
    switch (v[JM_V_LOOT_KIND]) {
    case JM_LOOT_KIND_NONE: fprintf(f, " takes nothing"); break;
    case JM_LOOT_KIND_HOLD:
        fprintf(f, " steals %d %s from %s", v[JM_V_LOOT_AMOUNT], jm_res_name(v[JM_V_LOOT_RES]), l);
        if (v[JM_V_LOOT_OVERBOARD]) fprintf(f, " and throws it overboard");
        break;
    case JM_LOOT_KIND_POWER: fprintf(f, " steals %s from %s", jm_treasure_name(v[JM_V_LOOT_TREASURE]), l); break;
    case JM_LOOT_KIND_BLIND:
        fprintf(f, " steals a face-down card from %s: %s", l, jm_treasure_name(v[JM_V_LOOT_TREASURE]));
        break;
    case JM_LOOT_KIND_CURSE:
        fprintf(f, " gives the cursed %s to %s", jm_treasure_name(v[JM_V_LOOT_TREASURE]), l);
        break;
    }
    if (by) fprintf(f, " (chosen by %s)", by);
    fputc('\n', f);
}

static void text_treasure(trace_out *o, const jm_event *ev, const char *who)
{
    FILE *f = o->f;
    const int *v = ev->v;
    if (v[JM_V_TREASURE_TREASURE] < 0)
        fprintf(f, "    %s raids the lair at %d: the treasure pile is empty\n", who, v[JM_V_TREASURE_SPACE]);
    else
        fprintf(f, "    %s raids the lair at %d: %s (%s)\n", who, v[JM_V_TREASURE_SPACE],
                jm_treasure_name(v[JM_V_TREASURE_TREASURE]), v[JM_V_TREASURE_FACE_UP] ? "face up" : "face down");
}

static void text_ghostdir(trace_out *o, const jm_event *ev, const char *who)
{
    FILE *f = o->f;
    const int *v = ev->v;
    (void)who;
    char a[16];
    fprintf(f, "  Ghost Ship, %s die: %s", v[JM_V_GHOSTDIR_MOVE] ? "evening" : "morning",
            v[JM_V_GHOSTDIR_DIR] ? "backward" : "forward");
    if (v[JM_V_GHOSTDIR_FORCED])
        fprintf(f, " (forced: it is alone %s)\n", v[JM_V_GHOSTDIR_DIR] ? "in front" : "last");
    else {
        ship_name(a, sizeof a, v[JM_V_GHOSTDIR_CHOSEN_BY]);
        fprintf(f, " (Captain %s chooses)\n", a);
    }
}

static void text_finish(trace_out *o, const jm_event *ev, const char *who)
{
    FILE *f = o->f;
    (void)ev;
    fprintf(f, "    %s reaches Port Royal and finishes!\n", who);
}

static void text_reshuffle(trace_out *o, const jm_event *ev, const char *who)
{
    FILE *f = o->f;
    const int *v = ev->v;
    fprintf(f, "  %s shuffles %d played cards into a new draw pile\n", who, v[JM_V_RESHUFFLE_CARDS]);
}

static void text_score(trace_out *o, const jm_event *ev, const char *who)
{
    FILE *f = o->f;
    const int *v = ev->v;
    char a[16];
    if (!o->scored++) {
        fprintf(f, "\nFinal scores after round %d (pos: space, /0 in lap 0; points: the space's)\n", ev->round);
        fprintf(f, "  %-6s %5s %6s %5s %8s %10s %5s %4s\n", "ship", "pos", "points", "gold", "treasure",
                "steps_left", "total", "rank");
    }
    snprintf(a, sizeof a, "%d%s", v[JM_V_SCORE_POS], v[JM_V_SCORE_LAP] ? "" : "/0");
    fprintf(f, "  %-6s %5s %6d %5d %8d %10d %5d %4d\n", who, a, v[JM_V_SCORE_SPACE_POINTS], v[JM_V_SCORE_GOLD],
            v[JM_V_SCORE_TREASURE_POINTS], v[JM_V_SCORE_STEPS_LEFT], v[JM_V_SCORE_TOTAL], v[JM_V_SCORE_RANK]);
}

static void text_end(trace_out *o, const jm_event *ev, const char *who)
{
    FILE *f = o->f;
    const int *v = ev->v;
    (void)who;
    char b[16];
    fprintf(f, "%s", v[JM_V_END_CAPPED] ? "The game reached the round cap.\n" : "");
    fprintf(f, "%s: ", v[JM_V_END_WINNERS] > 1 ? "Shared win" : "Winner");
    int first = 1;
    for (int i = 0; i < JM_MAX_SHIPS; i++)
        if (v[JM_V_END_WINNER_MASK] & (1 << i)) {
            ship_name(b, sizeof b, i);
            fprintf(f, "%s%s", first ? "" : ", ", b);
            first = 0;
        }
    fputc('\n', f);
}

static text_printer *const text_printers[JM_EV_COUNT] = {
    [JM_EV_SETUP] = text_setup,
    [JM_EV_ROUND] = text_round,
    [JM_EV_DICE] = text_dice,
    [JM_EV_CARD] = text_card,
    [JM_EV_MOVE] = text_move,
    [JM_EV_LOAD] = text_load,
    [JM_EV_NOLOAD] = text_noload,
    [JM_EV_PAY] = text_pay,
    [JM_EV_SHORTAGE] = text_shortage,
    [JM_EV_BATTLE] = text_battle,
    [JM_EV_LOOT] = text_loot,
    [JM_EV_TREASURE] = text_treasure,
    [JM_EV_GHOSTDIR] = text_ghostdir,
    [JM_EV_FINISH] = text_finish,
    [JM_EV_RESHUFFLE] = text_reshuffle,
    [JM_EV_SCORE] = text_score,
    [JM_EV_END] = text_end,
};

static void print_text(trace_out *o, const jm_event *ev)
{
    char who[16];
    ship_name(who, sizeof who, ev->ship);
    if (ev->type < JM_EV_COUNT && text_printers[ev->type]) text_printers[ev->type](o, ev, who);
}

void trace_event(void *ctx, const jm_event *ev)
{
    trace_out *o = ctx;
    o->hash = jm_hash_event(o->hash, ev);
    o->events++;
    if (!o->f) return;
    if (o->jsonl) trace_event_json(o->f, ev);
    else print_text(o, ev);
}

void trace_finish(trace_out *o)
{
    if (!o->f) return;
    if (o->jsonl) fprintf(o->f, "{\"hash\":\"%016llx\"}\n", (unsigned long long)o->hash);
    else fprintf(o->f, "hash %016llx\n", (unsigned long long)o->hash);
}
