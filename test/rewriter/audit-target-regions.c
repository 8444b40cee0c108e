// --audit accounts for every target construct: `target teams` regions made
// of loop constructs (`distribute parallel for`, `parallel for`), `target`
// regions with several `teams distribute parallel for` loops, and `target`
// around a loop are audited loop by loop against the construct's maps; a
// region with other code is counted as not analysed. The run ends with one
// line of counts, which the JSON report and SARIF run properties repeat.
// RUN: not %ownmap-rewrite --audit %s --report=%t.json --report-format=json -- 2> %t.err
// RUN: FileCheck %s < %t.err
// RUN: python3 -c 'import json,sys; a=json.load(open(sys.argv[1]))["audit"]; assert a=={"target_constructs":6,"clean":2,"with_findings":2,"not_analysed":2,"not_analysed_reasons":{"code outside loops":1,"loop body":1},"summary":"6 target constructs: 2 clean, 2 with findings, 2 not analysed (code outside loops: 1, loop body: 1)"}, a' %t.json
// RUN: not %ownmap-rewrite --audit %s --report=%t.sarif --report-format=sarif -- 2> /dev/null
// RUN: python3 -c 'import json,sys; p=json.load(open(sys.argv[1]))["runs"][0]["properties"]["audit"]; assert (p["target_constructs"], p["clean"], p["with_findings"], p["not_analysed"])==(6,2,2,2), p' %t.sarif
// RUN: %ownmap-rewrite --audit %s --report=%t.txt -- 2> /dev/null || true
// RUN: tail -n 1 %t.txt | FileCheck %s --check-prefix=TEXT
// TEXT: 6 target constructs: 2 clean, 2 with findings, 2 not analysed (code outside loops: 1, loop body: 1)

// target teams around a distribute parallel for: the write to y is lost.
void copy(int n, const double *x, double *y) {
#pragma omp target teams map(to: x[0:n]) map(to: y[0:n])
  {
#pragma omp distribute parallel for
    for (int i = 0; i < n; ++i)
      y[i] = x[i];
  }
}
// CHECK: audit-target-regions.c:18:50: error: 'y' is written on the device but mapped 'to'

// Two loops in one target teams region (a smoother and its residual): the
// section of u is too small for the second.
void smooth(int n, const double *f, double *u, double *r) {
#pragma omp target teams map(to: f[0:n]) map(tofrom: u[0:n - 1]) map(from: r[0:n])
  {
#pragma omp distribute parallel for
    for (int i = 1; i < n - 1; ++i)
      u[i] = 0.5 * (u[i] + f[i]);
#pragma omp distribute parallel for
    for (int i = 1; i < n - 1; ++i)
      r[i] = f[i] - u[i - 1] + 2 * u[i] - u[i + 1];
  }
}
// CHECK: audit-target-regions.c:30:54: error: 'u[0:n - 1]' maps elements [0, n - 1) but the loop reaches [0, n)

// Clean: target teams with a parallel for inside, and a region of two
// loops that fits its maps.
void scale(int n, double a, double *x) {
#pragma omp target teams map(tofrom: x[0:n])
  {
#pragma omp parallel for
    for (int i = 0; i < n; ++i)
      x[i] = a * x[i];
  }
}
void two(int n, const double *x, double *y, double *z) {
#pragma omp target teams map(to: x[0:n]) map(from: y[0:n], z[0:n])
  {
#pragma omp distribute parallel for
    for (int i = 0; i < n; ++i)
      y[i] = x[i];
#pragma omp distribute parallel for
    for (int i = 0; i < n; ++i)
      z[i] = 2 * x[i];
  }
}

// Not analysed: code between the loops, and a loop over a global.
double g[100];
void other(int n, double *y) {
#pragma omp target map(tofrom: y[0:n])
  {
    y[0] = 1;
#pragma omp parallel for
    for (int i = 1; i < n; ++i)
      y[i] = y[0];
  }
#pragma omp target teams distribute parallel for
  for (int i = 0; i < 100; ++i)
    g[i] = i;
}
// CHECK: audit-target-regions.c:67:1: warning: cannot audit the target construct: its region holds code other than loops and loop constructs
// CHECK: audit-target-regions.c:75:3: warning: cannot audit the target construct: {{.*}}'g' has static storage
// CHECK: ownmap-rewrite: 6 target constructs: 2 clean, 2 with findings, 2 not analysed (code outside loops: 1, loop body: 1)
