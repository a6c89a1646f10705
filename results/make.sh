#!/bin/sh
# Regenerate the reference results that README.md and docs/RESULTS.md
# quote.  Each file is the summary CSV of one command below; the same
# command writes the same bytes on any machine and thread count.
set -eu
cd "$(dirname "$0")/.."
make -s bin/jamaica
J=bin/jamaica
# What to run: nothing named, everything but the analysis; `agents`; or any
# of the analysis parts `captain ghost sweep skilled ladder` (`analysis`: all five);
# `coverage`: how often each printed 95% interval covers a known truth, over
# 4000 seeded runs of each kind (results/analysis/coverage.md, ~8 minutes on
# two cores; CI runs the same check at 1000);
# `speed`: the engine against the one before the performance work, side by
# side (results/speed.sh: results/timing/engine-speed.txt);
# `scaling`: games/s over 1 to 16 threads and MPI ranks, random and
# mcts:iters=300, with the efficiency per physical core (results/scaling.sh:
# results/scaling/; a count above the machine's CPUs is left out);
# `replay`: a 4-player game as a replay page (results/replay/game-4p.html)
# and screenshots of it in headless chromium (results/replay/replay-4p.png,
# the README's picture, at 1500x950; replay-4p-1024x768.png);
# `learn`: greedy's value function fitted to 20,000 games of sharp by
# `jamaica learn` (results/learn/sharp-4p.txt, whose last line is the agent),
# then played on other deals (seed 2) against three greedy and three sharp;
# and the same games fitted with weights by stage of the game (--stage:
# results/learn/sharp-4p-stage.txt, heur_staged, the searcher's eval=stage),
# and at the start of every round with the hand's reach this round (--hand:
# results/learn/sharp-4p-hand.txt, heur_hand, eval=hand);
# `balance`: the Ghost Ship's gold and combat bonus that give it a fair
# third of 2-player games, and the starting gold, food and hand that would
# remove the first Captain's edge at 3-6 players, both under `sharp`
# (results/balance/; about 25 minutes on two cores);
# `soak`: 10^8 random games killed half-way and resumed from their
# checkpoint, memory sampled, against four shards merged (results/soak.sh:
# results/soak/; about 20 minutes on two cores);
# `search`: the searcher's additions (docs/SEARCH.md) one at a time, each
# against mcts:iters=1000 with its time per decision from the same run
# (results/search/; about 45 minutes on two cores);
# `ceiling`: what more time buys as one seat against three mcts:iters=1000:
# plain ISMCTS at 4,000 iterations and the best searcher at 16,000, with no
# limit on the time (results/search/; about 40 minutes on two cores);
# `goal`: the best searchers at the goal's budget (no more time a decision
# than mcts:iters=1000) as one seat against three of them, eval=stage and
# eval=hand, each 3,000 games as three shards of 1,000 merged, then the
# eval=hand searcher in 1,000 2-player games against mcts:iters=1000
# (results/search/; about 45 minutes on two cores);
# `envbench`: learner steps a second of jamaica.VecEnv against the one-game
# Env, side by side, random, greedy and sharp opponents, and the memory an
# environment takes (python/bench_env.py: results/learning/env-bench.md;
# about 2 minutes);
# `ppo`: python/examples/ppo.py, one seat against three greedy for 30
# minutes (results/learning/ppo/: curve.csv, curve.png, policy.pt; numpy and
# torch needed, tests/deps.sh installs them);
# `beside`: VecEnv idle, between torch updates, beside a caller that
# sleeps as long (the control) and beside two busy processes
# (python/bench_beside.py: results/learning/beside.md; about 4
# minutes; BESIDE_BASELINE=TREE adds another commit's tree, `make lib` run
# in it, in the same turns);
# `besidecontrol`: the same without a baseline, its sleeping control also
# with threads=1 (results/learning/beside-control.md; about 3 minutes);
# `ppocost`: where a PPO loop's time goes, env.step against the rest, per
# learner step (results/learning/ppo-cost.txt; 3 minutes);
# `seeds`: the same for training seeds 1 to 5, each to 5 million steps, all
# at once on 3 threads each, and their mean curve (results/learning/seeds/;
# about 6 minutes on 16 cores, a few hours on two);
# `net`: the shipped network (docs/NETWORK.md): eight generations that learn
# from 1,000 games each of mcts:iters=1000,cutoff=2,c=0.3,eval=hand, the
# guided searcher measured against the recommended one every four
# (results/net/: net.jmn, log.csv, log.png, train.log; each generation's
# gen-K.jmn stays out of git; about 40
# minutes on two cores; numpy and torch needed);
# `netrel`: a seat-relative network learnt from the recommended searcher
# (results/net/relative/: three generations of 1,500 games, 1,000 of 2
# players and 500 of 4; about 4 minutes on 16 cores and a GPU,
# NET_DEVICE=cuda; some 30 on two cores), then its policy against sharp
# and its guided searcher against the recommended one, 2 players;
# `policy`: the network of the `net` agent (results/net/policy/): a
# seat-relative network trained afresh by jamaica.distill on netab's games
# of the plain searcher and more of the recommended searcher's, then it and
# the shipped network's policy against sharp, 2 and 4 players (matches.md;
# about 80 minutes on two cores, nearly all of it the games);
# `value`: a network for the guided searcher's leaves (results/net/value/):
# the `net` agent's own games (600,000, an eighth of their decisions kept,
# jamaica.positions) and the plain searcher's of `policy`, distilled with the
# value weighted as the policy; then its guided searcher against the
# recommended one, 1,000 games of 2 players (about 50 minutes on two cores,
# 22 of them the training; VALUE_4P=1 adds the 3,000 4-player games, some
# 8 hours here, 4 minutes on 16 cores);
# `netab`: the shipped network's run again, the same games, with seats
# relative (results/net/seats-ab/: the network, its log, and its agents'
# matches and ratings beside the shipped network's; about 25 minutes on two
# cores, the 1,000-game guided match 4 more);
# `netmatch`: the network's agents against the recommended searcher, seats
# rotated, with --timing (results/net/match-*.md; 2 players: about 15
# minutes on two cores; NETMATCH_4P=1 adds the 4-player match of 3,000
# games, about 8 hours);
# `netfresh`: the two guided searchers the README reports (the shipped one,
# results/net/agents.txt's second line, and the value-mix one of `value`)
# against the recommended searcher on seeds 1011 and 1012, never used for a
# choice: the shipped one's 2-player match, and both as one seat of four
# against three of it, 1,000 games each (results/net/match-*-seed101[12].*,
# results/net/value/match-4p-seed101[12].*; 70 minutes on two cores shared
# with another run);
# `netscreen`: a screen on seed 21 (never used before): the shipped 4-player
# guided settings with the re-anchored self-play network's priors beside the
# shipped network's, one seat of four against three recommended searchers,
# 1,000 games each (results/net/screen-4p-seed21-*.md; 17 minutes);
# `ratings`: the rating lists (results/ratings/list-2p.csv, list-4p.csv): a
# tournament between the anchors, its ratings shifted to put random at 0
# (300 deals of 2 players, 100 of 4), then the network's policy and
# `learned` rated on them by `jamaica rate` (about 80 minutes on two cores);
# `variant`: the designer's walk-through of docs/DESIGNERS.md: the base
# game's variant file with one card, one cost and one treasure changed
# (results/variants/designer.variant), and its report against the base game
# at the default sizes (results/variants/report.html and report.md; about
# 4 minutes on two cores); and what each element is worth to sharp in the
# base game (results/variants/worth-sharp-3p.md, 10 seconds);
# `dmc`: Deep Monte-Carlo self-play (python/jamaica/dmc.py) from random
# weights, five training seeds of 30 generations of 1,000 games (2, 3 and 4
# players in turn): each seed's log (results/dmc/seedS/log.csv: the win
# share against sharp at 2 players every 5 generations, deals of seed 1009),
# the curve's mean and spread over the seeds (results/dmc/curve.md), and each
# final network against sharp on deals of seeds 1011 and 1012, never used
# in training (results/dmc/final.md); about 40 minutes on two cores;
# `skillbalance`: the first Captain's edge and the ghost's share under each
# rung of skill against its rating, from the captain and ghost studies' CSVs
# and the rating lists (results/analysis/balance-ladder.md and
# results/plots/balance-ladder.png; seconds);
# `searchrung`: the recommended searcher as the ladder's top rung for the
# ghost's share at 2 players (8,000 games, results/analysis/ghost-search.*;
# about an hour on two cores shared with another run; its edge at 3 to 6
# players would take days here); run skillbalance after;
# `seatcost`: what a tournament's paired seatings buy, which a sealed run
# with an outside agent gives up (docs/PROTOCOL.md): sharp against greedy
# at 2 players (4,000 deals), sharp, greedy, learned and random at 4
# (1,000 deals of 24 seatings), paired; and the control, the template
# plugin against sharp at 2 players under a sealed seed (each seating its
# own chance; four seeds) and under a number seed (paired);
# analysis/seating_cost.py on each (results/seating/cost.md; about 3
# minutes on two cores);
# `dmc2`: seed 1 on from its checkpoint to generation 229, its curve and
# the network on seeds 1011 and 1012 (results/dmc/stage2.md; 17 minutes);
# `spg`: self-play policy gradient (python/jamaica/spg.py) from the `net`
# agent's distilled policy, held near it by a KL term: five training seeds
# of 60 generations of 1,000 games (2, 3 and 4 players in turn;
# results/spg/seedS/: log.csv with the win share against sharp at 2 players
# every 10 generations on the screening deals of seed 1009, current.jmn,
# train.log; about 9 minutes a seed on two cores), the curve's mean and
# spread (results/spg/curve.md), then each network and the teacher against
# sharp on deals of seeds 1011 and 1012, never used for a choice (10,000
# games of 2 players, 8,000 as one seat of 4; results/spg/matches.md,
# 5 minutes), seed 5's network on both rating lists (rate-seed5-*.md,
# 5 minutes), as a rung of the balance ladder (results/analysis/
# captain-spg.csv, ghost-spg.csv: run skillbalance after; 4 minutes) and on
# the crafted finishing position (positions.md);
# `dagger`: imitation on the policy's own positions (DAgger): the self-play
# policy gradient's network (results/spg/seed5) plays 3,000 games (1,500 of
# 2 players, 1,500 of 4) while the recommended searcher searches every
# decision (jamaica.exit --play; the samples in results/dagger/samples/, not
# kept in git; about 18 minutes on two cores), then four fine-tunes on
# them, from that network and from the `net` agent's, each against sharp on
# the screening deals of seed 1009 and head to head (results/dagger/
# screen.md; 3 minutes), the best of them (f4) on seeds 1011 and 1012 (matches.md),
# and the self-play policy gradient from f4 (training seed 1, 60 generations:
# results/dagger/spg-f4/log.csv; 8 minutes);
# `rungs`: rungs fit for each figure (#74's third question): from the
# picked self-play network (results/spg/seed5) with the settings of
# spgmore's anchor/ (60 generations of 1,000 games, seed 6, KL to seed 5),
# changing only what is played: 2-player games with the Ghost Ship
# (results/spg/rungs/ghost/) and 5- and 6-player games in turn
# (results/spg/rungs/p56/); anchor/ (2, 3 and 4 players, no ghost) is the
# control with the same training. About 20 minutes on two cores. Then the
# ghost's share at 2 players and the first Captain's edge at 5 and 6 under
# each, --luck hand, seeds 3301 and 3302 (results/spg/rungs/figures.md);
# `lucksprt`: the luck-adjusted SPRT and ratings against the plain ones
# (analysis/luck_sprt.py: results/luck/sprt.md, about 15 minutes);
# `variantskill`: report --skill on the designer's variant (results/variants/
# skill.md: the skill depth and what seeing wins, 2 players; 6 minutes).
# `spgmore`: three ways on from the picked self-play network (results/spg/
# seed5), screening deals of seed 1009 only (results/spg/more/: each
# run's log.csv, train.log and screen.md; about 75 minutes on two cores):
# 60 more generations anchored at it (anchor/), the same with half the
# games against a frozen copy of it (frozen/: spg --opponent --against),
# and a wider network (256-128) distilled from 400,000 of its games
# (jamaica.positions, an eighth of the decisions kept) then 60 generations
# from there (wide/); the recommended searcher against sharp on the same
# deals puts the goal on the curves' axis (goal.md, 7 minutes), and each
# network against it head to head (vs-recommended.md, 15 minutes), the
# best there and seed 5 on seeds 1011 and 1012 (vs-recommended-fresh.md,
# 20 minutes), it on both rating lists (rate-anchor-*.md); the wide
# network's value head in the value-mix searcher (guided-wide.md, 10
# minutes); every trainer's strength against its minutes of training
# (analysis/compute_curve.py: compute.csv, compute.md, results/plots/compute.png);
# `goalfresh`: the goal's two matches of the recommended searcher against
# mcts:iters=1000 (2 players; one seat of 4) again on seeds 1011 and 1012,
# never used for a choice, 1,000 games each (results/search/*-seed101[12].*;
# about 40 minutes on two cores);
# `luck`: what luck-adjusted estimates save: the variance of the first
# Captain's edge at 2 to 6 players under random, greedy and sharp, and of
# the ghost's 2-player share, plain against --luck hand (and the value
# network's value head at 4 players and for the ghost), with the CPU time
# of the same games without and with it; the control `first` (no agent
# randomness); and how often the adjusted intervals cover the truth
# (results/luck/; about 15 minutes on two cores);
# `luckfit`: the hand value function's weight for each kind of chance draw,
# fitted to the first Captain's edge in 15,000 4-player games of sharp, seed
# 31 (analysis/luck_fit.py: results/luck/fit.md, whose last line is
# agents/value.c's value_hand_weight; about a minute);
# `luckfeatures`: how far any value function linear in the hand evaluation's
# features (by kind of draw) takes the correction of the first Captain's
# edge, 4 players of sharp: fitted on 15,000 games (seed 31), tested on
# 15,000 others (seed 32) (results/luck/features.c, analysis/luck_features.py:
# results/luck/features.md; numpy; about 2 minutes);
# `reference`: the reference agents (see=hands, see=all on the recommended
# searcher) as one seat against the recommended searcher, 2 players (300
# games) and 4 players (150), each on seeds 3101 and 3102, never used for a
# choice (results/reference/; about 40 minutes on two cores);
# `lucksearch`: the same ratios under the network's policy (`net`, 2-6
# players and the ghost) and, in small samples, under the recommended
# searcher (the edge at 4 players, the ghost at 2, and against sharp in a
# tournament) (results/luck/ratios-net-searcher.md; about 25 minutes);
# `lucksearch2`: the recommended searcher's edge at 2, 3, 5 and 6 players,
# 150 games each (results/luck/ratios-searcher-more.md; about 20 minutes);
# `infer`: the value-mix searcher with inference (guided infer=FILE,
# docs/AGENTS.md) against the recommended searcher, 2 players: candidates
# screened on seed 3501 (1,000 games each), the best (screen-c5) and the
# same searcher without inference then played on seeds 3502 and 3503 (2,000
# games each), never used for a choice, and the ceiling on the
# same deals (ceiling-hands, 1,000 games each) (results/infer/; about 50
# minutes on two cores for the screen, 30 for the confirmation, 20 for the
# ceiling; INFER_PART=screen, confirm or ceiling runs one part);
# `td`: TD(lambda) on afterstates (python -m jamaica.td) from the self-play
# policy's network, its games 2-player self-play of that policy (results/td/:
# the network and its log; about 30 minutes on one core);
# `rollout`: truncated rollouts of the self-play policy at the root, every
# candidate on the same deals and dice (agents/rollout.c, docs/AGENTS.md),
# and the one-move search over the deals with td's afterstate value
# (rollout after=), against the recommended searcher, 2 players: candidates
# screened on seed 3501 (1,000 games each), the best then played on seeds
# 3502 and 3503 (2,000 games each), never used for a choice: the same deals
# as `infer`'s (results/rollout/; about 40 minutes on two cores for the
# screen, 20 for the confirmation; ROLLOUT_PART=screen or confirm runs one
# part);
# `tune`: greedy's weights tuned by SPSA against three greedy
# (results/tune/: the trajectory and the report, whose last line is the
# `sharp` agent's defaults; about 5 minutes on two cores).
want=${*:-base agents}
[ "$want" = analysis ] && want="captain ghost sweep skilled ladder"
has() { case " $want " in *" $1 "*) return 0 ;; esac; return 1; }
# The Python that has numpy (and torch): the first of python3, /usr/bin/python3.
py() { for p in python3 /usr/bin/python3; do $p -c 'import numpy' 2>/dev/null && { echo "$p"; return; }; done; echo python3; }
# A 2-player match of SPEC against the recommended searcher $R, seats rotated
# (GAMES games of SEED): DIR/NAME.md (the command and its output), .csv and
# -timing.csv.
against_r() { # DIR NAME SPEC SEED GAMES
    { echo "\$ jamaica sim --agents $3,$R --players 2 --games $5 --rotate --seed $4"
      $J sim --agents "$3,$R" --players 2 --games $5 --rotate --seed $4 \
          --out $1/$2.csv --timing $1/$2-timing.csv; } >$1/$2.md
}
# The plain searcher's samples of netab's 8,000 games (the same games), games
# only (--epochs 0.01: the run's own network is not kept), into $1: what
# `policy` and `value` learn from besides their own.
plain_samples() {
    PYTHONPATH=python JAMAICA_LIB=lib/libjamaica.so.1 "$(py)" -m jamaica.exit --jamaica "$J" --out "$1" \
        --generations 8 --bootstrap-generations 8 --games 1000 --players 2,4 \
        --bootstrap mcts:iters=1000,cutoff=2,c=0.3,eval=hand --window 8 --epochs 0.01 --eval-every 0 --seed 1 \
        --seats relative 2>&1 | grep -v trained
}
. results/luck/make.sh
if has envbench; then
    make -s lib
    mkdir -p results/learning
    PYTHONPATH=python JAMAICA_LIB=lib/libjamaica.so.1 "$(py)" python/bench_env.py --seconds 4 --rounds 3 \
        --out results/learning/env-bench.md
fi
if has ppo; then
    make -s lib
    mkdir -p results/learning/ppo
    PYTHONPATH=python JAMAICA_LIB=lib/libjamaica.so.1 "$(py)" python/examples/ppo.py --minutes 30 \
        --out results/learning/ppo | tee results/learning/ppo/log.txt
    # The trained policy as a program, on deals it never saw, seats rotated.
    { echo "\$ jamaica sim --agents 'cmd:$(py) python/examples/ppo_agent.py:policy=...',greedy,greedy,greedy --rotate --games 400 --seed 7"
      $J sim --agents "cmd:$(py) python/examples/ppo_agent.py:policy=results/learning/ppo/policy.pt",greedy,greedy,greedy \
          --rotate --games 400 --seed 7 --out /dev/null; } >results/learning/ppo/sim-seed7.txt
fi
if has beside; then
    make -s lib
    "$(py)" python/bench_beside.py --seconds 4 --rounds 3 ${BESIDE_BASELINE:+--baseline "$BESIDE_BASELINE"} \
        --out results/learning/beside.md
fi
if has besidecontrol; then
    # The sleeping control with threads=1 (no pool to wake) beside the
    # default: which explanation of the control's loss holds.
    make -s lib
    "$(py)" python/bench_beside.py --seconds 4 --rounds 3 --out results/learning/beside-control.md
fi
if has ppocost; then
    # Where a PPO loop's time goes: python/examples/ppo.py's default run
    # (256 envs against greedy) for 3 minutes, evaluations outside the
    # count; its last lines split each learner step into env.step and the
    # rest (results/learning/ppo-cost.txt).
    make -s lib
    t=$(mktemp -d)
    PYTHONPATH=python JAMAICA_LIB=lib/libjamaica.so.1 "$(py)" python/examples/ppo.py --minutes 3 \
        --eval-every 100000000 --eval-games 100 --out "$t" >"$t/log.txt"
    { echo "\$ python/examples/ppo.py --minutes 3 --eval-every 100000000 --eval-games 100 ($(nproc) cores, $(date +%F))"
      tail -n 2 "$t/log.txt"; } >results/learning/ppo-cost.txt
    rm -rf "$t"
fi
if has seeds; then
    make -s lib
    PYTHON="$(py)" sh results/learning/seeds/run.sh results/learning/seeds 5000000 3
    "$(py)" results/learning/seeds/summary.py results/learning/seeds
fi
if has net; then
    make -s lib
    rm -rf results/net/checkpoint.pt results/net/buffer-*.npz results/net/gen-*.jmn
    mkdir -p results/net
    # Eight generations that learn from the plain searcher's games (its
    # visit shares and root values), 1,000 games of 2 and 4 players each;
    # the guided searcher measured against the recommended one every four.
    PYTHONPATH=python JAMAICA_LIB=lib/libjamaica.so.1 "$(py)" -m jamaica.exit --jamaica "$J" --out results/net \
        --generations 8 --bootstrap-generations 8 --minutes 40 --games 1000 --players 2,4 \
        --bootstrap mcts:iters=1000,cutoff=2,c=0.3,eval=hand --hidden 128,64 --window 8 --epochs 2 \
        --value-mix 0.5 --iters 200 --expert root=puct,value=hand --eval-every 4 --eval-games 200 \
        --eval-players 2 --seed 1 2>&1 | tee results/net/train.log
    rm -rf results/net/checkpoint.pt results/net/buffer-*.npz
fi
if has netrel; then
    make -s lib
    rm -rf results/net/relative/checkpoint.pt results/net/relative/buffer-*.npz results/net/relative/gen-*.jmn
    mkdir -p results/net/relative
    PYTHONPATH=python JAMAICA_LIB=lib/libjamaica.so.1 "$(py)" -m jamaica.exit --jamaica "$J" --out results/net/relative \
        --generations 3 --bootstrap-generations 3 --games 1500 --players 2,2,4 \
        --bootstrap mcts:iters=4500,cutoff=2,c=0.3,stop=decided,eval=hand --hidden 128,64 --window 20 --epochs 2 \
        --value-mix 0.5 --iters 200 --expert root=puct,value=hand --eval-every 0 --seed 1 --seats relative \
        --device "${NET_DEVICE:-cpu}" 2>&1 | tee results/net/relative/train.log
    rm -rf results/net/relative/checkpoint.pt results/net/relative/buffer-*.npz results/net/relative/gen-*.jmn
    Nr=net:file=results/net/relative/net.jmn
    Gr=guided:file=results/net/relative/net.jmn,iters=1200,root=puct,value=playout
    R="mcts:iters=4500,cutoff=2,c=0.3,stop=decided,eval=hand"
    { echo "\$ jamaica sim --agents $Nr,sharp --players 2 --games 1000 --rotate --seed 11"
      $J sim --agents "$Nr,sharp" --players 2 --games 1000 --rotate --seed 11 --out /dev/null
      echo "\$ jamaica sim --agents $Gr,$R --players 2 --games 1000 --rotate --seed 11"
      $J sim --agents "$Gr,$R" --players 2 --games 1000 --rotate --seed 11 --out /dev/null
      echo "\$ jamaica sim --agents ${Gr%,value=playout},$R --players 2 --games 200 --rotate --seed 11"
      $J sim --agents "${Gr%,value=playout},$R" --players 2 --games 200 --rotate --seed 11 --out /dev/null
    } >results/net/relative/matches.md
fi
if has netab; then
    make -s lib
    O=results/net/seats-ab
    rm -rf $O/checkpoint.pt $O/buffer-*.npz $O/gen-*.jmn
    mkdir -p $O
    PYTHONPATH=python JAMAICA_LIB=lib/libjamaica.so.1 "$(py)" -m jamaica.exit --jamaica "$J" --out $O \
        --generations 8 --bootstrap-generations 8 --games 1000 --players 2,4 \
        --bootstrap mcts:iters=1000,cutoff=2,c=0.3,eval=hand --hidden 128,64 --window 8 --epochs 2 \
        --value-mix 0.5 --iters 200 --expert root=puct,value=hand --eval-every 0 --seed 1 --seats relative \
        2>&1 | tee $O/train.log
    rm -rf $O/checkpoint.pt $O/buffer-*.npz $O/gen-*.jmn
    R="mcts:iters=4500,cutoff=2,c=0.3,stop=decided,eval=hand"
    { for spec in "net:file=$O/net.jmn,sharp" "guided:file=$O/net.jmn,iters=1200,root=puct,$R" \
                  "guided:file=$O/net.jmn,iters=2400,root=puct,value=playout,expand=4,$R"; do
          case $spec in guided*iters=1200*) g=200 ;; *) g=1000 ;; esac
          echo "\$ jamaica sim --agents $spec --players 2 --games $g --rotate --seed 11"
          $J sim --agents "$spec" --players 2 --games $g --rotate --seed 11 --out /dev/null
      done
      for p in 2 4; do
          case $p in 2) rd=60 ;; *) rd=8 ;; esac
          echo "\$ jamaica rate net:file=$O/net.jmn --players $p --games $rd"
          $J rate "net:file=$O/net.jmn" --players $p --games $rd --list results/ratings/list-${p}p.csv --out /dev/null
      done; } >$O/matches.md
fi
if has policy; then
    make -s lib
    O=results/net/policy
    mkdir -p $O
    # The samples, games only (--epochs 0.01: the runs' own networks are not
    # kept): netab's 8,000 games of the plain searcher (the same games), and
    # 20 generations of 300 games (150 of 2 players, 150 of 4) of the
    # recommended searcher.
    R="mcts:iters=4500,cutoff=2,c=0.3,stop=decided,eval=hand"
    rm -rf $O/plain $O/rec
    plain_samples $O/plain
    PYTHONPATH=python JAMAICA_LIB=lib/libjamaica.so.1 "$(py)" -m jamaica.exit --jamaica "$J" --out $O/rec \
        --generations 20 --bootstrap-generations 20 --games 300 --players 2,4 --bootstrap "$R" --window 20 \
        --epochs 0.01 --eval-every 0 --seed 3 --seats relative 2>&1 | grep -v trained
    PYTHONPATH=python JAMAICA_LIB=lib/libjamaica.so.1 "$(py)" -m jamaica.distill --samples "$O/plain/buffer-*.npz" \
        --samples "$O/rec/buffer-*.npz" --out $O/net.jmn --log $O/log.csv --epochs 8 --value-weight 0.3 --threads 1 2>&1 | tee $O/train.log
    rm -rf $O/plain $O/rec
    { for p in 2 4; do
          case $p in 2) g=10000 ;; *) g=8000 ;; esac
          opp=$(for i in $(seq 2 $p); do printf ',sharp'; done)
          for n in $O/net.jmn results/net/net.jmn; do
              echo "\$ jamaica sim --agents net:file=$n$opp --players $p --games $g --rotate --seed 31"
              $J sim --agents "net:file=$n$opp" --players $p --games $g --rotate --seed 31 --out /dev/null
          done
      done; } >$O/matches.md
fi
if has value; then
    make -s lib
    O=results/net/value
    mkdir -p $O
    R="mcts:iters=4500,cutoff=2,c=0.3,stop=decided,eval=hand"
    rm -rf $O/p2 $O/p4 $O/plain
    plain_samples $O/plain
    for p in 2 4; do
        case $p in 2) g=400000 s=101 ;; *) g=200000 s=102 ;; esac
        PYTHONPATH=python JAMAICA_LIB=lib/libjamaica.so.1 "$(py)" -m jamaica.positions \
            --agent net:file=results/net/policy/net.jmn --players $p --games $g --keep 0.125 --seed $s \
            --out $O/p$p
    done
    PYTHONPATH=python JAMAICA_LIB=lib/libjamaica.so.1 "$(py)" -m jamaica.distill --samples "$O/p2/buffer-*.npz" \
        --samples "$O/p4/buffer-*.npz" --samples "$O/plain/buffer-*.npz" --out $O/net.jmn --log $O/log.csv \
        --epochs 3 --value-weight 1.0 --threads 2 2>&1 | tee $O/train.log
    rm -rf $O/p2 $O/p4 $O/plain
    G="guided:file=$O/net.jmn,iters=1200,root=puct,value=mix,cutoff=0,mix=0.5"
    { echo "\$ jamaica sim --agents $G,$R --players 2 --games 1000 --rotate --seed 11 --timing ..."
      $J sim --agents "$G,$R" --players 2 --games 1000 --rotate --seed 11 --out $O/match-2p.csv \
          --timing $O/match-2p-timing.csv; } >$O/match-2p.md
    # seed 11 is the screening seed; 1011 and 1012 were never used for a choice
    for s in 1011 1012; do
        { echo "\$ jamaica sim --agents $G,$R --players 2 --games 1000 --rotate --seed $s --timing ..."
          $J sim --agents "$G,$R" --players 2 --games 1000 --rotate --seed $s --out $O/match-2p-seed$s.csv \
              --timing $O/match-2p-seed$s-timing.csv; } >$O/match-2p-seed$s.md
    done
    if [ "${VALUE_4P:-0}" = 1 ]; then
        { echo "\$ jamaica sim --agents $G,$R,$R,$R --players 4 --games 3000 --rotate --seed 11 --timing ..."
          $J sim --agents "$G,$R,$R,$R" --players 4 --games 3000 --rotate --seed 11 --out $O/match-4p.csv \
              --timing $O/match-4p-timing.csv; } >$O/match-4p.md
    fi
fi
if has netmatch; then
    R="mcts:iters=4500,cutoff=2,c=0.3,stop=decided,eval=hand"
    G=$(sed -n 2p results/net/agents.txt)
    Nt=$(sed -n 1p results/net/agents.txt)
    { echo "\$ jamaica sim --agents $G,$R --players 2 --games 1000 --rotate --seed 11 --timing ..."
      $J sim --agents "$G,$R" --players 2 --games 1000 --rotate --seed 11 --out results/net/match-2p.csv \
          --timing results/net/match-2p-timing.csv; } >results/net/match-2p.md
    { echo "\$ jamaica sim --agents $Nt,sharp --players 2 --games 1000 --rotate --seed 11 --timing ..."
      $J sim --agents "$Nt,sharp" --players 2 --games 1000 --rotate --seed 11 --out results/net/match-net-sharp-2p.csv \
          --timing results/net/match-net-sharp-2p-timing.csv; } >results/net/match-net-sharp-2p.md
    if [ "${NETMATCH_4P:-0}" = 1 ]; then
        { echo "\$ jamaica sim --agents $G,$R,$R,$R --players 4 --games 3000 --rotate --seed 11 --timing ..."
          $J sim --agents "$G,$R,$R,$R" --players 4 --games 3000 --rotate --seed 11 --out results/net/match-4p.csv \
              --timing results/net/match-4p-timing.csv; } >results/net/match-4p.md
    fi
fi
if has netfresh; then
    R="mcts:iters=4500,cutoff=2,c=0.3,stop=decided,eval=hand"
    G=$(sed -n 2p results/net/agents.txt)
    V="guided:file=results/net/value/net.jmn,iters=1200,root=puct,value=mix,cutoff=0,mix=0.5"
    # netmatch and value measured these on seed 11, beside the seeds their
    # settings were screened on; 1011 and 1012 saw no choice
    fresh() { # DIR NAME PLAYERS SEED AGENTS
        { echo "\$ jamaica sim --agents $5 --players $3 --games 1000 --rotate --seed $4 --timing ..."
          $J sim --agents "$5" --players "$3" --games 1000 --rotate --seed "$4" --out "$1/$2.csv" \
              --timing "$1/$2-timing.csv"; } >"$1/$2.md"
    }
    for s in 1011 1012; do
        fresh results/net match-2p-seed$s 2 $s "$G,$R"
        fresh results/net match-4p-seed$s 4 $s "$G,$R,$R,$R"
        fresh results/net/value match-4p-seed$s 4 $s "$V,$R,$R,$R"
    done
fi
if has netscreen; then
    R="mcts:iters=4500,cutoff=2,c=0.3,stop=decided,eval=hand"
    for n in anchor:results/spg/more/anchor/current.jmn shipped:results/net/net.jmn; do
        S="guided:file=${n#*:},iters=2400,root=puct,value=playout,expand=4"
        { echo "\$ jamaica sim --agents $S,$R,$R,$R --players 4 --games 1000 --rotate --seed 21 --timing ..."
          $J sim --agents "$S,$R,$R,$R" --players 4 --games 1000 --rotate --seed 21 --out /dev/null \
              --timing /dev/null; } >"results/net/screen-4p-seed21-${n%%:*}.md"
    done
fi
if has ratings; then
    mkdir -p results/ratings
    sh results/ratings/make.sh
fi
if has speed; then sh results/speed.sh; fi
if has scaling; then sh results/scaling.sh; fi
if has soak; then sh results/soak.sh; fi
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
if has tune; then
    mkdir -p results/tune
    args="greedy:samples=8 --param w_gold=0..3@1 --param w_progress=0..2@0.6 --param w_space=0..2@0.4
        --param w_treasure=0..3@1 --param w_power=0..6@2 --param w_food=0..2@0.5 --param w_powder=0..2@0.3
        --param w_win=0..60@30 --against greedy --games 200 --iterations 200 --confirm 2000 --seed 1
        --out results/tune/greedy8.csv"
    # shellcheck disable=SC2086
    { echo "$J tune" $args; $J tune $args; } >results/tune/greedy8.txt
fi
if has dmc; then
    mkdir -p results/dmc
    for s in 1 2 3 4 5; do
        mkdir -p results/dmc/seed$s
        bin/python -m jamaica.dmc --out results/dmc/seed$s --seed $s --generations 30 --games 1000 \
            --hidden 128,64 --eval-every 5 --eval-games 400 --resume 2>>results/dmc/seed$s/train.log
        [ $s = 1 ] || rm -f results/dmc/seed$s/checkpoint.pt   # seed 1's goes on in a later stage
    done
    bin/python -m jamaica.dmc --curve results/dmc/seed1 results/dmc/seed2 results/dmc/seed3 results/dmc/seed4 \
        results/dmc/seed5 >results/dmc/curve.md
    bin/python -m jamaica.dmc --final --eval-seeds 1011,1012 --eval-games 1000 results/dmc/seed1 results/dmc/seed2 \
        results/dmc/seed3 results/dmc/seed4 results/dmc/seed5 >results/dmc/final.md
fi
if has searchrung; then
    $J study ghost --players 2 --games 8000 --agents mcts:iters=4500,cutoff=2,c=0.3,stop=decided,eval=hand \
        --out results/analysis/ghost-search.csv --md results/analysis/ghost-search.md --resume --progress 300
fi
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
if has td; then
    make -s lib
    S5=results/spg/seed5/current.jmn
    PYTHONPATH=python JAMAICA_LIB=lib/libjamaica.so.1 "$(py)" -m jamaica.td --init $S5 --policy $S5 \
        --out results/td --generations 30 --games 2000 --threads 1
    # What the training changed: the one-move search over the deals with the
    # trained value head, and with the starting network's (trained on
    # decisions, not afterstates), against the policy both evaluate.
    for v in results/td/current.jmn $S5; do
        name=after-$(basename "$(dirname "$v")")
        { echo "\$ jamaica sim --agents rollout:file=$S5,after=$v,budget=256,net:file=$S5 --players 2 --games 1000 --rotate --seed 3504"
          $J sim --agents "rollout:file=$S5,after=$v,budget=256,net:file=$S5" --players 2 --games 1000 --rotate \
              --seed 3504 --out results/td/$name.csv; } >results/td/$name.md
    done
fi
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
if has luckfeatures; then
    make -s bin/gen/replay_page.h
    t=$(mktemp -d)
    cc -O2 -std=c11 -D_GNU_SOURCE -fopenmp -I. -Ibin/gen -o "$t/features" results/luck/features.c \
        engine/*.c agents/*.c analysis/*.c sim/io/*.c sim/run/*.c sim/cli/*.c sim/cmd/*.c -lm -ldl
    "$t/features" 15000 31 4 sharp >"$t/fit.txt" &
    "$t/features" 15000 32 4 sharp >"$t/test.txt"
    wait
    "$(py)" analysis/luck_features.py "$t/fit.txt" "$t/test.txt" 4 >results/luck/features.md
    rm -rf "$t"
fi
if has luckfit; then
    mkdir -p results/luck
    t=$(mktemp -d)
    $J study captain --agents sharp --players 4 --games 15000 --seed 31 --luck hand --out "$t/c.csv" \
        --games-csv "$t/g.csv" >/dev/null
    { echo "# jamaica study captain --agents sharp --players 4 --games 15000 --seed 31 --luck hand --games-csv G;" \
        "analysis/luck_fit.py G"; python3 analysis/luck_fit.py "$t/g.csv" | sed "s|$t/g.csv|G|"; } >results/luck/fit.md
    rm -rf "$t"
fi
if has luck || has lucksearch || has lucksearch2; then
    d=results/luck
    mkdir -p $d
    t=$(mktemp -d)
    VNET=results/net/value/net.jmn
    # CPU seconds of a command's children (user + system).
    cpu() { "$(py)" -c 'import resource,subprocess,sys
subprocess.run(sys.argv[1:],stdout=subprocess.DEVNULL,check=True)
r=resource.getrusage(resource.RUSAGE_CHILDREN);print(f"{r.ru_utime+r.ru_stime:.2f}")' "$@"; }
    # One figure: plain and adjusted runs of the same games, then the row.
    # luckrow FIGURE AGENTS PLAYERS GAMES V LABEL
    luckrow() {
        if [ "$1" = pair ]; then
            c0=$(cpu $J tournament --agents "$2" --players "$3" --games "$4" --seed 7001 --threads 2 --out "$t/p.csv")
            c1=$(cpu $J tournament --agents "$2" --players "$3" --games "$4" --seed 7001 --threads 2 --luck "$5" \
                --out "$t/l.csv" --games-csv "$t/g.csv")
            "$(py)" analysis/luck_ratio.py "$1" "$t/g.csv" "$c0" "$c1" "$6"
            return
        fi
        kind=captain; [ "$1" = ghost ] && kind=ghost
        c0=$(cpu $J study $kind --agents "$2" --players "$3" --games "$4" --seed 7001 --threads 2 --out "$t/p.csv")
        c1=$(cpu $J study $kind --agents "$2" --players "$3" --games "$4" --seed 7001 --threads 2 --luck "$5" \
            --out "$t/l.csv" --games-csv "$t/g.csv")
        "$(py)" analysis/luck_ratio.py "$1" "$t/g.csv" "$c0" "$c1" "$6"
    }
    if has lucksearch; then
        N=net:file=results/net/policy/net.jmn
        R=mcts:iters=4500,cutoff=2,c=0.3,stop=decided,eval=hand
        {
            echo "# What luck-adjusted estimates save: the network's policy and the recommended searcher (results/make.sh lucksearch)"
            echo
            echo "As ratios.md (seed 7001, --luck hand; the same columns). \`$N\`; the recommended searcher \`$R\`,"
            echo "whose games cost about a second each on two cores: small samples, wide intervals."
            echo
            echo "| figure, agents, players | games | plain (points) | adjusted | variance ratio [95%] | CPU | net |"
            echo "|---|---|---|---|---|---|---|"
            for P in 2 3 4 5 6; do luckrow captain "$N" $P 6000 hand "edge, net, $P"; done
            luckrow ghost "$N" 2 6000 hand "ghost's share, net, 2"
            luckrow captain "$R" 4 300 hand "edge, the searcher, 4"
            luckrow ghost "$R" 2 300 hand "ghost's share, the searcher, 2"
            luckrow pair "$R,sharp" 2 200 hand "tournament, the searcher - sharp, 2"
        } >$d/ratios-net-searcher.md
    fi
    if has lucksearch2; then
        # the recommended searcher's edge at the other player counts, 150 games each (about 20 minutes)
        R=mcts:iters=4500,cutoff=2,c=0.3,stop=decided,eval=hand
        {
            echo "# What luck-adjusted estimates save: the recommended searcher's edge at 2, 3, 5 and 6 players (results/make.sh lucksearch2)"
            echo
            echo "As ratios-net-searcher.md (seed 7001, --luck hand; the same columns), \`$R\`, 150 games a"
            echo "player count: small samples, wide intervals."
            echo
            echo "| figure, agents, players | games | plain (points) | adjusted | variance ratio [95%] | CPU | net |"
            echo "|---|---|---|---|---|---|---|"
            for P in 2 3 5 6; do luckrow captain "$R" $P 150 hand "edge, the searcher, $P"; done
        } >$d/ratios-searcher-more.md
    fi
    has luck && {
        echo "# What luck-adjusted estimates save (results/make.sh luck)"
        echo
        echo "Seed 7001, never used to fit either value function (hand: seed 1; the value network: seeds 101"
        echo "and 102). Ratio: the variance of the figure's per-game value plain over luck-adjusted, so the"
        echo "games plain needs for the adjusted interval's width (95% bootstrap interval over the games)."
        echo "CPU: the run with --luck over the run without, the same games on two threads. Net: ratio / CPU."
        echo
        echo "## The first Captain's edge, --luck hand"
        echo
        echo "| agents, players | games | edge plain (points) | adjusted | variance ratio [95%] | CPU | net |"
        echo "|---|---|---|---|---|---|---|"
        for P in 2 3 4 5 6; do luckrow captain random $P 20000 hand "random, $P"; done
        for P in 2 3 4 5 6; do luckrow captain greedy $P 6000 hand "greedy, $P"; done
        for P in 2 3 4 5 6; do luckrow captain sharp $P 6000 hand "sharp, $P"; done
        echo
        echo "## The value network's value head ($VNET)"
        echo
        echo "| agents, players | games | edge plain (points) | adjusted | variance ratio [95%] | CPU | net |"
        echo "|---|---|---|---|---|---|---|"
        luckrow captain sharp 4 6000 $VNET "sharp, 4"
        luckrow captain greedy 4 6000 $VNET "greedy, 4"
        echo
        echo "## The ghost's 2-player share (points: its share)"
        echo
        echo "| agents, V | games | share plain (points) | adjusted | variance ratio [95%] | CPU | net |"
        echo "|---|---|---|---|---|---|---|"
        for a in random greedy sharp; do luckrow ghost $a 2 6000 hand "$a, hand"; done
        luckrow ghost sharp 2 6000 $VNET "sharp, value network"
        echo
        echo "## Tournament win-rate differences (the first agent's less the second's, per deal, both seatings)"
        echo
        echo "| agents, V | deals | difference plain (points) | adjusted | variance ratio [95%] | CPU | net |"
        echo "|---|---|---|---|---|---|---|"
        luckrow pair sharp,greedy 2 4000 hand "sharp - greedy, hand"
        luckrow pair sharp,greedy 2 4000 $VNET "sharp - greedy, value network"
        luckrow pair "mcts:iters=300,cutoff=2,c=0.3,eval=hand,sharp" 2 400 hand "mcts:iters=300,... - sharp, hand"
        echo
        echo "## Control: \`first\` (every decision fixed, so all of the outcome's spread is chance)"
        echo
        echo "| agents, players | games | edge plain (points) | adjusted | variance ratio [95%] | CPU | net |"
        echo "|---|---|---|---|---|---|---|"
        luckrow captain first 4 20000 hand "first, 4"
    } >$d/ratios.md
    if has luck; then
    # Coverage: 200 runs of 2,000 games (random, 4 players, seeds 8001..8200)
    # against the edge of one plain run 100 times larger (seed 9001).
    $J study captain --agents random --players 4 --games 200000 --seed 9001 --out "$t/truth.csv" >/dev/null
    for k in $(seq 8001 8200); do
        $J study captain --agents random --players 4 --games 2000 --seed $k --luck hand --out "$t/cov-$k.csv" >/dev/null
    done
    "$(py)" analysis/luck_coverage.py "$t/truth.csv" "$t"/cov-*.csv >$d/coverage.md
    fi
    rm -rf "$t"
fi
if has seatcost; then
    d=results/seating
    mkdir -p $d
    t=$(mktemp -d)
    make -s lib
    cc -O2 -std=c11 -fPIC -shared -Iengine -Iagents -o "$t/lookahead.so" examples/plugin/lookahead.c -Llib -ljamaica \
        -Wl,-rpath,"$(pwd)/lib"
    $J tournament --players 2 --games 4000 --seed 2001 --agents sharp,greedy --games-csv "$t/a.csv" --out "$t/r.csv" >/dev/null
    $J tournament --players 4 --games 1000 --seed 2002 --agents sharp,greedy,learned,random --games-csv "$t/b.csv" \
        --out "$t/r.csv" >/dev/null
    for k in 2003 2011 2012 2013; do
        $J tournament --players 2 --games 4000 --seed sealed:5eed000000000000000000000000$k \
            --agents "plugin:$t/lookahead.so",sharp --games-csv "$t/c$k.csv" --out "$t/r.csv" >/dev/null 2>&1
    done
    $J tournament --players 2 --games 4000 --seed 2003 --agents "plugin:$t/lookahead.so",sharp \
        --games-csv "$t/d.csv" --out "$t/r.csv" >/dev/null 2>&1
    {
        echo "# What paired seatings buy (results/make.sh seatcost)"
        echo
        echo "## sharp against greedy, 2 players, paired (seed 2001)"
        echo
        python3 analysis/seating_cost.py "$t/a.csv"
        echo
        echo "## sharp, greedy, learned and random, 4 players, paired (seed 2002)"
        echo
        python3 analysis/seating_cost.py "$t/b.csv"
        echo
        echo "## Control: the template plugin against sharp, 2 players, each seating its own chance"
        echo
        echo "Four sealed seeds (sealed:5eed...2003, 2011, 2012, 2013), 4,000 deals each, pooled; seed 2003 alone:"
        echo
        python3 analysis/seating_cost.py "$t/c2003.csv" | sed "s|$t/||"
        echo
        echo "All four:"
        echo
        python3 analysis/seating_cost.py "$t"/c20*.csv | sed "s|$t/||"
        echo
        echo "## The same, paired (seed 2003)"
        echo
        python3 analysis/seating_cost.py "$t/d.csv" | sed "s|$t/||"
    } >$d/cost.md
    rm -rf "$t"
fi
if has skillbalance; then
    python3 analysis/balance_ladder.py results results/plots/balance-ladder.png >results/analysis/balance-ladder.md
fi
if has dmc2; then
    bin/python -m jamaica.dmc --out results/dmc/seed1 --seed 1 --generations 230 --games 1000 --hidden 128,64 \
        --eval-every 5 --eval-games 400 --resume 2>>results/dmc/seed1/train.log
    bin/python -m jamaica.dmc --final --eval-seeds 1011,1012 --eval-games 1000 results/dmc/seed1 >results/dmc/stage2-final.md
fi
if has spg; then
    S="--init results/net/policy/net.jmn --games 1000 --temp 0.35 --eval-every 10 --eval-games 2000"
    T=net:file=results/net/policy/net.jmn
    for s in 1 2 3 4 5; do
        mkdir -p results/spg/seed$s
        bin/python -m jamaica.spg $S --out results/spg/seed$s --seed $s --generations 60 --resume \
            2>>results/spg/seed$s/train.log
        [ $s = 1 ] || rm -f results/spg/seed$s/checkpoint.pt   # seed 1's goes on in a later stage
    done
    bin/python -m jamaica.dmc --curve results/spg/seed1 results/spg/seed2 results/spg/seed3 results/spg/seed4 \
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
    # the crafted position of tests/test_net.c that the policy must play right: finish when finishing wins
    PYTHONPATH=python JAMAICA_LIB=lib/libjamaica.so.1 bin/python - "$T" net:file=results/spg/seed1/current.jmn \
        net:file=results/spg/seed2/current.jmn net:file=results/spg/seed3/current.jmn \
        net:file=results/spg/seed4/current.jmn net:file=results/spg/seed5/current.jmn >results/spg/positions.md <<'PY'
import sys, jamaica
pos = ("jamaica/1 players=2 rules=ghost=off dice=3,2 ship0=47:1:6g.2g.-.-.- ship1=44:1:6g.6g.3f.-.- "
       "cards0=dhdddhdddhd")
print("P0 on 47 finishes with forward / forward and wins (tests/test_net.c); each network's greedy choice, "
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
if has dagger; then
    R="mcts:iters=4500,cutoff=2,c=0.3,stop=decided,eval=hand"
    S5=results/spg/seed5/current.jmn
    T=results/net/policy/net.jmn
    mkdir -p results/dagger/samples
    PYTHONPATH=python JAMAICA_LIB=lib/libjamaica.so.1 bin/python -m jamaica.exit --jamaica "$J" \
        --out results/dagger/samples --generations 6 --bootstrap-generations 6 --games 500 --players 2,4 \
        --bootstrap "$R" --play net:file=$S5 --window 6 --epochs 0.01 --eval-every 0 --seed 21 --seats relative \
        2>&1 | grep -v trained >results/dagger/samples.log
    for c in "f1 $S5 3e-4 2" "f2 $S5 1e-4 1" "f3 $T 3e-4 2" "f4 $T 1e-3 4"; do
        set -- $c
        bin/python -m jamaica.distill --samples 'results/dagger/samples/buffer-*.npz' --init "$2" \
            --out results/dagger/$1.jmn --epochs "$4" --lr "$3" --value-weight 0.3 --threads 1 \
            --log results/dagger/$1-log.csv 2>/dev/null
    done
    {
        for a in $T $S5 results/dagger/f1.jmn results/dagger/f2.jmn results/dagger/f3.jmn results/dagger/f4.jmn; do
            echo "\$ jamaica sim --agents net:file=$a,sharp --players 2 --games 2000 --rotate --seed 1009"
            $J sim --agents "net:file=$a,sharp" --players 2 --games 2000 --rotate --seed 1009 --out /dev/null 2>&1
        done
        for p in "results/dagger/f4.jmn $T" "results/dagger/f1.jmn $S5" "results/dagger/f4.jmn $S5"; do
            set -- $p
            echo "\$ jamaica sim --agents net:file=$1,net:file=$2 --players 2 --games 4000 --rotate --seed 1009"
            $J sim --agents "net:file=$1,net:file=$2" --players 2 --games 4000 --rotate --seed 1009 --out /dev/null 2>&1
        done
    } >results/dagger/screen.md
    for seed in 1011 1012; do
        echo "\$ jamaica sim --agents net:file=results/dagger/f4.jmn,sharp --players 2 --games 10000 --rotate --seed $seed --timing ..."
        $J sim --agents net:file=results/dagger/f4.jmn,sharp --players 2 --games 10000 --rotate --seed $seed \
            --out /dev/null --timing /dev/null 2>&1
        echo "\$ jamaica sim --agents net:file=results/dagger/f4.jmn,sharp,sharp,sharp --players 4 --games 8000 --rotate --seed $seed --timing ..."
        $J sim --agents net:file=results/dagger/f4.jmn,sharp,sharp,sharp --players 4 --games 8000 --rotate \
            --seed $seed --out /dev/null --timing /dev/null 2>&1
    done >results/dagger/matches.md
    # screening only: the self-play policy gradient of results/make.sh spg (training seed 1) from f4
    mkdir -p results/dagger/spg-f4
    bin/python -m jamaica.spg --init results/dagger/f4.jmn --games 1000 --temp 0.35 --eval-every 10 --eval-games 2000 \
        --out results/dagger/spg-f4 --seed 1 --generations 60 --resume 2>>results/dagger/spg-f4/train.log
fi
if has rungs; then
    S5=results/spg/seed5/current.jmn
    R=results/spg/rungs
    SPG="bin/python -m jamaica.spg --games 1000 --temp 0.35 --eval-every 10 --eval-games 2000 --generations 60 --resume"
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
    { echo "\$ python3 analysis/rung_figures.py results/spg/rungs seed5=... anchor=... ghost=... p56=..."
      echo
      "$(py)" analysis/rung_figures.py $R seed5=results/spg/seed5/current.jmn \
          anchor=results/spg/more/anchor/current.jmn ghost=$R/ghost/current.jmn p56=$R/p56/current.jmn
    } >$R/figures.md
fi
if has lucksprt; then
    # the luck-adjusted SPRT's error rates and deals against the plain one's, and the adjusted ratings'
    # spread (results/luck/sprt.md; about 15 minutes on two cores)
    "$(py)" analysis/luck_sprt.py bin/jamaica 100 7100 100000 >results/luck/sprt.md
    # the plain SPRT's wrong verdicts there (12 of 100) again: 200 more runs, H0 at the truth unrounded
    # (+141.4), seeds 8001-8200 (6 minutes)
    h1=0
    for k in $(seq 8001 8200); do
        $J tournament --agents sharp,greedy --players 2 --rules 2021,ghost=off --games 20000 --seed $k \
            --sprt 141.4,161.4 --bootstrap 0 --threads 1 --out /dev/null 2>/dev/null | grep -q "H1 accepted" &&
            h1=$((h1 + 1))
    done
    echo "plain SPRT, sharp against greedy, 2 players, ghost off, H0 +141.4, H1 +161.4 (the truth at H0), seeds 8001-8200: H1 (wrong) in $h1 of 200 runs" >results/luck/sprt-plain.md
    # the same test on made-up deals of independent meetings, the truth at H0 and 1-3 Elo above it
    t=$(mktemp -d)
    cc -O2 -std=c11 -D_GNU_SOURCE -I. -o "$t/sprt_sim" results/luck/sprt_sim.c analysis/stats.c engine/pcg.c -lm
    { echo "# The plain SPRT on made-up deals (results/luck/sprt_sim.c, 2,000 runs a line)"
      echo
      echo "| truth (Elo) | H0, H1 | H1 accepted | H0 accepted | mean deals |"
      echo "|---|---|---|---|---|"
      for tr in 141.4 142.4 143.4 144.4; do "$t/sprt_sim" 141.4 161.4 $tr 2000; done
    } >results/luck/sprt-sim.md
    rm -rf "$t"
fi
if has spgmore; then
    S5=results/spg/seed5/current.jmn
    M=results/spg/more
    SPG="bin/python -m jamaica.spg --games 1000 --temp 0.35 --eval-every 10 --eval-games 2000 --generations 60 --resume"
    mkdir -p $M/anchor $M/frozen $M/wide/samples
    $SPG --init $S5 --out $M/anchor --seed 6 2>>$M/anchor/train.log
    $SPG --init $S5 --out $M/frozen --seed 6 --opponent net:file=$S5 --against 0.5 --threads 1 \
        2>>$M/frozen/train.log
    for c in "2 200000 301" "3 100000 302" "4 100000 303"; do
        set -- $c
        [ -e $M/wide/samples/p$1/buffer-$(($2 / 4000 - 1)).npz ] ||
            bin/python -m jamaica.positions --agent net:file=$S5 --players $1 --games $2 --keep 0.125 \
                --out $M/wide/samples/p$1 --seed $3 2>>$M/wide/train.log
    done
    [ -e $M/wide/distilled.jmn ] ||
        bin/python -m jamaica.distill --samples "$M/wide/samples/p*/buffer-*.npz" --hidden 256,128 --epochs 2 \
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
    python3 analysis/compute_curve.py $M/compute.csv $M/compute.md results/plots/compute.png
fi
if has variantskill; then
    # the skill depth at 2 players (random < greedy < sharp < the self-play policy) and what seeing wins
    # (mcts:iters=200 with see=hands and see=all against itself), the designer's variant against the
    # base game, 1,000 deals a pairing (report --skill; about 6 minutes on two cores)
    { echo "$J report --rules results/variants/designer.variant --agents net:file=results/spg/seed5/current.jmn --players 2 --games 1000 --worth-games 0 --skill 1000 --seed 3401 --out results/variants/skill.html"
      $J report --rules results/variants/designer.variant --agents net:file=results/spg/seed5/current.jmn --players 2 \
          --games 1000 --worth-games 0 --skill 1000 --seed 3401 --out results/variants/skill.html 2>&1 |
          grep -v '^jamaica: note\|games/s\|^skill: \|^report: '; } >results/variants/skill.log
fi
if has variant; then
    mkdir -p results/variants
    $J variant --print | sed -e 's/^card 6 gold gold$/card 6 gold forward/' \
        -e 's/^space 5 port cost 3 score -5 next 6$/space 5 port cost 1 score -5 next 6/' \
        -e 's/^treasure -4$/treasure +4/' >results/variants/designer.variant
    $J variant --check results/variants/designer.variant
    { echo "$J report --rules results/variants/designer.variant --out results/variants/report.html"
      /usr/bin/time -f "%e s wall, %U s user" $J report --rules results/variants/designer.variant \
          --out results/variants/report.html 2>&1 | grep -v '^jamaica: note\|games/s'; } >results/variants/report.log
    # what each element is worth to sharp in the base game (docs/VARIANTS.md's table)
    $J study worth --agents sharp --players 3 --games 2000 --out results/variants/worth-sharp-3p.csv \
        --md results/variants/worth-sharp-3p.md
fi
if has replay; then
    mkdir -p results/replay
    $J replay --seed 2 --agents sharp,mcts:iters=100,greedy,random --out results/replay/game-4p.html
    # The page at step 260 (round 9), the size of a laptop's browser window
    # (the README's picture), and at 1024x768 (the board beside the players,
    # all on the first screen).
    chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1500,950 \
        --screenshot="$(pwd)/results/replay/replay-4p.png" "file://$(pwd)/results/replay/game-4p.html#step=260" 2>/dev/null
    chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1024,768 \
        --screenshot="$(pwd)/results/replay/replay-4p-1024x768.png" \
        "file://$(pwd)/results/replay/game-4p.html#step=260" 2>/dev/null
fi
if has learn; then
    mkdir -p results/learn
    $J learn --agents sharp --players 4 --games 20000 --seed 1 --out results/learn/sharp-4p.txt
    L=$(tail -n 1 results/learn/sharp-4p.txt)
    for vs in greedy sharp; do
        { echo "$J sim --games 4000 --seed 2 --agents LEARNED,$vs,$vs,$vs --rotate (LEARNED: the last line of sharp-4p.txt)";
          $J sim --games 4000 --seed 2 --agents "$L,$vs,$vs,$vs" --rotate --out results/learn/learned-vs-$vs-4p.csv; } \
            >results/learn/learned-vs-$vs-4p.txt
    done
    { echo "$J tournament --agents LEARNED,sharp --players 2 --games 2000 --seed 2";
      $J tournament --agents "$L,sharp" --players 2 --games 2000 --seed 2 --out results/learn/learned-vs-sharp-2p.csv; } \
        >results/learn/learned-vs-sharp-2p.md
    $J learn --agents sharp --players 4 --games 20000 --seed 1 --stage --out results/learn/sharp-4p-stage.txt
    # The same games fitted at the start of every round, with the hand's
    # reach this round (--hand: results/learn/sharp-4p-hand.txt, heur_hand,
    # the searcher's eval=hand).
    $J learn --agents sharp --players 4 --games 20000 --seed 1 --hand --every 1 \
        --out results/learn/sharp-4p-hand.txt
fi
if has coverage; then
    mkdir -p results/analysis
    python3 tests/coverage.py $J --runs 4000 --table results/analysis/coverage.md --check
fi
if has base; then
$J sim --games 1000000 --players 4 --seed 1 --agents random --out results/random-4p.csv
$J sim --games 1000000 --players 2 --seed 1 --agents random --out results/random-2p-ghost.csv
$J sim --games 1000000 --players 4 --seed 1 --agents random --rules classic --out results/random-4p-classic.csv
$J sim --games 400000 --players 4 --seed 1 --agents first,random,random,random --rotate \
    --out results/first-vs-random-4p.csv
fi

# Agents (slow: about a quarter of an hour on two cores; `results/make.sh
# agents` runs only these).  Each run's time per decision goes to
# results/timing/NAME.csv and its report (wall time, games/s, each agent's
# mean and p99 time per decision) to results/timing/NAME.txt: those are
# wall-clock measurements of the machine that ran them, unlike the
# summaries, which are the same bytes everywhere.
if has agents; then
mkdir -p results/timing
run() {
    name=$1
    shift
    echo "$J sim $* --out results/$name.csv" >"results/timing/$name.txt"
    $J sim "$@" --out "results/$name.csv" --timing "results/timing/$name.csv" | tee -a "results/timing/$name.txt"
}
run greedy-vs-random-4p --games 10000 --players 4 --seed 1 --agents greedy,random,random,random --rotate
# sharp (greedy tuned, results/tune/) against three greedy.
run sharp-vs-greedy-4p --games 4000 --players 4 --seed 1 --agents sharp,greedy,greedy,greedy --rotate
run mcts1000-vs-greedy-4p --games 1000 --players 4 --seed 1 --agents mcts:iters=1000,greedy,greedy,greedy --rotate
for it in 30 100 300 3000; do
    run mcts$it-vs-greedy-4p --games 400 --players 4 --seed 1 --agents mcts:iters=$it,greedy,greedy,greedy --rotate
done
# Equal playouts per decision (300): head to head with the ghost, and two of
# each in 4-player games.
run mcts-vs-pimc-2p --games 400 --players 2 --seed 1 --agents mcts:iters=300,pimc:worlds=10,iters=300 --rotate
run mcts-vs-flat-2p --games 400 --players 2 --seed 1 --agents mcts:iters=300,flat:playouts=300 --rotate
run mcts-vs-pimc-4p --games 400 --players 4 --seed 1 \
    --agents mcts:iters=300,pimc:worlds=10,iters=300,mcts:iters=300,pimc:worlds=10,iters=300 --rotate
run mcts-vs-flat-4p --games 400 --players 4 --seed 1 \
    --agents mcts:iters=300,flat:playouts=300,mcts:iters=300,flat:playouts=300 --rotate
fi

# The analysis (results/analysis/: each study's CSV and Markdown, the
# tournament's ratings, pairs and report; results/plots/: the pictures
# README shows).  The CSVs and Markdown tables are the same bytes on any
# machine except the reports' line of wall time; on 16 cores the parts take
# about 8 (captain, ghost) and 5 minutes (sweep, ladder).
A=results/analysis
mkdir -p $A results/plots
plot() { if command -v gnuplot >/dev/null 2>&1; then analysis/plot.sh "$@"; else echo "no gnuplot: $3 not drawn"; fi; }
if has captain; then
    $J study captain --players 2-6 --games 1000000 --agents random --out $A/captain-random.csv --md $A/captain-random.md
    $J study captain --players 2-6 --games 50000 --agents greedy --out $A/captain-greedy.csv --md $A/captain-greedy.md
    $J study captain --players 2-6 --games 4000 --agents mcts:iters=50 --out $A/captain-mcts50.csv \
        --md $A/captain-mcts50.md
fi
if has ghost; then
    $J study ghost --players 3-5 --games 200000 --agents random --out $A/ghost-random.csv --md $A/ghost-random.md
    $J study ghost --players 3-5 --games 50000 --agents greedy --out $A/ghost-greedy.csv --md $A/ghost-greedy.md
    $J study ghost --players 3-5 --games 2000 --agents mcts:iters=50 --out $A/ghost-mcts50.csv --md $A/ghost-mcts50.md
fi
if has sweep; then
    $J study sweep --sweep ghost_bonus=0..6 --measure ghost --players 2 --games 20000 --agents greedy \
        --out $A/sweep-ghost-bonus-greedy.csv --md $A/sweep-ghost-bonus-greedy.md
    $J study sweep --sweep ghost_gold=0..20:4 --measure ghost --players 2 --games 20000 --agents greedy \
        --out $A/sweep-ghost-gold-greedy.csv --md $A/sweep-ghost-gold-greedy.md
    $J study sweep --sweep ghost_moves=1..2 --measure ghost --players 2 --games 20000 --agents greedy \
        --out $A/sweep-ghost-moves-greedy.csv --md $A/sweep-ghost-moves-greedy.md
    $J study sweep --sweep start_gold=0..6 --measure captain --players 4 --games 200000 --agents random \
        --out $A/sweep-start-gold-captain.csv --md $A/sweep-start-gold-captain.md
fi
# Under skilled play: `sharp` (greedy tuned, results/tune/) in every seat:
# 80,000 games a first-Captain configuration, 40,000 a ghost one, for
# intervals within +-0.5 points (part `skilled`, about 40 minutes on two
# cores; the file in results/ was made as two shards, --first-game 0 and
# 40000 of 40,000 games, joined by `jamaica merge`: the same bytes); then
# the same with the shipped network's policy in every seat, the fastest
# strong agent (results/net/; about 3 minutes on two cores).
if has skilled; then
    $J study captain --players 3-6 --games 80000 --agents sharp --out $A/captain-sharp.csv --md $A/captain-sharp.md
    $J study ghost --players 3-5 --games 40000 --agents sharp --out $A/ghost-sharp.csv --md $A/ghost-sharp.md
    N=$(sed -n 1p results/net/agents.txt)
    $J study captain --players 3-6 --games 80000 --agents "$N" --out $A/captain-net.csv --md $A/captain-net.md
    $J study ghost --players 3-5 --games 40000 --agents "$N" --out $A/ghost-net.csv --md $A/ghost-net.md
fi
if has ladder; then
    # Every agent, and mcts at several budgets, in one 4-player tournament
    # (12 agents: balanced seatings, 24 a deal; the searcher at the best
    # 4-player trial's settings, docs/SEARCH.md); the time per decision
    # beside the ratings (results/timing/ladder.csv, wall clock).
    $J tournament --agents random,first,greedy,sharp,learned,flat:playouts=300,pimc:worlds=10,iters=300,\
mcts:iters=100,mcts:iters=300,mcts:iters=1000,mcts:iters=300,cutoff=2,c=0.3,\
mcts:iters=4500,cutoff=2,c=0.3,stop=decided,eval=hand \
        --players 4 --games 150 --out $A/ladder-ratings.csv --pairs $A/ladder-pairs.csv \
        --timing results/timing/ladder.csv >$A/ladder.md
fi
for f in "$A"/captain-*.csv; do [ -e "$f" ] && plot captain "$f" "results/plots/$(basename "$f" .csv).png"; done
# The ghost's 2-player win rate by agent strength: the three runs' rows in one CSV.
if [ -e $A/ghost-random.csv ] && [ -e $A/ghost-greedy.csv ] && [ -e $A/ghost-mcts50.csv ]; then
    { head -n 1 $A/ghost-random.csv; grep -h ',ghost_win_rate,' $A/ghost-random.csv $A/ghost-mcts50.csv \
        $A/ghost-greedy.csv; } >$A/ghost-by-agent.csv
    plot ghost $A/ghost-by-agent.csv results/plots/ghost-by-agent.png
fi
for f in "$A"/sweep-*.csv; do [ -e "$f" ] && plot sweep "$f" "results/plots/$(basename "$f" .csv).png"; done
[ -e $A/ladder-ratings.csv ] && plot ratings $A/ladder-ratings.csv results/plots/ladder-ratings.png
[ -e results/timing/ladder.csv ] && plot ladder $A/ladder-ratings.csv results/plots/ladder-time.png results/timing/ladder.csv
# Distributions of score and game length: 20,000 random 4-player games.
if has captain; then
    $J sim --games 20000 --players 4 --seed 1 --out /dev/null --games-csv $A/.games.csv >/dev/null
    plot games $A/.games.csv results/plots/games-random-4p.png
    rm -f $A/.games.csv
fi
true
