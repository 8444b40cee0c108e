// Symmetric Gram matrix of the columns of a sample table: one iteration
// writes g[i][j] and g[j][i] over j >= i; extents declared through a macro.
#include <ownmap.h>
#include <stdio.h>

#define SAMPLES 24
#define FEATURES 16
#define TABLE(name, rows, cols) name[rows][cols]

OM_KERNEL void gram(int n, int m, OM_IN double TABLE(x, SAMPLES, FEATURES),
                    OM_INOUT double TABLE(g, FEATURES, FEATURES)) {
  for (int i = 0; i < m; i++)
    for (int j = i; j < m; j++) {
      double s = 0.0;
      for (int k = 0; k < n; k++)
        s += x[k][i] * x[k][j];
      g[i][j] = s;
      g[j][i] = s;
    }
}

int main(void) {
  static double x[SAMPLES][FEATURES], g[FEATURES][FEATURES];
  for (int k = 0; k < SAMPLES; k++)
    for (int i = 0; i < FEATURES; i++)
      x[k][i] = (double)((k * 7 + i * 3) % 11) - 5.0;
  gram(SAMPLES, FEATURES, x, g);
  double check = 0.0;
  for (int i = 0; i < FEATURES; i++)
    for (int j = 0; j < FEATURES; j++)
      check += g[i][j] * (i + 1) * (j % 3 + 1);
  printf("%.3f\n", check);
  return 0;
}
