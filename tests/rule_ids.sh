#!/bin/sh
# Every rule id of RULES.md (S1, T3, ..., G10) must be named by a test
# function: test_<ID>_... or test_<OTHER>_<ID>_... in tests/*.c.
# The ids come from ../shared/RULES.md when it is beside the project, else
# from tests/rule_ids.txt (kept equal to it by this script).
set -eu
cd "$(dirname "$0")/.."
rules=../shared/RULES.md
if [ -f "$rules" ]; then
    ids=$(grep -oE '^ *- [A-Z][0-9]+\.' "$rules" | grep -oE '[A-Z][0-9]+' | sort -u)
    if [ "$ids" != "$(sort -u tests/rule_ids.txt)" ]; then
        echo "rule ids: tests/rule_ids.txt differs from $rules:" >&2
        echo "$ids" | diff - tests/rule_ids.txt >&2 || true
        exit 1
    fi
else
    ids=$(sort -u tests/rule_ids.txt)
fi
missing=0
n=0
for id in $ids; do
    n=$((n + 1))
    if ! grep -qE "void test_([A-Z][0-9]+_)*${id}_" tests/*.c; then
        echo "rule $id: no test names it" >&2
        missing=$((missing + 1))
    fi
done
echo "rule ids: $((n - missing)) passed, $missing failed"
[ "$missing" -eq 0 ]
