#!/bin/sh
# The engine's speed against an earlier commit, side by side on this machine
# (`results/make.sh speed`, or `results/timing/speed.sh [COMMIT]`; COMMIT defaults
# to 9d8b159, the engine before the performance work).  Writes
# results/timing/engine-speed.txt, or the file named second
# (`results/timing/speed.sh COMMIT OUT.txt`):
#   - instructions under callgrind (the same on every run; skipped without
#     valgrind) of `sim --games 2000 --threads 1` (random games), and of
#     one seat of mcts:iters=1000, then of the stronger searcher
#     mcts:iters=3000,cutoff=2,c=0.3, against three random seats (one game,
#     then two; a build without the searcher's options says so);
#   - games/s of `sim --games 100000 --threads 1`, five runs of each build
#     taking turns: the median and the range;
#   - games/s on 2 threads against 1 for this build, five pairs: the ratios'
#     median and range;
#   - `bench`, and `bench --quick` of the two searching agents, of each
#     build, three times taking turns: each key's median for both builds and
#     their ratio (now / before).
# Wall-clock figures vary from run to run and from machine to machine; the
# instruction counts do not.
set -eu
cd "$(dirname "$0")/../.."
ref=${1:-9d8b159}
make -s bin/jamaica
tmp=$(mktemp -d)
trap 'git worktree remove --force "$tmp/old" >/dev/null 2>&1 || true; rm -rf "$tmp"' EXIT
git worktree add -q --detach "$tmp/old" "$ref"
make -s -C "$tmp/old" bin/jamaica >/dev/null
OLD=$tmp/old/bin/jamaica
SEARCHER=mcts:iters=3000,cutoff=2,c=0.3 # docs/SEARCH.md
NEW=bin/jamaica
out=${2:-results/timing/engine-speed.txt}
mkdir -p results/timing

instructions() { # instructions BIN ARGS...: what callgrind counts for one run
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
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
            n=$(instructions "$b" sim --games 2000 --threads 1 --out /dev/null)
            label=before
            [ "$b" = "$NEW" ] && label=now
            echo "instructions, callgrind, sim --games 2000 --threads 1, $label: $n ($((n / 2000)) a game)"
        done
        # Sealed chance (SipHash-2-4 in counter mode, docs/PROTOCOL.md): the same command under a sealed seed.
        n=$(instructions "$NEW" sim --games 2000 --threads 1 --seed sealed:000102030405060708090a0b0c0d0e0f --out /dev/null)
        echo "instructions, callgrind, sim --games 2000 --threads 1 --seed sealed:00010203..0e0f, now (sealed chance): $n ($((n / 2000)) a game)"
        for spec in mcts:iters=1000:1 "$SEARCHER:2"; do
            games=${spec##*:}
            spec=${spec%:*}
            for b in "$OLD" "$NEW"; do
                label=before
                [ "$b" = "$NEW" ] && label=now
                if "$b" sim --games 1 --agents "$spec,random,random,random" --threads 1 --seed 1 --first-game 999999 \
                    --out /dev/null >/dev/null 2>&1; then
                    n=$(instructions "$b" sim --games "$games" --threads 1 --agents "$spec,random,random,random" \
                        --out /dev/null)
                    echo "instructions, callgrind, $games game(s) of $spec and three random seats, $label: $n"
                else
                    echo "instructions, $spec: this build ($label) does not know the spec"
                fi
            done
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
    for i in 1 2 3; do
        "$OLD" bench >"$tmp/bo$i"
        "$NEW" bench >"$tmp/bn$i"
        # (the random agent's lines are bench's own already; relative_to_random
        # would be a ratio of ratios)
        { "$OLD" bench --quick --agent mcts:iters=1000 --agent "$SEARCHER" 2>/dev/null || true; } |
            grep -v '_random' >>"$tmp/bo$i" || true
        "$NEW" bench --quick --agent mcts:iters=1000 --agent "$SEARCHER" | grep -v '_random' >>"$tmp/bn$i"
    done
    echo "bench, then bench --quick --agent mcts:iters=1000 --agent $SEARCHER"
    echo "(agent 1, agent 2), three runs of each build taking turns: each key's median"
    printf '  %-24s %12s %12s %7s\n' key before now ratio
    # Each key of the newer build, its medians and their ratio ("-" where
    # the older build has no such key or it is not a number).
    cat "$tmp"/bo* | sed 's/^/o /' >"$tmp/b"
    cat "$tmp"/bn* | sed 's/^/n /' >>"$tmp/b"
    awk -F'[ =]' '$3 ~ /^[0-9.]+$/ { v[$1, $2, ++k[$1, $2]] = $3; if ($1 == "n" && !($2 in seen)) { seen[$2] = 1; keys[++nk] = $2 } }
        function med(b, key,   n, i, j, t, a) {
            n = k[b, key]
            for (i = 1; i <= n; i++) a[i] = v[b, key, i] # as printed
            for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] + 0 < a[i] + 0) { t = a[i]; a[i] = a[j]; a[j] = t }
            return n ? a[int((n + 1) / 2)] : ""
        }
        END {
            for (i = 1; i <= nk; i++) {
                o = med("o", keys[i]); n = med("n", keys[i])
                printf "  %-24s %12s %12s %7s\n", keys[i], o == "" ? "-" : o, n, (o == "" || o + 0 == 0) ? "-" : sprintf("%.3f", n / o)
            }
        }' "$tmp/b"
} >"$tmp/out.txt"
mv "$tmp/out.txt" "$out"
cat "$out"
