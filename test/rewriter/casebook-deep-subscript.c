// Issue 13: a 25,000-term subscript (generated code) once overflowed the
// rewriter's stack. It is rewritten with a section bounded from the
// subscript, and the offloaded program prints what the serial build prints.
// The RUN lines paste the subscript into the kernel. The offloaded build is
// at -O0: clang 19's openmp-opt pass itself overflows its stack on this
// device kernel at -O1 (a limit of the compiler, not of the rewriter).
// RUN: python3 -c "import sys; print(open(sys.argv[1]).read().replace('TERMS', ' + '.join(['i'] * 25000)))" %s > %t.c
// RUN: %ownmap-rewrite --no-line-directives %t.c -o %t.rw.c --
// RUN: FileCheck %s --strict-whitespace < %t.rw.c
// RUN: %clang-offload -O0 %t.rw.c -o %t.omp && %t.omp > %t.omp.out
// RUN: %clang-serial %t.c -o %t.ser && %t.ser > %t.ser.out
// RUN: diff %t.ser.out %t.omp.out
#include <ownmap.h>
#include <stdio.h>

OM_KERNEL void deep(int n, OM_IN const float *x, OM_OUT float *y) {
  for (int i = 0; i < n; ++i)
    y[i] = x[TERMS] + 1;
}
// CHECK-LABEL: {{^}}OM_KERNEL void deep(
// CHECK:       {{^}}  #pragma omp target teams distribute parallel for map(to: x[0:(n > 0 ? 25000 * n - 24999 : 0)]) map(from: y[0:(n > 0 ? n : 0)]){{$}}

int main(void) {
  enum { N = 4, Terms = 25000 };
  static float x[N * Terms], y[N];
  for (int i = 0; i < N * Terms; ++i)
    x[i] = (float)(i % 7);
  deep(N, x, y);
  deep(0, x, y);
  deep(-2, x, y);
  printf("casebook-deep-subscript %.1f %.1f %.1f %.1f\n", y[0], y[1], y[2], y[3]);
  return 0;
}
