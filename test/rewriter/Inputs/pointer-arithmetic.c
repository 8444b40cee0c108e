#include <ownmap.h>

OM_KERNEL void copy(int n, OM_IN const float *x, OM_OUT float *y) {
  for (int i = 0; i < n; ++i)
    *(y + i) = *(x + i);
}
