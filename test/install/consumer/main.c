#include <ownmap.h>
#include <stdio.h>

/* Annotated code must build and run serially with any compiler. */
OM_KERNEL static void scale(int n, OM_IN const int *in, OM_OUT int *out) {
  for (int i = 0; i < n; ++i)
    out[i] = 3 * in[i];
}

int main(void) {
  int in[4] = {1, 2, 3, 4}, out[4];
  scale(4, in, out);
  printf("ownmap %s: %d %d %d %d\n", ownmap_version(), out[0], out[1], out[2], out[3]);
  return 0;
}
