// Stress: kernels write b, then host `omp parallel` threads read it at once.
#include "../e2e/Inputs/host-readers.h"

int main(void) {
  host_readers(1 << 19, 6, 3);
  return 0;
}
