# Plackett-Luce ratings (Elo scale, mean 0) with bootstrap 95% intervals.
set output outfile
set title "Ratings (Plackett-Luce, Elo scale)"
set ylabel "rating"
set grid ytics
stats datafile using 1 nooutput
set xrange [-0.6:STATS_max + 0.6]
set offsets 0, 0, 20, 20
set xtics rotate by -20
plot datafile using 1:2:3:4:xtic(5) with yerrorbars notitle pt 7 ps 1 lw 1.5 lc rgb "#1b3a6b"
