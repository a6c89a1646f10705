# Speed-up over one thread against workers (threads, or MPI ranks of one
# thread each), a line per workload and mode, with the ideal diagonal.
set output outfile
set title "jamaica sim: speed-up over one thread (weak scaling)"
set xlabel "workers (threads, or MPI ranks of one thread)"
set ylabel "speed-up (median games/s over one thread's)"
set grid xtics ytics
n = most + 0
set xrange [0.8:n * 1.1]
set yrange [0:n * 1.1]
set key top left
set linetype 1 lc rgb "#1b3a6b"
set linetype 2 lc rgb "#5b8fd6"
set linetype 3 lc rgb "#b5462b"
set linetype 4 lc rgb "#e0a040"
plot x with lines dt 2 lc rgb "#888888" title "ideal", \
     for [i = 1:words(titles)] datafile index (i - 1) using 1:2 with linespoints lt i pt 7 ps 1 lw 2 title word(titles, i)
