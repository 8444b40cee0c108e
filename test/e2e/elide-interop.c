// A section the plugin keeps on the device without the program mapping it
// must behave as unmapped: omp_target_is_present says no, `target update`
// of it changes nothing, `enter data`/`update`/`exit data` work as usual,
// a freed and reallocated buffer at the same address gets the new data, and
// a forked child sees the kernel's results.
//
// RUN: %clang-offload %s -o %t
// RUN: %compare-with-plugin %t
// RUN: env OWNMAP_COMPARE_ENV=OWNMAP_ELIDE=safe %compare-with-plugin %t

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

enum { N = 1 << 16 };

static void bump(double *v, double by) {
#pragma omp target teams distribute parallel for map(tofrom: v[0:N])
  for (int i = 0; i < N; i++)
    v[i] += by;
}

static double sum(const double *v) {
  double s = 0;
  for (int i = 0; i < N; i++)
    s += v[i] * (i % 5 + 1);
  return s;
}

int main(void) {
  int device = omp_get_default_device();
  double *v = malloc(N * sizeof *v);
  for (int i = 0; i < N; i++)
    v[i] = i % 7;
  bump(v, 1.0);
  bump(v, 2.0);
  printf("present after kernels: %d\n", omp_target_is_present(v, device));

  // Not mapped: the update is a no-op and the host's write stays.
  v[N / 2] = 100.0;
#pragma omp target update from(v[0:N])
  printf("after update of unmapped data: %g\n", v[N / 2]);

#pragma omp target enter data map(to: v[0:N])
  printf("present after enter data: %d\n", omp_target_is_present(v, device));
#pragma omp target teams distribute parallel for
  for (int i = 0; i < N; i++)
    v[i] *= 2.0;
#pragma omp target update from(v[0:N])
  printf("after enter/update: %.17g\n", sum(v));
#pragma omp target exit data map(delete: v[0:N])
  bump(v, 0.5);
  printf("after exit data and a kernel: %.17g\n", sum(v));

  free(v);
  double *w = malloc(N * sizeof *w); // often at the same address
  for (int i = 0; i < N; i++)
    w[i] = -(i % 3);
  bump(w, 3.0);
  printf("new buffer: %.17g\n", sum(w));

  bump(w, 1.0);
  fflush(stdout);
  pid_t child = fork();
  if (child == 0) {
    printf("child sees: %.17g\n", sum(w));
    fflush(stdout);
    _exit(0);
  }
  int status;
  waitpid(child, &status, 0);
  printf("parent sees: %.17g (child exit %d)\n", sum(w), WEXITSTATUS(status));
  free(w);
  return 0;
}
