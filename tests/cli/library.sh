#!/bin/sh
# libjamaica as another program meets it: make install into a temporary
# prefix, the example built with pkg-config against the installed library
# (shared, then static) and run, only public symbols exported, the man
# page covering every command and option.
suite=lib
. "$(dirname "$0")/../harness.sh"
P=$tmp/prefix
make -s install PREFIX="$P" >"$tmp/log" 2>&1 || { cat "$tmp/log"; bad "make install"; }
for f in bin/jamaica include/jamaica/jamaica.h include/jamaica/agent.h include/jamaica/jamaica_plugin.h include/jamaica/nnet.h \
    include/jamaica/selfplay.h lib/libjamaica.so.1 lib/libjamaica.so \
    lib/libjamaica.a lib/pkgconfig/jamaica.pc share/man/man1/jamaica.1 bin/jamaica-plot share/jamaica/plots/games.gp; do
    [ -e "$P/$f" ] && ok || bad "make install did not install $f"
done
# The installed Python module, found by python3 under the prefix, finds the
# installed library by itself (no JAMAICA_LIB) and the command on PATH.
if command -v python3 >/dev/null 2>&1; then
    m=$(find "$P/lib" -path '*-packages/jamaica/__init__.py' | head -n 1)
    [ -n "$m" ] && (cd "$tmp" && env -u JAMAICA_LIB -u JAMAICA_BIN PATH="$P/bin:$PATH" PYTHONPATH="$(dirname "$(dirname "$m")")" \
        python3 -c 'import jamaica, sys; g = jamaica.Game(2); r = jamaica.sim(games=2, players=2)
sys.exit(not (jamaica.__file__.startswith(sys.argv[1]) and g.legal() and r[0]["trace_hash"]))' "$P") &&
        ok || bad "the installed python module: ${m:-not installed}"
fi
# The installed plotting script draws (when gnuplot is there), from its own copy of the drawings.
if command -v gnuplot >/dev/null 2>&1 && command -v python3 >/dev/null 2>&1; then
    "$P/bin/jamaica" sim --games 50 --out /dev/null --games-csv "$tmp/pg.csv" >/dev/null &&
        (cd "$tmp" && "$P/bin/jamaica-plot" games pg.csv pg.png) && [ -s "$tmp/pg.png" ] && ok || bad "jamaica-plot"
fi
[ "$(readelf -d "$P/lib/libjamaica.so.1" | sed -n 's/.*Library soname: \[\(.*\)\]/\1/p')" = libjamaica.so.1 ] && ok ||
    bad "soname is not libjamaica.so.1"
# Only the public API: every exported name is declared (a function or an
# array) in an installed header, jm_* (not the engine-private jm__*),
# agent_* and the networks' nn_* (agents/nnet.h).
nm -D --defined-only "$P/lib/libjamaica.so.1" | awk '$2 ~ /^[TDBRV]$/ {sub(/@.*/, "", $3); print $3}' | grep -v '^JAMAICA_1$' >"$tmp/syms"
: >"$tmp/undeclared"
while read -r s; do
    grep -qE "(^|[^A-Za-z0-9_])$s[[:space:]]*[([]" "$P"/include/jamaica/*.h || echo "$s" >>"$tmp/undeclared"
done <"$tmp/syms"
if [ -s "$tmp/syms" ] && [ ! -s "$tmp/undeclared" ] && ! grep -qvE '^(jm_[a-z][a-z0-9_]*|agent_[a-z_]*|nn_[a-z_]*)$' "$tmp/syms" &&
    grep -q '^jm_init$' "$tmp/syms" && grep -q '^agent_choose$' "$tmp/syms" && grep -q '^nn_eval$' "$tmp/syms" &&
    grep -q '^jm_selfplay$' "$tmp/syms" && ! grep -q '^jm__' "$tmp/syms"; then ok; else
    bad "exported symbols beyond the installed headers: $(head -n 5 "$tmp/undeclared" | tr '\n' ' ')"; fi
# The example, against the installed library found by pkg-config.
export PKG_CONFIG_PATH="$P/lib/pkgconfig"
# shellcheck disable=SC2046
if cc -std=c11 -Wall -Wextra -Werror examples/play.c $(pkg-config --cflags --libs jamaica) -Wl,-rpath,"$P/lib" \
    -o "$tmp/play" 2>"$tmp/e" && "$tmp/play" greedy "mcts:iters=50" 3 >"$tmp/o" 2>"$tmp/e" &&
    grep -q '^seat 0 (greedy): score ' "$tmp/o" && grep -q '^ghost: score ' "$tmp/o" &&
    ldd "$tmp/play" | grep -q "$P/lib/libjamaica.so.1"; then ok; else bad "example (shared): $(cat "$tmp/e")"; fi
# shellcheck disable=SC2046
if cc -std=c11 examples/play.c $(pkg-config --cflags jamaica) "$P/lib/libjamaica.a" -lm -o "$tmp/play-static" \
    2>"$tmp/e" && "$tmp/play-static" greedy "mcts:iters=50" 3 >"$tmp/o2" && cmp -s "$tmp/o" "$tmp/o2"; then ok; else
    bad "example (static): $(cat "$tmp/e")"; fi
# Plugins, built against the installed header and library as a user would:
# the template with its Makefile, seated in a tournament with built-in agents
# and a program; the built-in random as a plugin plays the same games; a
# plugin of another ABI is refused.
if make -s -C examples/plugin OUT="$tmp/lookahead.so" >"$tmp/e" 2>&1 &&
    "$P/bin/jamaica" tournament --players 4 --games 10 --agents "plugin:$tmp/lookahead.so",greedy,random,"cmd:sh tests/fixtures/agents/faulty.sh good" \
        --out "$tmp/r.csv" >"$tmp/o" 2>"$tmp/e" && grep -q "lookahead.so\` | 240 |" "$tmp/o"; then ok; else
    bad "template plugin: $(cat "$tmp/e")"; fi
# plugin:NAME.so with no '/', run where the file is: that file (it was
# looked up on the library path, and said not to exist).
(cd "$tmp" && "$P/bin/jamaica" sim --players 2 --games 2 --agents plugin:lookahead.so,random --out /dev/null >"$tmp/o" 2>"$tmp/e") &&
    grep -q 'plugin:lookahead.so: wins' "$tmp/o" && ok || bad "plugin:lookahead.so from its directory: $(cat "$tmp/e")"
for p in random abi99 recover crash; do
    # shellcheck disable=SC2046
    cc -std=c11 -Wall -Wextra -Werror -fPIC -shared -pthread -o "$tmp/$p.so" "tests/fixtures/plugins/$p.c" $(pkg-config --cflags --libs jamaica) \
        -Wl,-rpath,"$P/lib" 2>"$tmp/e" && ok || bad "building tests/fixtures/plugins/$p.c: $(cat "$tmp/e")"
done
# The random plugin draws from its seat's stream: sealed (keyed from the run's
# seed by SipHash), so other draws than the built-in random's, the same on
# any thread count.
"$P/bin/jamaica" sim --games 500 --threads 2 --agents random --out "$tmp/s1.csv" --games-csv "$tmp/g1.csv" >/dev/null &&
    "$P/bin/jamaica" sim --games 500 --threads 1 --agents "plugin:$tmp/random.so" --out "$tmp/s2.csv" --games-csv "$tmp/g2.csv" >/dev/null &&
    "$P/bin/jamaica" sim --games 500 --threads 2 --agents "plugin:$tmp/random.so" --out "$tmp/s3.csv" --games-csv "$tmp/g3.csv" >/dev/null &&
    cmp -s "$tmp/g2.csv" "$tmp/g3.csv" &&
    [ "$(awk -F, 'NR > 1 {print $NF}' "$tmp/g1.csv" | md5sum)" != "$(awk -F, 'NR > 1 {print $NF}' "$tmp/g2.csv" | md5sum)" ] &&
    ok || bad "the random plugin: not sealed, or not the same on 1 and 2 threads"
# A cheating plugin undoes its stream's seeding to guess the run's seed: it
# gets a number, never the seed (it would for a built-in agent's stream).
"$P/bin/jamaica" sim --games 20 --threads 2 --players 3 --seed 123456789 --agents "plugin:$tmp/recover.so",random,random \
    --out "$tmp/recover.csv" >/dev/null 2>"$tmp/e"
[ "$(grep -c '^recover: game' "$tmp/e")" -eq 20 ] && ! grep -q ' seed 123456789$' "$tmp/e" && ok ||
    bad "recover: the seed was learned, or no guesses: $(head -n 3 "$tmp/e")"
# A plugin that crashes, aborts or calls exit() (from a call of jamaica's or
# a thread of its own): no program of the run is left (the guardians), no
# temporary output (which holds the seed), and one line naming the plugin;
# exit() is a fault, status 3, a crash ends by its signal.  (A sealed run
# refuses a plugin unless its spec says sandbox=off: tests/scenarios/sandbox.sh.)
for how in segv abort exit thread; do
    "$P/bin/jamaica" sim --games 50 --threads 2 --players 3 --seed random --games-csv "$tmp/crash-$how.g.csv" \
        --agents "plugin:$tmp/crash.so:how=$how,sandbox=off","cmd:sh tests/fixtures/agents/faulty.sh forker 31417:sandbox=off",random --out "$tmp/crash-$how.csv" >/dev/null 2>"$tmp/e"
    rc=$?
    sleep 0.3
    if pgrep -f "sleep 31417" >/dev/null 2>&1 || pgrep -f "faulty.sh forker 31417" >/dev/null 2>&1; then
        bad "plugin how=$how: a program or its child outlived the run"
        pkill -f "sleep 31417"
    else ok; fi
    # (the drawn seed's kept file stays, 0600, for --resume after a crash)
    left=$(ls -A "$tmp" | grep "crash-$how\." | grep -v '\.checkpoint\.seed$')
    case $how in
    exit | thread) [ $rc -eq 3 ] && grep -q "plugin '$tmp/crash.so' called exit() during the run" "$tmp/e" ;;
    segv) [ $rc -eq 139 ] && grep -q "plugin '$tmp/crash.so' crashed (signal 11 SIGSEGV): an agent failure" "$tmp/e" ;;
    abort) [ $rc -eq 134 ] && grep -q "plugin '$tmp/crash.so' crashed (signal 6 SIGABRT): an agent failure" "$tmp/e" ;;
    # (the shell adds its own "Segmentation fault" or "Aborted")
    esac && [ "$(grep -v '^Segmentation fault\|^Aborted\|the drawn seed is kept in' "$tmp/e" | grep -c .)" -eq 1 ] &&
        [ -z "$left" ] && ok ||
        bad "plugin how=$how: status $rc, left '$left': $(cat "$tmp/e")"
done
"$P/bin/jamaica" sim --games 5 --agents "plugin:$tmp/abi99.so",random --players 2 --out "$tmp/x.csv" 2>"$tmp/e" >/dev/null
rc=$?
[ $rc -eq 2 ] && grep -q "built for plugin ABI 99; this jamaica loads ABI 1" "$tmp/e" && [ ! -e "$tmp/x.csv" ] && ok ||
    bad "abi99: status $rc: $(cat "$tmp/e")"
"$P/bin/jamaica" sim --games 5 --agents "plugin:$tmp/none.so",random --players 2 --out "$tmp/x.csv" 2>"$tmp/e" >/dev/null
[ $? -eq 2 ] && grep -q "cannot load it" "$tmp/e" && ok || bad "missing plugin: $(cat "$tmp/e")"
# The man page: every command has its section, every option of its --help.
for c in $(bin/jamaica --help | sed -n '/^Commands:/,/^$/p' | awk 'NF > 1 {print $1}'); do
    u=$(echo "$c" | tr a-z A-Z)
    missing=""
    grep -q "^\.SH \"JAMAICA $u\"" "$P/share/man/man1/jamaica.1" || missing="section"
    for o in $(bin/jamaica "$c" --help | grep -oE -- '--[a-z][a-z-]*' | sort -u); do
        grep -q -- "$o" "$P/share/man/man1/jamaica.1" || missing="$missing $o"
    done
    [ -z "$missing" ] && ok || bad "man page, $c: missing $missing"
done
if command -v groff >/dev/null 2>&1; then
    groff -man -Tutf8 -ww -z "$P/share/man/man1/jamaica.1" 2>"$tmp/e" && [ ! -s "$tmp/e" ] && ok || bad "groff: $(cat "$tmp/e")"
fi
finish
