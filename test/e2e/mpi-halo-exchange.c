// MPI ranks exchange halo rows straight from the arrays their kernels map,
// under the plugin: the transport (Open MPI's shared memory copies messages
// this large with process_vm_readv, which fails with EFAULT on pages another
// process protected) must find every buffer complete and accessible, also
// receive buffers that a kernel mapped while the receive was pending, and
// buffers a collective reads and writes in place. Before the MPI calls were
// interposed, the runs printed "Read -1, expected 524288, errno = 14"
// (EFAULT: the plugin's protection; another errno, e.g. EPERM where
// process_vm_readv is not allowed at all, would show without it too).
//
// REQUIRES: mpi
// gpu-build-e2e: host-only (it needs an MPI launcher; on the GPU,
// test/bench/mpi-bench runs MPI programs, scripts/gpu-run-results)
// RUN: %clang-offload %mpi-flags %s -o %t
// RUN: env OWNMAP_COMPARE_LAUNCHER="%mpirun" OWNMAP_COMPARE_ENV=OWNMAP_SUMMARY=1 \
// RUN:   %compare-with-plugin %t blocking 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not="errno = 14" --implicit-check-not=error
// RUN: env OWNMAP_COMPARE_LAUNCHER="%mpirun" OWNMAP_COMPARE_ENV=OWNMAP_SUMMARY=1 \
// RUN:   %compare-with-plugin %t nonblocking 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not="errno = 14" --implicit-check-not=error
// RUN: env OWNMAP_COMPARE_LAUNCHER="%mpirun" \
// RUN:   OWNMAP_COMPARE_ENV="OWNMAP_SUMMARY=1 OWNMAP_ELIDE=safe" \
// RUN:   %compare-with-plugin %t nonblocking 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not="errno = 14" --implicit-check-not=error
// One summary per rank: the plugin ran in both.
// CHECK-COUNT-2: ownmap: transfer summary
//
// One report per rank (%r), each rank on the device its local rank picks
// (OMP_DEFAULT_DEVICE, docs/plugin.md "MPI programs"), merged per rank.
// RUN: rm -f %t.rank*.json
// RUN: env OWNMAP_RANK_DEVICES=2 %mpirun %S/../bench/mpi-rank-device \
// RUN:   ownmap-run --report %t.rank%%r.json -- %t nonblocking > %t.out 2>&1
// RUN: FileCheck %s --check-prefix=RUNS --implicit-check-not="errno = 14" < %t.out
// RUN: ownmap-report --text %t.rank0.json %t.rank1.json | FileCheck %s --check-prefix=REPORT
// RUNS: 2 ranks, nonblocking: grid
// REPORT: ownmap report: 2 run report(s)
// REPORT: ranks:
// REPORT-NEXT: rank 0: host->device {{[1-9][0-9]*}} bytes
// REPORT-NEXT: rank 1: host->device {{[1-9][0-9]*}} bytes
// REPORT-NEXT: all ranks:
// REPORT: devices:
// REPORT-NEXT: device 0:
// REPORT-NEXT: device 1:

#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// A row is 512 KiB: two whole chunks of the plugin's tracking, and far
// above the size from which the transport copies with single-copy reads.
enum { COLS = 1 << 16, ROWS = 6, STEPS = 4 };
#define AT(r, c) ((size_t)(r) * COLS + (c))
static const size_t CELLS = (size_t)(ROWS + 2) * COLS;

static int rank, ranks;

static int above(void) { return rank > 0 ? rank - 1 : MPI_PROC_NULL; }
static int below(void) { return rank < ranks - 1 ? rank + 1 : MPI_PROC_NULL; }

// unew's rows [first, last] from u's: a 3-point vertical average plus the
// column's neighbours.
static void relax(const double *u, double *unew, int first, int last) {
#pragma omp target teams distribute parallel for collapse(2) \
    map(to: u[0:CELLS]) map(tofrom: unew[0:CELLS])
  for (int r = first; r <= last; r++)
    for (int c = 0; c < COLS; c++) {
      double left = u[AT(r, c > 0 ? c - 1 : c)], right = u[AT(r, c < COLS - 1 ? c + 1 : c)];
      unew[AT(r, c)] = 0.25 * (u[AT(r - 1, c)] + u[AT(r + 1, c)] + left + right);
    }
}

// Blocking: each pair of rows goes with MPI_Sendrecv.
static void exchange_blocking(double *u) {
  MPI_Sendrecv(&u[AT(1, 0)], COLS, MPI_DOUBLE, above(), 0, &u[AT(ROWS + 1, 0)], COLS, MPI_DOUBLE,
               below(), 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Sendrecv(&u[AT(ROWS, 0)], COLS, MPI_DOUBLE, below(), 1, &u[AT(0, 0)], COLS, MPI_DOUBLE,
               above(), 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}

static void step_blocking(double *u, double *unew) {
  exchange_blocking(u);
  relax(u, unew, 1, ROWS);
}

// Nonblocking: the interior is computed while the halo is in flight, by a
// kernel that maps all of u (its ghost rows too, which are being received).
static void step_nonblocking(double *u, double *unew) {
  MPI_Request requests[4];
  MPI_Irecv(&u[AT(0, 0)], COLS, MPI_DOUBLE, above(), 1, MPI_COMM_WORLD, &requests[0]);
  MPI_Irecv(&u[AT(ROWS + 1, 0)], COLS, MPI_DOUBLE, below(), 0, MPI_COMM_WORLD, &requests[1]);
  MPI_Isend(&u[AT(1, 0)], COLS, MPI_DOUBLE, above(), 0, MPI_COMM_WORLD, &requests[2]);
  MPI_Isend(&u[AT(ROWS, 0)], COLS, MPI_DOUBLE, below(), 1, MPI_COMM_WORLD, &requests[3]);
  relax(u, unew, 2, ROWS - 1);
  MPI_Waitall(4, requests, MPI_STATUSES_IGNORE);
  relax(u, unew, 1, 1);
  relax(u, unew, ROWS, ROWS);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  int nonblocking = argc > 1 && strcmp(argv[1], "nonblocking") == 0;
  double *u = malloc(CELLS * sizeof *u), *unew = malloc(CELLS * sizeof *unew);
  double *sums = malloc(COLS * sizeof *sums);
  for (size_t i = 0; i < CELLS; i++)
    u[i] = unew[i] = (double)((i * 7 + (size_t)rank * 13) % 101);
  for (int step = 0; step < STEPS; step++) {
    if (nonblocking)
      step_nonblocking(u, unew);
    else
      step_blocking(u, unew);
    double *swap = u;
    u = unew;
    unew = swap;
  }
  // Column sums on the device, added up across ranks in place.
#pragma omp target teams distribute parallel for map(to: u[0:CELLS]) map(from: sums[0:COLS])
  for (int c = 0; c < COLS; c++) {
    double s = 0;
    for (int r = 1; r <= ROWS; r++)
      s += u[AT(r, c)] * (r + rank);
    sums[c] = s;
  }
  MPI_Allreduce(MPI_IN_PLACE, sums, COLS, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  double local = 0, total = 0;
  for (size_t i = 0; i < CELLS; i++)
    local += u[i] * (double)(i % 5 + 1);
  MPI_Reduce(&local, &total, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
  if (rank == 0) {
    double column_total = 0;
    for (int c = 0; c < COLS; c++)
      column_total += sums[c] * (c % 3 + 1);
    printf("%d ranks, %s: grid %.17g, columns %.17g\n", ranks,
           nonblocking ? "nonblocking" : "blocking", total, column_total);
  }
  free(u);
  free(unew);
  free(sums);
  MPI_Finalize();
  return 0;
}
