// Check: the malloc family's short path for small blocks keeps every check
// that can concern them. With the default checks, blocks of 1 KiB and more
// are recorded (their sections are bounds-checked from the first byte past
// the end); with --checks=full every block is. Freeing a small block that
// is still mapped is reported whatever its size. Host code that allocates
// a lot while elision holds arrays gives the same results as without the
// plugin, also when it frees and reallocates the held arrays.
//
// RUN: %clang-offload %s -o %t
// RUN: not %ownmap-run -- %t edge 2>%t.edge
// RUN: FileCheck %s --check-prefix=EDGE < %t.edge
// RUN: not %ownmap-run --checks=full -- %t small 2>%t.small
// RUN: FileCheck %s --check-prefix=SMALL < %t.small
// RUN: not %ownmap-run -- %t free 2>%t.free
// RUN: FileCheck %s --check-prefix=FREE < %t.free
// RUN: %compare-with-plugin %t churn 2>%t.churn
// RUN: count 0 < %t.churn
// RUN: env OWNMAP_COMPARE_ENV="OWNMAP_CHECKS=off" %compare-with-plugin %t churn 2>%t.churn-off
// RUN: count 0 < %t.churn-off
// RUN: env OWNMAP_COMPARE_ENV="OWNMAP_CHECKS=full" %compare-with-plugin %t churn 2>%t.churn-full
// RUN: count 0 < %t.churn-full

#include "Inputs/section-total.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { EDGE = 1024 / sizeof(double), SMALL = 100, HELD = 1 << 17, OBJECTS = 64 };

static double *filled(size_t count) {
  double *v = malloc(count * sizeof *v);
  for (size_t i = 0; i < count; i++)
    v[i] = (double)i;
  return v;
}

// Small objects allocated and freed between kernels that elision serves,
// while the held arrays are freed and reallocated in between.
static void churn(void) {
  double *a = filled(HELD), *b = filled(HELD);
  unsigned char *live[OBJECTS] = {0};
  unsigned long check = 0;
  for (int step = 0; step < 6; step++) {
#pragma omp target teams distribute parallel for map(to: a[0:HELD]) map(tofrom: b[0:HELD])
    for (int i = 0; i < HELD; i++)
      b[i] = b[i] * 0.5 + a[i];
    for (int i = 0; i < 20000; i++) {
      unsigned char **slot = &live[i % OBJECTS];
      if (*slot != NULL)
        check += (*slot)[0];
      free(*slot);
      *slot = (i % 3 == 0) ? calloc(1, 16 + (size_t)(i % 200)) : malloc(16 + (size_t)(i % 500));
      (*slot)[0] = (unsigned char)(i + step);
    }
    if (step == 2) { // the held arrays go and come back
      b = realloc(b, 2 * HELD * sizeof *b);
      b = realloc(b, HELD * sizeof *b);
      free(a);
      a = filled(HELD);
    }
    printf("step %d b[7] %.3f b[last] %.3f\n", step, b[7], b[HELD - 1]);
  }
  for (int k = 0; k < OBJECTS; k++)
    free(live[k]);
  printf("check %lu\n", check);
  free(a);
  free(b);
}

int main(int argc, char **argv) {
  const char *what = argc > 1 ? argv[1] : "";
  if (strcmp(what, "churn") == 0) {
    churn();
    return 0;
  }
  if (strcmp(what, "edge") == 0) { // the smallest block recorded by default
    double *v = filled(EDGE);
    // EDGE: ownmap: error: v[first:count] {{.*}} covers bytes [0, 1032) of a heap block of 1024 bytes
    printf("%.1f\n", total(v, 0, EDGE + 1));
  }
  if (strcmp(what, "small") == 0) {
    double *v = filled(SMALL);
    // SMALL: ownmap: error: v[first:count] {{.*}} covers bytes [400, 1200) of a heap block of 800 bytes
    printf("%.1f\n", total(v, SMALL / 2, SMALL));
  }
  if (strcmp(what, "free") == 0) {
    double *point = filled(3);
#pragma omp target enter data map(to: point[0:3])
    // FREE: ownmap: error: free() of the heap block at 0x{{[0-9a-f]+}} ({{[0-9]+}} bytes) {{.*}} while point[0:3] {{.*}} is still mapped on device 0
    free(point);
  }
  return 0;
}
