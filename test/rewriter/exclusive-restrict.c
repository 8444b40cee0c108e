// Exclusivity proven statically: a pair of restrict-qualified parameters
// needs no run-time check; a pair where only one is restrict still does.
// The report lists every pair with how it is kept apart.
// RUN: %ownmap-rewrite %s -o %t.rw.c --report=%t.json --report-format=json --
// RUN: %ownmap-rewrite --no-line-directives %s -- | FileCheck %s --strict-whitespace
// RUN: FileCheck %s --check-prefix=JSON < %t.json
// RUN: %clang-offload %t.rw.c -o %t.omp && %t.omp > %t.omp.out
// RUN: %clang-serial %s -o %t.ser && %t.ser > %t.ser.out
// RUN: diff %t.ser.out %t.omp.out
#include <ownmap.h>
#include <stdio.h>

OM_KERNEL void axpy(int n, float a, OM_IN const float *restrict x,
                    OM_INOUT float *restrict y) {
  for (int i = 0; i < n; ++i)
    y[i] += a * x[i];
}
// CHECK:      {{^}}                    OM_INOUT float *restrict y) {{{$}}
// CHECK-NEXT: {{^}}  ownmap_kernel_reads_only(x, (n > 0 ? n : 0) * sizeof *x);{{$}}
// CHECK-NEXT: {{^}}  #pragma omp target teams distribute parallel for map(to: x[0:(n > 0 ? n : 0)]) map(tofrom: y[0:(n > 0 ? n : 0)]){{$}}

OM_KERNEL void axpy2(int n, float a, OM_IN const float *x,
                     OM_INOUT float *restrict y) {
  for (int i = 0; i < n; ++i)
    y[i] += a * x[i];
}
// CHECK:      {{^}}                     OM_INOUT float *restrict y) {{{$}}
// CHECK-NEXT: {{^}}  if (n > 0) ownmap_check_exclusive("axpy2", "OM_INOUT", "y", y, y + n, "x", x, x + n);{{$}}
// CHECK-NEXT: {{^}}  ownmap_kernel_reads_only(x, (n > 0 ? n : 0) * sizeof *x);{{$}}
// CHECK-NEXT: {{^}}  #pragma omp target teams distribute parallel for map(to: x[0:(n > 0 ? n : 0)]) map(tofrom: y[0:(n > 0 ? n : 0)]){{$}}

// JSON:      "checks": [],
// JSON:      "exclusivity": [
// JSON-NEXT:   {
// JSON-NEXT:     "check": null,
// JSON-NEXT:     "exclusive": "y",
// JSON-NEXT:     "other": "x",
// JSON-NEXT:     "why": "'y' and 'x' are both restrict-qualified: distinct, no run-time check"
// JSON-NEXT:   }
// JSON-NEXT: ],
// JSON-NEXT: "kernel": "axpy",
// JSON:      "checks": [
// JSON-NEXT:   "if (n > 0) ownmap_check_exclusive(\"axpy2\", \"OM_INOUT\", \"y\", y, y + n, \"x\", x, x + n);"
// JSON:      "exclusivity": [
// JSON-NEXT:   {
// JSON-NEXT:     "check": "if (n > 0) ownmap_check_exclusive(
// JSON-NEXT:     "exclusive": "y",
// JSON-NEXT:     "other": "x",
// JSON-NEXT:     "why": "'y' and 'x' may overlap (not both restrict-qualified): checked at run time"
// JSON-NEXT:   }
// JSON-NEXT: ],
// JSON-NEXT: "kernel": "axpy2",

int main(void) {
  enum { N = 300 };
  static float x[N], y[N];
  for (int i = 0; i < N; ++i) {
    x[i] = (float)(i % 13);
    y[i] = (float)(i % 3);
  }
  axpy(N, 2.0f, x, y);
  axpy2(N, 0.5f, x, y);
  double s = 0;
  for (int i = 0; i < N; ++i)
    s += y[i] * (i % 7 + 1);
  printf("exclusive-restrict %.2f\n", s);
  return 0;
}
