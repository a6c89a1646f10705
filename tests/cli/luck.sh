#!/bin/sh
# Luck-adjusted estimates (--luck) as a user meets them: the same games and
# bytes on 1 and 2 threads, shards that merge exactly, bad values refused
# before any output, and the adjusted estimate equal to the plain one within
# its interval on random games (docs/STATISTICS.md).
suite=luck
. "$(dirname "$0")/../harness.sh"
expect2() {
    want=$1
    shift
    $J "$@" >"$tmp/o" 2>"$tmp/e"
    rc=$?
    if [ $rc -eq 2 ] && grep -q "^jamaica: .*$want" "$tmp/e" && [ "$(wc -l <"$tmp/e")" -eq 1 ] && [ ! -s "$tmp/o" ]; then ok; else
        bad "'$*' gave exit $rc: $(head -n 1 "$tmp/e")"; fi
}

# The same bytes on 1 and 2 threads; the games those of a run without --luck
# (GAMES.csv's columns but the two new ones), the summary's plain columns too.
for t in 1 2; do
    $J sim --games 600 --players 3 --agents greedy,random,sharp --rotate --seed 4 --luck hand --threads $t \
        --out "$tmp/s$t.csv" --games-csv "$tmp/g$t.csv" >"$tmp/o$t" || bad "sim --luck hand --threads $t"
done
cmp -s "$tmp/s1.csv" "$tmp/s2.csv" && cmp -s "$tmp/g1.csv" "$tmp/g2.csv" && ok || bad "sim --luck: 1 and 2 threads differ"
$J sim --games 600 --players 3 --agents greedy,random,sharp --rotate --seed 4 --out "$tmp/s0.csv" \
    --games-csv "$tmp/g0.csv" >/dev/null
# (the rules field holds commas: the ten new columns are cut from the end)
sed 's/\(,[^,]*\)\{10\}$//' "$tmp/g1.csv" | cmp -s - "$tmp/g0.csv" && ok || bad "sim --luck changed the games"
head -n 1 "$tmp/g1.csv" | grep -q ',trace_hash,win_adj,luck_captain,luck_pile,luck_draw,luck_dice,luck_battle,luck_shortage,luck_treasure,luck_blind,luck_decision$' && ok || bad "GAMES.csv header: $(head -n 1 "$tmp/g1.csv")"
sed 's/\(,[^,]*\)\{6\}$//' "$tmp/s1.csv" | cmp -s - "$tmp/s0.csv" && ok ||
    bad "sim --luck changed the plain summary columns"
head -n 1 "$tmp/s1.csv" | grep -q ',wins_sq_420,win_rate_adj,win_rate_adj_low,win_rate_adj_high,luck,wins_adj,wins_adj_sq$' &&
    grep -q ',seat,0,.*,hand,' "$tmp/s1.csv" && ok || bad "SUMMARY.csv's adjusted columns: $(head -n 2 "$tmp/s1.csv")"
grep -qE '^  greedy: wins [0-9.]+% \[[0-9.]+, [0-9.]+\] of 600 seat-games; luck-adjusted [0-9.]+% \[' "$tmp/o1" &&
    grep -qE '^  luck-adjusted \(--luck hand\): [0-9]+ values a game$' "$tmp/o1" && ok || bad "sim --luck's report: $(cat "$tmp/o1")"

# Shards merge into the single run, byte for byte; another V is another run.
$J sim --games 500 --players 4 --seed 6 --luck hand --out "$tmp/full.csv" >/dev/null
$J sim --games 200 --players 4 --seed 6 --luck hand --out "$tmp/a.csv" >/dev/null
$J sim --games 300 --first-game 200 --players 4 --seed 6 --luck hand --out "$tmp/b.csv" >/dev/null
$J merge "$tmp/m.csv" "$tmp/b.csv" "$tmp/a.csv" >/dev/null && cmp -s "$tmp/m.csv" "$tmp/full.csv" && ok ||
    bad "sim --luck shards do not merge into the single run"
$J sim --games 300 --first-game 200 --players 4 --seed 6 --out "$tmp/c.csv" >/dev/null
expect2 "(they differ in --luck)" merge "$tmp/x.csv" "$tmp/a.csv" "$tmp/c.csv"

# study captain and ghost: threads, shards, the columns.
for t in 1 2; do
    $J study captain --agents greedy --players 2-3 --games 300 --luck hand --threads $t --out "$tmp/c$t.csv" \
        --md "$tmp/c$t.md" >/dev/null || bad "study captain --luck --threads $t"
done
cmp -s "$tmp/c1.csv" "$tmp/c2.csv" && cmp -s "$tmp/c1.md" "$tmp/c2.md" && ok || bad "study captain --luck: threads differ"
head -n 1 "$tmp/c1.csv" | grep -q ',adv_sq,win_rate_adj,win_rate_adj_low,win_rate_adj_high,adv_adj,adv_adj_low,adv_adj_high,adv_adj_p,luck,' &&
    grep -q 'luck-adjusted advantage \[95%\]' "$tmp/c1.md" && ok || bad "study captain --luck columns: $(head -n 1 "$tmp/c1.csv")"
$J study captain --agents greedy --players 2-3 --games 100 --luck hand --out "$tmp/ca.csv" --md /dev/null >/dev/null
$J study captain --agents greedy --players 2-3 --games 200 --first-game 100 --luck hand --out "$tmp/cb.csv" --md /dev/null >/dev/null
$J merge "$tmp/cm.csv" "$tmp/ca.csv" "$tmp/cb.csv" --md "$tmp/cm.md" >/dev/null && cmp -s "$tmp/cm.csv" "$tmp/c1.csv" && ok ||
    bad "study captain --luck shards do not merge"
$J study ghost --agents random --players 2 --games 300 --luck hand --out "$tmp/gh.csv" --md "$tmp/gh.md" >/dev/null &&
    head -n 1 "$tmp/gh.csv" | grep -q ',ghost_on_adj,ghost_on_adj_low,ghost_on_adj_high,luck,on_adj_sum,on_adj_sq,luck_split$' &&
    grep -q 'luck-adjusted ghost win rate' "$tmp/gh.md" && ok || bad "study ghost --luck: $(head -n 1 "$tmp/gh.csv")"

# tournament: the adjusted win rates beside the plain ones, the same bytes on
# 1 and 2 threads.
for t in 1 2; do
    $J tournament --agents sharp,greedy --players 2 --games 150 --luck hand --threads $t --out "$tmp/t$t.csv" \
        >"$tmp/t$t.md" || bad "tournament --luck --threads $t"
done
cmp -s "$tmp/t1.csv" "$tmp/t2.csv" && ok || bad "tournament --luck: threads differ"
$J tournament --agents sharp,greedy --players 2 --games 150 --luck hand --out "$tmp/tr.csv" --pairs "$tmp/tp.csv" >/dev/null &&
    head -n 1 "$tmp/tp.csv" | grep -q ',high,win_diff,win_diff_low,win_diff_high,win_diff_adj,win_diff_adj_low,win_diff_adj_high,luck$' &&
    ok || bad "tournament --luck --pairs: $(head -n 1 "$tmp/tp.csv")"
head -n 1 "$tmp/t1.csv" | grep -q ',rating_high,win_rate_adj,win_rate_adj_low,win_rate_adj_high,rating_adj,rating_adj_low,rating_adj_high,luck,name$' &&
    grep -q '^| agent | seat-games | win rate \[95%\] | mean rank \[95%\] | rating \[95%\] | luck-adjusted win rate \[95%\] | luck-adjusted rating \[95%\] |$' "$tmp/t1.md" &&
    ok || bad "tournament --luck: $(head -n 1 "$tmp/t1.csv")"
# The adjusted ratings: sharp above greedy, and two agents' ratings summing
# to 0 (unanchored: their geometric mean is 0).
awk -F, 'NR == 2 { a = $16 } NR == 3 { b = $16 } END { exit !(a > 0 && a + b > -0.02 && a + b < 0.02) }' "$tmp/t1.csv" &&
    ok || bad "tournament --luck: rating_adj $(cut -d, -f16 "$tmp/t1.csv" | tr '\n' ' ')"

# The SPRT decides on the luck-adjusted score, not before its 30 deals, the
# same bytes on 1 and 2 threads; the plain one stands beside it.
for t in 1 2; do
    $J tournament --agents sharp,greedy --players 2 --rules 2021,ghost=off --games 2000 --sprt 0,20 --luck hand \
        --threads $t --out "$tmp/sp$t.csv" >"$tmp/sp$t.md" || bad "tournament --sprt --luck --threads $t"
done
cmp -s "$tmp/sp1.csv" "$tmp/sp2.csv" && [ "$(grep '^SPRT' "$tmp/sp1.md")" = "$(grep '^SPRT' "$tmp/sp2.md")" ] &&
    ok || bad "tournament --sprt --luck: 1 and 2 threads differ"
grep -qE '^SPRT `sharp` against `greedy`, luck-adjusted .*: H1 accepted after ([3-9][0-9]|[0-9]{3,}) deals; LLR [0-9.]+ .*Plain, beside it: LLR' \
    "$tmp/sp1.md" && ok || bad "tournament --sprt --luck: $(grep SPRT "$tmp/sp1.md")"

# Tournament shards' GAMES.csv merge to the single run's bytes, the adjusted
# columns rebuilt from their win_adj under merge --luck.
$J tournament --agents sharp,greedy,random --players 3 --games 30 --luck hand --seed 9 --out "$tmp/ta.csv" \
    --pairs "$tmp/tap.csv" >/dev/null 2>&1
$J tournament --agents sharp,greedy,random --players 3 --games 12 --luck hand --seed 9 --out "$tmp/x.csv" \
    --games-csv "$tmp/tg1.csv" >/dev/null 2>&1
$J tournament --agents sharp,greedy,random --players 3 --games 18 --first-game 12 --luck hand --seed 9 \
    --out "$tmp/x.csv" --games-csv "$tmp/tg2.csv" >/dev/null 2>&1
$J tournament --agents sharp,greedy,random --players 3 --games 3 --seed 9 --out "$tmp/x.csv" \
    --games-csv "$tmp/tg0.csv" >/dev/null 2>&1
$J merge "$tmp/tm.csv" "$tmp/tg2.csv" "$tmp/tg1.csv" --luck hand --pairs "$tmp/tmp.csv" >/dev/null &&
    cmp -s "$tmp/tm.csv" "$tmp/ta.csv" && cmp -s "$tmp/tmp.csv" "$tmp/tap.csv" && ok ||
    bad "merge --luck: the tournament's shards differ from the single run"

# rate: the same columns after its own.
$J rate greedy:samples=3 --games 2 --luck hand --out "$tmp/rate.csv" >"$tmp/rate.md" 2>/dev/null &&
    head -n 1 "$tmp/rate.csv" | grep -q ',wilson_high,win_rate_adj,win_rate_adj_low,win_rate_adj_high,rating_adj,rating_adj_low,rating_adj_high,luck,name$' &&
    grep -q 'luck-adjusted win rate \[95%\] |$' "$tmp/rate.md" && grep -qE '^luck-adjusted: [-+][0-9.]+ \[' "$tmp/rate.md" &&
    ok || bad "rate --luck: $(head -n 1 "$tmp/rate.csv")"

# balance, report, diff and study worth: the adjusted figures beside the
# plain ones.
$J balance --agents greedy --players 3 --vary start_gold=2..4 --target captain=0 --games 60 --confirm 60 --luck hand \
    --out "$tmp/bal.csv" >"$tmp/bal.md" 2>/dev/null &&
    head -n 1 "$tmp/bal.csv" | grep -q ',rounds_high,captain_adj,captain_adj_low,captain_adj_high,luck,loss,kept$' &&
    grep -q 'The win shares are luck-adjusted (--luck hand' "$tmp/bal.md" && ok || bad "balance --luck: $(head -n 1 "$tmp/bal.csv")"
$J variant --print | sed 's/^behind -5$/behind -4/' >"$tmp/v4.txt"
$J report --rules "$tmp/v4.txt" --games 80 --worth-games 0 --players 2-3 --luck hand --out "$tmp/rep.html" 2>/dev/null &&
    grep -q "^## First Captain's edge, luck-adjusted$" "$tmp/rep.md" && grep -q "^## Ghost Ship's win share, luck-adjusted$" "$tmp/rep.md" &&
    grep -q "luck-adjusted</h2>" "$tmp/rep.html" && ok || bad "report --luck"
$J diff --rules 2021 --vs-rules 2021,start_gold=4 --agents greedy --players 3 --games 60 --luck hand --show 0 >"$tmp/diff.md"
[ $? -le 1 ] && grep -q '^| seat | `0` | 60 | win, B - A (points) | ' "$tmp/diff.md" && ok || bad "diff --luck: $(tail -n 3 "$tmp/diff.md")"
expect2 "--luck go with --rules" diff --luck hand "$tmp/g1.csv" "$tmp/g0.csv"
$J study worth --agents greedy --forbid backward --games 60 --luck hand --out "$tmp/w.csv" >"$tmp/w.md" 2>/dev/null &&
    head -n 1 "$tmp/w.csv" | grep -q ',points_high,win_share_adj,win_adj_low,win_adj_high,luck$' &&
    grep -q 'share lost, luck-adjusted |$' "$tmp/w.md" && ok || bad "study worth --luck: $(head -n 1 "$tmp/w.csv")"

# A fitted value file (agents/vnet.h; tests/fixtures/golden/value.jmn: random
# weights, "fitted" on games 0-99 of seed 101 at 2 and 4 players): the same
# bytes on 1 and 2 threads, shards merging into the single run, a resumed
# run the same as one never stopped, and the file named in the outputs.
V=tests/fixtures/golden/value.jmn
for t in 1 2; do
    $J sim --games 300 --players 4 --agents sharp,greedy,random,greedy --seed 6 --luck $V --threads $t \
        --out "$tmp/vs$t.csv" --games-csv "$tmp/vg$t.csv" >/dev/null || bad "sim --luck value.jmn --threads $t"
done
cmp -s "$tmp/vs1.csv" "$tmp/vs2.csv" && cmp -s "$tmp/vg1.csv" "$tmp/vg2.csv" && ok || bad "sim --luck value.jmn: threads differ"
grep -q "tests/fixtures/golden/value.jmn" "$tmp/vs1.csv" && ok || bad "SUMMARY.csv does not name the value file"
$J sim --games 120 --players 4 --agents sharp,greedy,random,greedy --seed 6 --luck $V --out "$tmp/va.csv" >/dev/null
$J sim --games 180 --first-game 120 --players 4 --agents sharp,greedy,random,greedy --seed 6 --luck $V \
    --out "$tmp/vb.csv" >/dev/null
$J merge "$tmp/vm.csv" "$tmp/va.csv" "$tmp/vb.csv" >/dev/null && cmp -s "$tmp/vm.csv" "$tmp/vs1.csv" && ok ||
    bad "sim --luck value.jmn shards do not merge into the single run"
# Killed at once after its first checkpoint, then resumed: the bytes of the run never stopped.
$J sim --games 300 --players 4 --agents sharp,greedy,random,greedy --seed 6 --luck $V --threads 2 \
    --out "$tmp/vr.csv" --checkpoint-every 0.05 >/dev/null 2>&1 &
pid=$!
i=0
while [ ! -e "$tmp/vr.csv.checkpoint" ] && [ $i -lt 200 ]; do sleep 0.05; i=$((i + 1)); done
sleep 0.2
kill -9 $pid 2>/dev/null
wait $pid 2>/dev/null
$J sim --games 300 --players 4 --agents sharp,greedy,random,greedy --seed 6 --luck $V --threads 2 \
    --out "$tmp/vr.csv" --checkpoint-every 0.05 --resume >/dev/null 2>&1 && cmp -s "$tmp/vr.csv" "$tmp/vs1.csv" && ok ||
    bad "sim --luck value.jmn: killed and resumed, not the run never stopped"
# The refusals, before any game: its own games, other player counts, another
# game, a damaged file.
expect2 "fitted on games 0-99 of seed 101, which this run plays" sim --games 5 --seed 101 --luck $V --out "$tmp/n.csv"
$J sim --games 5 --seed 101 --first-game 100 --luck $V --out "$tmp/ok.csv" >/dev/null && ok ||
    bad "sim --luck value.jmn refused games the file was not fitted on"
expect2 "fitted at 2,4 players, and the run has 3" sim --games 5 --players 3 --luck $V --out "$tmp/n.csv"
expect2 "another game than the run's" sim --games 5 --rules classic --luck $V --out "$tmp/n.csv"
expect2 "another game than the run's" study captain --agents random --players 2 --rules 2021,ghost=off --games 5 \
    --luck $V --out "$tmp/n.csv"
expect2 "fitted at 2,4 players, and the run has 3" study captain --agents random --players 2-4 --games 5 --luck $V \
    --out "$tmp/n.csv"
head -c 2000 $V >"$tmp/cut.jmn"
expect2 "truncated" sim --games 5 --luck "$tmp/cut.jmn" --out "$tmp/n.csv"
[ ! -e "$tmp/n.csv" ] && ok || bad "a refused value file left a file"
# The decision terms: random's decisions corrected (its odds are known, and
# each ship's value moves with them), sharp's not.
for a in random sharp; do
    $J sim --games 40 --players 4 --agents $a --seed 7 --luck $V --out /dev/null --games-csv "$tmp/dec-$a.csv" >/dev/null
done
awk -F, 'NR > 1 { n += ($NF != 0) } END { exit !(n > 100) }' "$tmp/dec-random.csv" &&
    awk -F, 'NR > 1 { n += ($NF != 0) } END { exit !(n == 0) }' "$tmp/dec-sharp.csv" && ok ||
    bad "luck_decision: random's decisions corrected, sharp's not"

# Bad values: one line, exit 2, nothing written.
expect2 "--luck: empty" sim --games 5 --luck "" --out "$tmp/n.csv"
expect2 "no-such.jmn" sim --games 5 --luck "$tmp/no-such.jmn" --out "$tmp/n.csv"
expect2 "has no win_adj column" merge "$tmp/n.csv" "$tmp/tg0.csv" --luck hand
expect2 "not a GAMES.csv" merge "$tmp/n.csv" "$tmp/s1.csv" --luck hand
[ ! -e "$tmp/n.csv" ] && ok || bad "a refused --luck left a file"
$J variant --print | sed 's/^behind -5$/behind -4/' >"$tmp/v.txt"
expect2 "a network of the base game, and the run plays a variant" study captain --games 5 \
    --rules "$tmp/v.txt" --luck results/net/value/net.jmn --out "$tmp/n.csv"
$J sim --help | grep -q -- '--luck V' && $J study --help | grep -q -- '--luck V' && ok || bad "--luck in --help"

# Unbiased: on 40,000 random 4-player games seat 0's mean correction
# (adjusted less plain) is 0 within 4.5 standard errors (all seats together
# would say nothing: the hand's shares sum to 1, so their corrections cancel).
# A bias of 0.2 points needs some 20 times the games to be seen: that check
# is results/make.sh luck's (results/luck/coverage.md, 400,000 games).
$J sim --games 40000 --players 4 --seed 12 --luck hand --out /dev/null --games-csv "$tmp/u.csv" >/dev/null &&
    awk -F, 'NR > 1 && $(NF - 25) == 0 && $(NF - 27) == 0 { d = $(NF - 9) - $(NF - 17); n++; s += d; q += d * d }
        END { m = s / n; se = sqrt((q / n - m * m) / n); printf "%.6f %.6f\n", m, se;
              exit !(n == 40000 && m < 4.5 * se && -m < 4.5 * se && se > 0) }' "$tmp/u.csv" >"$tmp/bias" &&
    ok || bad "seat 0's mean correction on random games (mean, standard error): $(cat "$tmp/bias")"

finish
