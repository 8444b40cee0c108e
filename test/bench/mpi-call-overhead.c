/* mpi-call-overhead: what the plugin adds to an MPI call (plugin/mpi.c).
 * Two ranks exchange 8 bytes with MPI_Sendrecv CALLS times, from a stack
 * buffer and from a heap array that a kernel mapped (so that the plugin
 * holds it), and rank 0 prints the microseconds per call of each.
 * Usage: mpirun -np 2 [ownmap-run --] mpi-call-overhead [CALLS] (default
 * 100000). Compare bare with under the plugin; docs/plugin.md, "MPI
 * programs". */
#include "elision-bench.h"

#include <mpi.h>

enum { CELLS = 1 << 17 }; /* 1 MiB of doubles: held by the plugin */

static double per_call(double *send, double *receive, int calls, int peer) {
  MPI_Barrier(MPI_COMM_WORLD);
  double start = bench_seconds();
  for (int i = 0; i < calls; ++i)
    MPI_Sendrecv(send, 1, MPI_DOUBLE, peer, 0, receive, 1, MPI_DOUBLE, peer, 0, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
  return (bench_seconds() - start) / calls * 1e6;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, ranks;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  int calls = bench_arg(argc, argv, 1, 100000);
  double *grid = bench_alloc(CELLS, sizeof *grid);
  for (int i = 0; i < CELLS; ++i)
    grid[i] = i;
#pragma omp target teams distribute parallel for map(tofrom: grid[0:CELLS])
  for (int i = 0; i < CELLS; ++i)
    grid[i] += 1;
  double stack_send = rank, stack_receive = 0;
  int peer = rank ^ 1;
  if (peer >= ranks)
    peer = MPI_PROC_NULL;
  per_call(&stack_send, &stack_receive, calls / 10 + 1, peer); /* warm up */
  double stack = per_call(&stack_send, &stack_receive, calls, peer);
  double held = per_call(&grid[CELLS / 2], &grid[CELLS / 2 + 1], calls, peer);
  if (rank == 0)
    printf("MPI_Sendrecv of 8 bytes: %.3f us per call from the stack, %.3f us from a held "
           "array\n", stack, held);
  free(grid);
  MPI_Finalize();
  return 0;
}
