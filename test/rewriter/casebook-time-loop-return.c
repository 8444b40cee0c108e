// A time loop that leaves the kernel with `return` when it has converged
// (the same solver as jacobi in casebook-time-loop-early-exit.c, which
// leaves with `break`). A return cannot leave a `target data` block, so the
// return becomes a `break` out of the loop after keeping its value and a
// flag, and the kernel returns right after the region's end: u crosses
// once each way (it crossed on every step, 2571 times here, when the
// region was inside each step).
// RUN: %ownmap-rewrite --no-line-directives %s -o %t.rw.c --
// RUN: FileCheck %s --strict-whitespace < %t.rw.c
// RUN: %ownmap-rewrite --no-line-directives %t.rw.c -o %t.twice.c --
// RUN: diff %t.rw.c %t.twice.c
// RUN: %clang-offload %t.rw.c -o %t.omp && %t.omp > %t.omp.out
// RUN: %clang-serial %s -o %t.ser && %t.ser > %t.ser.out
// RUN: diff %t.ser.out %t.omp.out
// RUN: env "OWNMAP_COMPARE_ENV=OWNMAP_SUMMARY=1 OWNMAP_ELIDE=off" %compare-with-plugin %t.omp 2>%t.err
// RUN: FileCheck %s --check-prefix=SUMMARY < %t.err
#include <ownmap.h>
#include <stdio.h>

OM_KERNEL int jacobi(int maxit, int n, float tol, OM_INOUT float *u,
                     OM_SCRATCH float *v) {
  for (int it = 0; it < maxit; ++it) {
    float err = 0;
    for (int i = 1; i < n - 1; ++i)
      v[i] = 0.5f * (u[i - 1] + u[i + 1]);
    for (int i = 1; i < n - 1; ++i) {
      float d = v[i] - u[i];
      float a = d < 0 ? -d : d;
      err = err > a ? err : a;
      u[i] = v[i];
    }
    if (err < tol)
      return it;
  }
  return maxit;
}
// CHECK-LABEL: {{^}}OM_KERNEL int jacobi(
// CHECK-NEXT:  {{^}}                     OM_SCRATCH float *v) {{{$}}
// CHECK-NEXT:  {{^}}  int ownmap_returned = 0;{{$}}
// CHECK-NEXT:  {{^}}  int ownmap_return_value;{{$}}
// CHECK-NEXT:  {{^}}  if ({{.*}}) ownmap_check_exclusive({{.*}});{{$}}
// CHECK-NEXT:  {{^}}  #pragma omp target data map(tofrom: u[0:(n - 1 > 1) * n]) map(alloc: v[1:(n - 1 > 1) * (n - 2)]){{$}}
// CHECK-NEXT:  {{^}}  {{{$}}
// CHECK-NEXT:  {{^}}  for (int it = 0; it < maxit; ++it) {{{$}}
// CHECK:       {{^}}    if (err < tol){{$}}
// CHECK-NEXT:  {{^}}      { ownmap_return_value = it; ownmap_returned = 1; break; }{{$}}
// CHECK-NEXT:  {{^}}  }{{$}}
// CHECK-NEXT:  {{^}}  }{{$}}
// CHECK-NEXT:  {{^}}  if (ownmap_returned) return ownmap_return_value;{{$}}
// CHECK-NEXT:  {{^}}  return maxit;{{$}}

int main(void) {
  enum { N = 40 };
  static float u[N], v[N];
  for (int k = 0; k < N; ++k)
    u[k] = (k == 0 || k == N - 1) ? 1.0f : 0.0f;
  int it = jacobi(5000, N, 1e-6f, u, v);
  float s = 0;
  for (int k = 0; k < N; ++k)
    s += u[k] * (float)(k + 1);
  printf("casebook-time-loop-return %d steps %.4f\n", it, s);
  return 0;
}
// u crosses once each way; only the reduction's scalar moves per step.
// SUMMARY:      ownmap: transfer summary
// SUMMARY-NEXT: ownmap: variable
// SUMMARY-NEXT: ownmap: u[{{.*}}] {{.*}} 160 1 160 1
// SUMMARY-NEXT: ownmap: err {{.*}}
// SUMMARY-NEXT: ownmap: total
