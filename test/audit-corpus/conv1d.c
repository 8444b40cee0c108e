/* A 1-D convolution layer (valid padding), one thread per output element,
 * the filter taps in an inner loop with `<=` bounds. */
#include "audit-corpus.h"

void conv1d(int n, int taps, const float *in, const float *w, float *out) {
  int last = n - taps;
#pragma omp target teams distribute parallel for map(to: in[0:n], w[0:taps]) map(from: out[0:last + 1])
  for (int i = 0; i <= last; ++i) {
    float acc = 0.0f;
    for (int k = 0; k <= taps - 1; ++k)
      acc += in[i + k] * w[k];
    out[i] = acc;
  }
}

int main(void) {
  int n = 5000, taps = 7;
  float *in = corpus_floats(n, 1), *w = corpus_floats(taps, 2);
  float *out = corpus_floats(n - taps + 1, 0);
  conv1d(n, taps, in, w, out);
  corpus_print_floats("conv1d", out, n - taps + 1);
  free(in);
  free(w);
  free(out);
  return 0;
}
