/* heap_pages.c - which pages a heap block has to itself (heap_pages.h),
 * from glibc's chunk layout. */
#include "heap_pages.h"

#include "real.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* glibc's chunk header: the two words before the block, the second holding
 * the chunk's size with flag bits, the first, for a chunk mapped on its
 * own, its offset from the start of the mapping. */
#define GLIBC_CHUNK_MMAPPED ((size_t)0x2)
#define GLIBC_CHUNK_NON_MAIN_ARENA ((size_t)0x4)

static bool malloc_is_glibc;
static pthread_once_t malloc_identified = PTHREAD_ONCE_INIT;

static void identify_malloc(void) {
  Dl_info info;
  om_real_heap_ready();
  malloc_is_glibc = dladdr((void *)OM_REAL(malloc), &info) != 0 && info.dli_fname != NULL &&
                    strstr(info.dli_fname, "/libc.so") != NULL;
}

bool om_heap_malloc_is_glibc(void) {
  pthread_once(&malloc_identified, identify_malloc);
  return malloc_is_glibc;
}

bool om_heap_owns_pages(uintptr_t block, size_t size, uintptr_t *low, uintptr_t *high) {
  uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
  if (!om_heap_malloc_is_glibc() || block == 0 || om_in_bootstrap_arena((void *)block) ||
      block % (2 * sizeof(size_t)))
    return false;
  const size_t *header = (const size_t *)block - 2;
  size_t offset = header[0], size_field = header[1];
  size_t chunk_bytes = size_field & ~OM_GLIBC_CHUNK_FLAGS;
  uintptr_t mapping = (uintptr_t)header - offset;
  /* Every fact that would hold for such a chunk, so that a block of
   * another kind (whose header words mean something else) is refused. */
  if ((size_field & (GLIBC_CHUNK_MMAPPED | GLIBC_CHUNK_NON_MAIN_ARENA)) != GLIBC_CHUNK_MMAPPED ||
      offset > (uintptr_t)header || mapping % page != 0 || (offset + chunk_bytes) % page != 0 ||
      block + size > (uintptr_t)header + chunk_bytes || block + size < block)
    return false;
  *low = block & ~(page - 1);
  *high = (block + size + page - 1) & ~(page - 1);
  return true;
}
