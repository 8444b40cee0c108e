/* allocations.h - the record of live host heap blocks: start address and
 * requested size, so that a finding can name the allocation a map section
 * belongs to.
 *
 * Recording sits on the malloc/free path of the whole program, so it is a
 * lock-free open-addressing hash table in mmap'd memory: an insert is one
 * compare-and-swap on an empty or freed slot, a removal one store. Probes
 * are bounded; a block that finds no slot within the bound is simply not
 * recorded (no check can then name it, and none reports a false finding).
 * The table is reserved on first use and its pages are touched lazily.
 */
#ifndef OWNMAP_RTL_ALLOCATIONS_H
#define OWNMAP_RTL_ALLOCATIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Slots in the table (a power of two) and the probe bound. */
#define OM_ALLOCATIONS_SLOTS (1u << 20)
#define OM_ALLOCATIONS_PROBES 64

/* Records a block [start, start + size), replacing a stale record of the
 * same start; false if it was not recorded. */
bool om_allocation_add(const void *start, size_t size);
/* Forgets the block starting at start; false if it was not recorded, else
 * *size receives its size. */
bool om_allocation_take(const void *start, size_t *size);
/* The requested size of the live block starting at start. */
bool om_allocation_size(const void *start, size_t *size);

#endif
