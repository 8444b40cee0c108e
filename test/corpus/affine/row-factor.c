// Doolittle factorisation in place: the row loop carries a dependence and
// stays on the host, as does the solve of the lower part of each row; the
// update of the upper part of a row is parallel.
#include <ownmap.h>
#include <stdio.h>

#define N 10

OM_KERNEL void factor(int n, OM_INOUT double a[n][n]) {
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < i; j++) {
      for (int k = 0; k < j; k++)
        a[i][j] -= a[i][k] * a[k][j];
      a[i][j] /= a[j][j];
    }
    for (int j = i; j < n; j++)
      for (int k = 0; k < i; k++)
        a[i][j] -= a[i][k] * a[k][j];
  }
}

int main(void) {
  static double a[N][N];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      a[i][j] = (i == j ? 2.0 * N : 0.0) + (double)((i + 2 * j) % 5) / 4.0;
  factor(N, a);
  double check = 0.0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      check += a[i][j] * (i + 1) * (j + 1);
  printf("%.9f\n", check);
  return 0;
}
