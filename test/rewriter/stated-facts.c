// OM_FACT states what the rewriter cannot prove: an in-place update of an
// nb x nb block in rows of ld elements writes distinct elements only when
// ld >= nb. The rewritten kernel checks the fact on entry, and stops the
// program with an error when it does not hold.
// RUN: %ownmap-rewrite --no-line-directives %s -- | FileCheck %s --strict-whitespace
// RUN: %ownmap-rewrite %s -o %t.rw.c --
// RUN: %ownmap-rewrite %t.rw.c -o %t.twice.c -- 2>%t.twice.err
// RUN: diff %t.rw.c %t.twice.c
// RUN: count 0 < %t.twice.err
// RUN: %clang-offload %t.rw.c -o %t.omp && %t.omp > %t.omp.out
// RUN: %clang-serial %s -o %t.ser && %t.ser > %t.ser.out
// RUN: diff %t.ser.out %t.omp.out
// RUN: not %t.omp broken 2>&1 | FileCheck %s --check-prefix=RUNTIME
// RUN: not %ownmap-rewrite %s -- -DNO_FACT 2>&1 | FileCheck %s --check-prefix=NOFACT
// RUN: not %ownmap-rewrite %s --report=%t.json --report-format=json -- -DBAD 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: python3 -c 'import json,sys; f=json.load(open(sys.argv[1]))["findings"]; assert [x["rule"] for x in f if x["rule"]!="ownmap.cost.bytes"]==["ownmap.annotation.fact"]*2, f' %t.json
#include <ownmap.h>
#include <stdio.h>
#include <string.h>

#ifdef NO_FACT
#define BLOCK_FACT
#else
#define BLOCK_FACT OM_FACT(ld >= nb)
#endif

OM_KERNEL BLOCK_FACT void block_update(int nb, int ld, OM_IN const float *a,
                                       OM_INOUT float *c) {
  for (int i = 0; i < nb; ++i)
    for (int j = 0; j < nb; ++j)
      c[i * ld + j] -= a[i * ld + j] * 0.5f;
}
// CHECK-LABEL: {{^}}OM_KERNEL BLOCK_FACT void block_update(
// CHECK:       {{^}}  ownmap_check_fact("block_update", "ld >= nb", ld >= nb);{{$}}
// CHECK:       {{^}}  #pragma omp target teams distribute parallel for collapse(2) map(to: a[0:(nb > 0 ? ld * nb - ld + nb : 0)]) map(tofrom: c[0:(nb > 0 ? ld * nb - ld + nb : 0)]){{$}}

// NOFACT: stated-facts.c:[[#@LINE-6]]:7: error: cannot offload: cannot prove that iterations write distinct elements of 'c'

#ifdef BAD
OM_KERNEL OM_FACT(ld >= width) void not_a_parameter(int nb, int ld,
                                                   OM_INOUT float *c) {
  for (int i = 0; i < nb; ++i)
    c[i * ld] = 0;
}
// BAD: stated-facts.c:[[#@LINE-5]]:11: error: cannot read OM_FACT(ld >= width): 'width' is not a parameter of the kernel; a fact compares sums and products of the kernel's integer parameters, constants and macros of them

OM_KERNEL OM_FACT(ld > 0) void changes_it(int nb, int ld, OM_INOUT float *c) {
  ld = ld + 1;
  for (int i = 0; i < nb; ++i)
    c[i * ld] = 0;
}
// BAD: stated-facts.c:[[#@LINE-5]]:11: error: OM_FACT(ld > 0) names 'ld', which the kernel changes: the fact is checked on entry and must hold at every loop
#endif

int main(int argc, char **argv) {
  enum { LD = 12, NB = 4 };
  static float a[LD * LD], c[LD * LD];
  for (int i = 0; i < LD * LD; ++i) {
    a[i] = (float)(i % 9);
    c[i] = (float)(i % 5);
  }
  // A broken call: a block wider than its rows.
  int ld = argc > 1 && strcmp(argv[1], "broken") == 0 ? NB - 1 : LD;
  block_update(NB, ld, a + NB * LD + NB, c + NB * LD + NB);
  block_update(0, ld, a, c);
  double s = 0;
  for (int i = 0; i < LD * LD; ++i)
    s += c[i] * (i % 7 + 1);
  printf("stated-facts checksum %.1f\n", s);
  return 0;
}
// RUNTIME: ownmap: error: kernel 'block_update': OM_FACT(ld >= nb) does not hold; the offloaded loops were planned on it
