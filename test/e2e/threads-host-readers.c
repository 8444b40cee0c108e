// A kernel writes b (tofrom), then a host `omp parallel for` with two
// threads reads it: both threads fault on b's protected chunks at once, and
// each must see the kernel's results, never the previous step's. Blocks
// owned whole by their pages (large) and in the main heap (mallopt).
//
// RUN: %clang-offload %s -o %t
// RUN: %compare-with-plugin %t
// RUN: %compare-with-plugin %t
// RUN: %compare-with-plugin %t
// RUN: %compare-with-plugin %t shared
// RUN: env OWNMAP_COMPARE_ENV=OWNMAP_ELIDE=safe %compare-with-plugin %t
// RUN: env OWNMAP_COMPARE_ENV=OWNMAP_CHECKS=full %compare-with-plugin %t

#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { N = 1 << 20, STEPS = 12 };

int main(int argc, char **argv) {
  if (argc > 1 && strcmp(argv[1], "shared") == 0)
    mallopt(M_MMAP_THRESHOLD, 64 << 20); /* blocks in the main heap */
  double *a = malloc(N * sizeof *a), *b = malloc(N * sizeof *b);
  for (int i = 0; i < N; i++) {
    a[i] = i % 7;
    b[i] = 0;
  }
  for (int s = 0; s < STEPS; s++) {
#pragma omp target teams distribute parallel for map(to: a[0:N]) map(tofrom: b[0:N])
    for (int i = 0; i < N; i++)
      b[i] = b[i] + a[i] + s;
    double sum = 0;
#pragma omp parallel for num_threads(2) reduction(+ : sum)
    for (int i = 0; i < N; i++)
      sum += b[i] * (i % 3 + 1);
    printf("step %d: %.17g\n", s, sum);
  }
  free(a);
  free(b);
  return 0;
}
