# A balance search's first round: a measure against the first varied option
# for every setting, with 95% bars, a line per value of the other options.
set output outfile
set title "Balance search, first round: " . what
set xlabel xlab
set ylabel ylab
set key outside right
set grid ytics
set offsets 0.3, 0.5, 0, 0
eval "set xtics (" . xticks . ")"
stats datafile using 1 nooutput
n = STATS_blocks
plot for [i=0:n-1] datafile index i using ($1+0.4*i/(n > 1 ? n - 1 : 1)-0.2):2:3:4 \
     with yerrorlines title columnheader(1) lw 1.5 pt 7 ps 0.7
