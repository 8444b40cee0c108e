// `target update to/from` copies whenever the data is present, and the
// kernels in between, which find it present, copy nothing.
//
// RUN: %clang-offload %s -o %t
// RUN: env OWNMAP_COMPARE_ENV=OWNMAP_SUMMARY=1 %compare-with-plugin %t 2>%t.err
// RUN: not grep -E "ownmap: (warning|error)" %t.err
// RUN: FileCheck %s < %t.err

#include <stdio.h>
#include <stdlib.h>

enum { N = 2000 };

static void square_plus(int n, float *v, float shift) {
#pragma omp target teams distribute parallel for map(tofrom: v[0:n])
  for (int i = 0; i < n; i++)
    v[i] = v[i] * v[i] + shift;
}

// CHECK: ownmap: transfer summary
// CHECK-NEXT: ownmap: variable
int main(void) {
  // alloc on enter and release on exit copy nothing; each update copies.
  // CHECK-NEXT: ownmap: vec[0:N] update.c:[[#@LINE+1]] 16000 2 16000 2
  float *vec = malloc(N * sizeof *vec);
  for (int i = 0; i < N; i++)
    vec[i] = (float)(i % 11) * 0.125f;
#pragma omp target enter data map(alloc: vec[0:N])
#pragma omp target update to(vec[0:N])
  square_plus(N, vec, 1.0f);
#pragma omp target update from(vec[0:N])
  double first = 0;
  for (int i = 0; i < N; i++) {
    first += vec[i];
    vec[i] = vec[i] - (float)(i % 3);
  }
#pragma omp target update to(vec[0:N])
  square_plus(N, vec, -0.5f);
#pragma omp target update from(vec[0:N])
#pragma omp target exit data map(release: vec[0:N])

  double checksum = 0;
  for (int i = 0; i < N; i++)
    checksum += vec[i] * (1 + i % 5);
  printf("update checksum %.3f %.3f\n", first, checksum);
  free(vec);
  return 0;
}
// CHECK-NEXT: ownmap: total 16000 2 16000 2
