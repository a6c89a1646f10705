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

# `balancetop`: the same questions under the policy rung (the self-play
# network, results/ratings/ladder.csv's rung below tuned-mcts, whose 1.1
# CPU-s a 4-player game is too dear for a search), the win shares judged
# luck-adjusted (--luck hand): the later seats' starting gold (later_gold,
# every seat but the first Captain's) that removes the first Captain's edge
# at 2-6 players, and the ghost's gold and bonus for a fair third of 2-player
# games (results/balance/*-policy.md; about 20 minutes on two cores).
if has balancetop; then
    mkdir -p results/balance
    pol=net:file=results/spg/seed5/current.jmn
    for p in 2 3 4 5 6; do
        args="--vary later_gold=0..6 --target captain=0 --players $p --agents $pol --luck hand
            --games 4000 --confirm 100000 --seed 85 --out results/balance/captain-${p}p-policy.csv"
        # shellcheck disable=SC2086
        { echo "$J balance" $args; $J balance $args; } >results/balance/captain-${p}p-policy.md
    done
    args="--vary ghost_gold=8..25 --vary ghost_bonus=0..6 --target ghost=0.3333 --players 2 --agents $pol
        --luck hand --games 500 --confirm 100000 --seed 85 --out results/balance/ghost-2p-policy.csv"
    # shellcheck disable=SC2086
    { echo "$J balance" $args; $J balance $args; } >results/balance/ghost-2p-policy.md
fi

# `balancefine`: where later_gold=2 overshoots (4 and 6 players under
# balancetop), the starting food and gold of every seat on top of it, a
# finer step (results/balance/captain-Pp-policy-fine.md, seed 86); at 4
# players the starting gold 4 to 6 (captain-4p-policy-fine2.md, seed 87);
# then start_gold=5 and 6 with start_food=4, each played on 100,000 deals
# of seed 88 (check-Pp-goldG.md), a seed no search used.
if has balancefine; then
    mkdir -p results/balance
    pol=net:file=results/spg/seed5/current.jmn
    for p in 4 6; do
        args="--rules later_gold=2 --vary start_food=2..4 --vary start_gold=2..4 --target captain=0 --players $p
            --agents $pol --luck hand --games 4000 --confirm 100000 --seed 86 --out results/balance/captain-${p}p-policy-fine.csv"
        # shellcheck disable=SC2086
        { echo "$J balance" $args; $J balance $args; } >results/balance/captain-${p}p-policy-fine.md
    done
    args="--rules later_gold=2 --vary start_food=3..5 --vary start_gold=4..6 --target captain=0 --players 4
        --agents $pol --luck hand --games 4000 --confirm 100000 --seed 87 --out results/balance/captain-4p-policy-fine2.csv"
    # shellcheck disable=SC2086
    { echo "$J balance" $args; $J balance $args; } >results/balance/captain-4p-policy-fine2.md
    for p in 4 6; do
        for g in 5 6; do
            $J study captain --agents $pol --rules later_gold=2,start_food=4,start_gold=$g --players $p --games 100000 \
                --seed 88 --luck hand --out results/balance/check-${p}p-gold$g.csv --md results/balance/check-${p}p-gold$g.md
        done
    done
fi
# `balancetuned`: the setting found under policy, later_gold=2, played by the
# top rung (tuned-mcts, about 1.1 CPU-s a 4-player game) on the 300 deals of
# seed 8502 that results/skill/top-captain.md played under the base rules
# (results/balance/tuned-captain-4p.md; checkpointed, --resume).
if has balancetuned; then
    mkdir -p results/balance
    out=results/balance/tuned-captain-4p
    resume=; [ -f $out.csv.checkpoint ] && resume=--resume
    $J study captain --agents mcts:iters=4500,cutoff=2,c=0.3,stop=decided,eval=hand --rules later_gold=2 --players 4 \
        --games 300 --seed 8502 --luck hand --progress 60 --checkpoint-every 120 --out $out.csv --md $out.md $resume
    # The ghost's setting found under policy (ghost_gold=24, ghost_bonus=1), and the options' largest
    # (ghost_gold=25, ghost_bonus=6), under the top rung: the ghost's share on fresh deals (seeds 8503, 8504;
    # 200 games each; the first, at 2 to 5 players, 21 minutes on two cores beside a test run, the second, at
    # 2 players, 4 minutes).
    $J study ghost --agents mcts:iters=4500,cutoff=2,c=0.3,stop=decided,eval=hand --rules ghost_gold=24,ghost_bonus=1 \
        --games 200 --seed 8503 --luck hand --out results/balance/tuned-ghost-g24b1.csv --md results/balance/tuned-ghost-g24b1.md
    $J study ghost --agents mcts:iters=4500,cutoff=2,c=0.3,stop=decided,eval=hand --rules ghost_gold=25,ghost_bonus=6 \
        --players 2 --games 200 --seed 8504 --luck hand --out results/balance/tuned-ghost-max.csv --md results/balance/tuned-ghost-max.md
fi
