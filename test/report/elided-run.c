// ownmap-report on a real run with transfer elision (the plugin's default):
// a time loop that maps its arrays in every step. The plugin keeps them on
// the device and skips the copies; the report turns each skipped copy into
// the target data region that saves it without the plugin (map(to:) for
// a, which only goes to the device; map(tofrom:) for b, which comes back),
// and gives the audit's finding for c the bytes this run moved.
//
// REQUIRES: rewriter
// RUN: rm -rf %t && mkdir %t
// RUN: %clang-offload %s -o %t/steps
// RUN: %ownmap-run --report %t/run.json -- %t/steps | FileCheck %s --check-prefix=OUT
// RUN: %ownmap-rewrite --audit %s --report=%t/audit.json --report-format=json -- 2>/dev/null
// RUN: ownmap-report --text %t/run.json %t/audit.json | FileCheck %s
// RUN: ownmap-report %t/run.json %t/audit.json -o %t/page.html
// RUN: FileCheck %s --check-prefix=HTML < %t/page.html

// OUT: 5963536.0
// CHECK: suggestions:
// CHECK-DAG: - a[0:N]: the plugin skipped [[#]].[[#]] MiB of copies to the device ([[#]] copies) because the device already held the data: a target data region, #pragma omp target data map(to: a[0:N]), around the loop whose target regions map it (declared at elided-run.c:[[#@LINE+13]]) saves
// CHECK-DAG: - b[0:N]: the plugin skipped {{.*}} because the device already held the data, and {{.*}} of copies back ({{.*}}) because the host did not read them before the next region: a target data region, #pragma omp target data map(tofrom: b[0:N])
// CHECK-DAG: - elided-run.c:[[#@LINE+20]]: 'c' is mapped 'tofrom' but never written on the device: map(to: ...) would save 524288 bytes device->host; in this run that is
// HTML: <li class="suggestion" data-kind="data-region">a[0:N]: the plugin skipped
// HTML: <svg class="plot timeline"
// HTML-SAME: <rect class="elided"

#include <stdio.h>
#include <stdlib.h>

enum { N = 1 << 16, STEPS = 20 };

int main(void) {
  double *a = malloc(N * sizeof *a);
  double *b = malloc(N * sizeof *b);
  double *c = malloc(N * sizeof *c);
  for (int i = 0; i < N; i++) {
    a[i] = i % 10;
    b[i] = 0;
    c[i] = 1;
  }
  for (int s = 0; s < STEPS; s++) {
#pragma omp target teams distribute parallel for map(to: a[0:N]) map(tofrom: b[0:N]) map(tofrom: c[0:N])
    for (int i = 0; i < N; i++)
      b[i] += a[i] * c[i];
  }
  double sum = 0;
  for (int i = 0; i < N; i++)
    sum += b[i] + c[i];
  printf("%.1f\n", sum);
  free(a);
  free(b);
  free(c);
  return 0;
}
