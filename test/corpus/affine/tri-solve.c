// Forward substitution: each row needs the ones before it, so the row loop
// runs on the device in one thread; the dot product over j updates x[i]
// alone, which the team's threads reduce.
#include <ownmap.h>
#include <stdio.h>

#define N 10

OM_KERNEL void tri_solve(int n, OM_IN double l[n][n], OM_INOUT double x[n],
                         OM_IN double b[n]) {
  for (int i = 0; i < n; i++) {
    x[i] = b[i];
    for (int j = 0; j < i; j++)
      x[i] -= l[i][j] * x[j];
    x[i] = x[i] / l[i][i];
  }
}

int main(void) {
  static double l[N][N], x[N], b[N];
  for (int i = 0; i < N; i++) {
    b[i] = i + 0.5;
    for (int j = 0; j < N; j++)
      l[i][j] = i == j ? 2.0 : (double)((i + 3 * j) % 4) / 7.0;
  }
  tri_solve(N, l, x, b);
  double check = 0.0;
  for (int i = 0; i < N; i++)
    check += x[i] * (i + 1);
  printf("%.9f\n", check);
  return 0;
}
