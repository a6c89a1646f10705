#!/usr/bin/env python3
"""docs/DESIGN.md's Rooms block against the tree: every folder and file the
block names is where it says (a name at the left margin is a top folder,
one indented under it a folder or file of that room, a file named in the
text of a room is somewhere under it), and every top folder of the clone,
every folder of sim/ and tests/, and every source file of engine/ and
sim/run/ is named.
    tests/tree/house.py           the tree
    tests/tree/house.py --self    also a made-up block that names a file the
                                  tree lacks, and one that leaves out a
                                  folder, must both fail
"""
import os
import re
import subprocess
import sys

FILE = re.compile(r"(?<![\w./-])([A-Za-z_][\w-]*\.(?:c|h|py|sh|html|md))\b")
ROOM = re.compile(r"^( *)([\w.]+/)(?=\s|$)")


def block(text):
    """The lines of the first fenced block after '## Rooms'."""
    part = text.split("## Rooms", 1)[1]
    return part.split("```", 2)[1].splitlines()[1:]


def named(lines):
    """(room path, file names) and the rooms, from the block's lines: a room
    starts where a line begins with NAME/ (indent 0: a top folder; more: a
    folder of the room above).  The line's other words, and those of the
    lines after it, belong to it."""
    rooms = []
    files = []
    top = None
    room = None
    for line in lines:
        m = ROOM.match(line)
        if m:
            if not m.group(1):
                top = m.group(2)
                room = top
            else:
                room = top + m.group(2)
            rooms.append(room)
            rest = line[m.end():]
            # a top line such as "examples/ docs/ .ci/" names several folders
            for extra in re.findall(r"(?<!\S)([\w.]+/)(?=\s|$)", rest):
                if not m.group(1) and rest.strip().split()[0].endswith("/"):
                    rooms.append(extra)
        else:
            rest = line
        if room is None:
            continue
        for f in FILE.findall(rest):
            files.append((room, f))
    return rooms, files


def problems(lines, tracked):
    rooms, files = named(lines)
    dirs = {os.path.dirname(p) + "/" for p in tracked if "/" in p}
    alldirs = set()
    for d in dirs:
        parts = d.strip("/").split("/")
        for i in range(1, len(parts) + 1):
            alldirs.add("/".join(parts[:i]) + "/")
    out = []
    for r in rooms:
        if r not in alldirs:
            out.append("the block names %s, which the tree lacks" % r)
    for room, f in files:
        if not any(p.startswith(room) and os.path.basename(p) == f for p in tracked):
            out.append("the block names %s under %s, which is not there" % (f, room))
    want = {d.split("/")[0] + "/" for d in alldirs}
    want |= {d for d in alldirs if d.count("/") == 2 and d.split("/")[0] in ("sim", "tests")}
    for d in sorted(want - set(rooms)):
        out.append("the block leaves out the folder %s" % d)
    names = {f for _, f in files}
    for p in tracked:
        if re.match(r"(engine|sim/run)/[^/]+\.c$", p) and os.path.basename(p) not in names:
            out.append("the block leaves out %s" % p)
    return out


def main(argv):
    top = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
    tracked = subprocess.run(["git", "ls-files"], cwd=top, capture_output=True, text=True,
                             check=True).stdout.split()
    tracked = [p for p in tracked if not p.startswith("results/") or p.count("/") == 1]
    with open(os.path.join(top, "docs", "DESIGN.md")) as f:
        lines = block(f.read())
    bad = problems(lines, tracked)
    if "--self" in argv:
        ghost = lines + ["  nosuch.c     a file the tree lacks"]
        if not any("nosuch.c" in p for p in problems(ghost, tracked)):
            bad.append("--self: a block naming nosuch.c passed")
        short = [l for l in lines if not l.startswith("  scenarios/")]
        if not any("tests/scenarios/" in p for p in problems(short, tracked)):
            bad.append("--self: a block without tests/scenarios/ passed")
    for p in bad:
        print("house: " + p)
    print("house: %d problems" % len(bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
