// Heat equation on a cube: time steps over two 3-D grids.
#include <ownmap.h>
#include <stdio.h>

#define N 10
#define CUBE(name) name[N][N][N]

OM_KERNEL void heat(int steps, int n, OM_INOUT double CUBE(a),
                    OM_INOUT double CUBE(b)) {
  for (int t = 1; t <= steps; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        for (int k = 1; k < n - 1; k++)
          b[i][j][k] = 0.125 * (a[i + 1][j][k] - 2.0 * a[i][j][k] + a[i - 1][j][k]) +
                       0.125 * (a[i][j + 1][k] - 2.0 * a[i][j][k] + a[i][j - 1][k]) +
                       0.125 * (a[i][j][k + 1] - 2.0 * a[i][j][k] + a[i][j][k - 1]) +
                       a[i][j][k];
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        for (int k = 1; k < n - 1; k++)
          a[i][j][k] = 0.125 * (b[i + 1][j][k] - 2.0 * b[i][j][k] + b[i - 1][j][k]) +
                       0.125 * (b[i][j + 1][k] - 2.0 * b[i][j][k] + b[i][j - 1][k]) +
                       0.125 * (b[i][j][k + 1] - 2.0 * b[i][j][k] + b[i][j][k - 1]) +
                       b[i][j][k];
  }
}

int main(void) {
  static double a[N][N][N], b[N][N][N];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      for (int k = 0; k < N; k++)
        a[i][j][k] = b[i][j][k] = (double)(i + j + (N - k)) * 10 / N;
  heat(5, N, a, b);
  double check = 0.0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      for (int k = 0; k < N; k++)
        check += a[i][j][k] * (i + 1) + b[i][j][k] * (k + 1);
  printf("%.9f\n", check);
  return 0;
}
