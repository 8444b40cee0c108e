// OWNMAP_REPORT=FILE (and ownmap-run --report FILE) writes the run report at
// exit: valid JSON (checked with python3's json.load, every field's type,
// rows and devices adding up to the totals) with the program, the settings,
// per device totals and per variable and source location rows; the
// program's output does not change and nothing is printed. A path that
// cannot be written is a warning at exit, not a crash.
//
// RUN: %clang-offload %s -o %t
// RUN: rm -rf %t.json %t.dir && mkdir %t.dir
// RUN: env OWNMAP_COMPARE_ENV=OWNMAP_REPORT=%t.json %compare-with-plugin %t 2>%t.err
// RUN: count 0 < %t.err
// RUN: python3 %S/Inputs/check-run-report.py %t.json --program %t --rows 3 \
// RUN:   --setting 'OWNMAP_REPORT="%t.json"' --setting OWNMAP_SUMMARY=false \
// RUN:   --setting 'OWNMAP_CHECKS="fast"' --setting OWNMAP_LOG=null \
// RUN:   --device 0 4096 2 2048 1 --device 1 2048 1 4096 2 \
// RUN:   --row 'a[0:N]' run-report.c %(line+51) 2048 1 0 0 \
// RUN:   --row 'b[0:N]' run-report.c %(line+51) 2048 1 2048 1 \
// RUN:   --row 'c[0:N]' run-report.c %(line+51) 2048 1 4096 2 --findings 0
// RUN: FileCheck %s < %t.json
//
// The same through ownmap-run --report, with a summary to compare against.
// RUN: %ownmap-run --report %t.dir/run.json --summary -- %t > %t.out 2> %t.summary
// RUN: python3 %S/Inputs/check-run-report.py %t.dir/run.json --rows 3 \
// RUN:   --setting OWNMAP_SUMMARY=true --device 0 4096 2 2048 1
// RUN: FileCheck %s --check-prefix=SUMMARY < %t.summary
// Only the report is left in the directory: the temporary file was renamed.
// RUN: ls %t.dir | FileCheck %s --check-prefix=LS
//
// RUN: env OWNMAP_COMPARE_ENV=OWNMAP_REPORT=%t.dir/missing/run.json %compare-with-plugin %t 2>%t.bad
// RUN: FileCheck %s --check-prefix=BAD < %t.bad
// RUN: ls %t.dir | FileCheck %s --check-prefix=LS

// CHECK: {
// CHECK-NEXT: "schema": "ownmap-run-report/2",
// CHECK-NEXT: "ownmap_version": "{{[0-9]+\.[0-9]+\.[0-9]+}}",
// CHECK-NEXT: "program": "{{.*}}run-report.c.tmp",
// CHECK-NEXT: "pid": {{[1-9][0-9]*}},
// CHECK-NEXT: "rank": null,
// CHECK-NEXT: "settings": {
// CHECK: "devices": [
// CHECK-NEXT: {"device": 0, "to_device": {"bytes": 4096, "copies": 2, "time_ns": 0}, "from_device": {"bytes": 2048, "copies": 1, "time_ns": 0}, "elided_to_device": {"bytes": 0,
// CHECK-NEXT: {"device": 1, "to_device": {"bytes": 2048, "copies": 1, "time_ns": [[#]]}, "from_device": {"bytes": 4096, "copies": 2, "time_ns": [[#]]}, "elided_to_device": {"bytes": 0,
// CHECK-NEXT: ],
// CHECK-NEXT: "transfers": [
// CHECK-NEXT: {"variable": "a[0:N]", "file": "run-report.c", "line": [[#@LINE+22]],
// CHECK-NEXT: {"variable": "b[0:N]", "file": "run-report.c", "line": [[#@LINE+22]],
// CHECK-NEXT: {"variable": "c[0:N]", "file": "run-report.c", "line": [[#@LINE+22]],
// CHECK-NEXT: ],
// CHECK-NEXT: "totals": {"to_device": {"bytes": 6144, "copies": 3, "time_ns": [[#]]}, "from_device": {"bytes": 6144, "copies": 3, "time_ns": [[#]]}, "elided_to_device": {"bytes": 0, "copies": 0, "reasons": {"unchanged": 0, "restored-on-device": 0, "not-needed": 0}}, "elided_from_device": {"bytes": 0, "copies": 0, "reasons": {"unchanged": 0, "restored-on-device": 0, "not-needed": 0}}},
// CHECK-NEXT: "findings": [],
// CHECK-NEXT: "findings_not_kept": 0,
// CHECK-NEXT: "timeline": [
// CHECK-NEXT: {"t_ns": [[#]], "duration_ns": 0, "device": 0, "variable": "{{[ab]}}[0:N]", "file": "run-report.c", "line": [[#]], "direction": "to_device", "bytes": 2048, "elided": false, "reason": null},
// CHECK: ],
// CHECK-NEXT: "timeline_not_kept": 0
// CHECK-NEXT: }
// SUMMARY: ownmap: total 6144 3 6144 3
// BAD: ownmap: warning: cannot write the run report to '{{.*}}missing/run.json': '{{.*}}missing': No such file or directory; '{{.*}}missing/run.json' was not created
// LS: {{^run.json$}}
// LS-NOT: tmp

#include <stdio.h>

enum { N = 256 };

int main(void) {
  double a[N];
  double b[N];
  double c[N];
  for (int i = 0; i < N; i++) {
    a[i] = i;
    b[i] = 2 * i;
    c[i] = 1;
  }
  // Device 0: a goes there, b goes and comes back.
#pragma omp target teams distribute parallel for map(to: a[0:N]) map(tofrom: b[0:N]) device(0)
  for (int i = 0; i < N; i++)
    b[i] += a[i];
  // Device 1: c stays resident; an update brings it back once before the end.
#pragma omp target data map(tofrom: c[0:N]) device(1)
  {
#pragma omp target teams distribute parallel for map(tofrom: c[0:N]) device(1)
    for (int i = 0; i < N; i++)
      c[i] *= 3;
#pragma omp target update from(c[0:N]) device(1)
  }
  double checksum = 0;
  for (int i = 0; i < N; i++)
    checksum += b[i] + c[i];
  printf("report checksum %.1f\n", checksum);
  return 0;
}
