# results/timing/make.sh: this folder's parts of the lab.  results/make.sh
# sources it (after results/lib.sh: J, has, py and the shared helpers);
# `results/make.sh PART` runs one.
#
# `speed`: the engine against the one before the performance work, side by
# side (results/timing/speed.sh: results/timing/engine-speed.txt).
if has speed; then sh results/timing/speed.sh; fi
