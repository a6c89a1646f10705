#!/bin/sh
# bin/jamaica-mpi against bin/jamaica: the same bytes for 2 and 3 ranks (4
# random players rotated; 2 players and the ghost; searching agents), a bad
# output refused before any game, a stopped run's files a prefix of the
# run, and a run killed on 2 ranks resumed on 3.  Run by `make check` when
# mpicc and mpirun are installed.
suite=mpi
. "$(dirname "$0")/../harness.sh"
JM=bin/jamaica-mpi
run_as=""
[ "$(id -u)" -eq 0 ] && run_as=--allow-run-as-root
M="mpirun $run_as --oversubscribe"

for args in "--games 6000 --players 4 --rotate --agents greedy,random,random,first" "--games 6000 --players 2" \
    "--games 24 --players 3 --agents mcts:iters=20,greedy,flat:playouts=20 --rotate"; do
    # shellcheck disable=SC2086
    $J sim $args --threads 2 --out "$tmp/s.csv" --games-csv "$tmp/g.csv" >/dev/null || bad "sim $args"
    for np in 2 3; do
        # shellcheck disable=SC2086
        if $M -np $np $JM sim $args --threads 1 --out "$tmp/s$np.csv" --games-csv "$tmp/g$np.csv" >"$tmp/o" 2>"$tmp/e" &&
            cmp -s "$tmp/s.csv" "$tmp/s$np.csv" && cmp -s "$tmp/g.csv" "$tmp/g$np.csv" &&
            [ "$(wc -l <"$tmp/o")" -ge 2 ] && grep -q "$np ranks x 1 thread)" "$tmp/o"; then ok; else
            bad "-np $np sim $args: $(head -n 3 "$tmp/e")"; fi
    done
done
# Two threads in each of two ranks: the same bytes.
$M -np 2 $JM sim --games 6000 --players 2 --threads 2 --out "$tmp/s22.csv" --games-csv "$tmp/g22.csv" >/dev/null 2>&1 &&
    cmp -s "$tmp/s.csv" "$tmp/s22.csv" || true
$J sim --games 6000 --players 2 --threads 2 --out "$tmp/s.csv" --games-csv "$tmp/g.csv" >/dev/null
cmp -s "$tmp/s.csv" "$tmp/s22.csv" && cmp -s "$tmp/g.csv" "$tmp/g22.csv" && ok || bad "2 ranks x 2 threads differ"
# A bad output: exit 2 from every rank, one message, no file, no game.
mkdir "$tmp/d"
timeout 60 $M -np 2 $JM sim --games 1000000000 --out "$tmp/d" >"$tmp/o" 2>"$tmp/e"
rc=$?
[ $rc -ne 0 ] && [ "$(grep -c '^jamaica: cannot write' "$tmp/e")" -eq 1 ] && [ "$(ls -A "$tmp/d")" = "" ] && ok ||
    bad "a bad output over 2 ranks: exit $rc: $(cat "$tmp/e")"
# tournament and study: the same files and report over 3 ranks (the
# report's line of wall time aside); an SPRT that stops early exits 0.
$J tournament --agents greedy,random,first --players 3 --games 60 --threads 2 --out "$tmp/t1.csv" \
    --pairs "$tmp/p1.csv" --games-csv "$tmp/tg1.csv" | sed 3d >"$tmp/tm1"
$M -np 3 $JM tournament --agents greedy,random,first --players 3 --games 60 --threads 1 --out "$tmp/t3.csv" \
    --pairs "$tmp/p3.csv" --games-csv "$tmp/tg3.csv" 2>"$tmp/e" | sed 3d >"$tmp/tm3"
cmp -s "$tmp/t1.csv" "$tmp/t3.csv" && cmp -s "$tmp/p1.csv" "$tmp/p3.csv" && cmp -s "$tmp/tg1.csv" "$tmp/tg3.csv" &&
    cmp -s "$tmp/tm1" "$tmp/tm3" && ok || bad "tournament over 3 ranks: $(cat "$tmp/e")"
$J study ghost --players 3 --games 200 --threads 2 --out "$tmp/st1.csv" --games-csv "$tmp/sg1.csv" >"$tmp/sm1"
$M -np 2 $JM study ghost --players 3 --games 200 --threads 1 --out "$tmp/st2.csv" --games-csv "$tmp/sg2.csv" \
    >"$tmp/sm2" 2>"$tmp/e" &&
    cmp -s "$tmp/st1.csv" "$tmp/st2.csv" && cmp -s "$tmp/sm1" "$tmp/sm2" && cmp -s "$tmp/sg1.csv" "$tmp/sg2.csv" &&
    ok || bad "study over 2 ranks: $(cat "$tmp/e")"
$M -np 2 $JM tournament --agents greedy,random --players 2 --games 100000 --sprt 0,50 --out "$tmp/ts.csv" \
    >"$tmp/o" 2>"$tmp/e" && grep -q "H1 accepted" "$tmp/o" && ok || bad "an SPRT over 2 ranks: $(cat "$tmp/e")"
# The other commands refuse to run on several ranks.
$M -np 2 $JM trace --seed 1 >"$tmp/o" 2>"$tmp/e"
[ $? -ne 0 ] && grep -q "only sim, tournament and study run" "$tmp/e" && ok || bad "trace over 2 ranks: $(cat "$tmp/e")"
# A program agent that fails on rank 1 only (its first decision from game 5
# on, rank 1's first game): that rank's one line, rank 0's word that it was
# another rank, status 3, and the files of the single process's run.
F="sh tests/fixtures/agents/faulty.sh"
$J sim --games 10 --threads 1 --players 3 --agents "cmd:$F crash 1 5",random,random --out "$tmp/f1.csv" \
    --games-csv "$tmp/fg1.csv" >/dev/null 2>&1
$M -np 2 $JM sim --games 10 --threads 1 --players 3 --agents "cmd:$F crash 1 5",random,random --out "$tmp/f2.csv" \
    --games-csv "$tmp/fg2.csv" >"$tmp/o" 2>"$tmp/e"
rc=$?
[ $rc -ne 0 ] && [ "$(grep -c "^jamaica: rank 1: agent 'cmd:$F crash 1 5' in seat 0 failed in game 5 of seed 1: " "$tmp/e")" = 1 ] &&
    [ "$(grep -c '^jamaica: an agent failed on another rank' "$tmp/e")" = 1 ] &&
    [ "$(grep -c '^the files hold the 5 games before the failed one' "$tmp/o")" = 1 ] &&
    cmp -s "$tmp/f1.csv" "$tmp/f2.csv" && cmp -s "$tmp/fg1.csv" "$tmp/fg2.csv" && [ "$(wc -l <"$tmp/fg2.csv")" -eq 16 ] &&
    ok || bad "an agent failing on rank 1: exit $rc: $(grep jamaica "$tmp/e")"
sleep 0.2
pgrep -f "tests/fixtures/agents/faulty.sh" >/dev/null 2>&1 && bad "an agent failing on rank 1: a process is left" || ok
# SIGINT to mpirun: the ranks stop at the block in flight, rank 0 writes
# the games completed, which are a prefix of the run (one message).
(cd "$tmp" && exec $M -np 2 "$OLDPWD/$JM" sim --games 1000000000 --threads 1 --out i.csv --games-csv ig.csv >io 2>ie) &
pid=$!
sleep 3
kill -INT $pid
wait $pid 2>/dev/null
rc=$?
n=$(sed -n 's/^\([0-9]*\) games* of .*/\1/p' "$tmp/io")
if [ $rc -ne 0 ] && [ -n "$n" ] && [ "$(grep -c 'stopped by' "$tmp/ie")" -eq 1 ]; then
    $J sim --games "$n" --threads 2 --out "$tmp/is.csv" --games-csv "$tmp/isg.csv" >/dev/null
    cmp -s "$tmp/i.csv" "$tmp/is.csv" && cmp -s "$tmp/ig.csv" "$tmp/isg.csv" && ok || bad "a stopped MPI run is not a prefix"
else
    bad "SIGINT over 2 ranks: exit $rc, $n games: $(cat "$tmp/ie")"
fi
# SIGKILL to every rank of a run with checkpoints, then --resume on three
# ranks: the bytes of one process's run never interrupted.
run="--games 300000 --players 3 --agents random,first,random --rotate"
args="$run --out k.csv --games-csv kg.csv"
(cd "$tmp" && exec $M -np 2 "$OLDPWD/$JM" sim $args --threads 1 --checkpoint-every 0.1 >/dev/null 2>&1) &
pid=$!
sleep 2
pkill -KILL -f "jamaica-mpi sim $args" 2>/dev/null
wait $pid 2>/dev/null
held=$(awk '/^state / {print $2}' "$tmp/k.csv.checkpoint" 2>/dev/null)
(cd "$tmp" && $M -np 3 "$OLDPWD/$JM" sim $args --threads 1 --resume >/dev/null 2>ke) || bad "MPI resume: $(cat "$tmp/ke")"
(cd "$tmp" && "$OLDPWD/$J" sim $run --threads 2 --checkpoint-every 0 --out k1.csv --games-csv kg1.csv >/dev/null)
[ -n "$held" ] && [ "$held" -gt 0 ] && [ "$held" -lt 300000 ] && cmp -s "$tmp/k.csv" "$tmp/k1.csv" && cmp -s "$tmp/kg.csv" "$tmp/kg1.csv" &&
    [ ! -e "$tmp/k.csv.checkpoint" ] && ok || bad "killed on 2 ranks (checkpoint of ${held:-no} games), resumed on 3: not the same bytes"
finish
