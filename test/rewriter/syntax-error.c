// A file that does not compile: clang's own diagnostic, exit 1, and the
// output file is neither created nor truncated.
// RUN: echo keep > %t.out
// RUN: not %ownmap-rewrite %s -o %t.out -- 2>&1 | FileCheck %s --check-prefix=CHECK-MESSAGES
// RUN: FileCheck %s --check-prefix=KEEP < %t.out
// RUN: rm -f %t.new
// RUN: not %ownmap-rewrite %s -o %t.new -- 2>/dev/null
// RUN: not test -e %t.new
// KEEP: {{^keep$}}
#include <ownmap.h>

OM_KERNEL void broken(int n, OM_OUT float *y) {
  for (int i = 0; i < n; ++i)
    y[i] = 1
}
// CHECK-MESSAGES: syntax-error.c:14:13: error: expected ';' after expression
// CHECK-MESSAGES: ownmap-rewrite: error: errors found; no code was written
