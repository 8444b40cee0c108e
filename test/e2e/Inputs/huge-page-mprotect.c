/* huge-page-mprotect.c - preloaded by test/e2e/elide-unprotectable.c: an
 * mprotect that, like the kernel's on hugetlbfs memory, refuses any range
 * that does not start and end on a 2 MiB boundary (EINVAL). */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stdint.h>
#include <sys/mman.h>

#define HUGE_PAGE ((uintptr_t)2 << 20)

int mprotect(void *begin, size_t bytes, int protection) {
  static int (*real)(void *, size_t, int);
  if ((uintptr_t)begin % HUGE_PAGE != 0 || bytes % HUGE_PAGE != 0) {
    errno = EINVAL;
    return -1;
  }
  if (real == 0)
    real = (int (*)(void *, size_t, int))dlsym(RTLD_NEXT, "mprotect");
  return real(begin, bytes, protection);
}
