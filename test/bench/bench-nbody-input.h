/* bench-nbody-input.h - state and force law of the bench-nbody-* benchmarks:
 * N bodies in a periodic box of side 2^16 with integer (fixed-point)
 * positions and velocities, and a short-range repulsion that is a
 * polynomial in the distance (no square root, no rounding), so every build
 * computes the same bits in any order. */
#ifndef BENCH_NBODY_INPUT_H
#define BENCH_NBODY_INPUT_H

#include "elision-bench.h"

enum {
  NBODY_BOX_MASK = (1 << 16) - 1, /* positions live in [0, 2^16) */
  NBODY_CUTOFF2 = 1 << 24,        /* bodies closer than 2^12 repel */
  NBODY_FORCE_SCALE = 1 << 28     /* force units per velocity unit */
};

typedef struct {
  long *px, *py, *pz, *vx, *vy, *vz;
} nbody_state;

static inline nbody_state nbody_make(int n) {
  nbody_state s;
  long **fields[] = {&s.px, &s.py, &s.pz, &s.vx, &s.vy, &s.vz};
  for (int f = 0; f < 6; ++f)
    *fields[f] = bench_alloc(n, sizeof(long));
  for (int i = 0; i < n; ++i) {
    s.px[i] = bench_pattern(i, 7919, 65536);
    s.py[i] = bench_pattern(i, 104729, 65536);
    s.pz[i] = bench_pattern(i, 15485863, 65536);
    s.vx[i] = bench_pattern(i, 31, 201) - 100;
    s.vy[i] = bench_pattern(i, 37, 201) - 100;
    s.vz[i] = bench_pattern(i, 41, 201) - 100;
  }
  return s;
}

/* Sum of the position coordinates: what the host monitors while it runs. */
static inline long nbody_position_sum(int n, const nbody_state *s) {
  long sum = 0;
  for (int i = 0; i < n; ++i)
    sum += s->px[i] + 3 * s->py[i] + 5 * s->pz[i];
  return sum;
}

static inline double nbody_checksum(int n, const nbody_state *s) {
  long sum = 0;
  for (int i = 0; i < n; ++i)
    sum += (s->px[i] + 3 * s->py[i] + 5 * s->pz[i] + 7 * s->vx[i] + 11 * s->vy[i] +
            13 * s->vz[i]) * (i % 7 + 1);
  return (double)sum;
}

static inline void nbody_free(nbody_state *s) {
  long *fields[] = {s->px, s->py, s->pz, s->vx, s->vy, s->vz};
  for (int f = 0; f < 6; ++f)
    free(fields[f]);
}

#endif /* BENCH_NBODY_INPUT_H */
