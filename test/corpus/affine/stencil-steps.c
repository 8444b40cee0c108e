// Time steps of a 2-D five-point stencil swapping two grids by copying,
// with constant extents and the interior bounded by a parameter.
#include <ownmap.h>
#include <stdio.h>

#define N 20

OM_KERNEL void relax(int steps, int n, OM_INOUT double u[N][N],
                     OM_INOUT double v[N][N]) {
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        v[i][j] = 0.2 * (u[i][j] + u[i][j - 1] + u[i][j + 1] + u[i - 1][j] +
                         u[i + 1][j]);
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        u[i][j] = 0.2 * (v[i][j] + v[i][j - 1] + v[i][j + 1] + v[i - 1][j] +
                         v[i + 1][j]);
  }
}

int main(void) {
  static double u[N][N], v[N][N];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      u[i][j] = v[i][j] = (double)((i * 5 + j * 3) % 9);
  relax(6, N, u, v);
  double check = 0.0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      check += u[i][j] * (i + 1) + v[i][j] * (j + 1);
  printf("%.9f\n", check);
  return 0;
}
