/* A dense layer's forward pass, y = relu(W x + b), for a batch: one
 * thread per (sample, output), inner product over the inputs. */
#include "audit-corpus.h"

void dense_relu(int batch, int in, int out, const float *w, const float *bias,
                const float *x, float *y) {
#pragma omp target teams distribute parallel for collapse(2) map(to: w[0:out * in], bias[0:out], x[0:batch * in]) map(from: y[0:batch * out])
  for (int s = 0; s < batch; ++s)
    for (int o = 0; o < out; ++o) {
      float acc = bias[o];
      for (int i = 0; i < in; ++i)
        acc += w[o * in + i] * x[s * in + i];
      y[s * out + o] = acc > 0.0f ? acc : 0.0f;
    }
}

int main(void) {
  int batch = 16, in = 64, out = 32;
  float *w = corpus_floats(out * in, 1), *bias = corpus_floats(out, 2);
  float *x = corpus_floats(batch * in, 3), *y = corpus_floats(batch * out, 0);
  dense_relu(batch, in, out, w, bias, x, y);
  corpus_print_floats("dense-relu", y, batch * out);
  free(w);
  free(bias);
  free(x);
  free(y);
  return 0;
}
