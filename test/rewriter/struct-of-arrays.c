// Structs of arrays passed by pointer: each pointer field the kernel uses
// is read once at kernel entry into a local of its own ('p->x' becomes
// 'p_x'), which is mapped as an array section like a pointer parameter;
// arithmetic fields become constants ('p->n' becomes 'p_n'). Under OM_INOUT
// a field the kernel writes through is mapped tofrom, one it only reads
// to. Mutable fields are checked at run time against every other mapped
// array, including the struct's own other fields.
// RUN: %ownmap-rewrite --no-line-directives %s -- | FileCheck %s --strict-whitespace
// RUN: %ownmap-rewrite %s -o %t.rw.c --
// RUN: %ownmap-rewrite %t.rw.c -- | diff %t.rw.c -
// RUN: %clang-offload %t.rw.c -o %t.omp && %t.omp > %t.omp.out
// RUN: %clang-serial %s -o %t.ser && %t.ser > %t.ser.out
// RUN: diff %t.ser.out %t.omp.out
// RUN: not --crash %t.omp alias > /dev/null 2> %t.err
// RUN: FileCheck %s --check-prefix=ABORT < %t.err
#include <ownmap.h>
#include <stdio.h>
#include <string.h>

typedef struct {
  float *x, *y, *z;
  int n;
} soa;

OM_KERNEL void push(OM_INOUT soa *p, OM_IN const float *v, float dt) {
  for (int i = 0; i < p->n; ++i) {
    p->x[i] += v[i] * dt;
    p->z[i] = 2 * p->y[i];
  }
}
// CHECK-LABEL: {{^}}OM_KERNEL void push(
// CHECK-NEXT:  {{^}}  float *const p_x = p->x;{{$}}
// CHECK-NEXT:  {{^}}  float *const p_y = p->y;{{$}}
// CHECK-NEXT:  {{^}}  float *const p_z = p->z;{{$}}
// CHECK-NEXT:  {{^}}  const int p_n = p->n;{{$}}
// CHECK-NEXT:  {{^}}  if (p_n > 0) ownmap_check_exclusive("push", "OM_INOUT", "p_x", p_x, p_x + p_n, "p_y", p_y, p_y + p_n);{{$}}
// CHECK-NEXT:  {{^}}  if (p_n > 0) ownmap_check_exclusive("push", "OM_INOUT", "p_x", p_x, p_x + p_n, "p_z", p_z, p_z + p_n);{{$}}
// CHECK-NEXT:  {{^}}  if (p_n > 0) ownmap_check_exclusive("push", "OM_INOUT", "p_x", p_x, p_x + p_n, "v", v, v + p_n);{{$}}
// CHECK-NEXT:  {{^}}  if (p_n > 0) ownmap_check_exclusive("push", "OM_INOUT", "p_z", p_z, p_z + p_n, "p_y", p_y, p_y + p_n);{{$}}
// CHECK-NEXT:  {{^}}  if (p_n > 0) ownmap_check_exclusive("push", "OM_INOUT", "p_z", p_z, p_z + p_n, "v", v, v + p_n);{{$}}
// CHECK:       {{^}}  #pragma omp target teams distribute parallel for map(tofrom: p_x[0:(p_n > 0 ? p_n : 0)]) map(to: p_y[0:(p_n > 0 ? p_n : 0)]) map(tofrom: p_z[0:(p_n > 0 ? p_n : 0)]) map(to: v[0:(p_n > 0 ? p_n : 0)]){{$}}
// CHECK-NEXT:  {{^}}  for (int i = 0; i < p_n; ++i) {{{$}}
// CHECK-NEXT:  {{^}}    p_x[i] += v[i] * dt;{{$}}
// CHECK-NEXT:  {{^}}    p_z[i] = 2 * p_y[i];{{$}}

typedef struct {
  const int *rowptr;
  int rows;
  double scale;
} rows_of;

// OM_IN: every field is read only; host code of the kernel may read the
// fields too.
OM_KERNEL double row_lengths(OM_IN const rows_of *m, OM_OUT int *len) {
  int first = m->rowptr[0];
  for (int r = 0; r < m->rows; ++r)
    len[r] = (int)(m->scale * (m->rowptr[r + 1] - m->rowptr[r]));
  return first + m->scale;
}
// CHECK-LABEL: {{^}}OM_KERNEL double row_lengths(
// CHECK-NEXT:  {{^}}  const int *const m_rowptr = m->rowptr;{{$}}
// CHECK-NEXT:  {{^}}  const int m_rows = m->rows;{{$}}
// CHECK-NEXT:  {{^}}  const double m_scale = m->scale;{{$}}
// CHECK-NEXT:  {{^}}  int first = m_rowptr[0];{{$}}
// CHECK:       {{^}}  #pragma omp target teams distribute parallel for map(to: m_rowptr[0:(m_rows > 0 ? m_rows + 1 : 0)]) map(from: len[0:(m_rows > 0 ? m_rows : 0)]){{$}}
// CHECK-NEXT:  {{^}}  for (int r = 0; r < m_rows; ++r){{$}}
// CHECK-NEXT:  {{^}}    len[r] = (int)(m_scale * (m_rowptr[r + 1] - m_rowptr[r]));{{$}}
// CHECK-NEXT:  {{^}}  ownmap_kernel_facts_done();{{$}}
// CHECK-NEXT:  {{^}}  return first + m_scale;{{$}}

// A field indexed through data gets its count from OM_LEN on the field,
// over the struct's arithmetic fields; their locals are declared too.
typedef struct {
  int rows, nnz;
  const int *rowptr;
  OM_LEN(nnz) const int *col;
  OM_LEN(nnz) const float *val;
} csr;

OM_KERNEL void spmv(OM_IN const csr *A, OM_IN OM_LEN(n) const float *x,
                    int n, OM_OUT float *y) {
  for (int i = 0; i < A->rows; ++i) {
    float s = 0;
    for (int k = A->rowptr[i]; k < A->rowptr[i + 1]; ++k)
      s += A->val[k] * x[A->col[k]];
    y[i] = s;
  }
}
// CHECK-LABEL: {{^}}OM_KERNEL void spmv(
// CHECK-NEXT:  {{^}}                    int n, OM_OUT float *y) {{{$}}
// CHECK-NEXT:  {{^}}  const int A_rows = A->rows;{{$}}
// CHECK-NEXT:  {{^}}  const int A_nnz = A->nnz;{{$}}
// CHECK-NEXT:  {{^}}  const int *const A_rowptr = A->rowptr;{{$}}
// CHECK-NEXT:  {{^}}  const int *const A_col = A->col;{{$}}
// CHECK-NEXT:  {{^}}  const float *const A_val = A->val;{{$}}
// CHECK:       {{^}}  #pragma omp target teams distribute parallel for map(to: A_rowptr[0:(A_rows > 0 ? A_rows + 1 : 0)]) map(to: A_val[0:A_nnz]) map(to: A_col[0:A_nnz]) map(to: x[0:n]) map(from: y[0:(A_rows > 0 ? A_rows : 0)]){{$}}
// CHECK-NEXT:  {{^}}  for (int i = 0; i < A_rows; ++i) {{{$}}

// ABORT: ownmap: error: kernel 'push': OM_INOUT 'p_x' [0x{{[0-9a-f]+}}, 0x{{[0-9a-f]+}}) overlaps 'p_y' [0x{{[0-9a-f]+}}, 0x{{[0-9a-f]+}}); pass distinct arrays, or access both through one OM_INOUT parameter

int main(int argc, char **argv) {
  enum { N = 40 };
  static float x[N], y[N], z[N], v[N];
  static int rowptr[N + 1], len[N];
  for (int i = 0; i < N; ++i) {
    x[i] = (float)(i % 7);
    y[i] = (float)(i % 5);
    v[i] = (float)(i % 3);
  }
  for (int r = 0; r <= N; ++r)
    rowptr[r] = r * r / 3;
  soa p = {x, y, z, N};
  if (argc > 1 && !strcmp(argv[1], "alias"))
    p.y = x + N / 2; // y's elements are x's second half
  push(&p, v, 0.5f);
  rows_of m = {rowptr, N, 2.0};
  double first = row_lengths(&m, len);
  static int col[2 * N];
  static float val[2 * N], prod[N];
  for (int k = 0; k < 2 * N; ++k) {
    col[k] = (k * 7) % N;
    val[k] = (float)(k % 9);
  }
  for (int r = 0; r <= N; ++r)
    rowptr[r] = 2 * r;
  csr A = {N, 2 * N, rowptr, col, val};
  spmv(&A, x, N, prod);
  double s = first;
  for (int i = 0; i < N; ++i)
    s += x[i] + 2 * z[i] + 3 * len[i] + 4 * prod[i];
  printf("%.2f\n", s);
  return 0;
}
