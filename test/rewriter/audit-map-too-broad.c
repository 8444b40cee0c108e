// --audit: maps broader than needed are warnings (exit status 0) with the
// bytes as an expression: tofrom of data the device never writes, and
// sections larger than the elements the loop reaches. The JSON report
// carries them as findings.
// RUN: %ownmap-rewrite --audit %s --report=%t.json --report-format=json -- 2> %t.err
// RUN: FileCheck %s < %t.err
// RUN: FileCheck %s --check-prefix=JSON < %t.json
void add(int n, const float *x, float *y, float *z) {
#pragma omp target teams distribute parallel for map(tofrom: x[0:n]) map(tofrom: y[0:n + 8]) map(tofrom: z[0:n])
  for (int i = 0; i < n; ++i)
    z[i] = x[i] + y[i];
}
// CHECK: audit-map-too-broad.c:9:62: warning: 'x' is mapped 'tofrom' but never written on the device: map(to: ...) would save 4 * n bytes device->host
// CHECK: audit-map-too-broad.c:9:82: warning: 'y' is mapped 'tofrom' but never written on the device: map(to: ...) would save 4 * n + 32 bytes device->host
// CHECK: audit-map-too-broad.c:9:82: warning: 'y[0:n + 8]' maps elements [0, n + 8) but the loop reaches [0, n): map 'y[0:n]' to move 32 fewer bytes each way
// CHECK-NOT: 'z
// CHECK: 3 warnings generated.

// JSON: "findings": [
// JSON: "level": "warning",
// JSON-NEXT: "location": {
// JSON-NEXT: "column": 62,
// JSON: "rule": "ownmap.audit.map-too-broad"
// JSON: "loops": [],
