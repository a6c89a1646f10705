# results/seating/make.sh: this folder's parts of the lab.  results/make.sh
# sources it (after results/lib.sh: J, has, py and the shared helpers);
# `results/make.sh PART` runs one.
#
# `seatcost`: what a tournament's paired seatings buy, which a sealed run with
# an outside agent gives up (docs/PROTOCOL.md): sharp against greedy at 2
# players (4,000 deals), sharp, greedy, learned and random at 4 (1,000 deals
# of 24 seatings), paired; and the control, the template plugin against sharp
# at 2 players under a sealed seed (each seating its own chance; four seeds)
# and under a number seed (paired); results/seating/seating_cost.py on each
# (results/seating/cost.md; about 3 minutes on two cores).
if has seatcost; then
    d=results/seating
    mkdir -p $d
    t=$(mktemp -d)
    make -s lib
    cc -O2 -std=c11 -fPIC -shared -Iengine -Iagents -o "$t/lookahead.so" examples/plugin/lookahead.c -Llib -ljamaica \
        -Wl,-rpath,"$(pwd)/lib"
    $J tournament --players 2 --games 4000 --seed 2001 --agents sharp,greedy --games-csv "$t/a.csv" --out "$t/r.csv" >/dev/null
    $J tournament --players 4 --games 1000 --seed 2002 --agents sharp,greedy,learned,random --games-csv "$t/b.csv" \
        --out "$t/r.csv" >/dev/null
    for k in 2003 2011 2012 2013; do
        $J tournament --players 2 --games 4000 --seed sealed:5eed000000000000000000000000$k \
            --agents "plugin:$t/lookahead.so",sharp --games-csv "$t/c$k.csv" --out "$t/r.csv" >/dev/null 2>&1
    done
    $J tournament --players 2 --games 4000 --seed 2003 --agents "plugin:$t/lookahead.so",sharp \
        --games-csv "$t/d.csv" --out "$t/r.csv" >/dev/null 2>&1
    {
        echo "# What paired seatings buy (results/make.sh seatcost)"
        echo
        echo "## sharp against greedy, 2 players, paired (seed 2001)"
        echo
        python3 results/seating/seating_cost.py "$t/a.csv"
        echo
        echo "## sharp, greedy, learned and random, 4 players, paired (seed 2002)"
        echo
        python3 results/seating/seating_cost.py "$t/b.csv"
        echo
        echo "## Control: the template plugin against sharp, 2 players, each seating its own chance"
        echo
        echo "Four sealed seeds (sealed:5eed...2003, 2011, 2012, 2013), 4,000 deals each, pooled; seed 2003 alone:"
        echo
        python3 results/seating/seating_cost.py "$t/c2003.csv" | sed "s|$t/||"
        echo
        echo "All four:"
        echo
        python3 results/seating/seating_cost.py "$t"/c20*.csv | sed "s|$t/||"
        echo
        echo "## The same, paired (seed 2003)"
        echo
        python3 results/seating/seating_cost.py "$t/d.csv" | sed "s|$t/||"
    } >$d/cost.md
    rm -rf "$t"
fi
