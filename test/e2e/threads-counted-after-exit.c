// Copies counted per thread add up in the run report: threads that run at
// once, threads started one after another (each exits before the next
// starts, so they pass one set of counts along: rtl/ledger_threads.c), and
// the main thread all map the same site; the report counts every copy
// once, per variable, per device and in total, and the timeline (which
// keeps the first 4096 events) counts the rest as not kept. The output is
// bare's.
//
// RUN: %clang-offload %s -o %t -lpthread
// RUN: rm -f %t.json
// RUN: env OWNMAP_COMPARE_ENV=OWNMAP_REPORT=%t.json %compare-with-plugin %t 2>%t.err
// RUN: count 0 < %t.err
// RUN: python3 %S/Inputs/check-threads-counted.py %t.json

#include <pthread.h>
#include <stdio.h>

enum { TOGETHER = 4, TOGETHER_REGIONS = 600, IN_TURN = 40, IN_TURN_REGIONS = 30,
       MAIN_REGIONS = 100 };

static void *offload(void *arg) {
  long regions = (long)arg;
  float x[4] = {1, 2, 3, 4};
  for (long i = 0; i < regions; i++) {
#pragma omp target map(tofrom : x[0:4])
    x[i % 4] += 1.0f;
  }
  return (void *)(long)(x[0] + x[1] + x[2] + x[3]);
}

int main(void) {
  long sum = 0;
  pthread_t together[TOGETHER];
  for (int t = 0; t < TOGETHER; t++)
    pthread_create(&together[t], NULL, offload, (void *)(long)TOGETHER_REGIONS);
  for (int t = 0; t < TOGETHER; t++) {
    void *result;
    pthread_join(together[t], &result);
    sum += (long)result;
  }
  for (int t = 0; t < IN_TURN; t++) {
    pthread_t thread;
    void *result;
    pthread_create(&thread, NULL, offload, (void *)(long)IN_TURN_REGIONS);
    pthread_join(thread, &result);
    sum += (long)result;
  }
  sum += (long)offload((void *)(long)MAIN_REGIONS);
  printf("threads checksum %ld\n", sum);
  return 0;
}
