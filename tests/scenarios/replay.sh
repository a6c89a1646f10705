#!/bin/sh
# Seeing and playing a game: `jamaica replay` (the page's bytes, a JSON
# lines trace read back to the same game, bad input), the page in a real
# browser (tests/scenarios/browser.py), and `jamaica play` driven from a script.
suite=replay
. "$(dirname "$0")/../harness.sh"

# The page for a fixed game is the same bytes every time: a golden hash
# (a change to sim/io/replay.html or to the page's data changes it; then
# update tests/fixtures/golden/replay.sha256 in the same commit).
$J replay --seed 1 --agents greedy,random,random,random --out "$tmp/g.html" >"$tmp/o" 2>"$tmp/e" || bad "replay: $(cat "$tmp/e")"
grep -q "^$tmp/g.html: seed 1, game 0, 4 players, .*hash 6078490f6915cff4\$" "$tmp/o" && ok || bad "replay's line: $(cat "$tmp/o")"
h=$(sha256sum "$tmp/g.html" | cut -d' ' -f1)
[ "$h" = "$(cat tests/fixtures/golden/replay.sha256)" ] && ok || bad "replay page hash $h is not tests/fixtures/golden/replay.sha256's"
$J replay --seed 1 --agents greedy,random,random,random --out "$tmp/g2.html" >/dev/null && cmp -s "$tmp/g.html" "$tmp/g2.html" &&
    ok || bad "replay not reproducible"
# Self-contained: nothing fetched (no src=, href= or url( pointing anywhere).
# (The SVG namespace is a name, not a fetch.)
grep -v 'http://www.w3.org/2000/svg' "$tmp/g.html" | grep -Eq 'src=|href=|url\(|https?:' && bad "the page names something to fetch" || ok
[ "$(wc -c <"$tmp/g.html")" -lt 1000000 ] && ok || bad "a 4-player page is 1 MB or more"

# A JSON lines trace gives the same game as the options that made it:
# its decisions are found again from its events, and the page shows the
# same events and final scores.  (A decision that leaves no mark in the
# events, the order of paying from two holds that both empty, may show in
# another order with the same result.)  Every player count, both rule
# sets, a ghost game, agents of every kind.
events() { grep -o '"k":"e","r":[0-9]*,"s":-*[0-9]*,"t":"[^"]*"\|^"final":.*' "$1"; }
n=0
for spec in "--players 2" "--players 3 --rules classic" "--players 4" "--players 5" "--players 6 --rules classic" \
    "--agents sharp,random" "--agents greedy,first,random" "--agents mcts:iters=20,greedy,random,first" \
    "--players 2 --rules ghost_gold=3" "--players 4 --rules start_food=0,round_cap=30"; do
    for seed in 1 2 3; do
        n=$((n + 1))
        rm -f "$tmp/b.html"
        # shellcheck disable=SC2086
        $J trace --seed $seed --game $n $spec --format jsonl >"$tmp/t.jsonl" &&
            $J replay --seed $seed --game $n $spec --out "$tmp/a.html" >/dev/null &&
            $J replay --trace "$tmp/t.jsonl" --out "$tmp/b.html" >/dev/null 2>"$tmp/e"
        events "$tmp/a.html" >"$tmp/a.body"
        events "$tmp/b.html" >"$tmp/b.body" 2>/dev/null
        cmp -s "$tmp/a.body" "$tmp/b.body" && ok || bad "replay --trace of '$spec' seed $seed differs: $(cat "$tmp/e")"
    done
done
# From a position, with the same seats' seed.
P=$($J position --seed 4 --players 3 --after 60)
$J trace --position "$P" --seed 9 --format jsonl >"$tmp/t.jsonl" && $J replay --trace "$tmp/t.jsonl" --out "$tmp/p.html" \
    >/dev/null 2>"$tmp/e" && $J replay --position "$P" --seed 9 --out "$tmp/q.html" >/dev/null &&
    [ "$(events "$tmp/p.html")" = "$(events "$tmp/q.html")" ] && [ "$(events "$tmp/p.html" | wc -l)" -gt 50 ] && ok ||
    bad "replay of a position: $(cat "$tmp/e")"

# Bad input: one line, exit 2, and no page written (an old one kept).
expect2() {
    want=$1
    shift
    echo old >"$tmp/keep.html"
    $J "$@" >"$tmp/o" 2>"$tmp/e"
    rc=$?
    if [ $rc -eq 2 ] && [ "$(wc -l <"$tmp/e")" -eq 1 ] && grep -q "^jamaica: .*$want" "$tmp/e" && [ ! -s "$tmp/o" ] &&
        [ "$(cat "$tmp/keep.html")" = old ]; then ok; else bad "'$*' gave exit $rc: $(head -n 2 "$tmp/e")"; fi
}
$J trace --seed 2 --players 3 --format jsonl >"$tmp/good.jsonl"
expect2 "cannot read --trace '$tmp/none.jsonl'" replay --trace "$tmp/none.jsonl" --out "$tmp/keep.html"
head -n 40 "$tmp/good.jsonl" >"$tmp/cut.jsonl"
expect2 "ends before its hash line" replay --trace "$tmp/cut.jsonl" --out "$tmp/keep.html"
sed '1d' "$tmp/good.jsonl" >"$tmp/norun.jsonl"
expect2 "not a trace's run line" replay --trace "$tmp/norun.jsonl" --out "$tmp/keep.html"
# An event no play gives (a die changed): named by its line.
line=$(grep -n '"event":"dice"' "$tmp/good.jsonl" | sed -n 3p | cut -d: -f1)
sed "${line}s/\"evening\":[0-9]/\"evening\":9/" "$tmp/good.jsonl" >"$tmp/bad.jsonl"
expect2 "no legal play gives event line $line" replay --trace "$tmp/bad.jsonl" --out "$tmp/keep.html"
sed 's/{"hash":"[0-9a-f]*"}/{"hash":"0000000000000000"}/' "$tmp/good.jsonl" >"$tmp/hash.jsonl"
expect2 "has hash [0-9a-f]*, the file says 0000000000000000" replay --trace "$tmp/hash.jsonl" --out "$tmp/keep.html"
expect2 "drop --seed" replay --trace "$tmp/good.jsonl" --seed 3 --out "$tmp/keep.html"
expect2 "needs --seed" replay --out "$tmp/keep.html"
expect2 "'7'" replay --seed 1 --players 7 --out "$tmp/keep.html"
expect2 "unknown agent\|'bogus'" replay --seed 1 --agents bogus --out "$tmp/keep.html"
expect2 "drop --game" replay --position "$P" --game 2 --out "$tmp/keep.html"
mkdir "$tmp/dir.html"
expect2 "cannot write '$tmp/dir.html'" replay --seed 1 --out "$tmp/dir.html"

# The page in a real browser: it steps to the end without a script error
# and states the final scores the CSV gives for the same game.
if command -v chromium >/dev/null 2>&1 && command -v python3 >/dev/null 2>&1; then
    python3 tests/scenarios/browser.py "$J" "$tmp" && ok || bad "browser test"
    python3 tests/scenarios/browser_report.py "$J" "$tmp" && ok || bad "browser test of the variant report"
else
    echo "replay: chromium not installed, browser test skipped (apt-get install chromium)"
fi

# jamaica play: a whole game from piped input, bad entries included.
# Taking action 1 every time is what the agent `first` does, so the game
# is `trace --agents first,first`'s, hash and all; the saved trace replays.
want=$($J trace --seed 3 --agents first,first --format jsonl | tail -n 1)
{ printf 'xyz\n0\n\n99\n1.5\nhelp\nboard\nmap\n'; yes 1 | head -n 3000; } |
    $J play --seed 3 --agents human,first --trace "$tmp/p.jsonl" >"$tmp/po" 2>"$tmp/pe"
rc=$?
[ $rc -eq 0 ] && [ ! -s "$tmp/pe" ] && ok || bad "play: exit $rc: $(head -n 2 "$tmp/pe")"
[ "$(tail -n 1 "$tmp/p.jsonl")" = "$want" ] && ok || bad "play's trace ends $(tail -n 1 "$tmp/p.jsonl"), not $want"
grep -q "^   Winner: Ghost\$" "$tmp/po" && grep -q "^The game is saved in $tmp/p.jsonl" "$tmp/po" && ok ||
    bad "play's end: $(tail -n 3 "$tmp/po")"
for entry in xyz 0 '' 99 1.5; do
    grep -q "^'$entry' is not a choice: type a number from 1 to [0-9]*, or help, board, map, quit\$" "$tmp/po" && ok ||
        bad "play says nothing of the entry '$entry'"
done
grep -q "^  board  the game again" "$tmp/po" && [ "$(grep -c '^Round 1, Captain' "$tmp/po")" -ge 2 ] && ok ||
    bad "play's help or board"
# The map: on request, and by itself at each destination choice, with the
# forks and the reachable spaces marked >N<.
maps=$(grep -c '^Route (s sea: food' "$tmp/po")
dests=$(grep -c '^P0, your decision (dest)' "$tmp/po")
[ "$dests" -ge 1 ] && [ "$maps" -ge $((dests + 1)) ] && grep -q '^   fork at 6, inner channel:  13 s3  14 s4$' "$tmp/po" &&
    grep -q '>[0-9][0-9]* [sp][0-9]' "$tmp/po" && ok || bad "play's map: $maps maps for $dests destination choices"
$J replay --trace "$tmp/p.jsonl" --out "$tmp/p.html" >/dev/null 2>"$tmp/e" && ok || bad "replay of play's trace: $(cat "$tmp/e")"
grep -q '"names":\["human","first"\]' "$tmp/p.html" && ok || bad "the replay of play's trace does not name its agents"
# Leaving (quit, or the end of input) saves nothing and says so.
for input in '1\nquit\n' '1\n1\n'; do
    rm -f "$tmp/q.jsonl"
    printf "$input" | $J play --seed 4 --agents human,sharp,sharp --trace "$tmp/q.jsonl" >"$tmp/qo" 2>"$tmp/qe"
    rc=$?
    [ $rc -eq 0 ] && [ ! -e "$tmp/q.jsonl" ] && tail -n 1 "$tmp/qo" |
        grep -q "^You left the game; nothing is saved.\$" && ok || bad "play leaving on '$input': exit $rc $(tail -n 1 "$tmp/qo")"
done
ls -a "$tmp" | grep -q '^\.q\.jsonl\|q.jsonl\.' && bad "play left a temporary file" || ok
# What the person sees is only what the seat may know (tests/unit/test_view.c
# checks the board text over many states); no face-down card of another
# ship is named in the log.
if grep -q "raids the lair" "$tmp/po"; then
    grep "P1 raids the lair" "$tmp/po" | grep -v "a treasure card, face down\|face up\|empty" | grep -q . &&
        bad "play names P1's face-down treasure" || ok
fi
# Ctrl-C while the person thinks: exit 130, no temporary file left.
mkdir "$tmp/int"
sleep 30 | $J play --seed 1 --trace "$tmp/int/p.jsonl" >/dev/null 2>&1 &
pid=$!
n=0
while [ $n -lt 50 ] && [ -z "$(ls -A "$tmp/int")" ]; do sleep 0.1; n=$((n + 1)); done
kill -INT $pid
wait $pid 2>/dev/null
rc=$?
[ $rc -eq 130 ] && [ -z "$(ls -A "$tmp/int")" ] && ok || bad "play after Ctrl-C: exit $rc, left $(ls -A "$tmp/int")"
expect2 "no 'human' seat" play --seed 1 --agents sharp,greedy
expect2 "unknown agent\|'humn'" play --seed 1 --agents humn,greedy

finish
