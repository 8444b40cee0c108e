// OM_FACT may name the file's object-like macros, and macros of them: rows
// of NJ elements updated over nj columns write distinct elements when
// nj <= NJ. The rewritten kernel checks the fact as written, which the
// compiler expands. A function-like macro or a name that is neither is an
// error.
// RUN: %ownmap-rewrite --no-line-directives %s -- | FileCheck %s --strict-whitespace
// RUN: %ownmap-rewrite %s -o %t.rw.c --
// RUN: %clang-offload %t.rw.c -o %t.omp && %t.omp > %t.omp.out
// RUN: %clang-serial %s -o %t.ser && %t.ser > %t.ser.out
// RUN: diff %t.ser.out %t.omp.out
// RUN: not %t.omp wide 2>&1 | FileCheck %s --check-prefix=RUNTIME
// RUN: not %ownmap-rewrite %s -- -DBAD 2>&1 | FileCheck %s --check-prefix=BAD
#include <ownmap.h>
#include <stdio.h>
#include <string.h>

#define NJ 8
#define ROW_ELEMENTS NJ
#define HALF(x) ((x) / 2)

OM_KERNEL OM_FACT(nj <= ROW_ELEMENTS) void scale_rows(int ni, int nj,
                                                      OM_INOUT float *c) {
  for (int i = 0; i < ni; ++i)
    for (int j = 0; j < nj; ++j)
      c[i * NJ + j] *= 2.0f;
}
// CHECK-LABEL: {{^}}OM_KERNEL OM_FACT(nj <= ROW_ELEMENTS) void scale_rows(
// CHECK:       {{^}}  ownmap_check_fact("scale_rows", "nj <= ROW_ELEMENTS", nj <= ROW_ELEMENTS);{{$}}
// CHECK:       {{^}}  #pragma omp target teams distribute parallel for collapse(2) map(tofrom: c[0:(ni > 0 && nj > 0 ? 8 * ni + nj - 8 : 0)]){{$}}
// RUNTIME: ownmap: error: kernel 'scale_rows': OM_FACT(nj <= ROW_ELEMENTS) does not hold

#ifdef BAD
OM_KERNEL OM_FACT(nj <= HALF(NJ)) void function_like(int nj, OM_INOUT float *c) {
  for (int j = 0; j < nj; ++j)
    c[j] = 0;
}
// BAD: stated-facts-macros.c:[[#@LINE-4]]:11: error: cannot read OM_FACT(nj <= HALF(NJ)): 'HALF' is not a parameter of the kernel
#endif

int main(int argc, char **argv) {
  static float c[4 * NJ];
  for (int i = 0; i < 4 * NJ; ++i)
    c[i] = (float)(i % 7);
  scale_rows(4, argc > 1 && strcmp(argv[1], "wide") == 0 ? NJ + 1 : NJ - 2, c);
  double s = 0;
  for (int i = 0; i < 4 * NJ; ++i)
    s += c[i] * (i + 1);
  printf("%.1f\n", s);
  return 0;
}
