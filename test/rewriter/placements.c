// An annotation may stand before the type, after the '*', or after the name.
// RUN: %ownmap-rewrite --no-line-directives %s -- | FileCheck %s --strict-whitespace
// RUN: %ownmap-rewrite %s -o %t.rw.c --
// RUN: %clang-offload %t.rw.c -o %t.omp && %t.omp > %t.omp.out
// RUN: %clang-serial %s -o %t.ser && %t.ser > %t.ser.out
// RUN: diff %t.ser.out %t.omp.out
#include <ownmap.h>
#include <stdio.h>

OM_KERNEL
void blend(int n, OM_IN const int *a, const int *OM_IN b, int *c OM_OUT,
           int *OM_INOUT d) {
	for (int i = 0; i < n; ++i) {
		c[i] = a[i] + b[i];
		d[i] += c[i];
	}
}
// CHECK:      {{^}}           int *OM_INOUT d) {
// CHECK-NEXT: {{^}}	if (n > 0) ownmap_check_exclusive("blend", "OM_OUT", "c", c, c + n, "a", a, a + n);{{$}}
// CHECK-NEXT: {{^}}	if (n > 0) ownmap_check_exclusive("blend", "OM_INOUT", "d", d, d + n, "a", a, a + n);{{$}}
// CHECK-NEXT: {{^}}	if (n > 0) ownmap_check_exclusive("blend", "OM_OUT", "c", c, c + n, "b", b, b + n);{{$}}
// CHECK-NEXT: {{^}}	if (n > 0) ownmap_check_exclusive("blend", "OM_INOUT", "d", d, d + n, "b", b, b + n);{{$}}
// CHECK-NEXT: {{^}}	if (n > 0) ownmap_check_exclusive("blend", "OM_OUT", "c", c, c + n, "d", d, d + n);{{$}}
// CHECK-NEXT: {{^}}	ownmap_kernel_reads_only(a, (n > 0 ? n : 0) * sizeof *a);{{$}}
// CHECK-NEXT: {{^}}	ownmap_kernel_reads_only(b, (n > 0 ? n : 0) * sizeof *b);{{$}}
// CHECK-NEXT: {{^}}	#pragma omp target teams distribute parallel for map(to: a[0:(n > 0 ? n : 0)]) map(to: b[0:(n > 0 ? n : 0)]) map(from: c[0:(n > 0 ? n : 0)]) map(tofrom: d[0:(n > 0 ? n : 0)]){{$}}
// CHECK-NEXT: {{^}}	for (int i = 0; i < n; ++i) {

void OM_KERNEL after_return_type(int n, int *OM_OUT z) {
  for (int i = 0; i < n; ++i)
    z[i] = i;
}
// CHECK:      {{^}}void OM_KERNEL after_return_type(int n, int *OM_OUT z) {
// CHECK-NEXT: {{^}}  #pragma omp target teams distribute parallel for map(from: z[0:(n > 0 ? n : 0)]){{$}}

int main(void) {
  enum { N = 3000 };
  static int a[N], b[N], c[N], d[N], z[N];
  for (int i = 0; i < N; ++i) {
    a[i] = i % 9;
    b[i] = i % 4;
    d[i] = 1;
  }
  blend(N, a, b, c, d);
  after_return_type(N, z);
  long s = 0;
  for (int i = 0; i < N; ++i)
    s += (long)(c[i] + 2 * d[i]) * (i % 5 + 1) + z[i];
  printf("placements checksum %ld\n", s);
  return 0;
}
