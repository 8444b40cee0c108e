/* host_pages.c - protection changes and copies into protected pages
 * (host_pages.h). */
#include "host_pages.h"

#include "chunks.h"
#include "message.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

uintptr_t om_page_size(void) {
  static uintptr_t size;
  if (size == 0)
    size = (uintptr_t)sysconf(_SC_PAGESIZE);
  return size;
}

void om_pages_protect(uintptr_t low, size_t bytes, int protection) {
  if (mprotect((void *)low, bytes, protection) == 0)
    return;
  om_error("cannot change the protection of %zu bytes at %p (%s), so transfer elision cannot "
           "follow host accesses; rerun with OWNMAP_ELIDE=off",
           bytes, (void *)low, strerror(errno));
  abort();
}

bool om_pages_protectable(uintptr_t low) {
  if (mprotect((void *)low, om_page_size(), PROT_READ) != 0)
    return false;
  om_pages_protect(low, om_page_size(), PROT_READ | PROT_WRITE);
  return true;
}

/* Pages moved aside that cannot be put back: the program's memory is gone. */
static _Noreturn void stop_on_lost_pages(uintptr_t low, size_t bytes) {
  om_error("cannot move %zu bytes of host pages at %p aside and back (%s), so transfer elision "
           "cannot copy results back safely; rerun with OWNMAP_ELIDE=off",
           bytes, (void *)low, strerror(errno));
  abort();
}

/* mremap to a fixed place, made as the system call itself: libraries
 * interpose the C library's mremap, and some pass on only four arguments
 * (UCX's memory hooks, which MPI programs load), which loses the new
 * address. Moving the pages aside and back leaves every page where it
 * was, so such a library has nothing to learn from these moves. */
static void *remap_fixed(void *from, size_t bytes, int flags, void *to) {
  return (void *)syscall(SYS_mremap, from, bytes, bytes, flags | MREMAP_MAYMOVE | MREMAP_FIXED,
                         to);
}

/* Moves the pages of [low, low + bytes) aside and makes them writable
 * there: they are already backed, so a copy into them neither faults nor
 * zeroes. NULL when the kernel refuses (e.g. several mappings). */
static void *move_aside(uintptr_t low, size_t bytes) {
  /* Into a place reserved first: left to choose, some kernels (6.18 here)
   * refuse about half of such moves with EINVAL, a fixed target none. */
  void *place = mmap(NULL, bytes, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (place == MAP_FAILED)
    return NULL;
  void *aside = remap_fixed((void *)low, bytes, MREMAP_DONTUNMAP, place);
  if (aside == MAP_FAILED) {
    munmap(place, bytes);
    return NULL;
  }
  if (mprotect(aside, bytes, PROT_READ | PROT_WRITE) == 0)
    return aside;
  if (remap_fixed(aside, bytes, 0, (void *)low) == MAP_FAILED)
    stop_on_lost_pages(low, bytes);
  return NULL;
}

void om_pages_fill_protected(uintptr_t low, uintptr_t high, uintptr_t from, uintptr_t to,
                             om_pages_fill fill, void *context) {
  size_t bytes = high - low;
  void *aside = move_aside(low, bytes);
  if (aside == NULL) {
    uintptr_t page = om_page_size(), middle = low + (bytes / page / 2) * page;
    if (middle == low)
      stop_on_lost_pages(low, bytes);
    om_pages_fill_protected(low, middle, from, to, fill, context);
    om_pages_fill_protected(middle, high, from, to, fill, context);
    return;
  }
  uintptr_t fill_low = from, fill_high = to;
  if (om_clip(&fill_low, &fill_high, low, high))
    fill(context, (char *)aside + (fill_low - low), fill_low, fill_high - fill_low);
  om_pages_protect((uintptr_t)aside, bytes, PROT_READ);
  if (remap_fixed(aside, bytes, 0, (void *)low) == MAP_FAILED)
    stop_on_lost_pages(low, bytes);
}
