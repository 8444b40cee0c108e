/* A 3x3 box blur of a grey image, interior pixels, written as `target`
 * with a `teams distribute parallel for` inside, then a brightness
 * threshold as a `target parallel for`. */
#include "audit-corpus.h"

#define PIX(r, c) ((r) * width + (c))

void blur(int height, int width, const float *in, float *out) {
#pragma omp target map(to: in[0:height * width]) map(tofrom: out[0:height * width])
#pragma omp teams distribute parallel for collapse(2)
  for (int r = 1; r < height - 1; ++r)
    for (int c = 1; c < width - 1; ++c) {
      float s = 0.0f;
      for (int dr = -1; dr <= 1; ++dr)
        for (int dc = -1; dc <= 1; ++dc)
          s += in[PIX(r + dr, c + dc)];
      out[PIX(r, c)] = s / 9.0f;
    }
}

void threshold(int pixels, float level, float *img) {
#pragma omp target parallel for map(tofrom: img[0:pixels])
  for (int p = 0; p < pixels; ++p)
    img[p] = img[p] > level ? 1.0f : 0.0f;
}

int main(void) {
  int height = 60, width = 80;
  float *in = corpus_floats(height * width, 1), *out = corpus_floats(height * width, 0);
  blur(height, width, in, out);
  corpus_print_floats("blur", out, height * width);
  threshold(height * width, 0.0f, out);
  corpus_print_floats("threshold", out, height * width);
  free(in);
  free(out);
  return 0;
}
