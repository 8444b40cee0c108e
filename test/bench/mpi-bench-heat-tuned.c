/* 2-D heat equation over MPI ranks, hand-tuned: one `target data` region
 * keeps both bands on the device; each step copies only the two rows a
 * rank sends to the host and the two ghost rows it receives to the device
 * (`target update`), and the probe fetches one element. Same computation
 * as mpi-bench-heat-naive.c. Usage: mpirun -np RANKS mpi-bench-heat-tuned
 * [NX] [NY] [STEPS] [PROBE]. */
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
#pragma omp target data map(tofrom: u[0:n], v[0:n])
  {
    for (int s = 1; s <= steps; ++s) {
#pragma omp target update from(u[nx:nx])
#pragma omp target update from(u[(size_t)rows * nx:nx])
      bench_band_exchange(&band, u);
#pragma omp target update to(u[0:nx])
#pragma omp target update to(u[(size_t)(rows + 1) * nx:nx])
      int first = bench_band_updates(&band, 1) ? 1 : 2;
      int last = bench_band_updates(&band, rows) ? rows : rows - 1;
#pragma omp target teams distribute parallel for
      for (size_t i = (size_t)first * nx; i < (size_t)(last + 1) * nx; ++i) {
        size_t col = i % nx;
        v[i] = (col == 0 || col == (size_t)nx - 1)
                   ? u[i]
                   : 0.5f * u[i] + 0.125f * (u[i - nx] + u[i + nx] + u[i - 1] + u[i + 1]);
      }
      float *t = u;
      u = v;
      v = t;
      if (s % probe == 0) {
#pragma omp target update from(u[centre:1])
        probed += u[centre] * s;
      }
    }
  }
  double seconds = bench_seconds() - start;

  bench_band_report(&band, u, probed, seconds);
  free(u);
  free(v);
  MPI_Finalize();
  return 0;
}
