// A fact holds only for the kernel it is stated for, and only for the
// section it covers: wherever none covers a section mapped `to` only, the
// plugin keeps its device snapshot, so device writes to it are discarded
// as OpenMP says (see elide-discarded-writes.c). Every kernel below writes
// its `to` copy of x; the next kernel must see the host's x again. Not
// covered: a fact for part of the section only, a fact stated for the
// kernel before (cleared when that call returned, without facts_done), a
// fact withdrawn by ownmap_kernel_facts_done, one stated before a kernel
// that ran on the host (device(omp_get_initial_device()): cleared all the
// same), one stated by another thread, and one past the 16 a thread keeps
// (said once when verbose). Each would be believed if it applied: with
// the argument "believed" the program states a false fact covering x
// before the same kind of kernel, and the plugin then lets the discarded
// writes through (which is why only the rewriter, which proves its facts,
// should state them). And a true fact after a kernel that kept a snapshot
// still gets the section restored from it first.
//
// RUN: %clang-offload %s -o %t
// RUN: %compare-with-plugin %t
// RUN: env OWNMAP_COMPARE_ENV=OWNMAP_ELIDE=safe %compare-with-plugin %t
// RUN: env OWNMAP_COMPARE_ENV=OWNMAP_VERBOSE=1 %compare-with-plugin %t 2>&1 \
// RUN:   | FileCheck %s --check-prefix=VERBOSE
// RUN: %t believed | FileCheck %s --check-prefix=BARE
// RUN: %ownmap-run -- %t believed | FileCheck %s --check-prefix=BELIEVED
// VERBOSE: ownmap: more than 16 reads-only facts for one kernel; the others are ignored (their sections keep a device snapshot)
// VERBOSE-NOT: reads-only facts
// BARE: x[5] seen 5
// BELIEVED: x[5] seen -1

#include <ownmap.h>
#include <omp.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { N = 1 << 16, JUNK = 16 };

/* Globals are mapped pointer and pointee, which the plugin does not hold:
 * x and y are passed as arguments. */
static double total;

/* Reads x into y, then scribbles over its `to` copy of x. */
static void scribble(float *x, float *y, float value) {
#pragma omp target teams distribute parallel for map(to: x[0:N]) map(from: y[0:N])
  for (int i = 0; i < N; i++) {
    y[i] = x[i];
    x[i] = value;
  }
}

/* Must see the host's x. */
static void add_x(const float *x, float *y) {
#pragma omp target teams distribute parallel for map(to: x[0:N]) map(tofrom: y[0:N])
  for (int i = 0; i < N; i++)
    y[i] += x[i];
  for (int i = 0; i < N; i += 61)
    total += y[i];
}

static void *state_fact_for(void *x) {
  ownmap_kernel_reads_only(x, N * sizeof(float));
  return NULL;
}

static void kept(float *x, float *y) {
  static float junk[JUNK];
  for (int s = 0; s < 3; s++) {
    ownmap_kernel_reads_only(x + N / 2, N / 2 * sizeof *x); /* part of it */
    scribble(x, y, -1.0f);
    ownmap_kernel_facts_done();
    add_x(x, y);

    ownmap_kernel_reads_only(x, N * sizeof *x); /* true for this kernel only */
    add_x(x, y);
    scribble(x, y, -2.0f);
    add_x(x, y);

    ownmap_kernel_reads_only(x, N * sizeof *x);
    ownmap_kernel_facts_done();
    scribble(x, y, -3.0f);
    add_x(x, y);

    ownmap_kernel_reads_only(x, N * sizeof *x);
#pragma omp target teams distribute parallel for map(to: x[0:N]) map(tofrom: y[0:N]) \
    device(omp_get_initial_device())
    for (int i = 0; i < N; i++)
      y[i] -= x[i];
    scribble(x, y, -4.0f);
    add_x(x, y);

    pthread_t other;
    if (pthread_create(&other, NULL, state_fact_for, x) != 0 ||
        pthread_join(other, NULL) != 0)
      abort();
    scribble(x, y, -5.0f);
    add_x(x, y);

    for (int i = 0; i < JUNK; i++)
      ownmap_kernel_reads_only(&junk[i], sizeof junk[i]);
    ownmap_kernel_reads_only(x, N * sizeof *x);
    scribble(x, y, -6.0f);
    ownmap_kernel_facts_done();
    add_x(x, y);

    scribble(x, y, -7.0f);
    ownmap_kernel_reads_only(x, N * sizeof *x); /* true */
    add_x(x, y);

    x[7 * s] += 1.0f;
  }
  printf("total %.17g x[5] %g\n", total, x[5]);
}

static void believed(float *x, float *y) {
  add_x(x, y);
  ownmap_kernel_reads_only(x, N * sizeof *x); /* false */
  scribble(x, y, -1.0f);
  ownmap_kernel_facts_done();
  add_x(x, y);
  printf("x[5] seen %g\n", y[5] - x[5]);
}

int main(int argc, char **argv) {
  bool false_fact = argc == 2 && strcmp(argv[1], "believed") == 0;
  if (argc > 2 || (argc == 2 && !false_fact)) {
    fprintf(stderr, "usage: %s [believed]\n", argv[0]);
    return 2;
  }
  float *x = malloc(N * sizeof *x), *y = malloc(N * sizeof *y);
  for (int i = 0; i < N; i++)
    x[i] = (float)(i % 11);
  if (false_fact)
    believed(x, y);
  else
    kept(x, y);
  free(x);
  free(y);
  return 0;
}
