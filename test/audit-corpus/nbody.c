/* All-pairs n-body accelerations (softened), then a leapfrog update of
 * velocities and positions; structure of arrays, enter/exit data around
 * the time loop. */
#include <math.h>
#include "audit-corpus.h"

static void accelerations(int n, const double *x, const double *y, const double *m,
                          double *ax, double *ay) {
#pragma omp target teams distribute parallel for
  for (int i = 0; i < n; ++i) {
    double fx = 0, fy = 0;
    for (int j = 0; j < n; ++j) {
      double dx = x[j] - x[i], dy = y[j] - y[i];
      double inv = 1.0 / sqrt(dx * dx + dy * dy + 0.01);
      fx += m[j] * dx * inv * inv * inv;
      fy += m[j] * dy * inv * inv * inv;
    }
    ax[i] = fx;
    ay[i] = fy;
  }
}

static void leapfrog(int n, double dt, double *x, double *y, double *vx, double *vy,
                     const double *ax, const double *ay) {
#pragma omp target teams distribute parallel for
  for (int i = 0; i < n; ++i) {
    vx[i] += dt * ax[i];
    vy[i] += dt * ay[i];
    x[i] += dt * vx[i];
    y[i] += dt * vy[i];
  }
}

int main(void) {
  int n = 512;
  double *x = corpus_doubles(n, 1), *y = corpus_doubles(n, 2), *m = corpus_doubles(n, 3);
  double *vx = calloc(n, sizeof *vx), *vy = calloc(n, sizeof *vy);
  double *ax = calloc(n, sizeof *ax), *ay = calloc(n, sizeof *ay);
  for (int i = 0; i < n; ++i) {
    m[i] = m[i] + 6.0;
    x[i] += 0.001 * i;
  }
#pragma omp target enter data map(to: x[0:n], y[0:n], m[0:n], vx[0:n], vy[0:n]) map(alloc: ax[0:n], ay[0:n])
  for (int s = 0; s < 4; ++s) {
    accelerations(n, x, y, m, ax, ay);
    leapfrog(n, 0.001, x, y, vx, vy, ax, ay);
  }
#pragma omp target exit data map(from: x[0:n], y[0:n]) map(delete: m[0:n], vx[0:n], vy[0:n], ax[0:n], ay[0:n])
  corpus_print("nbody x", x, n);
  corpus_print("nbody y", y, n);
  free(x);
  free(y);
  free(m);
  free(vx);
  free(vy);
  free(ax);
  free(ay);
  return 0;
}
