// Stress: threads launch kernels at the same moment (a barrier per step),
// each on its own tofrom buffer and all on one shared map(to:) buffer, and
// check every step against the host: test/e2e/threads-shared-input.c, the
// timing that once let a kernel run on the shared buffer's device copy
// before it was filled, with more threads and a smaller buffer so that a
// run is short.
#define OWNMAP_STRESS_SIZES
enum { N = 1 << 16, THREADS = 8, STEPS = 4 };
#include "../e2e/threads-shared-input.c"
