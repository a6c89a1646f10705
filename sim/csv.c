/* csv.c - CSV fields and GAMES.csv rows (see csv.h). */
#include <stdio.h>
#include <string.h>

#include "csv.h"

size_t csv_field(char *dst, size_t cap, const char *v)
{
    if (!strpbrk(v, ",\"\n\r")) return (size_t)snprintf(dst, cap, "%s", v);
    size_t o = 0;
    if (o < cap) dst[o++] = '"';
    for (; *v && o + 2 < cap; v++) {
        if (*v == '"') dst[o++] = '"';
        dst[o++] = *v;
    }
    if (o < cap) dst[o++] = '"';
    if (o < cap) dst[o] = '\0';
    return o;
}

int csv_split(char *line, char **fields, int max)
{
    int n = 0;
    char *p = line;
    for (;;) {
        if (n == max) return -1;
        if (*p == '"') {
            char *w = ++p;
            fields[n++] = w;
            for (;;) {
                if (!*p) return -1;
                if (*p == '"') {
                    if (p[1] == '"') {
                        *w++ = '"';
                        p += 2;
                        continue;
                    }
                    p++;
                    break;
                }
                *w++ = *p++;
            }
            if (*p && *p != ',') return -1;
            *w = '\0';
            if (!*p) return n;
            p++;
        } else {
            fields[n++] = p;
            char *comma = strchr(p, ',');
            if (strchr(p, '"') && (!comma || strchr(p, '"') < comma)) return -1;
            if (!comma) return n;
            *comma = '\0';
            p = comma + 1;
        }
    }
}

#define GAMES_HEADER \
    "game,seed,players,rules,seat,agent,is_ghost,first_captain,captain_offset,rounds,capped,finished,score," \
    "rank,win,position_score,gold,treasure_points,battles_won,battles_lost,shortages,trace_hash"

const char *csv_games_header(int with_seating)
{
    return with_seating ? GAMES_HEADER ",seating\n" : GAMES_HEADER "\n";
}

/* The win share 1/k as text ("1", "0.5", "0.333333"). */
static void win_text(char *buf, size_t n, int winner, int k)
{
    if (!winner) snprintf(buf, n, "0");
    else if (k == 1) snprintf(buf, n, "1");
    else snprintf(buf, n, "%.6g", 1.0 / k);
}

size_t csv_games_rows(const sim_config *c, const char *rules_q, const char (*specs_q)[CSV_QUOTED_SPEC],
                      const sim_game *r, char *buf, size_t cap)
{
    size_t o = 0;
    int np = c->players, ns = np + jm_has_ghost_rules(&c->rules, np);
    for (int k = 0; k < ns; k++) {
        const sim_seat *t = &r->seat[k];
        int ghost = k >= np;
        char off[16], win[16], seating[16] = "";
        if (ghost) off[0] = '\0';
        else snprintf(off, sizeof off, "%d", (k - r->first_captain + np) % np);
        if (c->nseatings) snprintf(seating, sizeof seating, ",%d", r->seating);
        win_text(win, sizeof win, t->winner, r->nwin);
        o += (size_t)snprintf(buf + o, cap - o,
                              "%llu,%llu,%d,%s,%d,%s,%d,%d,%s,%d,%d,%d,%d,%d,%s,%d,%d,%d,%d,%d,%d,%016llx%s\n",
                              (unsigned long long)r->game, (unsigned long long)c->seed, np, rules_q, k,
                              ghost ? "ghost" : specs_q[t->agent], ghost, r->first_captain, off, r->rounds,
                              r->capped, t->finished, t->score, t->rank, win, t->space, t->gold, t->treasure,
                              t->battles_won, t->battles_lost, t->shortages, (unsigned long long)r->trace_hash,
                              seating);
        if (o >= cap) return cap;
    }
    return o;
}
