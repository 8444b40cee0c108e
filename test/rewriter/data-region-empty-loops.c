// A data region maps the union of its loops' sections. Each loop's section
// is empty where the loop runs zero times, but it still lies somewhere
// (`a[0:m * n]` at 0, `a[n:m * n]` at n), and the hull of two empty
// sections is not empty: with m = 0 the region used to map a[0:n], elements
// the program never reads and may not have. Now the union is guarded by
// the condition that some loop reaches something. Here `a` ends at a page
// that cannot be read: mapping a[0:n] made the offloaded program fault.
// RUN: %ownmap-rewrite --no-line-directives %s -- | FileCheck %s --strict-whitespace
// RUN: %ownmap-rewrite %s -o %t.rw.c --
// RUN: %clang-offload %t.rw.c -o %t.omp && %t.omp > %t.omp.out
// RUN: %clang-serial %s -o %t.ser && %t.ser > %t.ser.out
// RUN: diff %t.ser.out %t.omp.out
#include <ownmap.h>
#include <stdio.h>
#include <sys/mman.h>
#include <unistd.h>

OM_KERNEL OM_FACT(n >= 0) OM_FACT(m >= 0) void
relax_rows(int n, int m, int steps, OM_IN const float *a, OM_INOUT float *c) {
  for (int step = 0; step < steps; ++step) {
    for (int i = 0; i < m; ++i)
      for (int j = 0; j < n; ++j)
        c[i * n + j] += a[i * n + j];
    for (int i = 0; i < m; ++i)
      for (int j = 0; j < n; ++j)
        c[i * n + j] += a[(i + 1) * n + j];
  }
}
// CHECK:      {{^}}  if (m * n > 0) ownmap_check_exclusive("relax_rows", "OM_INOUT", "c", c, c + (m * n), "a", a, a + (n + m * n));{{$}}
// CHECK-NEXT: {{^}}  #pragma omp target data map(to: a[0:(m * n > 0) * (n + m * n)]) map(tofrom: c[0:(m * n > 0) * (m * n)]){{$}}

int main(void) {
  enum { N = 4, M = 3 };
  float a[(M + 1) * N], c[M * N];
  for (int i = 0; i < (M + 1) * N; ++i)
    a[i] = (float)(i % 5);
  for (int i = 0; i < M * N; ++i)
    c[i] = 1.0f;
  relax_rows(N, M, 2, a, c);
  // No rows: nothing of `a` is read, and it ends where memory does.
  long page = sysconf(_SC_PAGESIZE);
  char *pages = mmap(NULL, 2 * (size_t)page, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (pages == MAP_FAILED || mprotect(pages + page, page, PROT_NONE) != 0)
    return 1;
  const float *at_end = (const float *)(pages + page);
  relax_rows(1024, 0, 3, at_end, c);
  double s = 0;
  for (int i = 0; i < M * N; ++i)
    s += c[i] * (i % 7 + 1);
  printf("data-region-empty-loops %.1f\n", s);
  return 0;
}
