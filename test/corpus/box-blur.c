#include <ownmap.h>
#include "corpus.h"

/* A 3 x 3 box filter over the interior of an image of w x h pixels. */
OM_KERNEL void box3(int w, int h, OM_IN const float *img, OM_INOUT float *out) {
  for (int y = 1; y < h - 1; ++y)
    for (int x = 1; x < w - 1; ++x) {
      float s = 0;
      for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx)
          s += img[(y + dy) * w + x + dx];
      out[y * w + x] = s;
    }
}

int main(void) {
  enum { W = 40, H = 30 };
  static float img[W * H], out[W * H];
  corpus_fill(img, W * H, 4);
  corpus_fill(out, W * H, 1);
  box3(W, H, img, out);
  corpus_print("blur", out, W * H);
  return 0;
}
