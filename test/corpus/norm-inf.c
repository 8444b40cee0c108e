#include <ownmap.h>
#include <math.h>
#include "corpus.h"

/* The largest magnitude and the count of negative entries. */
OM_KERNEL float norm_inf(int n, OM_IN const float *v, int *negatives) {
  float m = 0;
  int count = 0;
  for (int i = 0; i < n; ++i) {
    m = fmaxf(m, fabsf(v[i]));
    count += v[i] < 0;
  }
  *negatives = count;
  return m;
}

int main(void) {
  enum { N = 3000 };
  static float v[N];
  corpus_fill(v, N, 5);
  v[1234] = -42;
  int neg = 0;
  float m = norm_inf(N, v, &neg);
  printf("norm %.1f %d\n", m, neg);
  return 0;
}
