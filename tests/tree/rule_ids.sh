#!/bin/sh
# Every rule id of docs/RULES.md (S1, T3, ..., G10) must be named by a test
# function: test_<ID>_... or test_<OTHER>_<ID>_... in tests/unit/*.c.
set -eu
cd "$(dirname "$0")/../.."
ids=$(grep -oE '^ *- [A-Z][0-9]+\.' docs/RULES.md | grep -oE '[A-Z][0-9]+' | sort -u)
missing=0
n=0
for id in $ids; do
    n=$((n + 1))
    if ! grep -qE "void test_([A-Z][0-9]+_)*${id}_" tests/unit/*.c; then
        echo "rule $id: no test names it" >&2
        missing=$((missing + 1))
    fi
done
# The page's sections: setup, round, loading, moving, landing, shortage,
# battle, end, ghost; a page that lost one of them has lost rules.
for s in S T L M P H B E G; do
    echo "$ids" | grep -q "^$s" || { echo "rule ids: no $s rule in docs/RULES.md" >&2; missing=$((missing + 1)); }
done
echo "rule ids: $((n - missing)) passed, $missing failed"
[ "$missing" -eq 0 ] && [ "$n" -ge 58 ]
