#!/usr/bin/env python3
"""The variant report's page in a real browser (headless chromium): made by
`jamaica report` for a variant with one card, one cost and one treasure
changed, it lists those three changes, holds a plot and a table for every
measure, and a plot of each measure's paired difference (and the table of
--skill), and measures itself (#layout) at 1024x768 and 1500x950: no plot
or table wider than the window, every plot drawn with its bars.  A
screenshot is kept in bin/browser/.

    python3 tests/scenarios/browser_report.py bin/jamaica SCRATCH_DIR"""
import os
import re
import shutil
import subprocess
import sys


def chromium(*args):
    cmd = ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", *args]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=120)


def main():
    jamaica, tmp = os.path.abspath(sys.argv[1]), sys.argv[2]
    base = subprocess.run([jamaica, "variant", "--print"], capture_output=True, text=True, check=True).stdout
    text = (base.replace("card 6 gold gold\n", "card 6 gold forward\n")
            .replace("space 5 port cost 3 score -5 next 6\n", "space 5 port cost 1 score -5 next 6\n")
            .replace("treasure -4\n", "treasure +4\n"))
    with open(os.path.join(tmp, "designer.variant"), "w") as f:
        f.write(text)
    page = os.path.abspath(os.path.join(tmp, "report.html"))
    subprocess.run([jamaica, "report", "--rules", "designer.variant", "--games", "200", "--worth-games", "100",
                    "--skill", "20", "--out", page], check=True, capture_output=True, cwd=tmp)
    bad = []
    html = open(page).read()
    md = open(page[:-5] + ".md").read()
    for want in ("`card.6.evening=forward` (base: gold)", "`cost.5=1` (base: 3)", "`treasure.7=4` (base: -4, the card -4)"):
        if want.replace("`", "") not in html.replace("<code>", "").replace("</code>", "") or want not in md:
            bad.append("the change '%s' is not listed" % want)
    if re.search(r'(src|href)="(https?:)?//', html):
        bad.append("the page loads something from outside")
    for size in ("1024,768", "1500,950"):
        dom = chromium("--window-size=" + size, "--dump-dom", "file://%s#layout" % page).stdout
        m = re.search(r'<p id="layout">([^<]*)</p>', dom)
        if not m or not m.group(1).startswith("layout ok"):
            bad.append("at %s: %s" % (size, m.group(1) if m else "no layout check"))
        elif m.group(1) != "layout ok plots 12 tables 8":
            bad.append("at %s: %s (12 plots and 8 tables expected: each measure's two, its figures and their "
                       "paired difference; the seats' and the elements' one; the skill's none)" % (size, m.group(1)))
    shot = os.path.join(tmp, "report-1024x768.png")
    chromium("--window-size=1024,768", "--screenshot=" + shot, "file://" + page)
    if not os.path.exists(shot) or os.path.getsize(shot) < 20000:
        bad.append("no screenshot")
    else:
        os.makedirs("bin/browser", exist_ok=True)
        shutil.copy(shot, "bin/browser/report-1024x768.png")
    for b in bad:
        print("browser report: " + b, file=sys.stderr)
    if not bad:
        print("browser report: the page lists the three changes, 12 plots and 8 tables fit 1024x768 and 1500x950; "
              "screenshot bin/browser/report-1024x768.png")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
