#!/bin/sh
# ladder.sh: `study captain|ghost --ladder` (docs/STUDIES.md, "Against
# skill"): each rung one agent in every seat, a rung's figure exactly that
# of `study KIND --agents A` on the same deals, the ratings those of the
# ladder file, shards merged to one run's bytes, a resumed run the same as
# one run, the default ladder with its bound, and bad input refused before
# any output.  Tiny runs (tens of games).
suite=ladder
. "$(dirname "$0")/../harness.sh"

py=/usr/bin/python3
[ -x "$py" ] || py=python3

# field CSV ROWKEY... COLUMN: a column of the first row whose leading
# columns match (key=value pairs), by the csv module (quoted commas).
field() {
    "$py" - "$@" <<'EOF'
import csv, sys
path, col, keys = sys.argv[1], sys.argv[-1], dict(k.split("=", 1) for k in sys.argv[2:-1])
for r in csv.DictReader(open(path, newline="")):
    if all(r[k] == v for k, v in keys.items()):
        print(r[col])
        break
EOF
}

# A captain ladder of two rungs at 2 and 3 players, luck-adjusted beside.
$J study captain --ladder random,greedy --players 2-3 --games 60 --seed 5 --luck hand \
    --out "$tmp/c.csv" --md "$tmp/c.md" >"$tmp/o" 2>"$tmp/e" || bad "study captain --ladder: $(head -n 2 "$tmp/e")"
grep -q "c-ladder.csv" "$tmp/o" && ok || bad "the first line does not name the ladder's CSV: $(cat "$tmp/o")"
[ "$(wc -l <"$tmp/c-ladder.csv")" -eq 5 ] && ok || bad "the ladder's CSV is not a row per rung and player count"
# A rung's figures are those of study captain --agents A on the same deals.
$J study captain --agents greedy --players 2-3 --games 60 --seed 5 --luck hand --out "$tmp/g.csv" --md "$tmp/g.md" \
    >/dev/null 2>&1 || bad "study captain --agents greedy"
for p in 2 3; do
    for pair in value:adv low:adv_low high:adv_high value_adj:adv_adj low_adj:adv_adj_low; do
        l=$(field "$tmp/c-ladder.csv" agent=greedy players=$p "${pair%%:*}")
        s=$(field "$tmp/g.csv" agents=greedy players=$p captain_offset=0 "${pair#*:}")
        [ -n "$l" ] && "$py" -c "import sys; sys.exit(abs(float('$l') - float('$s')) > 5e-7)" && ok ||
            bad "greedy at $p players: the ladder's ${pair%%:*} $l, study --agents greedy's ${pair#*:} $s"
    done
done
# The ratings: the ladder file's, the 2-player list at 2 and the 4-player one beside 3 to 6.
[ "$(field "$tmp/c-ladder.csv" agent=greedy players=2 rating)" = 558.8 ] && ok || bad "greedy's 2-player rating"
[ "$(field "$tmp/c-ladder.csv" agent=greedy players=3 rating)" = 312.6 ] && ok || bad "greedy's rating at 3 players"
grep -q "The first Captain's edge against skill" "$tmp/c.md" && grep -q "The two strongest rungs" "$tmp/c.md" &&
    grep -q '^- 3 players, `greedy` and `random`' "$tmp/c.md" && ok || bad "the Markdown has no ladder or top-two lines"
grep -q "needs about" "$tmp/c.md" && ok || bad "60 games are not settled, and the Markdown does not say how many are"

# The ghost: the 2-player share, a rung's the same as study ghost --agents A --players 2.
$J study ghost --ladder random,greedy --games 60 --seed 5 --out "$tmp/h.csv" --md "$tmp/h.md" >/dev/null 2>&1 ||
    bad "study ghost --ladder"
$J study ghost --agents greedy --players 2 --games 60 --seed 5 --out "$tmp/hg.csv" --md "$tmp/hg.md" >/dev/null 2>&1 ||
    bad "study ghost --agents greedy"
[ "$(wc -l <"$tmp/h-ladder.csv")" -eq 3 ] && ok || bad "the ghost's ladder is not a row per rung at 2 players"
for pair in value:ghost_on low:low high:high; do
    l=$(field "$tmp/h-ladder.csv" agent=greedy "${pair%%:*}")
    s=$(field "$tmp/hg.csv" agents=greedy measure=ghost_win_rate "${pair#*:}")
    [ -n "$l" ] && "$py" -c "import sys; sys.exit(abs(float('$l') - float('$s')) > 5e-7)" && ok ||
        bad "the ghost's share under greedy: the ladder's $l, study ghost's $s"
done
"$py" - "$tmp/h.csv" "$tmp/hg.csv" <<'EOF' && ok || bad "the ghost ladder's study rows are not study ghost --agents greedy's"
import csv, sys
a = [r for r in csv.DictReader(open(sys.argv[1])) if r["agents"] == "greedy"]
b = list(csv.DictReader(open(sys.argv[2])))
sys.exit(a != b)
EOF

# Shards merged with --ladder: the bytes of one run.
$J study captain --ladder random,greedy --players 2-3 --games 35 --seed 5 --luck hand --out "$tmp/s0.csv" \
    --md "$tmp/s0.md" >/dev/null 2>&1 &&
    $J study captain --ladder random,greedy --players 2-3 --games 25 --first-game 35 --seed 5 --luck hand \
        --out "$tmp/s1.csv" --md "$tmp/s1.md" >/dev/null 2>&1 || bad "the shards"
$J merge "$tmp/m.csv" "$tmp/s1.csv" "$tmp/s0.csv" --md "$tmp/m.md" --ladder "$tmp/m-ladder.csv" 2>/dev/null &&
    cmp -s "$tmp/m-ladder.csv" "$tmp/c-ladder.csv" && cmp -s "$tmp/m.md" "$tmp/c.md" && cmp -s "$tmp/m.csv" "$tmp/c.csv" &&
    ok || bad "merge --ladder of two shards is not one run's bytes"

# Interrupted and resumed: the bytes of one run.
args="study captain --ladder sharp,greedy --players 2 --games 3000 --seed 9 --threads 1 --checkpoint-every 0.2"
# shellcheck disable=SC2086 # args are words
$J $args --out "$tmp/w.csv" --md "$tmp/w.md" >/dev/null 2>&1 || bad "the whole run"
# shellcheck disable=SC2086
timeout -s INT 1.5 $J $args --out "$tmp/r.csv" --md "$tmp/r.md" >/dev/null 2>&1
if [ -f "$tmp/r.csv.checkpoint" ]; then
    # shellcheck disable=SC2086
    $J $args --out "$tmp/r.csv" --md "$tmp/r.md" --resume >/dev/null 2>&1 &&
        cmp -s "$tmp/r-ladder.csv" "$tmp/w-ladder.csv" && cmp -s "$tmp/r.md" "$tmp/w.md" && ok ||
        bad "a ladder resumed after Ctrl-C is not one run's bytes"
else
    cmp -s "$tmp/r-ladder.csv" "$tmp/w-ladder.csv" && ok || bad "no checkpoint after Ctrl-C, and not the whole run"
fi

# --ladder alone: the default ladder (the ladder file's rungs and bound), named.
$J study ghost --ladder --games 2 --seed 5 --out "$tmp/d.csv" --md "$tmp/d.md" >/dev/null 2>"$tmp/e" ||
    bad "study ghost --ladder (the default): $(head -n 2 "$tmp/e")"
[ "$(wc -l <"$tmp/d-ladder.csv")" -eq "$(grep -vc '^#' results/ratings/ladder.csv)" ] && ok ||
    bad "the default ladder is not the ladder file's rows"
[ "$(field "$tmp/d-ladder.csv" name=ceiling-hands bound)" = 1 ] && [ "$(field "$tmp/d-ladder.csv" name=policy bound)" = 0 ] &&
    ok || bad "the default ladder's bound"
grep -q '`ceiling-hands` (bound)' "$tmp/d.md" && ok || bad "the Markdown does not mark the bound"

# Bad input: one line, exit 2, nothing written.
expect2 "drop --agents" study captain --ladder random,greedy --agents sharp --games 2 --out "$tmp/x.csv"
expect2 "goes with study captain or ghost" study sweep --ladder random --sweep start_gold=1..2 --games 2 --out "$tmp/x.csv"
expect2 "goes with --ladder" study captain --agents sharp --ladder-out "$tmp/y.csv" --games 2 --out "$tmp/x.csv"
expect2 "unknown agent" study captain --ladder random,nosuchagent --games 2 --out "$tmp/x.csv"
expect2 "twice" study captain --ladder random,random --games 2 --out "$tmp/x.csv"
expect2 "same file" study captain --ladder random --ladder-out "$tmp/x.csv" --games 2 --out "$tmp/x.csv"
expect2 "goes with a study's shards" merge "$tmp/mm.csv" "$tmp/s0-ladder.csv" --ladder "$tmp/mm-l.csv"
[ ! -e "$tmp/x.csv" ] && [ ! -e "$tmp/x-ladder.csv" ] && [ ! -e "$tmp/y.csv" ] && [ ! -e "$tmp/mm-l.csv" ] && ok ||
    bad "a refused run wrote a file"

finish
