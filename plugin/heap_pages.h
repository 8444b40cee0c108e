/* heap_pages.h - what glibc's chunk layout tells about a heap block
 * (heap_pages.c): which pages it has to itself (transfer elision may
 * protect those without touching other blocks), and its chunk's size (the
 * malloc family's short path). */
#ifndef OWNMAP_PLUGIN_HEAP_PAGES_H
#define OWNMAP_PLUGIN_HEAP_PAGES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Whether the heap block [block, block + size) is alone on its pages: a
 * chunk glibc's malloc mapped for it alone (large blocks), so that the
 * partial first and last pages hold nothing but its heap header and slack.
 * Then *low and *high are the pages it touches, [page of block, end of the
 * page of its last byte). False for any other block, or when the real
 * malloc is not glibc's (its layout is not known). */
bool om_heap_owns_pages(uintptr_t block, size_t size, uintptr_t *low, uintptr_t *high);

/* Whether the real malloc is glibc's. */
bool om_heap_malloc_is_glibc(void);

/* glibc's chunk header: the word before the block is the chunk's size,
 * whose low three bits are flags. */
#define OM_GLIBC_CHUNK_FLAGS ((size_t)0x7)

/* The size of the chunk that holds a live block of glibc's malloc (more
 * than the block's usable bytes); reads the word before the block. */
static inline size_t om_glibc_chunk_size(const void *block) {
  return ((const size_t *)block)[-1] & ~OM_GLIBC_CHUNK_FLAGS;
}

#endif
