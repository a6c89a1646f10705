# results/rollout/make.sh: this folder's parts of the lab.  results/make.sh
# sources it (after results/lib.sh: J, has, py and the shared helpers);
# `results/make.sh PART` runs one.
#
# `rollout`: truncated rollouts of the self-play policy at the root, every
# candidate on the same deals and dice (agents/rollout.c, docs/AGENTS.md), and
# the one-move search over the deals with td's afterstate value (rollout
# after=), against the recommended searcher, 2 players: candidates screened on
# seed 3501 (1,000 games each), the best then played on seeds 3502 and 3503
# (2,000 games each), never used for a choice: the same deals as `infer`'s
# (results/rollout/; about 40 minutes on two cores for the screen, 20 for the
# confirmation; ROLLOUT_PART=screen or confirm runs one part).
if has rollout; then
    d=results/rollout
    mkdir -p $d
    R=mcts:iters=4500,cutoff=2,c=0.3,stop=decided,eval=hand
    S5=results/spg/seed5/current.jmn
    T=rollout:file=$S5,vfile=results/net/value/net.jmn
    if [ "${ROLLOUT_PART:-screen}" = screen ]; then
        i=0
        for v in "$T,budget=512,rounds=1" "$T,budget=512,rounds=1,halve=1" "$T,budget=256,rounds=2" \
            "$T,budget=128,rounds=4" "$T,budget=512,rounds=1,halve=1,infer=$S5" \
            "$T,budget=512,rounds=1,halve=1,temp=1" "$T,budget=512,rounds=1,m=4" \
            "rollout:file=$S5,after=results/td/current.jmn,budget=2048" \
            "rollout:file=$S5,after=results/td/current.jmn,budget=2048,m=3"; do
            against_r $d screen-r$i "$v" 3501 1000
            i=$((i + 1))
        done
    fi
    if [ "${ROLLOUT_PART:-confirm}" = confirm ]; then
        # the screen's best (screen-r5: tied with r2 on wins, the less time a
        # decision taken), and the policy it improves, alone, on the same deals
        for seed in 3502 3503; do
            against_r $d chosen-seed$seed "$T,budget=512,rounds=1,halve=1,temp=1" $seed 2000
        done
        for seed in 3502 3503; do
            against_r $d policy-seed$seed "net:file=$S5" $seed 2000
        done
    fi
fi
