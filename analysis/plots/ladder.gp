# Strength against time per decision: each timed agent's Plackett-Luce
# rating (Elo scale, bootstrap 95% interval) at its mean time per decision
# (log scale), labelled with its spec (a long one on two lines: columns 5
# and 7, the second a line lower).
set output outfile
set title "Strength against time per decision" . (what eq "" ? "" : "\n" . what)
set xlabel "mean time per decision (ms, log scale; wall clock of the run's machine)"
set ylabel "rating (Plackett-Luce, Elo scale)"
set logscale x
set grid xtics ytics
set offsets graph 0.05, graph 0.45, 30, 30
plot datafile using 1:2:3:4 with yerrorbars notitle pt 7 ps 1 lw 1.5 lc rgb "#1b3a6b", \
     datafile using 1:6:5 with labels left offset 1,0 font ",9" notitle, \
     datafile using 1:6:7 with labels left offset 1,-1 font ",9" notitle
