# results/reference/make.sh: this folder's parts of the lab.  results/make.sh
# sources it (after results/lib.sh: J, has, py and the shared helpers);
# `results/make.sh PART` runs one.
#
# `reference`: the reference agents (see=hands, see=all on the recommended
# searcher) as one seat against the recommended searcher, 2 players (300
# games) and 4 players (150), each on seeds 3101 and 3102, never used for a
# choice (results/reference/; about 40 minutes on two cores).
if has reference; then
    d=results/reference
    mkdir -p $d
    R=mcts:iters=4500,cutoff=2,c=0.3,stop=decided,eval=hand
    for see in hands all; do
        for seed in 3101 3102; do
            for P in 2 4; do
                g=300; [ $P = 4 ] && g=150
                others=$R; [ $P = 4 ] && others="$R,$R,$R"
                name=$see-${P}p-seed$seed
                { echo "\$ jamaica sim --agents $R,see=$see,$others --players $P --games $g --rotate --seed $seed"
                  $J sim --agents "$R,see=$see,$others" --players $P --games $g --rotate --seed $seed \
                      --out $d/$name.csv --timing $d/$name-timing.csv; } >$d/$name.md
            done
        done
    done
fi
