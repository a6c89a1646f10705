#!/bin/sh
# Decisions per second through each way an agent is seated, side by side
# in one `jamaica bench` (results/agents/speed.txt on this machine):
#   the built-in random;  the same random as a plugin (tests/plugins/random.c);
#   a trivial C program over the protocol (examples/program/first.c);
#   the Python example (python/examples/captain_bot.py).
# Timings are the machine's own: the file starts with what it is.
set -eu
cd "$(dirname "$0")/../.."
make -s bin/jamaica lib
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cc -O2 -std=c11 -Wall -Wextra -Werror -fPIC -shared -Iengine -Iagents -o "$tmp/random.so" tests/plugins/random.c \
    -Llib -l:libjamaica.so.1 -Wl,-rpath,"$PWD/lib"
cc -O2 -std=c11 -Wall -Wextra -Werror -o "$tmp/first" examples/program/first.c
out=${1:-results/agents/speed.txt}
{
    echo "# results/agents/speed.sh, $(date -u +%Y-%m-%d), commit $(git rev-parse --short HEAD 2>/dev/null || echo '?')"
    echo "# $(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //'), $(nproc) cores, $(uname -sr)"
    echo "# paths: 1 plugin random, 2 C program over the protocol, 3 the Python example ($(python3 --version 2>&1))"
    bin/jamaica bench --agent "plugin:$tmp/random.so" --agent "cmd:$tmp/first" \
        --agent 'cmd:python3 python/examples/captain_bot.py' | sed "s|$tmp/|TMP/|"
} >"$out.tmp"
mv "$out.tmp" "$out"
cat "$out"
