/* heap.h - control of the interposed malloc family (heap.c). */
#ifndef OWNMAP_PLUGIN_HEAP_H
#define OWNMAP_PLUGIN_HEAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Whether heap blocks are recorded and checked on release (OWNMAP_CHECKS
 * other than off); on until the plugin is initialised. Also resolves the
 * real functions, which the runtime's calls then take without asking. */
void om_heap_set_recording(bool on);

/* Whether the heap block [block, block + size) is alone on its pages: a
 * chunk glibc's malloc mapped for it alone (large blocks), so that the
 * partial first and last pages hold nothing but its heap header and slack.
 * Then *low and *high are the pages it touches, [page of block, end of the
 * page of its last byte). False for any other block, or when the real
 * malloc is not glibc's (its layout is not known). */
bool om_heap_owns_pages(uintptr_t block, size_t size, uintptr_t *low, uintptr_t *high);

/* Self-timing: the clock ticks one malloc-family call of the runtime during
 * an offload call costs more through the wrappers than through the real
 * functions, measured now on this thread. */
double om_heap_inside_call_overhead(uint64_t (*ticks)(void));

#endif
