#!/bin/sh
# exitcodes.sh: every command's exit statuses (docs/REFERENCE.md's table):
# bad input is 2, one line on stderr and nothing on stdout; stdout on
# /dev/full is an I/O error, 1 (diff's 2: its 1 says the runs differ), with
# "writing standard output failed" the last line on stderr.  Each
# invocation tiny (--games 2).
suite=exitcodes
. "$(dirname "$0")/../harness.sh"

# full STATUS CMD...: stdout on /dev/full gives STATUS and says so last.
full() {
    want=$1
    shift
    $J "$@" >/dev/full 2>"$tmp/e" <"$tmp/quit"
    rc=$?
    if [ $rc -eq "$want" ] && tail -n 1 "$tmp/e" | grep -q '^jamaica: writing standard output failed: '; then
        ok
    else
        bad "'$* >/dev/full' gave exit $rc, not $want: $(tail -n 1 "$tmp/e")"
    fi
}
printf 'q\n' >"$tmp/quit" # play's person leaves at once
$J variant --print >"$tmp/v.variant" || bad "variant --print"
$J sim --games 2 --players 2 --games-csv "$tmp/a.csv" >/dev/null || bad "sim a.csv"
$J sim --games 2 --players 2 --agents first --games-csv "$tmp/b.csv" >/dev/null || bad "sim b.csv"
$J sim --games 2 --players 2 --out "$tmp/s0.csv" >/dev/null || bad "sim s0.csv"
$J sim --games 2 --players 2 --first-game 2 --out "$tmp/s1.csv" >/dev/null || bad "sim s1.csv"

# Bad input: an unknown option, for every command (luck's kinds too).
for c in sim trace replay play position bench tournament rate variant report merge diff "study captain" balance \
    learn tune agents perft "luck fit" "luck oracle"; do
    # shellcheck disable=SC2086 # the kind is its own word
    expect2 "unknown option" $c --no-such-option
done

# diff: 0 the same, 1 they differ, 2 trouble, whatever it compared.
$J diff "$tmp/a.csv" "$tmp/a.csv" >/dev/null && ok || bad "diff of a run with itself: exit $?"
$J diff "$tmp/a.csv" "$tmp/b.csv" >/dev/null
[ $? -eq 1 ] && ok || bad "diff of runs that differ: not 1"
full 2 diff "$tmp/a.csv" "$tmp/a.csv"
full 2 diff "$tmp/a.csv" "$tmp/b.csv"
full 2 diff --rules 2021 --vs-rules classic --games 2 --players 2

# stdout on /dev/full: an I/O error (1).
full 1 sim --games 2 --players 2
full 1 trace --seed 1 --players 2
full 1 replay --seed 1 --players 2 --out "$tmp/r.html"
full 1 play --agents human,first
full 1 position --seed 1 --after 3
full 1 bench --quick
full 1 tournament --agents random,first --players 2 --games 2
full 1 rate first --games 2
full 1 variant --print
full 1 merge "$tmp/m.csv" "$tmp/s0.csv" "$tmp/s1.csv"
full 1 study captain --games 2 --players 2 --out "$tmp/c.csv"
full 1 balance --vary start_gold=3..4 --target captain=0 --games 2 --confirm 2 --players 2 --out "$tmp/bal.csv"
full 1 learn --games 2 --players 2 --out "$tmp/l.txt"
full 1 tune greedy --param w_gold=0..1 --games 2 --iterations 1 --players 2 --out "$tmp/t.txt"
full 1 agents
full 1 perft --games 2
full 1 luck oracle --games 3 --players 2
# report writes nothing on stdout: its page on /dev/full is the I/O error
$J report --rules "$tmp/v.variant" --players 2 --games 2 --worth-games 0 --out /dev/full >"$tmp/o" 2>"$tmp/e"
rc=$?
[ $rc -eq 1 ] && tail -n 1 "$tmp/e" | grep -q "writing '/dev/full' failed" && ok ||
    bad "report --out /dev/full gave exit $rc: $(tail -n 1 "$tmp/e")"

# report: a page (or its Markdown beside it) that cannot be written is
# refused before any game (exit 2, one line, nothing written).
expect2 "cannot write '/nonexistent-dir/x.html'" report --rules "$tmp/v.variant" --out /nonexistent-dir/x.html --games 2
mkdir -p "$tmp/rd/y.md"
expect2 "cannot write '$tmp/rd/y.md': it is a directory" report --rules "$tmp/v.variant" --out "$tmp/rd/y.html" --games 2
[ ! -e "$tmp/rd/y.html" ] && ok || bad "report refused, yet wrote its page"

# study with --md: stdout says what it wrote, as sim's "wrote" line, every kind
for k in captain ghost "sweep --sweep start_gold=3..4 --measure rounds" worth; do
    # shellcheck disable=SC2086 # the kind and its options are words
    $J study $k --games 2 --players 2 --out "$tmp/k.csv" --md "$tmp/k.md" >"$tmp/o" 2>/dev/null &&
        [ "$(cat "$tmp/o")" = "wrote $tmp/k.csv, $tmp/k.md" ] && ok || bad "study $k --md printed '$(cat "$tmp/o")'"
done

# an agent's fault under a sealed seed: "of the sealed seed", not "of seed the sealed seed"
FA="cmd:sh tests/fixtures/agents/faulty.sh garbage 1"
$J sim --games 2 --players 2 --seed random --agents "$FA,random" --out "$tmp/f.csv" >/dev/null 2>"$tmp/e"
rc=$?
[ $rc -eq 3 ] && grep -q "failed in game 0 of the sealed seed: " "$tmp/e" && ! grep -q "of seed the" "$tmp/e" && ok ||
    bad "a fault under a sealed seed: exit $rc: $(grep failed "$tmp/e")"
$J sim --games 2 --players 2 --seed 7 --agents "$FA,random" >/dev/null 2>"$tmp/e"
grep -q "failed in game 0 of seed 7: " "$tmp/e" && ok || bad "a fault under seed 7: $(grep failed "$tmp/e")"

# an agent's fault is 3 for every command that plays games, the one-game
# commands too (trace, replay, play, learn), with one line naming it and
# no file written
yes 1 | head -n 500 >"$tmp/ones" # play's person takes the first action until the agent fails
fault3() {
    what=$1
    shift
    "$@" >"$tmp/o" 2>"$tmp/e" <"$tmp/ones"
    rc=$?
    [ $rc -eq 3 ] && grep -q "failed.*it answered 'banana'" "$tmp/e" && ok ||
        bad "$what with a failing agent gave exit $rc, not 3: $(tail -n 1 "$tmp/e")"
}
fault3 trace $J trace --seed 1 --players 2 --agents "$FA,random"
fault3 replay $J replay --seed 1 --players 2 --agents "$FA,random" --out "$tmp/fr.html"
[ ! -e "$tmp/fr.html" ] && ok || bad "replay with a failing agent wrote its page"
fault3 play $J play --seed 1 --agents "human,$FA"
fault3 learn $J learn --games 2 --players 2 --agents "$FA,random" --threads 1 --out "$tmp/fl.txt"
[ ! -e "$tmp/fl.txt" ] && ok || bad "learn with a failing agent wrote its file"

finish
