// Map-type semantics the shadow must follow without false findings: struct
// members (MEMBER_OF) and pointer members (PTR_AND_OBJ), always, present,
// release, delete, ompx_hold, zero-length sections, implicit maps that
// extend a mapping, a declare target global, nested data regions; also a
// forked child offloading. Output is the same with and without the plugin,
// and there is no finding.
//
// RUN: %clang-offload %s -o %t
// RUN: env OWNMAP_COMPARE_ENV=OWNMAP_SUMMARY=1 %compare-with-plugin %t 2>%t.err
// RUN: not grep -E "ownmap: (warning|error)" %t.err
// RUN: FileCheck %s < %t.err

#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

enum { N = 64 };

typedef struct {
  int n;
  double scale;
  double *data;
} field;

#pragma omp declare target
double table[N];
#pragma omp end declare target

static void scale_field(field *f) {
#pragma omp target map(to: f->n, f->scale) map(tofrom: f->data[0:f->n])
  for (int i = 0; i < f->n; i++)
    f->data[i] *= f->scale;
}

int main(void) {
  field f = {N, 1.5, malloc(N * sizeof(double))};
  for (int i = 0; i < N; i++) {
    f.data[i] = i;
    table[i] = 2 * i;
  }
  scale_field(&f);

  // Nested regions, always, present and release.
  double *v = malloc(N * sizeof *v);
  for (int i = 0; i < N; i++)
    v[i] = 1;
#pragma omp target data map(to: v[0:N])
  {
#pragma omp target data map(tofrom: v[0:N])
    {
#pragma omp target map(present, tofrom: v[0:N])
      for (int i = 0; i < N; i++)
        v[i] += 1;
    }
#pragma omp target map(always, tofrom: v[0:N])
    for (int i = 0; i < N; i++)
      v[i] *= 3;
  }

  // ompx_hold keeps the data through a delete; a zero-length section is fine.
#pragma omp target data map(ompx_hold, tofrom: v[0:N])
  {
#pragma omp target enter data map(to: v[0:N])
#pragma omp target exit data map(delete: v[0:N])
#pragma omp target map(tofrom: v[0:0])
    { }
#pragma omp target
    for (int i = 0; i < N; i++)
      v[i] += 0.5;
  }

  // A part mapped, then a kernel that uses the whole array implicitly
  // through a pointer (an implicit zero-length map of the pointee).
#pragma omp target enter data map(to: v[0:N / 2])
  double *p = v;
#pragma omp target
  p[0] += 100;
#pragma omp target exit data map(from: v[0:N / 2])

  // The declare target global is present from the start.
#pragma omp target update to(table[0:N])
#pragma omp target map(tofrom: table[0:N])
  for (int i = 0; i < N; i++)
    table[i] += 1;
#pragma omp target update from(table[0:N])

  pid_t child = fork();
  if (child == 0) {
    double *w = malloc(N * sizeof *w);
    for (int i = 0; i < N; i++)
      w[i] = i;
#pragma omp target map(tofrom: w[0:N])
    for (int i = 0; i < N; i++)
      w[i] *= 2;
    free(w);
    _exit(w == NULL);
  }
  int status = 0;
  waitpid(child, &status, 0);

  double sum = 0;
  for (int i = 0; i < N; i++)
    sum += f.data[i] + v[i] + table[i];
  printf("semantics sum %.2f child %d\n", sum, WIFEXITED(status) ? WEXITSTATUS(status) : -1);
  free(v);
  free(f.data);
  return 0;
}
// CHECK: ownmap: transfer summary
