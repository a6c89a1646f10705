/* outside.h - what agents from outside the binary share (plugins, and
 * programs over the protocol): the parameters the driver keeps for
 * itself, and playing on at random after a failure. */
#ifndef AGENT_OUTSIDE_H
#define AGENT_OUTSIDE_H

#include <stddef.h>

#include "agent.h"
#include "sandbox.h"

enum { ON_FAULT_STOP, ON_FAULT_RANDOM };
enum { SANDBOX_AUTO, SANDBOX_ON, SANDBOX_OFF };

typedef struct outside {
    double timeout;            /* seconds a program may take for one reply */
    double startup;            /* seconds it may take to start and answer the handshake */
    int on_fault;              /* ON_FAULT_* */
    char log[256];             /* a program's stderr, appended ("": jamaica's stderr) */
    char dir[256];             /* a program's working directory ("": an empty one of its own) */
    int results;               /* a program: 1 to be told each game's result (results=1) */
    int sandbox;               /* SANDBOX_*: sandbox=on|off (auto: on in a sealed run) */
    sandbox_limits lim;        /* a program's limits in its sandbox (mem=, procs=, fsize=, cpu=, env=) */
    char rest[AGENT_SPEC_MAX]; /* the other parameters, for the agent itself */
    unsigned faults;           /* this game's failures played through */
    int fallback;              /* the seat plays at random until the game ends */
    char fault[512];           /* the last failure, in one line */
} outside;

/* Split "k=v,k2=v2" into the driver's keys (timeout, on_fault, and log
 * where allowed) and o->rest.  0, or -1 with a message naming the agent
 * and the bad value. */
int outside_params(outside *o, const char *who, const char *params, int with_program_keys, char *err,
                   size_t errlen);
/* After a failure described by fmt: with on_fault=random count it and
 * return a uniform legal action (the seat plays so until the game ends);
 * otherwise keep the message and return -1. */
int outside_failed(outside *o, agent *a, const int *legal, int n, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
/* agent_ops.fault and .faults for an agent whose data starts with its
 * outside. */
const char *outside_fault(agent *a);
unsigned outside_faults(agent *a);
/* A uniform legal action from the seat's stream. */
int outside_random(agent *a, const int *legal, int n);

#endif
