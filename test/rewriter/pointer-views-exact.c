// Views declared before the loop map exactly the elements the loop reaches
// through them, in terms of the parameter they view, and are declared again
// at the top of the loop's body (the device computes them from the mapped
// parameter): a one-based view 'y - 1' maps y[0:n], not y[-1], which may
// not exist (here y starts a page after an inaccessible one); OM_OUT stays
// 'from'. Views are 'p + e', 'e + p', 'p - e', 'p + e1 + e2', '&p[e]' and
// views of views; row pointers in the loop may view a view before it.
// Guard words on both sides of each array show that nothing outside it is
// written.
// RUN: %ownmap-rewrite --no-line-directives %s -- -DACCEPTED_ONLY | FileCheck %s --strict-whitespace
// RUN: not %ownmap-rewrite %s -- 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: %ownmap-rewrite %s -o %t.rw.c -- -DACCEPTED_ONLY
// RUN: %clang-offload -DACCEPTED_ONLY %t.rw.c -o %t.omp && %t.omp > %t.omp.out
// RUN: %clang-serial -DACCEPTED_ONLY %s -o %t.ser && %t.ser > %t.ser.out
// RUN: diff %t.ser.out %t.omp.out
#include <ownmap.h>
#include <stdio.h>
#include <sys/mman.h>
#include <unistd.h>

OM_KERNEL void one_based(int n, OM_IN const float *x, OM_OUT float *y) {
  float *w = y - 1;
  for (int i = 1; i <= n; ++i)
    w[i] = 2 * x[i - 1];
}
// CHECK-LABEL: {{^}}OM_KERNEL void one_based(
// CHECK:       {{^}}  #pragma omp target teams distribute parallel for private(w) map(to: x[0:(n + 1 > 1 ? n : 0)]) map(from: y[0:(n + 1 > 1 ? n : 0)]){{$}}
// CHECK-NEXT:  {{^}}  for (int i = 1; i <= n; ++i){{$}}
// CHECK-NEXT:  {{^}}    { w = y - 1; w[i] = 2 * x[i - 1];{{$}}
// CHECK-NEXT:  {{^}}  }{{$}}

OM_KERNEL void two_offsets(int n, int k, OM_IN const float *x, OM_OUT float *y) {
  float *w = y + 1 + k;
  for (int i = 0; i < n; ++i)
    w[i] = x[i] + 1;
}
// CHECK-LABEL: {{^}}OM_KERNEL void two_offsets(
// CHECK:       map(from: y[k + 1:(n > 0 ? n : 0)]){{$}}

OM_KERNEL void reversed(int n, OM_IN const float *x, OM_OUT float *y) {
  const float *last = x + n - 1;
  for (int i = 0; i < n; ++i) {
    y[i] = last[-i] * 3;
  }
}
// CHECK-LABEL: {{^}}OM_KERNEL void reversed(
// CHECK:       map(to: x[0:(n > 0 ? n : 0)]) map(from: y[0:(n > 0 ? n : 0)]){{$}}
// CHECK-NEXT:  {{^}}  for (int i = 0; i < n; ++i) {{[{]$}}
// CHECK-NEXT:  {{^}}    last = x + n - 1;{{$}}
// CHECK-NEXT:  {{^}}    y[i] = last[-i] * 3;{{$}}

OM_KERNEL void leading(int n, OM_IN const float *x, OM_OUT float *y) {
  float *w = 2 + y;
  for (int i = 0; i < n; ++i) { w[i - 2] = x[i] - 1; }
}
// CHECK-LABEL: {{^}}OM_KERNEL void leading(
// CHECK:       map(from: y[0:(n > 0 ? n : 0)]){{$}}
// CHECK-NEXT:  {{^}}  for (int i = 0; i < n; ++i) { w = 2 + y; w[i - 2] = x[i] - 1; }{{$}}

// A view of a view, both before the loop: both are declared again, in order.
OM_KERNEL void view_of_view(int n, OM_IN const float *x, OM_INOUT float *y) {
  float *b = &y[4];
  float *w = b - 3;
  for (int i = 0; i < n; ++i)
    w[i] += x[i];
}
// CHECK-LABEL: {{^}}OM_KERNEL void view_of_view(
// CHECK:       map(tofrom: y[1:(n > 0 ? n : 0)]){{$}}
// CHECK-NEXT:  {{^}}  for (int i = 0; i < n; ++i){{$}}
// CHECK-NEXT:  {{^}}    { b = &y[4]; w = b - 3; w[i] += x[i];{{$}}

// Row pointers in the loop, of a block that starts one row and one column
// into a.
OM_KERNEL OM_FACT(ld >= n) void row_sums(int m, int n, int ld, OM_IN const float *a,
                                         OM_OUT float *s) {
  const float *block = a + ld + 1;
  for (int i = 0; i < m; ++i) {
    const float *row = block + i * ld;
    float t = 0;
    for (int j = 0; j < n; ++j)
      t += row[j];
    s[i] = t;
  }
}
// CHECK-LABEL: {{^}}OM_KERNEL OM_FACT(ld >= n) void row_sums(
// CHECK:       map(to: a[ld + 1:{{.*}}]) map(from: s[0:{{.*}}]){{$}}
// CHECK-NEXT:  {{^}}  for (int i = 0; i < m; ++i) {{[{]$}}
// CHECK-NEXT:  {{^}}    block = a + ld + 1;{{$}}
// CHECK-NEXT:  {{^}}    const float *row = block + i * ld;{{$}}

// CHECK-LABEL: {{^}}int main(void) {

#ifndef ACCEPTED_ONLY
OM_KERNEL void offset_in_memory(int n, OM_IN const int *start, OM_IN const float *x,
                                OM_OUT float *y) {
  float *w = y + start[0];
  for (int i = 0; i < n; ++i)
    w[i] = x[i];
}
// ERR: pointer-views-exact.c:[[@LINE-2]]:5: error: cannot offload: pointer 'w' views 'y' at an offset that does not consist of scalar variables and constants ('y + start[0]'); the device computes the view again in the loop: keep the offset in a local variable first
// ERR: pointer-views-exact.c:[[@LINE-5]]:10: note: 'w' is declared here

OM_KERNEL void hidden_offset(int n, int i, OM_IN const float *x, OM_OUT float *y) {
  float *w = y + i;
  for (int i = 0; i < n; ++i)
    w[i] = x[i];
}
// ERR: pointer-views-exact.c:[[@LINE-2]]:5: error: cannot offload: the 'i' declared between view 'w' ('y + i') and the loop's body hides the one the view reads, and the device computes the view again in the loop; rename one of them

OM_KERNEL void hidden_base(int n, OM_IN const float *x, OM_OUT float *y) {
  float *w = y + 1;
  {
    float *y = 0;
    for (int i = 0; i < n; ++i)
      w[i] = x[i];
    (void)y;
  }
}
// ERR: pointer-views-exact.c:[[@LINE-4]]:7: error: cannot offload: the 'y' declared between view 'w' ('y + 1') and the loop's body hides the one the view reads

OM_KERNEL void same_name(int n, OM_IN const float *x, OM_OUT float *y) {
  float *w = y + 1;
  for (int i = 0; i < n; ++i) {
    w[i] = x[i];
    int w = i;
    (void)w;
  }
}
// ERR: pointer-views-exact.c:[[@LINE-5]]:5: error: cannot offload: the loop's body declares another 'w', and the device declares view 'w' ('y + 1') again at its top; rename one of them

OM_KERNEL void view_in_header(OM_IN const int *count, OM_INOUT float *y) {
  const int *n = count + 1;
  for (int i = 0; i < n[0]; ++i)
    y[i] += 1;
}
// ERR: pointer-views-exact.c:[[@LINE-3]]:23: error: cannot offload: the loop's header uses view 'n' ('count + 1'), declared before the loop; the device computes such a view at the top of the loop's body: use the pointer it views in the header
#endif

enum { N = 16, G = 4 };

/// An array with guard words on both sides.
struct guarded {
  float lo[G], v[N], hi[G];
};

static void fill(struct guarded *g) {
  for (int i = 0; i < G; ++i)
    g->lo[i] = g->hi[i] = 777;
  for (int i = 0; i < N; ++i)
    g->v[i] = -1;
}

static void print(const char *name, const struct guarded *g) {
  int intact = 1;
  for (int i = 0; i < G; ++i)
    intact &= g->lo[i] == 777 && g->hi[i] == 777;
  printf("%s guards %s:", name, intact ? "intact" : "WRITTEN");
  for (int i = 0; i < N; ++i)
    printf(" %g", g->v[i]);
  printf("\n");
}

int main(void) {
  float x[N], a[6 * 8];
  for (int i = 0; i < N; ++i)
    x[i] = i + 1;
  for (int i = 0; i < 6 * 8; ++i)
    a[i] = i % 7;
  struct guarded g;
  fill(&g);
  one_based(N, x, g.v);
  print("one_based", &g);
  fill(&g);
  two_offsets(N - 3, 2, x, g.v);
  print("two_offsets", &g);
  fill(&g);
  reversed(N, x, g.v);
  print("reversed", &g);
  fill(&g);
  leading(N, x, g.v);
  print("leading", &g);
  fill(&g);
  view_of_view(N - 1, x, g.v);
  print("view_of_view", &g);
  fill(&g);
  row_sums(5, 6, 8, a, g.v);
  print("row_sums", &g);
  // y starts a page after one that cannot be read: y[-1] does not exist.
  long page = sysconf(_SC_PAGESIZE);
  char *pages = mmap(NULL, 2 * page, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (pages == MAP_FAILED || mprotect(pages + page, page, PROT_READ | PROT_WRITE))
    return 1;
  float *y = (float *)(pages + page);
  one_based(N, x, y);
  printf("page start:");
  for (int i = 0; i < N; ++i)
    printf(" %g", y[i]);
  printf("\n");
  return 0;
}
