// The program of the tests about where the plugin's output goes: one
// kernel on N doubles mapped tofrom, and their checksum, which the test
// prints its own way.
enum { N = 256 };

static double one_kernel_checksum(void) {
  double a[N];
  for (int i = 0; i < N; i++)
    a[i] = i;
#pragma omp target teams distribute parallel for map(tofrom: a[0:N])
  for (int i = 0; i < N; i++)
    a[i] = 2 * a[i] + 1;
  double checksum = 0;
  for (int i = 0; i < N; i++)
    checksum += a[i];
  return checksum;
}
