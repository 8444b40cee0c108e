// Factorisation in place, then forward and back substitution with a
// running scalar: the row loops carry dependences; the solve of each row's
// lower part and the back substitution run on the device in one thread,
// the update of a row's upper part on all threads (its scalar private).
#include <ownmap.h>
#include <stdio.h>

#define N 12

OM_KERNEL void factor_solve(int n, OM_INOUT double a[n][n], OM_IN double b[n],
                            OM_INOUT double x[n], OM_INOUT double y[n]) {
  double w;
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < i; j++) {
      w = a[i][j];
      for (int k = 0; k < j; k++)
        w -= a[i][k] * a[k][j];
      a[i][j] = w / a[j][j];
    }
    for (int j = i; j < n; j++) {
      w = a[i][j];
      for (int k = 0; k < i; k++)
        w -= a[i][k] * a[k][j];
      a[i][j] = w;
    }
  }
  for (int i = 0; i < n; i++) {
    w = b[i];
    for (int j = 0; j < i; j++)
      w -= a[i][j] * y[j];
    y[i] = w;
  }
  for (int i = n - 1; i >= 0; i--) {
    w = y[i];
    for (int j = i + 1; j < n; j++)
      w -= a[i][j] * x[j];
    x[i] = w / a[i][i];
  }
}

int main(void) {
  static double a[N][N], b[N], x[N], y[N];
  for (int i = 0; i < N; i++) {
    b[i] = (i % 4) + 1.0;
    for (int j = 0; j < N; j++)
      a[i][j] = (i == j ? 3.0 * N : 0.0) + (double)((3 * i + j) % 7) / 8.0;
  }
  factor_solve(N, a, b, x, y);
  double check = 0.0;
  for (int i = 0; i < N; i++)
    check += x[i] * (i + 1) + y[i];
  printf("%.9f\n", check);
  return 0;
}
