/* The annotated time loop of facts-time-loop.test: ownmap-rewrite states
 * before each kernel that it only reads its OM_IN input `a`. */
#include <ownmap.h>
#include <stdio.h>
#include <stdlib.h>

OM_KERNEL static void relax(int n, OM_IN const float *a, OM_INOUT float *b) {
  for (int i = 0; i < n; ++i)
    b[i] = 0.5f * b[i] + a[i];
}

enum { N = 1 << 18, STEPS = 8 };

int main(void) {
  float *a = malloc(N * sizeof *a), *b = malloc(N * sizeof *b);
  for (int i = 0; i < N; ++i) {
    a[i] = (float)(i % 100) * 0.01f;
    b[i] = (float)(1 + i % 997);
  }
  double probes = 0;
  for (int s = 1; s <= STEPS; ++s) {
    relax(N, a, b);
    if (s == 4) {
      probes += b[N / 3];
      a[N / 2] += 1.0f;
    }
  }
  double sum = 0;
  for (int i = 0; i < N; ++i)
    sum += b[i] * (i % 7 + 1);
  printf("probe %.9g\nchecksum %.17g\n", probes, sum);
  free(a);
  free(b);
  return 0;
}
