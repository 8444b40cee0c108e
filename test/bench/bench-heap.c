// The cost of the malloc family under the plugin, as host code that
// allocates a lot (C++ containers, string handling) pays it: PAIRS
// malloc/free pairs of 16-256 bytes, up to 64 blocks live at a time,
// timed while the plugin holds device copies of the program's mapped
// arrays (two kernels have run on them, so elision has taken them over).
// Prints `seconds S`, the loop's thread's CPU time (its wall time would
// count the time other processes and the runtime's spinning threads take
// the core from it), and a checksum of the blocks' contents.
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double thread_seconds(void) {
  struct timespec now;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  return (double)now.tv_sec + 1e-9 * (double)now.tv_nsec;
}

enum { N = 1 << 20, LIVE = 64 };

int main(int argc, char **argv) {
  long pairs = argc > 1 ? atol(argv[1]) : 3000000;
  double *a = malloc(N * sizeof *a), *b = malloc(N * sizeof *b);
  for (int i = 0; i < N; i++)
    a[i] = i % 7;
  for (int step = 0; step < 2; step++) {
#pragma omp target teams distribute parallel for map(to: a[0:N]) map(tofrom: b[0:N])
    for (int i = 0; i < N; i++)
      b[i] = a[i] + step;
  }
  unsigned char *live[LIVE] = {0};
  unsigned long checksum = 0;
  double start = thread_seconds();
  for (long i = 0; i < pairs; i++) {
    size_t size = 16 + (size_t)(i * 37 % 241);
    unsigned char **slot = &live[i % LIVE];
    if (*slot != NULL) {
      checksum += (*slot)[0];
      free(*slot);
    }
    *slot = malloc(size);
    (*slot)[0] = (unsigned char)i;
  }
  double seconds = thread_seconds() - start;
  for (int k = 0; k < LIVE; k++)
    free(live[k]);
  printf("seconds %.6f\n", seconds);
  printf("checksum %lu %.1f\n", checksum, b[N - 1]);
  free(a);
  free(b);
  return 0;
}
