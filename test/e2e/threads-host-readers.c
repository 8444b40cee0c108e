// A kernel writes b (tofrom), then a host `omp parallel for` with two
// threads reads it: both threads fault on b's protected chunks at once, and
// each must see the kernel's results, never the previous step's. Blocks
// owned whole by their pages (large) and in the main heap (mallopt).
//
// RUN: %clang-offload %s -o %t
// RUN: %compare-with-plugin %t
// RUN: %compare-with-plugin %t
// RUN: %compare-with-plugin %t
// RUN: %compare-with-plugin %t shared
// RUN: env OWNMAP_COMPARE_ENV=OWNMAP_ELIDE=safe %compare-with-plugin %t
// RUN: env OWNMAP_COMPARE_ENV=OWNMAP_CHECKS=full %compare-with-plugin %t

#include "Inputs/host-readers.h"

#include <malloc.h>
#include <string.h>

int main(int argc, char **argv) {
  if (argc > 1 && strcmp(argv[1], "shared") == 0)
    mallopt(M_MMAP_THRESHOLD, 64 << 20); /* blocks in the main heap */
  host_readers(1 << 20, 12, 2);
  return 0;
}
