// --audit on correct, tight maps (a combined construct, and a loop inside a
// `target data` region that maps the data) finds nothing: no diagnostics but the count of constructs,
// nothing on stdout, exit status 0, an empty findings list. The program
// itself runs offloaded as it does serially.
// RUN: %ownmap-rewrite --audit %s --report=%t.json --report-format=json -- > %t.out 2> %t.err
// RUN: count 0 < %t.out
// RUN: count 1 < %t.err
// RUN: FileCheck %s --check-prefix=SUMMARY --match-full-lines < %t.err
// SUMMARY: ownmap-rewrite: 2 target constructs: 2 clean, 0 with findings, 0 not analysed
// RUN: python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); assert r["findings"]==[], r' %t.json
// RUN: %clang-offload %s -o %t.omp && %t.omp > %t.omp.out
// RUN: %clang-serial %s -o %t.ser && %t.ser > %t.ser.out
// RUN: diff %t.ser.out %t.omp.out
#include <stdio.h>

void step(int n, const float *x, float *y, float *z) {
#pragma omp target teams distribute parallel for map(to: x[0:n]) map(tofrom: y[1:n - 2])
  for (int i = 1; i < n - 1; ++i)
    y[i] = y[i] + x[i - 1] - x[i + 1];
#pragma omp target data map(to: x[0:n]) map(from: z[0:n])
  {
#pragma omp target teams distribute parallel for
    for (int i = 0; i < n; ++i)
      z[i] = 2.0f * x[i];
  }
}

int main(void) {
  enum { N = 256 };
  static float x[N], y[N], z[N];
  for (int i = 0; i < N; ++i) {
    x[i] = (float)(i % 10);
    y[i] = (float)(i % 3);
  }
  step(N, x, y, z);
  double s = 0;
  for (int i = 0; i < N; ++i)
    s += (y[i] + z[i]) * (i % 7 + 1);
  printf("audit-clean %.1f\n", s);
  return 0;
}
