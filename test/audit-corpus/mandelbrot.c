/* Escape-time Mandelbrot: each pixel iterates on its own (a while loop),
 * the image is only written on the device. */
#include "audit-corpus.h"

void mandelbrot(int height, int width, int limit, int *iterations) {
#pragma omp target teams distribute parallel for collapse(2) map(from: iterations[0:height * width])
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      double cr = -2.0 + 3.0 * x / width, ci = -1.5 + 3.0 * y / height;
      double zr = 0, zi = 0;
      int it = 0;
      while (zr * zr + zi * zi < 4.0 && it < limit) {
        double t = zr * zr - zi * zi + cr;
        zi = 2.0 * zr * zi + ci;
        zr = t;
        ++it;
      }
      iterations[y * width + x] = it;
    }
}

int main(void) {
  int height = 90, width = 120;
  int *iterations = malloc(height * width * sizeof *iterations);
  mandelbrot(height, width, 200, iterations);
  long s = 0;
  for (int i = 0; i < height * width; ++i)
    s += iterations[i] * (i % 13 + 1);
  printf("mandelbrot %ld\n", s);
  free(iterations);
  return 0;
}
