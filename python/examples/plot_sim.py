"""Run a `jamaica sim` from Python and plot the distribution of the final
scores by agent, if matplotlib is installed (else print the means).

    make && make lib && python3 python/examples/plot_sim.py [OUT.png]
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import jamaica  # noqa: E402

rows = jamaica.sim(games=2000, players=4, agents="greedy,random,random,random", rotate=True)
by_agent = {}
for r in rows:
    by_agent.setdefault(r["agent"], []).append(r["score"])
try:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
except ImportError:
    for agent, scores in by_agent.items():
        print("%s: mean score %.2f over %d seat-games (matplotlib not installed: no plot)"
              % (agent, sum(scores) / len(scores), len(scores)))
    sys.exit(0)
out = sys.argv[1] if len(sys.argv) > 1 else "scores.png"
for agent, scores in by_agent.items():
    plt.hist(scores, bins=40, alpha=0.5, label=agent, density=True)
plt.xlabel("final score")
plt.legend()
plt.savefig(out)
print("wrote " + out)
