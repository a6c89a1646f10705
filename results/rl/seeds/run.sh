#!/bin/sh
# run.sh OUT [STEPS] [THREADS] [SEEDS] [FLAGS...]: python/examples/ppo.py once
# per training seed (1 2 3 4 5), each --total-steps STEPS (3,000,000) on
# THREADS threads (3) with ppo.py's FLAGS after these (none: its defaults;
# give all four arguments before them), the evaluation every 500,000 steps
# on the 1,000 fixed deals of --eval-seed 1000000 (never trained on); each
# seed's command is OUT/sN/command.txt, its curve OUT/sN/curve.csv and its
# log OUT/sN/log.txt.  JOBS=n runs n seeds at a time (all at once by
# default).  With --total-steps alone (no --minutes) a seed's run is the
# same numbers bit for bit on the same machine, torch and thread count
# (docs/LEARNING.md).  results/rl/seeds/summary.py makes the mean curve of
# the seeds.
set -u
out=$1
steps=${2:-3000000}
threads=${3:-3}
seeds=${4:-1 2 3 4 5}
if [ $# -ge 4 ]; then shift 4; else shift $#; fi
py=${PYTHON:-python3}
jobs=${JOBS:-0}
here=$(cd "$(dirname "$0")/../../.." && pwd)
n=0
for s in $seeds; do
    mkdir -p "$out/s$s"
    echo "PYTHONPATH=python $py python/examples/ppo.py --seed $s --total-steps $steps --threads $threads${*:+ $*} --out $out/s$s" \
        >"$out/s$s/command.txt"
    (cd "$here" && PYTHONPATH=python PYTHONUNBUFFERED=1 "$py" python/examples/ppo.py --seed "$s" --total-steps "$steps" \
        --threads "$threads" "$@" --out "$out/s$s" >"$out/s$s/log.txt" 2>&1) &
    n=$((n + 1))
    if [ "$jobs" -gt 0 ] && [ $((n % jobs)) -eq 0 ]; then wait; fi
done
wait
