/* Layer normalisation over the features of each sample: mean, variance,
 * then scale and shift; the parameters stay on the device across calls
 * (enter data), the activations are mapped per call. */
#include <math.h>
#include "audit-corpus.h"

static void layernorm(int batch, int features, const float *gamma, const float *beta,
                      const float *x, float *y) {
#pragma omp target teams distribute parallel for map(to: x[0:batch * features]) map(from: y[0:batch * features])
  for (int s = 0; s < batch; ++s) {
    const float *row = x + s * features;
    float *outrow = y + s * features;
    float mean = 0.0f, var = 0.0f;
    for (int f = 0; f < features; ++f)
      mean += row[f];
    mean /= features;
    for (int f = 0; f < features; ++f)
      var += (row[f] - mean) * (row[f] - mean);
    float inv = 1.0f / sqrtf(var / features + 1e-5f);
    for (int f = 0; f < features; ++f)
      outrow[f] = gamma[f] * (row[f] - mean) * inv + beta[f];
  }
}

int main(void) {
  int batch = 32, features = 48;
  float *gamma = corpus_floats(features, 1), *beta = corpus_floats(features, 2);
  float *x = corpus_floats(batch * features, 3), *y = corpus_floats(batch * features, 0);
#pragma omp target enter data map(to: gamma[0:features], beta[0:features])
  layernorm(batch, features, gamma, beta, x, y);
  corpus_print_floats("layernorm 1", y, batch * features);
  layernorm(batch, features, gamma, beta, y, x);
  corpus_print_floats("layernorm 2", x, batch * features);
#pragma omp target exit data map(release: gamma[0:features], beta[0:features])
  free(gamma);
  free(beta);
  free(x);
  free(y);
  return 0;
}
