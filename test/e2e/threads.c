// Several host threads offload at once, each on its own buffer: every copy
// is counted, none twice or lost.
//
// RUN: %clang-offload %s -o %t -lpthread
// RUN: env OWNMAP_COMPARE_ENV=OWNMAP_SUMMARY=1 %compare-with-plugin %t 2>%t.err
// RUN: not grep -E "ownmap: (warning|error)" %t.err
// RUN: FileCheck %s < %t.err

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

enum { THREADS = 4, ROUNDS = 5, N = 1024 };

// CHECK: ownmap: transfer summary
// CHECK-NEXT: ownmap: variable
// 4 threads x 5 rounds = 20 copies each way of 1024 doubles (8192 bytes).
// CHECK-NEXT: ownmap: buf[0:n] threads.c:[[#@LINE+1]] 163840 20 163840 20
static void relax(int n, double *buf, double weight) {
#pragma omp target teams distribute parallel for map(tofrom: buf[0:n])
  for (int i = 0; i < n; i++)
    buf[i] = buf[i] * weight + (1.0 - weight) * (double)(i % 10);
}

typedef struct {
  int id;
  double *buf;
  double sum;
} worker;

static void *work(void *arg) {
  worker *w = arg;
  for (int round = 0; round < ROUNDS; round++)
    relax(N, w->buf, 0.5 + 0.1 * w->id);
  w->sum = 0;
  for (int i = 0; i < N; i++)
    w->sum += w->buf[i] * (1 + i % 4);
  return NULL;
}

int main(void) {
  pthread_t threads[THREADS];
  worker workers[THREADS];
  for (int t = 0; t < THREADS; t++) {
    workers[t].id = t;
    workers[t].buf = malloc(N * sizeof(double));
    for (int i = 0; i < N; i++)
      workers[t].buf[i] = (double)((i * (t + 3)) % 17);
    pthread_create(&threads[t], NULL, work, &workers[t]);
  }
  double checksum = 0;
  for (int t = 0; t < THREADS; t++) {
    pthread_join(threads[t], NULL);
    checksum += workers[t].sum * (t + 1);
    free(workers[t].buf);
  }
  printf("threads checksum %.6f\n", checksum);
  return 0;
}
// CHECK-NEXT: ownmap: total 163840 20 163840 20
