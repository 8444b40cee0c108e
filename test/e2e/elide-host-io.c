// Results the plugin copies back lazily must be complete when the host
// hands the buffer to a system call: write() and fwrite() read it, read()
// and fread() write into it (none may fail with EFAULT on a protected
// page), and memcpy/free/realloc see the data too.
//
// RUN: %clang-offload %s -o %t
// RUN: %compare-with-plugin %t
// RUN: env OWNMAP_COMPARE_ENV=OWNMAP_ELIDE=safe %compare-with-plugin %t

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { N = 1 << 16 };

static void scale(double *v, double by) {
#pragma omp target teams distribute parallel for map(tofrom: v[0:N])
  for (int i = 0; i < N; i++)
    v[i] = v[i] * by + 1.0;
}

static double sum(const double *v, int n) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += v[i] * (i % 3 + 1);
  return s;
}

int main(void) {
  char path[] = "/tmp/elide-host-io.XXXXXX";
  int fd = mkstemp(path);
  if (fd < 0)
    return perror("mkstemp"), 1;
  double *v = malloc(N * sizeof *v);
  for (int i = 0; i < N; i++)
    v[i] = i % 17;
  scale(v, 2.0);

  if (write(fd, v, N * sizeof *v) != (ssize_t)(N * sizeof *v))
    return perror("write"), 1;
  scale(v, 3.0);
  // read() into the protected buffer, over the kernel's results.
  if (lseek(fd, 0, SEEK_SET) != 0 || read(fd, v, N * sizeof *v) != (ssize_t)(N * sizeof *v))
    return perror("read"), 1;
  close(fd);
  printf("after write/read %.17g\n", sum(v, N));

  scale(v, 0.5);
  FILE *f = fopen(path, "w+b");
  if (!f || fwrite(v, sizeof *v, N, f) != N)
    return perror("fwrite"), 1;
  scale(v, 4.0);
  rewind(f);
  if (fread(v, sizeof *v, N / 2, f) != N / 2) // half from the file, half from the kernel
    return perror("fread"), 1;
  fclose(f);
  printf("after fwrite/fread %.17g\n", sum(v, N));

  scale(v, 1.5);
  double *copy = malloc(N * sizeof *copy);
  memcpy(copy, v, N * sizeof *v);
  printf("memcpy %.17g\n", sum(copy, N));
  scale(v, 1.25);
  v = realloc(v, 2 * N * sizeof *v); // keeps the kernel's results
  printf("realloc %.17g\n", sum(v, N));
  free(copy);
  free(v);
  unlink(path);
  return 0;
}
