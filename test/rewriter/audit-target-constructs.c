// --audit covers every loop-associated target construct, here
// `target teams distribute` on its own and each of the others below, and
// reads maps of enclosing `target data` constructs for sections too.
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

// Every other loop-associated target construct. `target parallel for` is
// declared apart from the other loop directives in LLVM 19's AST node list,
// which once hid it from the audit.
void lost0(int n, int *y) {
#pragma omp target parallel for map(to: y[0:n])
  for (int i = 0; i < n; ++i)
    y[i] += 1;
}
// CHECK: audit-target-constructs.c:[[#@LINE-4]]:41: error: 'y' is written on the device but mapped 'to'
void lost1(int n, int *y) {
#pragma omp target parallel for simd map(to: y[0:n])
  for (int i = 0; i < n; ++i)
    y[i] += 1;
}
// CHECK: audit-target-constructs.c:[[#@LINE-4]]:46: error: 'y' is written on the device but mapped 'to'
void lost2(int n, int *y) {
#pragma omp target simd map(to: y[0:n])
  for (int i = 0; i < n; ++i)
    y[i] += 1;
}
// CHECK: audit-target-constructs.c:[[#@LINE-4]]:33: error: 'y' is written on the device but mapped 'to'
void lost3(int n, int *y) {
#pragma omp target teams distribute simd map(to: y[0:n])
  for (int i = 0; i < n; ++i)
    y[i] += 1;
}
// CHECK: audit-target-constructs.c:[[#@LINE-4]]:50: error: 'y' is written on the device but mapped 'to'
void lost4(int n, int *y) {
#pragma omp target teams distribute parallel for map(to: y[0:n])
  for (int i = 0; i < n; ++i)
    y[i] += 1;
}
// CHECK: audit-target-constructs.c:[[#@LINE-4]]:58: error: 'y' is written on the device but mapped 'to'
void lost5(int n, int *y) {
#pragma omp target teams distribute parallel for simd map(to: y[0:n])
  for (int i = 0; i < n; ++i)
    y[i] += 1;
}
// CHECK: audit-target-constructs.c:[[#@LINE-4]]:63: error: 'y' is written on the device but mapped 'to'
void lost6(int n, int *y) {
#pragma omp target teams loop map(to: y[0:n])
  for (int i = 0; i < n; ++i)
    y[i] += 1;
}
// CHECK: audit-target-constructs.c:[[#@LINE-4]]:39: error: 'y' is written on the device but mapped 'to'
void lost7(int n, int *y) {
#pragma omp target parallel loop map(to: y[0:n])
  for (int i = 0; i < n; ++i)
    y[i] += 1;
}
// CHECK: audit-target-constructs.c:[[#@LINE-4]]:42: error: 'y' is written on the device but mapped 'to'

// `target` alone around a loop construct, or around a loop in braces (run
// by one device thread): the loop is audited against the target's maps.
void nested(int n, int *y) {
#pragma omp target map(to: y[0:n])
#pragma omp teams distribute parallel for
  for (int i = 0; i < n; ++i)
    y[i] += 1;
}
// CHECK: audit-target-constructs.c:[[#@LINE-5]]:28: error: 'y' is written on the device but mapped 'to'
void serial(int n, const int *x, int *y) {
#pragma omp target map(to: x[0:n - 1]) map(tofrom: y[0:n])
  {
    for (int i = 0; i < n; ++i)
      y[i] = x[i];
  }
}
// CHECK: audit-target-constructs.c:[[#@LINE-6]]:28: error: 'x[0:n - 1]' maps elements [0, n - 1) but the loop reaches [0, n)

// A `target` region with code other than loops is not audited, and says
// so: it is counted as not analysed, never as clean.
void scalar(int n, int *y) {
#pragma omp target map(to: y[0:n])
  {
    y[0] = n;
  }
}
// CHECK: audit-target-constructs.c:[[#@LINE-5]]:1: warning: cannot audit the target construct: its region holds code other than loops and loop constructs
// CHECK-NOT: error:
// CHECK: 1 warning and 12 errors generated.
// CHECK-NEXT: ownmap-rewrite: 13 target constructs: 0 clean, 12 with findings, 1 not analysed (code outside loops: 1)
