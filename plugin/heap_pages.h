/* heap_pages.h - which pages a heap block has to itself (heap_pages.c):
 * transfer elision may protect those without touching other blocks. */
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

#endif
