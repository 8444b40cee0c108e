/* mpi-bench.h - what the multi-rank benchmarks (test/bench/mpi-bench-*.c,
 * docs/bench.md) share: a grid cut into bands of rows, one band per rank,
 * each with a ghost row above and below; the halo exchange between
 * neighbouring bands (MPI_Sendrecv straight from the grid's rows); the
 * checksum and the time, added up across ranks.
 *
 * As in elision-bench.h, rank 0 prints `checksum <value>` on stdout and
 * `time_s <seconds>` (the slowest rank's timed part) on stderr. */
#ifndef MPI_BENCH_H
#define MPI_BENCH_H

#include "elision-bench.h"

#include <mpi.h>

typedef struct {
  int rank, ranks;
  int nx, rows;    /* columns; rows of this rank's band */
  int first_row;   /* the band's first row in the whole grid */
  int global_rows; /* of the whole grid */
} bench_band;

/* The band of this rank in an nx x global_rows grid; exits with status 2
 * when the rows do not split evenly. */
static inline bench_band bench_band_of(int nx, int global_rows) {
  bench_band band = {.nx = nx, .global_rows = global_rows};
  MPI_Comm_rank(MPI_COMM_WORLD, &band.rank);
  MPI_Comm_size(MPI_COMM_WORLD, &band.ranks);
  if (global_rows % band.ranks != 0 || global_rows / band.ranks < 2) {
    if (band.rank == 0)
      fprintf(stderr, "%d rows do not split into %d bands of 2 rows or more\n", global_rows,
              band.ranks);
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  band.rows = global_rows / band.ranks;
  band.first_row = band.rank * band.rows;
  return band;
}

/* Cells of a band with its two ghost rows. */
static inline size_t bench_band_cells(const bench_band *band) {
  return (size_t)(band->rows + 2) * (size_t)band->nx;
}

/* Whether local row r (1..rows) is a row the step updates: not the whole
 * grid's first or last. */
static inline int bench_band_updates(const bench_band *band, int r) {
  int global = band->first_row + r - 1;
  return global > 0 && global < band->global_rows - 1;
}

/* The grid's starting values, the same whatever the number of ranks. */
static inline void bench_band_fill(const bench_band *band, float *grid) {
  for (int r = 0; r < band->rows + 2; ++r)
    for (int c = 0; c < band->nx; ++c) {
      int global = band->first_row + r - 1;
      int i = (global < 0 ? 0 : global) * band->nx + c;
      grid[(size_t)r * band->nx + c] = (float)(10 + bench_pattern(i, 7919, 991));
    }
}

/* Each band's first and last rows into its neighbours' ghost rows. */
static inline void bench_band_exchange(const bench_band *band, float *grid) {
  int nx = band->nx, above = band->rank > 0 ? band->rank - 1 : MPI_PROC_NULL;
  int below = band->rank < band->ranks - 1 ? band->rank + 1 : MPI_PROC_NULL;
  MPI_Sendrecv(&grid[(size_t)nx], nx, MPI_FLOAT, above, 0, &grid[(size_t)(band->rows + 1) * nx],
               nx, MPI_FLOAT, below, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Sendrecv(&grid[(size_t)band->rows * nx], nx, MPI_FLOAT, below, 1, grid, nx, MPI_FLOAT,
               above, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}

/* The element of the band's centre, sampled by the host every few steps. */
static inline size_t bench_band_centre(const bench_band *band) {
  return (size_t)(band->rows / 2 + 1) * band->nx + band->nx / 2;
}

/* Sum over the whole grid of x * (global index % 7 + 1), plus every rank's
 * probes, and the slowest rank's time: printed by rank 0. */
static inline void bench_band_report(const bench_band *band, const float *grid, double probed,
                                     double seconds) {
  double local = probed, total = 0, slowest = 0;
  for (int r = 1; r <= band->rows; ++r)
    for (int c = 0; c < band->nx; ++c) {
      long i = (long)(band->first_row + r - 1) * band->nx + c;
      local += (double)grid[(size_t)r * band->nx + c] * (double)(i % 7 + 1);
    }
  MPI_Reduce(&local, &total, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
  MPI_Reduce(&seconds, &slowest, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
  if (band->rank == 0)
    bench_report(total, slowest);
}

#endif /* MPI_BENCH_H */
