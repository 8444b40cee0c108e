/* Planted bugs across files: the kernels map nothing and rely on main
 * (blas-main.c), which maps y 'to' only and never maps z. */
void axpy(int n, float a, const float *x, float *y) {
#pragma omp target teams distribute parallel for
  for (int i = 0; i < n; ++i)
    y[i] = a * x[i] + y[i]; // planted: ownmap.audit.lost-write y
}

void scal(int n, float a, float *z) {
#pragma omp target teams distribute parallel for
  for (int i = 0; i < n; ++i)
    z[i] = a * z[i]; // planted: ownmap.audit.missing-map z
}
