// A 20-step time loop that maps its arrays on every step moves them 20 times.
//
// RUN: %clang-offload %s -o %t
// RUN: env OWNMAP_COMPARE_ENV=OWNMAP_SUMMARY=1 %compare-with-plugin %t 2>%t.err
// RUN: not grep -E "ownmap: (warning|error)" %t.err
// RUN: FileCheck %s < %t.err

#include "Inputs/time-loop-step.h"

// CHECK: ownmap: transfer summary
// CHECK-NEXT: ownmap: variable
// 20 steps x 2048 doubles x 8 bytes = 327680 bytes each way, mapped by the
// kernel of step(). Rows of one line are sorted by name.
// CHECK-NEXT: ownmap: coef[0:n] time-loop-step.h:[[LINE:[0-9]+]] 327680 20 0 0
// CHECK-NEXT: ownmap: u[0:n] time-loop-step.h:[[LINE]] 327680 20 327680 20

int main(void) {
  double *u = malloc(N * sizeof *u), *coef = malloc(N * sizeof *coef);
  fill(u, coef);
  run_steps(u, coef);
  return finish(u, coef);
}
// CHECK-NEXT: ownmap: total 655360 40 327680 20
