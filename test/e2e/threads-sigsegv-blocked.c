// Threads with SIGSEGV blocked, as signal-handling threads and many
// runtimes have them (here inherited from main, which blocks everything
// before it creates them; and a handler whose sa_mask blocks everything):
// their first touch of a buffer whose results are still on the device must
// not kill the program. Also a genuine fault on such a thread still kills
// it with SIGSEGV, as without the plugin.
//
// RUN: %clang-offload %s -o %t -lpthread
// RUN: %compare-with-plugin %t
// RUN: env OWNMAP_COMPARE_ENV=OWNMAP_CHECKS=full %compare-with-plugin %t
// RUN: env OWNMAP_COMPARE_ENV=OWNMAP_ELIDE=safe %compare-with-plugin %t
// RUN: not --crash %t crash 2>&1 | FileCheck %s --check-prefix=BARE
// RUN: not --crash %ownmap-run -- %t crash 2>&1 | FileCheck %s --check-prefix=BARE
// BARE: masked: before the genuine fault
// BARE-NOT: after the genuine fault

#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { N = 1 << 18 };

static double *b;
static volatile sig_atomic_t handled;

static void *reader(void *arg) {
  double sum = 0;
  for (int i = 0; i < N; i++)
    sum += b[i];
  *(double *)arg = sum;
  return NULL;
}

/* Runs with every signal blocked (sa_mask full) and touches b. */
static void on_usr1(int signal) {
  (void)signal;
  double sum = 0;
  for (int i = 0; i < N; i += 512)
    sum += b[i];
  handled = sum > 0 ? 1 : 2;
}

static void step(int s) {
  double *data = b;
#pragma omp target teams distribute parallel for map(tofrom: data[0:N])
  for (int i = 0; i < N; i++)
    data[i] = 2 * data[i] + s;
}

static void *blocked_sigsegv_check(void *arg) {
  (void)arg;
  printf("masked: before the genuine fault\n");
  fflush(stdout);
  *(volatile int *)16 = 1; /* SIGSEGV blocked: the kernel kills the process */
  printf("masked: after the genuine fault\n");
  return NULL;
}

int main(int argc, char **argv) {
  sigset_t all, old;
  sigfillset(&all);
  pthread_sigmask(SIG_BLOCK, &all, &old); /* threads inherit it */
  sigset_t seen;
  pthread_sigmask(SIG_SETMASK, NULL, &seen);
  printf("main sees SIGSEGV blocked: %d\n", sigismember(&seen, SIGSEGV));
  if (argc > 1 && strcmp(argv[1], "crash") == 0) {
    pthread_t t;
    pthread_create(&t, NULL, blocked_sigsegv_check, NULL);
    pthread_join(t, NULL);
    return 0;
  }
  b = malloc(N * sizeof *b);
  for (int i = 0; i < N; i++)
    b[i] = i % 11;
  for (int s = 0; s < 3; s++) {
    step(s);
    double sum;
    pthread_t t;
    pthread_create(&t, NULL, reader, &sum);
    pthread_join(t, NULL);
    printf("step %d: %.17g\n", s, sum);
  }
  struct sigaction action = {.sa_handler = on_usr1};
  sigfillset(&action.sa_mask);
  sigaction(SIGUSR1, &action, NULL);
  step(3);
  sigset_t usr1;
  sigemptyset(&usr1);
  sigaddset(&usr1, SIGUSR1);
  pthread_sigmask(SIG_UNBLOCK, &usr1, NULL);
  raise(SIGUSR1);
  printf("handler: %d\n", (int)handled);
  struct sigaction now;
  sigaction(SIGUSR1, NULL, &now);
  printf("handler mask keeps SIGSEGV: %d\n", sigismember(&now.sa_mask, SIGSEGV));
  free(b);
  return 0;
}
