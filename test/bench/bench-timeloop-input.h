/* bench-timeloop-input.h - the arrays of the bench-timeloop-* benchmarks,
 * from the command line [N] [STEPS] (default 67108864 floats = 256 MiB per
 * array, 20 steps): an input `a` that the kernel only reads and a state
 * `b` it updates, filled alike in every variant. docs/bench.md. */
#ifndef BENCH_TIMELOOP_INPUT_H
#define BENCH_TIMELOOP_INPUT_H

#include "elision-bench.h"

typedef struct {
  int n, steps;
  float *a, *b;
} timeloop_input;

static inline timeloop_input timeloop_make(int argc, char **argv) {
  timeloop_input in = {bench_arg(argc, argv, 1, 1 << 26), bench_arg(argc, argv, 2, 20), NULL,
                       NULL};
  in.a = bench_alloc(in.n, sizeof *in.a);
  in.b = bench_alloc(in.n, sizeof *in.b);
  for (int i = 0; i < in.n; ++i) {
    in.a[i] = (float)bench_pattern(i, 7919, 100) * 0.01f;
    in.b[i] = (float)(1 + bench_pattern(i, 104729, 997));
  }
  return in;
}

#endif
