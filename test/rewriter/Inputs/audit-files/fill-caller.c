#include <stdio.h>
#include <stdlib.h>

void fill(int n, double *x);

int main(void) {
  double *y = malloc(8 * sizeof(double));
  fill(8, y);
  printf("%f\n", y[1]);
  free(y);
  return 0;
}
