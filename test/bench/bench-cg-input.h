/* bench-cg-input.h - the sparse system of the bench-cg-* benchmarks: an
 * N x N CSR matrix M with 4 to 8 entries a row at irregular columns, every
 * entry 1/16 or 1/32 (so each product is exact and a row sums to at most 1/2,
 * which makes x <- b + M x converge), and the right-hand side b. */
#ifndef BENCH_CG_INPUT_H
#define BENCH_CG_INPUT_H

#include "elision-bench.h"

typedef struct {
  int n, nnz;
  int *row_start; /* n + 1 offsets into col and val */
  int *col;
  float *val;
  float *b;
} cg_system;

static inline int cg_row_length(int row) { return 4 + row % 5; }

static inline cg_system cg_system_make(int n) {
  cg_system m = {.n = n, .nnz = 0};
  m.row_start = bench_alloc((size_t)n + 1, sizeof *m.row_start);
  for (int i = 0; i < n; ++i) {
    m.row_start[i] = m.nnz;
    m.nnz += cg_row_length(i);
  }
  m.row_start[n] = m.nnz;
  m.col = bench_alloc(m.nnz, sizeof *m.col);
  m.val = bench_alloc(m.nnz, sizeof *m.val);
  m.b = bench_alloc(n, sizeof *m.b);
  for (int i = 0; i < n; ++i) {
    m.b[i] = (float)(1 + bench_pattern(i, 7919, 13));
    for (int k = m.row_start[i]; k < m.row_start[i + 1]; ++k) {
      m.col[k] = bench_pattern(k, 104729, n);
      m.val[k] = k % 2 ? 0.0625f : 0.03125f;
    }
  }
  return m;
}

static inline void cg_system_free(cg_system *m) {
  free(m->row_start);
  free(m->col);
  free(m->val);
  free(m->b);
}

#endif /* BENCH_CG_INPUT_H */
