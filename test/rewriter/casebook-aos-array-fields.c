// Issue 13: arrays of structs as particle codes write them, with array
// fields: `p[i].pos[k] += dt * p[i].vel[k]`. An element of an array field
// is part of the struct that holds it, so each iteration of i reaches only
// element i of p (plain data, no pointers), like the `p[i].x` accesses of
// test/rewriter/array-of-structs.c, and p maps as whole structs p[0:n]
// (they were refused as "pointer 'p' is used other than by subscript").
// RUN: %ownmap-rewrite --no-line-directives %s -o %t.rw.c --
// RUN: FileCheck %s --strict-whitespace < %t.rw.c
// RUN: %clang-offload %t.rw.c -o %t.omp && %t.omp > %t.omp.out
// RUN: %clang-serial %s -o %t.ser && %t.ser > %t.ser.out
// RUN: diff %t.ser.out %t.omp.out
#include <ownmap.h>
#include <stdio.h>

typedef struct {
  double pos[3], vel[3];
  float mass;
  int id;
} particle;

OM_KERNEL void push(int n, double dt, OM_INOUT particle *p) {
  for (int i = 0; i < n; ++i)
    for (int k = 0; k < 3; ++k)
      p[i].pos[k] += dt * p[i].vel[k];
}
// CHECK-LABEL: {{^}}OM_KERNEL void push(
// CHECK:       {{^}}  #pragma omp target teams distribute parallel for {{.*}}map(tofrom: p[0:(n > 0 ? n : 0)]){{$}}

OM_KERNEL void gaps(int n, OM_IN const particle *p, OM_OUT double *d) {
  for (int i = 1; i < n; ++i)
    d[i - 1] = p[i].pos[0] - p[i - 1].pos[0];
}
// CHECK-LABEL: {{^}}OM_KERNEL void gaps(
// CHECK:       {{^}}  #pragma omp target teams distribute parallel for map(to: p[0:(n > 1 ? n : 0)]) map(from: d[0:(n > 1 ? n - 1 : 0)]){{$}}

int main(void) {
  enum { N = 30 };
  static particle p[N];
  static double d[N];
  for (int i = 0; i < N; ++i) {
    for (int k = 0; k < 3; ++k) {
      p[i].pos[k] = (i + k) % 5;
      p[i].vel[k] = (i * k) % 3;
    }
    p[i].mass = 1 + i % 2;
    p[i].id = i;
  }
  push(N, 0.5, p);
  push(0, 0.5, p);
  gaps(N, p, d);
  double s = 0;
  for (int i = 0; i < N; ++i)
    s += (d[i] + p[i].pos[2] + p[i].vel[1] + p[i].id) * (i + 1);
  printf("casebook-aos-array-fields %.3f\n", s);
  return 0;
}
