#!/usr/bin/env python3
"""Every figure lives in one file: no measured figure appears in two of
README.md and docs/*.md (the pages link to results/ instead of restating).

A figure is, in the prose (code blocks, inline code and link targets left
out), an interval "[a, b]" of decimal numbers (the estimate before it goes
with it), or a decimal number of three significant digits or more with no
interval after it ("0.148", "36.50%", "1.36"); counts, parameters such as
0.05, and integers are not figures.

    tests/tree/figures_once.py           the pages
    tests/tree/figures_once.py --self    also a made-up pair of pages that share
                                    a figure must fail, and one that shares
                                    only a parameter must pass
"""
import collections
import glob
import os
import re
import sys

NUM = r"[+\-−]?\d+\.\d+%?"
FIGURE = re.compile(r"\[\s*" + NUM + r"\s*,\s*" + NUM + r"\s*\]|(?<![\w.])" + NUM + r"(?!\w|\.\d)(?!\s*\[)")


def prose(text):
    text = re.sub(r"```.*?```", "", text, flags=re.S)
    text = re.sub(r"`[^`\n]*`", "", text)
    return re.sub(r"\]\([^)]*\)", "]", text)


def figures(text):
    out = set()
    for m in FIGURE.finditer(prose(text)):
        f = m.group(0).replace("−", "-")
        if f.startswith("[") or len(re.sub(r"\D", "", f).lstrip("0")) >= 3:
            out.add(f)
    return out


def shared(pages):
    """{figure: [pages]} for the figures of two pages or more."""
    where = collections.defaultdict(list)
    for name, text in pages.items():
        for f in figures(text):
            where[f].append(name)
    return {f: sorted(p) for f, p in where.items() if len(p) > 1}


def main(argv):
    top = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
    if "--self" in argv:
        assert shared({"a": "wins 56.15% [55.18, 57.12]", "b": "the teacher's [55.18, 57.12]"}), "a shared interval passed"
        assert shared({"a": "wins 56.15%", "b": "the teacher's 56.15%."}), "a shared figure passed"
        assert not shared({"a": "1.08 [1.07, 1.10] times", "b": "1.08 times"}), "an estimate counted apart from its interval"
        assert not shared({"a": "alpha 0.05", "b": "beta 0.05"}), "a parameter counted as a figure"
        assert not shared({"a": "`--keep 1.369`", "b": "a [link](x/1.369)"}), "code or a link target counted"
    names = sorted(glob.glob(os.path.join(top, "docs", "*.md"))) + [os.path.join(top, "README.md")]
    pages = {os.path.relpath(n, top): open(n, encoding="utf-8").read() for n in names}
    bad = shared(pages)
    for f, where in sorted(bad.items()):
        print(f"figures: {f} is in {' and '.join(where)}: keep it in one, link there from the other",
              file=sys.stderr)
    total = len(set().union(*(figures(t) for t in pages.values())))
    print(f"figures: {len(pages)} pages, {total} figures, {len(bad)} in more than one")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
