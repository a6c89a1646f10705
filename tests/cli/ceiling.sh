#!/bin/sh
# A reference agent (see=hands, see=all: handed the true state, for
# measurement only) is refused beside an outside agent (a program or a
# plugin) by every command that seats agents: exit 2, one line naming both,
# nothing on stdout, no output file (docs/AGENTS.md).  Each command gets
# its smallest lineup pairing them: its --agents list, rate's list's
# anchors, tune's agent with its --against mix, diff's GAMES.csv rows.
suite=ceiling
. "$(dirname "$0")/../harness.sh"
F="sh tests/fixtures/agents/faulty.sh"
OUTSIDE="cmd:$F good"
SEE="mcts:iters=10,see=hands"
PAIR="$OUTSIDE,$SEE"
X="$tmp/x.out" # the output file each command is given; it must not appear

refused() { # CMD...: exit 2, one line "jamaica: ..." naming both agents, nothing on stdout, no $X
    rm -f "$X"
    $J "$@" >"$tmp/o" 2>"$tmp/e" </dev/null
    rc=$?
    if [ $rc -eq 2 ] && [ "$(wc -l <"$tmp/e")" -eq 1 ] && grep -q '^jamaica: .*refused beside an outside agent' "$tmp/e" &&
        grep -qF "'$SEE'" "$tmp/e" && grep -qF "'$OUTSIDE'" "$tmp/e" && [ ! -s "$tmp/o" ] && [ ! -e "$X" ]; then
        ok
    else
        bad "$1: '$*' gave exit $rc$([ -e "$X" ] && echo ', wrote its file'): $(head -n 2 "$tmp/e" | tr '\n' ' ')"
    fi
    rm -f "$X"
}

refused sim --games 1 --players 2 --agents "$PAIR" --out "$X"
refused tournament --games 1 --players 2 --agents "$PAIR" --out "$X"
refused study captain --agents "$PAIR" --games 1 --out "$X"
refused study ghost --agents "$PAIR" --players 2 --games 1 --out "$X"
refused study sweep --sweep start_gold=3..4 --measure rounds --agents "$PAIR" --players 2 --games 1 --out "$X"
refused study worth --agents "$PAIR" --players 2 --games 1 --out "$X"
refused balance --vary ghost_gold=8..9 --target ghost=0.2 --agents "$PAIR" --players 2 --games 1 --confirm 1 \
    --out "$X"
refused learn --agents "$PAIR" --games 1 --out "$X"
refused trace --seed 1 --agents "$PAIR"
refused replay --seed 1 --agents "$PAIR" --out "$X"
refused play --seed 1 --agents "$PAIR"
refused luck fit --agents "$PAIR" --players 2 --games 1 --out "$X"
$J variant --print >"$tmp/base.variant"
refused report --rules "$tmp/base.variant" --agents "$PAIR" --players 2 --games 1 --worth-games 0 --out "$X"

# rate: the rated agent with the list's anchors, either way round.
printf 'version,players,agent,rating\nt,2,"%s",0.0\n' "$SEE" >"$tmp/list-see.csv"
printf 'version,players,agent,rating\nt,2,"%s",0.0\n' "$OUTSIDE" >"$tmp/list-outside.csv"
refused rate "$OUTSIDE" --list "$tmp/list-see.csv" --games 1 --out "$X"
refused rate "$SEE" --list "$tmp/list-outside.csv" --games 1 --out "$X"
# tune: the tuned agent with its --against mix, either way round.
refused tune "$SEE" --param c=0.2..1 --against "$OUTSIDE" --players 2 --games 1 --iterations 1 --confirm 1 --out "$X"
refused tune "$OUTSIDE" --param k=1..2 --against "$SEE" --players 2 --games 1 --iterations 1 --confirm 1 --out "$X"

# diff: files whose rows name both, replayed by --show (3 by default).
$J sim --games 1 --players 2 --agents random,greedy --games-csv "$tmp/a.csv" --out /dev/null >/dev/null &&
    $J sim --games 1 --players 2 --agents greedy,random --games-csv "$tmp/g.csv" --out /dev/null >/dev/null &&
    sed -e "s|\",0,greedy,0,|\",0,$OUTSIDE,0,|" -e "s|\",1,random,0,|\",1,\"$SEE\",0,|" "$tmp/g.csv" >"$tmp/b.csv" &&
    [ "$(grep -cF "$OUTSIDE" "$tmp/b.csv")" = 1 ] && [ "$(grep -cF "\"$SEE\"" "$tmp/b.csv")" = 1 ] && ok ||
    bad "diff: the files were not made: $(head -c 300 "$tmp/b.csv")"
refused diff "$tmp/a.csv" "$tmp/b.csv"
# --show 0 replays nothing: the files compared, nobody seated.
$J diff "$tmp/a.csv" "$tmp/b.csv" --show 0 >"$tmp/o" 2>"$tmp/e"
[ $? -eq 1 ] && grep -q 'trace hash changed in 1' "$tmp/o" && ok || bad "diff --show 0: $(head -n 2 "$tmp/e")"
# replay --trace finds the moves from the trace's events and seats no agent:
# a trace naming both is shown, not refused.
$J trace --seed 1 --players 2 --agents random,greedy --format jsonl |
    sed "1s|\"agents\":\[\"random\",\"greedy\"\]|\"agents\":[\"$OUTSIDE\",\"$SEE\"]|" >"$tmp/t.jsonl"
grep -qF "$SEE" "$tmp/t.jsonl" && $J replay --trace "$tmp/t.jsonl" --out "$tmp/t.html" >/dev/null 2>"$tmp/e" &&
    [ -s "$tmp/t.html" ] && ok || bad "replay --trace of a trace naming both: $(head -n 2 "$tmp/e")"

finish
