#!/usr/bin/env python3
"""The house's arrows (docs/DESIGN.md), checked over every #include "...":
no include circle between any two files (a file's .c and .h count as one),
and no file includes a header of a room to its left in

    sim/main.c -> sim/cmd -> sim/cli -> sim/run -> sim/io -> agents -> engine
                                                            analysis
(analysis and engine see neither each other nor anything above them).
And sim/cmd holds leaves only (git's builtin/): its one header is cmd.h,
naming cmd_* alone, and every function of its files that is not static
is a command's cmd_*; what two commands share lives a room to the right."""
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


DEFINITION = re.compile(r"^(?!static\b|typedef\b|extern\b|struct\b|enum\b|union\b)[A-Za-z_][\w \t*]*?\b(\w+)\s*\([^;]*$", re.M)


def leaves(files):
    """sim/cmd's files: no header but cmd.h, no function but cmd_* seen outside."""
    bad = []
    for f in sorted(x for x in files if room(x) == "sim/cmd"):
        text = open(f, encoding="utf-8").read()
        if f.endswith(".h") and os.path.basename(f) != "cmd.h":
            bad.append(f"{f}: sim/cmd's one header is cmd.h (a shared name belongs a room to the right)")
        names = [m.group(1) for m in DEFINITION.finditer(text)] if f.endswith(".c") else \
            re.findall(r"^[A-Za-z_][\w \t*]*?\b(\w+)\s*\(", text, re.M)
        for name in names:
            if not name.startswith("cmd_"):
                bad.append(f"{f}: {name} is neither static nor a command's cmd_*")
    return bad


def main():
    top = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
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
    bad += leaves(files)
    for b in bad:
        print("includes: " + b, file=sys.stderr)
    print(f"includes: {len(files)} files, {sum(len(v) for v in graph.values())} arrows, {len(bad)} wrong")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
