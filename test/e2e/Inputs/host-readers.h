// Kernels write b (tofrom) from a (to), then `threads` host threads of an
// `omp parallel for` read b at once, on each of `steps` steps: every
// thread faults on b's protected chunks while the others do, and each must
// see the kernel's results, never the previous step's. Prints a sum a step.
#include <stdio.h>
#include <stdlib.h>

static void host_readers(int n, int steps, int threads) {
  double *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
  for (int i = 0; i < n; i++) {
    a[i] = i % 7;
    b[i] = i % 3;
  }
  for (int s = 0; s < steps; s++) {
#pragma omp target teams distribute parallel for map(to: a[0:n]) map(tofrom: b[0:n])
    for (int i = 0; i < n; i++)
      b[i] = 0.5 * b[i] + a[i] + s;
    double sum = 0;
#pragma omp parallel for num_threads(threads) reduction(+ : sum)
    for (int i = 0; i < n; i++)
      sum += b[i] * (i % 5 + 1);
    printf("step %d: %.17g\n", s, sum);
  }
  free(a);
  free(b);
}
