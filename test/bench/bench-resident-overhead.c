/* bench-resident-overhead [REGIONS]: like bench-region-overhead, but the
 * array is made resident first (target enter data), so every region finds
 * it present and copies nothing: the plugin's shadow answers for the map
 * without asking the runtime. Prints the mean time per region; run bare and
 * under the plugin by test/bench/region-overhead. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  long regions = argc > 1 ? atol(argv[1]) : 100000;
  if (regions <= 0) {
    fprintf(stderr, "usage: bench-resident-overhead [REGIONS>0]\n");
    return 2;
  }
  float x[4] = {1, 2, 3, 4};
#pragma omp target enter data map(to : x[0:4])
  for (int i = 0; i < 100; i++) {
#pragma omp target map(tofrom : x[0:4])
    x[i % 4] += 1.0f;
  }
  double start = omp_get_wtime();
  for (long i = 0; i < regions; i++) {
#pragma omp target map(tofrom : x[0:4])
    x[i % 4] += 1.0f;
  }
  double seconds = omp_get_wtime() - start;
#pragma omp target exit data map(from : x[0:4])
  printf("regions %ld us_per_region %.3f checksum %.0f\n", regions, seconds / regions * 1e6,
         (double)(x[0] + x[1] + x[2] + x[3]));
  return 0;
}
