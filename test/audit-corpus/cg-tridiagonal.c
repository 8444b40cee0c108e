/* Conjugate gradient on a tridiagonal system: matrix-vector product, dot
 * products and vector updates as kernels, all vectors entered once; the
 * scalars come back through reductions. */
#include "audit-corpus.h"

static void spmv(int n, const double *p, double *q) {
#pragma omp target teams distribute parallel for
  for (int i = 0; i < n; ++i) {
    double left = i > 0 ? p[i - 1] : 0.0;
    double right = i < n - 1 ? p[i + 1] : 0.0;
    q[i] = 4.0 * p[i] - left - right;
  }
}

static double dot(int n, const double *x, const double *y) {
  double s = 0;
#pragma omp target teams distribute parallel for reduction(+: s)
  for (int i = 0; i < n; ++i)
    s += x[i] * y[i];
  return s;
}

static void axpy(int n, double a, const double *x, double *y) {
#pragma omp target teams distribute parallel for
  for (int i = 0; i < n; ++i)
    y[i] += a * x[i];
}

static void xpay(int n, const double *x, double a, double *y) {
#pragma omp target teams distribute parallel for
  for (int i = 0; i < n; ++i)
    y[i] = x[i] + a * y[i];
}

int main(void) {
  int n = 2000;
  double *b = corpus_doubles(n, 1), *x = calloc(n, sizeof *x);
  double *r = corpus_doubles(n, 1), *p = corpus_doubles(n, 1);
  double *q = calloc(n, sizeof *q);
#pragma omp target enter data map(to: x[0:n], r[0:n], p[0:n]) map(alloc: q[0:n])
  double rr = dot(n, r, r);
  for (int it = 0; it < 5; ++it) {
    spmv(n, p, q);
    double alpha = rr / dot(n, p, q);
    axpy(n, alpha, p, x);
    axpy(n, -alpha, q, r);
    double rr_new = dot(n, r, r);
    xpay(n, r, rr_new / rr, p);
    rr = rr_new;
  }
#pragma omp target exit data map(from: x[0:n]) map(delete: r[0:n], p[0:n], q[0:n])
  printf("cg residual %.3e\n", rr);
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += x[i];
  printf("cg sum %.3f\n", s);
  free(b);
  free(x);
  free(r);
  free(p);
  free(q);
  return 0;
}
