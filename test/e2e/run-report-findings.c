// A program with planted mapping bugs, run with OWNMAP_ON_ERROR=warn and
// OWNMAP_REPORT: every finding printed is also in the report, with its
// check, severity, variable, file and line (where it was mapped) and the
// printed message. With OWNMAP_CHECKS=full the stale-data finding, reported
// from the SIGSEGV handler, is kept too. The output does not change (it
// does not use the sum over the section past the block's end, which on a
// GPU reads whatever lies there).
//
// RUN: %clang-offload %s -o %t
// RUN: rm -f %t.json %t.full.json
// RUN: env OWNMAP_COMPARE_ENV="OWNMAP_ON_ERROR=warn OWNMAP_REPORT=%t.json" %compare-with-plugin %t 2>%t.err
// RUN: FileCheck %s --check-prefix=STDERR < %t.err
// RUN: python3 %S/Inputs/check-run-report.py %t.json --findings 4 \
// RUN:   --setting 'OWNMAP_ON_ERROR="warn"' \
// RUN:   --finding bounds error 'v[first:count]' section-total.h 6 \
// RUN:   --finding free-while-mapped error 'kept[0:N]' run-report-findings.c %(line+45) \
// RUN:   --finding leak warning 'leaked[0:N]' run-report-findings.c %(line+43) \
// RUN:   --finding leak warning 'kept[0:N]' run-report-findings.c %(line+43)
// RUN: FileCheck %s < %t.json
// RUN: env OWNMAP_COMPARE_ENV="OWNMAP_ON_ERROR=warn OWNMAP_CHECKS=full OWNMAP_REPORT=%t.full.json" %compare-with-plugin %t 2>/dev/null
// RUN: python3 %S/Inputs/check-run-report.py %t.full.json --findings 5 \
// RUN:   --finding stale warning 'field[0:BIG]' run-report-findings.c %(line+30)

// STDERR: ownmap: error: v[first:count] {{.*}} covers bytes [4000, 12000)
// STDERR: ownmap: error: free() of the heap block
// STDERR: ownmap: warning: leaked[0:N]
// CHECK: "findings": [
// CHECK-NEXT: {"kind": "bounds", "severity": "error", "variable": "v[first:count]", "file": "section-total.h", "line": 6, "message": "v[first:count] (declared at section-total.h:4) mapped at section-total.h:6 in total covers bytes [4000, 12000) of a heap block of 8000 bytes at 0x{{[0-9a-f]+}}: 4000 bytes lie outside the allocation (nothing was copied yet). Fix: shorten the section to the allocation, or allocate the whole section"},
// CHECK-NEXT: {"kind": "free-while-mapped", "severity": "error", "variable": "kept[0:N]", "file": "run-report-findings.c", "line": {{[0-9]+}}, "message": "free() of the heap block at 0x{{.*}}"},
// CHECK-NEXT: {"kind": "leak", "severity": "warning", "variable": "leaked[0:N]", "file": "run-report-findings.c", "line": {{[0-9]+}}, "message": "leaked[0:N] (declared at {{.*}} its device memory leaks. {{.*}}"},
// CHECK-NEXT: {"kind": "leak", "severity": "warning", "variable": "kept[0:N]", {{.*}}}
// CHECK-NEXT: ],
// CHECK-NEXT: "findings_not_kept": 0

#include "Inputs/section-total.h"

#include <stdio.h>
#include <stdlib.h>

enum { N = 1000, BIG = 8192 };

int main(void) {
  double *samples = malloc(N * sizeof *samples);
  for (int i = 0; i < N; i++)
    samples[i] = i;
  double sum = total(samples, 0, N); (void)total(samples, N / 2, N); /* past the end: undefined */

  double *field = malloc(BIG * sizeof *field);
  for (int i = 0; i < BIG; i++)
    field[i] = i;
#pragma omp target enter data map(to: field[0:BIG])
#pragma omp target teams distribute parallel for map(tofrom: field[0:BIG])
  for (int i = 0; i < BIG; i++)
    field[i] = 2.0 * i;
  sum += field[BIG / 2]; // stale: the device copy is newer (checked with full only)
#pragma omp target exit data map(from: field[0:BIG])

  double *leaked = malloc(N * sizeof *leaked);
  double *kept = malloc(N * sizeof *kept);
#pragma omp target enter data map(to: leaked[0:N])
#pragma omp target enter data map(to: kept[0:N])
  free(kept); // still mapped, and so leaked too
  printf("findings sum %.1f\n", sum);
  return 0;
}
