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

finish
