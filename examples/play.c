/*
 * play.c - one game of Jamaica between two agents, through libjamaica.
 *
 *   cc play.c $(pkg-config --cflags --libs jamaica) -o play
 *   ./play [AGENT0 [AGENT1 [SEED]]]      (greedy, mcts:iters=200, 1)
 *
 * Two players: the Ghost Ship plays too.  Prints each seat's score and the
 * winner.
 */
#include <stdio.h>
#include <stdlib.h>

#include <agent.h>
#include <jamaica.h>

int main(int argc, char **argv)
{
    const char *spec[2] = {argc > 1 ? argv[1] : "greedy", argc > 2 ? argv[2] : "mcts:iters=200"};
    uint64_t seed = argc > 3 ? strtoull(argv[3], NULL, 10) : 1;
    char err[256];
    jm_rules rules;
    jm_rules_default(&rules);
    jm_state s;
    if (jm_init(&s, &rules, 2, seed, 0, NULL, err, sizeof err) != JM_OK) {
        fprintf(stderr, "play: %s\n", err);
        return 2;
    }
    agent ag[2];
    for (int i = 0; i < 2; i++) {
        if (agent_create(&ag[i], spec[i], err, sizeof err)) {
            fprintf(stderr, "play: %s\n", err);
            return 2;
        }
        agent_reset(&ag[i], seed, 0, i);
    }
    int legal[JM_MAX_ACTIONS], decisions = 0;
    while (!jm_over(&s)) {
        int n = jm_legal(&s, legal), seat = jm_to_move(&s);
        int a = n > 1 ? agent_choose(&ag[seat], &s, legal, n) : legal[0];
        decisions += n > 1;
        if (jm_apply(&s, a, NULL) != JM_OK) {
            fprintf(stderr, "play: illegal action %d\n", a);
            return 1;
        }
    }
    jm_score sc[JM_MAX_SHIPS];
    jm_scores(&s, sc);
    printf("%d rounds, %d decisions\n", jm_round(&s), decisions);
    for (int i = 0; i < 2; i++)
        printf("seat %d (%s): score %d, rank %d%s\n", i, spec[i], sc[i].total, sc[i].rank, sc[i].winner ? ", winner" : "");
    printf("ghost: score %d, rank %d%s\n", sc[JM_GHOST].total, sc[JM_GHOST].rank, sc[JM_GHOST].winner ? ", winner" : "");
    for (int i = 0; i < 2; i++) agent_destroy(&ag[i]);
    return 0;
}
