# results/tune/make.sh: this folder's parts of the lab.  results/make.sh
# sources it (after results/lib.sh: J, has, py and the shared helpers);
# `results/make.sh PART` runs one.
#
# `tune`: greedy's weights tuned by SPSA against three greedy (results/tune/:
# the trajectory and the report, whose last line is the `sharp` agent's
# defaults; about 5 minutes on two cores).
if has tune; then
    mkdir -p results/tune
    args="greedy:samples=8 --param w_gold=0..3@1 --param w_progress=0..2@0.6 --param w_space=0..2@0.4
        --param w_treasure=0..3@1 --param w_power=0..6@2 --param w_food=0..2@0.5 --param w_powder=0..2@0.3
        --param w_win=0..60@30 --against greedy --games 200 --iterations 200 --confirm 2000 --seed 1
        --out results/tune/greedy8.csv"
    # shellcheck disable=SC2086
    { echo "$J tune" $args; $J tune $args; } >results/tune/greedy8.txt
fi
