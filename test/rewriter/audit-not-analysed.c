// --audit: a target loop the analysis cannot describe gets a warning that
// its maps are not checked, not a guess; warnings alone exit 0.
// Indirect subscripts leave that one map unchecked.
// Plain OpenMP code gets no advice about annotations (OM_LEN, OM_IN, ...).
// RUN: %ownmap-rewrite --audit %s -- 2>&1 | FileCheck %s --implicit-check-not=OM_
void halve(int n, float *y) {
#pragma omp target teams distribute parallel for map(tofrom: y[0:n])
  for (int i = 0; i != n; ++i)
    y[i] = y[i] / 2.0f;
}
// CHECK: audit-not-analysed.c:8:3: warning: cannot audit the target construct: {{.*}}

void gather(int n, const int *idx, const float *x, float *y) {
#pragma omp target teams distribute parallel for map(to: idx[0:n]) map(to: x[0:n]) map(from: y[0:n])
  for (int i = 0; i < n; ++i)
    y[i] = x[idx[i]];
}
// CHECK: audit-not-analysed.c:16:12: warning: cannot compare the map of 'x' with its accesses: cannot bound the elements of 'x' that 'x[idx[i]]' reaches (subscript 'x[idx[i]]' is not affine: {{.*}})
// CHECK-NOT: error:
// CHECK: 2 warnings generated.
