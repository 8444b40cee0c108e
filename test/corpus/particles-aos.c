#include <ownmap.h>
#include "corpus.h"

typedef struct {
  float x, y, z, mass;
} particle;

/* Kinetic-like sum and a position update over an array of structs. */
OM_KERNEL void fall(int n, float dt, OM_INOUT particle *p) {
  for (int i = 0; i < n; ++i)
    p[i].z -= dt * p[i].mass;
}

int main(void) {
  enum { N = 300 };
  static particle p[N];
  for (int i = 0; i < N; ++i) {
    p[i].x = (float)(i % 5);
    p[i].y = (float)(i % 7);
    p[i].z = (float)(i % 11);
    p[i].mass = (float)(i % 3 + 1);
  }
  fall(N, 2.0f, p);
  corpus_print("p", &p[0].x, 4 * N);
  return 0;
}
