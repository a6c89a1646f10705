#!/bin/sh
# The soak (results/soak/): one long `jamaica sim` run with checkpoints,
# killed once with SIGKILL half-way and resumed, its memory sampled every
# 10 seconds; then the same games as four shards merged, which must be the
# same bytes.  GAMES (default 10^8) and THREADS (default: every core) set
# its size.
set -eu
cd "$(dirname "$0")/../.."
make -s bin/jamaica
J=bin/jamaica
N=${GAMES:-100000000}
T=${THREADS:-$(nproc)}
D=results/soak
S=$(mktemp -d)
trap 'rm -rf "$S"' EXIT
mkdir -p $D
rm -f $D/soak.csv $D/soak.csv.checkpoint
log=$D/soak.txt
mem=$D/memory.csv
start=$(date +%s)
echo "seconds,rss_kb,games_in_checkpoint" >$mem
# sample PID: one memory.csv row every 10 s while PID lives
sample() {
    while kill -0 "$1" 2>/dev/null; do
        rss=$(awk '/^VmRSS/ {print $2}' /proc/"$1"/status 2>/dev/null || true)
        done_=$(awk '/^state / {n += $2} END {print n + 0}' $D/soak.csv.checkpoint 2>/dev/null || echo 0)
        [ -n "$rss" ] && echo "$(($(date +%s) - start)),$rss,$done_" >>$mem
        sleep 10
    done
}
{
    echo "# $(date -u +%F) on $(nproc) cores: $(lscpu | sed -n 's/^Model name: *//p')"
    echo "$J sim --games $N --threads $T --out $D/soak.csv --progress 60   (killed with SIGKILL after half the expected time, then --resume)"
} >$log
# Half the expected time from a short measurement.
rate=$($J sim --games 400000 --threads "$T" --out /dev/null | sed -n 's/.*(\([0-9]*\) games\/s.*/\1/p')
half=$((N / rate / 2))
$J sim --games "$N" --threads "$T" --out $D/soak.csv --progress 60 2>>$log >/dev/null &
pid=$!
sample $pid &
sleep "$half"
kill -9 $pid
wait $pid 2>/dev/null || echo "killed with SIGKILL after $half s; the checkpoint held $(awk '/^state / {print $2}' $D/soak.csv.checkpoint) games" >>$log
$J sim --games "$N" --threads "$T" --out $D/soak.csv --progress 60 --resume 2>>$log >>$log &
pid=$!
sample $pid
wait $pid
echo "total $(($(date +%s) - start)) s" >>$log
# The same games as four shards, merged.
q=$((N / 4))
for k in 0 1 2 3; do
    $J sim --games $q --first-game $((k * q)) --threads "$T" --out "$S/shard$k.csv" --checkpoint-every 0 >/dev/null
done
$J merge "$S/merged.csv" "$S"/shard*.csv >/dev/null
if cmp -s "$S/merged.csv" $D/soak.csv; then
    echo "four shards of $q games merged: the same bytes as soak.csv" >>$log
else
    echo "four shards merged DIFFER from soak.csv" >>$log
    exit 1
fi
awk -F, 'NR > 1 {if (!lo || $2 < lo) lo = $2; if ($2 > hi) hi = $2; n++} END {printf "memory: %d samples, RSS %d..%d kB\n", n, lo, hi}' $mem >>$log
cat $log
