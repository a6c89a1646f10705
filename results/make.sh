#!/bin/sh
# Regenerate the reference results that README.md quotes.  Each file is the
# summary CSV of one command below; the same command writes the same bytes
# on any machine and thread count.
set -eu
cd "$(dirname "$0")/.."
make -s bin/jamaica
J=bin/jamaica
if [ "${1:-}" != agents ]; then
$J sim --games 1000000 --players 4 --seed 1 --agents random --out results/random-4p.csv
$J sim --games 1000000 --players 2 --seed 1 --agents random --out results/random-2p-ghost.csv
$J sim --games 1000000 --players 4 --seed 1 --agents random --rules classic --out results/random-4p-classic.csv
$J sim --games 400000 --players 4 --seed 1 --agents first,random,random,random --rotate \
    --out results/first-vs-random-4p.csv
fi

# Agents (slow: about a quarter of an hour on two cores; `results/make.sh
# agents` runs only these).
$J sim --games 10000 --players 4 --seed 1 --agents greedy,random,random,random --rotate \
    --out results/greedy-vs-random-4p.csv
$J sim --games 1000 --players 4 --seed 1 --agents mcts:iters=1000,greedy,greedy,greedy --rotate \
    --out results/mcts1000-vs-greedy-4p.csv
for it in 30 100 300 3000; do
    $J sim --games 400 --players 4 --seed 1 --agents mcts:iters=$it,greedy,greedy,greedy --rotate \
        --out results/mcts$it-vs-greedy-4p.csv
done
# Equal playouts per decision (300): head to head with the ghost, and two of
# each in 4-player games.
$J sim --games 400 --players 2 --seed 1 --agents mcts:iters=300,pimc:worlds=10,iters=300 --rotate \
    --out results/mcts-vs-pimc-2p.csv
$J sim --games 400 --players 2 --seed 1 --agents mcts:iters=300,flat:playouts=300 --rotate \
    --out results/mcts-vs-flat-2p.csv
$J sim --games 400 --players 4 --seed 1 --agents mcts:iters=300,pimc:worlds=10,iters=300,mcts:iters=300,pimc:worlds=10,iters=300 \
    --rotate --out results/mcts-vs-pimc-4p.csv
$J sim --games 400 --players 4 --seed 1 --agents mcts:iters=300,flat:playouts=300,mcts:iters=300,flat:playouts=300 \
    --rotate --out results/mcts-vs-flat-4p.csv
