// The same 20-step time loop inside `target data`: each array crosses once,
// and the per-step maps find the data present and copy nothing.
//
// RUN: %clang-offload %s -o %t
// RUN: env OWNMAP_COMPARE_ENV=OWNMAP_SUMMARY=1 %compare-with-plugin %t 2>%t.err
// RUN: not grep -E "ownmap: (warning|error)" %t.err
// RUN: FileCheck %s < %t.err

#include "Inputs/time-loop-step.h"

// CHECK: ownmap: transfer summary
// CHECK-NEXT: ownmap: variable
// The kernel's maps (of step()'s parameters) never copy.
// CHECK-NOT: time-loop-step.h

int main(void) {
  // CHECK-NEXT: ownmap: u[0:N] time-loop-data.c:[[#@LINE+1]] 16384 1 16384 1
  double *u = malloc(N * sizeof *u);
  // CHECK-NEXT: ownmap: coef[0:N] time-loop-data.c:[[#@LINE+1]] 16384 1 0 0
  double *coef = malloc(N * sizeof *coef);
  fill(u, coef);
#pragma omp target data map(tofrom: u[0:N]) map(to: coef[0:N])
  run_steps(u, coef);
  return finish(u, coef);
}
// CHECK-NEXT: ownmap: total 32768 2 16384 1
