# results/skill/make.sh: this folder's parts of the lab (results/make.sh
# sources it after results/lib.sh: J, has, py).
#
#   skillcurve  the first Captain's edge at 2-6 players and the ghost's
#               2-player share against skill: `study captain|ghost --ladder`
#               over the cheap rungs (random, greedy, sharp, policy), every
#               seat held by the rung's agent, 50,000 deals a rung and player
#               count of seed 8501 (no choice was made on it), --luck hand
#               beside the plain figures (about 40 minutes on two cores)
#   skilltop    the top two rungs (policy, tuned-mcts) and the bound
#               (ceiling-hands) on seed 8502: the edge at 4 players and the
#               ghost's share, at the games a checkpointed run reaches
#               (SKILL_TOP_GAMES, 400); --resume goes on from the committed
#               checkpoint (about 90 minutes on two cores at 400 games)
SK=results/skill
CHEAP="random,greedy,sharp,net:file=results/spg/seed5/current.jmn"
TOP="net:file=results/spg/seed5/current.jmn,mcts:iters=4500,cutoff=2,c=0.3,stop=decided,eval=hand,mcts:iters=4500,cutoff=2,c=0.3,stop=decided,eval=hand,see=hands"
if has skillcurve; then
    $J study captain --ladder "$CHEAP" --players 2-6 --games 50000 --seed 8501 --luck hand --progress 60 \
        --out $SK/captain.csv --md $SK/captain.md
    $J study ghost --ladder "$CHEAP" --games 50000 --seed 8501 --luck hand --progress 60 \
        --out $SK/ghost.csv --md $SK/ghost.md
    sh analysis/plot.sh skill $SK/captain-ladder.csv $SK/captain.png
    sh analysis/plot.sh skill $SK/ghost-ladder.csv $SK/ghost.png
fi
if has skilltop; then
    n=${SKILL_TOP_GAMES:-400}
    for kind in captain ghost; do
        p=4; [ $kind = ghost ] && p=2
        resume=; [ -f $SK/top-$kind.csv.checkpoint ] && resume=--resume
        $J study $kind --ladder "$TOP" --players $p --games "$n" --seed 8502 --luck hand --progress 60 \
            --checkpoint-every 120 --out $SK/top-$kind.csv --md $SK/top-$kind.md $resume
    done
fi
