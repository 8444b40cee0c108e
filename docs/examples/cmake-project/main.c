/* main.c - the heat example: a hot spot spreads along a rod for HEAT_STEPS
 * steps (set by the build), then the program prints a checksum. */
#include "stencil.h"

#include <stdio.h>
#include <stdlib.h>

enum { CELLS = 4096 };

int main(void) {
  double *a = calloc(CELLS, sizeof *a);
  double *b = calloc(CELLS, sizeof *b);
  if (a == NULL || b == NULL)
    return 1;
  a[CELLS / 2] = 1024.0;
  for (int step = 0; step < HEAT_STEPS; ++step) {
    heat_step(CELLS, a, b);
    double *swap = a;
    a = b;
    b = swap;
  }
  /* Integer-valued weights: scale so the checksum is exact. */
  double weighted = 0.0;
  for (int i = 0; i < CELLS; ++i)
    weighted += a[i] * (double)(i % 7);
  printf("heat steps %d total %.6f weighted %.6f\n", HEAT_STEPS, heat_total(CELLS, a), weighted);
  free(a);
  free(b);
  return 0;
}
