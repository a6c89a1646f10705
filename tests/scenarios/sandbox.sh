#!/bin/sh
# The sandbox of a sealed run's programs (docs/PROTOCOL.md, "The
# sandbox"), attacked as entrants would attack it, each attack with its
# control (sandbox=off), as another user (jamaica as root: every program a
# uid of its own) and as the same user (jamaica as nobody: every program
# that user):
# - two seats of one game collude (tests/fixtures/agents/collude.py): their
#   views through an abstract unix socket, /dev/shm and /tmp;
# - one program attacks another (tests/fixtures/agents/probe.py): reads its
#   memory through /proc/PID/mem, stops it with ptrace;
# - what a program finds around it (tests/fixtures/agents/inside.sh): its
#   environment, /tmp, /dev/shm, processes, network, limits.
# And a sealed run refuses a program where there is no sandbox, and a
# plugin, unless the spec says sandbox=off.
suite=sandbox
. "$(dirname "$0")/../harness.sh"
py=/usr/bin/python3
[ -x $py ] || py=python3
chmod 755 "$tmp"
for a in collude.py probe.py inside.sh; do cp tests/fixtures/agents/$a "$tmp/$a" && chmod 644 "$tmp/$a"; done
if ! command -v bwrap >/dev/null 2>&1; then
    bad "no bwrap here (tests/deps.sh installs bubblewrap)"
    finish
    exit
fi
users="self"
if [ "$(id -u)" -eq 0 ] && command -v setpriv >/dev/null 2>&1 && id nobody >/dev/null 2>&1; then
    users="root nobody"
fi
run_as() { # USER CMD...: as root, or as nobody
    if [ "$1" = nobody ]; then shift; setpriv --reuid=nobody --regid="$(id -g nobody)" --clear-groups "$@"
    else shift; "$@"; fi
}
# two_seats USER AGENT SANDBOX: a sealed 2-player run of 30 games, AGENT in
# both seats; their last lines on stderr in $tmp/e
two_seats() {
    (cd "$tmp" && run_as "$1" "$top/$J" sim --seed random --games 30 --players 2 --threads 1 \
        --agents "cmd:$py $tmp/$2 $$$1$3:sandbox=$3,cmd:$py $tmp/$2 $$$1$3:sandbox=$3" --out "$tmp/s-$1.csv" \
        >/dev/null 2>"$tmp/e")
    # what the control's colluders left in the machine's /tmp and /dev/shm
    rm -f /tmp/jcollude-$$$1$3-* /dev/shm/jcollude-$$$1$3-*
}
sum() { # KEY: the played processes' total of KEY= in $tmp/e
    awk -v k="$1" '/^(COLLUDE|PROBE) games=[1-9]/ { for (i = 2; i <= NF; i++) { split($i, a, "="); if (a[1] == k) s += a[2] } }
        END { print s + 0 }' "$tmp/e"
}
for u in $users; do
    chmod 777 "$tmp"
    # Collusion: none in the sandbox; the control passes nearly every view.
    two_seats $u collude.py on
    [ "$(sum games)" -eq 60 ] && [ "$(sum abstract)" -eq 0 ] && [ "$(sum shm)" -eq 0 ] && [ "$(sum tmp)" -eq 0 ] && ok ||
        bad "$u: seats colluded in the sandbox: $(grep COLLUDE "$tmp/e" | tr '\n' ' ')"
    two_seats $u collude.py off
    [ "$(sum abstract)" -ge 54 ] && [ "$(sum shm)" -ge 54 ] && [ "$(sum tmp)" -ge 54 ] && ok ||
        bad "$u: the control failed: the seats did not collude without the sandbox: $(grep COLLUDE "$tmp/e" | tr '\n' ' ')"
    # One program against another: nothing to see in the sandbox.
    two_seats $u probe.py on
    [ "$(sum games)" -eq 60 ] && [ "$(sum seen)" -eq 0 ] && [ "$(sum read)" -eq 0 ] && [ "$(sum traced)" -eq 0 ] && ok ||
        bad "$u: a program reached another in the sandbox: $(grep PROBE "$tmp/e" | tr '\n' ' ')"
    two_seats $u probe.py off
    [ "$(sum seen)" -ge 54 ] && [ "$(sum read)" -ge 48 ] && [ "$(sum traced)" -ge 54 ] && ok ||
        bad "$u: the control failed: no program reached the other without the sandbox: $(grep PROBE "$tmp/e" | tr '\n' ' ')"
    # What it finds around it: the documented environment alone, empty /tmp
    # and /dev/shm (the path to its own file aside, when that is in /tmp),
    # its own processes, no network, the memory limit; as
    # root a uid of its own per seat.
    (cd "$tmp" && run_as $u "$top/$J" sim --seed random --games 1 --players 2 --threads 1 \
        --agents "cmd:sh $tmp/inside.sh,cmd:sh $tmp/inside.sh" --out "$tmp/i.csv" >/dev/null 2>"$tmp/e")
    grep '^INSIDE' "$tmp/e" | tail -n 2 >"$tmp/in"
    # /tmp may hold only the first folders of the paths bound into it (this
    # suite's folder, and the clone's python/ when the clone is in /tmp)
    allowed=",$(echo "$tmp" | cut -d/ -f3),$(echo "$top" | sed -n 's|^/tmp/\([^/]*\).*|\1|p'),"
    seen=$(sed -n 's/.* tmp=\([^ ]*\) .*/\1/p' "$tmp/in" | tr , '\n' | sort -u | grep .)
    extra=$(for e in $seen; do case $allowed in *",$e,"*) ;; *) echo "$e" ;; esac; done)
    [ "$(grep -c 'env=HOME,LANG,PATH,PWD,\(PYTHONPATH,\)\{0,1\}TMPDIR, tmp=[^ ]* shm=0 procs=[1-9] net=0 beside=1 mem=4194304$' "$tmp/in")" -eq 2 ] &&
        [ -z "$extra" ] && ok || bad "$u: a program's view in the sandbox: $(cat "$tmp/in")"
    if [ $u = root ]; then
        uids=$(sed 's/.*uid=\([0-9]*\).*/\1/' "$tmp/in" | sort -u | tr '\n' ' ')
        [ "$(echo $uids | wc -w)" -eq 2 ] && ! echo " $uids" | grep -q ' 0 ' && ok || bad "root: the seats' uids: $uids"
    fi
done
chmod 755 "$tmp"

# A spec raises a limit (mem=8192: 8 GiB of address space); a bad limit is
# refused in one line before any output.
(cd "$tmp" && "$top/$J" sim --seed random --games 1 --players 2 --threads 1 \
    --agents "cmd:sh $tmp/inside.sh:mem=8192",random --out "$tmp/m.csv" >/dev/null 2>"$tmp/e")
grep '^INSIDE' "$tmp/e" | tail -n 1 | grep -q 'mem=8388608$' && ok || bad "mem=8192: $(grep INSIDE "$tmp/e" | tail -n 1)"
expect2 "bad value '10' for mem (a whole number from 64" sim --seed random --games 2 --players 2 \
    --agents "cmd:sh $tmp/inside.sh:mem=10",random --out "$tmp/n.csv"
expect2 "bad value 'A-B' for env" sim --seed random --games 2 --players 2 --agents "cmd:sh $tmp/inside.sh:env=A-B",random \
    --out "$tmp/n.csv"

# No sandbox (JAMAICA_BWRAP names none): a sealed run refuses the program
# in one line before any output; with sandbox=off it plays; a number seed
# needs none.  A plugin in a sealed run likewise.
JAMAICA_BWRAP=/nonexistent expect2 "no bwrap here .*a sealed run refuses a program without its sandbox unless its spec says sandbox=off" \
    sim --seed random --games 2 --players 2 --agents "cmd:sh $tmp/inside.sh",random --out "$tmp/n.csv"
[ ! -e "$tmp/n.csv" ] && ! grep -q 'drew seed' "$tmp/e" && ok || bad "a refused sealed run wrote or told a seed: $(cat "$tmp/e")"
JAMAICA_BWRAP=/nonexistent $J sim --seed random --games 2 --players 2 --agents "cmd:sh $tmp/inside.sh:sandbox=off",random \
    --out "$tmp/n.csv" >/dev/null 2>&1 && ok || bad "sandbox=off did not play without bwrap"
JAMAICA_BWRAP=/nonexistent $J sim --seed 3 --games 2 --players 2 --agents "cmd:sh $tmp/inside.sh",random \
    --out "$tmp/n.csv" >/dev/null 2>&1 && ok || bad "a number seed's run needed the sandbox"
expect2 "runs inside jamaica's process, where no sandbox can hold it" \
    sim --seed random --games 2 --players 2 --agents "plugin:$tmp/none.so",random --out "$tmp/n.csv"
finish "as $users"
