// Without debug info there are no map names and no region location: entries
// are keyed by argument index and the caller's address (module+offset).
//
// RUN: %clang-offload -g0 %s -o %t
// RUN: env OWNMAP_COMPARE_ENV=OWNMAP_SUMMARY=1 %compare-with-plugin %t 2>%t.err
// RUN: not grep -E "ownmap: (warning|error)" %t.err
// RUN: FileCheck %s < %t.err

// CHECK: ownmap: transfer summary
// CHECK-NEXT: ownmap: variable
// Argument 0 is the scalar n (a literal: never counted); clang passes out
// before in.
// CHECK-NEXT: ownmap: arg#1 no-debug-names.c.tmp+0x[[#%x,SITE:]] 3200 1 3200 1
// CHECK-NEXT: ownmap: arg#2 no-debug-names.c.tmp+0x[[#%x,SITE]] 3200 1 0 0
// CHECK-NEXT: ownmap: total 6400 2 3200 1

#include <stdio.h>

enum { N = 400 };

int main(void) {
  int n = N;
  double in[N], out[N];
  for (int i = 0; i < N; i++) {
    in[i] = (double)(i % 19) / 4.0;
    out[i] = 1.0;
  }
#pragma omp target teams distribute parallel for map(to: in[0:n]) map(tofrom: out[0:n])
  for (int i = 0; i < n; i++)
    out[i] += in[i] * in[i];
  double checksum = 0;
  for (int i = 0; i < N; i++)
    checksum += out[i] * (1 + i % 3);
  printf("no-debug checksum %.4f\n", checksum);
  return 0;
}
