#!/bin/sh
# (These attacks test what holds without the sandbox, so they seat their
# programs with sandbox=off, as setpriv's user: tests/scenarios/sandbox.sh
# attacks the sandbox.)
# Sealed runs under attack (docs/PROTOCOL.md, "Sealed runs"): an entrant
# program (tests/fixtures/agents/spy.py) reads every file, stream and /proc entry it
# can reach, at every game, and the run's seed is nowhere in what it read,
# under --seed random and --seed-file, with a checkpoint and GAMES.csv in
# flight.  As root (CI) the spy runs as the user nobody, as the docs
# prescribe; otherwise as this user, against whom jamaica's process is not
# dumpable.  Also: the files jamaica makes are 0600, the warning for an
# outside seat under a seed not drawn secretly, and a seed file others may
# read is refused.
suite=sealed
. "$(dirname "$0")/../harness.sh"
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT
J=$top/bin/jamaica
chmod 755 "$tmp"
mkdir -m 1777 "$tmp/spy"
cp tests/fixtures/agents/spy.py "$tmp/spy.py" && chmod 644 "$tmp/spy.py" # where any user may read it
for a in remember daemon tty; do cp tests/fixtures/agents/$a.py "$tmp/$a.py" && chmod 644 "$tmp/$a.py"; done
py=/usr/bin/python3
[ -x $py ] || py=python3
if [ "$(id -u)" -eq 0 ] && command -v setpriv >/dev/null 2>&1 && id nobody >/dev/null 2>&1; then
    as="setpriv --reuid=nobody --regid=$(id -g nobody) --clear-groups "
    who="the user nobody"
else
    as=""
    who="this user"
fi

# attack NAME SEEDOPTION...: a 2-player run with the spy in seat 0, outputs
# and checkpoint in $tmp/NAME; then the seed must not be in what it read.
attack() {
    name=$1
    shift
    d="$tmp/$name"
    mkdir -m 755 "$d" # the spy, as another user, may list it (the files in it are 0600)
    (cd "$d" && "$J" sim --games 40 --players 2 --threads 2 "$@" \
        --agents "cmd:${as}$py $tmp/spy.py $tmp/spy/$name.txt:sandbox=off",random \
        --out "$d/s.csv" --games-csv "$d/g.csv" --checkpoint "$d/c.ckpt" --checkpoint-every 0.001 >o 2>e)
    rc=$?
    seed=$(sed -n '2s/,.*//p' "$d/s.csv")
    [ $rc -eq 0 ] && case $seed in sealed:*) true ;; *) false ;; esac || {
        bad "$name: status $rc, seed '$seed': $(cat "$d/e")"
        return
    }
    hex=${seed#sealed:}
    lo=$(echo "$hex" | cut -c1-16)
    hi=$(echo "$hex" | cut -c17-32)
    f="$tmp/spy/$name.txt"
    # The spy did look: its games, jamaica's command line, its own stderr
    # (jamaica's), its working directory, the outputs' directory with the
    # checkpoint in it.
    [ "$(grep -ac '^GAME ' "$f")" -ge 40 ] && grep -aq '^OK cmdline .*' "$f" && grep -aq '^\(OK\|DENIED\) stderr ' "$f" &&
        grep -q '^\(OK\|DENIED\) cwd listing ' "$f" && grep -aq "^OK named-dir listing $d: .*c\.ckpt" "$f" && ok ||
        bad "$name: the spy did not get to look: $(grep -c . "$f") lines"
    # As this user the spy reads the seed file itself (docs/PROTOCOL.md's
    # table: a --seed-file is for a program run as another user); what it
    # read of that file is set aside, and nothing else may hold the seed.
    awk -v a="OK named $tmp/seed" -v b="OK named-dir $tmp/seed" '/^(OK|DENIED|GAME) / { skip = ($0 == a || $0 == b) } !skip' \
        "$f" >"$f.rest"
    if grep -aqi -e "$lo" -e "$hi" "$f.rest"; then
        bad "$name: the spy ($who) read the seed: $(grep -ai -e "$lo" -e "$hi" "$f.rest" | head -c 300)"
    else ok; fi
    # What it could not open, it was refused (the process is not dumpable,
    # or is another user's).
    grep -aq '^DENIED fd listing\|^DENIED environ' "$f" && ok || bad "$name: /proc/PID/fd or environ were open to the spy"
    # Every file jamaica made, 0600; the seed said once, at the end.
    for x in s.csv g.csv; do
        [ "$(stat -c %a "$d/$x")" = 600 ] && ok || bad "$name: $x is $(stat -c %a "$d/$x")"
    done
    if [ "$name" = random ]; then
        [ "$(grep -c "$hex" "$d/e")" -eq 1 ] && [ "$(tail -n 1 "$d/e")" = "jamaica: --seed random drew seed $seed (the outputs record it)" ] &&
            ok || bad "random: the drawn seed is not told once, at the end: $(cat "$d/e")"
    fi
}

attack random --seed random
printf 'sealed:%s\n' "$(od -An -tx1 -N16 /dev/urandom | tr -d ' \n')" >"$tmp/seed"
chmod 600 "$tmp/seed"
attack file --seed-file "$tmp/seed"
# As another user, the seed file (0600) is refused to it.
if [ -n "$as" ]; then
    grep -aq "^DENIED named $tmp/seed: Permission denied" "$tmp/spy/file.txt" && ok || bad "the seed file was open to the spy as $who"
fi

# A seed file others may read is refused; an outside seat under a seed the
# command line shows is warned, once.
chmod 644 "$tmp/seed"
"$J" sim --games 2 --seed-file "$tmp/seed" --out "$tmp/x.csv" >/dev/null 2>"$tmp/e"
[ $? -eq 2 ] && grep -q "may be read by other users (mode 0644): chmod 600 it" "$tmp/e" && [ ! -e "$tmp/x.csv" ] && ok ||
    bad "a readable seed file: $(cat "$tmp/e")"
# A seed file of another user (one an entrant could have planted) is refused.
if [ -n "$as" ]; then
    cp "$tmp/seed" "$tmp/seed-nobody" && chmod 600 "$tmp/seed-nobody" && chown nobody "$tmp/seed-nobody"
    "$J" sim --games 2 --seed-file "$tmp/seed-nobody" --out "$tmp/x.csv" >/dev/null 2>"$tmp/e"
    [ $? -eq 2 ] && grep -q "belongs to another user (uid $(id -u nobody))" "$tmp/e" && [ ! -e "$tmp/x.csv" ] && ok ||
        bad "another user's seed file: $(cat "$tmp/e")"
fi
# trace and replay refuse a sealed seed in one line that says why.
for c in trace replay; do
    "$J" $c --seed "$(cat "$tmp/seed")" >"$tmp/o" 2>"$tmp/e"
    [ $? -eq 2 ] && [ ! -s "$tmp/o" ] && [ "$(wc -l <"$tmp/e")" -eq 1 ] && grep -q "a sealed run's games are not stepped through" "$tmp/e" &&
        ok || bad "$c --seed sealed:...: $(cat "$tmp/e")"
done
for s in 1 "$(cat "$tmp/seed")"; do
    "$J" sim --games 2 --players 2 --seed "$s" --agents "cmd:sh tests/fixtures/agents/faulty.sh good",random --out "$tmp/x.csv" \
        >/dev/null 2>"$tmp/e"
    [ $? -eq 0 ] && [ "$(grep -c 'plays from outside under a seed that was not drawn secretly' "$tmp/e")" -eq 1 ] && ok ||
        bad "--seed $s: no warning: $(cat "$tmp/e")"
done
"$J" sim --games 2 --players 2 --seed random --agents random --out "$tmp/x.csv" >/dev/null 2>"$tmp/e"
! grep -q warning "$tmp/e" && ok || bad "a warning without an outside seat: $(cat "$tmp/e")"

# An entrant that remembers every deal across its seatings and processes
# (tests/fixtures/agents/remember.py, one shared file): under a number seed every
# seating of a deal replays its chance and it learns other seats' opening
# hands and foretells dice (the control: the attack works); under a sealed
# seed each seating plays chance of its own, and it learns no hand and
# foretells dice no better than chance (1 in 36 for an ordered pair).
remember() {
    m="$tmp/spy/memory-$1.txt"
    "$J" tournament --seed "$1" --players 4 --games 10 --threads 2 --out "$tmp/r-$1.csv" \
        --agents "cmd:${as}$py $tmp/remember.py $m:sandbox=off",greedy,random,sharp >"$tmp/o" 2>"$tmp/e" ||
        bad "remember $1: status $?: $(cat "$tmp/e")"
    awk '/^TALLY/ { for (i = 2; i <= NF; i++) { split($i, a, "="); t[a[1]] += a[2] } }
         END { printf "%d %d %d %d\n", t["games"], t["hands"], t["predicted"], t["right"] }' "$m"
}
set -- $(remember 5)
[ "$1" -eq 240 ] && [ "$2" -gt 100 ] && [ "$4" -gt $(($3 / 36 + 20)) ] && ok ||
    bad "the remembering entrant learnt nothing under a number seed (games, hands, predicted, right: $*): the control failed"
set -- $(remember random)
[ "$1" -eq 240 ] && [ "$2" -eq 0 ] && [ "$4" -le $(($3 / 36 + 3 * $3 / 100 + 3)) ] && ok ||
    bad "the remembering entrant learnt under a sealed seed (games, hands, predicted, right: $*)"
grep -q "Each seating played chance of its own" "$tmp/o" && ok || bad "the sealed tournament's report does not say its seatings are unpaired"

# A program that leaves a daemon (tests/fixtures/agents/daemon.py: setsid(),
# SIGTERM ignored, reading jamaica's standard error, a 0644 file, for the
# seed): no process of it is left once jamaica has ended, whether the run
# ends, an agent fails, or jamaica gets SIGTERM or SIGKILL, and none read
# the seed.
daemon() { # NAME ENDING [fault]
    dd="$tmp/spy/daemon-$1"
    mkdir -m 1777 "$dd"
    echo "$dd/err" >"$dd/watch"
    : >"$dd/err"
    chmod 644 "$dd/err"
    "$J" sim --games "$([ "$2" = end ] && echo 30 || echo 1000000)" --players 2 --threads 2 --seed random \
        --agents "cmd:${as}$py $tmp/daemon.py $dd ${3:-}:sandbox=off",random --out "$dd/s.csv" >/dev/null 2>"$dd/err" &
    jp=$!
    if [ "$2" = TERM ] || [ "$2" = KILL ]; then
        n=0
        while [ "$(cat "$dd/pids" 2>/dev/null | grep -c .)" -lt 2 ] && [ $n -lt 100 ]; do sleep 0.1; n=$((n + 1)); done
        sleep 0.5
        kill -"$2" $jp
    fi
    { wait $jp; } 2>/dev/null
    rc=$?
    # SIGKILL leaves jamaica no time: its programs' guardians end them (a moment)
    [ "$2" = KILL ] && sleep 2
    left=""
    for p in $(cat "$dd/pids" 2>/dev/null); do kill -0 "$p" 2>/dev/null && left="$left $p" && kill -9 "$p"; done
    [ -s "$dd/pids" ] && [ -z "$left" ] && ok || bad "daemon $1 (status $rc): daemons left:$left (of $(cat "$dd/pids" | tr '\n' ' '))"
    s=$(sed -n 's/.*drew seed sealed:\([0-9a-f]*\).*/\1/p' "$dd/err")
    if [ -n "$s" ] && cat "$dd"/seen-* 2>/dev/null | grep -q "$s"; then bad "daemon $1: a daemon read the seed"; else ok; fi
}
daemon end end
daemon fault end fault
daemon TERM TERM
daemon KILL KILL

# A program has no controlling terminal and a session of its own; its
# standard error reaches jamaica's terminal without its escape sequences.
# jamaica runs at a terminal (script(1)); tests/fixtures/agents/tty.py reaches for it.
if command -v script >/dev/null 2>&1; then
    tt="$tmp/spy/tty.txt"
    script -qec "$J sim --games 2 --players 2 --threads 1 --seed random --agents 'cmd:${as}$py $tmp/tty.py $tt:sandbox=off',random \
        --out $tmp/tty.csv" "$tmp/typescript" >/dev/null 2>&1 </dev/null
    grep -q '^tty DENIED' "$tt" && grep -q '^sti DENIED' "$tt" && grep -q '^isatty2 0' "$tt" && ok ||
        bad "a program reached the terminal: $(cat "$tt")"
    # its own session, led by its guardian: neither jamaica's nor script's
    set -- $(sed -n 's/^sid \([0-9]*\) pid \([0-9]*\) pgid \([0-9]*\)/\1 \2 \3/p' "$tt" | head -n 1)
    [ -n "${1:-}" ] && [ "$1" = "$3" ] && [ "$1" != "$$" ] && [ "$1" != "$(ps -o sid= -p $$ | tr -d ' ')" ] && ok ||
        bad "a program's session: $(cat "$tt")"
    grep -q 'tty.py says ?\]52;c;ZWNobyBQV05FRA==? here' "$tmp/typescript" && ! grep -q "$(printf '\033]52')" "$tmp/typescript" &&
        ok || bad "a program's escape sequence reached the terminal: $(cat -v "$tmp/typescript" | grep tty.py)"
else
    echo "sealed: no script(1): the terminal checks skipped"
fi

# diff refuses runs of different chance.
"$J" sim --games 3 --seed 5 --games-csv "$tmp/p.csv" --out /dev/null >/dev/null 2>&1
"$J" diff "$tmp/p.csv" "$tmp/file/g.csv" >"$tmp/o" 2>"$tmp/e"
[ $? -eq 2 ] && [ ! -s "$tmp/o" ] && grep -q "under plain chance and .* under sealed" "$tmp/e" && ok ||
    bad "diff of plain and sealed runs: $(cat "$tmp/e")"

# diff refuses a malformed seed in any row, in one line, before any output.
sed '3s/,sealed:\([0-9a-f]\)/,sealed:q/' "$tmp/file/g.csv" >"$tmp/bad.csv"
"$J" diff "$tmp/file/g.csv" "$tmp/bad.csv" >"$tmp/o" 2>"$tmp/e"
[ $? -eq 2 ] && [ ! -s "$tmp/o" ] && grep -q "bad.csv line 3, column seed: 'sealed:q" "$tmp/e" && ok || bad "diff of a malformed seed: $(cat "$tmp/e")"

# A sealed run's outputs are 0600 whatever they replace, and a --seed
# random run killed by SIGKILL goes on with its seed: the same command with
# --resume reads the kept seed file and ends with the bytes of that seed's
# run never interrupted.
mkdir "$tmp/kill" && cd "$tmp/kill" || exit 1
echo old >k.csv && chmod 644 k.csv
K="--games 400000 --players 2 --agents random --threads 2 --out k.csv --games-csv kg.csv --checkpoint-every 0.05"
"$J" sim --seed random $K >/dev/null 2>e1 &
jp=$!
n=0
while [ ! -s k.csv.checkpoint ] && [ $n -lt 100 ]; do sleep 0.05; n=$((n + 1)); done
sleep 0.5
kill -9 $jp
{ wait $jp; } 2>/dev/null
grep -q "the drawn seed is kept in 'k.csv.checkpoint.seed' (mode 0600)" e1 && [ "$(stat -c %a k.csv.checkpoint.seed)" = 600 ] &&
    ok || bad "the drawn seed was not kept: $(cat e1)"
cp k.csv.checkpoint.seed seed.txt
"$J" sim --seed random $K --resume >/dev/null 2>e2 && ok || bad "the resumed sealed run: $(cat e2)"
"$J" sim --seed-file seed.txt --games 400000 --players 2 --agents random --threads 1 --out r.csv \
    --games-csv rg.csv >/dev/null 2>&1
cmp -s k.csv r.csv && cmp -s kg.csv rg.csv && [ ! -e k.csv.checkpoint.seed ] && ok ||
    bad "killed and resumed under --seed random: not the bytes of its seed's run (or the kept seed left)"
[ "$(stat -c %a k.csv)" = 600 ] && [ "$(stat -c %a kg.csv)" = 600 ] && ok || bad "a sealed output kept an old mode: $(stat -c %a k.csv)"
! grep -q -- '--seed sealed\|with --seed ' e1 e2 && ok || bad "a message put the seed on a command line: $(cat e1 e2)"
cd "$top" || exit 1

echo "sealed: the spy ran as $who"
finish
