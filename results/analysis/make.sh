# results/analysis/make.sh: this folder's parts of the lab.  results/make.sh
# sources it (after results/lib.sh: J, has, py and the shared helpers);
# `results/make.sh PART` runs one.
#
# `searchrung`: the recommended searcher as the ladder's top rung for the
# ghost's share at 2 players (8,000 games, results/analysis/ghost-search.*;
# about an hour on two cores shared with another run; its edge at 3 to 6
# players would take days here); run skillbalance after.
# `skillbalance`: the first Captain's edge and the ghost's share under each
# rung of skill against its rating, from the captain and ghost studies' CSVs
# and the rating lists (results/analysis/balance-ladder.md and
# results/plots/balance-ladder.png; seconds).
# `coverage`: how often each printed 95% interval covers a known truth, over
# 4000 seeded runs of each kind (results/analysis/coverage.md, ~8 minutes on
# two cores; CI runs the same check at 1000).
# `captain`: the first Captain's edge at 2-6 players under random, greedy and
# mcts:iters=50, and the score and length of 20,000 random games
# (results/analysis/, results/plots/; about 8 minutes on 16 cores).
# `ghost`: the Ghost Ship: its 2-player share and what it does at 3-5 players,
# random, greedy, mcts:iters=50 (results/analysis/; about 8 minutes on 16
# cores).
# `sweep`: rule options swept: the ghost's bonus, gold and moves (greedy), the
# starting gold (random) (results/analysis/; about 5 minutes on 16 cores).
# `skilled`: the same under sharp and the shipped network's policy in every
# seat (results/analysis/; about 40 minutes on two cores).
# `ladder`: every agent and mcts at several budgets in one 4-player
# tournament, with its time a decision (results/analysis/ladder*,
# results/timing/ladder.csv; about 5 minutes on 16 cores).
if has searchrung; then
    $J study ghost --players 2 --games 8000 --agents mcts:iters=4500,cutoff=2,c=0.3,stop=decided,eval=hand \
        --out results/analysis/ghost-search.csv --md results/analysis/ghost-search.md --resume --progress 300
fi
if has skillbalance; then
    python3 results/analysis/balance_ladder.py results results/plots/balance-ladder.png >results/analysis/balance-ladder.md
fi
if has coverage; then
    mkdir -p results/analysis
    python3 tests/scenarios/coverage.py $J --runs 4000 --table results/analysis/coverage.md --check
fi
A=results/analysis
plot() { if command -v gnuplot >/dev/null 2>&1; then analysis/plot.sh "$@"; else echo "no gnuplot: $3 not drawn"; fi; }
if has captain || has ghost || has sweep || has skilled || has ladder; then mkdir -p $A results/plots; fi
if has captain; then
    $J study captain --players 2-6 --games 1000000 --agents random --out $A/captain-random.csv --md $A/captain-random.md
    $J study captain --players 2-6 --games 50000 --agents greedy --out $A/captain-greedy.csv --md $A/captain-greedy.md
    $J study captain --players 2-6 --games 4000 --agents mcts:iters=50 --out $A/captain-mcts50.csv \
        --md $A/captain-mcts50.md
fi
if has ghost; then
    $J study ghost --players 3-5 --games 200000 --agents random --out $A/ghost-random.csv --md $A/ghost-random.md
    $J study ghost --players 3-5 --games 50000 --agents greedy --out $A/ghost-greedy.csv --md $A/ghost-greedy.md
    $J study ghost --players 3-5 --games 2000 --agents mcts:iters=50 --out $A/ghost-mcts50.csv --md $A/ghost-mcts50.md
fi
if has sweep; then
    $J study sweep --sweep ghost_bonus=0..6 --measure ghost --players 2 --games 20000 --agents greedy \
        --out $A/sweep-ghost-bonus-greedy.csv --md $A/sweep-ghost-bonus-greedy.md
    $J study sweep --sweep ghost_gold=0..20:4 --measure ghost --players 2 --games 20000 --agents greedy \
        --out $A/sweep-ghost-gold-greedy.csv --md $A/sweep-ghost-gold-greedy.md
    $J study sweep --sweep ghost_moves=1..2 --measure ghost --players 2 --games 20000 --agents greedy \
        --out $A/sweep-ghost-moves-greedy.csv --md $A/sweep-ghost-moves-greedy.md
    $J study sweep --sweep start_gold=0..6 --measure captain --players 4 --games 200000 --agents random \
        --out $A/sweep-start-gold-captain.csv --md $A/sweep-start-gold-captain.md
fi
# Under skilled play: `sharp` (greedy tuned, results/tune/) in every seat:
# 80,000 games a first-Captain configuration, 40,000 a ghost one, for
# intervals within +-0.5 points (part `skilled`, about 40 minutes on two
# cores; the file in results/ was made as two shards, --first-game 0 and
# 40000 of 40,000 games, joined by `jamaica merge`: the same bytes); then
# the same with the shipped network's policy in every seat, the fastest
# strong agent (results/net/; about 3 minutes on two cores).
if has skilled; then
    $J study captain --players 3-6 --games 80000 --agents sharp --out $A/captain-sharp.csv --md $A/captain-sharp.md
    $J study ghost --players 3-5 --games 40000 --agents sharp --out $A/ghost-sharp.csv --md $A/ghost-sharp.md
    N=$(sed -n 1p results/net/agents.txt)
    $J study captain --players 3-6 --games 80000 --agents "$N" --out $A/captain-net.csv --md $A/captain-net.md
    $J study ghost --players 3-5 --games 40000 --agents "$N" --out $A/ghost-net.csv --md $A/ghost-net.md
fi
if has ladder; then
    # Every agent, and mcts at several budgets, in one 4-player tournament
    # (12 agents: balanced seatings, 24 a deal; the searcher at the best
    # 4-player trial's settings, docs/SEARCH.md); the time per decision
    # beside the ratings (results/timing/ladder.csv, wall clock).
    $J tournament --agents random,first,greedy,sharp,learned,flat:playouts=300,pimc:worlds=10,iters=300,\
mcts:iters=100,mcts:iters=300,mcts:iters=1000,mcts:iters=300,cutoff=2,c=0.3,\
mcts:iters=4500,cutoff=2,c=0.3,stop=decided,eval=hand \
        --players 4 --games 150 --out $A/ladder-ratings.csv --pairs $A/ladder-pairs.csv \
        --timing results/timing/ladder.csv >$A/ladder.md
fi
# The pictures of whatever the parts above made.
if has captain || has ghost || has sweep || has skilled || has ladder; then
    for f in "$A"/captain-*.csv; do [ -e "$f" ] && plot captain "$f" "results/plots/$(basename "$f" .csv).png"; done
    # The ghost's 2-player win rate by agent strength: the three runs' rows in one CSV.
    if [ -e $A/ghost-random.csv ] && [ -e $A/ghost-greedy.csv ] && [ -e $A/ghost-mcts50.csv ]; then
        { head -n 1 $A/ghost-random.csv; grep -h ',ghost_win_rate,' $A/ghost-random.csv $A/ghost-mcts50.csv \
            $A/ghost-greedy.csv; } >$A/ghost-by-agent.csv
        plot ghost $A/ghost-by-agent.csv results/plots/ghost-by-agent.png
    fi
    for f in "$A"/sweep-*.csv; do [ -e "$f" ] && plot sweep "$f" "results/plots/$(basename "$f" .csv).png"; done
    [ -e $A/ladder-ratings.csv ] && plot ratings $A/ladder-ratings.csv results/plots/ladder-ratings.png
    [ -e results/timing/ladder.csv ] && plot ladder $A/ladder-ratings.csv results/plots/ladder-time.png results/timing/ladder.csv
    true
fi
# Distributions of score and game length: 20,000 random 4-player games.
if has captain; then
    $J sim --games 20000 --players 4 --seed 1 --out /dev/null --games-csv $A/.games.csv >/dev/null
    plot games $A/.games.csv results/plots/games-random-4p.png
    rm -f $A/.games.csv
fi
