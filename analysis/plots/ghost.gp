# The Ghost Ship's win rate with 2 players, by agent mix, Wilson 95% bars.
set output outfile
set title "Ghost Ship's win rate, 2 players"
set ylabel "ghost win rate"
set format y "%.0f%%"
set yrange [0:*]
stats datafile using 1 nooutput
set xrange [-0.6:STATS_max + 0.6]
set grid ytics
set boxwidth 0.6
set style fill solid 0.4
plot datafile using 1:($2*100):xtic(5) with boxes notitle lc rgb "#4a6fa5", \
     datafile using 1:($2*100):($3*100):($4*100) with yerrorbars notitle lc rgb "black" pt 7 ps 0.5
