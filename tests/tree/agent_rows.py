#!/usr/bin/env python3
"""A new agent is one file and one row (docs/AGENTS.md, "Adding an agent"):
every built-in agent's `const agent_ops builtin_NAME` is defined in one
file of agents/, and named in exactly one other place, its row in
agents/registry.c's list; the Makefile finds agent files by wildcard and
the library map keeps them local by their prefix, so neither names one.
A check that could fail: the same count over a made-up tree with one
agent named a third time.

    python3 tests/tree/agent_rows.py
"""
import os
import re
import subprocess
import sys


def places(root, files):
    """For each builtin_NAME defined in agents/, the files that name it."""
    defined = {}
    for f in files:
        if f.startswith("agents/") and f.endswith(".c"):
            for m in re.finditer(r"const agent_ops builtin_([a-z0-9_]+)\s*=", open(os.path.join(root, f)).read()):
                defined[m.group(1)] = f
    named = {n: set() for n in defined}
    for f in files:
        try:
            text = open(os.path.join(root, f)).read()
        except (UnicodeDecodeError, IsADirectoryError, FileNotFoundError):
            continue
        for n in defined:
            if re.search(r"\bbuiltin_%s\b|\bX\(%s\)" % (n, n), text):
                named[n].add(f)
    return defined, named


def problems(root, files):
    defined, named = places(root, files)
    out = []
    for n, f in sorted(defined.items()):
        others = named[n] - {f}
        if others != {"agents/registry.c"}:
            out.append("agent %s (%s) is named in %s: a new agent is its file and its row in agents/registry.c"
                       % (n, f, sorted(others) or "no registry row"))
    for f in ("Makefile", "engine/jamaica.map"):
        text = open(os.path.join(root, f)).read() if os.path.exists(os.path.join(root, f)) else ""
        for n, src in defined.items():
            if src in text:
                out.append("%s names %s: agents are found by wildcard and kept local by their prefix" % (f, src))
    return out, len(defined)


def main():
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
    files = subprocess.run(["git", "-C", root, "ls-files"], capture_output=True, text=True).stdout.split()
    if not files:  # not a git checkout: every file under the tree
        files = [os.path.relpath(os.path.join(d, f), root) for d, _, fs in os.walk(root) for f in fs]
    files = [f for f in files if f.endswith((".c", ".h", ".map", ".sh", ".py")) or f == "Makefile"]
    bad, n = problems(root, files)
    # the check on a made-up tree: one agent named a third time
    import tempfile
    with tempfile.TemporaryDirectory() as d:
        os.makedirs(os.path.join(d, "agents"))
        open(os.path.join(d, "agents", "a.c"), "w").write("const agent_ops builtin_a = {0};\n")
        open(os.path.join(d, "agents", "registry.c"), "w").write("X(a)\n")
        open(os.path.join(d, "agents", "other.c"), "w").write("extern const agent_ops builtin_a;\n")
        fake, _ = problems(d, ["agents/a.c", "agents/registry.c", "agents/other.c"])
    if not fake:
        bad.append("the check passed a tree where an agent is named a third time")
    for b in bad:
        print("agent_rows: FAIL: " + b)
    print("agent_rows: %d agents, each its file and one row; %s" % (n, "failed" if bad else "ok"))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
