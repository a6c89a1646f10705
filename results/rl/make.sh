# results/rl/make.sh: this folder's parts of the lab.  results/make.sh
# sources it (after results/lib.sh: J, has, py and the shared helpers);
# `results/make.sh PART` runs one.
#
# `envbench`: learner steps a second of jamaica.VecEnv against the one-game
# Env, side by side, random, greedy and sharp opponents, and the memory an
# environment takes (results/rl/bench_env.py: results/rl/env-bench.md; about
# 2 minutes).
# `ppo`: python/examples/ppo.py, one seat against three greedy for 30 minutes
# (results/rl/ppo/: curve.csv, curve.png, policy.pt; numpy and torch
# needed, tests/deps.sh installs them).
# `beside`: VecEnv idle, between torch updates, beside a caller that sleeps as
# long (the control) and beside two busy processes (results/rl/bench_beside.py:
# results/rl/beside.md; about 4 minutes; BESIDE_BASELINE=TREE adds
# another commit's tree, `make lib` run in it, in the same turns).
# `besidecontrol`: the same without a baseline, its sleeping control also with
# threads=1 (results/rl/beside-control.md; about 3 minutes).
# `ppocost`: where a PPO loop's time goes, env.step against the rest, per
# learner step (results/rl/ppo-cost.txt; 3 minutes).
# `seeds`: the same for training seeds 1 to 5, each to 5 million steps, all at
# once on 3 threads each, and their mean curve (results/rl/seeds/; about
# 6 minutes on 16 cores, a few hours on two).  These three parts pass
# --reward win, ppo.py's default when they were made (margin since).
# `marginscreen`: the screening of the reward's recipes on training seeds 101
# and 102 alone, 4 players, 2 million steps each, two runs at a time on one
# thread each (results/rl/margin/screening/ and the table in
# results/rl/margin/README.md; about 35 minutes on two busy cores).
# `margin`: the chosen recipe (--reward margin --shaping 0.5) on training
# seeds 1 to 5 at 4 players and at 2 (one greedy), 2 million steps each, one
# of each at a time on one thread (results/rl/margin/p4/, p2/: each seed's
# curve, the mean curve and its spread; about 40 minutes on two busy cores).
# The parts above ran ppo.py's update as it was then, 8 minibatches of one
# pass' 16,384 steps and 2 passes (OLDUPDATE below; 128 and 4 since).
# `updatescreen`: the update's granularity screened on training seeds 101 and
# 102 alone, 4 players, 1 million steps each, margin with shaping 0.5, two
# runs at a time on one thread each: minibatches 8, 16, 64, 128 by passes 2
# and 4 (results/rl/updates/screening/ and the table in
# results/rl/updates/README.md; about 25 minutes on two idle cores).
# `updates`: the chosen update (--minibatches 128 --update-epochs 4, now the
# default) on training seeds 1 to 5 at 4 players and at 2, 3 million steps
# each, two runs at a time on one thread (results/rl/updates/p4/, p2/; about
# an hour on two idle cores).
OLDUPDATE="--minibatches 8 --update-epochs 2"
UPDATE="--minibatches 128 --update-epochs 4"   # ppo.py's defaults, named in each command.txt
if has envbench; then
    make -s lib
    mkdir -p results/rl
    PYTHONPATH=python JAMAICA_LIB=lib/libjamaica.so.1 "$(py)" results/rl/bench_env.py --seconds 4 --rounds 3 \
        --out results/rl/env-bench.md
fi
if has ppo; then
    make -s lib
    mkdir -p results/rl/ppo
    PYTHONPATH=python JAMAICA_LIB=lib/libjamaica.so.1 "$(py)" python/examples/ppo.py --reward win $OLDUPDATE --minutes 30 \
        --out results/rl/ppo | tee results/rl/ppo/log.txt
    # The trained policy as a program, on deals it never saw, seats rotated.
    { echo "\$ jamaica sim --agents 'cmd:$(py) python/examples/ppo_agent.py:policy=...',greedy,greedy,greedy --rotate --games 400 --seed 7"
      $J sim --agents "cmd:$(py) python/examples/ppo_agent.py:policy=results/rl/ppo/policy.pt",greedy,greedy,greedy \
          --rotate --games 400 --seed 7 --out /dev/null; } >results/rl/ppo/sim-seed7.txt
fi
if has beside; then
    make -s lib
    "$(py)" results/rl/bench_beside.py --seconds 4 --rounds 3 ${BESIDE_BASELINE:+--baseline "$BESIDE_BASELINE"} \
        --out results/rl/beside.md
fi
if has besidecontrol; then
    # The sleeping control with threads=1 (no pool to wake) beside the
    # default: which explanation of the control's loss holds.
    make -s lib
    "$(py)" results/rl/bench_beside.py --seconds 4 --rounds 3 --out results/rl/beside-control.md
fi
if has ppocost; then
    # Where a PPO loop's time goes: python/examples/ppo.py's default run
    # (256 envs against greedy) for 3 minutes, evaluations outside the
    # count; its last lines split each learner step into env.step and the
    # rest (results/rl/ppo-cost.txt).
    make -s lib
    t=$(mktemp -d)
    PYTHONPATH=python JAMAICA_LIB=lib/libjamaica.so.1 "$(py)" python/examples/ppo.py --reward win $OLDUPDATE --minutes 3 \
        --eval-every 100000000 --eval-games 100 --out "$t" >"$t/log.txt"
    { echo "\$ python/examples/ppo.py --reward win $OLDUPDATE --minutes 3 --eval-every 100000000 --eval-games 100 ($(nproc) cores, $(date +%F))"
      tail -n 2 "$t/log.txt"; } >results/rl/ppo-cost.txt
    rm -rf "$t"
fi
if has seeds; then
    make -s lib
    PYTHON="$(py)" sh results/rl/seeds/run.sh results/rl/seeds 5000000 3 "1 2 3 4 5" --reward win $OLDUPDATE
    "$(py)" results/rl/seeds/summary.py results/rl/seeds
fi
if has marginscreen; then
    make -s lib
    recipe() {  # recipe NAME FLAGS...: one recipe on seeds 101 and 102, the two at once
        d=results/rl/margin/screening/$1
        shift
        JOBS=2 PYTHON="$(py)" sh results/rl/seeds/run.sh "$d" 2000000 1 "101 102" "$@" $OLDUPDATE
    }
    recipe win-s0.5 --reward win --shaping 0.5
    recipe margin-s0 --reward margin --shaping 0
    recipe margin-s0.5 --reward margin --shaping 0.5
    recipe win+margin-s0.5 --reward win+margin --shaping 0.5   # run after the choice
    "$(py)" results/rl/seeds/summary.py --screening results/rl/margin/screening results/rl/margin/README.md
fi
if has margin; then
    make -s lib
    JOBS=1 PYTHON="$(py)" sh results/rl/seeds/run.sh results/rl/margin/p4 2000000 1 "1 2 3 4 5" \
        --reward margin --shaping 0.5 $OLDUPDATE &
    JOBS=1 PYTHON="$(py)" sh results/rl/seeds/run.sh results/rl/margin/p2 2000000 1 "1 2 3 4 5" \
        --players 2 --reward margin --shaping 0.5 $OLDUPDATE &
    wait
    "$(py)" results/rl/seeds/summary.py results/rl/margin/p4
    "$(py)" results/rl/seeds/summary.py results/rl/margin/p2 --fair 0.5 --against "one greedy"
fi
if has updatescreen; then
    make -s lib
    update() {  # update NAME FLAGS...: one update on seeds 101 and 102, the two at once
        d=results/rl/updates/screening/$1
        shift
        JOBS=2 PYTHON="$(py)" sh results/rl/seeds/run.sh "$d" 1000000 1 "101 102" --reward margin --shaping 0.5 "$@"
    }
    update mb64-e4 --minibatches 64 --update-epochs 4
    update mb64-e2 --minibatches 64 --update-epochs 2
    update mb128-e4 $UPDATE
    update mb16-e4 --minibatches 16 --update-epochs 4
    update mb8-e2 --minibatches 8 --update-epochs 2   # the update before, run after the choice
    update win-mb128-e4 --reward win $UPDATE   # the win reward, after the choice
    "$(py)" results/rl/seeds/summary.py --screening results/rl/updates/screening results/rl/updates/README.md
fi
if has updates; then
    make -s lib
    JOBS=1 PYTHON="$(py)" sh results/rl/seeds/run.sh results/rl/updates/p4 3000000 1 "1 2 3 4 5" \
        --reward margin --shaping 0.5 $UPDATE &
    JOBS=1 PYTHON="$(py)" sh results/rl/seeds/run.sh results/rl/updates/p2 3000000 1 "1 2 3 4 5" \
        --players 2 --reward margin --shaping 0.5 $UPDATE &
    wait
    "$(py)" results/rl/seeds/summary.py results/rl/updates/p4
    "$(py)" results/rl/seeds/summary.py results/rl/updates/p2 --fair 0.5 --against "one greedy"
    # Each seed's last policy as a program in C's sim, on 1,000 deals of seed 7
    # (never trained, evaluated or chosen on): seats rotated, then at 4
    # players in seat 0 alone (the seat it trained in).
    fresh() {  # fresh PLAYERS [--rotate]
        others=$(printf ',greedy%.0s' $(seq 2 "$1"))
        for s in 1 2 3 4 5; do
            echo "\$ jamaica sim --agents 'cmd:$(py) python/examples/ppo_agent.py:policy=p$1/s$s/policy.pt'$others${2:+ $2} --games 1000 --seed 7"
            $J sim --agents "cmd:$(py) python/examples/ppo_agent.py:policy=results/rl/updates/p$1/s$s/policy.pt$others" \
                ${2:-} --games 1000 --seed 7 --out /dev/null 2>&1 | grep -F ': wins'
        done
    }
    { fresh 4 --rotate; fresh 2 --rotate; fresh 4; } >results/rl/updates/fresh.txt
fi
