# Win rate by captain offset, one line per player count, Wilson 95% bars.
set output outfile
set title "Win rate by seat after the first Captain, " . what
set xlabel "captain offset (0 = the first Captain)"
set ylabel "win rate"
set format y "%.0f%%"
set key outside right
set grid ytics
set xtics 1
set xrange [-0.3:*]
stats datafile using 1 nooutput
n = STATS_blocks
plot for [i=0:n-1] datafile index i using ($1+0.04*i):($2*100):($3*100):($4*100) \
     with yerrorlines title columnheader(1) lw 1.5 pt 7 ps 0.7
