// A matrix and its transpose times two vectors, in one kernel.
#include <ownmap.h>
#include <stdio.h>

#define N 18

OM_KERNEL void pair(int n, OM_IN double a[N][N], OM_INOUT double *x1,
                    OM_INOUT double *x2, OM_IN const double *y1,
                    OM_IN const double *y2) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      x1[i] = x1[i] + a[i][j] * y1[j];
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      x2[i] = x2[i] + a[j][i] * y2[j];
}

int main(void) {
  static double a[N][N], x1[N], x2[N], y1[N], y2[N];
  for (int i = 0; i < N; i++) {
    x1[i] = i % 3;
    x2[i] = (i + 1) % 4;
    y1[i] = (2 * i) % 5;
    y2[i] = (3 * i) % 7;
    for (int j = 0; j < N; j++)
      a[i][j] = (i * j + 1) % 6;
  }
  pair(N, a, x1, x2, y1, y2);
  double check = 0.0;
  for (int i = 0; i < N; i++)
    check += x1[i] * (i + 1) + x2[i] * (i + 2);
  printf("%.1f\n", check);
  return 0;
}
