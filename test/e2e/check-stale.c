// Check (OWNMAP_CHECKS=full): the host reads a buffer after a kernel changed
// its device copy and before `target update from`. The warning names the
// variable, where it was declared and the kernel that may have changed it;
// the program's output is unchanged. A read() into such a buffer succeeds
// (and is reported), and the program's own SIGSEGV handler still runs for
// faults that are not the check's. The default checks (fast) report nothing.
//
// RUN: %clang-offload %s -o %t
// RUN: env OWNMAP_COMPARE_ENV=OWNMAP_CHECKS=full %compare-with-plugin %t 2>%t.err
// RUN: FileCheck %s < %t.err
// RUN: %compare-with-plugin %t 2>%t.fast
// RUN: not grep -E "ownmap: (warning|error)" %t.fast

#include <fcntl.h>
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

enum { N = 8192 }; /* 64 KiB: many whole pages */

static sigjmp_buf recover;

static void own_handler(int signal) { siglongjmp(recover, signal); }

int main(void) {
  double *field = malloc(N * sizeof *field);
  char *bytes = malloc(N * sizeof(double));
  for (int i = 0; i < N; i++)
    field[i] = i;
#pragma omp target enter data map(to: field[0:N]) map(alloc: bytes[0:N * sizeof(double)])
  // CHECK: ownmap: warning: field[0:N] (declared at check-stale.c:[[#@LINE-5]]) mapped at check-stale.c:[[#@LINE+1]] in main is read or written by the host (at 0x{{[0-9a-f]+}}) while the kernel there may have changed its copy on device 0 and before the copy came back: the host sees stale data. Fix: add target update from(...) (or unmap with map(from: ...)) before the host uses it
#pragma omp target teams distribute parallel for map(tofrom: field[0:N])
  for (int i = 0; i < N; i++)
    field[i] = 2.0 * i;
  double stale = field[N / 2]; // the host copy: not updated yet
#pragma omp target update from(field[0:N])
  double fresh = field[N / 2];

  // CHECK: ownmap: warning: bytes[0:N * sizeof(double)] {{.*}} is written by read() (at 0x{{[0-9a-f]+}})
#pragma omp target teams distribute parallel for map(tofrom: bytes[0:N * sizeof(double)])
  for (int i = 0; i < N * (int)sizeof(double); i++)
    bytes[i] = 1;
  int fd = open("/dev/zero", O_RDONLY);
  ssize_t got = read(fd, bytes, N * sizeof(double));
  close(fd);
#pragma omp target exit data map(release: field[0:N], bytes[0:N * sizeof(double)])

  struct sigaction action = {.sa_handler = own_handler};
  sigemptyset(&action.sa_mask);
  sigaction(SIGSEGV, &action, NULL);
  volatile int *nowhere = NULL;
  int caught = sigsetjmp(recover, 1);
  if (caught == 0)
    *nowhere = 1;
  // CHECK-NOT: ownmap: {{warning|error}}
  printf("stale %.1f fresh %.1f read %zd first byte %d own handler %s\n", stale, fresh, got,
         bytes[0], caught == SIGSEGV ? "ran" : "did not run");
  free(bytes);
  free(field);
  return 0;
}
