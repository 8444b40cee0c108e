// A malformed OWNMAP_VERBOSE is warned about and the default (0) is used:
// no banner, but the summary that was asked for is still printed.
//
// RUN: %clang-offload %s -o %t
// RUN: env OWNMAP_COMPARE_ENV="OWNMAP_VERBOSE=junk OWNMAP_SUMMARY=1" %compare-with-plugin %t 2>%t.err
// RUN: FileCheck %s < %t.err

// CHECK-NOT: plugin active
// CHECK: ownmap: warning: OWNMAP_VERBOSE='junk' is not a flag (0/1, yes/no, true/false, on/off); using 0
// CHECK-NOT: plugin active
// CHECK: ownmap: transfer summary
// CHECK: ownmap: w[0:N] verbose-junk.c:[[#@LINE+7]] 256 1 256 1

#include <stdio.h>

enum { N = 64 };

int main(void) {
  int w[N];
  for (int i = 0; i < N; i++)
    w[i] = (i * 37) % 101;
#pragma omp target teams distribute parallel for map(tofrom: w[0:N])
  for (int i = 0; i < N; i++)
    w[i] = w[i] * 3 - i;
  long checksum = 0;
  for (int i = 0; i < N; i++)
    checksum += (long)w[i] * (i + 1);
  printf("junk checksum %ld\n", checksum);
  return 0;
}
