// Sections of subscripts the kernel computes in a type wider than int
// compute in a type as wide: `long` and `ptrdiff_t` indices, a cast of
// the second factor (`i * (size_t)n`), unsigned sizes, an int size times
// a size_t one, a strided `long` loop. A product of int sizes is never
// printed as int arithmetic there (`(long)m * n`, not `m * n`, which
// overflows past INT_MAX); sizes that are already 64-bit (`size_t m, n`)
// need no cast. The same holds for every text printed from such a
// section: the exclusivity check, the reads-only fact, a data region's
// map and its element update, and the static report.
// RUN: %ownmap-rewrite --no-line-directives %s -o %t.rw.c --report=%t.json --report-format=json --
// RUN: FileCheck %s --strict-whitespace < %t.rw.c
// RUN: FileCheck %s --check-prefix=JSON < %t.json
// RUN: %clang-offload %t.rw.c -o %t.omp && %t.omp > %t.omp.out
// RUN: %clang-serial %s -o %t.ser && %t.ser > %t.ser.out
// RUN: diff %t.ser.out %t.omp.out
// The large run, offloaded: one byte array of 2,147,549,184 elements kept
// by a data region over two loops (about 4 GiB of memory).
// RUN: %t.omp 65536 32769 | FileCheck %s --check-prefix=LARGE
#include <ownmap.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

OM_KERNEL void long_indices(int m, int n, OM_IN const float *x,
                            OM_OUT float *y) {
  for (long i = 0; i < m; ++i)
    for (long j = 0; j < n; ++j)
      y[i * n + j] = x[i * n + j] + 1.0f;
}
// CHECK-LABEL: {{^}}OM_KERNEL void long_indices(
// CHECK:       {{^}}  if (m > 0 && n > 0) ownmap_check_exclusive("long_indices", "OM_OUT", "y", y, y + ((long)m * n), "x", x, x + ((long)m * n));{{$}}
// CHECK-NEXT:  {{^}}  ownmap_kernel_reads_only(x, (m > 0 && n > 0 ? (long)m * n : 0) * sizeof *x);{{$}}
// CHECK-NEXT:  {{^}}  #pragma omp target teams distribute parallel for collapse(2) map(to: x[0:(m > 0 && n > 0 ? (long)m * n : 0)]) map(from: y[0:(m > 0 && n > 0 ? (long)m * n : 0)]){{$}}

OM_KERNEL void ptrdiff_indices(int m, int n, OM_INOUT float *y) {
  for (ptrdiff_t i = 0; i < m; ++i)
    for (ptrdiff_t j = 0; j < n; ++j)
      y[i * n + j] *= 2.0f;
}
// CHECK-LABEL: {{^}}OM_KERNEL void ptrdiff_indices(
// CHECK:       {{^}}  #pragma omp target teams distribute parallel for collapse(2) map(tofrom: y[0:(m > 0 && n > 0 ? (long)m * n : 0)]){{$}}

OM_KERNEL void cast_second(int m, int n, OM_INOUT float *y) {
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j)
      y[i * (size_t)n + j] += 3.0f;
}
// CHECK-LABEL: {{^}}OM_KERNEL void cast_second(
// CHECK:       {{^}}  #pragma omp target teams distribute parallel for collapse(2) map(tofrom: y[0:(m > 0 && n > 0 ? (long)m * n : 0)]){{$}}

// Sizes that are size_t already compute in size_t: nothing to widen.
OM_KERNEL void size_t_bounds(size_t m, size_t n, OM_INOUT float *y) {
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j)
      y[i * n + j] -= 1.0f;
}
// CHECK-LABEL: {{^}}OM_KERNEL void size_t_bounds(
// CHECK:       {{^}}  #pragma omp target teams distribute parallel for collapse(2) map(tofrom: y[0:m * n]){{$}}

// unsigned values may pass INT_MAX: they compute in long too.
OM_KERNEL void unsigned_sizes(unsigned m, unsigned n, OM_INOUT float *y) {
  for (unsigned i = 0; i < m; ++i)
    for (unsigned j = 0; j < n; ++j)
      y[i * n + j] += 1.5f;
}
// CHECK-LABEL: {{^}}OM_KERNEL void unsigned_sizes(
// CHECK:       {{^}}  #pragma omp target teams distribute parallel for collapse(2) map(tofrom: y[0:(long)m * n]){{$}}

// An int size times a size_t one: the int comes first, so it is cast.
OM_KERNEL void mixed(int m, size_t n, OM_INOUT float *y) {
  for (int i = 0; i < m; ++i)
    for (size_t j = 0; j < n; ++j)
      y[i * n + j] += 0.5f;
}
// CHECK-LABEL: {{^}}OM_KERNEL void mixed(
// CHECK:       {{^}}  #pragma omp target teams distribute parallel for collapse(2) map(tofrom: y[0:(m > 0 ? (long)m * n : 0)]){{$}}

// A strided loop's bounds compute in the loop's type (long): its
// condition and the count of its steps too.
OM_KERNEL void strided(int m, int n, OM_INOUT float *y) {
  for (long i = 0; i < (long)m * n; i += 2)
    y[i] += 4.0f;
}
// CHECK-LABEL: {{^}}OM_KERNEL void strided(
// CHECK:       {{^}}  #pragma omp target teams distribute parallel for map(tofrom: y[0:((long)m * n > 0 ? 2 * (long)(((long)m * n - 1) / 2) + 1 : 0)]){{$}}

// A data region over two loops, and the element the host writes between
// them.
OM_KERNEL void shared(int m, int n, OM_INOUT unsigned char *y) {
  for (long i = 0; i < m; ++i)
    for (long j = 0; j < n; ++j)
      y[i * n + j] += 1;
  y[(size_t)(m - 1) * n] = 7;
  for (long i = 0; i < m; ++i)
    for (long j = 0; j < n; ++j)
      y[i * n + j] += 2;
}
// CHECK-LABEL: {{^}}OM_KERNEL void shared(
// CHECK:       {{^}}  #pragma omp target data map(tofrom: y[0:(m > 0) * (n > 0) * ((long)m * n)]){{$}}
// CHECK:       {{^}}  #pragma omp target update to(y[(long)m * n - n:1]){{$}}
// CHECK-LABEL: {{^}}int main(

// JSON-DAG: "section": "y[0:(m > 0 && n > 0 ? (long)m * n : 0)]"
// JSON-DAG: "check": "if (m > 0 && n > 0) ownmap_check_exclusive(\"long_indices\", \"OM_OUT\", \"y\", y, y + ((long)m * n), \"x\", x, x + ((long)m * n));"

static double sum(const float *v, size_t count) {
  double s = 0;
  for (size_t k = 0; k < count; ++k)
    s += v[k] * (double)(k % 7 + 1);
  return s;
}

int main(int argc, char **argv) {
  if (argc > 2) {
    int m = atoi(argv[1]), n = atoi(argv[2]);
    size_t total = (size_t)m * n;
    unsigned char *y = calloc(total, 1);
    if (!y)
      return 2;
    shared(m, n, y);
    size_t threes = 0;
    for (size_t k = 0; k < total; k += 4096)
      threes += y[k] == 3;
    printf("wide-subscripts %zu elements, %zu sampled threes, last %u, "
           "written %u\n",
           total, threes, y[total - 1], y[total - n]);
    free(y);
    return 0;
  }
  enum { M = 3, N = 5 };
  float x[M * N], y[M * N + 2];
  for (int k = 0; k < M * N; ++k)
    x[k] = k * 0.5f;
  for (int k = 0; k < M * N + 2; ++k)
    y[k] = -k;
  long_indices(M, N, x, y);
  ptrdiff_indices(M, N, y);
  cast_second(M, N, y);
  size_t_bounds(M, N, y);
  unsigned_sizes(M, N, y);
  mixed(M, N, y);
  strided(M, N, y);
  printf("%.2f %.2f\n", sum(y, M * N), y[M * N]);
  unsigned char b[M * N] = {0};
  shared(M, N, b);
  for (int k = 0; k < M * N; ++k)
    printf("%u%c", b[k], k + 1 < M * N ? ' ' : '\n');
  return 0;
}
// LARGE: wide-subscripts 2147549184 elements, 524304 sampled threes, last 3, written 9
