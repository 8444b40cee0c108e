/* The assignment step of k-means: each point goes to its nearest
 * centroid (squared distance over the dimensions); the centroids are
 * updated on the host between iterations and sent with target update. */
#include "audit-corpus.h"

static void assign(int points, int k, int dims, const float *x, const float *centroids,
                   int *label) {
#pragma omp target teams distribute parallel for
  for (int p = 0; p < points; ++p) {
    int best = 0;
    float best_d = 3.0e38f;
    for (int c = 0; c < k; ++c) {
      float d = 0.0f;
      for (int j = 0; j < dims; ++j) {
        float diff = x[p * dims + j] - centroids[c * dims + j];
        d += diff * diff;
      }
      if (d < best_d) {
        best_d = d;
        best = c;
      }
    }
    label[p] = best;
  }
}

int main(void) {
  int points = 2000, k = 5, dims = 3;
  float *x = corpus_floats(points * dims, 1), *centroids = corpus_floats(k * dims, 2);
  int *label = calloc(points, sizeof *label);
  long moved = 0;
#pragma omp target data map(to: x[0:points * dims], centroids[0:k * dims]) map(from: label[0:points])
  {
    for (int it = 0; it < 3; ++it) {
      assign(points, k, dims, x, centroids, label);
      for (int j = 0; j < k * dims; ++j)
        centroids[j] = centroids[j] * 0.5f + (float)it;
#pragma omp target update to(centroids[0:k * dims])
    }
  }
  for (int p = 0; p < points; ++p)
    moved += label[p] * (p % 7 + 1);
  printf("kmeans %ld\n", moved);
  free(x);
  free(centroids);
  free(label);
  return 0;
}
