#include <ownmap.h>
#include "corpus.h"

/* Packs the first and last interior rows of an m x n grid into a send
 * buffer, as a halo exchange does before the message goes out. */
OM_KERNEL void pack(int m, int n, OM_IN const float *grid, OM_OUT float *buf) {
  for (int j = 0; j < n; ++j)
    buf[j] = grid[n + j];
  for (int j = 0; j < n; ++j)
    buf[n + j] = grid[(m - 2) * n + j];
}

/* And unpacks the received rows into the halo rows 0 and m - 1. */
OM_KERNEL void unpack(int m, int n, OM_IN const float *buf, OM_INOUT float *grid) {
  for (int j = 0; j < n; ++j)
    grid[j] = buf[j];
  for (int j = 0; j < n; ++j)
    grid[(m - 1) * n + j] = buf[n + j];
}

int main(void) {
  enum { M = 12, N = 20 };
  static float grid[M * N], buf[2 * N], recv[2 * N];
  corpus_fill(grid, M * N, 5);
  corpus_fill(recv, 2 * N, 6);
  pack(M, N, grid, buf);
  unpack(M, N, recv, grid);
  corpus_print("buf", buf, 2 * N);
  corpus_print("grid", grid, M * N);
  return 0;
}
