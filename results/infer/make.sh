# results/infer/make.sh: this folder's parts of the lab.  results/make.sh
# sources it (after results/lib.sh: J, has, py and the shared helpers);
# `results/make.sh PART` runs one.
#
# `infer`: the value-mix searcher with inference (guided infer=FILE,
# docs/AGENTS.md) against the recommended searcher, 2 players: candidates
# screened on seed 3501 (1,000 games each), the best (screen-c5) and the same
# searcher without inference then played on seeds 3502 and 3503 (2,000 games
# each), never used for a choice, and the ceiling on the same deals (ceiling-
# hands, 1,000 games each) (results/infer/; about 50 minutes on two cores for
# the screen, 30 for the confirmation, 20 for the ceiling; INFER_PART=screen,
# confirm or ceiling runs one part).
if has infer; then
    d=results/infer
    mkdir -p $d
    R=mcts:iters=4500,cutoff=2,c=0.3,stop=decided,eval=hand
    N=results/net/value/net.jmn
    S5=results/spg/seed5/current.jmn
    G=guided:file=$N,iters=1200,root=puct,value=mix,cutoff=0,mix=0.5
    if [ "${INFER_PART:-screen}" = screen ]; then
        i=0
        for v in "$G" "$G,infer=$S5" "$G,infer=$S5,ieps=0.3" "$G,infer=$S5,ipow=0.5" "$G,infer=$N" \
            "guided:file=$N,iters=1600,root=puct,value=mix,cutoff=0,mix=0.5,infer=$S5" \
            "$G,infer=$S5,ieps=0.03" "$G,infer=$S5,ipow=2"; do
            against_r $d screen-c$i "$v" 3501 1000
            i=$((i + 1))
        done
    fi
    if [ "${INFER_PART:-confirm}" = confirm ]; then
        # the screen's best (screen-c5), and the same searcher without inference
        P=guided:file=$N,iters=1600,root=puct,value=mix,cutoff=0,mix=0.5
        for seed in 3502 3503; do
            against_r $d chosen-seed$seed "$P,infer=$S5" $seed 2000
        done
        for seed in 3502 3503; do
            against_r $d plain-seed$seed "$P" $seed 2000
        done
    fi
    if [ "${INFER_PART:-ceiling}" = ceiling ]; then
        # the ceiling on the same deals: the recommended searcher seeing the hidden cards
        for seed in 3502 3503; do
            against_r $d ceiling-seed$seed "$R,see=hands" $seed 1000
        done
    fi
fi
