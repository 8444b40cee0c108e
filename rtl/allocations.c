/* allocations.c - lock-free table of live heap blocks. */
#include "allocations.h"

#include <pthread.h>
#include <stdatomic.h>
#include <sys/mman.h>

/* Key values besides block addresses (which are never below 16). */
#define EMPTY ((uintptr_t)0)
#define FREED ((uintptr_t)1)
#define CLAIMED ((uintptr_t)2) /* being filled in by an insert */

typedef struct {
  _Atomic uintptr_t start;
  _Atomic size_t size;
} slot;

static slot *_Atomic table;
static pthread_once_t table_reserved = PTHREAD_ONCE_INIT;

/* Huge pages where the kernel gives them for asking (transparent huge
 * pages in `madvise` mode): a program's first few thousand blocks would
 * otherwise touch as many small pages of the table, one page fault each,
 * milliseconds at start-up, and every lookup would miss the TLB. */
enum { HUGE_PAGE = 2u << 20 };

static void reserve_table(void) {
  size_t bytes = OM_ALLOCATIONS_SLOTS * sizeof(slot);
  char *memory = mmap(NULL, bytes + HUGE_PAGE, PROT_READ | PROT_WRITE,
                      MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (memory == MAP_FAILED) {
    atomic_store_explicit(&table, NULL, memory_order_release);
    return;
  }
  char *aligned = (char *)(((uintptr_t)memory + HUGE_PAGE - 1) & ~(uintptr_t)(HUGE_PAGE - 1));
  if (aligned > memory)
    munmap(memory, (size_t)(aligned - memory));
  if (aligned + bytes < memory + bytes + HUGE_PAGE)
    munmap(aligned + bytes, (size_t)(memory + bytes + HUGE_PAGE - (aligned + bytes)));
  madvise(aligned, bytes, MADV_HUGEPAGE); /* a hint: small pages if refused */
  atomic_store_explicit(&table, (slot *)aligned, memory_order_release);
}

/* Every malloc and free asks: once reserved, one load. */
static slot *get_table(void) {
  slot *reserved = atomic_load_explicit(&table, memory_order_acquire);
  if (__builtin_expect(reserved != NULL, 1))
    return reserved;
  pthread_once(&table_reserved, reserve_table);
  return atomic_load_explicit(&table, memory_order_acquire);
}

/* Blocks are at least 16-byte aligned: drop those bits before mixing. */
static size_t home_of(uintptr_t start) {
  uint64_t mixed = (uint64_t)(start >> 4) * 0x9e3779b97f4a7c15u;
  return (size_t)(mixed >> 44) & (OM_ALLOCATIONS_SLOTS - 1);
}

static slot *find(const void *start) {
  slot *slots = get_table();
  uintptr_t key = (uintptr_t)start;
  if (slots == NULL || key <= CLAIMED)
    return NULL;
  size_t home = home_of(key);
  for (size_t probe = 0; probe < OM_ALLOCATIONS_PROBES; probe++) {
    slot *s = &slots[(home + probe) & (OM_ALLOCATIONS_SLOTS - 1)];
    uintptr_t seen = atomic_load_explicit(&s->start, memory_order_acquire);
    if (seen == key)
      return s;
    if (seen == EMPTY)
      return NULL;
  }
  return NULL;
}

bool om_allocation_add(const void *start, size_t size) {
  slot *slots = get_table();
  uintptr_t key = (uintptr_t)start;
  if (slots == NULL || key <= CLAIMED)
    return false;
  slot *stale = find(start);
  if (stale != NULL) { /* freed without our knowing: the block is new */
    atomic_store_explicit(&stale->size, size, memory_order_relaxed);
    return true;
  }
  size_t home = home_of(key);
  for (size_t probe = 0; probe < OM_ALLOCATIONS_PROBES; probe++) {
    slot *s = &slots[(home + probe) & (OM_ALLOCATIONS_SLOTS - 1)];
    uintptr_t seen = atomic_load_explicit(&s->start, memory_order_relaxed);
    if (seen > FREED)
      continue;
    /* Claim, fill in, then publish: a reader that finds the key finds its size. */
    if (!atomic_compare_exchange_strong_explicit(&s->start, &seen, CLAIMED,
                                                 memory_order_acquire, memory_order_relaxed))
      continue;
    atomic_store_explicit(&s->size, size, memory_order_relaxed);
    atomic_store_explicit(&s->start, key, memory_order_release);
    return true;
  }
  return false;
}

bool om_allocation_take(const void *start, size_t *size) {
  slot *s = find(start);
  if (s == NULL)
    return false;
  *size = atomic_load_explicit(&s->size, memory_order_relaxed);
  atomic_store_explicit(&s->start, FREED, memory_order_release);
  return true;
}

bool om_allocation_size(const void *start, size_t *size) {
  slot *s = find(start);
  if (s == NULL)
    return false;
  *size = atomic_load_explicit(&s->size, memory_order_relaxed);
  return true;
}
