// --audit covers every loop-associated target construct, here
// here `target teams distribute` on its own, and reads maps of
// enclosing `target data` constructs for sections too.
// RUN: not %ownmap-rewrite --audit %s -- 2>&1 | FileCheck %s
void inc(int n, int *y) {
#pragma omp target teams distribute map(to: y[0:n])    
  for (int i = 0; i < n; ++i)
    y[i] += 1;
}
// CHECK: audit-target-constructs.c:6:45: error: 'y' is written on the device but mapped 'to'

void shift(int n, const int *x, int *y) {
#pragma omp target data map(to: x[0:n - 1])
  {
#pragma omp target teams distribute map(tofrom: y[0:n])
    for (int i = 0; i < n; ++i)
      y[i] = x[i];
  }
}
// CHECK: audit-target-constructs.c:13:33: error: 'x[0:n - 1]' maps elements [0, n - 1) but the loop reaches [0, n) {{.*}}
// CHECK: 2 errors generated.
