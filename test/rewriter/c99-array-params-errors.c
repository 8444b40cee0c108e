// C99 array parameters the rewriter refuses: an extent the kernel changes
// (the rows keep the length they had at entry, the subscripts would use
// the new one), an extent that is not made of integer parameters, and rows
// without a count.
// RUN: not %ownmap-rewrite %s -- 2>&1 | FileCheck %s --check-prefix=CHECK-MESSAGES
// RUN: not %ownmap-rewrite %s --report=%t.json --report-format=json -- 2>/dev/null
// RUN: FileCheck %s --check-prefix=RULES < %t.json
#include <ownmap.h>

OM_KERNEL void changed(int m, int n, OM_INOUT float a[m][n]) {
  n = n - 1;
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j)
      a[i][j] += 1.0f;
}
// CHECK-MESSAGES: c99-array-params-errors.c:[[#@LINE-6]]:58: error: extent 'n' of dimension 2 of 'a' names 'n', which the kernel changes; the rows of 'a' keep the length 'n' had at entry: keep the extent in a parameter the kernel does not change

int width;
OM_KERNEL void global_extent(int m, OM_IN const float a[m][width + 1],
                             OM_OUT float *b) {
  for (int i = 0; i < m; ++i)
    b[i] = a[i][0];
}
// CHECK-MESSAGES: c99-array-params-errors.c:[[#@LINE-5]]:{{[0-9]+}}: error: extent 'width + 1' of dimension 2 of 'a' names 'width', which is not a parameter of the kernel; extents must be integer constants or integer parameters the kernel does not change

OM_KERNEL void no_rows(int m, int n, OM_IN const float a[][n],
                       OM_OUT float *b) {
  for (int i = 0; i < m; ++i)
    b[i] = a[i][0];
}
// CHECK-MESSAGES: c99-array-params-errors.c:[[#@LINE-5]]:{{[0-9]+}}: error: array parameter 'a' has no row count (it is declared 'const float[][n]'); write the count in its first brackets or state it with OM_LEN(<rows>)

OM_KERNEL void pointer_rows(int m, int n, OM_IN const float (*a)[n],
                            OM_OUT float *b) {
  for (int i = 0; i < m; ++i)
    b[i] = a[i][0];
}
// CHECK-MESSAGES: c99-array-params-errors.c:[[#@LINE-5]]:{{[0-9]+}}: error: array parameter 'a' has no row count (it is declared 'const float (*)[n]'); state it with OM_LEN(<rows>)

// The border of b is not written, and OM_OUT copies whole rows back.
OM_KERNEL void smooth(int m, int n, OM_IN const float a[m][n],
                      OM_OUT float b[m][n]) {
  for (int i = 1; i < m - 1; ++i)
    for (int j = 1; j < n - 1; ++j)
      b[i][j] = (a[i - 1][j] + a[i + 1][j] + a[i][j - 1] + a[i][j + 1]) * 0.25f;
}
// CHECK-MESSAGES: c99-array-params-errors.c:[[#@LINE-2]]:7: error: 'b' is OM_OUT but 'b[i][j]' does not write every element of its section

// RULES-COUNT-4: "rule": "ownmap.annotation.extent"

// A view of rows would count its offset in elements, not rows.
OM_KERNEL void view_rows(int m, int n, OM_INOUT float a[m][n]) {
  for (int i = 0; i < m; ++i) {
    float (*row)[n] = a + i;
    for (int j = 0; j < n; ++j)
      (*row)[j] += 1.0f;
  }
}
// CHECK-MESSAGES: c99-array-params-errors.c:[[#@LINE-3]]:{{[0-9]+}}: error: cannot offload: pointer 'row' views rows of array parameter 'a'; subscript the parameter itself
