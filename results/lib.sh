# results/lib.sh: what the lab's parts share (results/make.sh sources it
# before the folders' make.sh files).
J=bin/jamaica
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
    PYTHONPATH=python JAMAICA_LIB=lib/libjamaica.so.1 "$(py)" -m jamaica.train.exit --jamaica "$J" --out "$1" \
        --generations 8 --bootstrap-generations 8 --games 1000 --players 2,4 \
        --bootstrap mcts:iters=1000,cutoff=2,c=0.3,eval=hand --window 8 --epochs 0.01 --eval-every 0 --seed 1 \
        --seats relative 2>&1 | grep -v trained
}
