#!/bin/sh
# designer.sh: what a designer meets first.  The report's verdict says how
# many comparisons it makes and decides "moved" by Holm's rule over them
# (its tables' adjusted p and verdict agree with the list, the count is the
# tables' rows), with a plot of each measure's paired difference; its first
# line names only the parts it plays; a study or balance left to its
# default agents says so first; an output FIFO without a reader says that
# the run waits for one, and the reader then gets the whole output.
suite=designer
. "$(dirname "$0")/../harness.sh"

$J variant --print | sed -e 's/^card 6 gold gold$/card 6 gold forward/' \
    -e 's/^space 5 port cost 3 score -5 next 6$/space 5 port cost 1 score -5 next 6/' \
    -e 's/^treasure -4$/treasure +4/' >"$tmp/d.variant"

# The verdict over 2 and 3 players: 9 comparisons (the edge, rounds, the
# margin and shared wins at each, the ghost's share at 2).  The rounds move
# by some ten standard errors at 600 deals: Holm's rule keeps them.
(cd "$tmp" && "$top/$J" report --rules d.variant --players 2-3 --games 600 --worth-games 0 --out r.html \
    >/dev/null 2>e) || bad "report: $(tail -n 2 "$tmp/e")"
if /usr/bin/python3 - "$tmp/r.md" >"$tmp/why" <<'EOF'; then ok; else bad "the verdict: $(cat "$tmp/why")"; fi
import re, sys
md = open(sys.argv[1]).read()
verdict = md.split("## Verdict", 1)[1].split("\n## ", 1)[0]
m = re.search(r"^(\d+) comparisons: .*Holm's step-down rule over all (\d+): .* (\d+) of the (\d+) left "
              r"(?:its|their) own 95% interval; (\d+) of those moved by Holm's rule\.$", verdict, re.M)
if not m:
    sys.exit("no count of the comparisons and the rule: " + verdict[:300])
n, n2, raw, n3, moved = map(int, m.groups())
rows = re.findall(r"^\| (\d) players \| [^|]+ \| [^|]+ \| ([-+][0-9.]+) \[([-+][0-9.]+), ([-+][0-9.]+)\] \| "
                  r"(<0\.001|[01]\.\d{3}) \| (moved|no change shown) \|$", md, re.M)
if not (n == n2 == n3 == len(rows) == 9):
    sys.exit("%d comparisons said, %d table rows with an adjusted p" % (n, len(rows)))
p = [0.0005 if r[4] == "<0.001" else float(r[4]) for r in rows]
if [r[5] == "moved" for r in rows] != [x < 0.05 for x in p]:
    sys.exit("a row's verdict is not its adjusted p < 0.05")
if sum(r[5] == "moved" for r in rows) != moved:
    sys.exit("the count moved is not the tables'")
out = [float(r[2]) > 0 or float(r[3]) < 0 for r in rows]
if sum(out) != raw or any(r[5] == "moved" and not o for r, o in zip(rows, out)):
    sys.exit("the count outside its own interval is not the tables', or a row moved inside it")
rounds = re.search(r"^- Rounds a game \(rounds\): moved: down at 2 players by .*down at 3 players by ", verdict, re.M)
if not rounds:
    sys.exit("the rounds did not move at 2 and 3 players")
# Every "moved" in the list is a table row's.
for line in verdict.splitlines():
    if "moved: " in line:
        part = line.split("moved: ", 1)[1].split("; outside its own", 1)[0].split("; no change shown", 1)[0]
        for d in re.findall(r"at (\d) players by ([-+][0-9.]+) \[", part):
            if not any(r[0] == d[0] and r[1] == d[1] and r[5] == "moved" for r in rows):
                sys.exit("'moved at %s players by %s' is no moved row" % d)
EOF
# The page: a plot of each measure's paired difference (5 measures), its
# bars filled where the verdict says moved.
[ "$(grep -c '<svg class="plot diff"' "$tmp/r.html")" -eq 5 ] &&
    grep -q 'aria-label="rounds a game: variant - base, same deals"' "$tmp/r.html" &&
    grep -q '<title>2 players: -[0-9.]* \[-[0-9.]*, -[0-9.]*\], moved</title>' "$tmp/r.html" &&
    grep -q '<th>p, Holm</th><th>verdict</th>' "$tmp/r.html" && ok ||
    bad "report: no plot of the paired differences: $(grep -c '<svg' "$tmp/r.html") plots"

# The first line: the parts this run plays, nothing of the worth or the
# skill where none is asked.
first() { (cd "$tmp" && "$top/$J" report --rules d.variant --players 2 --games 4 --out f.html "$@" >/dev/null 2>f.err) &&
    head -n 1 "$tmp/f.err"; }
[ "$(first --worth-games 0)" = "report: 8 games in all (2 rule sets x 1 player count x 4 deals)" ] && ok ||
    bad "report's first line without --skill or the worth: $(head -n 1 "$tmp/f.err")"
[ "$(first --worth-games 2)" = "report: 28 games in all (2 rule sets x 1 player count x 4 deals, 5 elements x 2 x 2 deals for their worth)" ] &&
    ok || bad "report's first line with the worth alone: $(head -n 1 "$tmp/f.err")"
first --worth-games 0 --skill 1 | grep -q '^report: [0-9]* games in all (2 rule sets x 1 player count x 4 deals, 4 pairings x 2 x 1 deals for the skill)$' &&
    ok || bad "report's first line with --skill: $(head -n 1 "$tmp/f.err")"

# A study or balance without --agents names its default first; with
# --agents, no such line.
for kind in "captain --players 3" "ghost --players 2" "sweep --sweep start_gold=2..3 --players 3"; do
    # shellcheck disable=SC2086
    $J study $kind --games 4 --out "$tmp/s.csv" >/dev/null 2>"$tmp/e"
    k=${kind%% *}
    [ "$(head -n 1 "$tmp/e")" = "study $k: agents random (the default; --agents to change)" ] && ok ||
        bad "study $k's first line: $(head -n 1 "$tmp/e")"
    # shellcheck disable=SC2086
    $J study $kind --agents greedy --games 4 --out "$tmp/s.csv" >/dev/null 2>"$tmp/e"
    ! grep -q 'the default' "$tmp/e" && ok || bad "study $k --agents greedy: $(head -n 1 "$tmp/e")"
done
$J balance --vary start_gold=2..3 --target captain=0 --players 3 --games 4 --confirm 4 --out "$tmp/b.csv" \
    >/dev/null 2>"$tmp/e"
[ "$(head -n 1 "$tmp/e")" = "balance: agents random (the default; --agents to change)" ] && ok ||
    bad "balance's first line: $(head -n 1 "$tmp/e")"
$J balance --vary start_gold=2..3 --target captain=0 --players 3 --agents greedy --games 4 --confirm 4 \
    --out "$tmp/b.csv" >/dev/null 2>"$tmp/e"
grep -q '^balance: 2 settings' "$tmp/e" && ! grep -q 'the default' "$tmp/e" && ok ||
    bad "balance --agents greedy: $(head -n 1 "$tmp/e")"

# An output FIFO with no reader: the run says it waits (within 60 s), then
# a reader gets the whole output and the run ends well.  report checks its
# page before the games without opening it (an open and close would give a
# reader an empty page), sim opens its summary at the start.
fifo() { # NAME CMD...: run CMD (writing to the FIFO $tmp/NAME) with no reader, then read it
    name=$1
    shift
    rm -f "$tmp/$name" "$tmp/$name.err" "$tmp/$name.got"
    mkfifo "$tmp/$name"
    (cd "$tmp" && exec timeout 120 "$top/$J" "$@" >/dev/null 2>"$name.err") &
    pid=$!
    said=0
    for _ in $(seq 600); do
        grep -q "^jamaica: waiting for a reader on FIFO '$name'" "$tmp/$name.err" 2>/dev/null && said=1 && break
        kill -0 $pid 2>/dev/null || break
        sleep 0.1
    done
    timeout 130 cat "$tmp/$name" >"$tmp/$name.got" # the reader the run waits for (or one that releases it)
    wait $pid
    st=$?
}
fifo page.html report --rules d.variant --players 2 --games 20 --worth-games 0 --out page.html
[ $said -eq 1 ] && [ $st -eq 0 ] && head -n 1 "$tmp/page.html.got" | grep -q '^<!doctype html>$' &&
    tail -n 1 "$tmp/page.html.got" | grep -q '</html>$' && grep -q '^## Verdict' "$tmp/page.md" && ok ||
    bad "report --out FIFO: said $said, exit $st, $(wc -c <"$tmp/page.html.got") bytes read: $(tail -n 2 "$tmp/page.html.err")"
fifo sum.csv sim --games 5 --out sum.csv
[ $said -eq 1 ] && [ $st -eq 0 ] && head -n 1 "$tmp/sum.csv.got" | grep -q '^seed,rules,players,' && ok ||
    bad "sim --out FIFO: said $said, exit $st: $(head -c 200 "$tmp/sum.csv.got") $(tail -n 2 "$tmp/sum.csv.err")"
# A FIFO with its reader already there: no word of waiting.
rm -f "$tmp/r2"
mkfifo "$tmp/r2"
cat "$tmp/r2" >"$tmp/r2.got" &
reader=$!
# (until the reader is inside its open(): a reader then, though the open
# has not returned; on a busy machine jamaica could otherwise come first)
i=0
while [ $i -lt 100 ] && [ "$(cat /proc/$reader/wchan 2>/dev/null)" != wait_for_partner ]; do sleep 0.05; i=$((i + 1)); done
$J sim --games 5 --out "$tmp/r2" >/dev/null 2>"$tmp/e"
st=$?
wait $reader
[ $st -eq 0 ] && ! grep -q 'waiting' "$tmp/e" && head -n 1 "$tmp/r2.got" | grep -q '^seed,rules,players,' && ok ||
    bad "sim --out FIFO with a reader: exit $st: $(cat "$tmp/e")"

finish
