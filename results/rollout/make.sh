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
# confirmation; ROLLOUT_PART=screen, confirm or leaf runs one part).
#
# The leaf part: one decision measured candidate by candidate (a lair or a
# shortage, README.md): results/rollout/leaf.c built against the library,
# the agents' choices on ten streams, the rollouts' leaves after 1, 2, 3
# and 5 rounds (the value head from either view, eval=hand's estimate), and
# the result to the end, of the policy and of the searcher in both seats
# (results/rollout/leaf.md; about 4 minutes of one core).
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
    if [ "${ROLLOUT_PART:-leaf}" = leaf ]; then
        t=$(mktemp -d)
        cc -O3 -std=c11 -ffp-contract=off -D_GNU_SOURCE -Wall -Wextra -Werror -Iengine -Iagents -o "$t/leaf" \
            $d/leaf.c lib/libjamaica.a -lm -ldl -fopenmp
        V=results/net/value/net.jmn
        G="guided:file=$V,iters=1200,root=puct,value=mix,cutoff=0,mix=0.5"
        L="jamaica/1 players=2 round=16 dice=5,1 ship0=28:1:-.-.3g.-.3g:sabre* ship1=10:1:-.5f.5p.1g.-"
        L="$L cards0=dddddhhdpdd cards1=dddcdddhddh pile=map.hold6.+3a.+3b.+5.+7a.+7b.-4"
        L="$L lairs=9.11.19.22.25.33.37.44 decision=dest turn=0.0.8.- rng=5851f42d4c957f2e.0000000000000001"
        I="guided:file=$V,iters=1600,root=puct,value=mix,cutoff=0,mix=0.5,infer=$S5"
        { echo "\$ results/rollout/leaf POSITION $S5 $V 10 20 256 1000 -o SEARCHER 300 SPEC..."
          echo
          "$t/leaf" "$L" $S5 $V 10 20 256 1000 -o "$G" 300 "net:file=$S5" \
              "$T,budget=512,rounds=1,halve=1,temp=1" "$T,budget=2048,rounds=1,halve=1,temp=1" \
              "$T,budget=512,rounds=1,halve=1,temp=1,mix=0" "$T,budget=512,rounds=1,halve=1,temp=1,mix=1" \
              "$T,budget=512,rounds=1,halve=1,temp=1,view=own" "$T,budget=512,rounds=1,halve=1,temp=1,view=own,mix=1" \
              "$T,budget=2048,rounds=1,halve=1,temp=1,view=own,mix=1" "$T,budget=256,rounds=2,halve=1,temp=1" \
              "$T,budget=512,rounds=3,halve=1,temp=1" "$T,budget=512,rounds=5,halve=1,temp=1" \
              "$T,budget=512,rounds=1,halve=1,temp=1,infer=$S5" "$G" "$I" "$R"; } >"$t/leaf.md"
        mv "$t/leaf.md" $d/leaf.md
        rm -rf "$t"
    fi
fi
