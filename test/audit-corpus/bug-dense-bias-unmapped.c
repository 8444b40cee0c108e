/* Planted bug: the layer maps its weights, inputs and outputs but forgets
 * the bias vector. */
#include "audit-corpus.h"

void dense(int batch, int in, int out, const float *w, const float *bias, const float *x,
           float *y) {
#pragma omp target teams distribute parallel for collapse(2) map(to: w[0:out * in], x[0:batch * in]) map(from: y[0:batch * out])
  for (int s = 0; s < batch; ++s)
    for (int o = 0; o < out; ++o) {
      float acc = bias[o]; // planted: ownmap.audit.missing-map bias
      for (int i = 0; i < in; ++i)
        acc += w[o * in + i] * x[s * in + i];
      y[s * out + o] = acc;
    }
}

int main(void) {
  int batch = 8, in = 32, out = 16;
  float *w = corpus_floats(out * in, 1), *bias = corpus_floats(out, 2);
  float *x = corpus_floats(batch * in, 3), *y = corpus_floats(batch * out, 0);
  dense(batch, in, out, w, bias, x, y);
  corpus_print_floats("dense", y, batch * out);
  free(w);
  free(bias);
  free(x);
  free(y);
  return 0;
}
