// The smallest offload program: one target region on one int. What it
// costs to start is what any offload program pays before its own work
// (test/bench/startup-overhead).
#include <stdio.h>

int main(void) {
  int x = 41;
#pragma omp target map(tofrom: x)
  x += 1;
  printf("x %d\n", x);
  return 0;
}
