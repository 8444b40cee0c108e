// A library that interposes mremap the way some memory hooks do (UCX's
// libucm, which Open MPI's UCX components load, intercepts mremap with
// four parameters): the fifth argument, MREMAP_FIXED's new address, is
// not passed on.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stddef.h>

void *mremap(void *old_address, size_t old_size, size_t new_size, int flags, ...) {
  void *(*next)(void *, size_t, size_t, int, ...) =
      (void *(*)(void *, size_t, size_t, int, ...))dlsym(RTLD_NEXT, "mremap");
  return next(old_address, old_size, new_size, flags, NULL);
}
