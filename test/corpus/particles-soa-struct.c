#include <ownmap.h>
#include "corpus.h"

/* Particles as a struct of arrays passed by pointer: a kick of the
 * velocities, then a drift of the positions (two loops over the same
 * fields). */
typedef struct {
  float *x, *y, *vx, *vy;
  int n;
} particles;

OM_KERNEL void step(OM_INOUT particles *p, OM_IN const float *ax,
                    OM_IN const float *ay, float dt) {
  for (int i = 0; i < p->n; ++i) {
    p->vx[i] += dt * ax[i];
    p->vy[i] += dt * ay[i];
  }
  for (int i = 0; i < p->n; ++i) {
    p->x[i] += dt * p->vx[i];
    p->y[i] += dt * p->vy[i];
  }
}

int main(void) {
  enum { N = 700 };
  static float x[N], y[N], vx[N], vy[N], ax[N], ay[N];
  corpus_fill(x, N, 1);
  corpus_fill(y, N, 2);
  corpus_fill(vx, N, 3);
  corpus_fill(vy, N, 4);
  corpus_fill(ax, N, 5);
  corpus_fill(ay, N, 6);
  particles p = {x, y, vx, vy, N};
  step(&p, ax, ay, 0.5f);
  step(&p, ax, ay, 0.25f);
  corpus_print("x", x, N);
  corpus_print("y", y, N);
  corpus_print("vx", vx, N);
  corpus_print("vy", vy, N);
  return 0;
}
