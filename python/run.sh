#!/bin/sh
# bin/python (made by `make` from python/run.sh): the Python that has
# numpy, and torch where one has it (the first of python3 and Debian's
# /usr/bin/python3; `make test` installs python3-numpy and python3-torch for
# the latter), with this clone's module and library: `bin/python SCRIPT`,
# `bin/python -m jamaica.train.exit ...`, whichever python3 comes first on PATH.
# The packages are looked up, not imported (importlib's find_spec): a
# start costs the interpreter's own, not torch's import (seconds on a busy
# machine, past a program agent's startup).
here=$(cd "$(dirname "$0")/.." && pwd)
py=
for need in "numpy torch" "numpy"; do
    for p in python3 /usr/bin/python3; do
        if [ -z "$py" ] && "$p" -c "import importlib.util as u, sys; sys.exit(not all(u.find_spec(m) for m in sys.argv[1:]))" \
            $need >/dev/null 2>&1; then py=$p; fi
    done
done
if [ -z "$py" ]; then
    echo "bin/python: no python3 here imports numpy: run 'make test' (it installs Debian's python3-numpy and python3-torch), or 'sudo apt-get install python3-numpy python3-torch'" >&2
    exit 1
fi
[ -e "$here/lib/libjamaica.so.1" ] || { echo "bin/python: no lib/libjamaica.so.1 in $here: run 'make'" >&2; exit 1; }
PYTHONPATH="$here/python${PYTHONPATH:+:$PYTHONPATH}" JAMAICA_LIB="${JAMAICA_LIB:-$here/lib/libjamaica.so.1}" exec "$py" "$@"
