// --audit follows lost writes through calls: a host read inside a function
// the data is passed to (its body in the file) is a read at the call, and
// a function that only uses the data in target constructs reads nothing on
// the host; after the function holding a 'to' region returns, its callers'
// reads are stale too (the update would come too late: map it 'tofrom').
// RUN: not %ownmap-rewrite --audit %s --report=%t.json --report-format=json -- 2> %t.err
// RUN: FileCheck %s < %t.err
// RUN: python3 -c 'import json,sys; f=json.load(open(sys.argv[1]))["findings"]; got=[(x["level"], x["variable"], x["location"]["line"], x["suggestion"]) for x in f if x["rule"]=="ownmap.audit.lost-write"]; want=[("error","u",16,"map(tofrom: u[0:n])"),("note","u",57,"map(tofrom: u[0:n])"),("error","x",34,"#pragma omp target update from(x[0:n])"),("note","x",43,"#pragma omp target update from(x[0:n])")]; assert got==want, got' %t.json
#include <stdio.h>

static double checksum(int n, const double *v);

static void relax(int n, double *u) {
#pragma omp target teams distribute parallel for
  for (int i = 1; i < n - 1; ++i)
    u[i] = 0.5 * (u[i - 1] + u[i + 1]);
}
// CHECK: audit-stale-reads-calls.c:[[#@LINE-2]]:5: error: 'u' is written on the device here, but 'u[0:n]' is mapped 'to' at line 23, which never copies it back, and the host reads 'u' at line 57, after the region ends: the host reads stale data; use 'map(tofrom: u[0:n])' there

// The region keeps u on the device and drops it: main reads it later,
// through checksum.
static void solve(int n, double *u) {
#pragma omp target data map(to: u[0:n])
  {
    for (int t = 0; t < 4; ++t)
      relax(n, u);
  }
}

// A device-only consumer: passing x to it is no host read.
static void scale(int n, double *x) {
#pragma omp target teams distribute parallel for
  for (int i = 0; i < n; ++i)
    x[i] = 2 * x[i];
}
// CHECK: audit-stale-reads-calls.c:[[#@LINE-2]]:5: error: 'x' is written on the device here, but 'x[0:n]' is mapped 'to' at line 40, which never copies it back, and the host reads 'x' at line 43 with no 'target update from' before

double twice(int n, double *x) {
  double s;
#pragma omp target enter data map(to: x[0:n])
  scale(n, x);
  scale(n, x);
  s = checksum(n, x);
#pragma omp target exit data map(delete: x[0:n])
  return s;
}

static double checksum(int n, const double *v) {
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += v[i];
  return s;
}

double run(int n, double *u) {
  solve(n, u);
  return checksum(n, u);
}
