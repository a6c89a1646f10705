#!/bin/sh
# plot.sh KIND IN.csv OUT.png|OUT.svg [AGENTS|MEASURE]
# (`make install` installs it as jamaica-plot.)
#
# Draws one of the reports as PNG or SVG with gnuplot (Debian: gnuplot-nox).
# python3 reads the CSV (its quoted fields hold commas) into plain columns;
# the drawing is analysis/plots/KIND.gp.  Kinds:
#   captain   study captain's CSV: win rate by captain offset, error bars, a
#             line per player count (for AGENTS, or the first mix)
#   ghost     study ghost's CSV: the ghost's 2-player win rate by agent mix
#   sweep     study sweep's CSV: the measure against the option, with its band
#   ratings   tournament's ratings CSV: each agent's rating with its interval
#             (agents at growing budgets: strength against budget)
#   ladder    tournament's ratings CSV against its --timing CSV (given as
#             AGENTS): rating against time per decision, log scale
#   games     a GAMES.csv: distributions of score and of game length (for
#             AGENTS, one agent's seats and the games it played in)
#   balance   balance's CSV: the first round's settings, a measure (AGENTS
#             names it; the first target's by default) against the first
#             varied option, a line per value of the others
#   skill     a study's --ladder CSV: the figure against the rung's rating, a
#             line per player count, the bound beside (docs/STUDIES.md)
#   scaling   a CSV of workload, mode, workers, games_per_sec (the lab's scaling
#             runs): speed-up over one thread against threads and MPI ranks,
#             a line per workload and mode
# Exit 2 on bad use or a missing gnuplot/python3; the output is written
# beside its target and renamed when complete.
set -eu
usage() { echo "usage: analysis/plot.sh captain|ghost|sweep|ratings|ladder|games|balance|scaling|skill IN.csv OUT.png|OUT.svg [AGENTS|TIMING.csv]" >&2; exit 2; }
[ $# -ge 3 ] && [ $# -le 4 ] || usage
kind=$1 in=$2 out=$3 mix=${4:-}
# (installed, bin/jamaica-plot is a link to share/jamaica/plot.sh: the
# drawings are beside the script it points to)
here=$(cd "$(dirname "$(readlink -f "$0")")" && pwd)
[ -f "$here/plots/$kind.gp" ] || { echo "plot.sh: unknown kind '$kind'" >&2; usage; }
command -v gnuplot >/dev/null 2>&1 || { echo "plot.sh: gnuplot is not installed (apt-get install gnuplot-nox)" >&2; exit 2; }
command -v python3 >/dev/null 2>&1 || { echo "plot.sh: python3 is not installed (apt-get install python3)" >&2; exit 2; }
[ -r "$in" ] || { echo "plot.sh: cannot read '$in'" >&2; exit 2; }
case "$out" in
*.png) term="pngcairo size 900,600 font 'sans,11'"; command -v gnuplot >/dev/null && gnuplot -e "set terminal pngcairo" 2>/dev/null || term="png size 900,600" ;;
*.svg) term="svg size 900,600 dynamic" ;;
*) echo "plot.sh: the output must end in .png or .svg: '$out'" >&2; exit 2 ;;
esac
dir=$(dirname "$out")
[ -d "$dir" ] && [ -w "$dir" ] || { echo "plot.sh: cannot write in '$dir'" >&2; exit 2; }
tmp=$(mktemp -d)
part=$(mktemp "$dir/.$(basename "$out").XXXXXX")
trap 'rm -rf "$tmp"; rm -f "$part"' EXIT INT TERM
python3 "$here/plots/extract.py" "$kind" "$in" "$tmp/data" "$mix" || exit 2
gnuplot -e "datafile='$tmp/data'; outfile='$part'; set terminal $term; set termoption noenhanced; load '$tmp/data.vars'" "$here/plots/$kind.gp"
[ -s "$part" ] || { echo "plot.sh: gnuplot wrote nothing for '$out'" >&2; exit 1; }
chmod 644 "$part"
mv "$part" "$out"
