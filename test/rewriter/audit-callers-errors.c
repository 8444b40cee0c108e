// --audit follows a kernel function's callers in the file: a call after
// which nothing maps the data (here, or in a caller that passes the pointer
// on) is an error at the use, with a note at that call; calls that do map
// it are fine. The JSON report carries the variable and the clause.
// RUN: not %ownmap-rewrite --audit %s --report=%t.json --report-format=json -- 2> %t.err
// RUN: FileCheck %s < %t.err
// RUN: python3 -c 'import json,sys; f=json.load(open(sys.argv[1]))["findings"]; got=[(x["level"], x["rule"], x["variable"], x["location"]["line"], x["suggestion"]) for x in f]; want=[("error","ownmap.audit.missing-map","v",14,"map(tofrom: v[0:(n > 0 ? n : 0)])"),("note","ownmap.audit.missing-map","v",26,"map(tofrom: v[0:(n > 0 ? n : 0)])"),("error","ownmap.audit.missing-map","a",37,"map(to: a[0:(n > 0 ? n : 0)])"),("note","ownmap.audit.missing-map","a",47,"map(to: a[0:(n > 0 ? n : 0)])")]; assert got==want, got' %t.json
#include <stdlib.h>

// Called twice: inside a target data region, and without one.
static void twice(int n, double *v) {
#pragma omp target teams distribute parallel for
  for (int i = 0; i < n; ++i)
    v[i] = 2.0 * v[i];
}
// CHECK: audit-callers-errors.c:[[#@LINE-2]]:18: error: pointer 'v' is used on the device but its data is not mapped when 'twice' is called from 'main' at line 26: the device gets the host address and reads garbage or faults; map it around that call ('target data' or 'target enter data') or add map(tofrom: v[0:(n > 0 ? n : 0)]) to the construct
// CHECK: audit-callers-errors.c:26:3: note: 'twice' is called here without a map of the data

int main(void) {
  int n = 100;
  double *w = calloc(n, sizeof *w);
#pragma omp target data map(tofrom: w[0:n])
  {
    twice(n, w);
  }
  twice(n, w);
  free(w);
  return 0;
}

// Through a caller that passes the pointer on: the call without a map is
// the outermost one.
static double total(int n, const double *a) {
  double s = 0;
#pragma omp target teams distribute parallel for reduction(+: s)
  for (int i = 0; i < n; ++i)
    s += a[i];
  return s;
}
// CHECK: audit-callers-errors.c:[[#@LINE-3]]:10: error: pointer 'a' is used on the device but its data is not mapped when 'report' is called from 'run' at line 47
// CHECK: audit-callers-errors.c:47:3: note: 'report' is called here without a map of the data

static double report(int n, const double *a) { return total(n, a); }

void run(int n) {
  double *a = calloc(n, sizeof *a);
  report(n, a);
  free(a);
}
// CHECK: 2 errors generated.
