/* huge-page-mprotect.c - preloaded by test/e2e/elide-unprotectable.c: an
 * mprotect that, like the kernel's on hugetlbfs memory, refuses any range
 * that does not start and end on a 2 MiB boundary (EINVAL). With
 * MPROTECT_FAIL_AFTER=N it instead lets the first N calls through and
 * refuses every later one with ENOMEM, as the kernel does once a process
 * runs out of memory mappings (vm.max_map_count). */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>

#define HUGE_PAGE ((uintptr_t)2 << 20)

int mprotect(void *begin, size_t bytes, int protection) {
  static int (*real)(void *, size_t, int);
  static long calls;
  const char *fail_after = getenv("MPROTECT_FAIL_AFTER");
  if (fail_after != NULL) {
    if (__atomic_add_fetch(&calls, 1, __ATOMIC_RELAXED) > atol(fail_after)) {
      errno = ENOMEM;
      return -1;
    }
  } else if ((uintptr_t)begin % HUGE_PAGE != 0 || bytes % HUGE_PAGE != 0) {
    errno = EINVAL;
    return -1;
  }
  if (real == 0)
    real = (int (*)(void *, size_t, int))dlsym(RTLD_NEXT, "mprotect");
  return real(begin, bytes, protection);
}
