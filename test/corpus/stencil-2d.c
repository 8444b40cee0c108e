#include <ownmap.h>
#include "corpus.h"

/* The 5-point Laplacian over the interior of an n x n grid. */
OM_KERNEL void laplace(int n, OM_IN const float *in, OM_INOUT float *out) {
  for (int i = 1; i < n - 1; ++i)
    for (int j = 1; j < n - 1; ++j)
      out[i * n + j] = in[(i - 1) * n + j] + in[(i + 1) * n + j] +
                       in[i * n + j - 1] + in[i * n + j + 1] - 4 * in[i * n + j];
}

int main(void) {
  enum { N = 64 };
  static float in[N * N], out[N * N];
  corpus_fill(in, N * N, 7);
  corpus_fill(out, N * N, 8);
  laplace(N, in, out);
  corpus_print("out", out, N * N);
  return 0;
}
