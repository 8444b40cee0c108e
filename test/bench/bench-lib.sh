# bench-lib.sh: helpers shared by the benchmark scripts in test/bench/
# (sourced, not run).

# median: the median of the numbers on standard input, one per line (the
# lower middle one for an even count).
median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
