/*
 * first.c - the smallest agent over jamaica's line protocol
 * (docs/PROTOCOL.md), in C with nothing but the standard library: it
 * answers every decision with index 0, the first legal action, so it plays
 * the games of the built-in `first`.  A template for a program of your
 * own: read the view and the action lines where this one skips them.
 *
 *   cc -O2 -o first examples/program/first.c
 *   bin/jamaica sim --players 2 --agents cmd:./first,random
 */
#include <stdio.h>
#include <string.h>

int main(void)
{
    char line[8192], refused[8192] = "";
    while (fgets(line, sizeof line, stdin)) {
        if (!strncmp(line, "jamaica-agent ", 14)) {
            if (strcmp(line, "jamaica-agent 1\n")) {
                printf("error protocol version 1 only\n");
                return 1;
            }
            printf("agent first\n");
        } else if (!strncmp(line, "option ", 7)) {
            if (!*refused) snprintf(refused, sizeof refused, "%s", line + 7); /* answered at `ready` */
            continue;
        } else if (!strcmp(line, "ready\n")) {
            if (*refused) {
                printf("error takes no options: %s", refused);
                return 1;
            }
            printf("ready\n");
        } else if (!strcmp(line, "go\n")) {
            printf("0\n");
        } else if (!strcmp(line, "quit\n")) {
            return 0;
        } else {
            continue; /* game, decision, view and action lines */
        }
        fflush(stdout);
    }
    return 0;
}
