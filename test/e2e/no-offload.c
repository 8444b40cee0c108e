// A program that never offloads runs unchanged: the plugin is silent unless
// asked, and the summary and the run report say that nothing moved.
//
// RUN: %clang-offload %s -o %t
// RUN: %compare-with-plugin %t 2>%t.quiet
// RUN: count 0 < %t.quiet
// RUN: env OWNMAP_COMPARE_ENV=OWNMAP_SUMMARY=1 %compare-with-plugin %t 2>%t.err
// RUN: FileCheck %s --check-prefix=SUMMARY < %t.err
// RUN: env OWNMAP_COMPARE_ENV=OWNMAP_VERBOSE=1 %compare-with-plugin %t 2>%t.verbose
// RUN: FileCheck %s --check-prefix=VERBOSE < %t.verbose
// The run report of a program that never offloads lists nothing moved.
// RUN: env OWNMAP_COMPARE_ENV=OWNMAP_REPORT=%t.json %compare-with-plugin %t
// RUN: python3 %S/Inputs/check-run-report.py %t.json --rows 0 --findings 0
// RUN: FileCheck %s --check-prefix=REPORT < %t.json
// REPORT: "devices": [],
// REPORT-NEXT: "transfers": [],

// SUMMARY: ownmap: transfer summary: no data moved between host and device
// SUMMARY-NOT: ownmap

// VERBOSE: ownmap: plugin active (version {{[0-9]+\.[0-9]+\.[0-9]+}})
// VERBOSE-NEXT: ownmap: option OWNMAP_LOG=(stderr)
// VERBOSE-NEXT: ownmap: option OWNMAP_VERBOSE=1
// VERBOSE-NEXT: ownmap: option OWNMAP_SUMMARY=0
// VERBOSE-NEXT: ownmap: option OWNMAP_REPORT=(none)
// VERBOSE-NEXT: ownmap: option OWNMAP_CHECKS=fast
// VERBOSE-NEXT: ownmap: option OWNMAP_ON_ERROR=abort
// VERBOSE-NEXT: ownmap: option OWNMAP_ELIDE=lazy
// VERBOSE-NEXT: ownmap: option OWNMAP_CACHE_MB=4096
// VERBOSE-NEXT: ownmap: option OWNMAP_PIN=1
// VERBOSE-NEXT: ownmap: option OWNMAP_SELF_TIME=0
// VERBOSE-NOT: ownmap

#include <stdio.h>

int main(void) {
  unsigned long long hash = 1469598103934665603ull;
  for (int i = 0; i < 100000; i++)
    hash = (hash ^ (unsigned)(i * 31 + 7)) * 1099511628211ull;
  printf("no-offload hash %llu\n", hash);
  return 0;
}
