// --audit of loops over C99 array parameters: a map of rows, `a[0:m]` or
// `a[0:m][0:n]` (later dimensions whole), is compared with the rows the
// loop reaches; one with a partial later dimension is not compared.
// RUN: not %ownmap-rewrite --audit %s -- -fopenmp 2> %t.err
// RUN: FileCheck %s --implicit-check-not=warning: --implicit-check-not=error: < %t.err
#include <stdio.h>

void smooth(int m, int n, const float a[m][n], float b[m][n]) {
#pragma omp target teams distribute parallel for map(to: a[0:m][0:n]) map(tofrom: b[1:m - 2][:])
  for (int i = 1; i < m - 1; ++i)
    for (int j = 1; j < n - 1; ++j)
      b[i][j] = (a[i - 1][j] + a[i + 1][j] + a[i][j - 1] + a[i][j + 1]) * 0.25f;
}

void copy8(int m, const float a[][8], float b[][8]) {
#pragma omp target teams distribute parallel for map(to: a[0:m - 1]) map(from: b[0:m][0:8])
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < 8; ++j)
      b[i][j] = a[i][j];
}
// CHECK: audit-array-params.c:[[#@LINE-5]]:{{[0-9]+}}: error: 'a[0:m - 1]' maps elements [0, m - 1) but the loop reaches [0, m)

void inner(int m, const float a[][8], float b[][8]) {
#pragma omp target teams distribute parallel for map(to: a[0:m][1:6]) map(tofrom: b[0:m])
  for (int i = 0; i < m; ++i)
    b[i][0] = a[i][1];
}

int main(void) {
  static float a[10][12], b[10][12], c[10][8], d[10][8];
  for (int i = 0; i < 10; ++i)
    for (int j = 0; j < 12; ++j)
      a[i][j] = (float)(i + j);
  smooth(10, 12, a, b);
  copy8(10, c, d);
  inner(10, c, d);
  printf("%f\n", b[3][3] + d[2][2]);
  return 0;
}
