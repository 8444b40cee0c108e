// exit() while another thread offloads: once exit has begun, the plugin
// holds and protects nothing more, so that a thread still offloading never
// meets protected memory while the runtime tears itself down. Here the
// program's own exit handler (registered before the first kernel, so it
// runs after the plugin's) has another thread run a kernel on its buffer,
// then checks that the buffer's pages are plain read-write memory and
// reads the results.
//
// RUN: %clang-offload %s -o %t -lpthread
// RUN: %compare-with-plugin %t
// RUN: env OWNMAP_COMPARE_ENV=OWNMAP_CHECKS=full %compare-with-plugin %t
// RUN: env OWNMAP_COMPARE_ENV=OWNMAP_ELIDE=safe %compare-with-plugin %t

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { N = 1 << 18 };

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t changed = PTHREAD_COND_INITIALIZER;
static int requested, done;
static double *x;

static void step(double *data, int s) {
#pragma omp target teams distribute parallel for map(tofrom: data[0:N])
  for (int i = 0; i < N; i++)
    data[i] = data[i] * 0.5 + s;
}

static void *offloader(void *arg) {
  (void)arg;
  for (int s = 1;; s++) {
    pthread_mutex_lock(&lock);
    while (requested < s)
      pthread_cond_wait(&changed, &lock);
    pthread_mutex_unlock(&lock);
    step(x, s);
    pthread_mutex_lock(&lock);
    done = s;
    pthread_cond_broadcast(&changed);
    pthread_mutex_unlock(&lock);
  }
  return NULL;
}

static void run_step(int s) {
  pthread_mutex_lock(&lock);
  requested = s;
  pthread_cond_broadcast(&changed);
  while (done < s)
    pthread_cond_wait(&changed, &lock);
  pthread_mutex_unlock(&lock);
}

/* Whether every page of [begin, end) is mapped rw in /proc/self/maps. */
static int plain_memory(uintptr_t begin, uintptr_t end) {
  FILE *maps = fopen("/proc/self/maps", "r");
  char line[512];
  uintptr_t covered = begin;
  int plain = 1;
  while (maps != NULL && fgets(line, sizeof line, maps) != NULL) {
    unsigned long low, high;
    char perms[8];
    if (sscanf(line, "%lx-%lx %7s", &low, &high, perms) != 3 || high <= begin || low >= end)
      continue;
    if (strncmp(perms, "rw", 2) != 0)
      plain = 0;
    if (low <= covered && high > covered)
      covered = high;
  }
  if (maps != NULL)
    fclose(maps);
  return plain && covered >= end;
}

static void at_exit(void) {
  run_step(2); /* another thread offloads after exit has begun */
  uintptr_t page = 4096, begin = ((uintptr_t)x + page - 1) & ~(page - 1);
  uintptr_t end = ((uintptr_t)(x + N)) & ~(page - 1);
  printf("pages plain read-write after exit began: %d\n", plain_memory(begin, end));
  double sum = 0;
  for (int i = 0; i < N; i++)
    sum += x[i];
  printf("sum after exit began: %.17g\n", sum);
}

int main(void) {
  atexit(at_exit);
  x = malloc(N * sizeof *x);
  for (int i = 0; i < N; i++)
    x[i] = i % 13;
  pthread_t thread;
  pthread_create(&thread, NULL, offloader, NULL);
  run_step(1);
  printf("x[7] after step 1: %g\n", x[7]);
  exit(0);
}
