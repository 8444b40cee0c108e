/* Planted bug: the convolution's output is mapped 'to': the device's
 * results never come back. */
#include "audit-corpus.h"

void conv(int n, int taps, const float *in, const float *w, float *out) {
#pragma omp target teams distribute parallel for map(to: in[0:n], w[0:taps], out[0:n - taps + 1]) // planted: ownmap.audit.lost-write out
  for (int i = 0; i < n - taps + 1; ++i) {
    float acc = 0.0f;
    for (int k = 0; k < taps; ++k)
      acc += in[i + k] * w[k];
    out[i] = acc;
  }
}

int main(void) {
  int n = 1000, taps = 5;
  float *in = corpus_floats(n, 1), *w = corpus_floats(taps, 2), *out = corpus_floats(n, 0);
  conv(n, taps, in, w, out);
  corpus_print_floats("conv", out, n - taps + 1);
  free(in);
  free(w);
  free(out);
  return 0;
}
