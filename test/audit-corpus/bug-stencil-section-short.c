/* Planted bug: the input section stops one element short of what the
 * stencil's right neighbour reads. */
#include "audit-corpus.h"

void smooth(int n, const float *in, float *out) {
#pragma omp target teams distribute parallel for map(to: in[0:n - 1]) map(from: out[1:n - 2]) // planted: ownmap.audit.section-too-small in
  for (int i = 1; i < n - 1; ++i)
    out[i] = 0.25f * in[i - 1] + 0.5f * in[i] + 0.25f * in[i + 1];
}

int main(void) {
  int n = 1000;
  float *in = corpus_floats(n, 1), *out = corpus_floats(n, 0);
  smooth(n, in, out);
  corpus_print_floats("smooth", out, n);
  free(in);
  free(out);
  return 0;
}
