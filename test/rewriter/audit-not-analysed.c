// --audit: a target loop the analysis cannot describe gets a warning that
// its maps are not checked, not a guess; warnings alone exit 0.
// Indirect subscripts leave that one map unchecked.
// RUN: %ownmap-rewrite --audit %s -- 2>&1 | FileCheck %s
void halve(int n, float *y) {
#pragma omp target teams distribute parallel for map(tofrom: y[0:n])
  for (int i = 0; i != n; ++i)
    y[i] = y[i] / 2.0f;
}
// CHECK: audit-not-analysed.c:7:3: warning: cannot audit the target construct: {{.*}}

void gather(int n, const int *idx, const float *x, float *y) {
#pragma omp target teams distribute parallel for map(to: idx[0:n]) map(to: x[0:n]) map(from: y[0:n])
  for (int i = 0; i < n; ++i)
    y[i] = x[idx[i]];
}
// CHECK: audit-not-analysed.c:15:12: warning: cannot compare the map of 'x' with its accesses: {{.*}}
// CHECK-NOT: error:
// CHECK: 2 warnings generated.
