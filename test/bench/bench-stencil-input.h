/* bench-stencil-input.h - the arrays of the bench-stencil-* benchmarks,
 * from the command line [N] [STEPS] (default 67108864 floats = 256 MiB per
 * array, 20 steps), filled alike in every variant, and the value the host
 * drives the left boundary a[0] to before each even step. docs/bench.md. */
#ifndef BENCH_STENCIL_INPUT_H
#define BENCH_STENCIL_INPUT_H

#include "elision-bench.h"

typedef struct {
  int n, steps;
  float *a, *b;
} stencil_input;

static inline stencil_input stencil_make(int argc, char **argv) {
  stencil_input in = {bench_arg(argc, argv, 1, 1 << 26), bench_arg(argc, argv, 2, 20), NULL,
                      NULL};
  in.a = bench_alloc(in.n, sizeof *in.a);
  in.b = bench_alloc(in.n, sizeof *in.b);
  for (int i = 0; i < in.n; ++i) {
    in.a[i] = (float)(1 + bench_pattern(i, 7919, 1000));
    in.b[i] = (float)(1 + bench_pattern(i, 104729, 997));
  }
  return in;
}

static inline float stencil_drive(int step) { return (float)(1 + step % 97); }

#endif
