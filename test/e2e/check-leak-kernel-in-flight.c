// Check: exit() while another thread is inside a kernel. The kernel's own
// maps are not leaks (the construct is still running), so they are not
// reported; a real leak in the same run (an enter data never exited) still
// is. The kernel blocks in a read from a pipe nobody writes, so the runtime
// unloading its device code at exit never returns into it: the program
// ends the same way with and without the plugin. Once with an array small
// enough to stay with the runtime, once with one that transfer elision
// takes over.
//
// gpu-build-e2e: host-only (the kernel reads a pipe and asks for its thread id: system calls only the host device can make)
//
// RUN: %clang-offload %s -o %t -lpthread
// RUN: %compare-with-plugin %t 2>%t.err
// RUN: FileCheck %s --implicit-check-not='x[0:' < %t.err
// RUN: env OWNMAP_COMPARE_ENV=OWNMAP_CHECKS=full %compare-with-plugin %t 2>%t.full
// RUN: FileCheck %s --implicit-check-not='x[0:' < %t.full
// RUN: %clang-offload -DN='(1 << 18)' %s -o %t-large -lpthread
// RUN: %compare-with-plugin %t-large 2>%t-large.err
// RUN: FileCheck %s --implicit-check-not='x[0:' < %t-large.err
// RUN: env OWNMAP_COMPARE_ENV=OWNMAP_ELIDE=safe %compare-with-plugin %t-large 2>%t-safe.err
// RUN: FileCheck %s --implicit-check-not='x[0:' < %t-safe.err

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifndef N
#define N 1024
#endif

static int pipe_ends[2];
static int kernel_state[2]; /* [0]: the kernel started; [1]: its thread's id */
static double *x;

static void *offloader(void *arg) {
  (void)arg;
  int *state = kernel_state;
  int input = pipe_ends[0];
#pragma omp target map(tofrom: x[0:N]) is_device_ptr(state)
  {
    char byte;
    __atomic_store_n(&state[1], (int)syscall(SYS_gettid), __ATOMIC_SEQ_CST);
    __atomic_store_n(&state[0], 1, __ATOMIC_SEQ_CST);
    if (read(input, &byte, 1) == 1)
      x[0] = byte;
  }
  return NULL;
}

/* Whether thread tid sleeps: once the kernel started, only in its read. */
static int sleeping(int tid) {
  char path[64], line[256];
  snprintf(path, sizeof path, "/proc/self/task/%d/stat", tid);
  FILE *stat = fopen(path, "r");
  if (stat == NULL)
    return 0;
  int asleep = fgets(line, sizeof line, stat) != NULL && strstr(line, ") S ") != NULL;
  fclose(stat);
  return asleep;
}

// CHECK: ownmap: warning: leaked[0:{{[^]]+}}] (declared at check-leak-kernel-in-flight.c:[[#@LINE+3]]) mapped at check-leak-kernel-in-flight.c:[[#@LINE+4]] in main is still mapped on device 0 at exit ({{.*}}, reference count 1): its device memory leaks
int main(void) {
  x = calloc(N, sizeof *x);
  double *leaked = calloc(N, sizeof *leaked);
#pragma omp target enter data map(to: leaked[0:N])
  if (pipe(pipe_ends) != 0)
    return 1;
  pthread_t thread;
  if (pthread_create(&thread, NULL, offloader, NULL) != 0)
    return 1;
  while (!__atomic_load_n(&kernel_state[0], __ATOMIC_SEQ_CST) || !sleeping(kernel_state[1]))
    usleep(1000);
  printf("exit while the kernel runs\n");
  fflush(stdout);
  exit(0);
}
