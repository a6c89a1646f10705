# results/soak/make.sh: this folder's parts of the lab.  results/make.sh
# sources it (after results/lib.sh: J, has, py and the shared helpers);
# `results/make.sh PART` runs one.
#
# `soak`: 10^8 random games killed half-way and resumed from their checkpoint,
# memory sampled, against four shards merged (results/soak/soak.sh: results/soak/;
# about 20 minutes on two cores).
if has soak; then sh results/soak/soak.sh; fi
