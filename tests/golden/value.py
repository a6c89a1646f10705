"""Write tests/golden/value.jmn: a luck value file (agents/vnet.h) of random
weights, for the tests of the arithmetic and the refusals (test_luck.c,
tests/luck.sh).  Deterministic: numpy's generator seeded 7.

    python3 tests/golden/value.py tests/golden/value.jmn
"""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "python"))
from jamaica import netfile  # noqa: E402

FEATURES = 356  # VF_SIZE
RULES = "shortage=die,ghost=auto,start_food=3,start_gold=3,hand=3,treasures=9,first_captain=random,round_cap=200"


def main():
    rng = np.random.default_rng(7)
    hidden = [16, 16]
    parts = {}
    for p in (2, 4):
        w = [FEATURES] + hidden
        a = {}
        for k in range(2):
            a["layer%d.weight" % k] = (rng.standard_normal((w[k + 1], w[k])) * 0.3).astype("<f4")
            a["layer%d.bias" % k] = (rng.standard_normal(w[k + 1]) * 0.1).astype("<f4")
        a["out.weight"] = (rng.standard_normal((1, w[-1])) * 0.5).astype("<f4")
        a["out.bias"] = np.zeros(1, dtype="<f4")
        parts[p] = a
    netfile.write_value(sys.argv[1], parts, hidden, {
        "features_version": 1, "features": FEATURES, "rules": RULES, "agents": "sharp",
        "fit_seed": 101, "fit_games": "0-99", "command": "python3 tests/golden/value.py (random weights)"})


if __name__ == "__main__":
    main()
