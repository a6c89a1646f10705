#!/bin/sh
# How `jamaica sim` scales over threads and MPI ranks on this machine
# (`results/make.sh scaling`, or `results/scaling/scaling.sh [OUTDIR]`; OUTDIR
# defaults to results/scaling).  Writes, in OUTDIR:
#   machine.txt   lscpu, the compiler, the commit;
#   scaling.csv   one row a run: workload, mode (threads or ranks), workers,
#                 run, games, seconds, games/s;
#   scaling.md    each workload and mode by workers: the median games/s of
#                 the runs [their range], the speed-up over one worker (the
#                 medians' ratio) and the efficiency per physical core (the
#                 speed-up over the physical cores the workers occupy);
# and, with gnuplot, the speed-ups drawn (analysis/plot.sh scaling) as
# OUTDIR/scaling.png.
#
# Weak scaling: each worker plays the same number of games (random:
# SCALE_RANDOM_PER, 300000; mcts:iters=300 in every seat: SCALE_MCTS_PER,
# 24), so every run lasts about as long and no worker waits on the last
# long game.  Workers: SCALE_WORKERS ("1 2 4 8 16", those above the
# logical CPUs left out); runs of each: SCALE_RUNS (3), taken in turns
# (every count once, then again).  What runs: SCALE_PARTS ("threads ranks";
# ranks needs mpicc and mpirun: bin/jamaica-mpi with one thread a rank).
# SCALE_WORKLOADS picks "random mcts" (both by default).
# Wall-clock figures vary from run to run and with the machine's load.
set -eu
cd "$(dirname "$0")/../.."
out=${1:-results/scaling}
workers=${SCALE_WORKERS:-1 2 4 8 16}
runs=${SCALE_RUNS:-3}
parts=${SCALE_PARTS:-threads ranks}
workloads=${SCALE_WORKLOADS:-random mcts}
random_per=${SCALE_RANDOM_PER:-300000}
mcts_per=${SCALE_MCTS_PER:-24}
cpus=$(nproc)
make -s bin/jamaica
case " $parts " in
*" ranks "*)
    if command -v mpicc >/dev/null 2>&1 && command -v mpirun >/dev/null 2>&1; then
        make -s bin/jamaica-mpi
    else
        echo "scaling: no mpicc or mpirun: ranks left out (apt-get install libopenmpi-dev openmpi-bin)" >&2
        parts=$(echo "$parts" | sed 's/ranks//')
    fi ;;
esac
mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
run_as=""
[ "$(id -u)" -eq 0 ] && run_as=--allow-run-as-root

# one WORKLOAD MODE WORKERS: the games and the seconds sim reports
# ("N games of P players in S s (...)").
one() {
    case $1 in
    random) games=$((random_per * $3)) agents=random ;;
    mcts) games=$((mcts_per * $3)) agents=mcts:iters=300 ;;
    esac
    if [ "$2" = threads ]; then
        bin/jamaica sim --games "$games" --players 4 --seed 1 --agents "$agents" --threads "$3" \
            --out "$tmp/s.csv" >"$tmp/o"
    else
        # shellcheck disable=SC2086
        OMP_NUM_THREADS=1 mpirun $run_as --oversubscribe -np "$3" bin/jamaica-mpi sim --games "$games" \
            --players 4 --seed 1 --agents "$agents" --threads 1 --out "$tmp/s.csv" >"$tmp/o"
    fi
    sed -n '1s/^\([0-9]*\) games* of .* in \([0-9.]*\) s .*/\1 \2/p' "$tmp/o"
}

{
    dirty=""
    git diff --quiet HEAD -- engine agents analysis sim Makefile 2>/dev/null ||
        dirty=" with changes to the sources not committed"
    echo "commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown)$dirty, $(date -u +%Y-%m-%d)"
    ${CC:-cc} --version | head -n 1
    lscpu 2>/dev/null | grep -E '^(Architecture|Model name|CPU\(s\)|Thread\(s\) per core|Core\(s\) per socket|Socket\(s\)|NUMA node\(s\)|L3 cache)' || true
} >"$out/machine.txt"
tpc=$(lscpu 2>/dev/null | sed -n 's/^Thread(s) per core: *//p')
physical=$((cpus / ${tpc:-1}))

csv=$tmp/scaling.csv
echo "workload,mode,workers,run,games,seconds,games_per_sec" >"$csv"
for k in $(seq 1 "$runs"); do
    for w in $workloads; do
        for m in $parts; do
            for n in $workers; do
                [ "$n" -le "$cpus" ] || continue
                if ! r=$(one "$w" "$m" "$n") || [ -z "$r" ]; then
                    echo "scaling: $w on $n $m failed" >&2
                    exit 1
                fi
                # shellcheck disable=SC2086
                set -- $r
                echo "$w,$m,$n,$k,$1,$2,$(awk -v g="$1" -v t="$2" 'BEGIN { printf "%.3f", (t > 0 ? g / t : 0) }')" >>"$csv"
                echo "scaling: run $k of $runs: $w, $n $m: $1 games in $2 s" >&2
            done
        done
    done
done
mv "$csv" "$out/scaling.csv"

# The table: medians by workload, mode and workers; the speed-up against
# the workload's one-thread median.
awk -F, -v physical="$physical" '
NR > 1 { key = $1 "," $2 "," $3; v[key, ++n[key]] = $7; if (!(key in seen)) { seen[key] = 1; order[++nk] = key } }
function fmt(x) { return sprintf(x < 100 ? "%.2f" : "%.0f", x) }
function median(key,   i, j, t, m) {
    m = n[key]
    for (i = 1; i <= m; i++) a[i] = v[key, i]
    for (i = 2; i <= m; i++) for (j = i; j > 1 && a[j - 1] > a[j]; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
    lo = a[1]; hi = a[m]
    return m % 2 ? a[(m + 1) / 2] : (a[m / 2] + a[m / 2 + 1]) / 2
}
END {
    print "| workload | mode | workers | games/s, median [range] | speed-up | efficiency per physical core |"
    print "|---|---|---:|---:|---:|---:|"
    for (i = 1; i <= nk; i++) {
        split(order[i], f, ",")
        base = f[1] ",threads,1"
        b = (base in seen) ? median(base) : 0
        med = median(order[i])
        cores = f[3] < physical ? f[3] : physical
        if (b > 0) { s = sprintf("%.2f", med / b); e = sprintf("%.0f%%", 100 * med / b / cores) } else { s = "-"; e = "-" }
        printf "| %s | %s | %d | %s [%s, %s] | %s | %s |\n", f[1] == "mcts" ? "mcts:iters=300" : f[1], f[2], f[3], fmt(med), fmt(lo), fmt(hi), s, e
    }
}' "$out/scaling.csv" >"$tmp/table"
{
    echo "# jamaica sim over threads and ranks"
    echo
    echo "Weak scaling: $random_per random 4-player games a worker, or $mcts_per games of"
    echo "mcts:iters=300 in every seat; $runs runs of each, taken in turns; seed 1."
    echo "A rank is a process of bin/jamaica-mpi with one thread. The machine:"
    echo
    sed 's/^/    /' "$out/machine.txt"
    echo
    cat "$tmp/table"
} >"$out/scaling.md"
if command -v gnuplot >/dev/null 2>&1 && command -v python3 >/dev/null 2>&1; then
    analysis/plot.sh scaling "$out/scaling.csv" "$out/scaling.png"
fi
cat "$out/scaling.md"
