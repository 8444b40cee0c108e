// Stress: kernels write b, then host `omp parallel` threads read it at once.
#include <stdio.h>
#include <stdlib.h>

enum { N = 1 << 19, STEPS = 6 };

int main(void) {
  double *a = malloc(N * sizeof *a), *b = malloc(N * sizeof *b);
  for (int i = 0; i < N; i++) {
    a[i] = i % 7;
    b[i] = i % 3;
  }
  for (int s = 0; s < STEPS; s++) {
#pragma omp target teams distribute parallel for map(to: a[0:N]) map(tofrom: b[0:N])
    for (int i = 0; i < N; i++)
      b[i] = 0.5 * b[i] + a[i] + s;
    double sum = 0;
#pragma omp parallel for num_threads(3) reduction(+ : sum)
    for (int i = 0; i < N; i++)
      sum += b[i] * (i % 5 + 1);
    printf("step %d: %.17g\n", s, sum);
  }
  free(a);
  free(b);
  return 0;
}
