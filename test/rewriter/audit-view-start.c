// --audit: a view declared outside the target construct reaches the device
// through the map of its first element (the rewriter instead declares such
// a view again in the loop), so a section that leaves that element out is
// too small even though the loop never reads it.
// RUN: not %ownmap-rewrite --audit %s -- 2>&1 | FileCheck %s
void shifted(int n, const float *x, float *y) {
  float *w = y + 2;
#pragma omp target teams distribute parallel for map(to: x[0:n]) map(from: y[3:n])
  for (int i = 0; i < n; ++i)
    w[i + 1] = x[i];
}
// CHECK: audit-view-start.c:[[@LINE-4]]:76: error: 'y[3:n]' maps elements [3, n + 3) but the loop reaches [2, n + 3) {{.*}} map 'y[2:(n > 0 ? n + 1 : 0)]'

void past_the_end(int n, const float *x, float *y) {
  float *w = y + n;
#pragma omp target teams distribute parallel for map(to: x[0:n]) map(tofrom: y[0:n])
  for (int i = 0; i < n; ++i)
    w[-1 - i] += x[i];
}
// CHECK: audit-view-start.c:[[@LINE-2]]:5: warning: cannot compare the map of 'y' with its accesses: the view in 'w[-1 - i]' starts at y[n], outside the elements of 'y' the loop reaches (y[0] to y[n - 1]) {{.*}}; the device finds a view declared outside the construct through the map of its first element

// The construct's header may use such a view (the rewriter would refuse
// it: it declares views again at the top of the loop's body).
void counted(const int *count, float *y) {
  const int *n = count + 1;
#pragma omp target teams distribute parallel for map(to: count[1:1]) map(tofrom: y[0:count[1]])
  for (int i = 0; i < n[0]; ++i)
    y[i] += 1;
}

// A view whose offset the program reads from memory is a view all the same
// (only the rewriter, which declares views again in the loop, refuses it).
void from_memory(int n, const int *start, const float *x, float *y) {
  float *w = y + start[0];
#pragma omp target teams distribute parallel for map(to: x[0:n]) map(from: y[0:n])
  for (int i = 0; i < n; ++i)
    w[i] = x[i];
}
// CHECK: audit-view-start.c:[[@LINE-2]]:5: warning: cannot compare the map of 'y' with its accesses: cannot bound the elements of 'y' that 'w[i]' reaches
// CHECK: 4 target constructs: 1 clean, 3 with findings, 0 not analysed
