#line 1 "model.src"
// Generated C with line directives of its own (the first line above): the
// rewriter adds none at the top, and the ones it inserts give the lines of
// the generator's file at that point.
// RUN: %ownmap-rewrite %s -o %t.rw.c --
// RUN: head -n 1 %t.rw.c | FileCheck %s --check-prefix=FIRST
// RUN: FileCheck %s --strict-whitespace < %t.rw.c
// RUN: %clang-offload -fsyntax-only -Wunused-variable %t.rw.c 2>&1 | FileCheck %s --check-prefix=WARN
#include <ownmap.h>

#line 700
OM_KERNEL void fill(int n, OM_OUT float *y) {
  int unused;
  for (int i = 0; i < n; ++i)
    y[i] = 1.0f;
}
// FIRST: {{^}}#line 1 "model.src"{{$}}
// CHECK:      {{^}}#line 700{{$}}
// CHECK-NEXT: {{^}}OM_KERNEL void fill(int n, OM_OUT float *y) {{{$}}
// CHECK-NEXT: {{^}}  int unused;{{$}}
// CHECK-NEXT: {{^}}  #pragma omp target teams distribute parallel for map(from: y[0:(n > 0 ? n : 0)]){{$}}
// CHECK-NEXT: {{^}}#line 702{{$}}
// CHECK-NEXT: {{^}}  for (int i = 0; i < n; ++i){{$}}
// WARN: {{^}}model.src:701:7: warning: unused variable 'unused'
