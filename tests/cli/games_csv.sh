#!/bin/sh
# GAMES.csv read as strictly as it is written: `diff` and `merge` refuse
# every damaged copy of a real run's file (tests/cli/mutate_games.py: 80 of
# a tournament's, 40 of a sim's) with exit 2 and one line on stderr naming
# the damaged line, nothing on stdout and no output file; and they still
# read every file sim and tournament write (with and without --luck, the
# ghost, --rotate, a sealed seed), merge giving the run's own bytes.
suite=games_csv
. "$(dirname "$0")/../harness.sh"
PY=python3

# refused KIND FILE LINE CMD...: CMD refuses FILE (damaged at LINE) as bad
# input should; tallies accepted silently, refused naming the line, and
# refused otherwise for KIND.
refused() {
    kind=$1 file=$2 line=$3
    shift 3
    rm -f "$tmp/out.csv"
    $J "$@" >"$tmp/o" 2>"$tmp/e"
    rc=$?
    if [ $rc -eq 2 ] && [ "$(wc -l <"$tmp/e")" -eq 1 ] && grep -Eq "^jamaica: .*line $line([^0-9]|\$)" "$tmp/e" &&
        grep -q "$file" "$tmp/e" && [ ! -s "$tmp/o" ] && [ ! -e "$tmp/out.csv" ]; then
        ok
        eval "${kind}_named=\$((${kind}_named + 1))"
        return
    fi
    if [ $rc -eq 2 ]; then eval "${kind}_other=\$((${kind}_other + 1))"
    else eval "${kind}_silent=\$((${kind}_silent + 1))"; fi
    bad "$kind took $(basename "$file") (damaged at line $line: $(sed -n "s/^$(basename "$file") [0-9]* //p" \
        "$(dirname "$file")/manifest.txt")): exit $rc, $(head -c 300 "$tmp/e")"
}

# mutations NAME INTACT COUNT CMD...: COUNT damaged copies of INTACT, each
# given to CMD with @ standing for the copy.
mutations() {
    name=$1 intact=$2 count=$3
    shift 3
    mkdir -p "$tmp/$name"
    $PY tests/cli/mutate_games.py "$intact" "$tmp/$name" --count "$count" --seed 1 || bad "$name: the mutator failed"
    while read -r m line _; do
        args=""
        for a in "$@"; do args="$args '$(if [ "$a" = @ ]; then echo "$tmp/$name/$m"; else echo "$a"; fi)'"; done
        eval "refused $name '$tmp/$name/$m' $line $args"
    done <"$tmp/$name/manifest.txt"
}

# The intact files: a 2-player tournament with the ghost and --luck, whose
# GAMES.csv merge turns back into its RATINGS.csv byte for byte.
$J tournament --agents greedy,random,first --players 2 --games 4 --seed 5 --luck hand --out "$tmp/tr.csv" \
    --pairs "$tmp/tp.csv" --games-csv "$tmp/tg.csv" >"$tmp/t.md" || bad "tournament failed"
$J merge "$tmp/mr.csv" "$tmp/tg.csv" --luck hand --pairs "$tmp/mp.csv" >"$tmp/m.md" && cmp -s "$tmp/tr.csv" "$tmp/mr.csv" &&
    cmp -s "$tmp/tp.csv" "$tmp/mp.csv" && ok || bad "merge of the intact tournament file"
$J diff "$tmp/tg.csv" "$tmp/tg.csv" >"$tmp/o" && grep -q '^24 games: trace hash changed in 0 ' "$tmp/o" && ok ||
    bad "diff of the intact tournament file: $(head -c 300 "$tmp/o")"
$J sim --games 30 --players 3 --rules ghost=on --agents greedy,random,first --rotate --seed 3 --out /dev/null \
    --games-csv "$tmp/sg.csv" >/dev/null || bad "sim failed"

diff_named=0 diff_other=0 diff_silent=0 merge_named=0 merge_other=0 merge_silent=0 sim_named=0 sim_other=0 sim_silent=0
if command -v $PY >/dev/null 2>&1; then
    mutations diff "$tmp/tg.csv" 80 diff "$tmp/tg.csv" @
    mutations merge "$tmp/tg.csv" 80 merge "$tmp/out.csv" @ --luck hand
    mutations sim "$tmp/sg.csv" 40 diff "$tmp/sg.csv" @
    echo "$suite: refused naming the line / refused otherwise / accepted silently:" \
        "diff $diff_named/$diff_other/$diff_silent, merge $merge_named/$merge_other/$merge_silent (of 80 of a" \
        "tournament's), diff $sim_named/$sim_other/$sim_silent (of 40 of a sim's)"
else
    echo "$suite: python3 not installed, the damaged files skipped"
fi

# What sim and tournament write is read: each file against itself (exit 0),
# and two runs of the same deals (exit 1).
n=0
for args in "sim --players 3" "sim --players 2 --luck hand" "sim --players 4 --agents greedy,random,first,random --rotate" \
    "sim --players 3 --rules ghost=on,round_cap=12" "sim --players 5 --seed sealed:0123456789abcdef0123456789abcdef" \
    "tournament --agents greedy,random --players 2" "tournament --agents greedy,random,first --players 3 --luck hand" \
    "tournament --agents random,first --players 4 --first-game 7"; do
    n=$((n + 1))
    # shellcheck disable=SC2086
    $J $args --games 12 --out "$tmp/x$n.csv" --games-csv "$tmp/g$n.csv" >/dev/null 2>&1 &&
        $J diff "$tmp/g$n.csv" "$tmp/g$n.csv" >"$tmp/o" 2>"$tmp/e" && [ ! -s "$tmp/e" ] && ok ||
        bad "diff of $args's own file: $(head -c 300 "$tmp/e")"
done
$J sim --players 3 --games 12 --rules 2021,start_gold=4 --out /dev/null --games-csv "$tmp/g1b.csv" >/dev/null &&
    $J diff "$tmp/g1.csv" "$tmp/g1b.csv" >"$tmp/o" 2>"$tmp/e"
[ $? -eq 1 ] && [ ! -s "$tmp/e" ] && ok || bad "diff of two runs of the same deals: $(head -c 300 "$tmp/e")"
for n in 6 7 8; do
    luck=$(if [ $n = 7 ]; then echo "--luck hand"; fi)
    # shellcheck disable=SC2086
    $J merge "$tmp/m$n.csv" "$tmp/g$n.csv" $luck >/dev/null 2>"$tmp/e" && cmp -s "$tmp/x$n.csv" "$tmp/m$n.csv" && ok ||
        bad "merge of tournament file $n: $(head -c 300 "$tmp/e")"
done
finish
