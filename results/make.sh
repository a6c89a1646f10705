#!/bin/sh
# Regenerate the reference results that README.md quotes.  Each file is the
# summary CSV of one command below; the same command writes the same bytes
# on any machine and thread count.
set -eu
cd "$(dirname "$0")/.."
make -s bin/jamaica
J=bin/jamaica
$J sim --games 1000000 --players 4 --seed 1 --agents random --out results/random-4p.csv
$J sim --games 1000000 --players 2 --seed 1 --agents random --out results/random-2p-ghost.csv
$J sim --games 1000000 --players 4 --seed 1 --agents random --rules classic --out results/random-4p-classic.csv
$J sim --games 400000 --players 4 --seed 1 --agents first,random,random,random --rotate \
    --out results/first-vs-random-4p.csv
