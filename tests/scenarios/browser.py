#!/usr/bin/env python3
"""The replay page in a real browser (headless chromium): it walks a 4-player
game to its end with its own buttons (#selftest) without a script error,
states the final scores and ranks that GAMES.csv gives for the same game, and
measures itself (#layout) at 1024x768 and 1500x950: labels legible, holds on
one line, nothing over the board's spaces, blank dice before the first roll,
the log's last lines on the first screen and every player's panel whole; a
2- and a 6-player game are measured at 1024x768 too; a screenshot of each
size is saved to bin/browser/.

    python3 tests/scenarios/browser.py bin/jamaica SCRATCH_DIR"""
import csv
import os
import re
import shutil
import subprocess
import sys

AGENTS = "sharp,greedy,mcts:iters=30,random"
SEED, GAME = "5", "2"
# The fewest and the most players (2 with the Ghost Ship: three panels; 6:
# six), for the layout at 1024x768 only.
OTHERS = {"2p": "sharp,greedy", "6p": "sharp,greedy,random,greedy,sharp,random"}


def chromium(*args):
    cmd = ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", *args]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=120)


def main():
    jamaica, tmp = sys.argv[1], sys.argv[2]
    page = os.path.abspath(os.path.join(tmp, "browser.html"))
    games = os.path.join(tmp, "browser.csv")
    game = ["--seed", SEED, "--agents", AGENTS]
    subprocess.run([jamaica, "replay", *game, "--game", GAME, "--out", page], check=True, capture_output=True)
    subprocess.run([jamaica, "sim", *game, "--first-game", GAME, "--games", "1", "--threads", "1",
                    "--out", os.devnull, "--games-csv", games], check=True, capture_output=True)
    dom = chromium("--dump-dom", "file://" + page + "#selftest").stdout
    bad = []
    m = re.search(r'<p id="selftest">([^<]*)</p>', dom)
    if not m or not m.group(1).startswith("selftest ok"):
        bad.append("the self-test did not pass: %s" % (m.group(1) if m else "no result"))
    errors = re.search(r'<div id="errors">([^<]*)</div>', dom)
    if errors is None or errors.group(1).strip():
        bad.append("script errors: %s" % (errors.group(1) if errors else "no error box"))
    with open(games, newline="") as f:
        rows = [r for r in csv.DictReader(f)]
    for r in rows:
        ship = "ghost" if r["is_ghost"] == "1" else "P" + r["seat"]
        m = re.search(r'<tr id="final-%s">((?:<td[^>]*>[^<]*</td>)+)</tr>' % ship, dom)
        cells = re.findall(r"<td[^>]*>([^<]*)</td>", m.group(1)) if m else []
        # ship, space, gold, treasures, total, rank
        if len(cells) != 6 or cells[4] != r["score"] or cells[5] != r["rank"]:
            bad.append("%s: the page says %s, the CSV score %s rank %s" % (ship, cells, r["score"], r["rank"]))
    # Legible at 1024x768 and at 1500 px: the page measures itself (#layout)
    # at the start (blank dice) and mid-game, and a screenshot of each size
    # is kept (bin/browser/; results/make.sh replay keeps them in results/).
    # Headless chromium lays out --dump-dom in the window less its bars (681
    # px high at 1024,768) and a --screenshot in the whole window (768 px):
    # 1024,855 gives the check the screenshot's height.  Each player's name
    # line must be on the screen and not under the step bar, at least 5 lines
    # of the log too, and each panel, scrolled to, whole (elementFromPoint).
    pages = [("", page, ("1024,768", "1024,855", "1500,950"))]
    for name, agents in OTHERS.items():
        other = os.path.abspath(os.path.join(tmp, "browser-%s.html" % name))
        subprocess.run([jamaica, "replay", "--seed", SEED, "--agents", agents, "--out", other], check=True,
                       capture_output=True)
        pages.append((name + " ", other, ("1024,768", "1024,855")))
    for name, path, sizes in pages:
        for size in sizes:
            for step in (0, 200, "end"):
                at = step if step != "end" else 10 ** 6
                lay = chromium("--window-size=" + size, "--dump-dom", "file://%s#layout=%d" % (path, at)).stdout
                m = re.search(r'<p id="layout">([^<]*)</p>', lay)
                if not m or not m.group(1).startswith("layout ok"):
                    bad.append("%sat %s, step %s: %s" % (name, size, step, m.group(1) if m else "no layout check"))
            if size == "1024,855" or name == "2p ":
                continue
            shot = os.path.abspath(os.path.join(tmp, "replay-%s%s.png" % (name.strip() + "-" if name else "",
                                                                         size.replace(",", "x"))))
            chromium("--window-size=" + size, "--screenshot=" + shot, "file://" + path + "#step=200")
            if not os.path.exists(shot) or os.path.getsize(shot) < 20000:
                bad.append("no screenshot at " + size)
            else:
                os.makedirs("bin/browser", exist_ok=True)
                shutil.copy(shot, "bin/browser/" + os.path.basename(shot))
    for b in bad:
        print("browser: " + b, file=sys.stderr)
    if not bad:
        steps = re.search(r'<p id="selftest">selftest ok steps (\d+)', dom).group(1)
        print("browser: the page walks its %s steps, scores as GAMES.csv (%d ships), legible at 1024x768 and 1500x950, "
              "every panel whole and the log shown with 2, 4 and 6 players at 1024x768; screenshots bin/browser/replay-*.png"
              % (steps, len(rows)))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
