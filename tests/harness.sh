# harness.sh: the head every shell suite shares.  A suite at
# tests/KIND/NAME.sh starts with
#     suite=NAME
#     . "$(dirname "$0")/../harness.sh"
# and ends with `finish`.  It gets: the clone's top as the working
# directory and $top, J (the command, relative to $top), a scratch folder
# $tmp removed at exit (KEEP=1 keeps it and says where), the counters and
# ok/bad, and expect2 (bad input's contract: exit 2, one line on stderr
# starting "jamaica: " and naming WANT, nothing on stdout).
set -u
cd "$(dirname "$0")/../.." || exit 1
top=$(pwd)
J=bin/jamaica
tmp=$(mktemp -d)
if [ "${KEEP:-}" = 1 ]; then
    trap 'echo "$suite: kept $tmp" >&2' EXIT
else
    trap 'rm -rf "$tmp"' EXIT
fi
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "$suite: FAIL: $*" >&2; }
expect2() { # WANT CMD...
    want=$1
    shift
    $J "$@" >"$tmp/o" 2>"$tmp/e"
    rc=$?
    if [ $rc -eq 2 ] && [ "$(wc -l <"$tmp/e")" -eq 1 ] && grep -q "^jamaica: .*$want" "$tmp/e" && [ ! -s "$tmp/o" ]; then
        ok
    else
        bad "'$*' gave exit $rc: $(head -n 2 "$tmp/e")"
    fi
}
finish() { # [EXTRA]: the suite's last line, and its status
    echo "$suite: $pass passed, $fail failed${1:+ ($1)}"
    [ "$fail" -eq 0 ]
}
