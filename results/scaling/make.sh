# results/scaling/make.sh: this folder's parts of the lab.  results/make.sh
# sources it (after results/lib.sh: J, has, py and the shared helpers);
# `results/make.sh PART` runs one.
#
# `scaling`: games/s over 1 to 16 threads and MPI ranks, random and
# mcts:iters=300, with the efficiency per physical core (results/scaling/scaling.sh:
# results/scaling/; a count above the machine's CPUs is left out).
if has scaling; then sh results/scaling/scaling.sh; fi
