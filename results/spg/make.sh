# results/spg/make.sh: this folder's parts of the lab.  results/make.sh
# sources it (after results/lib.sh: J, has, py and the shared helpers);
# `results/make.sh PART` runs one.
#
# `spg`: self-play policy gradient (python/jamaica/train/spg.py) from the `net`
# agent's distilled policy, held near it by a KL term: five training seeds of
# 60 generations of 1,000 games (2, 3 and 4 players in turn;
# results/spg/seedS/: log.csv with the win share against sharp at 2 players
# every 10 generations on the screening deals of seed 1009, current.jmn,
# train.log; about 9 minutes a seed on two cores), the curve's mean and spread
# (results/spg/curve.md), then each network and the teacher against sharp on
# deals of seeds 1011 and 1012, never used for a choice (10,000 games of 2
# players, 8,000 as one seat of 4; results/spg/matches.md, 5 minutes), seed
# 5's network on both rating lists (rate-seed5-*.md, 5 minutes), as a rung of
# the balance ladder (results/analysis/ captain-spg.csv, ghost-spg.csv: run
# skillbalance after; 4 minutes) and on the crafted finishing position
# (positions.md).
# `rungs`: rungs fit for each figure (#74's third question): from the picked
# self-play network (results/spg/seed5) with the settings of spgmore's anchor/
# (60 generations of 1,000 games, seed 6, KL to seed 5), changing only what is
# played: 2-player games with the Ghost Ship (results/spg/rungs/ghost/) and 5-
# and 6-player games in turn (results/spg/rungs/p56/); anchor/ (2, 3 and 4
# players, no ghost) is the control with the same training. About 20 minutes
# on two cores. Then the ghost's share at 2 players and the first Captain's
# edge at 5 and 6 under each, --luck hand, seeds 3301 and 3302
# (results/spg/rungs/figures.md).
# `spgmore`: three ways on from the picked self-play network (results/spg/
# seed5), screening deals of seed 1009 only (results/spg/more/: each run's
# log.csv, train.log and screen.md; about 75 minutes on two cores): 60 more
# generations anchored at it (anchor/), the same with half the games against a
# frozen copy of it (frozen/: spg --opponent --against), and a wider network
# (256-128) distilled from 400,000 of its games (jamaica.train.positions, an
# eighth of the decisions kept) then 60 generations from there (wide/); the
# recommended searcher against sharp on the same deals puts the goal on the
# curves' axis (goal.md, 7 minutes), and each network against it head to head
# (vs-recommended.md, 15 minutes), the best there and seed 5 on seeds 1011 and
# 1012 (vs-recommended-fresh.md, 20 minutes), it on both rating lists (rate-
# anchor-*.md); the wide network's value head in the value-mix searcher
# (guided-wide.md, 10 minutes); every trainer's strength against its minutes
# of training (results/spg/compute_curve.py: compute.csv, compute.md,
# results/plots/compute.png).
if has spg; then
    S="--init results/net/policy/net.jmn --games 1000 --temp 0.35 --eval-every 10 --eval-games 2000"
    T=net:file=results/net/policy/net.jmn
    for s in 1 2 3 4 5; do
        mkdir -p results/spg/seed$s
        bin/python -m jamaica.train.spg $S --out results/spg/seed$s --seed $s --generations 60 --resume \
            2>>results/spg/seed$s/train.log
        [ $s = 1 ] || rm -f results/spg/seed$s/checkpoint.pt   # seed 1's goes on in a later stage
    done
    bin/python -m jamaica.train.dmc --curve results/spg/seed1 results/spg/seed2 results/spg/seed3 results/spg/seed4 \
        results/spg/seed5 >results/spg/curve.md
    for seed in 1011 1012; do
        for a in "$T" net:file=results/spg/seed1/current.jmn net:file=results/spg/seed2/current.jmn \
                net:file=results/spg/seed3/current.jmn net:file=results/spg/seed4/current.jmn \
                net:file=results/spg/seed5/current.jmn; do
            echo "\$ jamaica sim --agents $a,sharp --players 2 --games 10000 --rotate --seed $seed --timing ..."
            $J sim --agents "$a,sharp" --players 2 --games 10000 --rotate --seed $seed --out /dev/null \
                --timing /dev/null 2>&1
            echo "\$ jamaica sim --agents $a,sharp,sharp,sharp --players 4 --games 8000 --rotate --seed $seed --timing ..."
            $J sim --agents "$a,sharp,sharp,sharp" --players 4 --games 8000 --rotate --seed $seed --out /dev/null \
                --timing /dev/null 2>&1
        done
    done >results/spg/matches.md
    # the network picked on the screening deals (seed 5's, results/spg/README.md) on both rating lists
    for p in 2 4; do
        case $p in 2) g=200 ;; *) g=40 ;; esac
        { echo "\$ jamaica rate net:file=results/spg/seed5/current.jmn --players $p --games $g --out ..."
          $J rate net:file=results/spg/seed5/current.jmn --players $p --games $g --list results/ratings/list-${p}p.csv \
              --out results/spg/rate-seed5-${p}p.csv; } >results/spg/rate-seed5-${p}p.md
    done
    # seed 5's network as a rung of results/make.sh skillbalance's ladder: the first Captain's edge at 3 to
    # 6 players and the ghost's share (as `skilled` measures sharp and net; 4 minutes)
    $J study captain --players 3-6 --games 80000 --agents net:file=results/spg/seed5/current.jmn \
        --out results/analysis/captain-spg.csv --md results/analysis/captain-spg.md
    $J study ghost --players 3-5 --games 40000 --agents net:file=results/spg/seed5/current.jmn \
        --out results/analysis/ghost-spg.csv --md results/analysis/ghost-spg.md
    # the crafted position of tests/unit/test_net.c that the policy must play right: finish when finishing wins
    PYTHONPATH=python JAMAICA_LIB=lib/libjamaica.so.1 bin/python - "$T" net:file=results/spg/seed1/current.jmn \
        net:file=results/spg/seed2/current.jmn net:file=results/spg/seed3/current.jmn \
        net:file=results/spg/seed4/current.jmn net:file=results/spg/seed5/current.jmn >results/spg/positions.md <<'PY'
import sys, jamaica
pos = ("jamaica/1 players=2 rules=ghost=off dice=3,2 ship0=47:1:6g.2g.-.-.- ship1=44:1:6g.6g.3f.-.- "
       "cards0=dhdddhdddhd")
print("P0 on 47 finishes with forward / forward and wins (tests/unit/test_net.c); each network's greedy choice, "
      "and how often it draws finishing at temperature 1 (300 streams):\n")
print("| network | greedy choice | finishes at temp=1 |\n|---|---|---:|")
for spec in sys.argv[1:]:
    g = jamaica.Game(position=pos)
    greedy = g.action_to_string(jamaica.Agent(spec).choose(g))
    a, k = jamaica.Agent(spec + ",temp=1"), 0
    for n in range(300):
        a.reset(1, n, 0)
        k += jamaica.Game(position=pos).action_to_string(a.choose(jamaica.Game(position=pos))).startswith("card 1:")
    print("| `%s` | %s | %d/300 |" % (spec, greedy, k))
PY
fi
if has rungs; then
    S5=results/spg/seed5/current.jmn
    R=results/spg/rungs
    SPG="bin/python -m jamaica.train.spg --games 1000 --temp 0.35 --eval-every 10 --eval-games 2000 --generations 60 --resume"
    mkdir -p $R/ghost $R/p56
    # (a network trained is kept: remove its directory to train it again)
    [ -e $R/ghost/current.jmn ] || $SPG --init $S5 --out $R/ghost --seed 6 --players 2 --rules 2021,ghost=on \
        2>>$R/ghost/train.log
    [ -e $R/p56/current.jmn ] || $SPG --init $S5 --out $R/p56 --seed 6 --players 5,6 2>>$R/p56/train.log
    rm -f $R/ghost/checkpoint.pt $R/p56/checkpoint.pt
    # the figures, on seeds 3301 and 3302 (never used for a choice): the ghost's share at 2 under the
    # ghost rung, its control (anchor) and where both started (seed 5); the edge at 3 to 6 under seed 5
    # and the control, at 5 and 6 under the 5-6-player rung (about 9 minutes)
    for seed in 3301 3302; do
        for n in seed5:results/spg/seed5 anchor:results/spg/more/anchor ghost:$R/ghost p56:$R/p56; do
            l=${n%%:*}
            f=${n#*:}/current.jmn
            [ $l = p56 ] || $J study ghost --players 2 --games 20000 --agents net:file=$f --luck hand --seed $seed \
                --out $R/ghost-$l-$seed.csv --md /dev/null
            case $l in ghost) ps= ;; p56) ps=5-6 ;; *) ps=3-6 ;; esac
            [ -z "$ps" ] || $J study captain --players $ps --games 40000 --agents net:file=$f --luck hand \
                --seed $seed --out $R/captain-$l-$seed.csv --md /dev/null
        done
    done
    # did the training take: each rung against seed 5 in its own configuration, the control beside it
    for seed in 3301 3302; do
        for n in anchor:results/spg/more/anchor ghost:$R/ghost; do
            f=${n#*:}/current.jmn
            echo "\$ jamaica sim --agents net:file=$f,net:file=$S5 --players 2 --rules 2021,ghost=on --rotate --games 20000 --seed $seed --luck hand"
            $J sim --agents net:file=$f,net:file=$S5 --players 2 --rules 2021,ghost=on --rotate --games 20000 \
                --seed $seed --luck hand --out /dev/null 2>&1 | grep ' wins '
        done
        for n in anchor:results/spg/more/anchor p56:$R/p56; do
            f=${n#*:}/current.jmn
            echo "\$ jamaica sim --agents net:file=$f,net:file=$S5 x 5 --players 6 --rotate --games 20000 --seed $seed --luck hand"
            $J sim --agents net:file=$f,net:file=$S5,net:file=$S5,net:file=$S5,net:file=$S5,net:file=$S5 --players 6 \
                --rotate --games 20000 --seed $seed --luck hand --out /dev/null 2>&1 | grep ' wins '
        done
    done >$R/matches.md
    { echo "\$ python3 results/spg/rung_figures.py results/spg/rungs seed5=... anchor=... ghost=... p56=..."
      echo
      "$(py)" results/spg/rung_figures.py $R seed5=results/spg/seed5/current.jmn \
          anchor=results/spg/more/anchor/current.jmn ghost=$R/ghost/current.jmn p56=$R/p56/current.jmn
    } >$R/figures.md
fi
if has spgmore; then
    S5=results/spg/seed5/current.jmn
    M=results/spg/more
    SPG="bin/python -m jamaica.train.spg --games 1000 --temp 0.35 --eval-every 10 --eval-games 2000 --generations 60 --resume"
    mkdir -p $M/anchor $M/frozen $M/wide/samples
    $SPG --init $S5 --out $M/anchor --seed 6 2>>$M/anchor/train.log
    $SPG --init $S5 --out $M/frozen --seed 6 --opponent net:file=$S5 --against 0.5 --threads 1 \
        2>>$M/frozen/train.log
    for c in "2 200000 301" "3 100000 302" "4 100000 303"; do
        set -- $c
        [ -e $M/wide/samples/p$1/buffer-$(($2 / 4000 - 1)).npz ] ||
            bin/python -m jamaica.train.positions --agent net:file=$S5 --players $1 --games $2 --keep 0.125 \
                --out $M/wide/samples/p$1 --seed $3 2>>$M/wide/train.log
    done
    [ -e $M/wide/distilled.jmn ] ||
        bin/python -m jamaica.train.distill --samples "$M/wide/samples/p*/buffer-*.npz" --hidden 256,128 --epochs 2 \
            --value-weight 1.0 --holdout 50 --threads 2 --out $M/wide/distilled.jmn --log $M/wide/distill-log.csv \
            2>>$M/wide/train.log
    $SPG --init $M/wide/distilled.jmn --out $M/wide --seed 7 2>>$M/wide/train.log
    rm -f $M/anchor/checkpoint.pt $M/frozen/checkpoint.pt $M/wide/checkpoint.pt
    {
        for a in $S5 $M/anchor/current.jmn $M/frozen/current.jmn $M/wide/distilled.jmn $M/wide/current.jmn; do
            echo "\$ jamaica sim --agents net:file=$a,sharp --players 2 --games 2000 --rotate --seed 1009 --timing ..."
            $J sim --agents "net:file=$a,sharp" --players 2 --games 2000 --rotate --seed 1009 --out /dev/null \
                --timing /dev/null 2>&1
            echo "\$ jamaica sim --agents net:file=$a,sharp,sharp,sharp --players 4 --games 4000 --rotate --seed 1009"
            $J sim --agents "net:file=$a,sharp,sharp,sharp" --players 4 --games 4000 --rotate --seed 1009 \
                --out /dev/null 2>&1
        done
        for a in $M/anchor/current.jmn $M/frozen/current.jmn $M/wide/current.jmn; do
            echo "\$ jamaica sim --agents net:file=$a,net:file=$S5 --players 2 --games 4000 --rotate --seed 1009"
            $J sim --agents "net:file=$a,net:file=$S5" --players 2 --games 4000 --rotate --seed 1009 --out /dev/null 2>&1
        done
    } >$M/screen.md
    R="mcts:iters=4500,cutoff=2,c=0.3,stop=decided,eval=hand"
    { echo "\$ jamaica sim --agents $R,sharp --players 2 --games 2000 --rotate --seed 1009 --timing ..."
      $J sim --agents "$R,sharp" --players 2 --games 2000 --rotate --seed 1009 --out /dev/null --timing /dev/null 2>&1
    } >$M/goal.md
    # each network and the teacher against the recommended searcher itself (1,000 2-player games; 15 minutes)
    for a in $S5 $M/anchor/current.jmn $M/frozen/current.jmn $M/wide/current.jmn results/net/policy/net.jmn; do
        echo "\$ jamaica sim --agents net:file=$a,$R --players 2 --games 1000 --rotate --seed 1009"
        $J sim --agents "net:file=$a,$R" --players 2 --games 1000 --rotate --seed 1009 --out /dev/null 2>&1
    done >$M/vs-recommended.md
    # the best of them there (anchor) and seed 5 on seeds 1011 and 1012, never used for a choice (20 minutes),
    # and anchor on both rating lists (5 minutes)
    for seed in 1011 1012; do
        for a in $S5 $M/anchor/current.jmn; do
            echo "\$ jamaica sim --agents net:file=$a,$R --players 2 --games 1000 --rotate --seed $seed"
            $J sim --agents "net:file=$a,$R" --players 2 --games 1000 --rotate --seed $seed --out /dev/null 2>&1
        done
    done >$M/vs-recommended-fresh.md
    for p in 2 4; do
        case $p in 2) g=200 ;; *) g=40 ;; esac
        { echo "\$ jamaica rate net:file=$M/anchor/current.jmn --players $p --games $g --out ..."
          $J rate net:file=$M/anchor/current.jmn --players $p --games $g --list results/ratings/list-${p}p.csv \
              --out $M/rate-anchor-${p}p.csv; } >$M/rate-anchor-${p}p.md
    done
    # the wide network's value head at the value-mix searcher's leaves (seed 12's screening deals; 10 minutes)
    G=guided:file=results/net/value/net.jmn,vfile=$M/wide/distilled.jmn,iters=1200,root=puct,value=mix,cutoff=0,mix=0.5
    { echo "\$ jamaica sim --agents $G,$R --players 2 --games 1000 --rotate --seed 12 --timing ..."
      $J sim --agents "$G,$R" --players 2 --games 1000 --rotate --seed 12 --out $M/guided-wide.csv \
          --timing $M/guided-wide-timing.csv 2>&1
    } >$M/guided-wide.md
    python3 results/spg/compute_curve.py $M/compute.csv $M/compute.md results/plots/compute.png
fi
