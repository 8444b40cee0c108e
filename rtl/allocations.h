/* allocations.h - the record of live host heap blocks: start address and
 * requested size, so that a finding can name the allocation a map section
 * belongs to.
 *
 * Recording sits on the malloc/free path of the whole program, so it is two
 * lock-free tables in mmap'd memory, each reserved on first use with its
 * pages touched lazily:
 * - Small blocks (under OM_ALLOCATIONS_SMALL_BYTES: the objects of host code
 *   that allocates a lot, C++ containers' nodes) go into a direct-mapped
 *   table of one 64-bit word per slot, start and size together: recording
 *   is one store, forgetting one load and one store. A later block whose
 *   start has the same home replaces the record, and a race between two
 *   such stores leaves either record whole, never a mix: a replaced block is
 *   unrecorded, exactly like a block that finds no slot below.
 * - Larger blocks (every block transfer elision may hold, and the arrays
 *   programs map) go into an open-addressing hash table: an insert is one
 *   compare-and-swap on an empty or freed slot, a removal one store; no
 *   record there is ever displaced. Probes are bounded; a block that finds
 *   no slot within the bound is simply not recorded.
 * An unrecorded block cannot be named by any check, and none reports a
 * false finding about it.
 */
#ifndef OWNMAP_RTL_ALLOCATIONS_H
#define OWNMAP_RTL_ALLOCATIONS_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Blocks of fewer bytes are small; the size fits the word's low 16 bits. */
#define OM_ALLOCATIONS_SMALL_BYTES ((size_t)1 << 16)
/* Slots of the small blocks' table (a power of two). */
#define OM_ALLOCATIONS_SMALL_SLOTS (1u << 20)
/* Slots of the large blocks' table (a power of two) and its probe bound. */
#define OM_ALLOCATIONS_SLOTS (1u << 16)
#define OM_ALLOCATIONS_PROBES 64

/* Blocks of fewer bytes are not recorded (0 until raised): the malloc
 * family's callers check om_allocation_recorded_size before asking. Records
 * of fewer bytes made before the minimum was raised are never found again:
 * their blocks may have been freed unseen since. */
void om_allocations_set_min(size_t bytes);
extern _Atomic size_t om_allocations_min_bytes;
static inline bool om_allocation_recorded_size(size_t size) {
  return size >= atomic_load_explicit(&om_allocations_min_bytes, memory_order_relaxed);
}

/* Records a block [start, start + size), replacing a stale record of the
 * same start; false if it was not recorded. */
bool om_allocation_add(const void *start, size_t size);
/* Forgets the block starting at start; false if it was not recorded, else
 * *size receives its size. */
bool om_allocation_take(const void *start, size_t *size);
/* The requested size of the live block starting at start. */
bool om_allocation_size(const void *start, size_t *size);

/* False when no block of OM_ALLOCATIONS_SMALL_BYTES or more that was ever
 * recorded (none of whose records is displaced) overlaps [begin, end): a
 * conservative span, lock-free. */
bool om_allocations_large_may_overlap(uintptr_t begin, uintptr_t end);

/* Bumped by every record added or taken, after the change: what
 * om_allocation_size answers for any start is the same while it is. Read
 * it before asking, so that an answer given during a change is stamped
 * older than the change. (One atomic add per recorded block's malloc and
 * free; the blocks under the minimum, most of a program's, pay nothing.) */
extern _Atomic uint64_t om_allocations_generation;
static inline uint64_t om_allocations_stamp(void) {
  return atomic_load_explicit(&om_allocations_generation, memory_order_acquire);
}

#endif
