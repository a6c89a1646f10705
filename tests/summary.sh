#!/bin/sh
# summary.sh: the last line of `make test`, over the suites that
# tests/suite.sh noted: the failed ones by name, then "N passed, N failed";
# status 1 if any failed or none ran.
f=bin/test/suites
[ -s "$f" ] || { echo "0 passed, 0 failed (no suite ran)"; exit 1; }
grep '^fail ' "$f" | sed 's/^fail /failed: /'
p=$(grep -c '^pass ' "$f")
n=$(grep -c '^fail ' "$f")
echo "$p passed, $n failed"
[ "$n" -eq 0 ]
