// A view declared before a loop is given its value again at the top of the
// loop's body, in a private copy: the rewritten code compiles without
// warnings under -Wall -Wextra -Wshadow (declaring it again hid the one
// before the loop, and left that one unused when only the offloaded loop
// reads it). A view whose pointer is itself const cannot be private: it is
// declared again (and -Wshadow warns, see docs/rewriter.md Known gaps).
// RUN: %ownmap-rewrite --no-line-directives %s -o %t.rw.c --
// RUN: FileCheck %s --strict-whitespace < %t.rw.c
// RUN: %clang-offload -Wall -Wextra -Wshadow -Werror -DNO_CONST_VIEW %t.rw.c -o %t.nowarn
// RUN: %clang-offload %t.rw.c -o %t.omp && %t.omp > %t.omp.out
// RUN: %clang-serial %s -o %t.ser && %t.ser > %t.ser.out
// RUN: diff %t.ser.out %t.omp.out
#include <ownmap.h>
#include <stdio.h>

OM_KERNEL void shifted(int n, OM_IN const float *x, OM_OUT float *y) {
  float *w = y - 1;
  const float *ahead = x + 1;
  for (int i = 1; i <= n; ++i)
    w[i] = ahead[i - 1] * 2;
}
// CHECK-LABEL: {{^}}OM_KERNEL void shifted(
// CHECK:       {{^}}  float *w = y - 1;{{$}}
// CHECK-NEXT:  {{^}}  const float *ahead = x + 1;{{$}}
// CHECK:       {{^}}  #pragma omp target teams distribute parallel for private(w, ahead) map(to: x[1:(n + 1 > 1 ? n : 0)]) map(from: y[0:(n + 1 > 1 ? n : 0)]){{$}}
// CHECK-NEXT:  {{^}}  for (int i = 1; i <= n; ++i){{$}}
// CHECK-NEXT:  {{^}}    { w = y - 1; ahead = x + 1; w[i] = ahead[i - 1] * 2;{{$}}

#ifndef NO_CONST_VIEW
OM_KERNEL void fixed_view(int n, OM_INOUT float *y) {
  float *const w = y + 2;
  for (int i = 0; i < n; ++i)
    w[i] += 1;
}
#endif
// CHECK-LABEL: {{^}}OM_KERNEL void fixed_view(
// CHECK:       {{^}}  #pragma omp target teams distribute parallel for map(tofrom: y[2:(n > 0 ? n : 0)]){{$}}
// CHECK-NEXT:  {{^}}  for (int i = 0; i < n; ++i){{$}}
// CHECK-NEXT:  {{^}}    { float *const w = y + 2; w[i] += 1;{{$}}

int main(void) {
  enum { N = 8 };
  float x[N + 1], y[N + 2];
  for (int i = 0; i < N + 1; ++i)
    x[i] = (float)i;
  for (int i = 0; i < N + 2; ++i)
    y[i] = -1;
  shifted(N, x, y);
#ifndef NO_CONST_VIEW
  fixed_view(N, y);
#endif
  for (int i = 0; i < N + 2; ++i)
    printf("%g ", y[i]);
  printf("\n");
  return 0;
}
