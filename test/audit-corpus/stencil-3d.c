/* 7-point Laplacian on an nx x ny x nz box, interior points only, with an
 * index macro over three dimensions; ping-pong in a time loop under one
 * target data region. */
#include "audit-corpus.h"

#define AT(i, j, k) (((i) * ny + (j)) * nz + (k))

static void laplace(int nx, int ny, int nz, const double *in, double *out) {
#pragma omp target teams distribute parallel for collapse(3)
  for (int i = 1; i < nx - 1; ++i)
    for (int j = 1; j < ny - 1; ++j)
      for (int k = 1; k < nz - 1; ++k)
        out[AT(i, j, k)] = in[AT(i - 1, j, k)] + in[AT(i + 1, j, k)] +
                           in[AT(i, j - 1, k)] + in[AT(i, j + 1, k)] +
                           in[AT(i, j, k - 1)] + in[AT(i, j, k + 1)] -
                           6.0 * in[AT(i, j, k)];
}

int main(void) {
  int nx = 20, ny = 18, nz = 16, size = nx * ny * nz;
  double *a = corpus_doubles(size, 1), *b = corpus_doubles(size, 1);
#pragma omp target data map(tofrom: a[0:size], b[0:size])
  {
    for (int t = 0; t < 4; ++t) {
      laplace(nx, ny, nz, a, b);
      laplace(nx, ny, nz, b, a);
    }
  }
  corpus_print("stencil-3d a", a, size);
  corpus_print("stencil-3d b", b, size);
  free(a);
  free(b);
  return 0;
}
