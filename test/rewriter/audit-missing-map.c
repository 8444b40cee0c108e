// --audit: a pointer the loop uses without a map of its data reaches the
// device as a host address (an implicit zero-length section or a
// firstprivate pointer): an error that says which map to add. A map of the
// data by an enclosing `target data` construct counts. SARIF has one result
// per finding with its location, and the variable and the clause to add as
// properties.
// RUN: not %ownmap-rewrite --audit %s --report=%t.sarif --report-format=sarif -- 2> %t.err
// RUN: FileCheck %s < %t.err
// RUN: FileCheck %s --check-prefix=SARIF < %t.sarif
// RUN: python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); res=r["runs"][0]["results"]; assert [x["ruleId"] for x in res]==["ownmap.audit.missing-map"]*2, res; assert [x["locations"][0]["physicalLocation"]["region"]["startLine"] for x in res]==[19, 20]; assert [x["properties"] for x in res]==[{"variable":"y","suggestion":"map(tofrom: y[0:(n > 0 ? n : 0)])"},{"variable":"z","suggestion":"map(tofrom: z[0:(n > 0 ? n : 0)])"}], res' %t.sarif
#include <stdlib.h>

void copy(int n, const int *x, int **out) {
  int *y = malloc(n * sizeof *y), *z = malloc(n * sizeof *z);
#pragma omp target data map(to: x[0:n])
  {
#pragma omp target teams distribute parallel for map(tofrom: z)
    for (int i = 0; i < n; ++i) {
      y[i] = x[i];
      z[i] = x[i] + 1;
    }
  }
  out[0] = y;
  out[1] = z;
}
// CHECK: audit-missing-map.c:19:7: error: pointer 'y' is used on the device but its data is not mapped: the device gets the host address (a zero-length section or a firstprivate pointer) and reads garbage or faults; add map(tofrom: y[0:(n > 0 ? n : 0)]) to the construct
// CHECK: audit-missing-map.c:20:7: error: pointer 'z' is used on the device but its data is not mapped
// CHECK-NOT: 'x'
// CHECK: 2 errors generated.

// SARIF: "ruleId": "ownmap.audit.missing-map"
// SARIF: "version": "2.1.0"
