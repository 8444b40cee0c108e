/* elision-bench.h - helpers shared by the transfer-elision benchmarks
 * (test/bench/bench-<name>-{naive,tuned,annotated}.c; docs/bench.md).
 *
 * Every benchmark prints `checksum <value>` on stdout, identical across its
 * variants and between serial and offload builds, and `time_s <seconds>` of
 * its timed part on stderr, so stdout stays comparable.
 */
#ifndef ELISION_BENCH_H
#define ELISION_BENCH_H

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static inline double bench_seconds(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* argv[index] as a positive integer, or fallback when the program got fewer
 * arguments. Exits with status 2 on anything else. */
static inline int bench_arg(int argc, char **argv, int index, int fallback) {
  if (index >= argc)
    return fallback;
  char *end;
  errno = 0;
  long value = strtol(argv[index], &end, 10);
  if (errno != 0 || *end != '\0' || value <= 0 || value > 0x7fffffff) {
    fprintf(stderr, "%s: argument %d ('%s') is not a positive int\n", argv[0], index,
            argv[index]);
    exit(2);
  }
  return (int)value;
}

static inline void *bench_alloc(size_t count, size_t size) {
  void *p = malloc(count * size);
  if (!p) {
    fprintf(stderr, "out of memory allocating %zu x %zu bytes\n", count, size);
    exit(1);
  }
  return p;
}

/* Starts the offload device before the clock does, so that device and image
 * initialisation are timed in no variant. Nothing happens in a serial build. */
static inline void bench_start_device(void) {
#ifdef _OPENMP
#pragma omp target
  {
  }
#endif
}

/* A deterministic, irregular integer in [0, mod): the input pattern of
 * every benchmark (no rand(), so all builds see the same input). */
static inline int bench_pattern(int i, int mult, int mod) { return (int)((long)i * mult % mod); }

/* Sum of x[i] * (i % 7 + 1) in index order: the same bits whenever x holds
 * the same bits. */
static inline double bench_weighted_sum(const float *x, int n) {
  double sum = 0;
  for (int i = 0; i < n; ++i)
    sum += (double)x[i] * (double)(i % 7 + 1);
  return sum;
}

static inline void bench_report(double checksum, double seconds) {
  printf("checksum %.17g\n", checksum);
  fprintf(stderr, "time_s %.6f\n", seconds);
}

#endif /* ELISION_BENCH_H */
