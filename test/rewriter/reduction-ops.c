// Reductions beyond + and *: min and max (from `s = s < e ? s : e`,
// fminf/fmaxf and `if (e > s) s = e`), & | ^ && ||, and `s -= e` (a sum).
// RUN: %ownmap-rewrite --no-line-directives %s -- | FileCheck %s --strict-whitespace
// RUN: %ownmap-rewrite %s -o %t.rw.c --
// RUN: %clang-offload %t.rw.c -o %t.omp -lm && %t.omp > %t.omp.out
// RUN: %clang-serial %s -o %t.ser -lm && %t.ser > %t.ser.out
// RUN: diff %t.ser.out %t.omp.out
#include <math.h>
#include <ownmap.h>
#include <stdio.h>

OM_KERNEL void extremes(int n, OM_IN const int *x, int *out) {
  int lo = x[0], hi = x[0], lo2 = x[0], hi2 = x[0];
  for (int i = 0; i < n; ++i) {
    lo = lo < x[i] ? lo : x[i];
    hi = x[i] > hi ? x[i] : hi;
    if (x[i] < lo2)
      lo2 = x[i];
    if (hi2 < x[i]) {
      hi2 = x[i];
    }
  }
  out[0] = lo, out[1] = hi, out[2] = lo2, out[3] = hi2;
}
// CHECK:      {{^}}  int lo = x[0], hi = x[0], lo2 = x[0], hi2 = x[0];{{$}}
// CHECK-NEXT: {{^}}  ownmap_kernel_reads_only(x, (n > 0 ? n : 0) * sizeof *x);{{$}}
// CHECK-NEXT: {{^}}  #pragma omp target teams distribute parallel for map(to: x[0:(n > 0 ? n : 0)]) map(tofrom: lo) reduction(min: lo) map(tofrom: hi) reduction(max: hi) map(tofrom: lo2) reduction(min: lo2) map(tofrom: hi2) reduction(max: hi2){{$}}

OM_KERNEL float frange(int n, OM_IN const float *v) {
  float lo = INFINITY, hi = -INFINITY;
  for (int i = 0; i < n; ++i) {
    lo = fminf(lo, v[i]);
    hi = fmaxf(v[i] * 2, hi);
  }
  return hi - lo;
}
// CHECK:      {{^}}  #pragma omp target teams distribute parallel for map(to: v[0:(n > 0 ? n : 0)]) map(tofrom: lo) reduction(min: lo) map(tofrom: hi) reduction(max: hi){{$}}

OM_KERNEL unsigned bits(int n, OM_IN const unsigned *w, int *flags) {
  unsigned all = ~0u, any = 0, parity = 0;
  int every = 1, some = 0;
  long debt = 1000;
  for (int i = 0; i < n; ++i) {
    all &= w[i];
    any = any | w[i];
    parity ^= w[i] >> 3;
    every = every && w[i] % 7 != 0;
    some = w[i] == 12345u || some;
    debt -= w[i] % 10;
  }
  flags[0] = every, flags[1] = some, flags[2] = (int)debt;
  return all ^ any ^ parity;
}
// CHECK:      {{^}}  long debt = 1000;{{$}}
// CHECK-NEXT: {{^}}  ownmap_kernel_reads_only(w, (n > 0 ? n : 0) * sizeof *w);{{$}}
// CHECK-NEXT: {{^}}  #pragma omp target teams distribute parallel for map(to: w[0:(n > 0 ? n : 0)]) map(tofrom: all) reduction(&: all) map(tofrom: any) reduction(|: any) map(tofrom: parity) reduction(^: parity) map(tofrom: every) reduction(&&: every) map(tofrom: some) reduction(||: some) map(tofrom: debt) reduction(+: debt){{$}}

int main(void) {
  enum { N = 5000 };
  static int x[N];
  static float v[N];
  static unsigned w[N];
  for (int i = 0; i < N; ++i) {
    x[i] = (i * 7919) % 10007 - 5000;
    v[i] = (float)((i * 31) % 1013) / 8.0f - 40.0f;
    w[i] = (unsigned)(i * 2654435761u) | 1u;
  }
  int out[4], flags[3];
  extremes(N, x, out);
  float r = frange(N, v);
  unsigned b = bits(N, w, flags);
  printf("reductions %d %d %d %d %.3f %u %d %d %d\n", out[0], out[1], out[2],
         out[3], r, b, flags[0], flags[1], flags[2]);
  return 0;
}
