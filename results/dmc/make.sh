# results/dmc/make.sh: this folder's parts of the lab.  results/make.sh
# sources it (after results/lib.sh: J, has, py and the shared helpers);
# `results/make.sh PART` runs one.
#
# `dmc`: Deep Monte-Carlo self-play (python/jamaica/train/dmc.py) from random
# weights, five training seeds of 30 generations of 1,000 games (2, 3 and 4
# players in turn): each seed's log (results/dmc/seedS/log.csv: the win share
# against sharp at 2 players every 5 generations, deals of seed 1009), the
# curve's mean and spread over the seeds (results/dmc/curve.md), and each
# final network against sharp on deals of seeds 1011 and 1012, never used in
# training (results/dmc/final.md); about 40 minutes on two cores.
# `dmc2`: seed 1 on from its checkpoint to generation 229, its curve and the
# network on seeds 1011 and 1012 (results/dmc/stage2.md; 17 minutes).
if has dmc; then
    mkdir -p results/dmc
    for s in 1 2 3 4 5; do
        mkdir -p results/dmc/seed$s
        bin/python -m jamaica.train.dmc --out results/dmc/seed$s --seed $s --generations 30 --games 1000 \
            --hidden 128,64 --eval-every 5 --eval-games 400 --resume 2>>results/dmc/seed$s/train.log
        [ $s = 1 ] || rm -f results/dmc/seed$s/checkpoint.pt   # seed 1's goes on in a later stage
    done
    bin/python -m jamaica.train.dmc --curve results/dmc/seed1 results/dmc/seed2 results/dmc/seed3 results/dmc/seed4 \
        results/dmc/seed5 >results/dmc/curve.md
    bin/python -m jamaica.train.dmc --final --eval-seeds 1011,1012 --eval-games 1000 results/dmc/seed1 results/dmc/seed2 \
        results/dmc/seed3 results/dmc/seed4 results/dmc/seed5 >results/dmc/final.md
fi
if has dmc2; then
    bin/python -m jamaica.train.dmc --out results/dmc/seed1 --seed 1 --generations 230 --games 1000 --hidden 128,64 \
        --eval-every 5 --eval-games 400 --resume 2>>results/dmc/seed1/train.log
    bin/python -m jamaica.train.dmc --final --eval-seeds 1011,1012 --eval-games 1000 results/dmc/seed1 >results/dmc/stage2-final.md
fi
