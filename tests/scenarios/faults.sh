#!/bin/sh
# Long runs survive faults (docs/CHECKPOINTS.md): runs killed with SIGKILL
# at seeded random moments and resumed each time end with the bytes of the
# run never interrupted (sim with and without GAMES.csv, a tournament, a
# study, a balance search); no stray file is left; a full disk (ulimit -f)
# mid-run keeps the last checkpoint and says so in one line, and the run
# resumes from it.
suite=faults
. "$(dirname "$0")/../harness.sh"
J=$(pwd)/bin/jamaica
kills=0

# The kill moments, from a seeded generator: the same on every run.
seed=20261123
moment() { # the next moment, 0.15 to 1.20 s, as "S.MMM"
    seed=$(((seed * 1103515245 + 12345) % 2147483648))
    ms=$((150 + seed / 65536 % 1050))
    printf '%d.%03d' $((ms / 1000)) $((ms % 1000))
}

# killed N NAME CMD...: run CMD (in $tmp/NAME) with frequent checkpoints
# and --resume, killing it N times at the moments above, then once to the
# end.  The final run's status must be 0; $left gets what the directory
# then holds besides out and err (the outputs alone: no checkpoint, log or
# temporary file).
killed() {
    n=$1 name=$2
    shift 2
    mkdir -p "$tmp/$name"
    i=0
    while [ $i -lt "$n" ]; do
        (cd "$tmp/$name" && exec "$@" --checkpoint-every 0.05 --resume >/dev/null 2>>err) &
        pid=$!
        sleep "$(moment)"
        kill -9 $pid 2>/dev/null && kills=$((kills + 1))
        wait $pid 2>/dev/null
        i=$((i + 1))
    done
    (cd "$tmp/$name" && "$@" --checkpoint-every 0.05 --resume >out 2>>err) || bad "$name: the last resume failed: $(tail -n 2 "$tmp/$name/err")"
    left=$(cd "$tmp/$name" && ls -A | grep -v '^out$' | grep -v '^err$' | tr '\n' ' ')
}

# The reference: the same command never interrupted (no checkpoints).
ref() {
    name=$1
    shift
    mkdir -p "$tmp/$name"
    (cd "$tmp/$name" && "$@" --checkpoint-every 0 >out 2>err) || bad "$name: the reference run failed"
}

same() { # same NAME_A NAME_B FILE...
    a=$1 b=$2
    shift 2
    for f in "$@"; do cmp -s "$tmp/$a/$f" "$tmp/$b/$f" || { bad "$b: $f differs from the uninterrupted run's"; return; }
    done
    ok
}

# sim with GAMES.csv (its games logged and replayed), 2 threads, then
# resumed on 1.
sim_g="$J sim --games 150000 --agents random,first,random,random --rotate --out s.csv --games-csv g.csv --threads 2"
ref sim-g-ref $sim_g
killed 8 sim-g $sim_g
[ "$left" = "g.csv s.csv " ] && ok || bad "sim --games-csv: left behind: $left"
same sim-g-ref sim-g s.csv g.csv
# The same with --luck: the adjusted tallies resume too (a checkpoint keeps
# them; its identity names the value function).
sim_l="$J sim --games 12000 --agents greedy,random,random --rotate --luck hand --out s.csv --games-csv g.csv --threads 2"
ref sim-l-ref $sim_l
killed 4 sim-l $sim_l
same sim-l-ref sim-l s.csv g.csv
study_l="$J study captain --games 3000 --agents greedy --players 2-3 --luck hand --out c.csv --md c.md"
ref study-l-ref $study_l
killed 4 study-l $study_l
same study-l-ref study-l c.csv c.md
# Every kill after the first checkpoint was resumed from one.
# A killed run leaves no temporary output (they have no name: O_TMPFILE).
! grep -q 'removed .*the unfinished output of a run' "$tmp/sim-g/err" && ok || bad "sim: a killed run left a named temporary file"

# sim without GAMES.csv (its tallies restored), 2 players and the ghost.
sim_s="$J sim --games 400000 --players 2 --agents first,random --out s.csv --threads 2"
ref sim-s-ref $sim_s
killed 5 sim-s $sim_s
[ "$left" = "s.csv " ] && ok || bad "sim: left behind: $left"
same sim-s-ref sim-s s.csv

# A tournament (its standings rebuilt by replaying its games).
tour="$J tournament --agents random,first,greedy:samples=1 --players 3 --games 8000 --out t.csv --pairs p.csv --threads 2"
ref tour-ref $tour
killed 4 tour $tour
same tour-ref tour t.csv p.csv
grep -v ' s of play on ' "$tmp/tour-ref/out" >"$tmp/a" && grep -v ' s of play on ' "$tmp/tour/out" >"$tmp/b" && cmp -s "$tmp/a" "$tmp/b" && ok ||
    bad "tournament: the report differs from the uninterrupted run's"
# The same with --luck: the adjusted win rates, differences and ratings.
tour_l="$J tournament --agents sharp,greedy,random --players 3 --games 1000 --luck hand --out t.csv --pairs p.csv --threads 2"
ref tour-l-ref $tour_l
killed 3 tour-l $tour_l
same tour-l-ref tour-l t.csv p.csv

# A study: several harness runs (2 players, and 3-5 without and with the
# ghost), each a segment of one checkpoint.
study="$J study ghost --games 20000 --out c.csv --md c.md --threads 2"
ref study-ref $study
killed 4 study $study
[ "$left" = "c.csv c.md " ] && ok || bad "study: left behind: $left"
same study-ref study c.csv c.md

# A balance search: a harness run a setting a round, then the confirmation.
bal="$J balance --vary ghost_gold=8..18 --target ghost=0.3 --players 2 --games 20000 --confirm 100000 --out b.csv --threads 2"
ref bal-ref $bal
killed 3 bal $bal
[ "$left" = "b.csv " ] && ok || bad "balance: left behind: $left"
same bal-ref bal b.csv out

[ $kills -ge 20 ] && ok || bad "only $kills runs were killed (20 or more wanted)"

# A checkpoint of other options is refused, naming what differs; without
# --resume a checkpoint is not overwritten.
mkdir -p "$tmp/other"
(cd "$tmp/other" && exec $J sim --games 3000000 --out s.csv --threads 2 --checkpoint-every 0.2 >/dev/null 2>err) &
pid=$!
sleep 1
kill -INT $pid
wait $pid 2>/dev/null
st=$?
[ $st -eq 130 ] && [ -s "$tmp/other/s.csv.checkpoint" ] &&
    grep -q "^jamaica: checkpoint 's.csv.checkpoint' holds [0-9]* games: the same command with --resume goes on$" "$tmp/other/err" &&
    ok || bad "sim: Ctrl-C left no checkpoint (status $st): $(cat "$tmp/other/err")"
# A run stopped before its first checkpoint leaves none (it is quicker to
# run again), so the next run is not refused.
mkdir -p "$tmp/short"
(cd "$tmp/short" && exec $J sim --games 3000000 --out s.csv --games-csv g.csv --threads 2 >/dev/null 2>&1) &
pid=$!
sleep 0.5
kill -INT $pid
wait $pid 2>/dev/null
[ "$(ls -A "$tmp/short" | tr '\n' ' ')" = "g.csv s.csv " ] && ok || bad "a short run's stop left: $(ls -A "$tmp/short")"
(cd "$tmp/other" && $J sim --games 3000000 --out s.csv --seed 2 --checkpoint-every 0.2 --resume >/dev/null 2>err)
st=$?
[ $st -eq 2 ] && grep -q "its --seed is '1', this run's '2'" "$tmp/other/err" && ok || bad "resume with another seed: $st $(cat "$tmp/other/err")"
(cd "$tmp/other" && $J sim --games 3000000 --out s.csv >/dev/null 2>err)
st=$?
[ $st -eq 2 ] && grep -q "holds an interrupted run: --resume goes on" "$tmp/other/err" && [ -s "$tmp/other/s.csv.checkpoint" ] &&
    ok || bad "a new run over a checkpoint: $st $(cat "$tmp/other/err")"
(cd "$tmp/other" && $J study captain --games 10 --out s.csv --checkpoint s.csv.checkpoint --resume >/dev/null 2>err)
st=$?
[ $st -eq 2 ] && grep -q "is of 'jamaica sim', not of 'jamaica study-captain'" "$tmp/other/err" && ok ||
    bad "another command's checkpoint: $st $(cat "$tmp/other/err")"
# A damaged checkpoint is refused and kept.
cp "$tmp/other/s.csv.checkpoint" "$tmp/other/keep"
sed -i 's/^state \([0-9]\)/state 9\1/' "$tmp/other/s.csv.checkpoint"
(cd "$tmp/other" && $J sim --games 3000000 --out s.csv --resume >/dev/null 2>err)
st=$?
[ $st -eq 2 ] && grep -q "is damaged (its checksum does not match)" "$tmp/other/err" && [ -s "$tmp/other/s.csv.checkpoint" ] &&
    [ "$(ls -A "$tmp/other" | tr '\n' ' ')" = "err keep s.csv s.csv.checkpoint " ] &&
    ok || bad "a damaged checkpoint: $st $(cat "$tmp/other/err"), left $(ls -A "$tmp/other" | tr '\n' ' ')"
$J sim --checkpoint-every x >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && grep -q "bad --checkpoint-every 'x'" "$tmp/err" && ok || bad "--checkpoint-every x: $(cat "$tmp/err")"

# A full disk (a file size limit) mid-run: one line naming the file and
# the checkpoint kept, no output written; after room is made, --resume
# ends with the uninterrupted run's bytes.
full="$J sim --games 60000 --out s.csv --games-csv g.csv --threads 2"
ref full-ref $full
mkdir -p "$tmp/full"
(cd "$tmp/full" && ulimit -f 8000 && exec $full --checkpoint-every 0.02 >out 2>err)
st=$?
msg=$(tr '\r' '\n' <"$tmp/full/err" | grep -v 'games/s')
[ $st -eq 1 ] && [ "$(echo "$msg" | wc -l)" -eq 1 ] &&
    echo "$msg" | grep -q "'g.csv'.*checkpoint 's.csv.checkpoint' keeps [0-9]* games: --resume goes on from it" &&
    [ ! -e "$tmp/full/s.csv" ] && [ ! -e "$tmp/full/g.csv" ] && ok || bad "full disk: status $st: $msg"
(cd "$tmp/full" && $full --checkpoint-every 0.02 --resume >out 2>err) && ok || bad "full disk: the resume failed: $(cat "$tmp/full/err")"
same full-ref full s.csv g.csv

# A run killed and resumed reports each agent's decisions over every game,
# the checkpoint's included: those of the run never interrupted.
mkdir -p "$tmp/dec"
run="$J sim --games 150000 --agents greedy,random,random,random --rotate"
(cd "$tmp/dec" && exec $run --out k.csv --checkpoint-every 0.1 >/dev/null 2>&1) &
pid=$!
sleep 1.2
kill -KILL $pid 2>/dev/null
wait $pid 2>/dev/null
kills=$((kills + 1))
(cd "$tmp/dec" && $run --out k.csv --resume >resumed 2>/dev/null && $run --out k2.csv >whole 2>/dev/null)
grep 'decisions' "$tmp/dec/resumed" | sed 's/,.*//' >"$tmp/dec/r"
grep 'decisions' "$tmp/dec/whole" | sed 's/,.*//' >"$tmp/dec/w"
grep -q '(.* from the checkpoint)' "$tmp/dec/resumed" && [ -s "$tmp/dec/w" ] && cmp -s "$tmp/dec/r" "$tmp/dec/w" && ok ||
    bad "resumed decisions $(cat "$tmp/dec/r") against $(cat "$tmp/dec/w")"

finish "$kills runs killed with SIGKILL"
