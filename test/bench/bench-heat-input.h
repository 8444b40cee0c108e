/* bench-heat-input.h - the grids of the bench-heat-* benchmarks, from the
 * command line [NX] [NY] [STEPS] [PROBE] (default 8192 x 8192 floats = 256
 * MiB per grid, 20 steps, the host probes the centre every 5), filled alike
 * in every variant. docs/bench.md. */
#ifndef BENCH_HEAT_INPUT_H
#define BENCH_HEAT_INPUT_H

#include "elision-bench.h"

typedef struct {
  int nx, ny, steps, probe;
  int n, centre; /* elements per grid; the element the host probes */
  float *u, *v;
} heat_input;

static inline heat_input heat_make(int argc, char **argv) {
  heat_input in = {.nx = bench_arg(argc, argv, 1, 8192),
                   .ny = bench_arg(argc, argv, 2, 8192),
                   .steps = bench_arg(argc, argv, 3, 20),
                   .probe = bench_arg(argc, argv, 4, 5)};
  in.n = in.nx * in.ny;
  in.centre = in.ny / 2 * in.nx + in.nx / 2;
  in.u = bench_alloc(in.n, sizeof *in.u);
  in.v = bench_alloc(in.n, sizeof *in.v);
  for (int i = 0; i < in.n; ++i)
    in.u[i] = in.v[i] = (float)(10 + bench_pattern(i, 7919, 991));
  return in;
}

#endif
