// --audit: a target loop the analysis cannot describe gets a warning that
// its maps are not checked, not a guess; warnings alone exit 0.
// Indirect subscripts leave that one map unchecked.
// Plain OpenMP code gets no advice about annotations (OM_LEN, OM_IN, ...),
// and the reasons say what the code does, once ("cannot audit ...: ", never
// the rewriter's "cannot offload: " too).
// RUN: %ownmap-rewrite --audit %s -- 2>&1 | FileCheck %s --implicit-check-not=OM_ --implicit-check-not="cannot offload"
void halve(int n, float *y) {
#pragma omp target teams distribute parallel for map(tofrom: y[0:n])
  for (int i = 0; i != n; ++i)
    y[i] = y[i] / 2.0f;
}
// CHECK: audit-not-analysed.c:10:3: warning: cannot audit the target construct: the loop's condition 'i != n' does not bound 'i' in the direction it steps

void gather(int n, const int *idx, const float *x, float *y) {
#pragma omp target teams distribute parallel for map(to: idx[0:n]) map(to: x[0:n]) map(from: y[0:n])
  for (int i = 0; i < n; ++i)
    y[i] = x[idx[i]];
}
// CHECK: audit-not-analysed.c:18:12: warning: cannot compare the map of 'x' with its accesses: cannot bound the elements of 'x' that 'x[idx[i]]' reaches (subscript 'x[idx[i]]' is not affine: {{.*}})

float gain;
void amplify(int n, float *y) {
#pragma omp target teams distribute parallel for map(tofrom: y[0:n])
  for (int i = 0; i < n; ++i)
    y[i] = gain * y[i];
}
// CHECK: audit-not-analysed.c:[[#@LINE-3]]:3: warning: cannot audit the target construct: 'gain' has static storage
// CHECK-NOT: error:
// CHECK: 3 warnings generated.
