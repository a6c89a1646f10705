#!/usr/bin/env python3
"""The house's arrows (docs/DESIGN.md), checked over every #include "...":
no include circle between any two files (a file's .c and .h count as one),
and no file includes a header of a room to its left in

    sim/main.c -> sim/cmd -> sim/cli -> sim/run -> sim/io -> agents -> engine
                                                            analysis
(analysis and engine see neither each other nor anything above them)."""
import os
import re
import sys

ROOMS = ["sim/main", "sim/cmd", "sim/cli", "sim/run", "sim/io", "agents", "analysis", "engine"]
# Which rooms each room may include (its own included).
MAY = {
    "sim/main": {"sim/cmd", "sim/cli", "sim/run", "sim/io", "agents", "analysis", "engine"},
    "sim/cmd": {"sim/cli", "sim/run", "sim/io", "agents", "analysis", "engine"},
    "sim/cli": {"sim/run", "sim/io", "agents", "analysis", "engine"},
    "sim/run": {"sim/io", "agents", "analysis", "engine"},
    "sim/io": {"analysis", "engine"},
    "agents": {"engine"},
    "analysis": set(),
    "engine": set(),
}


def room(path):
    if path == "sim/main.c":
        return "sim/main"
    for r in ROOMS:
        if path.startswith(r + "/"):
            return r
    return None


def main():
    top = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    os.chdir(top)
    files = []
    for d in ("engine", "agents", "analysis", "sim"):
        for base, _, names in os.walk(d):
            files += [os.path.join(base, n) for n in names if n.endswith((".c", ".h"))]
    graph, bad = {}, []
    for f in sorted(files):
        text = open(f, encoding="utf-8").read()
        for inc in re.findall(r'^#include "([^"]+)"', text, re.M):
            target = os.path.normpath(os.path.join(os.path.dirname(f), inc))
            if not os.path.exists(target):
                continue
            a, b = room(f), room(target)
            if a != b and b not in MAY.get(a, set()):
                bad.append(f"{f} includes {target}: {a} may not include {b}")
            ma, mb = f[:-2], target[:-2]
            if ma != mb:
                graph.setdefault(ma, set()).add(mb)
    # Circles, by depth-first search.
    state, stack = {}, []

    def visit(u):
        state[u] = 1
        stack.append(u)
        for v in sorted(graph.get(u, ())):
            if state.get(v) == 1:
                bad.append("include circle: " + " -> ".join(stack[stack.index(v):] + [v]))
            elif not state.get(v):
                visit(v)
        stack.pop()
        state[u] = 2

    for u in sorted(graph):
        if not state.get(u):
            visit(u)
    for b in bad:
        print("includes: " + b, file=sys.stderr)
    print(f"includes: {len(files)} files, {sum(len(v) for v in graph.values())} arrows, {len(bad)} wrong")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
