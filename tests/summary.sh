#!/bin/sh
# summary.sh: the last lines of `make test` and `make check`, over the
# suites that tests/suite.sh noted: the slowest suites and their seconds,
# the failed ones by name, then "N passed, N failed"; status 1 if any failed
# or none ran.
f=bin/test/suites
[ -s "$f" ] || { echo "0 passed, 0 failed (no suite ran)"; exit 1; }
awk '{ s += $3 } END { printf "suites: %d s in all; the slowest:", s }' "$f"
sort -k3,3nr "$f" | head -n 5 | awk '{ printf " %s %d s,", $2, $3 }' | sed 's/,$//'
echo
grep '^fail ' "$f" | awk '{ print "failed: " $2 }'
p=$(grep -c '^pass ' "$f")
n=$(grep -c '^fail ' "$f")
echo "$p passed, $n failed"
[ "$n" -eq 0 ]
