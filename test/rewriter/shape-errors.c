// Loops whose shape the rewriter does not handle are reported, not edited:
// non-canonical headers, loops from macros, loops that are not a statement
// of a block or share their line.
// RUN: not %ownmap-rewrite %s -- 2>&1 | FileCheck %s --check-prefix=CHECK-MESSAGES
// RUN: cp %s %t.c && not %ownmap-rewrite -i %t.c -- 2>/dev/null
// RUN: diff %s %t.c
#include <ownmap.h>

#define FOR_EACH(i, n) for (int i = 0; i < n; ++i)
// Parameters declared through macros are accepted (macro-declared-params.c).

OM_KERNEL void headers(int n, OM_OUT float *y) {
  for (int i = 1; i < n; i *= 2)
    y[i] = 1;
  for (int i = n; i > 0; ++i)
    y[i] = 1;
  for (unsigned i = n; i >= 0; --i)
    y[i] = 1;
  for (int i = 0, j = 0; i < n; ++i)
    y[j] = 1;
}
// CHECK-MESSAGES: shape-errors.c:13:3: error: cannot offload: the loop's increment 'i *= 2' does not step 'i' by a fixed positive amount ('++i', 'i += s', '--i', 'i -= s')
// CHECK-MESSAGES: shape-errors.c:15:3: error: cannot offload: the loop's condition 'i > 0' does not bound 'i' in the direction it steps ('i < U' or 'i <= U' stepping up, 'i > L' or 'i >= L' stepping down)
// CHECK-MESSAGES: shape-errors.c:17:3: error: cannot offload: 'i' is unsigned, so the loop's condition 'i >= 0' may never become false
// CHECK-MESSAGES: shape-errors.c:19:3: error: cannot offload: the loop's header does not start an integer index ('for (int i = L; ...)' or 'for (i = L; ...)')

// An index declared before its loop must not carry a value out of it:
// each device thread has its own.
OM_KERNEL int index_after(int n, OM_OUT float *y) {
  int i;
  for (i = 0; i < n; ++i)
    y[i] = 1;
  return i;
}
// CHECK-MESSAGES: shape-errors.c:[[@LINE-2]]:10: error: cannot offload: 'i' indexes a loop and is also used outside the loops over it, where it holds what a loop left in it; each device thread has its own 'i': declare it in the loop header ('for (int i = ...')
// CHECK-MESSAGES: shape-errors.c:[[@LINE-6]]:7: note: 'i' is declared here

OM_KERNEL void from_macro(int n, OM_OUT float *y) {
  FOR_EACH(i, n)
    y[i] = 1;
}
// CHECK-MESSAGES: shape-errors.c:39:3: error: cannot offload: the loop comes from a macro expansion; write it out to have it rewritten

OM_KERNEL void unbraced(int n, OM_OUT float *y) {
  if (n > 0)
    for (int i = 0; i < n; ++i)
      y[i] = 1;
}
// CHECK-MESSAGES: shape-errors.c:46:5: error: cannot offload: the loop is not a statement of a '{ }' block; add braces around it

OM_KERNEL void same_line(int n, OM_OUT float *y) {
  int k = 0; for (int i = 0; i < n; ++i)
    y[i] = k;
}
// CHECK-MESSAGES: shape-errors.c:52:14: error: cannot offload: the loop does not start its line; put 'for' on a line of its own

OM_KERNEL void no_loop(int n, OM_OUT float *y) {
  y[0] = n;
}
// CHECK-MESSAGES: shape-errors.c:57:16: warning: kernel 'no_loop' has no 'for' loop to offload

