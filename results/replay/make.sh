# results/replay/make.sh: this folder's parts of the lab.  results/make.sh
# sources it (after results/lib.sh: J, has, py and the shared helpers);
# `results/make.sh PART` runs one.
#
# `replay`: a 4-player game as a replay page (results/replay/game-4p.html) and
# screenshots of it in headless chromium (results/replay/replay-4p.png, the
# README's picture, at 1500x950; replay-4p-1024x768.png), and a 6-player
# game's page at 1024x768 (replay-6p-1024x768.png; the page itself is not kept).
if has replay; then
    mkdir -p results/replay
    $J replay --seed 2 --agents sharp,mcts:iters=100,greedy,random --out results/replay/game-4p.html
    # The page at step 260 (round 10), the size of a laptop's browser window
    # (the README's picture), and at 1024x768 (the board beside the players,
    # all on the first screen).
    chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1500,950 \
        --screenshot="$(pwd)/results/replay/replay-4p.png" "file://$(pwd)/results/replay/game-4p.html#step=260" 2>/dev/null
    chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1024,768 \
        --screenshot="$(pwd)/results/replay/replay-4p-1024x768.png" \
        "file://$(pwd)/results/replay/game-4p.html#step=260" 2>/dev/null
    # Six players at 1024x768, in round 8: six panels beside the board and
    # the log under it.
    six=$(mktemp -d)
    $J replay --seed 2 --agents sharp,greedy,random,sharp,greedy,random --out "$six/game-6p.html"
    chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1024,768 \
        --screenshot="$(pwd)/results/replay/replay-6p-1024x768.png" "file://$six/game-6p.html#step=300" 2>/dev/null
    rm -rf "$six"
    # A palette of 256 colours makes it a quarter of the size (pngquant, where
    # installed: apt-get install pngquant).
    if command -v pngquant >/dev/null 2>&1; then
        pngquant --force --strip --speed 1 --output results/replay/replay-6p-1024x768.png 256 \
            results/replay/replay-6p-1024x768.png
    fi
fi
