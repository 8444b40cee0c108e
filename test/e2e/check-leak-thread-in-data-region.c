// Check: exit() while another thread is inside a `target data` region. Its
// maps are not leaks the plugin can tell (the runtime's entry points do not
// tell a region from an `enter data`, and the thread might still leave the
// region): they get a note naming the thread, not a leak warning. Real
// leaks in the same run still are warnings: an `enter data` of the exiting
// thread never exited, and one of a thread that has finished. (Before, the
// region's array was reported as leaked, with the advice to add `target
// exit data`.)
//
// RUN: %clang-offload %s -o %t -lpthread
// RUN: %compare-with-plugin %t 2>%t.err
// RUN: FileCheck %s --implicit-check-not='warning: region' < %t.err
// RUN: env OWNMAP_COMPARE_ENV=OWNMAP_CHECKS=full %compare-with-plugin %t 2>%t.full
// RUN: FileCheck %s --implicit-check-not='warning: region' < %t.full

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

enum { N = 1024 };

static int entered[2]; /* the region's thread writes a byte once inside */

// CHECK-DAG: ownmap: warning: finished_leak[0:N] (declared at check-leak-thread-in-data-region.c:[[#@LINE+3]]) {{.*}} is still mapped on device 0 at exit ({{.*}}): its device memory leaks
static void *finishes_with_a_leak(void *arg) {
  (void)arg;
  double *finished_leak = calloc(N, sizeof *finished_leak);
#pragma omp target enter data map(to: finished_leak[0:N])
  return NULL;
}

// CHECK-DAG: ownmap: region[0:N] (declared at check-leak-thread-in-data-region.c:[[#@LINE+3]]) {{.*}} is still mapped on device 0 at exit by thread {{[0-9]+}}, which was still running (inside a target data region, or with an enter data it may yet end): not reported as a leak
static void *stays_in_a_region(void *arg) {
  (void)arg;
  double *region = calloc(N, sizeof *region);
#pragma omp target data map(tofrom: region[0:N])
  {
#pragma omp target
    region[0] += 1;
    char byte = 1;
    if (write(entered[1], &byte, 1) != 1)
      abort();
    for (;;)
      pause();
  }
  return NULL;
}

// CHECK-DAG: ownmap: warning: leaked[0:N] (declared at check-leak-thread-in-data-region.c:[[#@LINE+2]]) {{.*}} is still mapped on device 0 at exit ({{.*}}): its device memory leaks
int main(void) {
  double *leaked = calloc(N, sizeof *leaked);
#pragma omp target enter data map(to: leaked[0:N])
  pthread_t finisher, stayer;
  if (pipe(entered) != 0 || pthread_create(&finisher, NULL, finishes_with_a_leak, NULL) != 0 ||
      pthread_join(finisher, NULL) != 0 ||
      pthread_create(&stayer, NULL, stays_in_a_region, NULL) != 0)
    return 1;
  char byte;
  if (read(entered[0], &byte, 1) != 1)
    return 1;
  printf("exit while a thread is inside a target data region\n");
  fflush(stdout);
  exit(0);
}
