// OWNMAP_REPORT naming character devices made here (mknod, root only:
// UNSUPPORTED otherwise): they are written into and stay devices (as root
// the plugin used to replace the device node with a file); a full one
// gives a warning with the reason.
// REQUIRES: device-nodes
//
// RUN: %clang-offload %s -o %t
// RUN: rm -rf %t.d && mkdir %t.d && mknod %t.d/null c 1 3 && mknod %t.d/full c 1 7
// RUN: env OWNMAP_REPORT=%t.d/null LD_PRELOAD=%ownmap-plugin %t 2>&1 | count 1
// RUN: test -c %t.d/null
// RUN: env OWNMAP_REPORT=%t.d/full LD_PRELOAD=%ownmap-plugin %t 2>&1 > /dev/null | FileCheck %s
// RUN: test -c %t.d/full
// CHECK: ownmap: warning: cannot write the run report to '{{.*}}/full': No space left on device

#include <stdio.h>

int main(void) {
  int x = 1;
#pragma omp target map(tofrom: x)
  x += 1;
  printf("devices %d\n", x);
  return 0;
}
