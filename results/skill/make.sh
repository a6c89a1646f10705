# results/skill/make.sh: this folder's parts of the lab (results/make.sh
# sources it after results/lib.sh: J, has, py).
#
#   skillcurve  the first Captain's edge at 2-6 players and the ghost's
#               2-player share against skill: `study captain|ghost --ladder`
#               over the cheap rungs (random, greedy, sharp, policy), every
#               seat held by the rung's agent, 10,000 deals a rung and player
#               count (20,000 for the ghost) of seed 8501 (no choice was made
#               on it), --luck hand beside the plain figures (about 25
#               minutes on two cores)
#   skilltop    the top two rungs (policy, tuned-mcts) and the bound
#               (ceiling-hands) on seed 8502: the edge at 4 players and the
#               ghost's share, on deals 0..SKILL_TOP_GAMES-1 (300 for the edge, 120 for the share; about 40
#               minutes on two cores); a killed run goes on with --resume
#               from its checkpoint, and more deals are shards
#               (SKILL_TOP_FIRST=300 SKILL_TOP_GAMES=N: deals 300..) merged
#               with `jamaica merge ... --ladder` (results/skill/README.md)
SK=results/skill
CHEAP="random,greedy,sharp,net:file=results/spg/seed5/current.jmn"
TOP="net:file=results/spg/seed5/current.jmn,mcts:iters=4500,cutoff=2,c=0.3,stop=decided,eval=hand,mcts:iters=4500,cutoff=2,c=0.3,stop=decided,eval=hand,see=hands"
if has skillcurve; then
    $J study captain --ladder "$CHEAP" --players 2-6 --games 10000 --seed 8501 --luck hand --progress 60 \
        --out $SK/captain.csv --md $SK/captain.md
    $J study ghost --ladder "$CHEAP" --games 20000 --seed 8501 --luck hand --progress 60 \
        --out $SK/ghost.csv --md $SK/ghost.md
    sh analysis/plot.sh skill $SK/captain-ladder.csv $SK/captain.png
    sh analysis/plot.sh skill $SK/ghost-ladder.csv $SK/ghost.png
fi
if has skilltop; then
    k=${SKILL_TOP_FIRST:-0}
    for kind in captain ghost; do
        p=4 n=${SKILL_TOP_GAMES:-300}
        [ $kind = ghost ] && p=2 n=${SKILL_TOP_GAMES:-120}
        out=$SK/top-$kind; [ "$k" = 0 ] || out=$SK/top-$kind-from$k
        resume=; [ -f $out.csv.checkpoint ] && resume=--resume
        $J study $kind --ladder "$TOP" --players $p --games "$n" --first-game "$k" --seed 8502 --luck hand \
            --progress 60 --checkpoint-every 120 --out $out.csv --md $out.md $resume
    done
fi
