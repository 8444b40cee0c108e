// --audit on C++ templates: each target construct is counted once, as
// written, and analysed in every instantiation of its template (types
// known; a finding the instantiations share is said once), or on the
// pattern when the template is never instantiated and the construct
// depends on none of its parameters; never "used as an address".
// RUN: not %ownmap-rewrite --audit %s --report=%t.json --report-format=json -- 2> %t.err
// RUN: FileCheck %s --implicit-check-not=warning: --implicit-check-not=error: --implicit-check-not=remark: < %t.err
// RUN: python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); a=r["audit"]; assert (a["target_constructs"], a["clean"], a["with_findings"], a["not_analysed"], a["not_analysed_reasons"])==(8, 4, 3, 1, {"template never instantiated": 1}), a; got=[(x["level"], x["rule"], x["variable"], x["location"]["line"]) for x in r["findings"]]; assert got==[("error","ownmap.audit.lost-write","y",22),("error","ownmap.audit.section-too-small","x",29),("warning","ownmap.audit.map-too-broad","v",46),("warning","ownmap.audit.map-too-broad","v",46),("warning","ownmap.audit.not-analysed",None,88)], got' %t.json
// RUN: %ownmap-rewrite --audit %s --report=%t.sarif --report-format=sarif -- 2> /dev/null || true
// RUN: python3 -c 'import json,sys; a=json.load(open(sys.argv[1]))["runs"][0]["properties"]["audit"]; assert (a["target_constructs"], a["clean"], a["with_findings"], a["not_analysed"])==(8, 4, 3, 1), a' %t.sarif
#include <stdio.h>
#include <stdlib.h>

template <typename T> void axpy(int n, T a, const T *x, T *y) {
#pragma omp target teams distribute parallel for map(to: x[0:n]) map(tofrom: y[0:n])
  for (int i = 0; i < n; ++i)
    y[i] = a * x[i] + y[i];
}

// Both instantiations lose their results: one error.
template <typename T> void scale(int n, T a, T *y) {
#pragma omp target teams distribute parallel for map(to: y[0:n])
  for (int i = 0; i < n; ++i)
    y[i] = a * y[i];
}
// CHECK: audit-templates.cpp:[[#@LINE-4]]:58: error: 'y' is written on the device but mapped 'to'

template <typename T> void add_short(int n, const T *x, T *y) {
#pragma omp target teams distribute parallel for map(to: x[0:n - 1]) map(tofrom: y[0:n])
  for (int i = 0; i < n; ++i)
    y[i] += x[i];
}
// CHECK: audit-templates.cpp:[[#@LINE-4]]:58: error: 'x[0:n - 1]' maps elements [0, n - 1) but the loop reaches [0, n)

// A non-type parameter as the bound.
template <int N> void twice(double *y) {
#pragma omp target teams distribute parallel for map(tofrom: y[0:N])
  for (int i = 0; i < N; ++i)
    y[i] = 2 * y[i];
}

// A member of a class template; its findings differ with the type (the
// bytes saved), each names its instantiation.
template <typename T> struct Smoother {
  static void step(int n, const T *u, T *v) {
#pragma omp target teams distribute parallel for map(to: u[0:n]) map(tofrom: v[0:n])
    for (int i = 1; i < n - 1; ++i)
      v[i] = (u[i - 1] + u[i] + u[i + 1]) / 3;
  }
};
// CHECK: audit-templates.cpp:[[#@LINE-5]]:78: warning: 'v[0:n]' maps elements [0, n) but the loop reaches [1, n - 1): map 'v[1:(n - 1 > 1 ? n - 2 : 0)]' to move 8 fewer bytes each way (in 'Smoother<float>::step')
// CHECK: audit-templates.cpp:[[#@LINE-6]]:78: warning: 'v[0:n]' maps elements [0, n) but the loop reaches [1, n - 1): map 'v[1:(n - 1 > 1 ? n - 2 : 0)]' to move 16 fewer bytes each way (in 'Smoother<double>::step')

// A kernel template that maps nothing, called inside its caller's region.
template <typename T> void bump(int n, T *u) {
#pragma omp target teams distribute parallel for
  for (int i = 0; i < n; ++i)
    u[i] += 1;
}

void bump_all(int n, double *u) {
#pragma omp target data map(tofrom: u[0:n])
  {
    bump(n, u);
    bump(n, u);
  }
}

// A caller template: the region of its instantiation holds the data of
// bump's instantiation.
template <typename T> void bump_twice(int n, T *u) {
#pragma omp target data map(tofrom: u[0:n])
  {
    bump(n, u);
    bump(n, u);
  }
}

// Never instantiated, but nothing in the construct depends on N: analysed.
template <int N> void independent(int n, double *y) {
#pragma omp target teams distribute parallel for map(tofrom: y[0:n])
  for (int i = 0; i < n; ++i)
    y[i] = 3 * y[i];
}

// Never instantiated, with types unknown: not analysed, and said so.
template <typename T> void never(int n, T *y) {
#pragma omp target teams distribute parallel for map(tofrom: y[0:n])
  for (int i = 0; i < n; ++i)
    y[i] = 2 * y[i];
}
// CHECK: audit-templates.cpp:[[#@LINE-4]]:1: warning: cannot audit the target construct: its template is never instantiated and the construct depends on the template's parameters

int main() {
  int n = 16;
  float *xf = (float *)calloc(n, sizeof(float));
  float *yf = (float *)calloc(n, sizeof(float));
  double *xd = (double *)calloc(n, sizeof(double));
  double *yd = (double *)calloc(n, sizeof(double));
  axpy(n, 2.0f, xf, yf);
  axpy(n, 2.0, xd, yd);
  scale(n, 2.0f, yf);
  scale(n, 2.0, yd);
  add_short(n, xf, yf);
  add_short(n, xd, yd);
  twice<16>(yd);
  Smoother<float>::step(n, xf, yf);
  Smoother<double>::step(n, xd, yd);
  bump_all(n, yd);
  bump_twice(n, yf);
  printf("%f %f\n", yf[1], yd[1]);
  return 0;
}
// CHECK: 8 target constructs: 4 clean, 3 with findings, 1 not analysed (template never instantiated: 1)
