// Structs of arrays passed by pointer that cannot be mapped field by
// field: each kernel has one error, with its rule.
// RUN: not %ownmap-rewrite %s --report=%t.json --report-format=json -- 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=ANNOTATION < %t.json
// RUN: FileCheck %s --check-prefix=USE < %t.json
#include <ownmap.h>

typedef struct {
  float *x, *y;
  int n;
} soa;

typedef struct {
  soa a;
  int k;
} nested;

typedef struct {
  float **rows;
  int n;
} table;

float *stash;
void take(soa *p);
void fill(float *x, int n);

OM_KERNEL void out_struct(OM_OUT soa *p) {
  for (int i = 0; i < p->n; ++i)
    p->x[i] = 0;
}
// CHECK: struct-of-arrays-errors.c:[[@LINE-4]]:27: error: OM_OUT on 'p', a pointer to a struct that holds pointers: its pointer fields are mapped one by one, from the struct as the caller passes it; use OM_INOUT or OM_IN

OM_KERNEL void scratch_struct(OM_SCRATCH soa *p) {
  for (int i = 0; i < p->n; ++i)
    p->x[i] = 0;
}
// CHECK: struct-of-arrays-errors.c:[[@LINE-4]]:31: error: OM_SCRATCH on 'p', a pointer to a struct that holds pointers

OM_KERNEL void len_struct(OM_INOUT OM_LEN(4) soa *p) {
  for (int i = 0; i < p->n; ++i)
    p->x[i] = 0;
}
// CHECK: struct-of-arrays-errors.c:[[@LINE-4]]:36: error: OM_LEN on 'p', a pointer to a struct that holds pointers: the sections of its pointer fields come from the loops' subscripts

OM_KERNEL void assign_field(OM_INOUT soa *p, OM_INOUT float *w) {
  p->x = w;
  for (int i = 0; i < p->n; ++i)
    p->x[i] = 0;
}
// CHECK: struct-of-arrays-errors.c:[[@LINE-4]]:3: error: the kernel assigns 'p->x', changes it or takes its address; the fields of 'p' must keep their values in the kernel, which maps them as they are at its entry

OM_KERNEL void address_of_field(OM_INOUT soa *p) {
  float **where = &p->x;
  for (int i = 0; i < p->n; ++i)
    (*where)[i] = 0;
}
// CHECK: struct-of-arrays-errors.c:[[@LINE-4]]:20: error: the kernel assigns 'p->x', changes it or takes its address

OM_KERNEL void change_count(OM_INOUT soa *p) {
  for (int i = 0; i < p->n; ++i)
    p->x[i] = 0;
  p->n = 0;
}
// CHECK: struct-of-arrays-errors.c:[[@LINE-2]]:3: error: the kernel assigns 'p->n', changes it or takes its address

OM_KERNEL void pass_struct(OM_INOUT soa *p) {
  take(p);
  for (int i = 0; i < p->n; ++i)
    p->x[i] = 0;
}
// CHECK: struct-of-arrays-errors.c:[[@LINE-4]]:8: error: 'p' is used other than as 'p->field'; a struct that holds pointers is mapped through the fields the kernel reads, so it may not be passed on, stored or changed

OM_KERNEL void index_struct(OM_INOUT soa *p) {
  for (int i = 0; i < p[0].n; ++i)
    p->x[i] = 0;
}
// CHECK: struct-of-arrays-errors.c:[[@LINE-3]]:23: error: 'p' is used other than as 'p->field'

OM_KERNEL void nested_struct(OM_INOUT nested *q) {
  for (int i = 0; i < q->k; ++i)
    q->a.x[i] = 0;
}
// CHECK: struct-of-arrays-errors.c:[[@LINE-2]]:5: error: field 'a' of 'q' has type 'soa', which is neither arithmetic nor a pointer to data without pointers; only such fields of a struct parameter can be used

OM_KERNEL void pointer_rows(OM_IN const table *t, OM_OUT float *y) {
  for (int i = 0; i < t->n; ++i)
    y[i] = t->rows[i][0];
}
// CHECK: struct-of-arrays-errors.c:[[@LINE-2]]:12: error: field 'rows' of 't' has type 'float **', which is neither arithmetic nor a pointer to data without pointers

OM_KERNEL void write_in(OM_IN const soa *p) {
  for (int i = 0; i < p->n; ++i)
    p->x[i] = 1;
}
// CHECK: struct-of-arrays-errors.c:[[@LINE-2]]:5: error: write through 'p_x', which is OM_IN

OM_KERNEL void name_taken(OM_INOUT soa *p, int p_n) {
  for (int i = 0; i < p->n + p_n; ++i)
    p->x[i] = 0;
}
// CHECK: struct-of-arrays-errors.c:[[@LINE-3]]:23: error: the kernel declares 'p_n', the name of the local that keeps 'p->n'; rename it

// A global the loop reads (loop-globals.c) would be hidden by the local.
float p_y = 2.0f;
OM_KERNEL void global_name_taken(OM_INOUT soa *p) {
  for (int i = 0; i < p->n; ++i)
    p->y[i] *= p_y;
}
// CHECK: struct-of-arrays-errors.c:[[@LINE-2]]:16: error: the kernel uses global 'p_y', the name of the local that would keep 'p->y' and hide it; rename the global

// So would one that a function the loop calls reads, which the loop maps.
static float scaled_by_p_y(float v) { return v * p_y; }
OM_KERNEL void callee_global_name_taken(OM_INOUT soa *p) {
  for (int i = 0; i < p->n; ++i)
    p->y[i] = scaled_by_p_y(p->x[i]);
}
// CHECK: struct-of-arrays-errors.c:[[@LINE-3]]:3: error: cannot offload: the loop's functions read global 'p_y', which the local of that name that keeps a struct field would hide at the loop; rename the global

typedef struct {
  int rows;
  OM_LEN(rows * width) float *val;
} dense;

OM_KERNEL void len_names_other(OM_INOUT dense *d, OM_IN const int *idx) {
  for (int i = 0; i < d->rows; ++i)
    d->val[idx[i]] = 0;
}
// CHECK: struct-of-arrays-errors.c:[[@LINE-7]]:3: error: OM_LEN(rows * width) on field 'val' names 'width', which is not an arithmetic field of its struct; the count of a field may only use the struct's arithmetic fields and constants

OM_KERNEL void gather_field(OM_INOUT soa *p, OM_IN const int *idx) {
  for (int i = 0; i < p->n; ++i)
    p->y[i] = p->x[idx[i]];
}
// CHECK: struct-of-arrays-errors.c:[[@LINE-2]]:15: error: cannot offload: cannot bound the elements of 'p_x' that 'p->x[idx[i]]' reaches ({{.*}}); add OM_LEN(<element count>) to field 'x' in its struct's definition

// ANNOTATION-COUNT-4: "rule": "ownmap.annotation.struct"
// ANNOTATION-NOT: "rule": "ownmap.annotation.struct"
// USE-COUNT-10: "rule": "ownmap.struct.field-use"
// USE-NOT: "rule": "ownmap.struct.field-use"
