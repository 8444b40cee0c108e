/* bench-jacobi-input.h - the arrays of the bench-jacobi-* benchmarks, from
 * the command line [NX] [NY] [ITERS] [CHECK] (default 4096 x 4096 floats =
 * 64 MiB per array, at most 20 iterations, the host checks every 5),
 * filled alike in every variant, and the host's convergence test.
 * docs/bench.md. */
#ifndef BENCH_JACOBI_INPUT_H
#define BENCH_JACOBI_INPUT_H

#include "elision-bench.h"

static const float jacobi_tolerance = 1e-3f; /* the host stops below this change */

typedef struct {
  int nx, ny, iters, check, n;
  float *f, *u, *unew;
} jacobi_input;

static inline jacobi_input jacobi_make(int argc, char **argv) {
  jacobi_input in = {.nx = bench_arg(argc, argv, 1, 4096),
                     .ny = bench_arg(argc, argv, 2, 4096),
                     .iters = bench_arg(argc, argv, 3, 20),
                     .check = bench_arg(argc, argv, 4, 5)};
  in.n = in.nx * in.ny;
  in.f = bench_alloc(in.n, sizeof *in.f);
  in.u = bench_alloc(in.n, sizeof *in.u);
  in.unew = bench_alloc(in.n, sizeof *in.unew);
  for (int i = 0; i < in.n; ++i) {
    in.f[i] = (float)(1 + bench_pattern(i, 31, 17));
    in.u[i] = in.unew[i] = (float)(1 + bench_pattern(i, 7919, 101));
  }
  return in;
}

/* Largest |unew - u| over the interior rows, on the host. */
static inline float jacobi_change(int nx, int n, const float *u, const float *unew) {
  float largest = 0;
  for (int i = nx; i < n - nx; ++i) {
    float d = unew[i] > u[i] ? unew[i] - u[i] : u[i] - unew[i];
    largest = d > largest ? d : largest;
  }
  return largest;
}

#endif
