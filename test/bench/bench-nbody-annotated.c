/* Direct-sum n-body steps, annotated: plain C with two ownership-annotated
 * kernels; the inner loop over all bodies j reads px[j], which the rewriter
 * does not bound, so the positions carry OM_LEN(n). Same computation as
 * bench-nbody-naive.c. Usage: bench-nbody-annotated [N] [STEPS] [PROBE]. */
#include "bench-nbody-input.h"

#include <ownmap.h>

OM_KERNEL static void accelerate(int n, OM_IN OM_LEN(n) const long *px,
                                 OM_IN OM_LEN(n) const long *py,
                                 OM_IN OM_LEN(n) const long *pz, OM_INOUT long *vx,
                                 OM_INOUT long *vy, OM_INOUT long *vz) {
  for (int i = 0; i < n; ++i) {
    long fx = 0, fy = 0, fz = 0;
    for (int j = 0; j < n; ++j) {
      long dx = px[j] - px[i], dy = py[j] - py[i], dz = pz[j] - pz[i];
      long r2 = dx * dx + dy * dy + dz * dz;
      long w = r2 < NBODY_CUTOFF2 ? NBODY_CUTOFF2 - r2 : 0;
      fx -= dx * w;
      fy -= dy * w;
      fz -= dz * w;
    }
    vx[i] += fx / NBODY_FORCE_SCALE;
    vy[i] += fy / NBODY_FORCE_SCALE;
    vz[i] += fz / NBODY_FORCE_SCALE;
  }
}

OM_KERNEL static void drift(int n, OM_IN const long *vx, OM_IN const long *vy,
                            OM_IN const long *vz, OM_INOUT long *px, OM_INOUT long *py,
                            OM_INOUT long *pz) {
  for (int i = 0; i < n; ++i) {
    px[i] = (px[i] + vx[i]) & NBODY_BOX_MASK;
    py[i] = (py[i] + vy[i]) & NBODY_BOX_MASK;
    pz[i] = (pz[i] + vz[i]) & NBODY_BOX_MASK;
  }
}

int main(int argc, char **argv) {
  int n = bench_arg(argc, argv, 1, 65536);
  int steps = bench_arg(argc, argv, 2, 10);
  int probe = bench_arg(argc, argv, 3, 5);
  nbody_state st = nbody_make(n);
  bench_start_device();

  double start = bench_seconds();
  long monitored = 0;
  for (int s = 1; s <= steps; ++s) {
    accelerate(n, st.px, st.py, st.pz, st.vx, st.vy, st.vz);
    drift(n, st.vx, st.vy, st.vz, st.px, st.py, st.pz);
    if (s % probe == 0)
      monitored += nbody_position_sum(n, &st) * s;
  }
  double seconds = bench_seconds() - start;

  bench_report(nbody_checksum(n, &st) + (double)monitored, seconds);
  nbody_free(&st);
  return 0;
}
