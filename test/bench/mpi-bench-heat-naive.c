/* 2-D heat equation over MPI ranks, naive maps: each rank owns a band of
 * rows (mpi-bench.h); every step it exchanges its halo rows with MPI
 * straight from the grid, and the step's target region maps both whole
 * bands, `map(to: u) map(tofrom: v)`; the host swaps u and v and samples
 * the band's centre every PROBE steps. The computation of bench-heat-naive.c,
 * cut into bands. Usage: mpirun -np RANKS mpi-bench-heat-naive [NX] [NY]
 * [STEPS] [PROBE] (default 8192 x 8192 floats in all, 20 steps, probe every
 * 5). docs/bench.md. */
#include "mpi-bench.h"

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int nx = bench_arg(argc, argv, 1, 8192), ny = bench_arg(argc, argv, 2, 8192);
  int steps = bench_arg(argc, argv, 3, 20), probe = bench_arg(argc, argv, 4, 5);
  bench_band band = bench_band_of(nx, ny);
  size_t n = bench_band_cells(&band), centre = bench_band_centre(&band);
  int rows = band.rows;
  float *u = bench_alloc(n, sizeof *u), *v = bench_alloc(n, sizeof *v);
  bench_band_fill(&band, u);
  bench_band_fill(&band, v);
  bench_start_device();

  MPI_Barrier(MPI_COMM_WORLD);
  double start = bench_seconds(), probed = 0;
  for (int s = 1; s <= steps; ++s) {
    bench_band_exchange(&band, u);
    int first = bench_band_updates(&band, 1) ? 1 : 2;
    int last = bench_band_updates(&band, rows) ? rows : rows - 1;
#pragma omp target teams distribute parallel for map(to: u[0:n]) map(tofrom: v[0:n])
    for (size_t i = (size_t)first * nx; i < (size_t)(last + 1) * nx; ++i) {
      size_t col = i % nx;
      v[i] = (col == 0 || col == (size_t)nx - 1)
                 ? u[i]
                 : 0.5f * u[i] + 0.125f * (u[i - nx] + u[i + nx] + u[i - 1] + u[i + 1]);
    }
    float *t = u;
    u = v;
    v = t;
    if (s % probe == 0)
      probed += u[centre] * s;
  }
  double seconds = bench_seconds() - start;

  bench_band_report(&band, u, probed, seconds);
  free(u);
  free(v);
  MPI_Finalize();
  return 0;
}
