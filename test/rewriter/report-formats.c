// --report-format=json|sarif: the JSON report (schema ownmap-rewrite-report/1)
// has per loop and variable the map, section, annotation, evidence and why,
// and the findings; SARIF 2.1.0 has one result per finding. Over-strong
// annotations get notes with the bytes they move for nothing.
// RUN: %ownmap-rewrite %s -o %t.rw.c --report=%t.json --report-format=json --
// RUN: python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); assert r["schema"]=="ownmap-rewrite-report/1"; v=r["loops"][0]["variables"]; assert [x["name"] for x in v]==["n","x","y","z"]; assert v[2]["map"]=="tofrom" and v[2]["section"]=="y[0:(n > 0 ? n : 0)]" and v[2]["annotation"]=="OM_INOUT" and v[2]["first_read"] is None and v[2]["first_write"]["line"]==19 and v[2]["why"]; assert len(r["findings"])==3; b=[f for f in r["findings"] if f["rule"]=="ownmap.cost.bytes"]; assert len(b)==1 and b[0]["level"]=="note" and "a call moves at most" in b[0]["message"], b' %t.json
// RUN: FileCheck %s --check-prefix=JSON < %t.json
// RUN: %ownmap-rewrite %s -o %t.rw2.c --report=%t.sarif --report-format=sarif --
// RUN: python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); assert r["version"]=="2.1.0"; run=r["runs"][0]; assert run["tool"]["driver"]["name"]=="ownmap-rewrite"; res=run["results"]; assert len(res)==3; [(x["ruleId"], x["level"], x["message"]["text"], x["locations"][0]["physicalLocation"]["artifactLocation"]["uri"], x["locations"][0]["physicalLocation"]["region"]["startLine"], x["locations"][0]["physicalLocation"]["region"]["startColumn"]) for x in res]' %t.sarif
// RUN: FileCheck %s --check-prefix=SARIF < %t.sarif
// RUN: %clang-offload %t.rw.c -o %t.omp && %t.omp > %t.omp.out
// RUN: %clang-serial %s -o %t.ser && %t.ser > %t.ser.out
// RUN: diff %t.ser.out %t.omp.out
#include <ownmap.h>
#include <stdio.h>

OM_KERNEL void copy2(int n, OM_INOUT const float *x, OM_INOUT float *y, OM_IN const float *z) {
  for (int i = 0; i < n; ++i)
    y[i] = x[i] + z[i];
}
// JSON: "findings": [
// JSON: "level": "note",
// JSON-NEXT: "location": {
// JSON: "message": "'x' is annotated OM_INOUT but never written on the device: OM_IN would save 4 * n bytes device->host",
// JSON-NEXT: "rule": "ownmap.advice.inout-never-written"
// JSON: "message": "'y' is annotated OM_INOUT but never read on the device: OM_OUT would save 4 * n bytes host->device",
// JSON-NEXT: "rule": "ownmap.advice.inout-never-read"
// JSON: "loops": [
// JSON: "directive": "#pragma omp target teams distribute parallel for map(tofrom: x[0:(n > 0 ? n : 0)]) map(tofrom: y[0:(n > 0 ? n : 0)]) map(to: z[0:(n > 0 ? n : 0)])",
// JSON: "schema": "ownmap-rewrite-report/1"

// SARIF: "$schema": "https://json.schemastore.org/sarif-2.1.0.json"
// SARIF: "level": "note",
// SARIF: "uri": "file://{{.*}}report-formats.c"
// SARIF: "startColumn": 29,
// SARIF-NEXT: "startLine": 17
// SARIF: "ruleId": "ownmap.advice.inout-never-written"
// SARIF: "ruleId": "ownmap.advice.inout-never-read"
// SARIF: "version": "2.1.0"

int main(void) {
  enum { N = 100 };
  static float x[N], y[N], z[N];
  for (int i = 0; i < N; ++i) {
    x[i] = (float)i;
    z[i] = (float)(i % 3);
  }
  copy2(N, x, y, z);
  double s = 0;
  for (int i = 0; i < N; ++i)
    s += y[i] * (i % 4 + 1);
  printf("report-formats checksum %.1f\n", s);
  return 0;
}
