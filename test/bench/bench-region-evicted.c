/* bench-region-evicted [REGIONS] [KIB]: the copying region of
 * bench-region-overhead (a 16-byte array mapped tofrom) whose kernel also
 * writes a byte in every 64-byte line of KIB KiB (default 2048) of device
 * memory. Built for the host device, that memory is the host's, so each
 * region evicts the caches between the plugin's hooks much as a GPU
 * driver's work does (docs/bench.md): the plugin's cost per region then
 * comes close to a GPU host's, and the parts that cache misses make dear
 * show on any machine. Prints the mean time per region; run by
 * test/bench/region-overhead like the others. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

enum { MAX_KIB = 8192 };

#pragma omp declare target
static char evicted[MAX_KIB * 1024];
#pragma omp end declare target

/* One region: the copying one of bench-region-overhead, and the eviction. */
static void region(float *x, long i, long bytes) {
#pragma omp target map(tofrom : x[0:4]) firstprivate(bytes)
  {
    for (long j = 0; j < bytes; j += 64)
      evicted[j]++;
    x[i % 4] += 1.0f;
  }
}

int main(int argc, char **argv) {
  long regions = argc > 1 ? atol(argv[1]) : 100000;
  long kib = argc > 2 ? atol(argv[2]) : 2048;
  if (regions <= 0 || kib < 0 || kib > MAX_KIB) {
    fprintf(stderr, "usage: bench-region-evicted [REGIONS>0] [KIB 0-%d]\n", MAX_KIB);
    return 2;
  }
  long bytes = kib * 1024;
  float x[4] = {1, 2, 3, 4};
  /* Warm-up: device initialisation and image loading stay out of the timing. */
  for (long i = 0; i < 100; i++)
    region(x, i, bytes);
  double start = omp_get_wtime();
  for (long i = 0; i < regions; i++)
    region(x, i, bytes);
  double seconds = omp_get_wtime() - start;
  printf("regions %ld us_per_region %.3f checksum %.0f\n", regions, seconds / regions * 1e6,
         (double)(x[0] + x[1] + x[2] + x[3]));
  return 0;
}
