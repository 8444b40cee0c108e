// Arrays of structs of plain data: 'p[i].x' is an access of element i of
// p, mapped as a section of whole structs. A field write does not write
// the whole element, so OM_OUT needs whole-element writes; a struct
// holding a pointer is not mapped as a whole (its copy would point at host
// memory), only through its fields as 'h->field' (struct-of-arrays.c).
// RUN: %ownmap-rewrite --no-line-directives %s -- -DACCEPTED_ONLY | FileCheck %s --strict-whitespace
// RUN: not %ownmap-rewrite %s -- 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: %ownmap-rewrite %s -o %t.rw.c -- -DACCEPTED_ONLY
// RUN: %clang-offload -DACCEPTED_ONLY %t.rw.c -o %t.omp && %t.omp > %t.omp.out
// RUN: %clang-serial -DACCEPTED_ONLY %s -o %t.ser && %t.ser > %t.ser.out
// RUN: diff %t.ser.out %t.omp.out
#include <ownmap.h>
#include <stdio.h>

typedef struct {
  float x, y, z, mass;
} particle;

typedef struct {
  double pos[3];
  particle p;
} tracer;

OM_KERNEL void fall(int n, float dt, OM_INOUT particle *p) {
  for (int i = 0; i < n; ++i)
    p[i].z -= dt * p[i].mass;
}
// CHECK-LABEL: {{^}}OM_KERNEL void fall(
// CHECK:       {{^}}  #pragma omp target teams distribute parallel for map(tofrom: p[0:(n > 0 ? n : 0)]){{$}}

OM_KERNEL void lifted(int n, OM_IN const particle *p, OM_OUT particle *q) {
  for (int i = 0; i < n; ++i) {
    q[i] = p[i];
    q[i].y += 1;
  }
}
// CHECK-LABEL: {{^}}OM_KERNEL void lifted(
// CHECK:       {{^}}  #pragma omp target teams distribute parallel for map(to: p[0:(n > 0 ? n : 0)]) map(from: q[0:(n > 0 ? n : 0)]){{$}}

OM_KERNEL float total_mass(int n, OM_IN const tracer *t) {
  float m = 0;
  for (int i = 0; i < n; ++i)
    m += t[i].p.mass * t[i].p.x;
  return m;
}
// CHECK-LABEL: {{^}}OM_KERNEL float total_mass(
// CHECK:       {{^}}  #pragma omp target teams distribute parallel for map(to: t[0:(n > 0 ? n : 0)]) map(tofrom: m) reduction(+: m){{$}}

#ifndef ACCEPTED_ONLY
OM_KERNEL void field_only(int n, OM_OUT particle *q) {
  for (int i = 0; i < n; ++i)
    q[i].x = 0;
}
// ERR: array-of-structs.c:[[@LINE-2]]:5: error: 'q' is OM_OUT but the loop writes only fields of 'q[i]'; the other fields would be copied back uninitialised: use OM_INOUT

typedef struct {
  float *data;
  int n;
} holder;

OM_KERNEL void with_pointer(int n, OM_IN const holder *h, OM_OUT float *y) {
  for (int i = 0; i < n; ++i)
    y[i] = (float)h[i].n;
}
// ERR: array-of-structs.c:[[@LINE-2]]:19: error: 'h' is used other than as 'h->field'; a struct that holds pointers is mapped through the fields the kernel reads
#endif

int main(void) {
  enum { N = 50 };
  static particle p[N], q[N];
  static tracer t[N];
  for (int i = 0; i < N; ++i) {
    p[i].x = (float)(i % 5);
    p[i].y = (float)(i % 7);
    p[i].z = (float)(i % 11);
    p[i].mass = (float)(i % 3 + 1);
    t[i].pos[0] = i % 4;
    t[i].p = p[i];
  }
  fall(N, 2.0f, p);
  lifted(N, p, q);
  double s = 0;
  for (int i = 0; i < N; ++i)
    s += q[i].x + 2 * q[i].y + 3 * q[i].z + 4 * q[i].mass;
  printf("%.1f %.1f\n", s, total_mass(N, t));
  return 0;
}
