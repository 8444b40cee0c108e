// Issue 13's loop form `(size_t)i * n + j` with int bounds: the kernel
// computes its subscripts in size_t so that m * n may pass INT_MAX. The
// rewritten section's length must compute in a type as wide (`(long)m *
// n`), not as the int product `m * n`: with m = 65536, n = 32769
// (2,147,549,184 one-byte elements) that product overflows (in practice it
// wraps negative), the runtime is asked for an impossible allocation and
// aborts ("Failure to allocate device memory ... failure of target
// construct while offloading is mandatory"), while the serial build runs
// and prints the line the LARGE check expects.
// RUN: %ownmap-rewrite --no-line-directives %s -o %t.rw.c --
// RUN: FileCheck %s --strict-whitespace < %t.rw.c
// RUN: %clang-offload %t.rw.c -o %t.omp && %t.omp > %t.omp.out
// RUN: %clang-serial %s -o %t.ser && %t.ser > %t.ser.out
// RUN: diff %t.ser.out %t.omp.out
// The large run, offloaded: about 4 GiB of memory.
// RUN: %t.omp 65536 32769 | FileCheck %s --check-prefix=LARGE
#include <ownmap.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

OM_KERNEL void bump(int m, int n, OM_INOUT unsigned char *y) {
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j)
      y[(size_t)i * n + j] += 1;
}
// CHECK-LABEL: {{^}}OM_KERNEL void bump(
// CHECK:       {{^}}  #pragma omp target teams distribute parallel for collapse(2) map(tofrom: y[0:(m > 0 && n > 0 ? (long)m * n : 0)]){{$}}

int main(int argc, char **argv) {
  int m = argc > 2 ? atoi(argv[1]) : 4, n = argc > 2 ? atoi(argv[2]) : 5;
  size_t total = (size_t)m * n;
  unsigned char *y = calloc(total, 1);
  if (!y)
    return 2;
  bump(m, n, y);
  size_t ones = 0;
  for (size_t k = 0; k < total; k += 4096)
    ones += y[k] == 1;
  printf("casebook-size-t-rows %zu elements, %zu sampled ones, last %u\n",
         total, ones, y[total - 1]);
  free(y);
  return 0;
}
// LARGE: casebook-size-t-rows 2147549184 elements, 524304 sampled ones, last 1
