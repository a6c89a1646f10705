#!/bin/sh
# Regenerate the golden trace hashes: game and trace_hash of games 0..999 of
# seed 1 with random agents, for every player count and both rule sets (the
# hash is `jamaica trace --seed 1 --game G`'s last line), and of a few games
# of the searching agents (hashes-agents.txt: their determinizations, trees,
# playouts and evaluation, the network agents' arithmetic; each line the
# lineup, the game and its hash), and the luck corrections of a few games
# (hashes-luck.txt).
# Run it only after a deliberate change of the games, and say why in the
# commit.
#   tests/golden/make.sh            write tests/golden/*.txt
#   tests/golden/make.sh DIR        write them to DIR instead (the check)
set -eu
cd "$(dirname "$0")/../.."
out=${1:-tests/golden}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for p in 2 3 4 5 6; do
    for r in 2021 classic; do
        bin/jamaica sim --games 1000 --players $p --seed 1 --rules $r --threads 2 \
            --out "$tmp/s.csv" --games-csv "$tmp/g.csv" >/dev/null
        # Seat 0's row of each game: the game index and its hash (fields counted
        # from the end: the quoted rules field holds commas).
        awk -F, 'NR > 1 && $(NF - 17) == "0" { print $1, $NF }' "$tmp/g.csv" >"$tmp/h.txt"
        mv "$tmp/h.txt" "$out/hashes-${p}p-$r.txt"
    done
done
: >"$tmp/a.txt"
# The network agents play a fixed network of random weights (its arithmetic
# and the searches around it; tests/golden/net-32-16.jmn says how it was made),
# and the same weights seen seat-relative.
net=tests/golden/net-32-16.jmn
rel=tests/golden/net-32-16-relative.jmn  # the same weights, seats relative
for lineup in "4 mcts:iters=200,cutoff=2,c=0.3 mcts:iters=100 pimc:iters=100 flat:playouts=50" \
    "2 mcts:iters=200,cutoff=1,bias=0.5 mcts:iters=100,playout=greedy,reward=score" \
    "3 mcts:iters=100,reward=rank sharp learned" \
    "4 mcts:iters=300,cutoff=2,c=0.3,stop=decided,eval=hand mcts:iters=100,cutoff=2,eval=stage,cards=simultaneous mcts:iters=100,cutoff=1,eval=hand,bias=0.5 random" \
    "2 net:file=$net guided:file=$net,iters=60" \
    "3 guided:file=$net,iters=40,root=gumbel guided:file=$net,iters=40,value=hand net:file=$net,temp=1" \
    "3 guided:file=$rel,iters=60,root=puct,value=playout,expand=3 net:file=$rel guided:file=$rel,iters=40" \
    "3 mcts:iters=100,see=hands mcts:iters=100,see=all mcts:iters=100" \
    "3 guided:file=$net,iters=40,infer=$net mcts:iters=100 guided:file=$rel,iters=40,root=gumbel,infer=$rel,ipow=0.5,ieps=0.3" \
    "3 rollout:file=$net,budget=24 mcts:iters=100 rollout:file=$rel,budget=16,rounds=2,halve=1,temp=1,m=3,infer=$rel"; do
    set -- $lineup
    p=$1
    shift
    agents=$(echo "$@" | tr ' ' '|')
    bin/jamaica sim --games 6 --players "$p" --seed 2 --threads 2 --agents "$(echo "$@" | tr ' ' ',')" \
        --out "$tmp/s.csv" --games-csv "$tmp/g.csv" >/dev/null
    awk -F, -v a="$agents" 'NR > 1 { print a, $1, $NF }' "$tmp/g.csv" | uniq >>"$tmp/a.txt" # a row a seat
done
mv "$tmp/a.txt" "$out/hashes-agents.txt"
# The luck-adjusted outcomes of a few games of sharp (--luck hand), a row a
# seat: the game, its trace hash, the seat's win_adj, its first-Captain
# correction and each kind's (GAMES.csv's last eleven columns): they pin the
# estimator and the hand's weights.
bin/jamaica sim --games 40 --players 3 --seed 1 --agents sharp --luck hand --threads 2 \
    --out "$tmp/s.csv" --games-csv "$tmp/g.csv" >/dev/null
awk -F, 'NR > 1 { s = $1; for (i = NF - 10; i <= NF; i++) s = s " " $i; print s }' "$tmp/g.csv" >"$tmp/l.txt"
mv "$tmp/l.txt" "$out/hashes-luck.txt"
