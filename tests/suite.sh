#!/bin/sh
# suite.sh NAME COMMAND...: run one test suite of `make test`, note
# "pass NAME SECONDS" or "fail NAME SECONDS" in bin/test/suites, and go on
# either way (so that every suite runs); tests/summary.sh reads the notes at
# the end, and says where the time went.
name=$1
shift
mkdir -p bin/test
t0=$(date +%s)
if "$@"; then r=pass; else r=fail; fi
echo "$r $name $(($(date +%s) - t0))" >>bin/test/suites
exit 0
