// Column-major writes: `out[j * m + i]` over i in [0, m), j in [0, w) reaches
// a different element at every (i, j) (stride m exceeds the m - 1 that i
// spans), so iterations of i write disjoint elements, the nest collapses,
// and OM_OUT covers out[0:m * w] without gaps. When i may span the stride,
// or the stride leaves gaps, the loop is still refused.
// RUN: %ownmap-rewrite --no-line-directives %s -- -DGOOD | FileCheck %s --strict-whitespace
// RUN: %ownmap-rewrite %s -o %t.rw.c -- -DGOOD
// RUN: %clang-offload -DGOOD %t.rw.c -o %t.omp && %t.omp > %t.omp.out
// RUN: %clang-serial -DGOOD %s -o %t.ser && %t.ser > %t.ser.out
// RUN: diff %t.ser.out %t.omp.out
// RUN: not %ownmap-rewrite --cost-errors %s -- 2>&1 | FileCheck %s --check-prefix=CHECK-MESSAGES
#include <ownmap.h>
#include <stdio.h>

#ifdef GOOD
OM_KERNEL void transpose(int m, int w, OM_IN const float *in,
                         OM_OUT float *out) {
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < w; ++j)
      out[j * m + i] = in[i * w + j];
}
// CHECK:      {{^}}                         OM_OUT float *out) {{{$}}
// CHECK-NEXT: {{^}}  if (m > 0 && w > 0) ownmap_check_exclusive("transpose", "OM_OUT", "out", out, out + (m * w), "in", in, in + (m * w));{{$}}
// CHECK-NEXT: {{^}}  ownmap_kernel_reads_only(in, (m > 0 && w > 0 ? m * w : 0) * sizeof *in);{{$}}
// CHECK-NEXT: {{^}}  #pragma omp target teams distribute parallel for collapse(2) map(to: in[0:(m > 0 && w > 0 ? m * w : 0)]) map(from: out[0:(m > 0 && w > 0 ? m * w : 0)]){{$}}
// CHECK-NEXT: {{^}}  for (int i = 0; i < m; ++i){{$}}

// Three levels, the offloaded index innermost in memory.
OM_KERNEL void scatter3(int m, int w, int d, OM_INOUT float *a) {
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < w; ++j)
      for (int k = 0; k < d; ++k)
        a[k * (m * w) + j * m + i] += (float)(i - j + k);
}
// CHECK:      {{^}}OM_KERNEL void scatter3(int m, int w, int d, OM_INOUT float *a) {{{$}}
// CHECK-NEXT: {{^}}  #pragma omp target teams distribute parallel for collapse(2) map(tofrom: a[0:(m > 0 && w > 0 && d > 0 ? d * m * w : 0)]){{$}}

int main(void) {
  enum { M = 37, W = 23, D = 5 };
  static float in[M * W], out[M * W], a[M * W * D];
  for (int i = 0; i < M * W; ++i)
    in[i] = (float)(i % 29);
  for (int i = 0; i < M * W * D; ++i)
    a[i] = (float)(i % 7);
  transpose(M, W, in, out);
  scatter3(M, W, D, a);
  double s = 0;
  for (int i = 0; i < M * W; ++i)
    s += out[i] * (i % 11 + 1);
  for (int i = 0; i < M * W * D; ++i)
    s += a[i] * (i % 5 + 1);
  printf("column-major checksum %.1f\n", s);
  return 0;
}
#else
// i spans n, which may exceed the stride m: two iterations may meet.
OM_KERNEL OM_FACT(m >= 0) void wide(int n, int m, int w, OM_INOUT float *a) {
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < w; ++j)
      a[j * m + i] += 1.0f;
}
// CHECK-MESSAGES: column-major.c:[[#@LINE-4]]:3: error: loop stays on the host: cannot prove that iterations write distinct elements of 'a' (subscript 'a[j * m + i]' may reach the same element from two iterations of 'i')

// One more than the stride: i = m and (i = 0, j + 1) meet.
OM_KERNEL void overlap(int m, int w, OM_INOUT float *a) {
  for (int i = 0; i < m + 1; ++i)
    for (int j = 0; j < w; ++j)
      a[j * m + i] += 1.0f;
}
// CHECK-MESSAGES: column-major.c:[[#@LINE-4]]:3: error: loop stays on the host: cannot prove that iterations write distinct elements of 'a'

// Disjoint but with gaps: OM_OUT would copy unwritten elements back.
OM_KERNEL void gaps(int m, int w, OM_OUT float *a) {
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < w; ++j)
      a[j * (m + 1) + i] = 1.0f;
}
// CHECK-MESSAGES: column-major.c:[[#@LINE-2]]:7: error: 'a' is OM_OUT but 'a[j * (m + 1) + i]' does not write every element of its section
#endif
