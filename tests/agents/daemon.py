#!/usr/bin/env python3
"""daemon.py DIR [fault]: a protocol agent (docs/PROTOCOL.md) that leaves a
daemon behind, as an entrant who wants to outlive the run would write it.
At its start it forks a grandchild that leaves the process group and the
session (setsid()), ignores SIGTERM, SIGINT and SIGHUP, writes its pid to
DIR/pids (one per line, appended), and every 20 ms reads every file named
in DIR/watch (jamaica's standard error, say) into DIR/seen-PID.  The agent
plays the first legal action; with `fault` it answers its tenth decision
with a line that is no index.  tests/sealed.sh checks that no daemon is
left after each ending of jamaica and that none read the seed.
Standard library only, so that it runs as any user."""
import os
import signal
import sys
import time

d = sys.argv[1]
fault = len(sys.argv) > 2 and sys.argv[2] == "fault"

if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        for s in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
            signal.signal(s, signal.SIG_IGN)
        me = os.getpid()
        with open(os.path.join(d, "pids"), "a") as f:
            f.write(f"{me}\n")
        os.closerange(0, 3)
        while True:
            try:
                with open(os.path.join(d, "watch")) as w:
                    names = w.read().split()
                for n in names:
                    with open(n, "rb") as f:
                        data = f.read()
                    with open(os.path.join(d, f"seen-{me}"), "ab") as out:
                        out.write(data)
            except OSError:
                pass
            time.sleep(0.02)
    os._exit(0)
os.wait()

decisions = 0
for line in sys.stdin:
    w = line.split()
    if not w:
        continue
    if w[0] == "jamaica-agent":
        print("agent daemon", flush=True)
    elif w[0] == "ready":
        print("ready", flush=True)
    elif w[0] == "go":
        decisions += 1
        print("nonsense" if fault and decisions == 10 else 0, flush=True)
    elif w[0] == "quit":
        break
