// An offset of unknown sign in a subscript (`x[i + off]`) may reach below
// or above the other accesses of the array: their ends are compared only
// where the sign is known (from the loops, unsigned types or OM_FACT), so
// the section always covers what the loop reads. Before, off was taken as
// non-negative: with off = -3 the section missed x[1..3] and the device
// read memory that was never copied.
// RUN: not %ownmap-rewrite %s -- -DUNKNOWN_SIGN 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: %ownmap-rewrite --no-line-directives %s -o %t.rw.c --
// RUN: FileCheck %s --strict-whitespace < %t.rw.c
// RUN: %clang-offload %t.rw.c -o %t.omp && %t.omp > %t.omp.out
// RUN: %clang-serial %s -o %t.ser && %t.ser > %t.ser.out
// RUN: diff %t.ser.out %t.omp.out
#include <ownmap.h>
#include <stdio.h>

#ifdef UNKNOWN_SIGN
OM_KERNEL void shift(int n, int off, OM_IN const float *x, OM_OUT float *y) {
  for (int i = 4; i < n; ++i)
    y[i] = x[i] + x[i + off];
}
// UNKNOWN: negative-offsets.c:[[#@LINE-2]]:19: error: cannot offload: cannot bound the elements of 'x' that 'x[i + off]' reaches (the elements that 'x[i + off]' reaches cannot be compared with those of 'x[i]': their difference may have either sign (OM_FACT can state it)); add OM_LEN(<element count>) to the parameter
#else
// Looking back: the section starts at 4 + off.
OM_KERNEL OM_FACT(off <= 0) void look_back(int n, int off, OM_IN const float *x,
                                           OM_OUT float *y) {
  for (int i = 4; i < n; ++i)
    y[i] = x[i] + x[i + off];
}
// CHECK-LABEL: {{^}}OM_KERNEL OM_FACT(off <= 0) void look_back(
// CHECK:       {{^}}  #pragma omp target teams distribute parallel for map(to: x[off + 4:(n > 4 ? n - off - 4 : 0)]) map(from: y[4:(n > 4 ? n - 4 : 0)]){{$}}

// Looking ahead: the section ends at n - 1 + off.
OM_KERNEL OM_FACT(off >= 0) void look_ahead(int n, int off, OM_IN const float *x,
                                            OM_OUT float *y) {
  for (int i = 0; i < n - off; ++i)
    y[i] = x[i] + x[i + off];
}
// CHECK-LABEL: {{^}}OM_KERNEL OM_FACT(off >= 0) void look_ahead(
// CHECK:       {{^}}  #pragma omp target teams distribute parallel for map(to: x[0:(n - off > 0 ? n : 0)]) map(from: y[0:(n - off > 0 ? n - off : 0)]){{$}}

int main(void) {
  enum { N = 100 };
  static float x[N], y[N];
  for (int i = 0; i < N; ++i)
    x[i] = (float)(i % 9);
  look_back(N, -3, x, y);
  double s = 0;
  for (int i = 0; i < N; ++i)
    s += y[i];
  look_ahead(N, 5, x, y);
  for (int i = 0; i < N; ++i)
    s += 2 * y[i];
  printf("negative offsets %.1f\n", s);
  return 0;
}
#endif
