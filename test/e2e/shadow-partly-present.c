// The shadow follows the runtime when a kernel maps implicitly an object of
// which only a part is mapped: a section of a global or stack array, or some
// members of a struct, mapped by an enclosing target data region. The
// runtime counts the implicit map on the part that is present and counts it
// down again when the kernel ends, so the part goes with the region. No
// finding for any of it: no leak at exit, and a later full map of the same
// array is no overlap. A section entered and never exited is still one
// leak, with its true reference count. With OWNMAP_CHECKS=full a host read
// of the array outside the present part is not stale data.
//
// RUN: %clang-offload %s -o %t
// RUN: %compare-with-plugin %t 2>%t.err
// RUN: FileCheck %s < %t.err
// RUN: env OWNMAP_COMPARE_ENV=OWNMAP_CHECKS=full %compare-with-plugin %t 2>%t.full
// RUN: FileCheck %s < %t.full

#include <stdio.h>
#include <stdlib.h>

enum { N = 100, BIG = 1 << 16 };

int arr[N];
int entered[N];
int big[BIG];

typedef struct {
  int pad;
  int a;
  double *b;
  int tail;
} record;

// CHECK-NOT: ownmap: {{(warning|error)}}
// CHECK: ownmap: warning: entered[10:2] (declared at shadow-partly-present.c:[[#@LINE-11]]) mapped at shadow-partly-present.c:[[#@LINE+55]] in main is still mapped on device 0 at exit ([0x{{[0-9a-f]+}}, +8 bytes), reference count 1)
// CHECK-NOT: ownmap: {{(warning|error)}}
int main(void) {
  int local[N];
  for (int i = 0; i < N; i++)
    arr[i] = local[i] = entered[i] = i;

  // Sections of a global and a stack array; the kernel maps both arrays
  // whole (implicitly) and touches only the present part.
#pragma omp target data map(to: arr[50:2], local[50:2])
  {
#pragma omp target
    for (int i = 50; i < 52; i++) {
      arr[i] += 1;
      local[i] += 1;
    }
  }
  // The sections went with the region: mapping the whole arrays is legal.
#pragma omp target map(tofrom: arr[0:N], local[0:N])
  for (int i = 0; i < N; i++) {
    arr[i] += 1;
    local[i] += 1;
  }

  // Some members of a struct, then a kernel that maps the struct whole
  // (implicitly) and reads only those members.
  int n = 16;
  record s = {0, 3, malloc(n * sizeof(double)), 7};
  for (int i = 0; i < n; i++)
    s.b[i] = i;
  double sum = 0;
#pragma omp target data map(to: s.a, s.b[0:n])
  {
#pragma omp target map(tofrom: sum)
    for (int i = 0; i < n; i++)
      sum += s.a * s.b[i];
  }
  // The members went with the region: mapping the struct whole is legal.
#pragma omp target map(tofrom: s)
  s.tail += s.a;

  // A large array of which a part is present: the host reads another part
  // while the region holds it (OWNMAP_CHECKS=full watches the present part).
  for (int i = 0; i < BIG; i++)
    big[i] = i;
#pragma omp target data map(to: big[4096:4096])
  {
#pragma omp target
    for (int i = 4096; i < 8192; i++)
      big[i] = -big[i];
    sum += big[1024] + big[BIG - 1024];
  }

  // Entered and never exited: one leak, counted once however the kernel
  // mapped the array.
#pragma omp target enter data map(to: entered[10:2])
#pragma omp target
  for (int i = 10; i < 12; i++)
    entered[i] += 1;

  printf("partly present: %d %d %d %d %.1f %d\n", arr[0], arr[50], local[50], local[N - 1],
         sum, s.tail);
  free(s.b);
  return 0;
}
