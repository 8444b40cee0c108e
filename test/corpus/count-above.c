#include <ownmap.h>
#include "corpus.h"

/* How many entries exceed a threshold, and their sum. */
OM_KERNEL int count_above(int n, float t, OM_IN const float *v, float *sum) {
  int c = 0;
  float s = 0;
  for (int i = 0; i < n; ++i)
    if (v[i] > t) {
      c += 1;
      s += v[i];
    }
  *sum = s;
  return c;
}

int main(void) {
  enum { N = 2000 };
  static float v[N];
  corpus_fill(v, N, 9);
  float s = 0;
  int c = count_above(N, 1.0f, v, &s);
  printf("above %d %.1f\n", c, s);
  return 0;
}
