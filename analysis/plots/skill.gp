# A study's figure against skill (study captain|ghost --ladder's CSV): the
# figure against the rung's rating, a line per player count, 95% bars; the
# bound (an agent that sees the hands) beyond the last rung, alone.
set output outfile
set title "Against skill: each rung one agent in every seat"
set xlabel "rating of the rung (the published lists, random = 0)"
set ylabel ylab
set key outside right
set grid ytics
stats datafile using 1 nooutput
n = STATS_blocks
plot for [i=0:n-2] datafile index i using 1:2:3:4 with yerrorlines title columnheader(1) lw 1.5 pt 7 ps 0.7, \
     datafile index (n-1) using 1:2:3:4 with yerrorbars title columnheader(1) pt 5 ps 1 lc rgb "black"
