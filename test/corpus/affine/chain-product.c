// Two chained matrix products through a temporary, with constant extents
// from macros and loop bounds from parameters: d = (a * b) * c.
#include <ownmap.h>
#include <stdio.h>

#define NI 12
#define NJ 10
#define NK 9
#define NL 11
#define MAT(name, rows, cols) name[rows][cols]

OM_KERNEL void chain(int ni, int nj, int nk, int nl,
                     OM_IN double MAT(a, NI, NK), OM_IN double MAT(b, NK, NJ),
                     OM_IN double MAT(c, NJ, NL), OM_INOUT double MAT(t, NI, NJ),
                     OM_INOUT double MAT(d, NI, NL)) {
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++) {
      t[i][j] = 0.0;
      for (int k = 0; k < nk; k++)
        t[i][j] += a[i][k] * b[k][j];
    }
  for (int i = 0; i < ni; i++)
    for (int l = 0; l < nl; l++) {
      d[i][l] = 0.0;
      for (int j = 0; j < nj; j++)
        d[i][l] += t[i][j] * c[j][l];
    }
}

int main(void) {
  static double a[NI][NK], b[NK][NJ], c[NJ][NL], t[NI][NJ], d[NI][NL];
  for (int i = 0; i < NI; i++)
    for (int k = 0; k < NK; k++)
      a[i][k] = (i + 2 * k) % 5 - 2;
  for (int k = 0; k < NK; k++)
    for (int j = 0; j < NJ; j++)
      b[k][j] = (3 * k + j) % 4 - 1;
  for (int j = 0; j < NJ; j++)
    for (int l = 0; l < NL; l++)
      c[j][l] = (j * l) % 3 - 1;
  chain(NI, NJ, NK, NL, a, b, c, t, d);
  double check = 0.0;
  for (int i = 0; i < NI; i++)
    for (int l = 0; l < NL; l++)
      check += d[i][l] * (i + 3 * l + 1);
  printf("%.1f\n", check);
  return 0;
}
