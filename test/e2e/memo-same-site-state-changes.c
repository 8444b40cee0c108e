// One kernel site run again and again while what its decisions depend on
// changes between the runs (the plugin remembers a kernel's decisions per
// site, plugin/call_memo.h): the section's presence (enter data, then
// exit data: the runtime copies nothing meanwhile, and again every region
// after), the host's writes between regions, and the heap block itself
// (freed, and a smaller one allocated, likely at the same address, which
// the section then overruns: reported before the region runs). The copies
// counted must be the runtime's, the output bare's.
//
// RUN: %clang-offload %s -o %t
// RUN: env OWNMAP_COMPARE_ENV=OWNMAP_SUMMARY=1 %compare-with-plugin %t 2>%t.err
// RUN: not grep -E "ownmap: (warning|error)" %t.err
// RUN: FileCheck %s < %t.err
// RUN: not %ownmap-run -- %t outside 2>%t.outside
// RUN: FileCheck %s --check-prefix=OUTSIDE < %t.outside

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { N = 258, STEPS = 20 }; // 1032 bytes: a recorded heap block

// Not inlined: every region below is made from one call site.

// CHECK: ownmap: transfer summary
// CHECK-NEXT: ownmap: variable
// Copied in and out by every region but the 20 where the data is present.
// CHECK-DAG: ownmap: v[0:n] memo-same-site-state-changes.c:[[#@LINE+1]] 41280 40 41280 40
__attribute__((noinline)) static void step(float *v, int n) {
#pragma omp target map(tofrom: v[0:n])
  for (int i = 0; i < n; i++)
    v[i] += 1.0f;
}

static double checksum(const float *v, int n) {
  double sum = 0;
  for (int i = 0; i < n; i++)
    sum += v[i] * (double)(i % 7 + 1);
  return sum;
}

int main(int argc, char **argv) {
  // The enter data's copy up and the exit data's copy back.
  // CHECK-DAG: ownmap: v[0:N] memo-same-site-state-changes.c:[[#@LINE+1]] 1032 1 1032 1
  float *v = malloc(N * sizeof *v);
  for (int i = 0; i < N; i++)
    v[i] = (float)(i % 5);
  for (int s = 0; s < STEPS; s++) {
    step(v, N);
    v[s] += 2.0f; // the host's write: copied up again by the next region
  }
  printf("absent %.1f\n", checksum(v, N));
#pragma omp target enter data map(to: v[0:N])
  for (int s = 0; s < STEPS; s++) {
    step(v, N);
    v[s] = -1.0f; // present: never copied, as without the plugin
  }
#pragma omp target exit data map(from: v[0:N])
  printf("present %.1f\n", checksum(v, N));
  for (int s = 0; s < STEPS; s++) {
    step(v, N);
    v[N - 1 - s] *= 0.5f;
  }
  printf("absent again %.1f\n", checksum(v, N));
  if (argc > 1 && strcmp(argv[1], "outside") == 0) {
    uintptr_t was = (uintptr_t)v;
    free(v);
    v = NULL;
    float *w = malloc(N * sizeof *w - 8); // 1024 bytes
    memset(w, 0, N * sizeof *w - 8);
    fprintf(stderr, "same address: %s\n", (uintptr_t)w == was ? "yes" : "no");
    // OUTSIDE: ownmap: error: v[0:n] {{.*}} covers bytes [0, 1032) of a heap block of 1024 bytes
    step(w, N);
    free(w);
  }
  free(v);
  return 0;
}
