# results/ratings/make.sh: this folder's parts of the lab.  results/make.sh
# sources it (after results/lib.sh: J, has, py and the shared helpers);
# `results/make.sh PART` runs one.
#
# `ratings`: the rating lists (results/ratings/list-2p.csv, list-4p.csv): a
# tournament between the anchors, its ratings shifted to put random at 0 (300
# deals of 2 players, 100 of 4), then the network's policy and `learned` rated
# on them by `jamaica rate` (about 80 minutes on two cores).
if has ratings; then
    mkdir -p results/ratings
    sh results/ratings/ratings.sh
fi
