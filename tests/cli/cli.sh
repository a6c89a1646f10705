#!/bin/sh
# The jamaica command as a user meets it: help, trace in both formats, the
# hash, determinism, bad input (exit 2, a message naming the value), bench.
suite=cli
. "$(dirname "$0")/../harness.sh"

# Help goes to stdout with exit 0.
$J --help >"$tmp/h" 2>&1 && grep -q trace "$tmp/h" && grep -q bench "$tmp/h" && ok || bad "--help"
$J trace --help >"$tmp/h" 2>&1 && grep -q -- --format "$tmp/h" && ok || bad "trace --help"
$J bench --help >"$tmp/h" 2>&1 && grep -q state_bytes "$tmp/h" && ok || bad "bench --help"
$J sim --help >"$tmp/h" 2>&1 && grep -q -- --rotate "$tmp/h" && grep -q first "$tmp/h" && ok || bad "sim --help"
# The README's main command, small: one line on stdout, the summary written.
(cd "$tmp" && "$top/$J" sim --games 2000 --out summary.csv >out 2>err) &&
    grep -q '^2000 games of 4 players' "$tmp/out" && [ ! -s "$tmp/err" ] &&
    [ "$(wc -l <"$tmp/summary.csv")" -eq 11 ] && ok || bad "sim --games 2000"


# --version, at the top and in every command; sim prints each agent's win
# rate with its interval (the game as the unit: an agent in every seat wins
# exactly 1/P by construction, and says so instead of an interval).
v=$(sed -n 's/^VERSION := //p' Makefile)
[ "$($J --version)" = "jamaica $v" ] && [ "$($J sim --version)" = "jamaica $v" ] && ok || bad "--version: $($J --version)"
$J sim --games 3000 --players 4 --agents random --out "$tmp/s.csv" >"$tmp/out" &&
    grep -q '^  random: wins 25.00% (by construction: one agent in every seat) of 12000 seat-games$' "$tmp/out" && ok ||
    bad "sim: win rates: $(cat "$tmp/out")"
$J sim --games 3000 --players 2 --agents greedy,random --out "$tmp/s.csv" >"$tmp/out" &&
    grep -qE '^  greedy: wins [0-9.]+% \[[0-9.]+, [0-9.]+\] of 3000 seat-games$' "$tmp/out" &&
    grep -qE '^  ghost: wins [0-9.]+% \[' "$tmp/out" && ok || bad "sim: win rates with the ghost: $(cat "$tmp/out")"

# The player count from the agent list when --players is not given.
$J sim --agents greedy,random,random --games 10 --out "$tmp/s.csv" >"$tmp/out" &&
    grep -q '^10 games of 3 players' "$tmp/out" && ok || bad "sim: players from --agents: $(cat "$tmp/out")"
$J study captain --agents greedy,random,random --games 10 --out "$tmp/c.csv" >/dev/null &&
    [ "$(grep -c '^"greedy,random,random",3,10,' "$tmp/c.csv")" -eq 3 ] && [ "$(wc -l <"$tmp/c.csv")" -eq 4 ] &&
    ok || bad "study: players from --agents: $(cat "$tmp/c.csv")"
$J diff --rules 2021 --vs-rules 2021,start_gold=4 --agents greedy,random --games 5 --show 0 >"$tmp/out";
    grep -q '^| seat | `1` |' "$tmp/out" && ! grep -q '^| seat | `2` |' "$tmp/out" && ok || bad "diff: players from --agents"

# --progress N: whole lines on stderr when it is not a terminal (a batch
# log), the last at the end; without it, nothing there.
$J sim --games 20000 --progress 60 --out "$tmp/s.csv" >/dev/null 2>"$tmp/err" &&
    [ "$(grep -c '^20000/20000 games  [0-9]* decisions  [0-9.]* games/s  ETA 0 s$' "$tmp/err")" -eq 1 ] &&
    ! grep -q "$(printf '\r')" "$tmp/err" && ok || bad "sim --progress: $(od -c "$tmp/err" | head -n 3)"
$J tournament --agents random,first --games 300 --progress 60 --out "$tmp/r.csv" >/dev/null 2>"$tmp/err" &&
    grep -q '^600/600 games' "$tmp/err" && ok || bad "tournament --progress: $(cat "$tmp/err")"
$J sim --games 2000 --out "$tmp/s.csv" >/dev/null 2>"$tmp/err" && [ ! -s "$tmp/err" ] && ok || bad "sim: stderr not empty"

# Every player count and rule set: a game that ends with a winner and the hash.
for p in 2 3 4 5 6; do
    for r in 2021 classic; do
        if $J trace --seed 11 --players $p --rules $r >"$tmp/t" 2>"$tmp/e" &&
            tail -n 1 "$tmp/t" | grep -qE '^hash [0-9a-f]{16}$' &&
            grep -qE '^(Winner|Shared win): ' "$tmp/t" && grep -q 'Final scores' "$tmp/t" &&
            [ ! -s "$tmp/e" ]; then ok; else bad "trace --players $p --rules $r"; fi
    done
done

# The same hash in both formats; same seed, same game; another game differs.
$J trace --seed 5 --game 3 --players 2 >"$tmp/a"
$J trace --seed 5 --game 3 --players 2 --format jsonl >"$tmp/j"
ha=$(tail -n 1 "$tmp/a" | cut -d' ' -f2)
hj=$(tail -n 1 "$tmp/j" | sed -n 's/^{"hash":"\([0-9a-f]*\)"}$/\1/p')
[ -n "$ha" ] && [ "$ha" = "$hj" ] && ok || bad "hash text $ha vs jsonl $hj"
$J trace --seed 5 --game 3 --players 2 >"$tmp/b"
cmp -s "$tmp/a" "$tmp/b" && ok || bad "same seed, different output"
$J trace --seed 5 --game 4 --players 2 >"$tmp/c"
[ "$(tail -n 1 "$tmp/c")" != "$(tail -n 1 "$tmp/a")" ] && ok || bad "game 4 has game 3's hash"
# Every JSON line parses and carries round and event.
if command -v python3 >/dev/null 2>&1; then
    python3 - "$tmp/j" <<'PY' && ok || bad "jsonl does not parse"
import json, sys
lines = open(sys.argv[1]).read().splitlines()
for l in lines[:-1]:
    o = json.loads(l)
    assert "round" in o and "event" in o and "ship" in o, l
    if o["event"] == "move":
        for k in ("die", "dir", "from", "to", "lap_before", "lap_after"):
            assert k in o, l
assert list(json.loads(lines[-1])) == ["hash"]
PY
fi

# Every event of 270 games (and 240 of variants), replayed by an independent
# checker of the rules.
if command -v python3 >/dev/null 2>&1; then
    mkdir "$tmp/tr"
    for p in 2 3 4 5 6; do
        for r in 2021 classic 2021,ghost=on start_food=0,start_gold=6,treasures=4,hand=5 \
            ghost=on,ghost_gold=13,ghost_bonus=5,ghost_moves=1 ghost=on,ghost_gold=0,ghost_bonus=0 \
            later_gold=4,start_food=0 first_captain=1,later_gold=6; do
            [ $p = 6 ] && case $r in *ghost=on*) continue ;; esac
            for s in 1 2 3 4 5 6 7 8 9 10; do
                $J trace --seed $s --players $p --rules $r --format jsonl >"$tmp/tr/$p-$r-$s.jsonl"
            done
        done
    done
    python3 tests/cli/check_trace.py "$tmp"/tr/*.jsonl >"$tmp/ct" 2>&1 && ok || bad "check_trace: $(cat "$tmp/ct")"
    # Variants that change every kind of field (tests/cli/gen_variants.py: costs,
    # scores, card halves, treasures, die faces with a 0, the lap-0 score,
    # powers, rule options; half of them with fields set over the file),
    # 2 to 6 players, replayed by the same checker from its own reading of
    # docs/VARIANTS.md.
    mkdir "$tmp/gv" "$tmp/gv/tr"
    $J variant --print >"$tmp/gv/base.variant"
    python3 tests/cli/gen_variants.py "$tmp/gv/base.variant" "$tmp/gv" 12 1 >"$tmp/gv/list"
    i=0
    while read -r r; do
        for p in 2 3 4 5 6; do
            for s in 1 2 3 4; do
                $J trace --seed $s --players $p --rules "$r" --format jsonl >"$tmp/gv/tr/$i-$p-$s.jsonl" 2>>"$tmp/gv/err"
            done
        done
        i=$((i + 1))
    done <"$tmp/gv/list"
    python3 tests/cli/check_trace.py "$tmp"/gv/tr/*.jsonl >"$tmp/ct" 2>&1 && grep -q '240 games checked' "$tmp/ct" && ok ||
        bad "check_trace of variants: $(cat "$tmp/ct" "$tmp/gv/err" | head -c 600)"
fi

# Golden trace hashes: 1,000 games per player count and rule set, and six
# games of each of three lineups of searching agents, game by
# game (tests/fixtures/golden/make.sh regenerates them after a deliberate change);
# GAMES.csv's trace_hash is the hash that `jamaica trace` prints.
mkdir "$tmp/golden"
if sh tests/fixtures/golden/make.sh "$tmp/golden"; then
    for f in tests/fixtures/golden/hashes-*.txt; do
        n=$(basename "$f")
        if cmp -s "$f" "$tmp/golden/$n"; then ok; else
            bad "golden $n: first difference: $(diff "$f" "$tmp/golden/$n" | sed -n 2p)"; fi
    done
else bad "tests/fixtures/golden/make.sh failed"; fi
for g in 0 517 999; do
    h=$($J trace --seed 1 --game $g --players 3 --rules classic | tail -n 1 | cut -d' ' -f2)
    grep -q "^$g $h\$" tests/fixtures/golden/hashes-3p-classic.txt && ok || bad "game $g: trace hash $h is not GAMES.csv's"
done

# The invariant checker (bin/jamaica-debug: jm_check after every action)
# plays the same games as the fast build: a few hundred games of several
# rule sets and agents give the same GAMES.csv, trace hashes included.
if [ -x bin/jamaica-debug ]; then
    for spec in "--players 4" "--players 2 --rules classic" "--players 5 --rules shortage=retreat,ghost=on" \
        "--players 3 --agents greedy,random,first --rotate" "--players 6 --rules ghost_moves=1"; do
        # shellcheck disable=SC2086
        if $J sim --games 300 --seed 9 $spec --out "$tmp/fs.csv" --games-csv "$tmp/fg.csv" >/dev/null 2>&1 &&
            bin/jamaica-debug sim --games 300 --seed 9 $spec --out "$tmp/ds.csv" --games-csv "$tmp/dg.csv" >/dev/null 2>"$tmp/de" &&
            [ "$(wc -l <"$tmp/fg.csv")" -gt 300 ] && cmp -s "$tmp/fg.csv" "$tmp/dg.csv" && cmp -s "$tmp/fs.csv" "$tmp/ds.csv"; then
            ok
        else bad "invariant checker build differs from the fast build ($spec): $(head -c 300 "$tmp/de")"; fi
    done
else bad "bin/jamaica-debug is not built (make debug)"; fi

# Search agents seated: the same bytes on 1 and 2 threads (budgets in
# iterations are reproducible).
A="mcts:iters=20,pimc:worlds=2,iters=20,greedy,flat:playouts=20"
$J sim --games 12 --agents "$A" --rotate --threads 1 --out "$tmp/s1.csv" --games-csv "$tmp/g1.csv" >/dev/null &&
    $J sim --games 12 --agents "$A" --rotate --threads 2 --out "$tmp/s2.csv" --games-csv "$tmp/g2.csv" >/dev/null &&
    cmp -s "$tmp/s1.csv" "$tmp/s2.csv" && cmp -s "$tmp/g1.csv" "$tmp/g2.csv" && ok || bad "agents: 1 and 2 threads differ"

# --timing: one row per agent (random counted, not timed), and the CSVs
# the same bytes with it as without it; each agent's line on stdout.
$J sim --games 12 --agents "$A" --rotate --out "$tmp/s3.csv" --games-csv "$tmp/g3.csv" --timing "$tmp/t.csv" >"$tmp/o" &&
    cmp -s "$tmp/s1.csv" "$tmp/s3.csv" && cmp -s "$tmp/g1.csv" "$tmp/g3.csv" &&
    [ "$(head -n 1 "$tmp/t.csv")" = "agent,decisions,timed,mean_ms,median_ms,p99_ms" ] &&
    [ "$(wc -l <"$tmp/t.csv")" -eq 5 ] && grep -qE '^"?mcts:iters=20"?,[1-9][0-9]*,[1-9][0-9]*,[0-9.]+,[0-9.]+,[0-9.]+$' "$tmp/t.csv" &&
    grep -qE '^  mcts:iters=20: [0-9]+ decisions, [0-9.]+ ms mean, [0-9.]+ ms p99 per decision$' "$tmp/o" &&
    ok || bad "sim --timing: $(cat "$tmp/t.csv")"
$J sim --games 5 --agents first,random --players 2 --out "$tmp/s4.csv" --timing "$tmp/t4.csv" >/dev/null &&
    grep -qE '^random,[1-9][0-9]*,0,,,$' "$tmp/t4.csv" && grep -qE '^first,[1-9][0-9]*,0,,,$' "$tmp/t4.csv" &&
    ok || bad "sim --timing, untimed agents: $(cat "$tmp/t4.csv")"

# Positions: print one, play on from it (twice the same bytes), and the
# text's round trip through the trace's first decision.
P=$($J position --seed 5 --game 3 --after 40)
case "$P" in "jamaica/1 players=4 "*) ok ;; *) bad "position: $P" ;; esac
$J trace --position "$P" >"$tmp/p1" 2>"$tmp/e" && tail -n 1 "$tmp/p1" | grep -qE '^hash [0-9a-f]{16}$' &&
    [ ! -s "$tmp/e" ] && ok || bad "trace --position: $(cat "$tmp/e")"
$J trace --position "$P" >"$tmp/p2" && cmp -s "$tmp/p1" "$tmp/p2" && ok || bad "trace --position not reproducible"
$J trace --position "$P" --seed 2 >"$tmp/p3" && ! cmp -s "$tmp/p1" "$tmp/p3" && ok || bad "trace --position ignores --seed"
[ "$($J position --seed 5 --game 3 --after 0)" != "$P" ] && ok || bad "position --after 0"

# Bad input: exit 2, "jamaica: " and the bad value on stderr, nothing on stdout.
expect2() {
    want=$1
    shift
    $J "$@" >"$tmp/o" 2>"$tmp/e"
    rc=$?
    if [ $rc -eq 2 ] && grep -q "^jamaica: .*$want" "$tmp/e" && [ ! -s "$tmp/o" ]; then ok; else
        bad "'$*' gave exit $rc: $(head -n 1 "$tmp/e")"; fi
}
expect2 "'7'" trace --seed 1 --players 7
# `jamaica agents`: every agent sim --help names, each with its line; a
# name asked for alone; an unknown one refused before any output.
names=$($J sim --help | sed -n 's/^ *agents: //p' | tr -d ',')
$J agents >"$tmp/o" 2>"$tmp/e"
rc=$?
missing=""
for n in $names; do grep -q "^  $n  " "$tmp/o" || missing="$missing $n"; done
if [ $rc -eq 0 ] && [ -n "$names" ] && [ -z "$missing" ] && [ ! -s "$tmp/e" ]; then ok; else
    bad "jamaica agents: exit $rc, missing:$missing"; fi
if $J agents guided >"$tmp/o" && grep -q "vfile=PATH" "$tmp/o" && grep -q "^  guided " "$tmp/o" &&
    ! grep -q "^  random " "$tmp/o"; then ok; else bad "jamaica agents guided: $(head -n 1 "$tmp/o")"; fi
expect2 "unknown agent 'nosuch'" agents guided nosuch
# Every command's usage lines name every option its --help lists (sim,
# learn, perft, bench and tournament make them from the option table).
for c in $($J --help | awk '/^  [a-z]/ {print $1}'); do
    $J "$c" --help >"$tmp/h"
    usage=$(awk '/^Usage:/ {on = 1} on && /^$/ {exit} on' "$tmp/h")
    missing=""
    for o in $(awk '/^$/ {blank++} blank >= 1' "$tmp/h" | grep -oE '^  --[a-z][a-z-]*' | sort -u); do
        echo "$usage" | grep -q -- "$o\b" || missing="$missing $o"
    done
    [ -z "$missing" ] && ok || bad "$c --help: its usage lines leave out$missing"
done
# An option given twice is refused in every command (the second value would
# silently win); options that build a list (--vary, --param, --agent...) repeat.
for args in "sim --games 5 --games 6" "sim --seed 1 --seed 2" "tournament --games 2 --games 3" \
    "merge --md a --md b" "diff --show 1 --show 2" "tune greedy --players 2 --players 3" \
    "learn --games 5 --games 6" "study captain --games 5 --games 6" "balance --players 2 --players 3" \
    "trace --game 0 --game 1" "replay --game 0 --game 1" "play --game 0 --game 1" "bench --quick --quick" \
    "position --game 0 --game 1" "perft --games 1 --games 2" "rate greedy --games 1 --games 2" \
    "variant --check a --check b" "report --games 1 --games 2" "luck fit --games 5 --games 6"; do
    set -- $args
    cmd=$1
    shift
    opt=$(echo "$args" | grep -o -- '--[a-z]*' | head -n 1)
    expect2 "$opt given twice" "$cmd" "$@"
done
# (and `agents`, which takes no option)
[ "$(bin/jamaica --help | awk '/^  [a-z]/ {n++} END {print n}')" -eq 19 ] && ok ||
    bad "a command without its given-twice test: $(bin/jamaica --help)"
expect2 "'1'" trace --seed 1 --players 1
expect2 "'-1'" trace --seed -1
expect2 "'abc'" trace --seed abc
expect2 "'12x'" trace --seed 1 --game 12x
expect2 "'bogus'" trace --seed 1 --rules bogus
expect2 "'foo'" trace --seed 1 --rules classic,foo=1
expect2 "'9'" trace --seed 1 --rules start_gold=9
expect2 "'xml'" trace --seed 1 --format xml
expect2 "--seed" trace --players 3
expect2 "first_captain=4" trace --seed 1 --players 3 --rules first_captain=4
expect2 "6" trace --seed 1 --players 6 --rules ghost=on
expect2 "'frobnicate'" frobnicate
expect2 "missing command"
expect2 "option" trace --seed 1 --colour
expect2 "'0'" sim --games 2 --agents mcts:iters=0 --out "$tmp/x.csv"
expect2 "'-1'" sim --games 2 --agents mcts:c=-1 --out "$tmp/x.csv"
expect2 "'x'" sim --games 2 --agents greedy:w_gold=x --out "$tmp/x.csv"
expect2 "'bogus'" sim --games 2 --agents mcts:bogus=1 --out "$tmp/x.csv"
expect2 "'votes2'" sim --games 2 --agents pimc:final=votes2 --out "$tmp/x.csv"
[ ! -e "$tmp/x.csv" ] && ok || bad "a bad agent parameter left a file"
expect2 "same file" sim --games 2 --out "$tmp/y.csv" --timing "$tmp/y.csv"
expect2 "players" trace --position "jamaica/1 players=9 dice=1,2"
expect2 "ship0" trace --position "jamaica/1 players=4 dice=1,2 ship0=3:1:7g.-.-.-.-"
expect2 "--position" trace --position "jamaica/1 players=4 dice=1,2" --players 3
expect2 "--seed" position --after 3
expect2 "'x'" position --seed 1 --after x

# Outputs (docs/RELIABILITY.md).  A symlink is written through to its
# target; /dev/null is written in place and stays a device.
echo old >"$tmp/target.csv"
ln -s "$tmp/target.csv" "$tmp/link.csv"
$J sim --games 3 --out "$tmp/link.csv" >/dev/null && [ -L "$tmp/link.csv" ] && grep -q '^seed,' "$tmp/target.csv" &&
    ok || bad "sim --out SYMLINK did not write its target"
$J sim --games 3 --out /dev/null --games-csv /dev/null >/dev/null && [ -c /dev/null ] && ok || bad "sim --out /dev/null"
# The same file under two names is refused before any work.
echo precious >"$tmp/a.csv"
(cd "$tmp" && "$top/$J" sim --games 3 --out a.csv --games-csv ./a.csv >/dev/null 2>"$tmp/e")
rc=$?
[ $rc -eq 2 ] && [ "$(cat "$tmp/a.csv")" = precious ] && grep -q "same file" "$tmp/e" && ok ||
    bad "same file under two names: exit $rc, a.csv: $(head -c 40 "$tmp/a.csv")"
# A replaced file keeps its mode; no temporary file is left.
# bin/python chooses its interpreter without importing torch: a torch that
# takes 30 s to import (first on PYTHONPATH) leaves its start quick.
mkdir -p "$tmp/slowtorch/torch" && echo 'import time; time.sleep(30)' >"$tmp/slowtorch/torch/__init__.py"
[ "$(PYTHONPATH="$tmp/slowtorch" timeout 20 bin/python -c 'print(1)' 2>&1)" = 1 ] && ok ||
    bad "bin/python imports torch to choose an interpreter (or no python3 imports numpy)"
# A new output gets the mode the umask gives; a sealed run's stay private.
for u in 022 077; do
    want=$([ $u = 022 ] && echo 644 || echo 600)
    rm -f "$tmp/um.csv" "$tmp/umg.csv" "$tmp/ums.csv"
    (umask $u && $J sim --games 5 --out "$tmp/um.csv" --games-csv "$tmp/umg.csv" >/dev/null &&
        $J sim --games 5 --seed random --out "$tmp/ums.csv" >/dev/null 2>&1) &&
        [ "$(stat -c %a "$tmp/um.csv")" = $want ] && [ "$(stat -c %a "$tmp/umg.csv")" = $want ] &&
        [ "$(stat -c %a "$tmp/ums.csv")" = 600 ] && ok ||
        bad "umask $u: outputs $(stat -c %a "$tmp/um.csv" "$tmp/umg.csv" "$tmp/ums.csv" | tr '\n' ' ')"
done
rm -f "$tmp/m.csv" && echo x >"$tmp/m.csv" && chmod 600 "$tmp/m.csv" &&
    $J sim --games 3 --out "$tmp/m.csv" >/dev/null && [ "$(stat -c %a "$tmp/m.csv")" = 600 ] &&
    grep -q '^seed,' "$tmp/m.csv" && ok || bad "a replaced 0600 file is $(stat -c %a "$tmp/m.csv")"
# Bad outputs fail before the first game (a billion games would never end).
mkdir -p "$tmp/d"
for args in "--out $tmp/d" "--out ." "--games-csv $tmp/d/" "--out $tmp/nodir/x.csv" "--timing $tmp/d"; do
    # shellcheck disable=SC2086
    (cd "$tmp/d" && timeout 20 "$top/$J" sim --games 1000000000 $args >/dev/null 2>"$tmp/e")
    rc=$?
    [ $rc -eq 2 ] && grep -q "^jamaica: cannot write" "$tmp/e" && [ "$(ls -A "$tmp/d")" = "" ] && ok ||
        bad "sim $args: exit $rc: $(cat "$tmp/e")"
done
expect2 "empty path" sim --games 1000000000 --games-csv ""
ln -s "$tmp/missing/x.csv" "$tmp/dangling.csv"
expect2 "missing file" sim --games 1000000000 --out "$tmp/dangling.csv"
# A write error stops the run at once, names the file, and leaves the
# old files as they were and no temporary file: a full device, then a
# file-size limit on a regular file.
rm -rf "$tmp/w" && mkdir "$tmp/w" && echo precious >"$tmp/w/s.csv"
(cd "$tmp/w" && timeout 60 "$top/$J" sim --games 1000000000 --out s.csv --games-csv /dev/full >/dev/null 2>"$tmp/e")
rc=$?
[ $rc -eq 1 ] && grep -q "^jamaica: writing '/dev/full' failed" "$tmp/e" && [ "$(cat "$tmp/w/s.csv")" = precious ] &&
    [ "$(ls -A "$tmp/w")" = s.csv ] && ok || bad "--games-csv /dev/full: exit $rc: $(cat "$tmp/e")"
echo precious >"$tmp/w/g.csv"
(cd "$tmp/w" && ulimit -f 200 && timeout 60 "$top/$J" sim --games 1000000000 --out s.csv --games-csv g.csv >/dev/null 2>"$tmp/e")
rc=$?
[ $rc -eq 1 ] && grep -q "^jamaica: writing 'g.csv' failed: File too large" "$tmp/e" &&
    [ "$(cat "$tmp/w/g.csv")" = precious ] && [ "$(ls -A "$tmp/w" | tr '\n' ' ')" = "g.csv s.csv " ] && ok ||
    bad "a file-size limit: exit $rc: $(cat "$tmp/e"); $(ls -A "$tmp/w")"
# A failed write to stdout is an error (exit 1, one line).
for args in "trace --seed 1" "trace --seed 1 --format jsonl" "perft --games 2" "position --seed 1" "sim --games 2 --out $tmp/z.csv"; do
    # shellcheck disable=SC2086
    $J $args >/dev/full 2>"$tmp/e"
    rc=$?
    [ $rc -eq 1 ] && [ "$(wc -l <"$tmp/e")" -eq 1 ] && grep -q "^jamaica: writing standard output failed" "$tmp/e" &&
        ok || bad "$args >/dev/full: exit $rc: $(cat "$tmp/e")"
done

# Strict input: each of these was once accepted or said too little.
expect2 "empty rules" trace --seed 1 --rules ""
expect2 "empty item" trace --seed 1 --rules ,,,
expect2 "'hand' given twice" trace --seed 1 --rules hand=3,hand=4
expect2 "'+3'" trace --seed 1 --rules hand=+3
expect2 "' 3'" trace --seed 1 --rules "hand= 3"
expect2 "after preset 'classic'" trace --seed 1 --rules classic,classic
expect2 "before the options" trace --seed 1 --rules hand=3,classic
expect2 "at most 511" trace --seed 1 --rules "$(printf 'hand=3,%.0s' $(seq 100))"
expect2 "' 5'" sim --games " 5" --out "$tmp/x.csv"
expect2 "empty item" sim --games 2 --agents ,random --out "$tmp/x.csv"
expect2 "empty item" sim --games 2 --agents random,,random,random,random --out "$tmp/x.csv"
expect2 "names 10 agents" sim --games 2 --agents "$(printf 'random,%.0s' $(seq 9))random" --out "$tmp/x.csv"
expect2 "at most 1023" sim --games 2 --agents "$(printf 'random,%.0s' $(seq 200))" --out "$tmp/x.csv"
expect2 "bad progress interval '0'" sim --games 2 --progress 0 --out "$tmp/x.csv"
expect2 "agent 'first' takes no parameters, not 'x=1'" sim --games 2 --agents first,x=1 --out "$tmp/x.csv"
expect2 "agent 'random': unknown parameter 'x' (known: stream)" sim --games 2 --agents random,x=1 --out "$tmp/x.csv"
expect2 "needs a value, not the option '--rotate'" sim --games 2 --games-csv --rotate --out "$tmp/x.csv"
[ ! -e ./--rotate ] && [ ! -e "$tmp/x.csv" ] && ok || bad "a bad option value left a file"
OMP_NUM_THREADS=20000 $J sim --games 2 --out "$tmp/x.csv" >"$tmp/o" 2>"$tmp/e"
rc=$?
[ $rc -eq 2 ] && grep -q "^jamaica: OMP_NUM_THREADS gives 20000 threads, over the limit of 1024" "$tmp/e" &&
    [ ! -e "$tmp/x.csv" ] && ok || bad "OMP_NUM_THREADS=20000: exit $rc: $(cat "$tmp/e")"
expect2 "'9223372036854775808'" trace --seed 1 --game 9223372036854775808
# One line on stderr for bad input.
$J trace --seed x >/dev/null 2>"$tmp/e"; [ "$(wc -l <"$tmp/e")" -eq 1 ] && ok || bad "bad input: $(wc -l <"$tmp/e") lines"

# ---------------------------------------------------------------- analysis
# tournament: the same bytes on 1 and 2 threads; ratings ordered as the
# agents' strength; the pairwise CSV's shares of a pair add to 1.
$J tournament --agents greedy,random,first --players 3 --games 60 --threads 1 --out "$tmp/r1.csv" \
    --games-csv "$tmp/tg1.csv" --pairs "$tmp/p1.csv" >"$tmp/md1" &&
    $J tournament --agents greedy,random,first --players 3 --games 60 --threads 2 --out "$tmp/r2.csv" \
        --games-csv "$tmp/tg2.csv" --pairs "$tmp/p2.csv" >/dev/null &&
    cmp -s "$tmp/r1.csv" "$tmp/r2.csv" && cmp -s "$tmp/tg1.csv" "$tmp/tg2.csv" && cmp -s "$tmp/p1.csv" "$tmp/p2.csv" &&
    ok || bad "tournament: 1 and 2 threads differ"
[ "$(wc -l <"$tmp/tg1.csv")" -eq $((60 * 6 * 3 + 1)) ] && head -n 1 "$tmp/tg1.csv" | grep -q ',trace_hash,seating$' &&
    grep -q '^# Tournament: 3 agents, 3 players, 60 deals x 6 seatings (all) = 360 games' "$tmp/md1" &&
    ok || bad "tournament: games CSV or report: $(head -n 1 "$tmp/md1")"
g=$(awk -F, '$1=="greedy"{print $10}' "$tmp/r1.csv")
r=$(awk -F, '$1=="random"{print $10}' "$tmp/r1.csv")
awk -v g="$g" -v r="$r" 'BEGIN{exit !(g > r + 100)}' && ok || bad "tournament: greedy rated $g, random $r"
awk -F, 'NR>1{s[$1","$2]=$4} END{for(k in s){split(k,a,","); d=s[k]+s[a[2]","a[1]]-1; if(d>1e-5||d<-1e-5) exit 1}}' \
    "$tmp/p1.csv" && ok || bad "tournament: pairwise shares do not add to 1"
# At 2 players the Ghost Ship is a row of the table: the shares add to 100%.
$J tournament --games 40 --agents greedy,random --players 2 --out "$tmp/tgh.csv" >"$tmp/tgh.md" &&
    awk -F'|' '/^\| (`|the Ghost)/ { split($4, w, "%"); s += w[1] } /^\| the Ghost Ship \| 80 \|/ { g = 1 }
        END { exit !(g && s > 99.99 && s < 100.01) }' "$tmp/tgh.md" && ok || bad "tournament: no Ghost Ship row at 2 players: $(cat "$tmp/tgh.md")"
# An SPRT of a slow searcher stops within a few games of its decision (the
# blocks start at two games a thread), with the report of the deals it
# decided on, the same bytes as a run of just those deals, on 1 and 2
# threads; the speed line counts the games played.
for th in 1 2; do
    $J tournament --agents mcts:iters=100,random --players 2 --games 2000 --sprt 0,50 --threads $th \
        --out "$tmp/sp$th.csv" >"$tmp/spo$th" 2>&1
done
n=$(sed -n 's/.*H1 accepted after \([0-9]*\) deals.*/\1/p' "$tmp/spo2")
$J tournament --agents mcts:iters=100,random --players 2 --games "${n:-0}" --out "$tmp/spn.csv" >/dev/null 2>&1
past=$(sed -n 's/.*, \([0-9]*\) past the last one counted.*/\1/p' "$tmp/spo2")
[ -n "$n" ] && [ "$n" -lt 100 ] && cmp -s "$tmp/sp1.csv" "$tmp/sp2.csv" && cmp -s "$tmp/sp2.csv" "$tmp/spn.csv" &&
    [ "${past:-0}" -le 4 ] && ok || bad "tournament --sprt stops late: $n deals, ${past:-0} games past: $(grep 'games/s' "$tmp/spo2")"
# --sprt stops early once the evidence decides (greedy is far stronger).
$J tournament --agents greedy,random --players 2 --games 100000 --sprt 0,50 --out "$tmp/rs.csv" \
    --games-csv "$tmp/tgs.csv" >"$tmp/mds" && grep -q 'H1 accepted after' "$tmp/mds" &&
    [ "$(wc -l <"$tmp/tgs.csv")" -lt 1000 ] && ok || bad "tournament --sprt: $(tail -n 1 "$tmp/mds")"
# The SPRT decides on degenerate samples: every deal won (first against
# random, 2 players, no ghost: first finishes ahead in every meeting of
# these deals) gives ln(s1/s0) a deal and H1 after 23 deals, not an LLR of
# 0 forever; two equal players end in H0 against H1 +30 Elo.
$J tournament --agents greedy,random --players 2 --rules 2021,ghost=off --games 10 --sprt 0,50 \
    --out "$tmp/rs.csv" >"$tmp/mds" && grep -q 'inconclusive after 10 deals; LLR 1.336' "$tmp/mds" &&
    ok || bad "tournament --sprt on 10 deals won: $(tail -n 1 "$tmp/mds")"
$J tournament --agents greedy,random --players 2 --rules 2021,ghost=off --games 100 --sprt 0,50 \
    --out "$tmp/rs.csv" >"$tmp/mds" && grep -q 'H1 accepted after 23 deals' "$tmp/mds" &&
    ok || bad "tournament --sprt on deals all won: $(tail -n 1 "$tmp/mds")"
$J tournament --agents random,random:stream=1 --players 2 --games 20000 --sprt 0,30 \
    --out "$tmp/rs.csv" >"$tmp/mds" && grep -q 'H0 accepted after' "$tmp/mds" &&
    ok || bad "tournament --sprt on equal agents: $(tail -n 1 "$tmp/mds")"
# Intervals stay inside what is possible, with the deal as the unit: the
# mean rank of a player that is nearly always first stays within [1, 3] (the
# ghost sails with two players), and all wins give a win rate interval that
# is not a point.
$J tournament --agents greedy,random --players 2 --games 10 --out "$tmp/rb.csv" >/dev/null &&
    awk -F, 'NR>1{if ($8 < 1 || $9 > 3 || $8 > $7 || $9 < $7 || $5 > $4 || $6 < $4) exit 1}' "$tmp/rb.csv" &&
    awk -F, '$1=="greedy"{exit !($5 < 0.9)}' "$tmp/rb.csv" && ok || bad "tournament: intervals out of range: $(cat "$tmp/rb.csv")"
# The same run has greedy ahead of random in every meeting, so every
# bootstrap resample is the same: the rating's interval still has a width
# (the fit's own information) and, 10 deals out of 10, keeps greedy above 0.
awk -F, '$1=="greedy"{exit !($11 > 0 && $11 < $10 - 50 && $12 > $10 + 50)}' "$tmp/rb.csv" && ok ||
    bad "tournament: a degenerate rating interval: $(cat "$tmp/rb.csv")"
expect2 "names 1 agents" tournament --agents random --out "$tmp/x.csv"
expect2 "named twice" tournament --agents random,random --out "$tmp/x.csv"
expect2 "'bogus'" tournament --agents random,first --seatings bogus --out "$tmp/x.csv"
expect2 "ELO1 must be above" tournament --agents random,first --sprt 10,0 --out "$tmp/x.csv"
expect2 "cannot share 6 seats" tournament --agents random,first,greedy,flat --players 6 --out "$tmp/x.csv"
expect2 "are the same file" tournament --agents random,first --out "$tmp/x.csv" --timing "$tmp/x.csv"
expect2 "cannot write" tournament --agents random,first --games 1000000 --out "$tmp/nodir/x.csv"
[ ! -e "$tmp/x.csv" ] && ok || bad "a bad tournament left a file"

# diff: a run against itself says nothing differs (exit 0); another rule
# set changes games, names the first differing event (exit 1); bad input 2.
$J sim --games 300 --players 3 --out /dev/null --games-csv "$tmp/da.csv" >/dev/null &&
    $J diff "$tmp/da.csv" "$tmp/da.csv" >"$tmp/d0" && grep -q '^300 games: trace hash changed in 0 ' "$tmp/d0" &&
    ok || bad "diff of a run against itself: $(cat "$tmp/d0")"
$J diff --rules 2021 --vs-rules 2021,start_gold=4 --games 300 --players 3 --show 2 >"$tmp/d1"
rc=$?
[ $rc -eq 1 ] && [ "$(grep -c 'first difference at event' "$tmp/d1")" -eq 2 ] && grep -q '^  A: {"round"' "$tmp/d1" &&
    grep -q '^| seat | `0` | 300 |' "$tmp/d1" && ok || bad "diff --rules: exit $rc: $(head -n 5 "$tmp/d1")"
# The file form agrees with the shorthand, game for game.
$J sim --games 300 --players 3 --rules 2021,start_gold=4 --out /dev/null --games-csv "$tmp/db.csv" >/dev/null &&
    $J diff "$tmp/da.csv" "$tmp/db.csv" --show 0 >"$tmp/d2"; [ $? -eq 1 ] &&
    [ "$(grep '^300 games' "$tmp/d1")" = "$(grep '^300 games' "$tmp/d2")" ] && ok || bad "diff: files and --rules disagree"
# A file from another build (game 0's hash changed, as another build's
# would): this build's replay gives A's hash, not B's, and diff says so,
# naming B and both hashes once each.
h0=$(sed -n '2s/.*,\([0-9a-f]\{16\}\)$/\1/p' "$tmp/da.csv")
sed "s/,$h0\$/,0123456789abcdef/" "$tmp/da.csv" >"$tmp/dx.csv"
$J diff "$tmp/da.csv" "$tmp/dx.csv" --show 1 >"$tmp/d4"; rc=$?
[ $rc -eq 1 ] && [ -n "$h0" ] && grep -q "^  this build's replay of B gives hash $h0, not B's 0123456789abcdef: B was played by another build" "$tmp/d4" &&
    ! grep -q "replay of A" "$tmp/d4" && ok || bad "diff against another build's file: exit $rc: $(cat "$tmp/d4")"
# ghost=off against ghost=on: the players' rows pair, the ghost's stands alone.
$J diff --rules ghost=off --vs-rules ghost=on --players 3 --games 50 --show 1 >"$tmp/d3"
rc=$?
[ $rc -eq 1 ] && grep -q '^Games whose hash changed: 0 1 2 ' "$tmp/d3" && grep -q '"ghost":true' "$tmp/d3" &&
    ok || bad "diff ghost=off against ghost=on: exit $rc: $(head -n 3 "$tmp/d3")"
$J sim --games 300 --players 3 --seed 2 --out /dev/null --games-csv "$tmp/dc.csv" >/dev/null
expect2 "same seed" diff "$tmp/da.csv" "$tmp/dc.csv"
expect2 "cannot read" diff "$tmp/da.csv" "$tmp/missing.csv"
expect2 "no column 'game'" diff "$tmp/da.csv" "$tmp/r1.csv"
# Files whose games differ, and of different counts: the refusal comes
# before any difference is printed.
$J sim --games 350 --players 3 --rules 2021,start_gold=4 --out /dev/null --games-csv "$tmp/dd.csv" >/dev/null
expect2 "holds more games than" diff "$tmp/dd.csv" "$tmp/da.csv" --show 5
expect2 "bad --players '3': the published rating lists are of 2 and 4 players" rate random --players 3

# variant: the base game's file passes its own check; an edited one that no
# game could be played on is refused in one line naming its line, exit 2;
# --print and --check go alone.
$J variant --print >"$tmp/base.variant" && $J variant --check "$tmp/base.variant" >"$tmp/o" 2>"$tmp/e" &&
    [ ! -s "$tmp/o" ] && [ ! -s "$tmp/e" ] && grep -q '^space 6 port cost 5 score -5 next 7 13$' "$tmp/base.variant" &&
    ok || bad "variant: the base file: $(cat "$tmp/e")"
sed 's/^space 49 sea cost 3 score 10 next 0$/space 49 sea cost 3 score 10 next 48/' "$tmp/base.variant" >"$tmp/loop.variant"
$J variant --check "$tmp/loop.variant" >"$tmp/o" 2>"$tmp/e"; st=$?
[ $st -eq 2 ] && [ ! -s "$tmp/o" ] && [ "$(wc -l <"$tmp/e")" -eq 1 ] &&
    grep -q "^jamaica: variant: $tmp/loop.variant: line [0-9]*: space [0-9]*: next: no way home to Port Royal from here (see 'jamaica variant --help')\$" "$tmp/e" &&
    ok || bad "variant: a track with no way home: exit $st, $(cat "$tmp/e")"
expect2 "variant needs --print or --check FILE" variant
expect2 "variant needs --print or --check FILE" variant --print --check "$tmp/base.variant"
expect2 "cannot read '$tmp/nosuch'" variant --check "$tmp/nosuch"
JA=$(pwd)/$J # the command from another directory
# Playing a variant: --rules FILE, its name and hash in every CSV and the
# trace's first line, the same games as the base game when the file is the
# base game's, a changed file refused on replay, diff saying the variants
# differ and where the games part.
(cd "$tmp" && $JA sim --rules base.variant --games 40 --players 3 --out v.csv --games-csv vg.csv 2>/dev/null &&
    $JA sim --games 40 --players 3 --out b.csv --games-csv bg.csv 2>/dev/null) &&
    h=$(sed -n 2p "$tmp/vg.csv" | grep -o 'variant=base.variant@[0-9a-f]\{16\}') && [ -n "$h" ] &&
    [ "$(cut -d, -f1-3 "$tmp/vg.csv" | md5sum)" = "$(cut -d, -f1-3 "$tmp/bg.csv" | md5sum)" ] &&
    [ "$(awk -F, 'NR > 1 {print $NF}' "$tmp/vg.csv" | md5sum)" = "$(awk -F, 'NR > 1 {print $NF}' "$tmp/bg.csv" | md5sum)" ] &&
    ok || bad "variant: the base file played: $(head -c 300 "$tmp/vg.csv")"
(cd "$tmp" && $JA trace --seed 1 --players 3 --rules base.variant --format jsonl | head -n 1) | grep -q '"variant":"base.variant@' &&
    ok || bad "variant: the trace's first line names it"
sed 's/^card 6 gold gold$/card 6 gold forward/' "$tmp/base.variant" >"$tmp/card6.variant"
(cd "$tmp" && $JA diff --rules base.variant --vs-rules card6.variant --players 3 --games 20 --show 1 >"$tmp/o" 2>"$tmp/e"); st=$?
[ $st -eq 1 ] && grep -q '^# variants differ: A plays the variant base.variant@[0-9a-f]*, B plays the variant card6.variant@' "$tmp/o" &&
    grep -q '^  B: {"round":[0-9]*,"event":"card","ship":[0-9],"card":6,"morning":"gold","evening":"forward"}$' "$tmp/o" &&
    ok || bad "variant: diff between variants: exit $st, $(head -c 600 "$tmp/o")"
cp "$tmp/card6.variant" "$tmp/keep.variant"
(cd "$tmp" && $JA trace --seed 1 --rules card6.variant --format jsonl >c6.jsonl) &&
    echo "# changed" >>"$tmp/card6.variant" && (cd "$tmp" && $JA replay --trace c6.jsonl --out c6.html >"$tmp/o" 2>"$tmp/e"); st=$?
[ $st -eq 2 ] && grep -q "its content's hash is [0-9a-f]*, not [0-9a-f]* (the file has changed)" "$tmp/e" &&
    [ ! -e "$tmp/c6.html" ] && ok || bad "variant: a changed file on replay: exit $st, $(cat "$tmp/e")"
expect2 "variant file $tmp/nosuch.variant: No such file" sim --rules "$tmp/nosuch.variant" --games 1
$J sim --rules "$tmp/keep.variant" --agents sharp --players 2 --games 2 --out /dev/null >/dev/null 2>"$tmp/e" &&
    [ "$(grep -c '^jamaica: note: sharp: its weights were tuned on the base game, and this game is the variant' "$tmp/e")" = 1 ] &&
    ok || bad "variant: sharp's note: $(cat "$tmp/e")"
# A file that states the base game's tables (its own hash) is the base game
# to sharp: no note.
$J sim --rules "$tmp/base.variant" --agents sharp --players 2 --games 2 --out /dev/null >/dev/null 2>"$tmp/e" &&
    ! grep -q 'note: sharp' "$tmp/e" && ok || bad "variant: sharp's note on the base game's file: $(cat "$tmp/e")"
# Every rules text form's JSON-lines trace reads back with replay --trace:
# fields over the base game, a file, a file and fields, a preset and a file.
for r in "2021,card.6.evening=forward" "$tmp/keep.variant" "$tmp/keep.variant,die.0=0,score.behind=-7" \
    "classic,variant=$tmp/keep.variant" "$tmp/keep.variant,classic,treasure.7=4"; do
    $J trace --seed 3 --game 2 --players 3 --rules "$r" --format jsonl >"$tmp/rt.jsonl" 2>"$tmp/e" &&
        $J replay --trace "$tmp/rt.jsonl" --out "$tmp/rt.html" >"$tmp/o" 2>>"$tmp/e" && [ -s "$tmp/rt.html" ] && ok ||
        bad "variant: the trace of --rules $r does not read back: $(cat "$tmp/e")"
done
# A die face numbered 0 is written as 0, the star as star (text and JSON).
$J trace --seed 1 --game 0 --players 4 --rules 2021,die.0=0 >"$tmp/t0.txt" &&
    $J trace --seed 1 --game 0 --players 4 --rules 2021,die.0=0 --format jsonl >"$tmp/t0.jsonl" &&
    grep -q 'rolls 0$' "$tmp/t0.txt" && grep -q 'rolls star' "$tmp/t0.txt" && grep -q '"d_roll":0,' "$tmp/t0.jsonl" &&
    grep -q '"a_roll":"star"' "$tmp/t0.jsonl" && ok || bad "variant: a 0 face in the traces"
# ghost_bonus where no Lady Beth is in the game: refused in one line.
grep -v '^power beth$' "$tmp/base.variant" >"$tmp/nobeth.variant"
expect2 "ghost_bonus=3: this variant has no Lady Beth" sim --rules "$tmp/nobeth.variant,ghost_bonus=3" --games 1
sed 's/^rules \(.*\)$/rules \1,ghost_bonus=4/' "$tmp/nobeth.variant" >"$tmp/nobeth2.variant"
expect2 "ghost_bonus=4: no Lady Beth (power beth) is in the game" variant --check "$tmp/nobeth2.variant"
# study worth: one row an element, the restricted seat's share and points
$J study worth --games 60 --forbid backward,sabre --out "$tmp/w.csv" --md "$tmp/w.md" 2>"$tmp/e" &&
    [ "$(wc -l <"$tmp/w.csv")" = 3 ] && grep -q '^backward,"sharp",3,60,1,' "$tmp/w.csv" &&
    grep -q '^| sabre | ' "$tmp/w.md" && ok || bad "study worth: $(cat "$tmp/e")"
expect2 "unknown element 'sails'" study worth --forbid sails
expect2 "a built-in agent only" study worth --agents cmd:true --games 1
expect2 "give the agent without forbid=" study worth --agents greedy:forbid=lair
# A file's numeric field as a sweep's dimension (and a rule option)
(cd "$tmp" && $JA study sweep --rules keep.variant --sweep cost.5=0..4:2 --agents greedy --players 3 --games 30 \
    --measure rounds --out sw.csv >sw.md 2>"$tmp/e") && [ "$(grep -c '^| [024] | ' "$tmp/sw.md")" = 3 ] &&
    grep -q '^cost.5,4,greedy,3,30,rounds,.*,variant=keep.variant@[0-9a-f]*",' "$tmp/sw.csv" &&
    ok || bad "sweep of cost.5: $(cat "$tmp/e") $(head -c 400 "$tmp/sw.csv")"
expect2 "cost.0=3: space 0 is royal: it costs nothing" sim --rules cost.0=3 --games 1
# report: the page and its Markdown beside it, nothing when refused
(cd "$tmp" && $JA report --rules card6.variant --players 2-3 --games 30 --worth-games 20 --out rep.html 2>"$tmp/e") &&
    grep -q '<svg class="plot"' "$tmp/rep.html" && grep -q '^- `card.6.evening=forward` (base: gold)$' "$tmp/rep.md" &&
    grep -q '^| 3 players | ' "$tmp/rep.md" && grep -q '^## What each element is worth' "$tmp/rep.md" &&
    ok || bad "report: $(tail -n 2 "$tmp/e")"
# Its verdict first, a line a measure; intervals of shares inside 0..100;
# a difference column for the seats and the elements.
awk '/^## Verdict/ { v = 1 } /^## What the variant/ { exit } v && /^- / { n++ } END { exit n != 5 }' "$tmp/rep.md" &&
    ! awk '/^## (Ghost Ship|Shared wins|Seat balance)/ { s = 1; next } /^## / { s = 0 } s && /^\| [^|]*\|([^|]*\|)?[^|]*\[-/' "$tmp/rep.md" |
    grep -q . && grep -q '^| seat | base game | variant | variant - base, same deals |' "$tmp/rep.md" &&
    grep -q '^| element | base game | variant | variant - base |' "$tmp/rep.md" && ok ||
    bad "report: no verdict, a share's interval below 0, or no difference column: $(sed -n '/Verdict/,/What the/p' "$tmp/rep.md")"
# --skill: the ladder's depth and what seeing wins, under both rule sets;
# foresight must win most games (a seeing searcher that saw nothing would
# hold about half).
(cd "$tmp" && $JA report --rules card6.variant --players 2 --games 10 --worth-games 0 --skill 40 --out sk.html \
    2>"$tmp/e") && grep -q '^## Skill and chance at 2 players' "$tmp/sk.md" &&
    grep -q '<h2>Skill and chance at 2 players</h2>' "$tmp/sk.html" &&
    grep -qE '^\| \*\*skill depth\*\*, the top rung over `random` \(Elo\) \| \+[0-9]+ \[' "$tmp/sk.md" &&
    awk -F'|' '/^\| seeing the future chance too/ { n++; if ($3 + 0 > 60 && $4 + 0 > 60) k++ } END { exit !(n == 1 && k == 1) }' \
        "$tmp/sk.md" && ok || bad "report --skill: $(sed -n '/^| figure/,/^$/p' "$tmp/sk.md") $(tail -n 2 "$tmp/e")"
# --skill's rungs are the ladder's (study --ladder's): cut at the report's
# agent where it is a rung (greedy: one step over random), else with the
# agent on top of --ladder's list.
(cd "$tmp" && $JA report --rules card6.variant --players 2 --games 4 --worth-games 0 --skill 4 --agents greedy \
    --out skg.html 2>"$tmp/e") && [ "$(grep -c '^| `[^|]* over `' "$tmp/skg.md")" -eq 1 ] &&
    grep -q '^| `greedy` over `random` (Elo) |' "$tmp/skg.md" && grep -q ' 3 pairings x 2 x 4 deals for the skill' "$tmp/e" &&
    ok || bad "report --skill --agents greedy: $(grep ' over `' "$tmp/skg.md") $(head -n 1 "$tmp/e")"
(cd "$tmp" && $JA report --rules card6.variant --players 2 --games 4 --worth-games 0 --skill 4 --agents greedy \
    --ladder random,first --out skl.html 2>"$tmp/e") && grep -q '^| `first` over `random` (Elo) |' "$tmp/skl.md" &&
    grep -q '^| `greedy` over `first` (Elo) |' "$tmp/skl.md" && ok ||
    bad "report --skill --ladder random,first: $(grep ' over `' "$tmp/skl.md") $(tail -n 1 "$tmp/e")"
expect2 "--ladder goes with --skill N" report --rules "$tmp/keep.variant" --ladder random,first --out "$tmp/r2.html"
expect2 "leaves fewer than two rungs up to 'sharp'" report --rules "$tmp/keep.variant" --skill 4 --ladder sharp,greedy \
    --out "$tmp/r2.html"
expect2 "report needs --rules FILE" report --out "$tmp/r2.html"
expect2 "names no variant file" report --rules classic --out "$tmp/r2.html"
expect2 "a built-in agent" report --rules "$tmp/keep.variant" --agents cmd:true --out "$tmp/r2.html"
[ ! -e "$tmp/r2.html" ] && [ ! -e "$tmp/r2.md" ] && ok || bad "report: a refused run wrote a file"

# study: rows, the same bytes on 1 and 2 threads, bad input.
$J study captain --players 2-3 --games 300 --threads 1 --out "$tmp/c1.csv" >"$tmp/cm" &&
    $J study captain --players 2-3 --games 300 --threads 2 --out "$tmp/c2.csv" >/dev/null &&
    cmp -s "$tmp/c1.csv" "$tmp/c2.csv" && [ "$(wc -l <"$tmp/c1.csv")" -eq 6 ] &&
    grep -q '^| `random` | 3 |' "$tmp/cm" && ok || bad "study captain: $(head -n 3 "$tmp/c1.csv")"
$J study ghost --players 3 --games 200 --agents random --agents greedy --out "$tmp/gh.csv" --md "$tmp/gh.md" >"$tmp/o" &&
    [ "$(cat "$tmp/o")" = "wrote $tmp/gh.csv, $tmp/gh.md" ] && [ "$(grep -c ',ghost_win_rate,' "$tmp/gh.csv")" -eq 2 ] &&
    [ "$(grep -c '^random,3,' "$tmp/gh.csv")" -eq 3 ] && grep -q '^## ghost=on against ghost=off' "$tmp/gh.md" &&
    ok || bad "study ghost: $(cat "$tmp/gh.csv")"
# --players 2: the 2-player share alone (the ladder's searcher rung); 6 refused
$J study ghost --players 2 --games 100 --out "$tmp/gh2.csv" --md "$tmp/gh2.md" &&
    [ "$(wc -l <"$tmp/gh2.csv")" -eq 2 ] && grep -q '^random,2,ghost_win_rate,100,' "$tmp/gh2.csv" &&
    grep -q '^| `random` | ' "$tmp/gh2.md" && ! grep -q 'ghost=off' "$tmp/gh2.md" &&
    ok || bad "study ghost --players 2: $(cat "$tmp/gh2.csv")"
expect2 "study ghost: --players 6: the ghost plays with 2 to 5 players" study ghost --players 4-6 --out "$tmp/x.csv"
$J study sweep --sweep ghost_bonus=0..4:2 --measure ghost --players 2 --games 300 --out "$tmp/sw.csv" >/dev/null &&
    [ "$(wc -l <"$tmp/sw.csv")" -eq 4 ] && grep -q '^ghost_bonus,4,random,2,300,ghost,' "$tmp/sw.csv" &&
    ok || bad "study sweep: $(cat "$tmp/sw.csv")"
expect2 "bad --sweep" study sweep --sweep start_gold=5..1 --out "$tmp/x.csv"
expect2 "bad value '7' for rule option 'start_gold'" study sweep --sweep start_gold=0..9 --out "$tmp/x.csv"
expect2 "--measure ghost" study sweep --sweep start_gold=0..2 --measure ghost --players 4 --out "$tmp/x.csv"
# Without --players, a sweep of the ghost's win rate is over 2-player games.
$J study sweep --sweep ghost_bonus=0..1 --measure ghost --games 20 --out "$tmp/sw2.csv" >/dev/null &&
    grep -q '^ghost_bonus,1,random,2,20,ghost,' "$tmp/sw2.csv" && ok || bad "study sweep --measure ghost, default players"
expect2 "unknown study 'foo'" study foo
expect2 "'2-7'" study captain --players 2-7 --out "$tmp/x.csv"
[ ! -e "$tmp/x.csv" ] && ok || bad "a bad study left a file"
# The Ghost Ship's variants (RULES.md G1, G2, G5 by default): bad values.
expect2 "'26'" trace --seed 1 --players 2 --rules ghost_gold=26
expect2 "'3'" trace --seed 1 --players 2 --rules ghost_moves=3
expect2 "'7'" trace --seed 1 --players 2 --rules ghost_bonus=7
# later_gold (RULES.md S8): a bad value, its range named; 0 is the default
# game and names nothing in the CSV's rules, another value is named there; a balance search over it
# that leaves the range is refused before it plays.
expect2 "bad value '7' for rule option 'later_gold' (0..6)" trace --seed 1 --players 4 --rules later_gold=7
expect2 "'-1' for rule option 'later_gold'" sim --games 1 --rules later_gold=-1 --out "$tmp/lg.csv"
expect2 "later_gold" balance --vary later_gold=5..7 --target captain=0 --players 3 --games 1 --confirm 1 \
    --out "$tmp/lg.csv"
[ ! -e "$tmp/lg.csv" ] && ok || bad "a bad later_gold left a file"
$J sim --games 20 --players 3 --rules later_gold=0 --out "$tmp/lg0.csv" >/dev/null &&
    $J sim --games 20 --players 3 --rules later_gold=2 --out "$tmp/lg2.csv" >/dev/null &&
    $J sim --games 20 --players 3 --out "$tmp/lgd.csv" >/dev/null && cmp -s "$tmp/lg0.csv" "$tmp/lgd.csv" &&
    ! grep -q later_gold "$tmp/lg0.csv" && grep -q 'round_cap=200,later_gold=2"' "$tmp/lg2.csv" && ok ||
    bad "later_gold in the CSV's rules"

# results/scaling/scaling.sh on one and two threads, a few games each: a row a
# run in its CSV, a row a count in its table (plotted where gnuplot is).
if SCALE_RUNS=1 SCALE_WORKERS="1 2" SCALE_PARTS=threads SCALE_RANDOM_PER=2000 SCALE_MCTS_PER=1 \
    sh results/scaling/scaling.sh "$tmp/scaling" >/dev/null 2>"$tmp/e" &&
    [ "$(grep -c '^random,threads,[12],1,[0-9]*000,[0-9.]*,[0-9.]*$' "$tmp/scaling/scaling.csv")" -eq 2 ] &&
    [ "$(grep -c '^mcts,threads,[12],1,[12],' "$tmp/scaling/scaling.csv")" -eq 2 ] &&
    grep -q '^| random | threads | 2 | [0-9]* \[[0-9]*, [0-9]*\] | [0-9.]* | [0-9]*% |$' "$tmp/scaling/scaling.md" &&
    grep -q '^| mcts:iters=300 | threads | 1 | .* | 1.00 | 100% |$' "$tmp/scaling/scaling.md" &&
    grep -q '^CPU(s):' "$tmp/scaling/machine.txt"; then ok; else bad "results/scaling/scaling.sh: $(cat "$tmp/e")"; fi

# results/spg/compute_curve.py over the committed logs (the standard library
# only): the goal read from results/spg/more/goal.md, every spg seed's last
# strength run as its log has it, at the teacher's 80 minutes and more.
if python3 results/spg/compute_curve.py "$tmp/cc.csv" "$tmp/cc.md" 2>"$tmp/e" &&
    grep -q '^goal: the recommended searcher,,0.6710,,$' "$tmp/cc.csv" &&
    [ "$(grep -c '^"spg from the teacher, seed[1-5]",' "$tmp/cc.csv")" -eq 30 ] &&
    last=$(grep '^"spg from the teacher, seed5",' "$tmp/cc.csv" | tail -n 1 | cut -d, -f4) &&
    [ "$last" = "$(grep -v ',,,$' results/spg/seed5/log.csv | tail -n 1 | cut -d, -f11)" ] &&
    grep -q '^| spg from the teacher, seed5 | 8[0-9] | 59.72% | 59.72% | 7.4 points |$' "$tmp/cc.md"; then ok
else bad "results/spg/compute_curve.py: $(cat "$tmp/e")"; fi

# results/analysis/balance_ladder.py: the committed table is what the committed
# studies and lists make; a rung without a study (the searcher has no
# captain study, and here no ghost one) shows "-" and the comparison falls
# to the two strongest rungs that measured the figure.
mkdir -p "$tmp/bl/analysis" "$tmp/bl/ratings" "$tmp/bl/spg"
cp results/analysis/captain-*.csv results/analysis/ghost-*.csv "$tmp/bl/analysis/" &&
    cp results/ratings/*.csv "$tmp/bl/ratings/" && cp results/spg/rate-seed5-*.csv "$tmp/bl/spg/" &&
    rm -f "$tmp/bl/analysis/ghost-search.csv"
if python3 results/analysis/balance_ladder.py results >"$tmp/bl.md" 2>"$tmp/e" &&
    cmp -s "$tmp/bl.md" results/analysis/balance-ladder.md &&
    python3 results/analysis/balance_ladder.py "$tmp/bl" >"$tmp/bl2.md" 2>"$tmp/e" &&
    grep -q '^| the recommended searcher | 484 | - | - | - | - | 900 | - |$' "$tmp/bl2.md" &&
    grep -q "^- the ghost's share, spg (self-play policy gradient) and net (policy): 11.43% and 10.70%" "$tmp/bl2.md" &&
    grep -q '^- edge at 3 players, spg (self-play policy gradient) and net (policy): ' "$tmp/bl2.md"; then ok
else bad "results/analysis/balance_ladder.py: $(cat "$tmp/e")"; fi

# Plots (when gnuplot is installed: .ci/run installs it): a PNG or SVG of
# every kind from the small runs above.
if command -v gnuplot >/dev/null 2>&1; then
    $J sim --games 200 --out /dev/null --games-csv "$tmp/pg.csv" >/dev/null
    for k in "captain $tmp/c1.csv" "ghost $tmp/gh.csv" "sweep $tmp/sw.csv" "ratings $tmp/r1.csv" "games $tmp/pg.csv"; do
        # shellcheck disable=SC2086
        set -- $k
        if analysis/plot.sh "$1" "$2" "$tmp/plot-$1.png" 2>"$tmp/e" && [ -s "$tmp/plot-$1.png" ] &&
            [ "$(head -c 8 "$tmp/plot-$1.png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ]; then ok; else
            bad "plot $1: $(cat "$tmp/e")"; fi
    done
    analysis/plot.sh sweep "$tmp/sw.csv" "$tmp/plot.svg" && grep -q '<svg' "$tmp/plot.svg" && ok || bad "plot svg"
    # ladder: the ratings against the tournament's --timing; the untimed
    # agent (random) is left out and named in the title.
    $J tournament --agents random,greedy,mcts:iters=10 --players 3 --games 4 --out "$tmp/lr.csv" \
        --timing "$tmp/lt.csv" --checkpoint-every 0 >"$tmp/lmd" &&
        [ "$(wc -l <"$tmp/lt.csv")" -eq 4 ] && grep -q '^random,[0-9]*,0,,,$' "$tmp/lt.csv" &&
        grep -q '^| `mcts:iters=10` | [0-9]* | [0-9.]* | [0-9.]* |$' "$tmp/lmd" && ok || bad "tournament --timing"
    python3 analysis/plots/extract.py ladder "$tmp/lr.csv" "$tmp/ld.data" "$tmp/lt.csv" &&
        [ "$(wc -l <"$tmp/ld.data")" -eq 2 ] && grep -q 'random' "$tmp/ld.data.vars" &&
        analysis/plot.sh ladder "$tmp/lr.csv" "$tmp/ld.png" "$tmp/lt.csv" && [ -s "$tmp/ld.png" ] && ok || bad "plot ladder"
    # In the ladder plot a label longer than 32 characters is cut in two at
    # the comma nearest its middle; a short one keeps an empty second line.
    $J tournament --agents greedy,mcts:iters=10,cutoff=1,c=0.3,stop=decided,eval=stage --players 2 --games 2 \
        --out "$tmp/lr2.csv" --timing "$tmp/lt2.csv" --checkpoint-every 0 >/dev/null &&
        python3 analysis/plots/extract.py ladder "$tmp/lr2.csv" "$tmp/ld3.data" "$tmp/lt2.csv" &&
        grep -q ' "mcts:iters=10,cutoff=1,c=0.3," [-0-9.]* "stop=decided,eval=stage"$' "$tmp/ld3.data" &&
        grep -q ' "greedy" [-0-9.]* ""$' "$tmp/ld3.data" && ok || bad "plot ladder's long labels: $(cat "$tmp/ld3.data")"
    # In the ratings plot such a label is cut to 33 characters and "...".
    python3 analysis/plots/extract.py ratings "$tmp/lr2.csv" "$tmp/ld4.data" &&
        grep -q ' "mcts:iters=10,cutoff=1,c=0.3,stop\.\.\."$' "$tmp/ld4.data" && grep -q ' "greedy"$' "$tmp/ld4.data" &&
        ok || bad "plot ratings' long labels: $(cat "$tmp/ld4.data")"
    analysis/plot.sh ladder "$tmp/lr.csv" "$tmp/ld2.png" 2>"$tmp/e"; rc=$?
    [ $rc -eq 2 ] && grep -q 'timing' "$tmp/e" && [ ! -e "$tmp/ld2.png" ] && ok || bad "plot ladder without timing: exit $rc"
    # games for one agent: its 50 seats' scores (one a game, rotated), not all 200.
    $J sim --games 50 --agents first,random,random,random --rotate --out /dev/null --games-csv "$tmp/pf.csv" >/dev/null
    python3 analysis/plots/extract.py games "$tmp/pf.csv" "$tmp/pf.data" first &&
        [ "$(sed -n '/^$/q;p' "$tmp/pf.data" | wc -l)" -eq 50 ] && ok || bad "plot games for one agent"
    analysis/plot.sh games "$tmp/pf.csv" "$tmp/nobody.png" nobody 2>"$tmp/e"; rc=$?
    [ $rc -eq 2 ] && grep -q "no seat of agent 'nobody'" "$tmp/e" && [ ! -e "$tmp/nobody.png" ] && ok ||
        bad "plot games for an absent agent: exit $rc"
    analysis/plot.sh captain "$tmp/gh.csv" "$tmp/bad.png" 2>"$tmp/e"; rc=$?
    [ $rc -eq 2 ] && [ ! -e "$tmp/bad.png" ] && grep -q "no column" "$tmp/e" && ok || bad "plot of the wrong CSV: exit $rc"
    # scaling: each workload and mode's speed-up is its median games/s over
    # the workload's median on one thread; a workload never run on one
    # thread has none and is left out.
    printf '%s\n' workload,mode,workers,run,games,seconds,games_per_sec random,threads,1,1,1,1,100 \
        random,threads,1,2,1,1,90 random,threads,1,3,1,1,110 random,threads,2,1,1,1,190 random,threads,2,2,1,1,200 \
        random,threads,2,3,1,1,180 random,ranks,2,1,1,1,150 mcts,ranks,2,1,1,1,7 >"$tmp/sc.csv"
    python3 analysis/plots/extract.py scaling "$tmp/sc.csv" "$tmp/sc.data" &&
        [ "$(tr '\n' '/' <"$tmp/sc.data")" = "1 1.000/2 1.900///2 1.500/" ] &&
        grep -q 'titles = "random-threads random-ranks"' "$tmp/sc.data.vars" &&
        analysis/plot.sh scaling "$tmp/sc.csv" "$tmp/sc.png" && [ -s "$tmp/sc.png" ] && ok ||
        bad "plot scaling: $(tr '\n' '/' <"$tmp/sc.data")"
else
    echo "cli: gnuplot not installed: plots not checked (apt-get install gnuplot-nox)"
fi

# Shards: three shards' summaries merge into the single run's, byte for
# byte, and their GAMES.csv rows concatenate to its rows; merge refuses
# another run, a gap and an overlap, naming the shard (exit 2, no file).
for args in "--players 4 --agents greedy,random,random,first --rotate" "--players 2"; do
    # shellcheck disable=SC2086
    $J sim --games 900 $args --out "$tmp/full.csv" --games-csv "$tmp/fullg.csv" >/dev/null &&
        $J sim --games 300 $args --out "$tmp/sh0.csv" --games-csv "$tmp/shg0.csv" >/dev/null &&
        $J sim --first-game 300 --games 250 $args --out "$tmp/sh1.csv" --games-csv "$tmp/shg1.csv" >/dev/null &&
        $J sim --first-game 550 --games 350 $args --out "$tmp/sh2.csv" --games-csv "$tmp/shg2.csv" >/dev/null &&
        $J merge "$tmp/merged.csv" "$tmp/sh2.csv" "$tmp/sh0.csv" "$tmp/sh1.csv" >/dev/null &&
        cmp -s "$tmp/merged.csv" "$tmp/full.csv" &&
        { cat "$tmp/shg0.csv"; tail -n +2 "$tmp/shg1.csv"; tail -n +2 "$tmp/shg2.csv"; } | cmp -s - "$tmp/fullg.csv" &&
        ok || bad "shards of sim $args do not merge into the single run"
done
$J sim --games 300 --players 2 --seed 2 --out "$tmp/other.csv" >/dev/null
expect2 "'$tmp/other.csv' is of another run" merge "$tmp/x.csv" "$tmp/sh0.csv" "$tmp/other.csv"
expect2 "'$tmp/sh2.csv' starts at game 550, but the games before it end at 300 (a gap)" merge "$tmp/x.csv" "$tmp/sh0.csv" "$tmp/sh2.csv"
expect2 "'$tmp/sh1.csv' starts at game 300, inside" merge "$tmp/x.csv" "$tmp/sh0.csv" "$tmp/sh1.csv" "$tmp/sh1.csv"
expect2 "not a summary of this version" merge "$tmp/x.csv" "$tmp/sh0.csv" "$tmp/r1.csv"
expect2 "both an output and a shard" merge "$tmp/sh0.csv" "$tmp/sh0.csv"
[ ! -e "$tmp/x.csv" ] && ok || bad "a refused merge left a file"
expect2 "passes game 2^63" sim --first-game 9223372036854775800 --games 100 --out "$tmp/x.csv"
# Tournament shards (--first-game): merge rebuilds the whole run's ratings
# and pairs, byte for byte, and its report's tables from their GAMES.csv.
for args in "--agents greedy,random,first --players 3" "--agents greedy,random,first,random:stream=1 --players 3" \
    "--agents greedy,random --players 4"; do
    # shellcheck disable=SC2086
    $J tournament --games 30 --seed 4 $args --out "$tmp/tw.csv" --pairs "$tmp/tp.csv" >"$tmp/tw.md" &&
        $J tournament --games 12 --seed 4 $args --out "$tmp/t1.csv" --games-csv "$tmp/tg1.csv" >/dev/null &&
        $J tournament --games 18 --first-game 12 --seed 4 $args --out "$tmp/t2.csv" --games-csv "$tmp/tg2.csv" \
            >/dev/null &&
        $J merge "$tmp/tm.csv" "$tmp/tg2.csv" "$tmp/tg1.csv" --pairs "$tmp/tmp.csv" >"$tmp/tm.md" &&
        cmp -s "$tmp/tw.csv" "$tmp/tm.csv" && cmp -s "$tmp/tp.csv" "$tmp/tmp.csv" &&
        [ "$(sed 1,3d "$tmp/tw.md")" = "$(sed 1,3d "$tmp/tm.md")" ] && grep -q 'deals 0..29; merged from shards' "$tmp/tm.md" &&
        ok || bad "tournament shards of $args do not merge into the single run"
done
expect2 "game 0 seating 0 where game 12 seating 0 was due" merge "$tmp/x.csv" "$tmp/tg1.csv" "$tmp/tg1.csv"
expect2 "not a tournament's GAMES.csv" merge "$tmp/x.csv" "$tmp/shg0.csv" --pairs "$tmp/x2.csv"
[ ! -e "$tmp/x.csv" ] && [ ! -e "$tmp/x2.csv" ] && ! ls -A "$tmp" | grep -q '^\.x' && ok ||
    bad "a refused tournament merge left a file"

# Study shards (--first-game): merge sums their CSVs' tallies into the
# whole study's CSV and Markdown, byte for byte, in any order.
for args in "captain --players 2-3 --agents random --agents first" "ghost --players 3" \
    "sweep --sweep start_gold=2..4 --measure captain" "sweep --sweep start_gold=2..3 --measure rounds" \
    "sweep --sweep ghost_bonus=0..1 --measure ghost"; do
    # shellcheck disable=SC2086
    $J study $args --games 40 --seed 3 --out "$tmp/sw.csv" --md "$tmp/sw.md" &&
        $J study $args --games 15 --seed 3 --out "$tmp/s1.csv" >/dev/null &&
        $J study $args --games 25 --first-game 15 --seed 3 --out "$tmp/s2.csv" --md "$tmp/s2.md" &&
        grep -q '(deals 15..39)' "$tmp/s2.md" &&
        $J merge "$tmp/sm.csv" "$tmp/s2.csv" "$tmp/s1.csv" --md "$tmp/sm.md" 2>"$tmp/e" &&
        cmp -s "$tmp/sw.csv" "$tmp/sm.csv" && cmp -s "$tmp/sw.md" "$tmp/sm.md" && grep -q 'deals 0..39' "$tmp/e" &&
        ok || bad "study shards of $args do not merge into the single run"
done
# One unit for the first Captain's edge: sweep --measure captain in points,
# signed, as study captain gives it (not a percentage).
$J study sweep --sweep start_gold=2..3 --measure captain --games 15 --seed 3 --players 3 --out "$tmp/su.csv" >"$tmp/su.md" 2>/dev/null
grep -q '^| start_gold | captain \[95%\] (points) |$' "$tmp/su.md" && grep -qE '^\| 2 \| [-+][0-9]+\.[0-9]{2} \[[-+][0-9.]+, [-+][0-9.]+\] \|$' "$tmp/su.md" &&
    ok || bad "sweep --measure captain: not in points: $(tail -n 3 "$tmp/su.md")"
$J study sweep --sweep start_gold=2..4 --measure captain --games 15 --seed 3 --out "$tmp/s1.csv" >/dev/null
$J study sweep --sweep start_gold=2..4 --measure captain --games 10 --first-game 40 --seed 3 --out "$tmp/s3.csv" \
    >/dev/null
$J study sweep --sweep start_gold=2..4 --measure captain --games 10 --seed 4 --out "$tmp/s4.csv" >/dev/null
$J study ghost --players 3 --games 10 --seed 3 --out "$tmp/s5.csv" >/dev/null
expect2 "'$tmp/s3.csv' starts at deal 40, but the deals before it end at 15 (a gap)" merge "$tmp/x.csv" "$tmp/s1.csv" "$tmp/s3.csv"
expect2 "'$tmp/s1.csv' starts at deal 0, inside" merge "$tmp/x.csv" "$tmp/s1.csv" "$tmp/s1.csv"
expect2 "'$tmp/s4.csv' is of another study than '$tmp/s1.csv' (they differ in configurations, seed, rules or --luck)" \
    merge "$tmp/x.csv" "$tmp/s1.csv" "$tmp/s4.csv"
expect2 "(they differ in kind of study)" merge "$tmp/x.csv" "$tmp/s1.csv" "$tmp/s5.csv"
expect2 "not a study's CSV of this version" merge "$tmp/x.csv" "$tmp/s1.csv" "$tmp/r1.csv"
expect2 "--md goes with a study's shards" merge "$tmp/x.csv" "$tmp/sh0.csv" --md "$tmp/x.md"
expect2 "--pairs, --bootstrap and --luck go with a tournament's" merge "$tmp/x.csv" "$tmp/s1.csv" --pairs "$tmp/x2.csv"
expect2 "both an output and a shard" merge "$tmp/x.csv" "$tmp/s1.csv" --md "$tmp/s1.csv"
[ ! -e "$tmp/x.csv" ] && [ ! -e "$tmp/x.md" ] && [ ! -e "$tmp/x2.csv" ] && ! ls -A "$tmp" | grep -q '^\.x' && ok ||
    bad "a refused study merge left a file"
# study --games-csv: every configuration's games as sim's rows, one header;
# ghost=off and ghost=on of the same deal have sim's rows for that deal.
$J study ghost --players 3 --games 20 --seed 5 --games-csv "$tmp/sg.csv" --out "$tmp/x3.csv" >/dev/null &&
    $J sim --players 3 --games 20 --seed 5 --rules 2021,ghost=on --rotate --games-csv "$tmp/sg1.csv" \
        --out "$tmp/x4.csv" >/dev/null &&
    [ "$(grep -c '^game,' "$tmp/sg.csv")" -eq 1 ] && [ "$(wc -l <"$tmp/sg.csv")" -eq $((1 + 20 * 3 + 20 * 3 + 20 * 4)) ] &&
    [ "$(tail -n 80 "$tmp/sg.csv")" = "$(tail -n 80 "$tmp/sg1.csv")" ] && ok ||
    bad "study --games-csv: $(head -n 3 "$tmp/sg.csv")"
expect2 "are the same file" study captain --games 5 --out "$tmp/x.csv" --games-csv "$tmp/x.csv"

# tune: one row an iteration; the last line a spec sim takes; a stop (or a
# CSV cut short) resumed gives the bytes of the run that never stopped;
# ranges the agent refuses, and a resume of other options, exit 2.
T="greedy --param w_win=0..60 --param samples=1..4 --games 30 --iterations 4 --confirm 20 --threads 2"
# shellcheck disable=SC2086
$J tune $T --out "$tmp/tu.csv" >"$tmp/tu.out" && [ "$(wc -l <"$tmp/tu.csv")" -eq 5 ] &&
    head -n 1 "$tmp/tu.csv" | grep -q '^iteration,first_game,games,w_win,samples,y_plus,y_minus,diff,' &&
    grep -q '^confirmation, deals 120..139 against greedy: tuned' "$tmp/tu.out" &&
    $J sim --games 5 --agents "$(tail -n 1 "$tmp/tu.out")",greedy --out "$tmp/x5.csv" >/dev/null && ok ||
    bad "tune: $(cat "$tmp/tu.out")"
head -n 3 "$tmp/tu.csv" >"$tmp/tu2.csv"
# shellcheck disable=SC2086
$J tune $T --out "$tmp/tu2.csv" --resume >"$tmp/tu2.out" && cmp -s "$tmp/tu.csv" "$tmp/tu2.csv" &&
    [ "$(sed 1d "$tmp/tu.out")" = "$(sed 1d "$tmp/tu2.out")" ] && ok || bad "tune --resume: not the same bytes"
# shellcheck disable=SC2086
T200=$(echo "$T" | sed 's/--games 30/--games 200/; s/--iterations 4/--iterations 12/') # an option is given once
# Stopped well after its start (a loaded machine starts slowly) and well
# before its end, by one SIGINT: without --foreground, timeout signals the
# process and then its whole group, a second signal that ends a run at once
# (as a second Ctrl-C does) when the two do not merge.
timeout --foreground -s INT 1.5 $J tune $T200 --out "$tmp/tu3.csv" >/dev/null 2>&1
# shellcheck disable=SC2086
$J tune $T200 --out "$tmp/tu4.csv" >/dev/null && $J tune $T200 --out "$tmp/tu3.csv" --resume >/dev/null &&
    cmp -s "$tmp/tu3.csv" "$tmp/tu4.csv" && ok || bad "tune: stopped and resumed, not the same bytes"
expect2 "bad value '0' for samples" tune greedy --param samples=0..4 --out "$tmp/x.csv"
expect2 "unknown parameter 'bogus'" tune greedy --param bogus=0..1 --out "$tmp/x.csv"
expect2 "bad --param 'w_win=5..1' (LO below HI)" tune greedy --param w_win=5..1 --out "$tmp/x.csv"
expect2 "tune needs at least one --param" tune greedy --out "$tmp/x.csv"
expect2 "tune needs the AGENT" tune --param w_win=0..1 --out "$tmp/x.csv"
# shellcheck disable=SC2086
expect2 "made with another seed (1, not 2)" tune $T --seed 2 --out "$tmp/tu2.csv" --resume
[ ! -e "$tmp/x.csv" ] && ok || bad "a refused tune left a file"

# bench --quick: key=value lines with state_bytes <= 256.
$J bench --quick >"$tmp/bq" 2>&1
sb=$(sed -n 's/^state_bytes=//p' "$tmp/bq")
[ -n "$sb" ] && [ "$sb" -le 256 ] && grep -qE '^games_per_sec_1t=[0-9]+$' "$tmp/bq" && ok || bad "bench --quick: $(cat "$tmp/bq")"

# jamaica learn: the same bytes from its seed on any thread count (the
# command line aside), another seed another fit, and a last line that is an
# agent spec sim plays.
$J learn --agents greedy --games 150 --every 4 --seed 3 --threads 1 --out "$tmp/l1.txt" >"$tmp/lo" 2>"$tmp/e" &&
    $J learn --agents greedy --games 150 --every 4 --seed 3 --threads 2 --out "$tmp/l2.txt" >/dev/null 2>&1 &&
    $J learn --agents greedy --games 150 --every 4 --seed 4 --out "$tmp/l3.txt" >/dev/null 2>&1 && ok ||
    bad "learn: $(cat "$tmp/e")"
[ "$(tail -n +2 "$tmp/l1.txt")" = "$(tail -n +2 "$tmp/l2.txt")" ] && ok || bad "learn differs with --threads"
[ "$(tail -n 1 "$tmp/l1.txt")" != "$(tail -n 1 "$tmp/l3.txt")" ] && ok || bad "learn ignores --seed"
grep -q "^# jamaica learn --agents greedy --games 150 --every 4 --seed 3 --threads 1 --out $tmp/l1.txt\$" "$tmp/l1.txt" &&
    grep -q "^$tmp/l1.txt: [0-9]* states from 150 games; log-loss 0\.[0-9]* (base rate 0\.[0-9]*)\$" "$tmp/lo" && ok ||
    bad "learn's command line or report: $(head -n 1 "$tmp/l1.txt") / $(cat "$tmp/lo")"
L=$(tail -n 1 "$tmp/l1.txt")
case "$L" in greedy:samples=8,w_gold=1,w_progress=*,w_win=*) ok ;; *) bad "learn's last line: $L" ;; esac
$J sim --games 20 --agents "$L,random" --out /dev/null >/dev/null 2>"$tmp/e" && ok || bad "the learned agent: $(cat "$tmp/e")"
# learn --stage: the same bytes on any thread count, a table of the 7
# features' start and per-stage weights with their errors, a last line of
# 7 + 7 numbers (heur_staged's form), another fit than the linear one.
$J learn --agents greedy --games 150 --every 4 --seed 3 --stage --threads 1 --out "$tmp/s1.txt" >/dev/null 2>"$tmp/e" &&
    $J learn --agents greedy --games 150 --every 4 --seed 3 --stage --threads 2 --out "$tmp/s2.txt" >/dev/null 2>&1 &&
    ok || bad "learn --stage: $(cat "$tmp/e")"
[ "$(tail -n +2 "$tmp/s1.txt")" = "$(tail -n +2 "$tmp/s2.txt")" ] && ok || bad "learn --stage differs with --threads"
grep -qE '^eval=stage start=(-?[0-9]+\.[0-9]{6},){6}-?[0-9]+\.[0-9]{6} per_stage=(-?[0-9]+\.[0-9]{6},){6}-?[0-9]+\.[0-9]{6}$' \
    "$tmp/s1.txt" && [ "$(grep -cE '^# (gold|progress|space|treasure|power|food|powder) +(-?[0-9]+\.[0-9]+ +){3}-?[0-9]+\.[0-9]+$' "$tmp/s1.txt")" -eq 7 ] && ok ||
    bad "learn --stage's lines: $(tail -n 3 "$tmp/s1.txt")"
[ "$(tail -n 1 "$tmp/s1.txt")" != "$(tail -n 1 "$tmp/l1.txt")" ] && ok || bad "learn --stage fits what learn fits"
# learn --hand: the same bytes on any thread count, the 7 features and the
# hand's 3 in the table, a last line of 10 + 10 numbers (heur_hand's form),
# fewer states than --stage at every decision (only the starts of rounds).
$J learn --agents greedy --games 150 --every 1 --seed 3 --hand --threads 1 --out "$tmp/h1.txt" >"$tmp/ho" 2>"$tmp/e" &&
    $J learn --agents greedy --games 150 --every 1 --seed 3 --hand --threads 2 --out "$tmp/h2.txt" >/dev/null 2>&1 &&
    ok || bad "learn --hand: $(cat "$tmp/e")"
[ "$(tail -n +2 "$tmp/h1.txt")" = "$(tail -n +2 "$tmp/h2.txt")" ] && ok || bad "learn --hand differs with --threads"
grep -qE '^eval=hand start=(-?[0-9]+\.[0-9]{6},){9}-?[0-9]+\.[0-9]{6} per_stage=(-?[0-9]+\.[0-9]{6},){9}-?[0-9]+\.[0-9]{6}$' \
    "$tmp/h1.txt" && [ "$(grep -cE '^# (gold|progress|space|treasure|power|food|powder|hand_steps|hand_gold|hand_halves) +(-?[0-9]+\.[0-9]+ +){3}-?[0-9]+\.[0-9]+$' "$tmp/h1.txt")" -eq 10 ] &&
    grep -q "one in 1 starts of a round" "$tmp/h1.txt" && ok || bad "learn --hand's lines: $(tail -n 3 "$tmp/h1.txt")"
$J learn --agents greedy --games 150 --every 1 --seed 3 --stage --threads 1 --out "$tmp/s3.txt" >"$tmp/so" 2>&1 &&
    [ "$(sed 's/ states.*//; s/.*: //' "$tmp/ho")" -lt "$(sed 's/ states.*//; s/.*: //' "$tmp/so")" ] && ok ||
    bad "learn --hand keeps as many states as every decision: $(cat "$tmp/ho") / $(cat "$tmp/so")"
expect2 "'0'" learn --every 0
expect2 "'bogus'" learn --agents bogus
mkdir "$tmp/lint"
$J learn --agents random --games 100000000 --out "$tmp/lint/l.txt" >/dev/null 2>&1 &
pid=$!
n=0
while [ $n -lt 50 ] && [ -z "$(ls -A "$tmp/lint")" ]; do sleep 0.1; n=$((n + 1)); done
kill -TERM $pid
wait $pid 2>/dev/null # the shell's "Terminated" is no test output
rc=$?
[ $rc -eq 143 ] && [ -z "$(ls -A "$tmp/lint")" ] && ok || bad "learn after SIGTERM: exit $rc, left $(ls -A "$tmp/lint")"
$J learn --games 1 --every 1000 --out "$tmp/l4.txt" >/dev/null 2>"$tmp/e"
[ $? -eq 1 ] && grep -q "do not determine the fit" "$tmp/e" && [ ! -e "$tmp/l4.txt" ] && ok || bad "learn with too few states"

# A run's temporary output has no name while it is written (O_TMPFILE), so
# a run killed outright (SIGKILL) leaves nothing.  Where the file system
# lacks O_TMPFILE it is named ".s.csv.jamaica-HOST-PID.XXXXXX": the next
# run writing the same file on this host removes those of dead processes
# (planted here, under the pid of a process that has ended) and says so,
# and touches no temporary file of a live process, of another host or
# named otherwise.
mkdir "$tmp/kill"
host=$(hostname | tr -c 'A-Za-z0-9\n-' '-')
$J sim --games 100000000 --threads 1 --out "$tmp/kill/s.csv" >/dev/null 2>&1 &
pid=$!
sleep 0.5
kill -9 $pid
wait $pid 2>/dev/null
[ -z "$(ls -A "$tmp/kill")" ] && ok || bad "a killed sim left a file: $(ls -A "$tmp/kill")"
left=".s.csv.jamaica-$host-$pid.QwErTy"
: >"$tmp/kill/$left"
touch "$tmp/kill/.s.csv.jamaica-$host-$$.AbCdEf" "$tmp/kill/.s.csv.jamaica-otherhost-$pid.AbCdEf" "$tmp/kill/.s.csv.XyZ123"
$J sim --games 10 --out "$tmp/kill/s.csv" >/dev/null 2>"$tmp/e"
[ ! -e "$tmp/kill/$left" ] && grep -q "^jamaica: removed '.*$left', the unfinished output of a run (pid $pid) that was killed\$" "$tmp/e" &&
    ok || bad "the killed run's temporary file: $(ls -a "$tmp/kill") $(cat "$tmp/e")"
[ -e "$tmp/kill/.s.csv.jamaica-$host-$$.AbCdEf" ] && [ -e "$tmp/kill/.s.csv.jamaica-otherhost-$pid.AbCdEf" ] &&
    [ -e "$tmp/kill/.s.csv.XyZ123" ] && [ -s "$tmp/kill/s.csv" ] && ok || bad "a temporary file not the killed run's was removed"

# bin/python, the interpreter the docs name, runs the module with numpy
# whichever python3 comes first on PATH (here one that imports nothing).
mkdir -p "$tmp/fakepy"
printf '#!/bin/sh\nexit 1\n' >"$tmp/fakepy/python3"
chmod 755 "$tmp/fakepy/python3"
if /usr/bin/python3 -c 'import numpy' 2>/dev/null; then
    (cd "$tmp" && PATH="$tmp/fakepy:$PATH" env -u PYTHONPATH -u JAMAICA_LIB "$top/bin/python" -c \
        'import numpy, jamaica; jamaica.VecEnv(2, players=2).reset()') && ok || bad "bin/python with another python3 first"
fi
# balance: bad input gets one line and exit 2, nothing written.
mkdir -p "$tmp/bal"
for args in "--vary ghost_gold=9..3 --target ghost=0.3 --players 2|bad --vary range 'ghost_gold=9..3'" \
    "--vary ghost_gold=1..3:0 --target ghost=0.3 --players 2|bad --vary 'ghost_gold=1..3:0'" \
    "--vary nosuch=1..3 --target ghost=0.3 --players 2|nosuch" \
    "--vary ghost_gold=1..3 --target nosuch=1 --players 2|unknown measure in 'nosuch=1'" \
    "--vary ghost_gold=1..3 --target ghost --players 2|bad --target 'ghost'" \
    "--vary ghost_gold=1..3 --target ghost=x --players 2|bad value in 'ghost=x'" \
    "--vary ghost_gold=1..3 --keep rounds<22 --players 2|bad --keep 'rounds<22'" \
    "--vary ghost_gold=1..3 --target win:4=0.5 --players 2|measure win:4: 2 players" \
    "--target ghost=0.3 --players 2|balance needs --vary" \
    "--vary ghost_gold=1..3 --players 2|balance needs --target" \
    "--vary ghost_gold=1..3 --target ghost=0.3 --players 4|the ghost does not sail with 4 players" \
    "--vary start_gold=1..3 --vary start_gold=4..5 --target captain=0|--vary start_gold given twice"; do
    a=${args%%|*} want=${args#*|}
    # shellcheck disable=SC2086
    (cd "$tmp/bal" && "$top/$J" balance $a --games 10 --out b.csv >/dev/null 2>err)
    st=$?
    [ $st -eq 2 ] && [ "$(wc -l <"$tmp/bal/err")" -eq 1 ] && grep -qF -- "$want" "$tmp/bal/err" && [ -z "$(ls "$tmp/bal" | grep -v '^err$')" ] &&
        ok || bad "balance $a: exit $st: $(cat "$tmp/bal/err")"
done
# A search: every setting of round 0 in the CSV, halving to one, the
# confirmation on deals after every deal the search used; a target met
# within its interval; the same bytes on one thread.
$J balance --vary ghost_gold=8..14 --target ghost=0.26 --keep 'rounds<=26' --players 2 --games 400 --confirm 8000 \
    --out "$tmp/bal/b.csv" >"$tmp/bal/md" 2>"$tmp/bal/err" && ok || bad "balance: $(cat "$tmp/bal/err")"
# Its first line names the agents (random, the default), its second says
# how many games it will play: the CSV's rows add up to it (a search row's
# games are its setting's so far; a round adds the rest).
n=$(awk -F, '$1 == "search" { c[$2]++; g[$2] = $4 } $1 == "confirm" { s += $4 }
    END { for (r = 0; r in c; r++) s += c[r] * (g[r] - (r ? g[r - 1] : 0)); print s }' "$tmp/bal/b.csv")
sed -n 2p "$tmp/bal/err" | grep -q "^balance: 7 settings: $n games in all, the confirmation's 8000 among them\$" && ok ||
    bad "balance: its estimate: $(sed -n 2p "$tmp/bal/err") (the CSV: $n games)"
[ "$(grep -c '^search,0,' "$tmp/bal/b.csv")" -eq 7 ] && [ "$(grep -c '^confirm,' "$tmp/bal/b.csv")" -eq 1 ] && ok ||
    bad "balance: the CSV's rows: $(cut -c1-40 "$tmp/bal/b.csv")"
last=$(awk -F, '$1 == "search" && $4 > n {n = $4} END {print n}' "$tmp/bal/b.csv")
first=$(awk -F, '$1 == "confirm" {print $3}' "$tmp/bal/b.csv")
[ -n "$last" ] && [ "$first" -ge "$last" ] && ok || bad "balance: the confirmation starts at deal $first, the search used $last"
grep -q '^| ghost | = 0.26 | 0.2[0-9]* \[0.2[0-9]*, 0.2[0-9]*\] | yes |$' "$tmp/bal/md" &&
    grep -q '^| rounds | <= 26 | .* | yes |$' "$tmp/bal/md" && ok || bad "balance: the report: $(cat "$tmp/bal/md")"
$J balance --vary ghost_gold=8..14 --target ghost=0.26 --keep 'rounds<=26' --players 2 --games 400 --confirm 8000 \
    --out "$tmp/bal/b1.csv" --threads 1 >/dev/null 2>&1 && cmp -s "$tmp/bal/b.csv" "$tmp/bal/b1.csv" && ok ||
    bad "balance: other bytes on one thread"
if command -v gnuplot >/dev/null 2>&1; then
    analysis/plot.sh balance "$tmp/bal/b.csv" "$tmp/bal/b.png" 2>"$tmp/e" &&
        [ "$(head -c 8 "$tmp/bal/b.png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] && ok || bad "plot balance: $(cat "$tmp/e")"
    python3 analysis/plots/extract.py balance "$tmp/bal/b.csv" "$tmp/bal/b.data" rounds &&
        [ "$(grep -c '^[0-9]' "$tmp/bal/b.data")" -eq 7 ] && ok || bad "plot balance: the first round's 7 settings"
    analysis/plot.sh balance "$tmp/bal/b.csv" "$tmp/bal/n.png" nosuch 2>"$tmp/e"; st=$?
    [ $st -eq 2 ] && grep -q "no measure 'nosuch'" "$tmp/e" && ok || bad "plot balance: an unknown measure: exit $st"
fi
# A target no setting reaches is said to be out of reach.
$J balance --vary ghost_gold=4..8 --target ghost=0.9 --players 2 --games 300 --confirm 1000 --out "$tmp/bal/c.csv" \
    >"$tmp/bal/md" 2>/dev/null && grep -q "^No setting in the ranges reaches ghost = 0.9: every setting's interval in the first round (300 games each) lies below it.$" "$tmp/bal/md" &&
    ok || bad "balance: out of reach: $(cat "$tmp/bal/md")"

# The network agents (docs/NETWORK.md): the same bytes on 1 and 2 threads;
# a bad network file is one line naming it, exit 2, nothing written.
N=tests/fixtures/golden/net-32-16.jmn
A="net:file=$N,guided:file=$N,iters=30,net:file=$N,temp=1,guided:file=$N,iters=20,root=puct,value=hand,net:file=$N,eps=0.3"
$J sim --games 8 --agents "$A" --rotate --threads 1 --out "$tmp/n1.csv" --games-csv "$tmp/ng1.csv" >/dev/null &&
    $J sim --games 8 --agents "$A" --rotate --threads 2 --out "$tmp/n2.csv" --games-csv "$tmp/ng2.csv" >/dev/null &&
    cmp -s "$tmp/n1.csv" "$tmp/n2.csv" && cmp -s "$tmp/ng1.csv" "$tmp/ng2.csv" && ok || bad "network agents: 1 and 2 threads differ"
head -c 4000 $N >"$tmp/cut.jmn"
$J sim --games 2 --agents "net:file=$tmp/cut.jmn,random" --out "$tmp/nx.csv" >"$tmp/o" 2>"$tmp/e"; st=$?
[ $st -eq 2 ] && [ "$(wc -l <"$tmp/e")" -eq 1 ] && grep -q "agent 'net': $tmp/cut.jmn: truncated" "$tmp/e" &&
    [ ! -e "$tmp/nx.csv" ] && ok || bad "net: a truncated file: exit $st, $(cat "$tmp/e")"
printf 'version,players,agent,rating\n' >"$tmp/e.jmn"
$J sim --games 2 --agents "guided:file=$tmp/e.jmn,random" --out "$tmp/nx.csv" >"$tmp/o" 2>"$tmp/e"; st=$?
[ $st -eq 2 ] && grep -q "not a network file" "$tmp/e" && ok || bad "guided: a text file: exit $st, $(cat "$tmp/e")"
# A directory and a file with bytes past its tensors are named as such (not
# "9223372036854775807 bytes", not "truncated"); a \u escape at the very end
# of a header is read within it (valgrind saw sscanf read past it).
$J sim --games 2 --agents "net:file=$tmp,random" --out "$tmp/nx.csv" >"$tmp/o" 2>"$tmp/e"; st=$?
[ $st -eq 2 ] && grep -q "agent 'net': $tmp: a directory, not a network file" "$tmp/e" && ok ||
    bad "net: a directory: exit $st, $(cat "$tmp/e")"
{ cat $N; printf 'tail'; } >"$tmp/trail.jmn"
$J bench --net "$tmp/trail.jmn" --quick >"$tmp/o" 2>"$tmp/e"; st=$?
[ $st -eq 2 ] && grep -q "trail.jmn: 4 bytes after the tensors' end" "$tmp/e" && ok ||
    bad "net: trailing bytes: exit $st, $(cat "$tmp/e")"
printf '\034\000\000\000\000\000\000\000{"__metadata__":{"x":"\\u0041' >"$tmp/u.jmn"
$J bench --net "$tmp/u.jmn" --quick >"$tmp/o" 2>"$tmp/e"; st=$?
[ $st -eq 2 ] && grep -q "u.jmn: the header is not JSON (a string does not end)" "$tmp/e" && ok ||
    bad "net: a \\u escape at the header's end: exit $st, $(cat "$tmp/e")"
# bench --net: its lines, and a checksum that is the same on every run (the
# arithmetic's bits).
$J bench --net $N --quick >"$tmp/b1" && $J bench --net $N --quick >"$tmp/b2" &&
    grep -q '^net_hidden=32,16$' "$tmp/b1" && grep -qE '^net_eval_ns=[0-9.]+$' "$tmp/b1" &&
    grep -qE '^encode_ns=[0-9.]+$' "$tmp/b1" && grep -qE '^net_eval_wall_ns=[0-9.]+$' "$tmp/b1" &&
    [ "$(grep checksum "$tmp/b1")" = "$(grep checksum "$tmp/b2")" ] &&
    ok || bad "bench --net: $(cat "$tmp/b1")"

# rate: an agent placed among fixed anchors; the anchors keep their ratings,
# a copy of an anchor lands near it, a stronger agent above a weaker one;
# the same bytes on 1 and 2 threads; bad lists and specs refused.
printf 'version,players,agent,rating\nt1,2,random,-400\nt1,2,greedy,0\n' >"$tmp/l2.csv"
$J rate greedy:samples=2 --list "$tmp/l2.csv" --games 60 --threads 1 --out "$tmp/r1.csv" >"$tmp/ro" &&
    $J rate greedy:samples=2 --list "$tmp/l2.csv" --games 60 --threads 2 --out "$tmp/r2.csv" >/dev/null &&
    cmp -s "$tmp/r1.csv" "$tmp/r2.csv" && grep -q '^random,1,-400.0,-400.0,-400.0,' "$tmp/r1.csv" &&
    grep -q '^# Rating of `greedy:samples=2` on the 2-player list t1$' "$tmp/ro" &&
    awk -F, 'NR == 2 { exit !($3 > -150 && $3 < 150 && $4 < $3 && $3 < $5) }' "$tmp/r1.csv" && ok ||
    bad "rate: a copy of an anchor: $(cat "$tmp/ro")"
$J rate random:stream=1 --list "$tmp/l2.csv" --games 60 --out "$tmp/r3.csv" >/dev/null &&
    awk -F, 'NR == 2 { exit !($3 < -250) }' "$tmp/r3.csv" && ok || bad "rate: random's copy: $(head -2 "$tmp/r3.csv")"
$J rate greedy --list "$tmp/l2.csv" --games 5 >"$tmp/o" 2>"$tmp/e"; st=$?
[ $st -eq 2 ] && grep -q "'greedy' is an anchor of the list" "$tmp/e" && ok || bad "rate: an anchor: exit $st"
$J rate greedy --list "$tmp/nosuch.csv" >"$tmp/o" 2>"$tmp/e"; st=$?
[ $st -eq 2 ] && grep -q "rating list '$tmp/nosuch.csv': No such file" "$tmp/e" && ok || bad "rate: no list: exit $st"
$J rate sharp --list "$tmp/l2.csv" --players 4 >"$tmp/o" 2>"$tmp/e"; st=$?
[ $st -eq 2 ] && grep -q "a 2-player anchor in a list for --players 4" "$tmp/e" && ok || bad "rate: players: exit $st"
$J rate >"$tmp/o" 2>"$tmp/e"; st=$?
[ $st -eq 2 ] && grep -q "rate needs an agent SPEC" "$tmp/e" && ok || bad "rate: no spec: exit $st"
$J rate nosuch --list "$tmp/l2.csv" >"$tmp/o" 2>"$tmp/e"; st=$?
[ $st -eq 2 ] && grep -q "unknown agent 'nosuch'" "$tmp/e" && ok || bad "rate: unknown agent: exit $st"
# A program meets fresh deals by default (a sealed seed drawn for the run,
# never the same twice), a built-in agent the list's public ones; --seed 1
# gives the public deals to a program too; --games-csv keeps every game
# (8 games, a row for each of 2 seats and the Ghost Ship).
printf '#!/bin/sh\nwhile read l; do case $l in jamaica-agent*) echo "agent t";; ready) echo ready;; go) echo 0;; quit) exit;; esac; done\n' >"$tmp/first.sh"
chmod 755 "$tmp" # fresh deals seal the run: the program plays in its sandbox, as its own uid when root
$J rate "cmd:sh $tmp/first.sh" --list "$tmp/l2.csv" --games 2 --games-csv "$tmp/rg1.csv" >"$tmp/ro1" 2>"$tmp/re1" &&
    $J rate "cmd:sh $tmp/first.sh" --list "$tmp/l2.csv" --games 2 --games-csv "$tmp/rg2.csv" >/dev/null 2>&1 &&
    grep -q "; fresh deals, unknown before the run, each seating its own)" "$tmp/ro1" && [ "$(wc -l <"$tmp/rg1.csv")" -eq 25 ] &&
    s1=$(awk -F, 'NR == 2 { print $2 }' "$tmp/rg1.csv") && s2=$(awk -F, 'NR == 2 { print $2 }' "$tmp/rg2.csv") &&
    case $s1 in sealed:*) [ "$s1" != "$s2" ] && grep -q "$s1" "$tmp/ro1" ;; *) false ;; esac && ok ||
    bad "rate: a program's fresh deals: $(cat "$tmp/ro1" "$tmp/re1")"
$J rate first --list "$tmp/l2.csv" --games 2 >"$tmp/ro1" &&
    $J rate "cmd:sh $tmp/first.sh" --list "$tmp/l2.csv" --games 2 --seed 1 >"$tmp/ro2" 2>/dev/null &&
    grep -q '(seed 1, deals 0\.\.1, rules 2021; public deals, the same in every run)' "$tmp/ro1" &&
    grep -q '(seed 1, deals 0\.\.1, rules 2021; public deals, the same in every run)' "$tmp/ro2" && ok ||
    bad "rate: the public deals: $(cat "$tmp/ro1" "$tmp/ro2")"
$J rate first --list "$tmp/l2.csv" --games 2 --out "$tmp/same.csv" --games-csv "$tmp/same.csv" >"$tmp/o" 2>"$tmp/e"; st=$?
[ $st -eq 2 ] && [ ! -s "$tmp/o" ] && [ ! -e "$tmp/same.csv" ] && grep -q "are the same file" "$tmp/e" && ok ||
    bad "rate: --out and --games-csv the same: exit $st"

finish
