#!/bin/sh
# Agents from outside the binary, as a user meets them: programs over the
# protocol (tests/fixtures/agents/faulty.sh fails on purpose), every fault ending the
# run in one line with status 3 and the files of the games before it, or
# played through with on_fault=random; no process left behind; the same
# bytes on 1 and 2 threads; the Python example in a tournament.
# (Plugins: tests/cli/library.sh, which builds them against the installed library.)
suite=agents
. "$(dirname "$0")/../harness.sh"
cp tests/fixtures/agents/faulty.sh "$tmp/faulty.sh" # its own copy: pgrep finds this suite's alone
F="sh $tmp/faulty.sh"
strays() { pgrep -f "$tmp/faulty.sh" >/dev/null 2>&1; }

# Each fault at the 100th decision of the process (game 2 on one thread).
for mode in crash sleep garbage range flood silent; do
    $J sim --games 10 --threads 1 --players 3 --agents "cmd:$F $mode 100:timeout=0.5",random,random \
        --out "$tmp/s.csv" --games-csv "$tmp/g.csv" >"$tmp/o" 2>"$tmp/e"
    rc=$?
    [ $rc -eq 3 ] && ok || bad "$mode: status $rc, not 3: $(cat "$tmp/e")"
    line=$(grep -c "^jamaica: agent 'cmd:$F $mode 100:timeout=0.5' in seat 0 failed in game 2 of seed 1: " "$tmp/e")
    [ "$line" = 1 ] && ok || bad "$mode: no line naming agent, seat, game and seed: $(cat "$tmp/e")"
    [ "$(wc -l <"$tmp/g.csv")" -eq 7 ] && [ -s "$tmp/s.csv" ] && ok || bad "$mode: the files do not hold the 2 games before it"
    sleep 0.2
    strays && bad "$mode: a process is left" || ok
done
$J sim --games 4 --threads 1 --players 3 --agents "cmd:$F crash 100",random,random --out "$tmp/s.csv" 2>"$tmp/e" >/dev/null
grep -q 'killed by signal 11' "$tmp/e" && ok || bad "crash: $(cat "$tmp/e")"
$J sim --games 4 --threads 1 --players 3 --agents "cmd:$F garbage 100",random,random --out "$tmp/s.csv" 2>"$tmp/e" >/dev/null
grep -q "answered 'banana'" "$tmp/e" && ok || bad "garbage: $(cat "$tmp/e")"
# A program that exits at once or answers the handshake wrongly is refused before the run.
for mode in exit badhello; do
    $J sim --games 4 --players 3 --agents "cmd:$F $mode",random,random --out "$tmp/x.csv" 2>"$tmp/e" >/dev/null
    rc=$?
    [ $rc -eq 2 ] && [ "$(wc -l <"$tmp/e")" -eq 1 ] && [ ! -e "$tmp/x.csv" ] && ok || bad "$mode: status $rc: $(cat "$tmp/e")"
done
# Played through at random: every game played, the failures counted.
$J sim --games 12 --threads 2 --players 3 --agents "cmd:$F crash 50:on_fault=random",random,random \
    --out "$tmp/s.csv" --games-csv "$tmp/g.csv" >"$tmp/o" 2>"$tmp/e"
rc=$?
head -n 1 "$tmp/g.csv" | grep -q ',faults$' && ok || bad "on_fault=random: GAMES.csv has no faults column"
faults=$(awk -F, 'NR > 1 {s += $NF} END {print s + 0}' "$tmp/g.csv")
[ $rc -eq 0 ] && [ "$(wc -l <"$tmp/g.csv")" -eq 37 ] && [ "$faults" -gt 0 ] && grep -q "$faults agent failures" "$tmp/o" &&
    ok || bad "on_fault=random: status $rc, $faults faults: $(cat "$tmp/e" "$tmp/o")"
sleep 0.2
strays && bad "on_fault=random: a process is left" || ok
# A tournament keeps the whole deals before the failure.
$J tournament --games 6 --threads 1 --players 2 --agents "cmd:$F crash 300",random --out "$tmp/r.csv" >"$tmp/o" 2>"$tmp/e"
rc=$?
[ $rc -eq 3 ] && [ -s "$tmp/r.csv" ] && grep -q 'whole deals before the failed game' "$tmp/o" &&
    [ "$(grep -vc '^jamaica: warning: agent .* not drawn secretly' "$tmp/e")" -eq 1 ] && ok ||
    bad "tournament: status $rc: $(cat "$tmp/e")"
# Ctrl-C twice (SIGINT to jamaica) stops at once and leaves no process.
$J sim --games 100000 --threads 2 --players 3 --agents "cmd:$F sleep 20:timeout=60",random,random \
    --out "$tmp/c.csv" >/dev/null 2>&1 &
pid=$!
sleep 1
kill -INT $pid
sleep 0.2
kill -INT $pid
wait $pid 2>/dev/null
sleep 0.3
strays && bad "two SIGINTs: a process is left" || ok
# SIGKILL of jamaica: the guardians kill each program's whole process group
# (the programs and the children they started).
children() { pgrep -f "sleep 31416" >/dev/null 2>&1; }
$J sim --games 100000 --threads 2 --players 3 --agents "cmd:$F forker 31416",random,"cmd:$F forker 31416" \
    --out "$tmp/k.csv" >/dev/null 2>&1 &
pid=$!
sleep 1
children && ok || bad "SIGKILL: the forker's child never started"
kill -KILL $pid
wait $pid 2>/dev/null
sleep 0.3
children && bad "SIGKILL of jamaica: a program's child is left" || ok
strays && bad "SIGKILL of jamaica: a program is left" || ok
pkill -f "sleep 31416" 2>/dev/null
# A program that cannot start is one line (not the shell's as well).
$J sim --games 4 --players 2 --agents "cmd:./no_such_program",random --out "$tmp/x.csv" >/dev/null 2>"$tmp/e"
rc=$?
[ $rc -eq 2 ] && [ "$(wc -l <"$tmp/e")" -eq 1 ] && grep -q "no_such_program" "$tmp/e" && ok ||
    bad "a missing program: status $rc: $(cat "$tmp/e")"
# A run whose agent fails in its first game reports no statistic of the
# empty sample (no mean of zero decisions, no rank outside its interval).
$J tournament --games 4 --players 2 --agents "cmd:$F crash 1",random --out "$tmp/t0.csv" >"$tmp/o" 2>/dev/null
[ $? -eq 3 ] && grep -q "no deal was played to its end" "$tmp/o" && ! grep -q "mean rank" "$tmp/o" && ok ||
    bad "a tournament failed in its first game: $(cat "$tmp/o")"
$J sim --games 4 --players 2 --agents "cmd:$F crash 1",random --out "$tmp/s0.csv" >"$tmp/o" 2>/dev/null
[ $? -eq 3 ] && grep -q "no game was played to its end" "$tmp/o" && ! grep -q "ms mean\|seat-games" "$tmp/o" && ok ||
    bad "a sim failed in its first game: $(cat "$tmp/o")"
# A program may take its time to start (startup=, 60 s by default, apart
# from timeout=): one that starts in 2 s plays under timeout=1; with
# startup=1 it is refused at the handshake, the line naming startup=.
$J sim --games 2 --players 2 --agents "cmd:$F slowstart 2:timeout=1",random --out "$tmp/ss.csv" >/dev/null 2>"$tmp/e" &&
    [ -s "$tmp/ss.csv" ] && ok || bad "a slow start under the default startup: $(cat "$tmp/e")"
$J sim --games 2 --players 2 --agents "cmd:$F slowstart 2:startup=1",random --out "$tmp/ss.csv" >/dev/null 2>"$tmp/e"
[ $? -eq 2 ] && grep -q "no answer within 1 s of its start (startup=)" "$tmp/e" && ok || bad "startup=1: $(cat "$tmp/e")"
# An awk agent written from PROTOCOL.md: Debian's mawk reads a pipe in
# blocks and never answers the handshake; the line says that nothing came
# and why a program hangs so; `mawk -W interactive` plays.
if command -v mawk >/dev/null 2>&1; then
    $J sim --games 2 --players 2 --agents "cmd:mawk -f tests/fixtures/agents/first.awk:startup=1",random \
        --out "$tmp/awk.csv" >/dev/null 2>"$tmp/e"
    [ $? -eq 2 ] && grep -q "nothing came: a program must flush each line it writes and read its input line by line" \
        "$tmp/e" && [ ! -e "$tmp/awk.csv" ] && ok || bad "mawk reading in blocks: $(cat "$tmp/e")"
    $J sim --games 2 --players 2 --agents "cmd:mawk -W interactive -f tests/fixtures/agents/first.awk",random \
        --out "$tmp/awk.csv" >/dev/null 2>"$tmp/e" && [ -s "$tmp/awk.csv" ] && ok ||
        bad "mawk -W interactive: $(cat "$tmp/e")"
fi
# Two parameters joined by ':' instead of ',' are named as that mistake,
# in a program's spec and a built-in agent's, before any game.
$J sim --games 2 --players 2 --agents "cmd:$F good:timeout=5:startup=3",random --out "$tmp/colon.csv" \
    >"$tmp/o" 2>"$tmp/e"
[ $? -eq 2 ] && [ "$(wc -l <"$tmp/e")" -eq 1 ] && [ ! -s "$tmp/o" ] && [ ! -e "$tmp/colon.csv" ] &&
    grep -q "parameters follow one ':' and are separated by ',' (write '.*good:timeout=5,startup=3')" "$tmp/e" && ok ||
    bad "cmd: with two ':': $(cat "$tmp/e")"
for spec in mcts:iters=100:c=2 "rollout:file=results/spg/seed5/current.jmn:budget=4"; do
    $J sim --games 2 --players 2 --agents "$spec",random >"$tmp/o" 2>"$tmp/e"
    [ $? -eq 2 ] && [ "$(wc -l <"$tmp/e")" -eq 1 ] && [ ! -s "$tmp/o" ] &&
        grep -q "parameters are separated by ',', not ':' (write '[a-z]*=[^,]*,[a-z]*=[0-9]*')" "$tmp/e" && ok ||
        bad "$spec: $(cat "$tmp/e")"
done
# The agent's stderr goes to the log named (created 0600); a command with
# shell syntax keeps its relative paths, so dir=. starts it in jamaica's
# working directory.
$J sim --games 2 --players 2 --agents "cmd:sh -c 'echo to-the-log >&2; exec $F good':log=$tmp/agent.log,dir=.",random \
    --out "$tmp/s.csv" >/dev/null 2>"$tmp/e"
grep -q to-the-log "$tmp/agent.log" 2>/dev/null && ! grep -v '^jamaica: warning' "$tmp/e" | grep -q to-the-log &&
    [ "$(stat -c %a "$tmp/agent.log")" = 600 ] && ok || bad "log: $(cat "$tmp/e")"
# results=1: the program is told each game's end (scores, ranks, winners),
# as GAMES.csv has it; without it (a version-1 program) nothing more is sent.
$J sim --games 6 --threads 2 --players 3 --agents "cmd:$F good:results=1,log=$tmp/res.log",greedy,random \
    --games-csv "$tmp/rg.csv" --out "$tmp/rs.csv" >/dev/null 2>"$tmp/e"
want=$(python3 -c 'import csv, sys
s = {}
for r in csv.DictReader(open(sys.argv[1])):
    if r["is_ghost"] == "0": s.setdefault(int(r["game"]), {})[int(r["seat"])] = r["score"]
for g in sorted(s): print("result game=%d scores=%s" % (g, ",".join(s[g][k] for k in sorted(s[g]))))' "$tmp/rg.csv")
got=$(sed 's/ ranks=.*//' "$tmp/res.log" 2>/dev/null | sort -t= -k2 -n)
[ -n "$want" ] && [ "$got" = "$want" ] && grep -q ' ranks=[1-3],[1-3],[1-3] winners=[0-2g]' "$tmp/res.log" && ok ||
    bad "results=1: $(cat "$tmp/e") got: $got want: $want"
$J sim --games 3 --players 3 --agents "cmd:$F good:log=$tmp/nores.log",random,random --out "$tmp/rs.csv" >/dev/null 2>&1
[ ! -s "$tmp/nores.log" ] && ok || bad "results: told without results=1: $(cat "$tmp/nores.log")"
# Same bytes on 1 and 2 threads with a program in two seats.
for t in 1 2; do
    $J sim --games 40 --threads $t --players 3 --agents "cmd:$F good",greedy,"cmd:$F good" --out "$tmp/s$t.csv" \
        --games-csv "$tmp/g$t.csv" >/dev/null 2>&1 || bad "threads $t"
done
cmp -s "$tmp/s1.csv" "$tmp/s2.csv" && cmp -s "$tmp/g1.csv" "$tmp/g2.csv" && ok || bad "1 and 2 threads differ"
# The C template over the protocol (examples/program/first.c) answers index 0 at
# every decision: the games of the built-in `first`, seat for seat.
if cc -O2 -std=c11 -Wall -Wextra -Werror -o "$tmp/first" examples/program/first.c 2>"$tmp/e"; then
    $J sim --games 30 --players 3 --agents "cmd:$tmp/first",random,greedy --games-csv "$tmp/g1.csv" --out "$tmp/s1.csv" \
        >/dev/null 2>&1 &&
        $J sim --games 30 --players 3 --agents first,random,greedy --games-csv "$tmp/g2.csv" --out "$tmp/s2.csv" >/dev/null &&
        sed "s|,cmd:$tmp/first,|,first,|" "$tmp/g1.csv" | cmp -s - "$tmp/g2.csv" &&
        ok || bad "examples/program/first.c plays other games than first"
    # bench times the program beside the built-in random; a refused agent is status 2.
    $J bench --quick --agent "cmd:$tmp/first" >"$tmp/o" 2>"$tmp/e" && grep -q "^agent_1=cmd:$tmp/first$" "$tmp/o" &&
        grep -q '^decisions_per_sec_1=[1-9]' "$tmp/o" && grep -q '^choose_ns_random=' "$tmp/o" && ok ||
        bad "bench --agent: $(cat "$tmp/e" "$tmp/o")"
    $J bench --quick --agent "cmd:$tmp/first:depth=3" >"$tmp/o" 2>"$tmp/e"
    rc=$?
    [ $rc -eq 2 ] && grep -q "takes no options" "$tmp/e" && ok || bad "bench, a refused agent: status $rc: $(cat "$tmp/e")"
else
    bad "examples/program/first.c does not build: $(cat "$tmp/e")"
fi
$J bench --quick --agent "cmd:$F crash 50" >/dev/null 2>"$tmp/e"
rc=$?
[ $rc -eq 3 ] && grep -q "killed by signal 11" "$tmp/e" && ok || bad "bench, an agent that fails: status $rc: $(cat "$tmp/e")"
# The Python example (the README's line) beats random in a short tournament with built-in agents.
if command -v python3 >/dev/null 2>&1; then
    $J tournament --players 4 --games 20 --seed 5 --agents 'cmd:python3 python/examples/captain_bot.py',greedy,mcts:iters=20,random \
        --out "$tmp/r.csv" >"$tmp/o" 2>"$tmp/e"
    rc=$?
    py=$(awk -F, '$1 ~ /captain_bot/ {print $0}' "$tmp/r.csv")
    # the report names it as its handshake does (captain-bot), the CSV by its spec
    [ $rc -eq 0 ] && grep -q '^| `captain-bot` | 480 |' "$tmp/o" && [ -n "$py" ] &&
        awk -F'|' '/`captain-bot`/ {split($4, a, "%"); p = a[1]} /`random`/ {split($4, a, "%"); r = a[1]} END {exit !(p > r + 10)}' "$tmp/o" &&
        ok || bad "python example: status $rc: $(cat "$tmp/e") $py"
else
    echo "agents: python3 not installed, the Python example skipped"
fi
# docs/AGENTS.md's Python agent, saved outside the clone and seated as the
# page says (cmd:python3 my_agent.py), with no PYTHONPATH set by hand: it
# imports the clone's module (jamaica puts it on the program's PYTHONPATH).
if command -v python3 >/dev/null 2>&1; then
    mkdir "$tmp/outside"
    awk '/^```python$/ {on = 1; next} /^```$/ {on = 0} on' docs/AGENTS.md >"$tmp/outside/my_agent.py"
    (cd "$tmp/outside" && env -u PYTHONPATH "$OLDPWD/$J" sim --games 10 --threads 1 \
        --agents 'cmd:python3 my_agent.py',greedy --out s.csv >o 2>e)
    rc=$?
    [ $rc -eq 0 ] && grep -q '^  MyAgent: [1-9][0-9]* decisions' "$tmp/outside/o" 2>/dev/null ||
        grep -q '^  MyAgent: wins' "$tmp/outside/o" && [ $rc -eq 0 ] && ok ||
        bad "AGENTS.md's Python agent outside the clone: status $rc: $(cat "$tmp/outside/e")"
fi
# Reference agents (see=hands, see=all: handed the true state) are refused
# beside an outside agent, in one line before any output; see=all also with
# --luck; and they win what seeing is worth, seed 8 (the same games on any
# machine): handed an observation instead, see=hands wins 42% and see=all
# 41% here, and the check fails.
expect2r() { # WANT CMD...: exit 2, one line naming WANT, nothing on stdout, no file
    want=$1
    shift
    $J "$@" >"$tmp/o" 2>"$tmp/e"
    rc=$?
    if [ $rc -eq 2 ] && grep -q "^jamaica: .*$want" "$tmp/e" && [ "$(wc -l <"$tmp/e")" -eq 1 ] && [ ! -s "$tmp/o" ] &&
        [ ! -e "$tmp/ref.csv" ]; then ok; else bad "'$*' gave exit $rc: $(head -n 1 "$tmp/e")"; fi
}
expect2r "a reference agent, for measurement only, is refused beside an outside agent" sim --games 2 --players 2 \
    --agents "cmd:$F good",mcts:iters=10,see=hands --out "$tmp/ref.csv"
expect2r "is refused beside an outside agent" tournament --games 2 --players 2 \
    --agents mcts:iters=10,see=all,"plugin:./no.so" --out "$tmp/ref.csv"
expect2r "sees the future chance (see=all)" sim --games 2 --players 2 --agents mcts:iters=10,see=all,random --luck hand \
    --out "$tmp/ref.csv"
for see in view hands all; do
    $J sim --games 600 --players 2 --seed 8 --rotate --agents mcts:iters=100,see=$see,mcts:iters=100 \
        --out "$tmp/r-$see.csv" >"$tmp/o-$see" || bad "sim with see=$see"
done
wins() { sed -n "s/^  mcts:iters=100,see=$1: wins \([0-9]*\)\..*/\1/p" "$tmp/o-$1"; }
v=$(wins view) h=$(wins hands) a=$(wins all)
[ "$h" -ge $((v + 2)) ] && [ "$a" -ge $((h + 15)) ] && grep -q 'mcts:iters=100,see=hands' "$tmp/r-hands.csv" &&
    ok || bad "reference agents against mcts:iters=100: see=view $v%, see=hands $h%, see=all $a%"

# results/agents.txt: every line NAME SPEC, each spec an agent that plays.
grep -v '^#' results/agents.txt >"$tmp/rec"
[ "$(cut -d' ' -f1 "$tmp/rec" | tr '\n' ' ')" = "policy searcher inference rollout ceiling-hands ceiling-all " ] && ok ||
    bad "results/agents.txt names: $(cut -d' ' -f1 "$tmp/rec" | tr '\n' ' ')"
while read -r name spec; do
    $J sim --agents "$spec,mcts:iters=10" --players 2 --games 1 --out /dev/null >/dev/null 2>"$tmp/e" && ok ||
        bad "results/agents.txt: $name '$spec': $(head -n 1 "$tmp/e")"
done <"$tmp/rec"

finish
