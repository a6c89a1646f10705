#!/usr/bin/env python3
"""Every shell and Python block of README.md and docs/*.md, run as a reader
would copy it: in a scratch directory that holds the clone's files (linked),
HOME in the scratch directory, and nothing else set for it: no PYTHONPATH,
no JAMAICA_LIB, the PATH the test was given.  A shell block runs with sh;
a Python block with bin/python, the interpreter the docs name for them
(python/run.sh: numpy's Python with the clone's module, whichever python3
comes first on PATH).  A block fails the test if it exits with an error.

A comment on the line before a block says how to run it:
  <!-- doctest: A => B; C => D -->   replace A by B (small sizes) first
  <!-- doctest: skip (REASON) -->     not run here (a cluster, a person at the
                                      keyboard, the test run itself); listed
  <!-- doctest: file NAME -->         written to NAME (a script a later block seats)
  <!-- doctest: python (numpy) -->    a Python block that needs numpy
Blocks without a comment run as they are.

Usage: doc_blocks.py [--list]   (run from the clone's root; python3 with numpy)
"""
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
BLOCK = re.compile(r"(?:<!-- doctest: (?P<how>[^\n]*?) -->\n)?```(?P<lang>sh|python)\n(?P<code>.*?)```", re.S)
LINKED = ("bin", "lib", "python", "examples", "engine", "agents", "analysis", "sim", "tests", "results",
          "docs", "Makefile", "jamaica.pc.in", "README.md")


def blocks():
    for path in ["README.md"] + sorted(glob.glob("docs/*.md")):
        with open(os.path.join(ROOT, path)) as f:
            text = f.read()
        for m in BLOCK.finditer(text):
            line = text.count("\n", 0, m.start("lang")) + 1
            yield path, line, m.group("lang"), (m.group("how") or "").strip(), m.group("code")


def scratch():
    d = tempfile.mkdtemp(prefix="doc-blocks-")
    for name in LINKED:
        if os.path.exists(os.path.join(ROOT, name)):
            os.symlink(os.path.join(ROOT, name), os.path.join(d, name))
    os.mkdir(os.path.join(d, "home"))
    return d


def main():
    listing = "--list" in sys.argv
    d = scratch()
    env = dict(os.environ, HOME=os.path.join(d, "home"))
    for k in ("PYTHONPATH", "JAMAICA_LIB", "JAMAICA_BIN"):  # a reader's shell has none of them
        env.pop(k, None)
    passed, failed, skipped = 0, [], []
    for path, line, lang, how, code in blocks():
        where = "%s:%d" % (path, line)
        if how.startswith("skip"):
            skipped.append("%s (%s)" % (where, how[4:].strip(" ()") or "marked"))
            continue
        if how.startswith("file "):
            with open(os.path.join(d, how[5:].strip()), "w") as f:
                f.write(code)
            passed += 1
            continue
        if "=>" in how:
            for sub in how.split(";"):
                a, b = (x.strip() for x in sub.split("=>"))
                if a not in code:
                    failed.append("%s: its doctest comment replaces '%s', which the block does not hold" % (where, a))
                code = code.replace(a, b)
        if listing:
            print("== %s (%s)\n%s" % (where, lang, code))
            continue
        cmd = ["sh", "-e", "-c", code] if lang == "sh" else [os.path.join(d, "bin", "python"), "-c", code]
        try:
            p = subprocess.run(cmd, cwd=d, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                               timeout=300)
            ok = p.returncode == 0
            out = p.stdout
        except subprocess.TimeoutExpired:
            ok, out = False, "over 300 s"
        if ok:
            passed += 1
        else:
            failed.append("%s (%s): %s" % (where, lang, out.strip().splitlines()[-1] if out.strip() else "failed"))
    for s in skipped:
        print("docs: skipped %s" % s)
    for f in failed:
        print("docs: FAIL: %s" % f, file=sys.stderr)
    print("docs: %d passed, %d failed, %d skipped" % (passed, len(failed), len(skipped)))
    shutil.rmtree(d, ignore_errors=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
