// --audit judges a kernel function in the context of its callers in the
// file: data that an enclosing `target data` or an earlier `target enter
// data` of the caller maps is present, and the kernel's unmapped pointers
// find it (the zero-length section rule); through a caller that passes the
// pointer on, too. A kernel no call of which is visible gets a note, never
// an error: exit status 0. The program runs offloaded as it does serially.
// RUN: %ownmap-rewrite --audit %s --report=%t.json --report-format=json -- > %t.out 2> %t.err
// RUN: count 0 < %t.out
// RUN: FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: < %t.err
// RUN: python3 -c 'import json,sys; f=json.load(open(sys.argv[1]))["findings"]; got=[(x["level"], x["rule"], x["variable"], x["location"]["line"]) for x in f]; assert got==[("note","ownmap.audit.relies-on-caller","x",86),("note","ownmap.audit.relies-on-caller","y",86)], got' %t.json
// RUN: %clang-offload %s -o %t.omp && %t.omp > %t.omp.out
// RUN: %clang-serial %s -o %t.ser && %t.ser > %t.ser.out
// RUN: diff %t.ser.out %t.omp.out
#include <stdio.h>
#include <stdlib.h>

// Jacobi sweeps: the kernels map nothing; solve's target data holds both
// arrays for all steps.
static void sweep(int n, const double *u, double *unew) {
#pragma omp target teams distribute parallel for
  for (int i = 1; i < n - 1; ++i)
    unew[i] = 0.5 * (u[i - 1] + u[i + 1]);
}

static void accept(int n, double *u, const double *unew) {
#pragma omp target teams distribute parallel for
  for (int i = 1; i < n - 1; ++i)
    u[i] = unew[i];
}

static void step(int n, double *u, double *unew) {
  sweep(n, u, unew);
  accept(n, u, unew);
}

static void solve(int n, int steps, double *u, double *unew) {
#pragma omp target data map(tofrom: u[0:n]) map(to: unew[0:n])
  {
    for (int t = 0; t < steps; ++t)
      step(n, u, unew);
  }
}

// A kernel that maps its own sections, called inside the caller's region:
// its maps copy nothing, and nothing is reported.
static void residual(int n, const double *u, double *r) {
#pragma omp target teams distribute parallel for map(to: u[0:n]) map(from: r[1:n - 2])
  for (int i = 1; i < n - 1; ++i)
    r[i] = u[i - 1] - 2.0 * u[i] + u[i + 1];
}

// enter data / exit data in the caller; the kernel gets an offset view.
static void scale(int n, double a, double *x) {
#pragma omp target teams distribute parallel for
  for (int i = 0; i < n; ++i)
    x[i] = a * x[i];
}

static double scaled_sum(int n, double *x) {
#pragma omp target enter data map(to: x[0:n])
  scale(n - 1, 2.0, x + 1);
  scale(n, 0.5, &x[0]);
#pragma omp target exit data map(from: x[0:n])
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += x[i];
  return s;
}

// A local array of the caller, whole, in the caller's region.
static double local_array(void) {
  double v[64];
  for (int i = 0; i < 64; ++i)
    v[i] = i;
#pragma omp target data map(tofrom: v)
  {
    scale(64, 3.0, v);
  }
  return v[63];
}

// No call of axpy in this file: its data is its callers' business.
void axpy(int n, double a, const double *x, double *y) {
#pragma omp target teams distribute parallel for
  for (int i = 0; i < n; ++i)
    y[i] += a * x[i];
}
// CHECK: audit-callers.c:[[#@LINE-2]]:17: remark: pointer 'x' is not mapped here: the construct relies on data its caller maps (no call of 'axpy' is in this file); if the caller does not map it, add map(to: x[0:(n > 0 ? n : 0)])
// CHECK: audit-callers.c:[[#@LINE-3]]:5: remark: pointer 'y' is not mapped here: the construct relies on data its caller maps (no call of 'axpy' is in this file); if the caller does not map it, add map(tofrom: y[0:(n > 0 ? n : 0)])

int main(void) {
  enum { N = 200 };
  double *u = malloc(N * sizeof *u), *unew = malloc(N * sizeof *unew);
  double *r = malloc(N * sizeof *r), *x = malloc(N * sizeof *x);
  for (int i = 0; i < N; ++i) {
    u[i] = (i * 7) % 13;
    unew[i] = u[i];
    r[i] = 0;
    x[i] = i % 5;
  }
  solve(N, 20, u, unew);
#pragma omp target data map(to: u[0:N]) map(tofrom: r[0:N])
  {
    residual(N, u, r);
  }
  double s = 0;
  for (int i = 0; i < N; ++i)
    s += u[i] * (i % 3 + 1) + r[i];
  printf("audit-callers %.6f %.6f %.1f\n", s, scaled_sum(N, x), local_array());
  free(u);
  free(unew);
  free(r);
  free(x);
  return 0;
}
