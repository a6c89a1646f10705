#!/bin/sh
# reading.sh: what the reports' figures and names say.  A variant is
# compared by its tables, not its bytes (diff); a sample with no spread is
# read by one rule everywhere (docs/STATISTICS.md, "No spread"); an agent
# is shown by its short name, its spec kept in the CSVs.  Each invocation
# tiny.
suite=reading
. "$(dirname "$0")/../harness.sh"

# --- Variants by their tables: the base game's file with a byte-order mark
# and CRLF line ends is the base game; one card changed still differs.
$J variant --print >"$tmp/base.variant" || bad "variant --print"
{ printf '\357\273\277'; sed 's/$/\r/' "$tmp/base.variant"; } >"$tmp/bom.variant"
sed 's/^card 6 gold gold\r$/card 6 gold forward\r/' "$tmp/bom.variant" >"$tmp/bom6.variant"
cmp -s "$tmp/bom.variant" "$tmp/bom6.variant" && bad "the changed variant is the same file"
(cd "$tmp" && $top/$J sim --rules bom.variant --players 3 --games 20 --out v.csv --games-csv vg.csv >/dev/null &&
    $top/$J sim --players 3 --games 20 --out b.csv --games-csv bg.csv >/dev/null) || bad "sim under bom.variant"
(cd "$tmp" && $top/$J diff bg.csv vg.csv >d.txt 2>e.txt); st=$?
[ $st -eq 0 ] && [ ! -s "$tmp/e.txt" ] && ! grep -q '^# variants differ' "$tmp/d.txt" &&
    grep -q '^# the same tables: A plays the base game, B plays the variant bom.variant@[0-9a-f]\{16\} ' "$tmp/d.txt" &&
    ok || bad "diff of the base game against its BOM and CRLF file: exit $st: $(head -n 3 "$tmp/d.txt")"
(cd "$tmp" && $top/$J diff --rules 2021 --vs-rules bom.variant --players 3 --games 20 >d.txt 2>e.txt); st=$?
[ $st -eq 0 ] && ! grep -q '^# variants differ' "$tmp/d.txt" && grep -q '^# the same tables: ' "$tmp/d.txt" &&
    ok || bad "diff --rules 2021 --vs-rules bom.variant: exit $st: $(head -n 3 "$tmp/d.txt")"
(cd "$tmp" && $top/$J diff --rules bom.variant --vs-rules bom6.variant --players 3 --games 20 --show 1 >d.txt); st=$?
[ $st -eq 1 ] && grep -q '^# variants differ: A plays the variant bom.variant@[0-9a-f]*, B plays the variant bom6.variant@' "$tmp/d.txt" &&
    grep -q '^  B: {"round":[0-9]*,"event":"card","ship":[0-9],"card":6,"morning":"gold","evening":"forward"}$' "$tmp/d.txt" &&
    ok || bad "diff between variants that differ in one card: exit $st: $(head -n 3 "$tmp/d.txt")"

# --- No spread, one rule (docs/STATISTICS.md): a share known by
# construction says so; a run against itself gives the bounded win
# difference its cautious interval (each deal one trial) and the unbounded
# score and rounds differences no interval, not a point.
$J sim --games 300 --seed 3 --out "$tmp/s.csv" --games-csv "$tmp/a.csv" >"$tmp/o" &&
    [ "$(sed -n 2p "$tmp/o")" = "  random: wins 25.00% (by construction: one agent in every seat) of 1200 seat-games" ] &&
    grep -q ',agent,random,1200,300,0.250000,0.250000,0.250000,' "$tmp/s.csv" &&
    ok || bad "sim, one agent in every seat: $(sed -n 2p "$tmp/o"), $(grep ',agent,' "$tmp/s.csv")"
$J diff "$tmp/a.csv" "$tmp/a.csv" >"$tmp/d.txt"; st=$?
[ $st -eq 0 ] &&
    grep -q '^| seat | `0` | 300 | 23.33% | 23.33% | +0.00 \[-11.29, +11.29\] | 1 | 1 | 10.17 | 10.17 | +0.000 (no spread) | 1 |$' "$tmp/d.txt" &&
    grep -q '^| agent | `random` | 1200 | .* | +0.00 \[-11.29, +11.29\] | 1 | 1 | .* | +0.000 (no spread) | 1 |$' "$tmp/d.txt" &&
    grep -q '^Rounds per game: A 21.260, B 21.260, B - A +0.000, no spread in 300 deals (the sign test, p 1).$' "$tmp/d.txt" &&
    ! grep -q '\[+0.000, +0.000\]' "$tmp/d.txt" && ok || bad "diff of a run against itself: exit $st: $(sed -n 3,12p "$tmp/d.txt")"
# A single game: the bounded interval of one deal (t with 1 degree of
# freedom), the unbounded none.
$J sim --games 1 --seed 3 --out /dev/null --games-csv "$tmp/one.csv" >/dev/null &&
    $J diff "$tmp/one.csv" "$tmp/one.csv" >"$tmp/d.txt" &&
    grep -q '^| seat | `0` | 1 | 0.00% | 0.00% | +0.00 \[-99.69, +99.69\] | 1 | 1 | 23.00 | 23.00 | +0.000 (no spread) | 1 |$' "$tmp/d.txt" &&
    ok || bad "diff of one game against itself: $(sed -n 9,10p "$tmp/d.txt")"

# --- Names (docs/AGENTS.md, "Names"): name= on any spec, or what a program
# calls itself in its handshake, is what the tables show; the CSVs keep the
# spec, and name= changes no game.
$J sim --games 30 --players 3 --agents greedy,random,sharp --out "$tmp/p.csv" --games-csv "$tmp/pg.csv" >/dev/null &&
    $J sim --games 30 --players 3 --agents greedy:name=g1,random:name=r.2,sharp --out "$tmp/q.csv" \
        --games-csv "$tmp/qg.csv" >"$tmp/o" || bad "sim with name="
[ "$(awk -F, '{print $NF}' "$tmp/pg.csv")" = "$(awk -F, '{print $NF}' "$tmp/qg.csv")" ] &&
    grep -q '^  g1: wins ' "$tmp/o" && grep -q '^  r.2: wins ' "$tmp/o" && grep -q '^  sharp: wins ' "$tmp/o" &&
    grep -q '^  g1: [0-9]* decisions' "$tmp/o" && ! grep -q 'name=' "$tmp/o" &&
    grep -q ',agent,greedy:name=g1,' "$tmp/q.csv" && grep -q ',greedy:name=g1,' "$tmp/qg.csv" &&
    ok || bad "sim with name=: the same games, short names shown, specs kept: $(cat "$tmp/o")"
$J diff "$tmp/pg.csv" "$tmp/qg.csv" --show 0 >"$tmp/d.txt"; st=$?
[ $st -eq 0 ] && grep -q '^| agent | `greedy -> g1` | 30 |' "$tmp/d.txt" && grep -q '^| agent | `sharp` | 30 |' "$tmp/d.txt" &&
    ok || bad "diff of a run against itself renamed: exit $st: $(grep '^| agent' "$tmp/d.txt")"
expect2 "bad name 'a b'" sim --games 1 --agents "greedy:name=a b"
expect2 "name= given twice" sim --games 1 --agents greedy:name=a,name=b
expect2 "agents 'greedy:name=random' and 'random' would both be shown as 'random'" \
    sim --games 1 --players 2 --agents greedy:name=random,random
expect2 "would both be shown as 'x'" tournament --games 1 --players 2 --agents greedy:name=x,random:name=x
# A program: the name from its handshake (`agent faulty-good`), in sim's
# lines and a tournament's tables, its command in the CSV and a last
# column `name`; name= wins over it; two that call themselves alike show
# their specs.
F="sh $top/tests/fixtures/agents/faulty.sh good"
$J sim --games 4 --players 2 --agents "cmd:$F,greedy" --out /dev/null >"$tmp/o" 2>/dev/null &&
    grep -q '^  faulty-good: wins ' "$tmp/o" && ! grep -q 'faulty.sh' "$tmp/o" &&
    ok || bad "sim: a program by its handshake name: $(cat "$tmp/o")"
$J tournament --games 2 --players 2 --agents "cmd:$F,greedy:name=g" --out "$tmp/t.csv" >"$tmp/o" 2>/dev/null &&
    grep -q '^| `faulty-good` | 4 |' "$tmp/o" && grep -q '^| 2 `g` |' "$tmp/o" && ! grep -q 'faulty.sh\|name=' "$tmp/o" &&
    [ "$(head -n 1 "$tmp/t.csv" | tr ',' '\n' | tail -n 1)" = name ] &&
    grep -q "^cmd:$F,4,.*,faulty-good\$" "$tmp/t.csv" && grep -q '^greedy:name=g,4,.*,g$' "$tmp/t.csv" &&
    ok || bad "tournament: names in the tables, specs in the CSV: $(cat "$tmp/o") $(cat "$tmp/t.csv")"
$J sim --games 2 --players 3 --agents "cmd:$F,cmd:$F:timeout=9,cmd:$F:name=third" --out /dev/null >"$tmp/o" 2>/dev/null &&
    grep -q "^  cmd:$F: wins " "$tmp/o" && grep -q "^  cmd:$F:timeout=9: wins " "$tmp/o" && grep -q '^  third: wins ' "$tmp/o" &&
    ok || bad "sim: two programs of one name shown by their specs: $(cat "$tmp/o")"
# rate: an anchor by its spec as the list writes it, not the path rate
# resolved its network file to; the agent by its name, the CSV's agent
# column the spec as played, a last column the name.
mkdir -p "$tmp/clone/results/ratings" "$tmp/clone/results/net" "$tmp/elsewhere"
cp results/net/net.jmn "$tmp/clone/results/net/net.jmn"
printf 'version,players,agent,rating\nt-2p,2,random,0\nt-2p,2,"guided:file=results/net/net.jmn,iters=4",500\n' \
    >"$tmp/clone/results/ratings/list.csv"
(cd "$tmp/elsewhere" && $top/$J rate greedy:name=mine --list "$tmp/clone/results/ratings/list.csv" --games 2 \
    --bootstrap 20 --out r.csv >o.md 2>/dev/null); st=$?
[ $st -eq 0 ] && grep -q '^# Rating of `mine` on the 2-player list t-2p$' "$tmp/elsewhere/o.md" &&
    grep -q '^| `guided:file=results/net/net.jmn,iters=4` | +500.0 (anchor) |' "$tmp/elsewhere/o.md" &&
    ! grep -q "$tmp" "$tmp/elsewhere/o.md" && grep -q '^| `mine` | \*\*' "$tmp/elsewhere/o.md" &&
    grep -q "^\"guided:file=$tmp/clone/results/net/net.jmn,iters=4\",1,.*,\"guided:file=results/net/net.jmn,iters=4\"\$" \
        "$tmp/elsewhere/r.csv" && grep -q '^greedy:name=mine,0,.*,mine$' "$tmp/elsewhere/r.csv" &&
    ok || bad "rate: names in the report: exit $st: $(cat "$tmp/elsewhere/o.md" "$tmp/elsewhere/r.csv")"

finish
