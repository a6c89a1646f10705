#!/bin/sh
# run.sh OUT [STEPS] [THREADS] [SEEDS]: python/examples/ppo.py once per
# training seed (1 2 3 4 5), all at once, each --total-steps STEPS
# (3,000,000) on THREADS threads (3), the evaluation every 500,000 steps on
# the 1,000 fixed deals of --eval-seed 1000000 (never trained on); each
# seed's curve is OUT/sN/curve.csv and its log OUT/sN/log.txt.  With
# --total-steps alone (no --minutes) a seed's run is the same numbers bit
# for bit on the same machine, torch and thread count (docs/LEARNING.md).
# results/rl/seeds/summary.py makes the mean curve of the seeds.
set -u
out=$1
steps=${2:-3000000}
threads=${3:-3}
seeds=${4:-1 2 3 4 5}
py=${PYTHON:-python3}
here=$(cd "$(dirname "$0")/../../.." && pwd)
for s in $seeds; do
    mkdir -p "$out/s$s"
    echo "PYTHONPATH=python $py python/examples/ppo.py --seed $s --total-steps $steps --threads $threads --out $out/s$s" \
        >"$out/s$s/command.txt"
    (cd "$here" && PYTHONPATH=python PYTHONUNBUFFERED=1 "$py" python/examples/ppo.py --seed "$s" --total-steps "$steps" \
        --threads "$threads" --out "$out/s$s" >"$out/s$s/log.txt" 2>&1) &
done
wait
