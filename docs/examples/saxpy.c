/* The bundled example: three annotated kernels that ownmap-rewrite turns
 * into OpenMP target regions with inferred map clauses.
 *
 *   ownmap-rewrite docs/examples/saxpy.c -o saxpy.omp.c --
 */
#include <ownmap.h>
#include <stdio.h>
#include <stdlib.h>

/* y = a*x + y: x is only read on the device, y is read and written. */
OM_KERNEL void saxpy(int n, float a, OM_IN const float *x, OM_INOUT float *y) {
  for (int i = 0; i < n; ++i)
    y[i] = a * x[i] + y[i];
}

/* A three-point average of the interior: reads x[i-1..i+1], so the section
 * of x grows by one element on each side; out is only written. */
OM_KERNEL void smooth(int n, OM_IN const float *x, OM_OUT float *out) {
  for (int i = 1; i < n - 1; ++i)
    out[i] = (x[i - 1] + x[i] + x[i + 1]) / 3.0f;
}

/* A sum reduction over one array. */
OM_KERNEL double total(int n, OM_IN const float *x) {
  double sum = 0.0;
  for (int i = 0; i < n; ++i)
    sum += x[i];
  return sum;
}

int main(void) {
  const int n = 1 << 20;
  float *x = malloc(n * sizeof *x);
  float *y = malloc(n * sizeof *y);
  float *out = calloc(n, sizeof *out);
  if (!x || !y || !out) {
    fprintf(stderr, "out of memory\n");
    return 1;
  }
  for (int i = 0; i < n; ++i) {
    x[i] = (float)(i % 1000);
    y[i] = (float)(i % 7);
  }
  saxpy(n, 2.0f, x, y);
  smooth(n, y, out);
  printf("sum(y)   = %.1f\n", total(n, y));
  printf("sum(out) = %.1f\n", total(n, out));
  free(x);
  free(y);
  free(out);
  return 0;
}
