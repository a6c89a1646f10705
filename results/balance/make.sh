# results/balance/make.sh: this folder's parts of the lab.  results/make.sh
# sources it (after results/lib.sh: J, has, py and the shared helpers);
# `results/make.sh PART` runs one.
#
# `balance`: the Ghost Ship's gold and combat bonus that give it a fair third
# of 2-player games, and the starting gold, food and hand that would remove
# the first Captain's edge at 3-6 players, both under `sharp`
# (results/balance/; about 25 minutes on two cores).
if has balance; then
    mkdir -p results/balance
    args="--vary ghost_gold=8..25 --vary ghost_bonus=0..4 --target ghost=0.3333 --players 2 --agents sharp
        --games 400 --confirm 20000 --seed 1 --out results/balance/ghost-2p.csv"
    # shellcheck disable=SC2086
    { echo "$J balance" $args; $J balance $args; } >results/balance/ghost-2p.md
    for p in 3 4 5 6; do
        args="--vary start_gold=0..6:2 --vary start_food=0..6:2 --vary hand=2..4 --target captain=0 --players $p
            --agents sharp --games 400 --confirm 20000 --seed 1 --out results/balance/captain-${p}p.csv"
        # shellcheck disable=SC2086
        { echo "$J balance" $args; $J balance $args; } >results/balance/captain-${p}p.md
    done
    # The first rounds, drawn (gnuplot).
    if command -v gnuplot >/dev/null 2>&1; then
        analysis/plot.sh balance results/balance/ghost-2p.csv results/balance/ghost-2p.png
        analysis/plot.sh balance results/balance/captain-4p.csv results/balance/captain-4p.png
    fi
fi
