/* Direct-sum n-body steps (all pairs), naive maps: each step's two target
 * regions (accelerate, drift) map all six coordinate arrays; every PROBE steps
 * the host sums the positions. Usage: bench-nbody-naive [N] [STEPS] [PROBE]
 * (default 65536 bodies, 10 steps, probe every 5). docs/bench.md. */
#include "bench-nbody-input.h"

int main(int argc, char **argv) {
  int n = bench_arg(argc, argv, 1, 65536);
  int steps = bench_arg(argc, argv, 2, 10);
  int probe = bench_arg(argc, argv, 3, 5);
  nbody_state st = nbody_make(n);
  long *px = st.px, *py = st.py, *pz = st.pz, *vx = st.vx, *vy = st.vy, *vz = st.vz;
  bench_start_device();

  double start = bench_seconds();
  long monitored = 0;
  for (int s = 1; s <= steps; ++s) {
#pragma omp target teams distribute parallel for map(to: px[0:n], py[0:n], pz[0:n]) \
    map(tofrom: vx[0:n], vy[0:n], vz[0:n])
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
#pragma omp target teams distribute parallel for map(to: vx[0:n], vy[0:n], vz[0:n]) \
    map(tofrom: px[0:n], py[0:n], pz[0:n])
    for (int i = 0; i < n; ++i) {
      px[i] = (px[i] + vx[i]) & NBODY_BOX_MASK;
      py[i] = (py[i] + vy[i]) & NBODY_BOX_MASK;
      pz[i] = (pz[i] + vz[i]) & NBODY_BOX_MASK;
    }
    if (s % probe == 0)
      monitored += nbody_position_sum(n, &st) * s;
  }
  double seconds = bench_seconds() - start;

  bench_report(nbody_checksum(n, &st) + (double)monitored, seconds);
  nbody_free(&st);
  return 0;
}
