# results/learn/make.sh: this folder's parts of the lab.  results/make.sh
# sources it (after results/lib.sh: J, has, py and the shared helpers);
# `results/make.sh PART` runs one.
#
# `learn`: greedy's value function fitted to 20,000 games of sharp by `jamaica
# learn` (results/learn/sharp-4p.txt, whose last line is the agent), then
# played on other deals (seed 2) against three greedy and three sharp; and the
# same games fitted with weights by stage of the game (--stage:
# results/learn/sharp-4p-stage.txt, heur_staged, the searcher's eval=stage),
# and at the start of every round with the hand's reach this round (--hand:
# results/learn/sharp-4p-hand.txt, heur_hand, eval=hand).
if has learn; then
    mkdir -p results/learn
    $J learn --agents sharp --players 4 --games 20000 --seed 1 --out results/learn/sharp-4p.txt
    L=$(tail -n 1 results/learn/sharp-4p.txt)
    for vs in greedy sharp; do
        { echo "$J sim --games 4000 --seed 2 --agents LEARNED,$vs,$vs,$vs --rotate (LEARNED: the last line of sharp-4p.txt)";
          $J sim --games 4000 --seed 2 --agents "$L,$vs,$vs,$vs" --rotate --out results/learn/learned-vs-$vs-4p.csv; } \
            >results/learn/learned-vs-$vs-4p.txt
    done
    { echo "$J tournament --agents LEARNED,sharp --players 2 --games 2000 --seed 2";
      $J tournament --agents "$L,sharp" --players 2 --games 2000 --seed 2 --out results/learn/learned-vs-sharp-2p.csv; } \
        >results/learn/learned-vs-sharp-2p.md
    $J learn --agents sharp --players 4 --games 20000 --seed 1 --stage --out results/learn/sharp-4p-stage.txt
    # The same games fitted at the start of every round, with the hand's
    # reach this round (--hand: results/learn/sharp-4p-hand.txt, heur_hand,
    # the searcher's eval=hand).
    $J learn --agents sharp --players 4 --games 20000 --seed 1 --hand --every 1 \
        --out results/learn/sharp-4p-hand.txt
fi
