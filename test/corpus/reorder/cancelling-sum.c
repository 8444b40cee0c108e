// A sum whose large terms cancel: the small terms added while a large one
// is in the sum are lost, so its value depends on the order of additions,
// as any parallel sum over an ill-conditioned input does. crossing-table
// calls it "reordered": equal to the serial build's with one thread only.
#include <ownmap.h>
#include <stdio.h>

#define N 1000

OM_KERNEL void total(int n, OM_IN const double *a, OM_OUT double *sum) {
  double s = 0.0;
  for (int i = 0; i < n; i++)
    s += a[i];
  for (int i = 0; i < 1; i++)
    sum[i] = s;
}

int main(void) {
  static double a[N], sum[1];
  for (int i = 0; i < N; i++)
    a[i] = 1.0;
  a[0] = 1e17;
  a[N / 2] = -1e17;
  total(N, a, sum);
  printf("%.1f\n", sum[0]);
  return 0;
}
