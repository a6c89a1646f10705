/*
 * event.c - names and field layouts of trace events, and the trace hash.
 * The printers in sim/ and the JSON keys documented in docs/TRACE.md come from
 * this one table.
 */
#include "jamaica.h"

#define I JM_FK_INT
#define SH JM_FK_SHIP
#define RS JM_FK_RES
#define DR JM_FK_DIR
#define HD JM_FK_HOLDS
#define CD JM_FK_CARD
#define AC JM_FK_ACT
#define TR JM_FK_TREASURE
#define RL JM_FK_ROLL
#define BL JM_FK_BOOL
#define LT JM_FK_LOOT
#define ST JM_FK_SHORT

static const jm_event_desc descs[JM_EV_COUNT] = {
    [JM_EV_SETUP] = {"setup", 5, {{"players", I}, {"ghost", BL}, {"first_captain", SH},
                                  {"pile", I}, {"shortage_die", BL}}},
    [JM_EV_ROUND] = {"round", 3, {{"captain", SH}, {"die1", I}, {"die2", I}}},
    [JM_EV_DICE] = {"dice", 3, {{"morning", I}, {"evening", I}, {"chosen_by", SH}}},
    [JM_EV_CARD] = {"card", 3, {{"card", CD}, {"morning", AC}, {"evening", AC}}},
    [JM_EV_MOVE] = {"move", 7, {{"die", I}, {"dir", DR}, {"from", I}, {"to", I},
                                {"lap_before", I}, {"lap_after", I}, {"chosen_by", SH}}},
    [JM_EV_LOAD] = {"load", 7, {{"res", RS}, {"amount", I}, {"hold", I}, {"dumped_res", RS},
                                {"dumped", I}, {"loot", BL}, {"holds", HD}}},
    [JM_EV_NOLOAD] = {"load_ignored", 3, {{"res", RS}, {"amount", I}, {"holds", HD}}},
    [JM_EV_PAY] = {"pay", 5, {{"res", RS}, {"due", I}, {"paid", I}, {"space", I},
                              {"holds", HD}}},
    [JM_EV_SHORTAGE] = {"shortage", 9, {{"res", RS}, {"due", I}, {"paid", I}, {"holds", HD},
                                        {"roll", RL}, {"result", ST}, {"from", I}, {"to", I},
                                        {"lap_after", I}}},
    [JM_EV_BATTLE] = {"battle", 14, {{"defender", SH}, {"a_powder", I}, {"a_roll_first", RL},
                                     {"a_roll", RL}, {"d_powder", I}, {"d_roll_first", RL},
                                     {"d_roll", RL}, {"a_beth", BL}, {"d_beth", BL},
                                     {"a_strength", I}, {"d_strength", I}, {"winner", SH},
                                     {"sabre_by", SH}, {"space", I}}},
    [JM_EV_LOOT] = {"loot", 8, {{"chooser", SH}, {"loser", SH}, {"kind", LT}, {"res", RS},
                                {"amount", I}, {"treasure", TR}, {"overboard", BL},
                                {"loser_holds", HD}}},
    [JM_EV_TREASURE] = {"treasure", 4, {{"space", I}, {"treasure", TR}, {"value", I},
                                        {"face_up", BL}}},
    [JM_EV_GHOSTDIR] = {"ghost_dir", 4, {{"move", I}, {"dir", DR}, {"forced", BL},
                                         {"chosen_by", SH}}},
    [JM_EV_FINISH] = {"finish", 0, {{0, 0}}},
    [JM_EV_RESHUFFLE] = {"reshuffle", 1, {{"cards", I}}},
    [JM_EV_SCORE] = {"score", 8, {{"space_points", I}, {"gold", I}, {"treasure_points", I},
                                  {"total", I}, {"pos", I}, {"lap", I}, {"steps_left", I},
                                  {"rank", I}}},
    [JM_EV_END] = {"end", 3, {{"capped", BL}, {"winners", I}, {"winner_mask", I}}},
};

const jm_event_desc *jm_event_info(int type)
{
    return (type >= 0 && type < JM_EV_COUNT) ? &descs[type] : 0;
}

/* FNV-1a over the event's words, each word mixed first so that nearby
 * values do not cancel. */
static uint64_t fold(uint64_t h, uint64_t w)
{
    h ^= jm_mix64(w);
    return h * 0x100000001b3ULL;
}

uint64_t jm_hash_event(uint64_t h, const jm_event *ev)
{
    const jm_event_desc *d = jm_event_info(ev->type);
    h = fold(h, ((uint64_t)ev->type << 32) | ((uint64_t)(uint8_t)ev->ship << 16) | ev->round);
    for (int i = 0; d && i < d->nfields; i++) h = fold(h, (uint64_t)(uint32_t)ev->v[i]);
    return h;
}

static const char *const dnames[JM_D_COUNT] = {
    "none", "dice", "card", "dest", "hold", "pay", "route", "target", "powder", "sabre",
    "loot", "ghost_dir",
};

const char *jm_decision_name(int d) { return (d >= 0 && d < JM_D_COUNT) ? dnames[d] : "?"; }

static const char *const chance_names[JM_CH_KINDS] = {"pile", "draw", "captain", "dice", "battle", "shortage",
                                                      "treasure", "blind"};
const char *jm_chance_name(int kind) { return kind >= 0 && kind < JM_CH_KINDS ? chance_names[kind] : NULL; }
