// C99 array parameters (`float a[m][n]`, `double a[l][m][n]`, `float
// w[][8]`): `a[i][j]` is element `i * n + j` of the data, so the checks see
// one linear subscript, and the map moves whole rows, `a[lo:len]`, those
// the first subscript reaches. The row count comes from the written `[m]`
// or OM_LEN.
// RUN: %ownmap-rewrite --no-line-directives %s -- | FileCheck %s --strict-whitespace
// RUN: %ownmap-rewrite %s -o %t.rw.c --
// RUN: %clang-offload %t.rw.c -o %t.omp && %t.omp > %t.omp.out
// RUN: %clang-serial %s -o %t.ser && %t.ser > %t.ser.out
// RUN: diff %t.ser.out %t.omp.out
// RUN: %ownmap-rewrite %s --report=%t.report -o %t.rw2.c --
// RUN: FileCheck %s --check-prefix=REPORT < %t.report
#include <ownmap.h>
#include <stdio.h>

// Reads rows i - 1 to i + 1 of a, writes row i of b (inside its border).
OM_KERNEL void smooth(int m, int n, OM_IN const float a[m][n],
                      OM_INOUT float b[m][n]) {
  for (int i = 1; i < m - 1; ++i)
    for (int j = 1; j < n - 1; ++j)
      b[i][j] = (a[i - 1][j] + a[i + 1][j] + a[i][j - 1] + a[i][j + 1]) * 0.25f;
}
// CHECK:      {{^}}                      OM_INOUT float b[m][n]) {{{$}}
// CHECK:      {{^}}  #pragma omp target teams distribute parallel for collapse(2) map(to: a[0:(m - 1 > 1 && n - 1 > 1 ? m : 0)]) map(tofrom: b[1:(m - 1 > 1 && n - 1 > 1 ? m - 2 : 0)]){{$}}
// CHECK-NEXT: {{^}}  for (int i = 1; i < m - 1; ++i){{$}}

// Every element of out written: OM_OUT copies whole rows back.
OM_KERNEL void twice(int m, int n, OM_IN const float a[m][n],
                     OM_OUT float out[m][n]) {
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j)
      out[i][j] = 2.0f * a[i][j];
}
// CHECK:      {{^}}  #pragma omp target teams distribute parallel for collapse(2) map(to: a[0:(m > 0 && n > 0 ? m : 0)]) map(from: out[0:(m > 0 && n > 0 ? m : 0)]){{$}}

// Three dimensions: a[i][j][k] is element i * m * n + j * n + k.
OM_KERNEL void add3(int l, int m, int n, OM_IN const double a[l][m][n],
                    OM_INOUT double b[l][m][n]) {
  for (int i = 0; i < l; ++i)
    for (int j = 0; j < m; ++j)
      for (int k = 0; k < n; ++k)
        b[i][j][k] += a[i][j][k] * (double)(k + 1);
}
// CHECK:      {{^}}  #pragma omp target teams distribute parallel for collapse(2) map(to: a[0:(l > 0 && m > 0 && n > 0 ? l : 0)]) map(tofrom: b[0:(l > 0 && m > 0 && n > 0 ? l : 0)]){{$}}

// Constant extents; the row count of `w[][8]` from OM_LEN.
OM_KERNEL void rows8(int k, OM_IN OM_LEN(k) const float w[][8],
                     OM_OUT float c[4][8]) {
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 8; ++j)
      c[i][j] = w[i + 1][j] - w[i][7 - j];
}
// CHECK:      {{^}}  #pragma omp target teams distribute parallel for collapse(2) map(to: w[0:5]) map(from: c[0:4]){{$}}

// j + k may leave the row of a (k may be negative): the map is the
// written row count.
OM_KERNEL void shift(int m, int n, int k, OM_IN const float a[m][n],
                     OM_INOUT float b[m][n]) {
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n - k; ++j)
      b[i][j] += a[i][j + k];
}
// CHECK:      {{^}}  #pragma omp target teams distribute parallel for collapse(2) map(to: a[0:m]) map(tofrom: b[0:m]){{$}}

// REPORT: why: section from the row count m: subscript 'a[i][j + k]' does not bound the rows it reaches: its subscript 2 reaches k to n - 1, which may leave [0, n)

// The first and last column: C makes n positive, so both stay in the row.
OM_KERNEL void edges(int m, int n, OM_IN const float a[m][n],
                     OM_OUT float *e) {
  for (int i = 0; i < m; ++i)
    e[i] = a[i][0] - a[i][n - 1];
}
// CHECK:      {{^}}  #pragma omp target teams distribute parallel for map(to: a[0:(m > 0 ? m : 0)]) map(from: e[0:(m > 0 ? m : 0)]){{$}}

// Sweeps in a time loop: one data region of rows around it.
OM_KERNEL void sweeps(int m, int n, int t, OM_INOUT float u[m][n],
                      OM_INOUT float v[m][n]) {
  for (int s = 0; s < t; ++s) {
    for (int i = 1; i < m - 1; ++i)
      for (int j = 1; j < n - 1; ++j)
        v[i][j] = 0.25f * (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1]);
    for (int i = 1; i < m - 1; ++i)
      for (int j = 1; j < n - 1; ++j)
        u[i][j] = v[i][j];
  }
}
// CHECK:      {{^}}  #pragma omp target data map(tofrom: u[0:(m - 1 > 1) * (n - 1 > 1) * m]) map(tofrom: v[1:(m - 1 > 1) * (n - 1 > 1) * (m - 2)]){{$}}

// Rows picked through idx: the map is the row count, kept at entry since
// the kernel changes m.
OM_KERNEL void gather_rows(int m, int n, OM_IN const int *idx,
                           OM_IN const float a[m][n], OM_OUT float *g) {
  m = m / 2;
  for (int i = 0; i < m; ++i)
    g[i] = a[idx[i]][0] + a[idx[i]][n - 1];
}
// CHECK:      {{^}}  const __typeof__(m) ownmap_len_a = m;{{$}}
// CHECK:      {{^}}  #pragma omp target teams distribute parallel for map(to: idx[0:(m > 0 ? m : 0)]) map(to: a[0:ownmap_len_a]) map(from: g[0:(m > 0 ? m : 0)]){{$}}

// The row is mapped whole but c[0][0] is not written: copied in too, so
// that it keeps the host's value.
OM_KERNEL void tail(int n, OM_OUT float t[1][n]) {
  for (int j = 1; j < n; ++j)
    t[0][j] = (float)j;
}
// CHECK:      {{^}}  #pragma omp target teams distribute parallel for map(tofrom: t[0:(n > 1 ? 1 : 0)]){{$}}
// REPORT: why: section from subscripts t[0][j] over j in [1, n); copied in too: the loop may not write every element of the rows it maps

enum { M = 37, N = 23, L = 5 };

int main(void) {
  static float a[M][N], b[M][N], out[M][N], w[6][8], c[4][8];
  static double x[L][M][N], y[L][M][N];
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      a[i][j] = (float)((i * 7 + j * 3) % 17);
      b[i][j] = -1.0f;
    }
  for (int i = 0; i < 6; ++i)
    for (int j = 0; j < 8; ++j)
      w[i][j] = (float)(i * 8 + j);
  for (int i = 0; i < L; ++i)
    for (int j = 0; j < M; ++j)
      for (int k = 0; k < N; ++k) {
        x[i][j][k] = (double)((i + j * k) % 13);
        y[i][j][k] = (double)(i - k);
      }
  double s = 0;
  smooth(M, N, a, b);
  twice(M, N, a, out);
  add3(L, M, N, x, y);
  rows8(6, w, c);
  shift(M, N, 2, a, b);
  static float e[M], u[M][N], v[M][N];
  edges(M, N, a, e);
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j)
      u[i][j] = v[i][j] = (float)((i * 5 + j) % 11);
  sweeps(M, N, 4, u, v);
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j)
      s += u[i][j] * ((i * j) % 5) + v[i][j];
  for (int i = 0; i < M; ++i)
    s += e[i] * (i + 1);
  static int idx[M];
  static float g[M];
  for (int i = 0; i < M; ++i)
    idx[i] = (i * 7) % M;
  gather_rows(M, N, idx, a, g);
  for (int i = 0; i < M / 2; ++i)
    s += g[i] * (i + 3);
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j)
      s += b[i][j] * (i + 1) + out[i][j] * (j + 2);
  for (int i = 0; i < L; ++i)
    for (int j = 0; j < M; ++j)
      for (int k = 0; k < N; ++k)
        s += y[i][j][k] * ((i + j + k) % 7);
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 8; ++j)
      s += c[i][j] * (i * 8 + j);
  static float t[1][N];
  t[0][0] = 42.0f;
  tail(N, t);
  for (int j = 0; j < N; ++j)
    s += t[0][j] * (j + 1);
  printf("c99 array parameters checksum %.2f\n", s);
  return 0;
}
