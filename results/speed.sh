#!/bin/sh
# The engine's speed against an earlier commit, side by side on this machine
# (`results/make.sh speed`, or `results/speed.sh [COMMIT]`; COMMIT defaults
# to 9d8b159, the engine before the performance work).  Writes
# results/timing/engine-speed.txt, or the file named second
# (`results/speed.sh COMMIT OUT.txt`):
#   - instructions of `sim --games 2000 --threads 1` under callgrind (the
#     same on every run; skipped without valgrind);
#   - games/s of `sim --games 100000 --threads 1`, five runs of each build
#     taking turns: the median and the range;
#   - games/s on 2 threads against 1 for this build, five pairs: the ratios'
#     median and range;
#   - `bench --quick` of each build, twice, taking turns.
# Wall-clock figures vary from run to run and from machine to machine; the
# instruction counts do not.
set -eu
cd "$(dirname "$0")/.."
ref=${1:-9d8b159}
make -s bin/jamaica
tmp=$(mktemp -d)
trap 'git worktree remove --force "$tmp/old" >/dev/null 2>&1 || true; rm -rf "$tmp"' EXIT
git worktree add -q --detach "$tmp/old" "$ref"
make -s -C "$tmp/old" bin/jamaica >/dev/null
OLD=$tmp/old/bin/jamaica
NEW=bin/jamaica
out=${2:-results/timing/engine-speed.txt}
mkdir -p results/timing

secs() { # secs BIN ARGS...: wall seconds of one run
    b=$1
    shift
    t0=$(date +%s.%N)
    "$b" "$@" >/dev/null 2>&1
    t1=$(date +%s.%N)
    echo "$t1 - $t0" | bc
}
stats() { # stdin: numbers; prints "median [min, max]"
    sort -g | awk '{ v[NR] = $1 } END { printf "%.0f [%.0f, %.0f]", v[int((NR + 1) / 2)], v[1], v[NR] }'
}
ratios() { # the same for ratios, three decimals
    sort -g | awk '{ v[NR] = $1 } END { printf "%.3f [%.3f, %.3f]", v[int((NR + 1) / 2)], v[1], v[NR] }'
}

{
    echo "engine speed: $(git rev-parse --short HEAD) against $ref, $(date -u +%Y-%m-%d), $(nproc) cores"
    echo "($(uname -m), $(${CC:-cc} --version | head -n 1))"
    echo
    if command -v valgrind >/dev/null 2>&1; then
        for b in "$OLD" "$NEW"; do
            n=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$b" sim --games 2000 --threads 1 \
                --out /dev/null 2>&1 | sed -n 's/.*Collected : \([0-9]*\).*/\1/p')
            label=before
            [ "$b" = "$NEW" ] && label=now
            echo "instructions, callgrind, sim --games 2000 --threads 1, $label: $n ($((n / 2000)) a game)"
        done
    else
        echo "instructions: valgrind is not installed, not counted"
    fi
    echo
    : >"$tmp/o"
    : >"$tmp/n"
    for i in 1 2 3 4 5; do
        echo "100000 / $(secs "$OLD" sim --games 100000 --threads 1 --out /dev/null)" | bc -l >>"$tmp/o"
        echo "100000 / $(secs "$NEW" sim --games 100000 --threads 1 --out /dev/null)" | bc -l >>"$tmp/n"
    done
    echo "games/s, sim --games 100000 --threads 1, five runs each taking turns: median [min, max]"
    echo "  before: $(stats <"$tmp/o")"
    echo "  now:    $(stats <"$tmp/n")"
    paste "$tmp/n" "$tmp/o" | awk '{ print $1 / $2 }' >"$tmp/r"
    echo "  now / before, run by run: $(ratios <"$tmp/r")"
    echo
    : >"$tmp/s"
    for i in 1 2 3 4 5; do
        t1=$(secs "$NEW" sim --games 200000 --threads 1 --out /dev/null)
        t2=$(secs "$NEW" sim --games 200000 --threads 2 --out /dev/null)
        echo "$t1 / $t2" | bc -l >>"$tmp/s"
    done
    echo "2 threads against 1, sim --games 200000, five pairs: $(ratios <"$tmp/s")"
    echo
    for i in 1 2; do
        echo "bench --quick, before, run $i:"
        "$OLD" bench --quick | sed 's/^/  /'
        echo "bench --quick, now, run $i:"
        "$NEW" bench --quick | sed 's/^/  /'
    done
} >"$tmp/out.txt"
mv "$tmp/out.txt" "$out"
cat "$out"
