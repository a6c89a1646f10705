#!/bin/sh
# results/make.sh: the lab's dispatcher.  Every figure of results/ has its
# part: the table below (part, folder, minutes on two cores, what it makes).
# A part's commands are in its folder's make.sh, its finding in the folder's
# README.md; results/README.md indexes the findings.
#
#   results/make.sh                 the default parts: base agents
#   results/make.sh PART...         those parts, in the table's order
#   results/make.sh analysis        captain ghost sweep skilled ladder
#   results/make.sh --help          the table
#
# The same command writes the same bytes on any machine and thread count,
# but for the lines that report wall time.
set -eu
cd "$(dirname "$0")/.."
PARTS='part          folder     minutes  what
base          base       2        the reference summary CSVs (random games; first against random)
agents        matches    15       the built-in agents against each other, with their times a decision
captain       analysis   60       the first Captain'"'"'s edge at 2-6 players under random, greedy, mcts:iters=50
ghost         analysis   60       the Ghost Ship'"'"'s 2-player share and its effect at 3-5 players
sweep         analysis   40       rule options swept: the ghost'"'"'s bonus, gold and moves, the starting gold
skilled       analysis   40       the same under sharp and the shipped network'"'"'s policy
ladder        analysis   40       every agent in one 4-player tournament, with its time a decision
coverage      analysis   8        how often each printed 95% interval covers a known truth
skillbalance  analysis   1        the edge and the ghost'"'"'s share against each rung'"'"'s rating
searchrung    analysis   60       the recommended searcher as the ghost'"'"'s top rung
speed         timing     10       the engine against the one before the performance work
scaling       scaling    10       games/s over 1 to 16 threads and MPI ranks
soak          soak       20       10^8 random games killed half-way, resumed, against merged shards
replay        replay     2        a 4-player game as a replay page, with screenshots
learn         learn      5        greedy'"'"'s value function fitted to sharp'"'"'s games (jamaica learn)
balance       balance    25       the ghost'"'"'s gold and bonus, and the starting resources, that balance the game
balancetop    balance    20       the same under the policy rung, luck-adjusted: the later seats'"'"' gold, the ghost'"'"'s gold and bonus
balancefine   balance    25       the starting food and gold on top of later_gold=2 where it overshoots (4 and 6 players), and checks
balancetuned  balance    15       later_gold=2 under the top rung, tuned-mcts, on 300 deals at 4 players
tune          tune       5        greedy'"'"'s weights tuned by SPSA: the sharp agent
search        search     45       the searcher'"'"'s additions one at a time
ceiling       search     40       what more time buys the searchers
goal          search     45       the best searchers at the goal'"'"'s budget
goalfresh     search     40       the goal'"'"'s matches again on fresh seeds
envbench      rl         2        learner steps a second of VecEnv against the one-game Env
ppo           rl         30       python/examples/ppo.py against three greedy
beside        rl         4        VecEnv idle beside torch updates and busy processes
besidecontrol rl         3        the same, its control with threads=1
ppocost       rl         3        where a PPO loop'"'"'s time goes
seeds         rl         240      PPO over five training seeds, and their mean curve
marginscreen  rl         35       the PPO reward'"'"'s recipes screened on seeds 101 and 102
margin        rl         40       PPO rewarded by the margin, five seeds at 4 and 2 players
updatescreen  rl         25       the PPO update'"'"'s minibatches and passes screened on seeds 101 and 102
updates       rl         60       PPO with the chosen update, five seeds at 4 and 2 players
net           net        40       the shipped network (expert iteration)
netrel        net        30       a seat-relative network from the recommended searcher
netab         net        25       the shipped network'"'"'s run again, seats relative
policy        net        80       the net agent'"'"'s network (distilled)
value         net        50       the value network of the guided searcher'"'"'s leaves
netmatch      net        15       the network'"'"'s agents against the recommended searcher
netfresh      net        70       the README'"'"'s guided searchers on fresh seeds
netscreen     net        17       a screen of the re-anchored network'"'"'s priors
ratings       ratings    80       the rating lists of 2 and 4 players
dmc           dmc        40       Deep Monte-Carlo self-play over five training seeds
dmc2          dmc        17       seed 1 on to generation 229
spg           spg        45       self-play policy gradient over five training seeds
spgmore       spg        75       three ways on from the picked self-play network
rungs         spg        20       rungs fit for each figure, and their figures
seatcost      seating    3        what a tournament'"'"'s paired seatings buy
reference     reference  40       the reference agents that see the hidden cards or the future
infer         infer      100      the searcher that reads the opponents'"'"' cards
rollout       rollout    60       truncated rollouts of the self-play policy at the root
variant       variants   4        the designer'"'"'s walk-through: a variant and its report
variantskill  variants   43       report --skill on the designer'"'"'s variant
luckv         luck       15       the fitted value functions of luck-adjusted estimates
luckratios    luck       40       what they save, on a screening seed and two fresh ones
luckcover     luck       25       the adjusted intervals'"'"' coverage over 200 shards
luckoracle    luck       45       the luck scheme against the true value by rollouts
luckagents    luck       20       how much of each agent'"'"'s variance its own draws make
sandboxcost   sandbox    2        what the sandbox of a sealed run'"'"'s programs costs a decision
skillcurve    skill      40       the edge and the ghost'"'"'s share against skill: study --ladder over the cheap rungs
skilltop      skill      40       the top two rungs and the bound, checkpointed'
case "${1:-}" in
-h | --help)
    sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'
    echo
    echo "$PARTS"
    exit 0
    ;;
esac
want=${*:-base agents}
[ "$want" = analysis ] && want="captain ghost sweep skilled ladder"
for p in $want; do
    echo "$PARTS" | awk -v p="$p" 'NR > 1 && $1 == p { found = 1 } END { exit !found }' ||
        { echo "results/make.sh: no part '$p' (results/make.sh --help lists them)" >&2; exit 2; }
done
has() { case " $want " in *" $1 "*) return 0 ;; esac; return 1; }
make -s bin/jamaica lib
. results/lib.sh
# Each folder's make.sh once, in the order of its first wanted part.
for d in $(echo "$PARTS" | awk -v w=" $want " 'NR > 1 && index(w, " " $1 " ") && !seen[$2]++ { print $2 }'); do
    . "results/$d/make.sh"
done
