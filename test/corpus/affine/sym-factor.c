// A Cholesky factor in place: row i from the rows above it. Each step
// depends on the last, so the row loop runs on the device in one thread;
// each dot product over k updates one element, which the team's threads
// reduce.
#include <math.h>
#include <ownmap.h>
#include <stdio.h>

#define N 24

OM_KERNEL void sym_factor(int n, OM_INOUT double a[n][n]) {
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < i; j++) {
      for (int k = 0; k < j; k++)
        a[i][j] -= a[i][k] * a[j][k];
      a[i][j] /= a[j][j];
    }
    for (int k = 0; k < i; k++)
      a[i][i] -= a[i][k] * a[i][k];
    a[i][i] = sqrt(a[i][i]);
  }
}

int main(void) {
  static double a[N][N];
  // Diagonally dominant and symmetric: positive definite.
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      a[i][j] = i == j ? 4.0 * N : 1.0 / (1 + i + j);
  sym_factor(N, a);
  double check = 0.0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j <= i; j++)
      check += a[i][j] * (i + 1) * (j + 2);
  printf("%.6f\n", check);
  return 0;
}
