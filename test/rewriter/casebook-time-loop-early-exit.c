// Time loops as iterative solvers write them: a `for` that leaves early
// when a max-norm reduction falls below a tolerance (`break`), and a
// `do ... while` step loop. The time loop stays on the host with one data
// region around it: under the plugin's summary (elision off) u crosses once
// each way per call however many steps run, the scratch v never, and only
// the reduction's scalar moves on each step. Offloaded, the program prints
// what its serial build prints (a max reduction does not depend on the
// order of its terms, so the step at which it stops is the same).
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
  int it;
  for (it = 0; it < maxit; ++it) {
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
      break;
  }
  return it;
}
// CHECK-LABEL: {{^}}OM_KERNEL int jacobi(
// CHECK:       {{^}}  #pragma omp target data map(tofrom: u[0:(n - 1 > 1) * n]) map(alloc: v[1:(n - 1 > 1) * (n - 2)]){{$}}
// CHECK-NEXT:  {{^}}  {{{$}}
// CHECK-NEXT:  {{^}}  for (it = 0; it < maxit; ++it) {{{$}}
// CHECK:       {{^}}    #pragma omp target teams distribute parallel for map(tofrom: u[1:(n - 1 > 1 ? n - 2 : 0)]) map(alloc: v[1:(n - 1 > 1 ? n - 2 : 0)]) map(tofrom: err) reduction(max: err){{$}}
// CHECK:       {{^}}    if (err < tol){{$}}
// CHECK-NEXT:  {{^}}      break;{{$}}
// CHECK-NEXT:  {{^}}  }{{$}}
// CHECK-NEXT:  {{^}}  }{{$}}

OM_KERNEL void smooth(int steps, int n, OM_INOUT float *w, OM_SCRATCH float *t) {
  int s = 0;
  do {
    for (int i = 0; i < n; ++i)
      t[i] = w[i] * 0.5f;
    for (int i = 1; i < n; ++i)
      w[i] = t[i - 1] + t[i];
    ++s;
  } while (s < steps);
}
// CHECK-LABEL: {{^}}OM_KERNEL void smooth(
// CHECK:       {{^}}  #pragma omp target data map(tofrom: w[0:(n > 0) * n]) map(alloc: t[0:(n > 0) * n]){{$}}
// CHECK-NEXT:  {{^}}  {{{$}}
// CHECK-NEXT:  {{^}}  do {{{$}}
// CHECK:       {{^}}  } while (s < steps);{{$}}
// CHECK-NEXT:  {{^}}  }{{$}}

int main(void) {
  enum { N = 40 };
  static float u[N], v[N], w[N], t[N];
  for (int k = 0; k < N; ++k) {
    u[k] = (k == 0 || k == N - 1) ? 1.0f : 0.0f;
    w[k] = (float)(k % 3);
  }
  int it = jacobi(5000, N, 1e-6f, u, v);
  smooth(7, N, w, t);
  float s = 0;
  for (int k = 0; k < N; ++k)
    s += (u[k] + w[k]) * (float)(k + 1);
  printf("casebook-time-loop-early-exit %d steps %.4f\n", it, s);
  return 0;
}
// SUMMARY:      ownmap: transfer summary
// SUMMARY-NEXT: ownmap: variable
// SUMMARY-NEXT: ownmap: u[0:(n - 1 > 1) * n] {{.*}} 160 1 160 1
// SUMMARY-NEXT: ownmap: err {{.*}} [[ERRB:[0-9]+]] [[STEPS:[0-9]+]] [[ERRB]] [[STEPS]]
// SUMMARY-NEXT: ownmap: w[0:(n > 0) * n] {{.*}} 160 1 160 1
// SUMMARY-NEXT: ownmap: total
