// Lower-triangular rank-2k update, in the shape of a BLAS syr2k: row i
// updates its columns j <= i.
#include <ownmap.h>
#include <stdio.h>

#define N 14
#define M 8

OM_KERNEL void rank2k(int n, int m, double alpha, OM_INOUT double c[N][N],
                      OM_IN double a[N][M], OM_IN double b[N][M]) {
  for (int i = 0; i < n; i++) {
    for (int j = 0; j <= i; j++)
      c[i][j] *= 0.5;
    for (int k = 0; k < m; k++)
      for (int j = 0; j <= i; j++)
        c[i][j] += a[j][k] * alpha * b[i][k] + b[j][k] * alpha * a[i][k];
  }
}

int main(void) {
  static double c[N][N], a[N][M], b[N][M];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      c[i][j] = (i * j) % 7;
  for (int i = 0; i < N; i++)
    for (int k = 0; k < M; k++) {
      a[i][k] = (i + k) % 3;
      b[i][k] = (2 * i + k) % 5 - 2;
    }
  rank2k(N, M, 1.5, c, a, b);
  double check = 0.0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      check += c[i][j] * (i + 1) * (j + 2);
  printf("%.2f\n", check);
  return 0;
}
