# results/variants/make.sh: this folder's parts of the lab.  results/make.sh
# sources it (after results/lib.sh: J, has, py and the shared helpers);
# `results/make.sh PART` runs one.
#
# `variantskill`: report --skill on the designer's variant (results/variants/
# skill.md: the skill depth and what seeing wins, 2 players; 43 minutes on
# two shared cores).
# `variant`: the designer's walk-through of docs/DESIGNERS.md: the base game's
# variant file with one card, one cost and one treasure changed
# (results/variants/designer.variant), and its report against the base game at
# the default sizes (results/variants/report.html and report.md; about 4
# minutes on two cores); and what each element is worth to sharp in the base
# game (results/variants/worth-sharp-3p.md, 10 seconds).
if has variantskill; then
    # the skill depth at 2 players (the ladder random < greedy < sharp < mcts < the self-play policy) and what seeing wins
    # (mcts:iters=200 with see=hands and see=all against itself), the designer's variant against the
    # base game, 1,000 deals a pairing (report --skill; 43 minutes on two shared cores)
    { echo "$J report --rules results/variants/designer.variant --agents net:file=results/spg/seed5/current.jmn --players 2 --games 1000 --worth-games 0 --skill 1000 --seed 3401 --out results/variants/skill.html"
      $J report --rules results/variants/designer.variant --agents net:file=results/spg/seed5/current.jmn --players 2 \
          --games 1000 --worth-games 0 --skill 1000 --seed 3401 --out results/variants/skill.html 2>&1 |
          grep -v '^jamaica: note\|games/s\|^skill: \|^report: '; } >results/variants/skill.log
fi
if has variant; then
    mkdir -p results/variants
    $J variant --print | sed -e 's/^card 6 gold gold$/card 6 gold forward/' \
        -e 's/^space 5 port cost 3 score -5 next 6$/space 5 port cost 1 score -5 next 6/' \
        -e 's/^treasure -4$/treasure +4/' >results/variants/designer.variant
    $J variant --check results/variants/designer.variant
    { echo "$J report --rules results/variants/designer.variant --out results/variants/report.html"
      /usr/bin/time -f "%e s wall, %U s user" $J report --rules results/variants/designer.variant \
          --out results/variants/report.html 2>&1 | grep -v '^jamaica: note\|games/s'; } >results/variants/report.log
    # what each element is worth to sharp in the base game (docs/VARIANTS.md's table)
    $J study worth --agents sharp --players 3 --games 2000 --out results/variants/worth-sharp-3p.csv \
        --md results/variants/worth-sharp-3p.md
fi
