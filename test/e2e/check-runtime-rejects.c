// Maps the runtime itself rejects: an explicit map that extends a present
// section ("explicit extension not allowed"), and the present modifier on
// data that is not present (on enter data, a kernel, exit data, and as a
// motion modifier of target update). The runtime prints its own messages
// and fails the construct; under the plugin those messages still appear, in
// full, after ownmap's error, whatever OWNMAP_ON_ERROR says (with abort, the
// plugin stops the program only once the runtime returned).
//
// RUN: %clang-offload %s -o %t
// RUN: not %t extend 2>%t.bare-extend
// RUN: FileCheck %s --check-prefixes=EXTEND,RUNTIME < %t.bare-extend
// RUN: not %ownmap-run -- %t extend 2>%t.extend
// RUN: FileCheck %s --check-prefixes=OWNMAP-EXTEND,EXTEND,RUNTIME < %t.extend
// RUN: not %ownmap-run --on-error=warn -- %t extend 2>%t.warn-extend
// RUN: FileCheck %s --check-prefixes=OWNMAP-EXTEND,EXTEND,RUNTIME < %t.warn-extend
// RUN: not %ownmap-run --checks=full -- %t extend 2>%t.full-extend
// RUN: FileCheck %s --check-prefixes=OWNMAP-EXTEND,EXTEND,RUNTIME < %t.full-extend
//
// RUN: not %t enter 2>%t.bare-enter
// RUN: FileCheck %s --check-prefixes=PRESENT,RUNTIME < %t.bare-enter
// RUN: not %ownmap-run -- %t enter 2>%t.enter
// RUN: FileCheck %s --check-prefixes=OWNMAP-ENTER,PRESENT,RUNTIME < %t.enter
// RUN: not %t kernel 2>%t.bare-kernel
// RUN: FileCheck %s --check-prefixes=PRESENT,RUNTIME < %t.bare-kernel
// RUN: not %ownmap-run -- %t kernel 2>%t.kernel
// RUN: FileCheck %s --check-prefixes=OWNMAP-KERNEL,PRESENT,RUNTIME < %t.kernel
// RUN: not %t exit 2>%t.bare-exit
// RUN: FileCheck %s --check-prefixes=PRESENT,RUNTIME < %t.bare-exit
// RUN: not %ownmap-run --checks=full -- %t exit 2>%t.exit
// RUN: FileCheck %s --check-prefixes=OWNMAP-EXIT,PRESENT,RUNTIME < %t.exit
// RUN: not %t update 2>%t.bare-update
// RUN: FileCheck %s --check-prefixes=MOTION,RUNTIME < %t.bare-update
// RUN: not %ownmap-run -- %t update 2>%t.update
// RUN: FileCheck %s --check-prefixes=OWNMAP-UPDATE,MOTION,RUNTIME < %t.update
//
// The same constructs on present data are fine: no finding.
// RUN: %compare-with-plugin %t fine 2>%t.fine
// RUN: count 0 < %t.fine
// RUN: env OWNMAP_COMPARE_ENV=OWNMAP_CHECKS=full %compare-with-plugin %t fine 2>%t.fine-full
// RUN: count 0 < %t.fine-full

// OWNMAP-EXTEND-NOT: omptarget
// OWNMAP-EXTEND: ownmap: error: p[0:N] (declared at check-runtime-rejects.c:[[#@LINE+25]]) mapped at check-runtime-rejects.c:[[#@LINE+31]] in main ([0x{{[0-9a-f]+}}, +400 bytes)) overlaps p[N / 2:2] (declared at check-runtime-rejects.c:[[#@LINE+25]]) mapped at check-runtime-rejects.c:[[#@LINE+29]] in main ([0x{{[0-9a-f]+}}, +8 bytes), present on device 0) without being contained in it
// OWNMAP-EXTEND-NOT: ownmap: stopping
// EXTEND: omptarget message: explicit extension not allowed: host address specified is 0x{{0*}}[[HOST:[0-9a-f]+]] (400 bytes), but device allocation maps to host at 0x{{[0-9a-f]+}} (8 bytes)
//
// OWNMAP-ENTER-NOT: omptarget
// OWNMAP-ENTER: ownmap: error: p[0:N] (declared at check-runtime-rejects.c:[[#@LINE+20]]) mapped at check-runtime-rejects.c:[[#@LINE+34]] in main ([0x{{[0-9a-f]+}}, +400 bytes)) has the present modifier but is not present on device 0: the runtime fails the construct. Fix: map it first (target enter data, or an enclosing target data), or drop the present modifier
// OWNMAP-KERNEL-NOT: omptarget
// OWNMAP-KERNEL: ownmap: error: p[0:N] (declared at check-runtime-rejects.c:[[#@LINE+18]]) mapped at check-runtime-rejects.c:[[#@LINE+35]] in main ([0x{{[0-9a-f]+}}, +400 bytes)) has the present modifier but is not present on device 0
// OWNMAP-EXIT-NOT: omptarget
// OWNMAP-EXIT: ownmap: error: p[0:N] (declared at check-runtime-rejects.c:[[#@LINE+16]]) mapped at check-runtime-rejects.c:[[#@LINE+43]] in main ([0x{{[0-9a-f]+}}, +400 bytes)) has the present modifier but is not present on device 0
// OWNMAP-UPDATE-NOT: omptarget
// OWNMAP-UPDATE: ownmap: error: p[0:N] (declared at check-runtime-rejects.c:[[#@LINE+14]]) mapped at check-runtime-rejects.c:[[#@LINE+35]] in main ([0x{{[0-9a-f]+}}, +400 bytes)) has the present modifier but is not present on device 0
// PRESENT: omptarget message: device mapping required by 'present' map type modifier does not exist for host address 0x{{[0-9a-f]+}} (400 bytes)
// MOTION: omptarget message: device mapping required by 'present' motion modifier does not exist for host address 0x{{[0-9a-f]+}} (400 bytes)
// RUNTIME: omptarget fatal error 1: failure of target construct while offloading is mandatory

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { N = 100 };

int main(int argc, char **argv) {
  const char *what = argc > 1 ? argv[1] : "";
  int fine = strcmp(what, "fine") == 0;
  int *p = malloc(N * sizeof *p);
  for (int i = 0; i < N; i++)
    p[i] = i;
  if (strcmp(what, "extend") == 0) {
#pragma omp target data map(alloc: p[N / 2:2])
    {
#pragma omp target map(tofrom: p[0:N])
      p[N / 2] += 1;
    }
  }
  if (fine) {
#pragma omp target enter data map(to: p[0:N])
  }
  if (fine || strcmp(what, "enter") == 0) {
#pragma omp target enter data map(present, to: p[0:N])
  }
  if (fine || strcmp(what, "kernel") == 0) {
#pragma omp target map(present, tofrom: p[0:N])
    p[0] += 1;
  }
  if (fine || strcmp(what, "update") == 0) {
#pragma omp target update from(present: p[0:N])
  }
  if (fine) {
#pragma omp target exit data map(release: p[0:N])
  }
  if (fine || strcmp(what, "exit") == 0) {
#pragma omp target exit data map(present, from: p[0:N])
  }
  printf("rejects %d\n", p[0]);
  free(p);
  return 0;
}
