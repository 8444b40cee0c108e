// --audit analyses the idioms of real OpenMP code with the same subscript
// and loop analysis the rewriter uses: `<=` bounds, an index declared
// before the loop, `(size_t)i * n + j`, index macros, local index
// variables, row pointers, `*(p + e)`, and loops with OpenMP directives
// nested inside (`parallel for` under `teams distribute`, `atomic`). Each
// construct is analysed, and a section too small is caught through each.
// The rewriter reads `*(p + e)` as `p[e]` too.
// RUN: not %ownmap-rewrite --audit %s --report=%t.json --report-format=json -- 2> %t.err
// RUN: FileCheck %s < %t.err
// RUN: python3 -c 'import json,sys; a=json.load(open(sys.argv[1]))["audit"]; assert (a["target_constructs"], a["not_analysed"])==(10, 0), a' %t.json
// RUN: %ownmap-rewrite %S/Inputs/pointer-arithmetic.c -o - -- -I%ownmap-include | FileCheck %s --check-prefix=REWRITE
#include <stddef.h>
#define idx(i, j) ((i) * n + (j))

void le_bound(int n, float *y) {
#pragma omp target teams distribute parallel for map(tofrom: y[0:n])
  for (int i = 0; i <= n; ++i)
    y[i] = y[i] * 2.0f;
}
// CHECK: audit-idioms.c:[[#@LINE-4]]:62: error: 'y[0:n]' maps elements [0, n) but the loop reaches [0, n + 1)

void index_before(int n, float *y) {
  int i;
#pragma omp target teams distribute parallel for map(tofrom: y[1:n])
  for (i = 0; i < n; ++i)
    y[i] = y[i] * 2.0f;
}
// CHECK: audit-idioms.c:[[#@LINE-4]]:62: error: 'y[1:n]' maps elements [1, n + 1) but the loop reaches [0, n)

void size_t_cast(int n, int m, const float *a, float *b) {
#pragma omp target teams distribute parallel for map(to: a[0:n * m]) map(from: b[0:n * m - 1])
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j)
      b[(size_t)i * m + j] = a[(size_t)i * m + j];
}
// CHECK: audit-idioms.c:[[#@LINE-5]]:80: error: 'b[0:n * m - 1]' maps elements [0, m * n - 1) but the loop reaches [0, m * n)

void macro_index(int n, const float *a, float *b) {
#pragma omp target teams distribute parallel for map(to: a[0:n * n - n]) map(from: b[0:n * n])
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      b[idx(i, j)] = a[idx(j, i)];
}
// CHECK: audit-idioms.c:[[#@LINE-5]]:58: error: 'a[0:n * n - n]' maps elements [0, n * n - n) but the loop reaches [0, n * n)

void local_index(int n, int m, const float *a, float *b) {
#pragma omp target teams distribute parallel for map(to: a[0:n * m]) map(from: b[0:n * m])
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j) {
      int k = i * m + j;
      b[k] = 2 * a[k];
    }
}

void row_pointers(int n, int m, const float *a, float *b) {
#pragma omp target teams distribute parallel for map(to: a[0:n * m]) map(from: b[0:n * m])
  for (int i = 0; i < n; ++i) {
    const float *row = a + i * m;
    float *out = b + i * m;
    for (int j = 0; j < m; ++j)
      out[j] = row[j];
  }
}

void pointer_arithmetic(int n, int m, const float *a, float *b) {
#pragma omp target teams distribute parallel for map(to: a[0:n * m - 1]) map(from: b[0:n * m])
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j)
      *(b + j * n + i) = *(a + i * m + j);
}
// CHECK: audit-idioms.c:[[#@LINE-5]]:58: error: 'a[0:n * m - 1]' maps elements [0, m * n - 1) but the loop reaches [0, m * n)

void nested_parallel_for(int rows, int cols, const double *a, const double *x, double *y) {
#pragma omp target teams distribute map(to: a[0:rows * cols], x[0:cols - 1]) map(from: y[0:rows])
  for (int i = 0; i < rows; ++i) {
    double sum = 0;
#pragma omp parallel for reduction(+: sum)
    for (int j = 0; j < cols; ++j)
      sum += a[i * cols + j] * x[j];
    y[i] = sum;
  }
}
// CHECK: audit-idioms.c:[[#@LINE-9]]:63: error: 'x[0:cols - 1]' maps elements [0, cols - 1) but the loop reaches [0, cols)

void teams_distribute_parallel_for(int n, const double *in, double *out) {
#pragma omp target teams map(to: in[0:n * n]) map(from: out[0:n * n])
  {
#pragma omp distribute
    for (int i = 1; i < n - 1; ++i) {
#pragma omp parallel for
      for (int j = 0; j < n; ++j)
        out[i * n + j] = in[(i - 1) * n + j] + in[(i + 1) * n + j];
    }
  }
}

void atomic_histogram(int n, int bins, const int *keys, int *count) {
#pragma omp target teams distribute parallel for map(to: keys[0:n]) map(tofrom: count[0:bins])
  for (int i = 0; i < n; ++i) {
#pragma omp atomic update
    count[keys[i]] += 1;
  }
}
// CHECK: audit-idioms.c:[[#@LINE-3]]:5: warning: cannot compare the map of 'count' with its accesses
// CHECK: 10 target constructs: 2 clean, 8 with findings, 0 not analysed

// REWRITE: #pragma omp target teams distribute parallel for map(to: x[0:(n > 0 ? n : 0)]) map(from: y[0:(n > 0 ? n : 0)])
