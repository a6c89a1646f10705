# results/base/make.sh: this folder's parts of the lab.  results/make.sh
# sources it (after results/lib.sh: J, has, py and the shared helpers);
# `results/make.sh PART` runs one.
#
# `base`: the reference summary CSVs: a million random games of 4 players, of
# 2 with the Ghost Ship, of the classic rules, and first against three random
# (results/base/; about 2 minutes on two cores).
if has base; then
mkdir -p results/base
$J sim --games 1000000 --players 4 --seed 1 --agents random --out results/base/random-4p.csv
$J sim --games 1000000 --players 2 --seed 1 --agents random --out results/base/random-2p-ghost.csv
$J sim --games 1000000 --players 4 --seed 1 --agents random --rules classic --out results/base/random-4p-classic.csv
$J sim --games 400000 --players 4 --seed 1 --agents first,random,random,random --rotate \
    --out results/base/first-vs-random-4p.csv
fi
