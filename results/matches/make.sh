# results/matches/make.sh: this folder's parts of the lab.  results/make.sh
# sources it (after results/lib.sh: J, has, py and the shared helpers);
# `results/make.sh PART` runs one.
#
# `agents`: the built-in agents against each other, each run with its time per
# decision (results/matches/ and results/timing/; about a quarter of an hour
# on two cores).
# Agents (slow: about a quarter of an hour on two cores; `results/make.sh
# agents` runs only these).  Each run's time per decision goes to
# results/timing/NAME.csv and its report (wall time, games/s, each agent's
# mean and p99 time per decision) to results/timing/NAME.txt: those are
# wall-clock measurements of the machine that ran them, unlike the
# summaries, which are the same bytes everywhere.
if has agents; then
mkdir -p results/timing results/matches
run() {
    name=$1
    shift
    echo "$J sim $* --out results/matches/$name.csv" >"results/timing/$name.txt"
    $J sim "$@" --out "results/matches/$name.csv" --timing "results/timing/$name.csv" | tee -a "results/timing/$name.txt"
}
run greedy-vs-random-4p --games 10000 --players 4 --seed 1 --agents greedy,random,random,random --rotate
# sharp (greedy tuned, results/tune/) against three greedy.
run sharp-vs-greedy-4p --games 4000 --players 4 --seed 1 --agents sharp,greedy,greedy,greedy --rotate
run mcts1000-vs-greedy-4p --games 1000 --players 4 --seed 1 --agents mcts:iters=1000,greedy,greedy,greedy --rotate
for it in 30 100 300 3000; do
    run mcts$it-vs-greedy-4p --games 400 --players 4 --seed 1 --agents mcts:iters=$it,greedy,greedy,greedy --rotate
done
# Equal playouts per decision (300): head to head with the ghost, and two of
# each in 4-player games.
run mcts-vs-pimc-2p --games 400 --players 2 --seed 1 --agents mcts:iters=300,pimc:worlds=10,iters=300 --rotate
run mcts-vs-flat-2p --games 400 --players 2 --seed 1 --agents mcts:iters=300,flat:playouts=300 --rotate
run mcts-vs-pimc-4p --games 400 --players 4 --seed 1 \
    --agents mcts:iters=300,pimc:worlds=10,iters=300,mcts:iters=300,pimc:worlds=10,iters=300 --rotate
run mcts-vs-flat-4p --games 400 --players 4 --seed 1 \
    --agents mcts:iters=300,flat:playouts=300,mcts:iters=300,flat:playouts=300 --rotate
fi
