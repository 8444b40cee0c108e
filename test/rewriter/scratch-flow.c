// OM_SCRATCH data that one loop writes completely and a later loop of the
// kernel reads: a `target data` region keeps it on the device between them
// (map(alloc:), never copied), and the later loop's report names the loop
// that wrote what it reads. Offloaded, the program prints what its serial
// build prints; running the tool on its output changes nothing.
// RUN: %ownmap-rewrite --no-line-directives %s -o %t.rw.c --report=%t.report --
// RUN: FileCheck %s --strict-whitespace < %t.rw.c
// RUN: FileCheck %s --check-prefix=REPORT < %t.report
// RUN: %ownmap-rewrite --no-line-directives %t.rw.c -o %t.twice.c --
// RUN: diff %t.rw.c %t.twice.c
// RUN: %clang-offload %t.rw.c -o %t.omp && %t.omp > %t.omp.out
// RUN: %clang-serial %s -o %t.ser && %t.ser > %t.ser.out
// RUN: diff %t.ser.out %t.omp.out
#include <ownmap.h>
#include <stdio.h>

OM_KERNEL void two_pass(int n, OM_IN const float *x, OM_SCRATCH float *t,
                        OM_OUT float *y) {
  for (int i = 0; i < n; ++i)
    t[i] = 2.0f * x[i];
  for (int i = 1; i < n - 1; ++i)
    y[i] = t[i - 1] + t[i] + t[i + 1];
}
// CHECK-LABEL: {{^}}OM_KERNEL void two_pass(
// CHECK:      {{^}}  #pragma omp target data map(alloc: t[0:(n > 0) * n]){{$}}
// CHECK-NEXT: {{^}}  {{{$}}
// CHECK-NEXT: {{^}}  ownmap_kernel_reads_only(x, (n > 0 ? n : 0) * sizeof *x);{{$}}
// CHECK-NEXT: {{^}}  #pragma omp target teams distribute parallel for map(to: x[0:(n > 0 ? n : 0)]) map(alloc: t[0:(n > 0 ? n : 0)]){{$}}
// CHECK-NEXT: {{^}}  for (int i = 0; i < n; ++i){{$}}
// CHECK-NEXT: {{^}}    t[i] = 2.0f * x[i];{{$}}
// CHECK-NEXT: {{^}}  ownmap_kernel_facts_done();{{$}}
// CHECK-NEXT: {{^}}  #pragma omp target teams distribute parallel for map(alloc: t[0:(n - 1 > 1 ? n : 0)]) map(from: y[1:(n - 1 > 1 ? n - 2 : 0)]){{$}}
// CHECK-NEXT: {{^}}  for (int i = 1; i < n - 1; ++i){{$}}
// CHECK-NEXT: {{^}}    y[i] = t[i - 1] + t[i] + t[i + 1];{{$}}
// CHECK-NEXT: {{^}}  }{{$}}
// CHECK-NEXT: {{^}}}{{$}}
// REPORT-LABEL: loop {{.*}}scratch-flow.c:21:3 in kernel 'two_pass'
// REPORT:       variable t
// REPORT:       why: section from subscripts t[i - 1], t[i], t[i + 1] over i in [1, n - 1); reads the elements [0, n - 1] that the loop at 19:3 writes, kept on the device by the data region

// Rows of a 2-D array, read with the rows above and below.
OM_KERNEL void rows(int m, int n, OM_IN const float *x, OM_SCRATCH float *t,
                    OM_OUT float *y) {
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j)
      t[i * n + j] = x[i * n + j] + 1.0f;
  for (int i = 1; i < m - 1; ++i)
    for (int j = 0; j < n; ++j)
      y[i * n + j] = t[(i - 1) * n + j] - t[(i + 1) * n + j];
}
// CHECK-LABEL: {{^}}OM_KERNEL void rows(
// CHECK:      {{^}}  #pragma omp target data map(alloc: t[0:(m > 0) * (n > 0) * (m * n)]){{$}}
// CHECK:      {{^}}  #pragma omp target teams distribute parallel for collapse(2) map(alloc: t[0:(m - 1 > 1 && n > 0 ? m * n : 0)]) map(from: y[n:(m - 1 > 1 && n > 0 ? m * n - 2 * n : 0)]){{$}}
// CHECK-NEXT: {{^}}  for (int i = 1; i < m - 1; ++i){{$}}
// CHECK-NEXT: {{^}}    for (int j = 0; j < n; ++j){{$}}
// CHECK-NEXT: {{^}}      y[i * n + j] = t[(i - 1) * n + j] - t[(i + 1) * n + j];{{$}}
// CHECK-NEXT: {{^}}  }{{$}}
// REPORT-LABEL: loop {{.*}}scratch-flow.c:47:3 in kernel 'rows'
// REPORT:       variable t
// REPORT:       why: {{.*}}; reads the elements [0, m * n - 1] that the loop at 44:3 writes, kept on the device by the data region

int main(void) {
  enum { N = 1000, M = 40, W = 25 };
  static float x[N], t[N], y[N];
  for (int i = 0; i < N; ++i)
    x[i] = (float)(i % 17) - 8.0f;
  two_pass(N, x, t, y);
  two_pass(2, x, t, y); // no iteration of the second loop
  double sum = 0;
  for (int i = 1; i < N - 1; ++i)
    sum += y[i];
  rows(M, W, x, t, y);
  for (int i = W; i < (M - 1) * W; ++i)
    sum += 0.5 * y[i];
  printf("scratch flow %.1f y[1]=%.1f\n", sum, y[1]);
  return 0;
}
