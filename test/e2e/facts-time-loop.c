// Ownership facts on an annotated time loop: ownmap-rewrite states before
// each kernel that it only reads its OM_IN input `a` (ownmap.h's
// ownmap_kernel_reads_only); the PIE that %clang-offload builds binds that
// call to the plugin at run time. The plugin then keeps no device snapshot
// of `a`: after the first step `a` is elided as unchanged, never restored
// on the device. Built with OWNMAP_NO_FACTS (the same program, no facts),
// the plugin must assume the kernel may write `a` and restores it from a
// snapshot before every later step. Without the plugin the facts do
// nothing; with it the output is identical either way, in every elision
// mode. The host changes one element of `a` after step 4: that chunk
// (256 KiB) goes to the device again.
//
// RUN: %ownmap-rewrite %s -o %t.rw.c --
// RUN: FileCheck %s --check-prefix=REWRITTEN < %t.rw.c
// RUN: %clang-offload %t.rw.c -o %t
// RUN: %clang-offload -DOWNMAP_NO_FACTS %t.rw.c -o %t.nofacts
// RUN: env OWNMAP_COMPARE_ENV=OWNMAP_REPORT=%t.json %compare-with-plugin %t
// RUN: python3 %S/Inputs/check-run-report.py %t.json --rows 2
// RUN: python3 %S/Inputs/elided-by-reason.py %t.json | FileCheck %s --check-prefix=FACTS
// RUN: env OWNMAP_COMPARE_ENV=OWNMAP_REPORT=%t.nofacts.json %compare-with-plugin %t.nofacts
// RUN: python3 %S/Inputs/check-run-report.py %t.nofacts.json --rows 2
// RUN: python3 %S/Inputs/elided-by-reason.py %t.nofacts.json | FileCheck %s --check-prefix=SNAPSHOT
// A position-dependent executable binds the weak reference when it is
// linked, to nothing: no facts, the snapshot as without them.
// RUN: %clang-offload -fno-pie -no-pie %t.rw.c -o %t.nopie
// RUN: env OWNMAP_COMPARE_ENV=OWNMAP_REPORT=%t.nopie.json %compare-with-plugin %t.nopie
// RUN: python3 %S/Inputs/elided-by-reason.py %t.nopie.json | FileCheck %s --check-prefix=SNAPSHOT
// RUN: env OWNMAP_COMPARE_ENV=OWNMAP_ELIDE=safe %compare-with-plugin %t
// RUN: env OWNMAP_COMPARE_ENV=OWNMAP_ELIDE=off %compare-with-plugin %t
// RUN: %t > %t.bare.out && %t.nofacts > %t.nofacts.out && diff %t.bare.out %t.nofacts.out
//
// REWRITTEN: ownmap_kernel_reads_only(a, n * sizeof *a);
// REWRITTEN: #pragma omp target teams distribute parallel for map(to: a[0:n]) map(tofrom: b[0:n])
// REWRITTEN: ownmap_kernel_facts_done();
//
// 8 steps x 1 MiB of `a`: 1 MiB + 256 KiB copied, the rest elided.
// FACTS-DAG: a[0:n] facts-time-loop.c:[[#@LINE+9]] to_device 1310720 [[#]] unchanged 7077888 restored-on-device 0
// FACTS-DAG: b[0:n] facts-time-loop.c:[[#@LINE+8]] to_device 1048576 [[#]] unchanged 7340032 restored-on-device 0
// SNAPSHOT-DAG: a[0:n] facts-time-loop.c:[[#@LINE+7]] to_device 1310720 [[#]] unchanged 0 restored-on-device 7077888
// SNAPSHOT-DAG: b[0:n] facts-time-loop.c:[[#@LINE+6]] to_device 1048576 [[#]] unchanged 7340032 restored-on-device 0

#include <ownmap.h>
#include <stdio.h>
#include <stdlib.h>

OM_KERNEL static void relax(int n, OM_IN const float *a, OM_INOUT float *b) {
  for (int i = 0; i < n; ++i)
    b[i] = 0.5f * b[i] + a[i];
}

enum { N = 1 << 18, STEPS = 8 };

int main(void) {
  float *a = malloc(N * sizeof *a), *b = malloc(N * sizeof *b);
  for (int i = 0; i < N; ++i) {
    a[i] = (float)(i % 100) * 0.01f;
    b[i] = (float)(1 + i % 997);
  }
  double probes = 0;
  for (int s = 1; s <= STEPS; ++s) {
    relax(N, a, b);
    if (s == 4) {
      probes += b[N / 3];
      a[N / 2] += 1.0f;
    }
  }
  double sum = 0;
  for (int i = 0; i < N; ++i)
    sum += b[i] * (i % 7 + 1);
  printf("probe %.9g\nchecksum %.17g\n", probes, sum);
  free(a);
  free(b);
  return 0;
}
