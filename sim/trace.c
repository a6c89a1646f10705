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

static void holds_text(char *buf, size_t n, int packed)
{
    size_t o = 0;
    buf[0] = '\0';
    for (int i = 0; i < 6; i++) {
        int c = (packed >> (5 * i)) & 7, t = (packed >> (5 * i + 3)) & 3;
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
            int c = (v >> (5 * i)) & 7, t = (v >> (5 * i + 3)) & 3;
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

static void print_json(FILE *f, const jm_event *ev)
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
            "\"treasures\":%d,\"first_captain\":%s,\"round_cap\":%d}}\n",
            (unsigned long long)seed, (unsigned long long)game, players,
            r->shortage == JM_SHORTAGE_DIE ? "die" : "retreat", ghost[r->ghost], r->start_food, r->start_gold,
            r->hand, r->treasures, fc, r->round_cap);
}

/* ---------------------------------------------------------------- text */

static void print_text(trace_out *o, const jm_event *ev)
{
    FILE *f = o->f;
    const int *v = ev->v;
    char who[16], a[16], b[16], h[96];
    ship_name(who, sizeof who, ev->ship);
    switch (ev->type) {
    case JM_EV_SETUP:
        fprintf(f, "Setup: %d players, Ghost Ship %s, shortage rule %s, %d treasure cards in the pile.\n",
                v[0], v[1] ? "in play" : "not in play", v[4] ? "die (2021)" : "retreat (2007)", v[3]);
        ship_name(a, sizeof a, v[2]);
        fprintf(f, "The first Captain is %s.\n", a);
        break;
    case JM_EV_ROUND:
        ship_name(a, sizeof a, v[0]);
        fprintf(f, "\n== Round %d == Captain %s rolls %d and %d\n", ev->round, a, v[1], v[2]);
        break;
    case JM_EV_DICE:
        if (v[2] < 0) fprintf(f, "  A double: morning %d, evening %d\n", v[0], v[1]);
        else fprintf(f, "  Captain places the dice: morning %d, evening %d\n", v[0], v[1]);
        break;
    case JM_EV_CARD:
        fprintf(f, "  %s plays %s / %s\n", who, jm_act_name(v[1]), jm_act_name(v[2]));
        break;
    case JM_EV_MOVE:
        fprintf(f, "    %s moves %s %d: %d -> %d", who, v[1] ? "backward" : "forward", v[0], v[2], v[3]);
        if (v[4] != v[5]) fprintf(f, " (lap %d -> %d)", v[4], v[5]);
        if (ev->ship == JM_GHOST && v[6] >= 0) {
            ship_name(a, sizeof a, v[6]);
            fprintf(f, " (route chosen by %s)", a);
        }
        fputc('\n', f);
        break;
    case JM_EV_LOAD:
        holds_text(h, sizeof h, v[6]);
        fprintf(f, "    %s %s %d %s into hold %d", who, v[5] ? "stows" : "loads", v[1], jm_res_name(v[0]), v[2] + 1);
        if (v[4]) fprintf(f, " (dumping %d %s)", v[4], jm_res_name(v[3]));
        fprintf(f, "   holds: %s\n", h);
        break;
    case JM_EV_NOLOAD:
        fprintf(f, "    %s cannot load %d %s: every hold holds %s\n", who, v[1], jm_res_name(v[0]), jm_res_name(v[0]));
        break;
    case JM_EV_PAY:
        holds_text(h, sizeof h, v[4]);
        fprintf(f, "    %s pays %d %s at space %d   holds: %s\n", who, v[2], jm_res_name(v[0]), v[3], h);
        break;
    case JM_EV_SHORTAGE:
        holds_text(h, sizeof h, v[3]);
        fprintf(f, "    %s SHORTAGE: owes %d %s, pays %d", who, v[1], jm_res_name(v[0]), v[2]);
        if (v[4] >= 0) {
            roll_name(a, sizeof a, v[4]);
            fprintf(f, "; shortage die %s (%s)", a, short_names[v[5]]);
        } else {
            fprintf(f, "; retreats");
        }
        if (v[6] != v[7]) fprintf(f, ": %d -> %d", v[6], v[7]);
        if (v[7] == 0) fprintf(f, " (Port Royal, lap %d)", v[8]);
        fprintf(f, "   holds: %s\n", h);
        break;
    case JM_EV_BATTLE: {
        char d[16], w[16], r1[16], r2[16];
        ship_name(d, sizeof d, v[0]);
        ship_name(w, sizeof w, v[11]);
        fprintf(f, "    BATTLE at %d: %s attacks %s\n", v[13], who, d);
        roll_name(r1, sizeof r1, v[2]);
        roll_name(r2, sizeof r2, v[3]);
        fprintf(f, "      %s spends %d gunpowder, rolls %s", who, v[1], v[2] >= 0 ? r1 : r2);
        if (v[2] >= 0) fprintf(f, ", forced to roll again: %s", r2);
        if (v[7]) fprintf(f, " (+2 Lady Beth)");
        fputc('\n', f);
        if (v[6] >= 0) {
            roll_name(r1, sizeof r1, v[5]);
            roll_name(r2, sizeof r2, v[6]);
            fprintf(f, "      %s spends %d gunpowder, rolls %s", d, v[4], v[5] >= 0 ? r1 : r2);
            if (v[5] >= 0) fprintf(f, ", forced to roll again: %s", r2);
            if (v[8]) fprintf(f, " (+2 Lady Beth)");
            fputc('\n', f);
        }
        if (v[12] >= 0) {
            ship_name(a, sizeof a, v[12]);
            fprintf(f, "      (%s used Saran's Sabre)\n", a);
        }
        if (v[9] >= 0) fprintf(f, "      strength %d against %d: ", v[9], v[10]);
        else fprintf(f, "      a star: ");
        if (v[11] < 0) fprintf(f, "a tie, no winner\n");
        else fprintf(f, "%s wins\n", w);
        break;
    }
    case JM_EV_LOOT: {
        char c[16], l[16];
        ship_name(c, sizeof c, v[0]);
        ship_name(l, sizeof l, v[1]);
        const char *by = v[0] != ev->ship ? c : NULL;
        fprintf(f, "      %s", who);
        switch (v[2]) {
        case JM_LOOT_KIND_NONE: fprintf(f, " takes nothing"); break;
        case JM_LOOT_KIND_HOLD:
            fprintf(f, " steals %d %s from %s", v[4], jm_res_name(v[3]), l);
            if (v[6]) fprintf(f, " and throws it overboard");
            break;
        case JM_LOOT_KIND_POWER: fprintf(f, " steals %s from %s", jm_treasure_name(v[5]), l); break;
        case JM_LOOT_KIND_BLIND: fprintf(f, " steals a face-down card from %s: %s", l, jm_treasure_name(v[5])); break;
        case JM_LOOT_KIND_CURSE: fprintf(f, " gives the cursed %s to %s", jm_treasure_name(v[5]), l); break;
        }
        if (by) fprintf(f, " (chosen by %s)", by);
        fputc('\n', f);
        break;
    }
    case JM_EV_TREASURE:
        if (v[1] < 0) fprintf(f, "    %s raids the lair at %d: the treasure pile is empty\n", who, v[0]);
        else
            fprintf(f, "    %s raids the lair at %d: %s (%s)\n", who, v[0], jm_treasure_name(v[1]),
                    v[3] ? "face up" : "face down");
        break;
    case JM_EV_GHOSTDIR:
        fprintf(f, "  Ghost Ship, %s die: %s", v[0] ? "evening" : "morning", v[1] ? "backward" : "forward");
        if (v[2]) fprintf(f, " (forced: it is alone %s)\n", v[1] ? "in front" : "last");
        else {
            ship_name(a, sizeof a, v[3]);
            fprintf(f, " (Captain %s chooses)\n", a);
        }
        break;
    case JM_EV_FINISH: fprintf(f, "    %s reaches Port Royal and finishes!\n", who); break;
    case JM_EV_RESHUFFLE: fprintf(f, "  %s shuffles %d played cards into a new draw pile\n", who, v[0]); break;
    case JM_EV_SCORE:
        if (!o->scored++) {
            fprintf(f, "\nFinal scores after round %d (pos: space, /0 in lap 0; points: the space's)\n", ev->round);
            fprintf(f, "  %-6s %5s %6s %5s %8s %10s %5s %4s\n", "ship", "pos", "points", "gold", "treasure",
                    "steps_left", "total", "rank");
        }
        snprintf(a, sizeof a, "%d%s", v[4], v[5] ? "" : "/0");
        fprintf(f, "  %-6s %5s %6d %5d %8d %10d %5d %4d\n", who, a, v[0], v[1], v[2], v[6], v[3], v[7]);
        break;
    case JM_EV_END: {
        fprintf(f, "%s", v[0] ? "The game reached the round cap.\n" : "");
        fprintf(f, "%s: ", v[1] > 1 ? "Shared win" : "Winner");
        int first = 1;
        for (int i = 0; i < JM_MAX_SHIPS; i++)
            if (v[2] & (1 << i)) {
                ship_name(b, sizeof b, i);
                fprintf(f, "%s%s", first ? "" : ", ", b);
                first = 0;
            }
        fputc('\n', f);
        break;
    }
    default: break;
    }
}

void trace_event(void *ctx, const jm_event *ev)
{
    trace_out *o = ctx;
    o->hash = jm_hash_event(o->hash, ev);
    o->events++;
    if (!o->f) return;
    if (o->jsonl) print_json(o->f, ev);
    else print_text(o, ev);
}

void trace_finish(trace_out *o)
{
    if (!o->f) return;
    if (o->jsonl) fprintf(o->f, "{\"hash\":\"%016llx\"}\n", (unsigned long long)o->hash);
    else fprintf(o->f, "hash %016llx\n", (unsigned long long)o->hash);
}
