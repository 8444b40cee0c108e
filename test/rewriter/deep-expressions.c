// Expressions nested tens of thousands deep (generated code: a 40,000-term
// subscript) are analysed like any other, and ones deeper than the
// rewriter's limit are an error that says so, not a crash. This file is the
// kernel; the RUN lines paste the subscript into it.
// RUN: python3 -c "import sys; print(open(sys.argv[1]).read().replace('TERMS', ' + '.join(['i'] * 40000)))" %s > %t.c
// RUN: %clang-serial -fsyntax-only %t.c
// RUN: %ownmap-rewrite --no-line-directives %t.c -- | FileCheck %s
// RUN: python3 -c "import sys; print(open(sys.argv[1]).read().replace('TERMS', ' + '.join(['i'] * 150000)))" %s > %t.deeper.c
// RUN: not %ownmap-rewrite %t.deeper.c -- 2>&1 | cut -c1-300 | FileCheck %s --check-prefix=DEEPER
#include <ownmap.h>

OM_KERNEL void spread(int n, OM_IN const float *x, OM_OUT float *y) {
  for (int i = 0; i < n; ++i)
    y[i] = x[TERMS];
}
// CHECK: #pragma omp target teams distribute parallel for map(to: x[0:(n > 0 ? 40000 * n - 39999 : 0)]) map(from: y[0:n])
// DEEPER: deep-expressions.c.tmp.deeper.c:14:5: error: cannot offload: an expression is nested more than 100000 levels deep; the rewriter does not analyse it
