/* Row-wise softmax of a batch of logits, numerically stable: the row
 * maximum, the exponentials and their sum, then the normalisation, each
 * row on one thread. */
#include <math.h>
#include "audit-corpus.h"

void softmax(int rows, int cols, const float *logits, float *probs) {
#pragma omp target teams distribute parallel for map(to: logits[0:rows * cols]) map(from: probs[0:rows * cols])
  for (int r = 0; r < rows; ++r) {
    float max = logits[r * cols];
    for (int c = 1; c < cols; ++c)
      max = fmaxf(max, logits[r * cols + c]);
    float sum = 0.0f;
    for (int c = 0; c < cols; ++c) {
      float e = expf(logits[r * cols + c] - max);
      probs[r * cols + c] = e;
      sum += e;
    }
    for (int c = 0; c < cols; ++c)
      probs[r * cols + c] /= sum;
  }
}

int main(void) {
  int rows = 128, cols = 10;
  float *logits = corpus_floats(rows * cols, 1), *probs = corpus_floats(rows * cols, 0);
  softmax(rows, cols, logits, probs);
  corpus_print_floats("softmax", probs, rows * cols);
  free(logits);
  free(probs);
  return 0;
}
