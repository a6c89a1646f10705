#!/bin/sh
# Decisions per second through each way an agent is seated, side by side
# in one `jamaica bench` (results/agents/speed.txt, from the machine it names):
#   the built-in random;  the same random as a plugin (tests/fixtures/plugins/random.c);
#   a trivial C program over the protocol (examples/program/first.c);
#   the Python example (python/examples/captain_bot.py).
# Then the programs again with jamaica and its programs on one core
# (taskset): a program's decision is one exchange of lines, and waking a
# process on another core costs more than the work on many (virtual)
# machines; and a sim on every core, as decisions per second per core.
set -eu
cd "$(dirname "$0")/../.."
make -s bin/jamaica lib
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cc -O2 -std=c11 -Wall -Wextra -Werror -fPIC -shared -Iengine -Iagents -o "$tmp/random.so" tests/fixtures/plugins/random.c \
    -Llib -l:libjamaica.so.1 -Wl,-rpath,"$PWD/lib"
cc -O2 -std=c11 -Wall -Wextra -Werror -o "$tmp/first" examples/program/first.c
py='cmd:python3 python/examples/captain_bot.py'
out=${1:-results/agents/speed.txt}
cores=$(nproc)
{
    echo "# results/agents/speed.sh, $(date -u +%Y-%m-%d)"
    echo "# $(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //'), $cores cores, $(uname -sr), $(python3 --version 2>&1)"
    echo "# bin/jamaica bench --agent plugin:random.so --agent cmd:first --agent '$py'"
    bin/jamaica bench --agent "plugin:$tmp/random.so" --agent "cmd:$tmp/first" --agent "$py"
    if command -v taskset >/dev/null 2>&1; then
        echo "# taskset -c 0 bin/jamaica bench --agent cmd:first --agent '$py'   (one core for all)"
        taskset -c 0 bin/jamaica bench --agent "cmd:$tmp/first" --agent "$py"
    fi
    games=$((cores * 500))
    echo "# bin/jamaica sim --games $games --threads $cores --agents cmd:first"
    bin/jamaica sim --games $games --threads "$cores" --agents "cmd:$tmp/first" \
        --out "$tmp/s.csv" >"$tmp/o"
    awk -v c="$cores" '/games of/ {for (i = 1; i <= NF; i++) if ($i == "in") s = $(i + 1)}
        /decisions,/ {d = $2} END {printf "sim_decisions_per_sec=%.0f\nsim_decisions_per_sec_per_core=%.0f\n", d / s, d / s / c}' "$tmp/o"
} 2>&1 | sed "s|$tmp/|TMP/|g" >"$out.tmp"
mv "$out.tmp" "$out"
cat "$out"
