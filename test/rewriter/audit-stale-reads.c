// --audit: a device write to data that the enclosing maps keep on the
// device without copying it back ('to' or 'alloc': an enclosing `target
// data`, an earlier `target enter data`, here or around the kernel's call)
// is lost when the host reads the data afterwards with no `target update
// from` before the read: an error at the device write naming the map and
// the host read, with a note at the read. An update, an exit data that
// copies back, a read after a 'tofrom' region ends, or no read are fine; a
// read inside a 'tofrom' region is not, nor one after a releasing exit.
// RUN: not %ownmap-rewrite --audit %s --report=%t.json --report-format=json -- 2> %t.err
// RUN: FileCheck %s < %t.err && FileCheck %s --check-prefix=RELEASED < %t.err
// RUN: python3 -c 'import json,sys; f=json.load(open(sys.argv[1]))["findings"]; got=[(x["level"], x["rule"], x["variable"], x["location"]["line"], x["direction"], x["suggestion"]) for x in f]; want=[("error","ownmap.audit.lost-write","u",18,"from_device","map(tofrom: u[0:n])"),("note","ownmap.audit.lost-write","u",28,"from_device","map(tofrom: u[0:n])"),("error","ownmap.audit.lost-write","u",18,"from_device","#pragma omp target update from(x[0:n])"),("note","ownmap.audit.lost-write","u",118,"from_device","#pragma omp target update from(x[0:n])"),("error","ownmap.audit.lost-write","x",51,"from_device","#pragma omp target update from(x[0:n])"),("note","ownmap.audit.lost-write","x",52,"from_device","#pragma omp target update from(x[0:n])"),("error","ownmap.audit.lost-write","r",76,"from_device","#pragma omp target update from(r[0:n])"),("note","ownmap.audit.lost-write","r",78,"from_device","#pragma omp target update from(r[0:n])"),("error","ownmap.audit.lost-write","v",97,"from_device","#pragma omp target update from(u[0:n])"),("note","ownmap.audit.lost-write","v",107,"from_device","#pragma omp target update from(u[0:n])")]; assert got==want, got' %t.json
#include <stdio.h>

// A relaxation kernel, called inside its callers' regions.
static void relax(int n, double *u) {
#pragma omp target teams distribute parallel for
  for (int i = 0; i < n; ++i)
    u[i] = 0.5 * u[i];
}
// CHECK: audit-stale-reads.c:18:5: error: 'u' is written on the device here, but 'u[0:n]' is mapped 'to' at line 25, which never copies it back, and the host reads 'u[0]' at line 28, after the region ends: the host reads stale data; use 'map(tofrom: u[0:n])' there
// CHECK: audit-stale-reads.c:28:10: note: the host reads 'u' here

double lost(int n, double *u) {
  for (int t = 0; t < 3; ++t) {
#pragma omp target data map(to: u[0:n])
    relax(n, u);
  }
  return u[0];
}

double updated(int n, double *u) {
#pragma omp target data map(to: u[0:n])
  {
    relax(n, u);
#pragma omp target update from(u[0:n])
  }
  return u[0];
}

double copied_back(int n, double *u) {
#pragma omp target data map(tofrom: u[0:n])
  relax(n, u);
  return u[0];
}

// enter data in the same function as the construct.
double entered(int n, double *x) {
#pragma omp target enter data map(alloc: x[0:n])
#pragma omp target teams distribute parallel for
  for (int i = 0; i < n; ++i)
    x[i] = i;
  printf("%f\n", x[n - 1]);
#pragma omp target exit data map(delete: x[0:n])
  return 0;
}
// CHECK: audit-stale-reads.c:51:5: error: 'x' is written on the device here, but 'x[0:n]' is mapped 'alloc' at line 48, which never copies it back, and the host reads 'x[n - 1]' at line 52
// CHECK: audit-stale-reads.c:52:18: note: the host reads 'x' here

// Exit data that copies back before the read.
double exited(int n, double *x) {
#pragma omp target enter data map(alloc: x[0:n])
#pragma omp target teams distribute parallel for
  for (int i = 0; i < n; ++i)
    x[i] = i;
#pragma omp target exit data map(from: x[0:n])
  return x[n - 1];
}

// A solver's residual, in a region of the same function, read inside it.
double residual(int n, const double *u, double *r) {
  double norm = 0;
#pragma omp target data map(to: u[0:n]) map(alloc: r[0:n])
  {
#pragma omp target teams distribute parallel for
    for (int i = 1; i < n - 1; ++i)
      r[i] = u[i - 1] - 2 * u[i] + u[i + 1];
    for (int i = 1; i < n - 1; ++i)
      norm += r[i] * r[i];
  }
  return norm;
}
// CHECK: audit-stale-reads.c:76:7: error: 'r' is written on the device here, but 'r[0:n]' is mapped 'alloc' at line 72, which never copies it back, and the host reads 'r[i]' at line 78

// The host writes the data before it reads it again: not a lost read.
double rewritten(int n, double *u) {
#pragma omp target data map(to: u[0:n])
  relax(n, u);
  u[0] = 1;
  return u[0];
}

// A tofrom region copies back only when it ends: a read inside it after
// the kernel is stale, one after it is fresh.
static void damp(int n, double *v) {
#pragma omp target teams distribute parallel for
  for (int i = 0; i < n; ++i)
    v[i] = 0.9 * v[i];
}
// CHECK: audit-stale-reads.c:[[#@LINE-2]]:5: error: 'v' is written on the device here, but 'u[0:n]' is mapped 'tofrom' at line [[#@LINE+5]], which copies it back only when its region ends, and the host reads 'u[0]' at line [[#@LINE+8]] with no 'target update from' before
// CHECK: audit-stale-reads.c:[[#@LINE+7]]:13: note: the host reads 'u' here

double inside(int n, double *u) {
  double first;
#pragma omp target data map(tofrom: u[0:n])
  {
    damp(n, u);
    first = u[0];
  }
  return first + u[1];
}

// Exit data that releases (or deletes) leaves the host's copy stale: a
// read after it is as lost as one before.
double released(int n, double *x) {
#pragma omp target enter data map(to: x[0:n])
  relax(n, x);
#pragma omp target exit data map(release: x[0:n])
  return x[0];
}
// RELEASED: audit-stale-reads.c:18:5: error: 'u' is written on the device here, but 'x[0:n]' is mapped 'to' at line [[#@LINE-5]], which never copies it back, and the host reads 'x[0]' at line [[#@LINE-2]] with no 'target update from' before
// CHECK: 5 errors generated.
