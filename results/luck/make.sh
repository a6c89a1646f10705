# results/luck/make.sh: this folder's parts of the lab.  results/make.sh
# sources it (after results/lib.sh: J, has, py and the shared helpers);
# `results/make.sh PART` runs one.
#
# The parts (the first scheme's parts, luck, lucksearch, lucksearch2,
# luckfit, luckfeatures and lucksprt, left with it: results/README.md):
#   luckv        the fitted value functions: results/luck/v-*.jmn, by
#                `jamaica luck fit` on seed 101 (results/luck/fits.md: the
#                commands and the fits' last lines; about 15 minutes)
#   luckratios   what they save, side by side with the plain runs: the
#                screening seed 901 (every choice of the features, widths and
#                rounds was made on it) beside the fresh seeds 7001 and 7002
#                (results/luck/ratios-fitted.md; about 40 minutes)
#   luckcover    the adjusted intervals' coverage over 200 shards of 500
#                games of sharp against a plain run of 200,000 games
#                (results/luck/coverage-fitted.md; about 25 minutes)
#   luckoracle   the scheme against the true value by rollouts, first at 4
#                players (results/luck/oracle.md; about 45 minutes)
#   luckagents   how much of each agent's variance its own draws make
#                (results/luck/agents.md; about 20 minutes)
LD=results/luck
# CPU seconds of a command's children (user + system).
lcpu() { "$(py)" -c 'import resource,subprocess,sys
subprocess.run(sys.argv[1:],stdout=subprocess.DEVNULL,check=True)
r=resource.getrusage(resource.RUSAGE_CHILDREN);print(f"{r.ru_utime+r.ru_stime:.2f}")' "$@"; }
if has luckv; then
    {
        echo "# The fitted value functions (results/make.sh luckv)"
        echo
        echo "Each file below was made by the command above its lines, on seed 101, which no figure uses."
        for spec in "v-sharp.jmn sharp 2-6 20000" "v-first.jmn first 4 20000" "v-pair.jmn sharp,greedy 2 20000" \
            "v-random.jmn random 4 20000"; do
            set -- $spec
            echo
            echo "\$ jamaica luck fit --agents $2 --players $3 --games $4 --seed 101 --out $LD/$1"
            echo
            echo '```'
            $J luck fit --agents "$2" --players "$3" --games "$4" --seed 101 --out "$LD/$1" 2>&1 | grep -v "games, .* states" | tail -n 4
            echo '```'
        done
    } >$LD/fits.md
fi
if has luckratios; then
    t=$(mktemp -d)
    # ratiorow FIGURE AGENTS PLAYERS GAMES V SEED: the variance ratio and the
    # CPU of the --luck run over the plain one, the same games.
    ratiorow() {
        if [ "$1" = pair ]; then
            c0=$(lcpu $J tournament --agents "$2" --players "$3" --games "$4" --seed "$6" --threads 2 --out "$t/p.csv")
            c1=$(lcpu $J tournament --agents "$2" --players "$3" --games "$4" --seed "$6" --threads 2 --luck "$5" \
                --out "$t/l.csv" --games-csv "$t/g.csv")
        else
            kind=captain; [ "$1" = ghost ] && kind=ghost
            c0=$(lcpu $J study $kind --agents "$2" --players "$3" --games "$4" --seed "$6" --threads 2 --out "$t/p.csv")
            c1=$(lcpu $J study $kind --agents "$2" --players "$3" --games "$4" --seed "$6" --threads 2 --luck "$5" \
                --out "$t/l.csv" --games-csv "$t/g.csv")
        fi
        "$(py)" results/luck/luck_ratio.py "$1" "$t/g.csv" "$c0" "$c1" "$7"
    }
    {
        echo "# What the fitted value functions save (results/make.sh luckratios)"
        echo
        echo "Ratio: the variance of the figure's per-game value plain over luck-adjusted, so how many times"
        echo "fewer games the adjusted interval needs (95% bootstrap interval over the games); CPU: the run with"
        echo "--luck over the same run without, on two threads; net: ratio / CPU. The value files were fitted on"
        echo "seed 101 (fits.md). Seed 901 is the screening seed: the features, the widths and the rounds of"
        echo "fitting were chosen on it. Seeds 7001 and 7002 were never used for a choice."
        for seed in 901 7001 7002; do
            echo
            echo "## Seed $seed$([ $seed = 901 ] && echo ' (screening)')"
            echo
            echo "| figure | games | plain (points) | adjusted | variance ratio [95%] | CPU | net |"
            echo "|---|---|---|---|---|---|---|"
            ratiorow captain sharp 4 6000 $LD/v-sharp.jmn $seed "edge, sharp, 4 players, fitted V"
            ratiorow captain sharp 4 6000 hand $seed "edge, sharp, 4 players, --luck hand"
            ratiorow ghost sharp 2 6000 $LD/v-sharp.jmn $seed "ghost's 2-player share, sharp, fitted V"
            ratiorow captain first 4 20000 $LD/v-first.jmn $seed "edge, first, 4 players, fitted V"
            ratiorow pair sharp,greedy 2 4000 $LD/v-pair.jmn $seed "tournament sharp - greedy, 2 players, fitted V"
            ratiorow captain random 4 6000 $LD/v-random.jmn $seed "edge, random, 4 players, fitted V and decision terms"
        done
    } >$LD/ratios-fitted.md
    rm -rf "$t"
fi
if has luckcover; then
    t=$(mktemp -d)
    $J study captain --agents sharp --players 4 --games 200000 --seed 9002 --out "$t/truth.csv" >/dev/null
    for k in $(seq 8001 8200); do
        $J study captain --agents sharp --players 4 --games 500 --seed $k --luck $LD/v-sharp.jmn \
            --out "$t/cov-$k.csv" >/dev/null
    done
    "$(py)" results/luck/luck_coverage.py "$t/truth.csv" "$t"/cov-*.csv >$LD/coverage-fitted.md
    rm -rf "$t"
fi
if has luckoracle; then
    {
        echo "# The scheme against the truth (results/make.sh luckoracle)"
        echo
        echo "\$ jamaica luck oracle --players 4 --games 300 --rollouts 200 --seed 9101"
        echo
        echo '```'
        $J luck oracle --players 4 --games 300 --rollouts 200 --seed 9101
        echo '```'
        echo
        echo "\$ jamaica luck oracle --players 2 --rules 2021,ghost=off,round_cap=6 --games 400 --rollouts 60 --seed 9102"
        echo
        echo '```'
        $J luck oracle --players 2 --rules 2021,ghost=off,round_cap=6 --games 400 --rollouts 60 --seed 9102
        echo '```'
    } >$LD/oracle.md
fi
if has luckagents; then
    R=$(awk '$1 == "searcher" { print $2 }' results/agents.txt)
    {
        echo "# How much of each agent's variance its own draws make (results/make.sh luckagents)"
        echo
        for spec in "first 300" "random 3000" "sharp 3000" "mcts 200" "$R 60"; do
            set -- $spec
            echo "\$ jamaica luck oracle --agents $1 --players 4 --games $2 --seed 9201"
            echo
            echo '```'
            $J luck oracle --agents "$1" --players 4 --games "$2" --seed 9201
            echo '```'
            echo
