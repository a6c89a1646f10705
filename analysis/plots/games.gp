# Distributions of the players' scores and of game length.
set output outfile
set multiplot layout 1,2 title "Scores and game lengths" . (what eq "" ? "" : ", " . what)
set style fill solid 0.5
set ylabel "share"
set format y "%.0f%%"
set xlabel "final score"
stats datafile index 0 using 1 nooutput
ns = STATS_records
plot datafile index 0 using (floor($1/2)*2):(100.0/ns) smooth frequency with boxes notitle lc rgb "#4a6fa5"
set xlabel "rounds"
stats datafile index 1 using 1 nooutput
nr = STATS_records
plot datafile index 1 using 1:(100.0/nr) smooth frequency with boxes notitle lc rgb "#a54a4a"
unset multiplot
