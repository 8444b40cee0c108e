// --audit: maps broader than needed are warnings (exit status 0) with the
// bytes as an expression: tofrom of data the device never writes, and
// sections larger than the elements the loop reaches. The JSON report
// carries them as findings.
// RUN: %ownmap-rewrite --audit %s --report=%t.json --report-format=json -- 2> %t.err
// RUN: FileCheck %s < %t.err
// RUN: FileCheck %s --check-prefix=JSON < %t.json
// The fields say what ownmap-report reads: variable, the copies concerned,
// the bytes saved and the clause to write.
// RUN: python3 -c 'import json,sys; f=json.load(open(sys.argv[1]))["findings"]; got=[(x["variable"], x["direction"], x["bytes"], x["suggestion"]) for x in f]; want=[("x","from_device","4 * n","map(to: x[0:n])"),("y","from_device","4 * n + 32","map(to: y[0:n + 8])"),("y","both","32","map(tofrom: y[0:n])"),("x","to_device","16","map(to: x[0:n])")]; assert got==want, got' %t.json
void add(int n, const float *x, float *y, float *z) {
#pragma omp target teams distribute parallel for map(tofrom: x[0:n]) map(tofrom: y[0:n + 8]) map(tofrom: z[0:n])
  for (int i = 0; i < n; ++i)
    z[i] = x[i] + y[i];
}
// CHECK: audit-map-too-broad.c:12:62: warning: 'x' is mapped 'tofrom' but never written on the device: map(to: ...) would save 4 * n bytes device->host
// CHECK: audit-map-too-broad.c:12:82: warning: 'y' is mapped 'tofrom' but never written on the device: map(to: ...) would save 4 * n + 32 bytes device->host
// CHECK: audit-map-too-broad.c:12:82: warning: 'y[0:n + 8]' maps elements [0, n + 8) but the loop reaches [0, n): map 'y[0:n]' to move 32 fewer bytes each way
// CHECK-NOT: 'z

// A section mapped one way saves bytes that way only.
void scale(int n, const float *x, float *y) {
#pragma omp target teams distribute parallel for map(to: x[0:n + 4]) map(from: y[0:n])
  for (int i = 0; i < n; ++i)
    y[i] = 2.0f * x[i];
}
// CHECK: audit-map-too-broad.c:[[#@LINE-4]]:58: warning: 'x[0:n + 4]' maps elements [0, n + 4) but the loop reaches [0, n): map 'x[0:n]' to move 16 fewer bytes host->device
// CHECK: 4 warnings generated.

// JSON: "findings": [
// JSON: "level": "warning",
// JSON-NEXT: "location": {
// JSON-NEXT: "column": 62,
// JSON: "rule": "ownmap.audit.map-too-broad"
// JSON: "loops": [],
