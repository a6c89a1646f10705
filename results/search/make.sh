# results/search/make.sh: this folder's parts of the lab.  results/make.sh
# sources it (after results/lib.sh: J, has, py and the shared helpers);
# `results/make.sh PART` runs one.
#
# `search`: the searcher's additions (docs/SEARCH.md) one at a time, each
# against mcts:iters=1000 with its time per decision from the same run
# (results/search/; about 45 minutes on two cores).
# `ceiling`: what more time buys as one seat against three mcts:iters=1000:
# plain ISMCTS at 4,000 iterations and the best searcher at 16,000, with no
# limit on the time (results/search/; about 40 minutes on two cores).
# `goal`: the best searchers at the goal's budget (no more time a decision
# than mcts:iters=1000) as one seat against three of them, eval=stage and
# eval=hand, each 3,000 games as three shards of 1,000 merged, then the
# eval=hand searcher in 1,000 2-player games against mcts:iters=1000
# (results/search/; about 45 minutes on two cores).
# `goalfresh`: the goal's two matches of the recommended searcher against
# mcts:iters=1000 (2 players; one seat of 4) again on seeds 1011 and 1012,
# never used for a choice, 1,000 games each (results/search/*-seed101[12].*;
# about 40 minutes on two cores).
# srun SPEC PLAYERS SIM-ARGS: SPEC against mcts:iters=1000 (PLAYERS-1 of
# it), in results/search/SPEC-Pp.{txt,csv} and -timing.csv (SPEC as
# spec_name writes it): the command, its report, its times.
# spec_name SPEC: the spec as a file name (its ':' '=' ',' as '-' '_' '_').
spec_name() { echo "$1" | tr ':=,' '-__'; }
srun() {
    name="$(spec_name "$1")-${2}p"
    shift 2
    srun_as "$name" "$@"
}
# srun_as NAME SIM-ARGS: the same, in results/search/NAME.*.
srun_as() {
    name=$1
    shift
    mkdir -p results/search
    { echo "$J sim $* --out results/search/$name.csv"
      $J sim "$@" --out "results/search/$name.csv" --timing "results/search/$name-timing.csv"; } >"results/search/$name.txt"
}
B=mcts:iters=1000
if has search; then
    # 2 players (and the ghost), 1000 games, seats rotated: plain ISMCTS at
    # its own budget; the evaluation at the same iterations; the iterations
    # the cheaper playouts pay for; exploration for the evaluation's
    # narrower rewards; progressive bias.
    for a in mcts:iters=1000,cutoff=2 mcts:iters=3000,cutoff=2 mcts:iters=3000,cutoff=2,c=0.3 \
        mcts:iters=3000,cutoff=2,c=0.3,bias=0.5; do
        srun "$a" 2 --games 1000 --players 2 --seed 1 --agents "$a,$B" --rotate
    done
    # The best as one seat against three mcts:iters=1000; then with
    # stop=decided and the iterations the time it saves buys.
    # Last, the staged evaluation with the round's cards simultaneous in the
    # tree, at the iterations that keep it under mcts:iters=1000's time.
    for a in mcts:iters=3000,cutoff=2,c=0.3 mcts:iters=5000,cutoff=2,c=0.3,stop=decided \
        mcts:iters=4000,cutoff=2,c=0.3,stop=decided,eval=stage,cards=simultaneous; do
        srun "$a" 4 --games 1000 --players 4 --seed 1 --agents "$a,$B,$B,$B" --rotate
    done
    # The staged evaluation against the linear one, side by side: two seats
    # each of the same searcher at 300 iterations, 6,000 games.
    S=mcts:iters=300,cutoff=2,c=0.3
    { echo "$J sim --games 6000 --players 4 --seed 12 --rotate --agents $S,eval=stage,$S,$S,eval=stage,$S --out results/search/stage-vs-linear-4p.csv"
      $J sim --games 6000 --players 4 --seed 12 --rotate --agents "$S,eval=stage,$S,$S,eval=stage,$S" \
          --out results/search/stage-vs-linear-4p.csv; } >results/search/stage-vs-linear-4p.txt
    # The evaluation with the hand's reach against the staged one, side by
    # side the same way.
    S=mcts:iters=300,cutoff=2,c=0.3
    { echo "$J sim --games 6000 --players 4 --seed 12 --rotate --agents $S,eval=hand,$S,eval=stage,$S,eval=hand,$S,eval=stage --out results/search/hand-vs-stage-4p.csv"
      $J sim --games 6000 --players 4 --seed 12 --rotate --agents "$S,eval=hand,$S,eval=stage,$S,eval=hand,$S,eval=stage" \
          --out results/search/hand-vs-stage-4p.csv; } >results/search/hand-vs-stage-4p.txt
    # The round's card choices as simultaneous in the tree against the
    # engine's order, side by side the same way (the staged searcher).
    S=mcts:iters=300,cutoff=2,c=0.3,eval=stage
    { echo "$J sim --games 6000 --players 4 --seed 12 --rotate --agents $S,cards=simultaneous,$S,$S,cards=simultaneous,$S --out results/search/simultaneous-vs-ordered-4p.csv"
      $J sim --games 6000 --players 4 --seed 12 --rotate --agents "$S,cards=simultaneous,$S,$S,cards=simultaneous,$S" \
          --out results/search/simultaneous-vs-ordered-4p.csv; } >results/search/simultaneous-vs-ordered-4p.txt
    # A node per roll of the action dice in later rounds, side by side,
    # both with cards=simultaneous.
    T=$S,cards=simultaneous
    { echo "$J sim --games 6000 --players 4 --seed 12 --rotate --agents $T,dice=branch,$T,$T,dice=branch,$T --out results/search/dice-branch-vs-averaged-4p.csv"
      $J sim --games 6000 --players 4 --seed 12 --rotate --agents "$T,dice=branch,$T,$T,dice=branch,$T" \
          --out results/search/dice-branch-vs-averaged-4p.csv; } >results/search/dice-branch-vs-averaged-4p.txt
fi
if has ceiling; then
    # One seat against three mcts:iters=1000 with four times their budget:
    # plain ISMCTS (four times their time), and the best searcher at four
    # times its own: 1000 games as two shards of 500 (-part1, -part2, each
    # about 8 minutes on two cores) merged into the whole run's summary.
    srun mcts:iters=4000 4 --games 1000 --players 4 --seed 1 --agents "mcts:iters=4000,$B,$B,$B" --rotate
    a=mcts:iters=16000,cutoff=2,c=0.3,stop=decided,eval=stage
    n="$(spec_name "$a")-4p"
    srun_as "$n-part1" --games 500 --players 4 --seed 1 --agents "$a,$B,$B,$B" --rotate
    srun_as "$n-part2" --games 500 --first-game 500 --players 4 --seed 1 --agents "$a,$B,$B,$B" --rotate
    f="results/search/$n"
    { echo "$J merge $f.csv $f-part1.csv $f-part2.csv"
      $J merge "$f.csv" "$f-part1.csv" "$f-part2.csv"; } >"$f.txt"
fi
if has goal; then
    # The best searchers within mcts:iters=1000's time (docs/SEARCH.md) as
    # one seat against three of it: games 0-2999 of seed 1 as three shards
    # (-part1..3, each about 7 minutes on two cores), merged.  First the
    # staged evaluation, then the one with the hand's reach (eval=hand,
    # whose evaluation costs more, so 4,500 iterations).
    for a in mcts:iters=5000,cutoff=2,c=0.3,stop=decided,eval=stage \
        mcts:iters=4500,cutoff=2,c=0.3,stop=decided,eval=hand; do
        n="$(spec_name "$a")-4p"
        for k in 1 2 3; do
            srun_as "$n-part$k" --games 1000 --first-game $(((k - 1) * 1000)) --players 4 --seed 1 \
                --agents "$a,$B,$B,$B" --rotate
        done
        f="results/search/$n"
        { echo "$J merge $f.csv $f-part1.csv $f-part2.csv $f-part3.csv"
          $J merge "$f.csv" "$f-part1.csv" "$f-part2.csv" "$f-part3.csv"; } >"$f.txt"
    done
    # The same searcher with the hand's reach in 2-player games (and the
    # ghost) against mcts:iters=1000, as the search part's 2-player rows.
    a=mcts:iters=4500,cutoff=2,c=0.3,stop=decided,eval=hand
    srun "$a" 2 --games 1000 --players 2 --seed 1 --agents "$a,$B" --rotate
fi
if has goalfresh; then
    # The same two goal matches on deals of seeds 1011 and 1012, which no
    # choice of the searcher's settings saw (seed 1 was the one the changes
    # were measured on): 1,000 games each (about 40 minutes on two cores).
    a=mcts:iters=4500,cutoff=2,c=0.3,stop=decided,eval=hand
    for seed in 1011 1012; do
        srun_as "$(spec_name "$a")-2p-seed$seed" --games 1000 --players 2 --seed $seed --agents "$a,$B" --rotate
        srun_as "$(spec_name "$a")-4p-seed$seed" --games 1000 --players 4 --seed $seed --agents "$a,$B,$B,$B" --rotate
    done
fi
