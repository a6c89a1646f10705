# results/sandbox/: what the sandbox of a sealed run's programs costs a
# decision (docs/PROTOCOL.md, "The sandbox").  Part `sandboxcost`: the same
# sealed games (one seed file) with the Python example in seat 0, in its
# sandbox and with sandbox=off, in turn five times; each run's mean time a
# decision of the program from --timing, and the median of the five ratios
# (about 2 minutes on two cores).  The seed file is made here, 0600.
if has sandboxcost; then
    S=results/sandbox
    w=$(mktemp -d)
    (umask 077; printf 'sealed:%032x\n' 20261202 >"$w/seed")
    for k in 1 2 3 4 5; do
        for sb in on off; do
            $J sim --seed-file "$w/seed" --games 400 --players 2 --threads 1 \
                --agents "cmd:python3 python/examples/captain_bot.py:sandbox=$sb",greedy \
                --out "$w/s-$sb.csv" --timing "$w/t-$sb-$k.csv" >/dev/null
        done
    done
    python3 - "$w" >$S/cost.md <<'PY'
import csv, statistics, sys
w = sys.argv[1]
def mean(sb, k):
    for r in csv.DictReader(open("%s/t-%s-%d.csv" % (w, sb, k))):
        if r["agent"].startswith("cmd:"):
            return float(r["mean_ms"]), int(r["decisions"])
rows = [(k, mean("on", k), mean("off", k)) for k in range(1, 6)]
ratios = [on[0] / off[0] for _, on, off in rows]
print("# The sandbox's cost a decision (results/make.sh sandboxcost)\n")
print("The Python example (python/examples/captain_bot.py) in seat 0 of the same 400 sealed 2-player games")
print("against greedy, in its sandbox and with sandbox=off, in turn; one thread.\n")
print("| pair | decisions | mean ms, sandbox | mean ms, sandbox=off | ratio |")
print("|---|---|---|---|---|")
for (k, on, off), r in zip(rows, ratios):
    print("| %d | %d | %.4f | %.4f | %.3f |" % (k, on[1], on[0], off[0], r))
print("\nMedian ratio: %.3f (the sandbox's time a decision over the unsandboxed one's)." % statistics.median(ratios))
PY
    rm -rf "$w"
    cat $S/cost.md
fi
