#!/bin/sh
# results/ratings/ratings.sh: the published rating lists (docs/RATINGS.md).
#
# For 2 and 4 players: a tournament between the anchors, from random to the
# guided searcher of the shipped network (every seating of 2 players, 300
# deals; the balanced seatings of 4, 100 deals), its Plackett-Luce ratings
# shifted to put random at 0, written as list-Pp.csv (version, players,
# agent, rating and the tournament's interval); then `jamaica rate` places
# the network's policy alone (results/net/agents.txt's first line) and
# `learned` on each list (rate-*.md; 200 deals of 2 players, 40 of 4).  Run
# from results/make.sh ratings; about 80 minutes on two cores.
set -eu
cd "$(dirname "$0")/../.."
J=${J:-bin/jamaica}
out=results/ratings
v=$(sed -n 's/^VERSION := //p' Makefile)
R="mcts:iters=4500,cutoff=2,c=0.3,stop=decided,eval=hand"
G=$(sed -n 2p results/net/agents.txt)
N=$(sed -n 1p results/net/agents.txt)
anchors="random,greedy,sharp,mcts:iters=1000,$R,$G"
for p in 2 4; do
    case $p in 2) deals=${RATINGS_DEALS_2P:-300} ;; *) deals=${RATINGS_DEALS_4P:-100} ;; esac
    { echo "\$ jamaica tournament --agents $anchors --players $p --games $deals --seatings balanced --seed 21"
      $J tournament --agents "$anchors" --players $p --games "$deals" --seatings balanced --seed 21 \
          --out "$out/anchors-${p}p.csv"; } >"$out/anchors-${p}p.md"
    # The list: each anchor's rating less random's (the ratings CSV's columns
    # agent ... rating, rating_low, rating_high are its last three).
    "$(command -v python3)" - "$out/anchors-${p}p.csv" "$out/list-${p}p.csv" "$v-${p}p" "$p" <<'PY'
import csv, sys
src, dst, version, players = sys.argv[1:]
rows = list(csv.DictReader(open(src)))
base = next(float(r["rating"]) for r in rows if r["agent"] == "random")
with open(dst + ".tmp", "w", newline="") as f:
    w = csv.writer(f, lineterminator="\n")
    w.writerow(["version", "players", "agent", "rating", "rating_low", "rating_high", "games"])
    for r in rows:
        w.writerow([version, players, r["agent"], "%.1f" % (float(r["rating"]) - base),
                    "%.1f" % (float(r["rating_low"]) - base), "%.1f" % (float(r["rating_high"]) - base), r["games"]])
import os
os.replace(dst + ".tmp", dst)
PY
    case $p in 2) rd=${RATE_DEALS_2P:-200} ;; *) rd=${RATE_DEALS_4P:-40} ;; esac
    for a in "$N" learned; do
        case $a in "$N") name=net ;; *) name=$(echo "$a" | sed 's/[^a-z0-9]/-/g; s/--*/-/g' | cut -c1-24) ;; esac
        { echo "\$ jamaica rate '$a' --players $p --games $rd --out ..."
          $J rate "$a" --players $p --games "$rd" --list "$out/list-${p}p.csv" \
              --out "$out/rate-$name-${p}p.csv"; } >"$out/rate-$name-${p}p.md"
    done
done
