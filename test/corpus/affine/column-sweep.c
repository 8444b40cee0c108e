// A row's dot product on the host-side loop, then its contribution to
// every column: the row loop carries a dependence through the columns.
#include <ownmap.h>
#include <stdio.h>

#define M 12
#define N 15

OM_KERNEL void sweep(int m, int n, OM_IN double a[M][N], OM_IN const double *x,
                     OM_INOUT double *y, OM_INOUT double *t) {
  for (int j = 0; j < n; j++)
    y[j] = 0.0;
  for (int i = 0; i < m; i++) {
    t[i] = 0.0;
    for (int j = 0; j < n; j++)
      t[i] = t[i] + a[i][j] * x[j];
    for (int j = 0; j < n; j++)
      y[j] = y[j] + a[i][j] * t[i];
  }
}

int main(void) {
  static double a[M][N], x[N], y[N], t[M];
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      a[i][j] = (i + 2 * j) % 7 - 3;
  for (int j = 0; j < N; j++)
    x[j] = j % 4;
  sweep(M, N, a, x, y, t);
  double check = 0.0;
  for (int j = 0; j < N; j++)
    check += y[j] * (j + 1);
  for (int i = 0; i < M; i++)
    check += t[i];
  printf("%.1f\n", check);
  return 0;
}
