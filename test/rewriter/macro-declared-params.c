// Parameters declared through macros are annotated where they are written:
// a benchmark-suite style `ARRAY_2D(name, extents..)` whose expansion holds
// the name the file spells, and a macro that carries the annotation too.
// Constant extents from macros (NI, NJ) with loops bounded by parameters
// (ni, nj): rows are kept apart dimension by dimension, which holds while
// every subscript after the first stays within its extent; the kernel
// checks that on entry (nj <= NJ), and runs as written, on the host, when
// it does not (host-fallback.c).
// RUN: %ownmap-rewrite --no-line-directives %s -- 2>%t.err | FileCheck %s --strict-whitespace
// RUN: FileCheck %s --check-prefix=REMARKS < %t.err
// RUN: %ownmap-rewrite %s -o %t.rw.c --
// RUN: %clang-offload %t.rw.c -o %t.omp && %t.omp > %t.omp.out
// RUN: %clang-serial %s -o %t.ser && %t.ser > %t.ser.out
// RUN: diff %t.ser.out %t.omp.out
// RUN: %t.omp too-wide > %t.omp.wide && %t.ser too-wide > %t.ser.wide
// RUN: diff %t.ser.wide %t.omp.wide
#include <ownmap.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NI 6
#define NJ 5
#define NK 4
#define ARRAY_1D(name, extent) name[extent]
#define ARRAY_2D(name, rows, columns) name[rows][columns]
#define IN_VECTOR(name) OM_IN const double *name

OM_KERNEL void product(int ni, int nj, int nk, double alpha,
                       OM_INOUT double ARRAY_2D(c, NI, NJ),
                       OM_IN double ARRAY_2D(a, NI, NK),
                       OM_IN double ARRAY_2D(b, NK, NJ)) {
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++) {
      c[i][j] = 0.0;
      for (int k = 0; k < nk; k++)
        c[i][j] += alpha * a[i][k] * b[k][j];
    }
}
// CHECK-LABEL: {{^}}OM_KERNEL void product(
// CHECK:       {{^}}  if (ownmap_device_path("product", (ni <= 0 || nj <= 5))) {{[{]$}}
// REMARKS: macro-declared-params.c:[[#@LINE-13]]:16: remark: kernel 'product': the offloaded loops need ni <= 0 || nj <= 5, checked on entry; a call where that fails runs the kernel as written, on the host
// REMARKS-NOT: remark
// CHECK:       {{^}}  #pragma omp target teams distribute parallel for collapse(2) map(tofrom: c[0:6]) map(to: a[0:6]) map(to: b[0:4]){{$}}

OM_KERNEL void scale(int n, IN_VECTOR(x), OM_OUT double ARRAY_1D(y, NI)) {
  for (int i = 0; i < n; ++i)
    y[i] = 2.0 * x[i];
}
// CHECK-LABEL: {{^}}OM_KERNEL void scale(
// CHECK:       {{^}}  #pragma omp target teams distribute parallel for map(to: x[0:(n > 0 ? n : 0)]) map(from: y[0:(n > 0 ? n : 0)]){{$}}

int main(int argc, char **argv) {
  static double a[NI][NK], b[NK][NJ], c[NI][NJ], x[NI], y[NI];
  for (int i = 0; i < NI; ++i)
    for (int k = 0; k < NK; ++k)
      a[i][k] = i + 0.5 * k;
  for (int k = 0; k < NK; ++k)
    for (int j = 0; j < NJ; ++j)
      b[k][j] = k - 0.25 * j;
  for (int i = 0; i < NI; ++i)
    x[i] = i;
  // Columns past NJ run into the next row: the checked condition fails and
  // the kernel runs as written.
  int nj = argc > 1 && strcmp(argv[1], "too-wide") == 0 ? NJ + 1 : NJ - 1;
  product(NI - 1, nj, NK, 1.5, c, a, b);
  scale(NI, x, y);
  double sum = 0;
  for (int i = 0; i < NI; ++i)
    for (int j = 0; j < NJ; ++j)
      sum += c[i][j] * (i + 1) + j;
  for (int i = 0; i < NI; ++i)
    sum += y[i];
  printf("%.6f\n", sum);
  return 0;
}
