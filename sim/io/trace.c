/*
 * trace.c - print a game's events as a readable log or as JSON lines, and
 * fold them into the trace hash (the same hash in both formats); read a
 * JSON lines trace back.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

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
    else snprintf(buf, n, "%d", roll == JM_ROLL_ZERO ? 0 : roll);
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
        if (v == JM_ROLL_ZERO) fputs("0", f);
        else if (v < 0) fputs("null", f);
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

void trace_json_string(FILE *f, const char *t)
{
    fputc('"', f);
    for (; *t; t++) {
        if (*t == '"' || *t == '\\') fprintf(f, "\\%c", *t);
        else if ((unsigned char)*t < 0x20 || *t == '<' || *t == '>' || *t == '&') fprintf(f, "\\u%04x", *t);
        else fputc(*t, f);
    }
    fputc('"', f);
}

/* The seats' agents, when the game was not played by random agents only:
 * ,"agents":[...] in JSON, ", agents a,b" in text. */
static void header_agents(FILE *f, int jsonl, const char *const *agents, int players)
{
    if (!agents) return;
    fputs(jsonl ? ",\"agents\":[" : ", agents ", f);
    for (int i = 0; i < players; i++) {
        if (i) fputc(',', f);
        if (jsonl) trace_json_string(f, agents[i]);
        else fputs(agents[i], f);
    }
    if (jsonl) fputc(']', f);
}

void trace_header(trace_out *o, const jm_rules *r, uint64_t seed, uint64_t game, int players, const char *position,
                  const char *const *agents)
{
    FILE *f = o->f;
    if (position) {
        if (o->jsonl) {
            fprintf(f, "{\"round\":0,\"event\":\"run\",\"ship\":null,\"seed\":%llu,\"position\":",
                    (unsigned long long)seed);
            trace_json_string(f, position);
            header_agents(f, 1, agents, players);
            fputs("}\n", f);
        } else {
            fprintf(f, "Jamaica: from a position, seats' seed %llu", (unsigned long long)seed);
            header_agents(f, 0, agents, players);
            fprintf(f, ": %s\n", position);
        }
        return;
    }
    if (!o->jsonl) {
        char rs[256];
        jm_rules_format(r, rs, sizeof rs);
        fprintf(f, "Jamaica: seed %llu, game %llu, %d players, rules %s", (unsigned long long)seed,
                (unsigned long long)game, players, rs);
        header_agents(f, 0, agents, players);
        fputc('\n', f);
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
            "\"ghost_moves\":%d",
            (unsigned long long)seed, (unsigned long long)game, players,
            r->shortage == JM_SHORTAGE_DIE ? "die" : "retreat", ghost[r->ghost], r->start_food, r->start_gold,
            r->hand, r->treasures, fc, r->round_cap, r->ghost_gold, r->ghost_bonus, r->ghost_moves);
    /* only when set, so the traces of the rules that came before it read the same */
    if (r->later_gold) fprintf(f, ",\"later_gold\":%d", r->later_gold);
    /* a variant's file and hash, and the fields set over it (the base
     * game's or the file's), as --rules names them: the run line reads
     * back (trace_read) to the same variant */
    if (r->variant) {
        char label[768];
        jm_variant_label(r->variant, label, sizeof label); /* "PATH@HASH,FIELDS", "PATH@HASH" or "FIELDS" */
        const char *name = jm_variant_name(r->variant), *fields = label;
        if (name && *name) {
            char *comma = strchr(label + strlen(name), ',');
            fields = comma ? comma + 1 : "";
            if (comma) *comma = '\0';
            fputs(",\"variant\":", f);
            trace_json_string(f, label);
        }
        if (*fields) {
            fputs(",\"fields\":", f);
            trace_json_string(f, fields);
        }
    }
    fputc('}', f);
    header_agents(f, 1, agents, players);
    fputs("}\n", f);
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
    fprintf(f, "      %s spends %d gunpowder, rolls %s", ship, powder, first != -1 ? r1 : r2);
    if (first != -1) fprintf(f, ", forced to roll again: %s", r2);
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
    if (v[JM_V_BATTLE_D_ROLL] != -1)
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

/* May the trace's reader know treasure card t, drawn or passed between
 * ships a and b face down?  Everyone may, unless the trace is a seat's
 * (o->masked) and that seat is neither. */
static int may_name(const trace_out *o, int a, int b)
{
    return !o->masked || o->viewer == a || o->viewer == b;
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
        fprintf(f, " steals a face-down card from %s", l);
        if (may_name(o, ev->ship, v[JM_V_LOOT_LOSER])) fprintf(f, ": %s", jm_treasure_name(v[JM_V_LOOT_TREASURE]));
        break;
    case JM_LOOT_KIND_CURSE:
        if (may_name(o, ev->ship, v[JM_V_LOOT_LOSER]))
            fprintf(f, " gives the cursed %s to %s", jm_treasure_name(v[JM_V_LOOT_TREASURE]), l);
        else
            fprintf(f, " gives a face-down card to %s", l);
        break;
    }
    if (by) fprintf(f, " (chosen by %s)", by);
    fputc('\n', f);
}

static void text_treasure(trace_out *o, const jm_event *ev, const char *who)
{
    FILE *f = o->f;
    const int *v = ev->v;
    if (v[JM_V_TREASURE_TREASURE] >= 0 && !v[JM_V_TREASURE_FACE_UP] && !may_name(o, ev->ship, ev->ship))
        fprintf(f, "    %s raids the lair at %d: a treasure card, face down\n", who, v[JM_V_TREASURE_SPACE]);
    else if (v[JM_V_TREASURE_TREASURE] < 0)
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

/* ---------------------------------------------------------------- words */

void trace_event_words(const trace_out *o, const jm_event *ev, char *buf, size_t n)
{
    char raw[1024], who[16];
    const int *v = ev->v;
    ship_name(who, sizeof who, ev->ship);
    if (ev->type == JM_EV_ROUND) {
        ship_name(raw, sizeof raw, v[JM_V_ROUND_CAPTAIN]);
        snprintf(buf, n, "Round %d: Captain %s rolls %d and %d", ev->round, raw, v[JM_V_ROUND_DIE1],
                 v[JM_V_ROUND_DIE2]);
        return;
    }
    if (ev->type == JM_EV_SCORE) {
        snprintf(buf, n, "%s scores %d: %d for the space, %d gold, %d in treasures; rank %d", who,
                 v[JM_V_SCORE_TOTAL], v[JM_V_SCORE_SPACE_POINTS], v[JM_V_SCORE_GOLD], v[JM_V_SCORE_TREASURE_POINTS],
                 v[JM_V_SCORE_RANK]);
        return;
    }
    trace_out t = *o;
    t.f = fmemopen(raw, sizeof raw, "w");
    if (!t.f || ev->type >= JM_EV_COUNT || !text_printers[ev->type]) {
        if (t.f) fclose(t.f);
        snprintf(buf, n, "%s", jm_event_info(ev->type)->name);
        return;
    }
    text_printers[ev->type](&t, ev, who);
    fputc('\0', t.f);
    fclose(t.f);
    raw[sizeof raw - 1] = '\0';
    /* Its lines, trimmed, joined by "; " (a battle's sides). */
    size_t out = 0;
    buf[0] = '\0';
    for (char *line = strtok(raw, "\n"); line; line = strtok(NULL, "\n")) {
        while (*line == ' ') line++;
        if (!*line) continue;
        int k = snprintf(buf + out, n - out, "%s%s", !out ? "" : buf[out - 1] == '.' ? " " : "; ", line);
        if (k < 0 || (size_t)k >= n - out) break;
        out += (size_t)k;
    }
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

/* ---------------------------------------------------------------- reading JSON lines
 *
 * A JSONL trace read back: its run line (the game: seed, game, players
 * and rules, or the position; the agents when named), each event line as
 * written, and the hash.  The events are kept as text: whoever replays the
 * game compares the lines it would write with these (trace_event_json_buf),
 * so the reader needs no second description of the fields. */

size_t trace_event_json_buf(const jm_event *ev, char *buf, size_t n)
{
    FILE *f = fmemopen(buf, n, "w");
    if (!f) return 0;
    trace_event_json(f, ev);
    long len = ftell(f);
    fclose(f);
    if (len <= 0 || (size_t)len >= n) return 0;
    if (buf[len - 1] == '\n') len--;
    buf[len] = '\0';
    return (size_t)len;
}

/* Skip a JSON string at p (at its opening quote), copying its text
 * (unescaped) into out[0..n) when out is not NULL; the character after
 * it, or NULL if it does not end. */
static const char *json_skip_string(const char *p, char *out, size_t n)
{
    size_t k = 0;
    for (p++; *p && *p != '"'; p++) {
        char c = *p;
        if (c == '\\') {
            c = *++p;
            if (c == 'u') {
                unsigned u = 0;
                for (int h = 1; h <= 4; h++)
                    if (!isxdigit((unsigned char)p[h])) return NULL;
                sscanf(p + 1, "%4x", &u);
                c = (char)u;
                p += 4;
            } else if (c == 'n') c = '\n';
            else if (c == 't') c = '\t';
            else if (!c) return NULL;
        }
        if (out && k + 1 < n) out[k++] = c;
    }
    if (out && n) out[k] = '\0';
    return *p == '"' ? p + 1 : NULL;
}

/* Skip one JSON value at p; the character after it, or NULL. */
static const char *json_skip_value(const char *p)
{
    if (*p == '"') return json_skip_string(p, NULL, 0);
    if (*p == '{' || *p == '[') {
        int depth = 0;
        for (; *p; p++) {
            if (*p == '"') {
                if (!(p = json_skip_string(p, NULL, 0))) return NULL;
                p--;
            } else if (*p == '{' || *p == '[') depth++;
            else if ((*p == '}' || *p == ']') && --depth == 0) return p + 1;
        }
        return NULL;
    }
    const char *q = p;
    while (*q && *q != ',' && *q != '}' && *q != ']') q++;
    return q > p ? q : NULL;
}

/* Walk the object at p ('{'): call fn for each key with its value's text
 * (from the value's first character to end).  0, or -1 for text that is
 * not such an object, or when fn says so. */
typedef int json_member_fn(void *ctx, const char *key, const char *value, const char *end);
static int json_members(const char *p, json_member_fn *fn, void *ctx)
{
    char key[64];
    if (*p++ != '{') return -1;
    if (*p == '}') return 0;
    for (;;) {
        if (*p != '"' || !(p = json_skip_string(p, key, sizeof key)) || *p++ != ':') return -1;
        const char *end = json_skip_value(p);
        if (!end || fn(ctx, key, p, end)) return -1;
        p = end;
        if (*p == '}') return 0;
        if (*p++ != ',') return -1;
    }
}

typedef struct run_reader {
    trace_file *t;
    char rules[512];
    size_t rules_len;
    char *err;
    size_t errlen;
} run_reader;

static int read_u64(const char *v, const char *end, uint64_t *out)
{
    char *e;
    if (*v < '0' || *v > '9') return -1;
    unsigned long long x = strtoull(v, &e, 10);
    if (e != end) return -1;
    *out = x;
    return 0;
}

/* One rule of the run line's "rules" object, as key=value text. */
static int rule_member(void *ctx, const char *key, const char *v, const char *end)
{
    run_reader *r = ctx;
    char text[256]; /* a variant's path and hash the longest */
    if (*v == '"') {
        if (!json_skip_string(v, text, sizeof text)) return -1;
    } else {
        size_t n = (size_t)(end - v);
        if (n >= sizeof text) return -1;
        memcpy(text, v, n);
        text[n] = '\0';
    }
    int fields = !strcmp(key, "fields"); /* the variant's fields: key=value items themselves */
    int k = snprintf(r->rules + r->rules_len, sizeof r->rules - r->rules_len, "%s%s%s%s", r->rules_len ? "," : "",
                     fields ? "" : key, fields ? "" : "=", text);
    if (k < 0 || (size_t)k >= sizeof r->rules - r->rules_len) return -1;
    r->rules_len += (size_t)k;
    return 0;
}

static int run_member(void *ctx, const char *key, const char *v, const char *end)
{
    run_reader *r = ctx;
    trace_file *t = r->t;
    uint64_t x;
    if (!strcmp(key, "seed")) return read_u64(v, end, &t->seed);
    if (!strcmp(key, "game")) return read_u64(v, end, &t->game);
    if (!strcmp(key, "players")) {
        if (read_u64(v, end, &x) || x < 2 || x > JM_MAX_PLAYERS) return -1;
        t->players = (int)x;
        return 0;
    }
    if (!strcmp(key, "rules")) return json_members(v, rule_member, r);
    if (!strcmp(key, "position")) {
        if (*v != '"' || t->position) return -1; /* a string, given once */
        t->position = malloc((size_t)(end - v));
        return t->position && json_skip_string(v, t->position, (size_t)(end - v)) ? 0 : -1;
    }
    if (!strcmp(key, "agents")) {
        if (*v++ != '[') return -1;
        for (int i = 0; *v == '"' && i < JM_MAX_PLAYERS; i++) {
            if (!(v = json_skip_string(v, t->agents[i], sizeof t->agents[i]))) return -1;
            t->has_agents = i + 1;
            if (*v == ',') v++;
        }
        return *v == ']' ? 0 : -1;
    }
    return 0; /* round, event, ship */
}

/* The run line: the game it describes, set up in t; 0, or -1 with err. */
static int read_run(const char *line, trace_file *t, char *err, size_t errlen)
{
    static const char tag[] = "{\"round\":0,\"event\":\"run\",";
    run_reader r = {.t = t, .err = err, .errlen = errlen};
    if (strncmp(line, tag, sizeof tag - 1) || json_members(line, run_member, &r)) {
        snprintf(err, errlen, "its first line is not a trace's run line");
        return -1;
    }
    if (t->position) {
        jm_state s;
        if (jm_position_parse(&s, t->position, err, errlen)) return -1;
        t->players = jm_players(&s);
        return 0;
    }
    t->seeded = 1;
    if (!t->players || !r.rules_len) {
        snprintf(err, errlen, "its run line has no players or rules");
        return -1;
    }
    char why[200];
    if (jm_rules_parse(&t->rules, r.rules, why, sizeof why)) {
        snprintf(err, errlen, "its rules: %s", why);
        return -1;
    }
    return 0;
}

int trace_read(FILE *f, trace_file *t, char *err, size_t errlen)
{
    memset(t, 0, sizeof *t);
    char *line = NULL;
    size_t cap = 0, lineno = 0;
    ssize_t len;
    int rc = -1, hashed = 0;
    while ((len = getline(&line, &cap, f)) > 0) {
        lineno++;
        if (line[len - 1] == '\n') line[--len] = '\0';
        if (hashed) {
            snprintf(err, errlen, "line %zu: text after the hash line", lineno);
            goto out;
        }
        if (lineno == 1) {
            if (read_run(line, t, err, errlen)) goto out;
            continue;
        }
        unsigned long long h;
        int end = 0;
        if (sscanf(line, "{\"hash\":\"%16llx\"}%n", &h, &end) == 1 && end == len) {
            t->hash = h;
            hashed = 1;
            continue;
        }
        if (strncmp(line, "{\"round\":", 9)) {
            snprintf(err, errlen, "line %zu is not an event of a trace", lineno);
            goto out;
        }
        if (t->n == t->cap) {
            size_t nc = t->cap ? 2 * t->cap : 1024;
            char **nl = realloc(t->lines, nc * sizeof *nl);
            if (!nl) goto oom;
            t->lines = nl;
            t->cap = nc;
        }
        if (!(t->lines[t->n] = strdup(line))) goto oom;
        t->n++;
    }
    if (ferror(f)) {
        snprintf(err, errlen, "cannot read it");
        goto out;
    }
    if (!lineno) {
        snprintf(err, errlen, "it is empty");
        goto out;
    }
    if (!hashed) {
        snprintf(err, errlen, "it ends before its hash line (cut short?)");
        goto out;
    }
    rc = 0;
    goto out;
oom:
    snprintf(err, errlen, "out of memory");
out:
    free(line);
    if (rc) trace_file_free(t);
    return rc;
}

void trace_file_free(trace_file *t)
{
    for (size_t i = 0; i < t->n; i++) free(t->lines[i]);
    free(t->lines);
    free(t->position);
    t->lines = NULL;
    t->position = NULL;
    t->n = t->cap = 0;
}
