# A swept rule option: the measure with its 95% band.
set output outfile
set title "Sweep of " . what . " (95% band)"
set xlabel xlab
set ylabel ylab
set grid
plot datafile using 1:3:4 with filledcurves fs transparent solid 0.25 lc rgb "#4a6fa5" title "95% interval", \
     datafile using 1:2 with linespoints lw 2 pt 7 lc rgb "#1b3a6b" title "estimate"
