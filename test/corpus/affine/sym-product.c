// C = alpha * A * B + beta * C with A symmetric, only its lower part
// stored: row i adds to the rows above it, so the row loop stays on the
// host; the columns run apart, each with its own running sum. The column
// loop is the row loop's whole body, without braces.
#include <ownmap.h>
#include <stdio.h>

#define M 9
#define N 11

OM_KERNEL void sym_product(int m, int n, double alpha, double beta,
                           OM_INOUT double c[m][n], OM_IN double a[m][m],
                           OM_IN double b[m][n]) {
  double sum;
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      sum = 0;
      for (int k = 0; k < i; k++) {
        c[k][j] += alpha * b[i][j] * a[i][k];
        sum += b[k][j] * a[i][k];
      }
      c[i][j] = beta * c[i][j] + alpha * b[i][j] * a[i][i] + alpha * sum;
    }
}

int main(void) {
  static double a[M][M], b[M][N], c[M][N];
  for (int i = 0; i < M; i++) {
    for (int j = 0; j < M; j++)
      a[i][j] = (double)((i + j) % 5) / 3.0;
    for (int j = 0; j < N; j++) {
      b[i][j] = (double)((2 * i + j) % 6) / 5.0;
      c[i][j] = (double)((i * j) % 4) - 1.0;
    }
  }
  sym_product(M, N, 1.5, 0.5, c, a, b);
  double check = 0.0;
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      check += c[i][j] * (i + 1) * (j + 2);
  printf("%.9f\n", check);
  return 0;
}
