/*
 * config.c - the arithmetic of a run's seats and shares (config.h).
 */
#include "config.h"

int sim_nspecs(const sim_config *c)
{
    return c->nspecs ? c->nspecs : c->players;
}

int sim_agent_slots(const sim_config *c)
{
    return c->nseatings ? c->players * sim_nspecs(c) : sim_nspecs(c);
}

int sim_agent_slot(const sim_config *c, int seat, int spec)
{
    return c->nseatings ? seat * sim_nspecs(c) + spec : spec;
}

void sim_share(int nb, int rank, int size, int *lo, int *hi)
{
    *lo = (int)((int64_t)nb * rank / size);
    *hi = (int)((int64_t)nb * (rank + 1) / size);
}

int sim_spec_of_seat(const sim_config *c, int seat, uint64_t u)
{
    if (c->nseatings) return c->seating[u % (uint64_t)c->nseatings][seat];
    return c->rotate ? (int)((seat + u % (uint64_t)c->players) % (uint64_t)c->players) : seat;
}

int sim_own_chance(const sim_config *c)
{
    if (!c->seed.sealed || !c->nseatings) return 0;
    for (int k = 0; k < sim_nspecs(c); k++)
        if (agent_spec_outside(c->specs[k])) return 1;
    return 0;
}

uint64_t sim_chance_game(const sim_config *c, uint64_t u)
{
    return c->nseatings && !c->own_chance ? u / (uint64_t)c->nseatings : u;
}
