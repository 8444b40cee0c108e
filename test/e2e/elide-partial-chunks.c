// Sections that cover the first and last chunk of a block only in part (a
// Jacobi sweep writes the interior of one array and reads all of the
// other; a copy-back kernel the other way round). After a kernel writes
// part of such a chunk, its part comes back at once; the rest of the chunk
// was in step and still is, so the next kernel that reads the chunk copies
// nothing more. The host also writes an element of a boundary row now and
// then: that chunk, and only that one, goes up again.
//
// RUN: %clang-offload %s -o %t
// RUN: env COMPARE_MAX_TO_COPIES=8 %compare-copies %t shared | FileCheck %s
// RUN: env COMPARE_MAX_TO_COPIES=5 %compare-copies %t owned | FileCheck %s
// RUN: env OWNMAP_COMPARE_ENV=OWNMAP_ELIDE=safe COMPARE_MAX_TO_COPIES=5 %compare-copies %t owned
// Without the plugin each step copies both arrays' `to` sections up; with
// it a handful of copies in all (5 with the arrays in mappings of their
// own, a few more for the shared edge pages of the main heap), where
// marking the partly written chunks newer on the host made 47-49:
// CHECK: copies without: to_device 24973824 24

#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { N = 1 << 17, EDGE = 1000, STEPS = 12 }; /* doubles: 1 MiB per array */

int main(int argc, char **argv) {
  const char *layout = argc > 1 ? argv[1] : "shared";
  if (argc > 2 || (strcmp(layout, "shared") != 0 && strcmp(layout, "owned") != 0)) {
    fprintf(stderr, "usage: %s [shared|owned]\n", argv[0]);
    return 2;
  }
  mallopt(M_MMAP_THRESHOLD, strcmp(layout, "shared") == 0 ? 32 << 20 : 64 << 10);
  double *u = malloc(N * sizeof *u), *w = malloc(N * sizeof *w);
  for (int i = 0; i < N; i++)
    u[i] = w[i] = (double)(i % 17);
  double probes = 0;
  for (int s = 1; s <= STEPS; s++) {
#pragma omp target teams distribute parallel for map(to: u[0:N]) map(from: w[EDGE:N - 2 * EDGE])
    for (int i = EDGE; i < N - EDGE; i++)
      w[i] = 0.25 * (u[i - 1] + 2.0 * u[i] + u[i + 1]);
#pragma omp target teams distribute parallel for map(to: w[EDGE:N - 2 * EDGE]) \
    map(from: u[EDGE:N - 2 * EDGE])
    for (int i = EDGE; i < N - EDGE; i++)
      u[i] = w[i];
    if (s % 4 == 0) {
      probes += u[EDGE] + u[N / 2] * s + w[N - EDGE - 1];
      u[EDGE / 2] += 1.0; /* a boundary row: not in any kernel's output */
    }
  }
  double sum = 0;
  for (int i = 0; i < N; i++)
    sum += u[i] * (i % 7 + 1) + w[i];
  printf("probes %.17g\nchecksum %.17g\n", probes, sum);
  free(u);
  free(w);
  return 0;
}
