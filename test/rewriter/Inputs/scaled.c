#include <ownmap.h>

#ifndef SCALE
#error SCALE comes from the compilation database
#endif

OM_KERNEL void scale(int n, OM_IN const float *x, OM_OUT float *y) {
  for (int i = 0; i < n; ++i)
    y[i] = SCALE * x[i];
}
