/* allocations.c - the lock-free tables of live heap blocks (allocations.h). */
#include "allocations.h"

#include <pthread.h>
#include <stdatomic.h>
#include <sys/mman.h>

/* Key values of the large table besides block addresses (never below 16). */
#define EMPTY ((uintptr_t)0)
#define FREED ((uintptr_t)1)
#define CLAIMED ((uintptr_t)2) /* being filled in by an insert */

typedef struct {
  _Atomic uintptr_t start;
  _Atomic size_t size;
} large_slot;

/* A small block's record: start << SIZE_BITS | size; 0 is an empty slot.
 * Starts above START_LIMIT (outside 48-bit user space) take the large table. */
#define SIZE_BITS 16
#define START_LIMIT ((uintptr_t)1 << (64 - SIZE_BITS))
typedef _Atomic uint64_t small_slot;

_Static_assert(OM_ALLOCATIONS_SMALL_BYTES == (size_t)1 << SIZE_BITS,
               "a small block's size fills the record's size bits");

typedef struct {
  small_slot small[OM_ALLOCATIONS_SMALL_SLOTS];
  large_slot large[OM_ALLOCATIONS_SLOTS];
} tables;

static tables *_Atomic reserved_tables;
static pthread_once_t tables_reserved = PTHREAD_ONCE_INIT;

/* Huge pages where the kernel gives them for asking (transparent huge
 * pages in `madvise` mode): a program's first few thousand blocks would
 * otherwise touch as many small pages of the tables, one page fault each,
 * milliseconds at start-up, and every lookup would miss the TLB. */
enum { HUGE_PAGE = 2u << 20 };

static void reserve_tables(void) {
  size_t bytes = sizeof(tables);
  char *memory = mmap(NULL, bytes + HUGE_PAGE, PROT_READ | PROT_WRITE,
                      MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (memory == MAP_FAILED) {
    atomic_store_explicit(&reserved_tables, NULL, memory_order_release);
    return;
  }
  char *aligned = (char *)(((uintptr_t)memory + HUGE_PAGE - 1) & ~(uintptr_t)(HUGE_PAGE - 1));
  if (aligned > memory)
    munmap(memory, (size_t)(aligned - memory));
  if (aligned + bytes < memory + bytes + HUGE_PAGE)
    munmap(aligned + bytes, (size_t)(memory + bytes + HUGE_PAGE - (aligned + bytes)));
  madvise(aligned, bytes, MADV_HUGEPAGE); /* a hint: small pages if refused */
  atomic_store_explicit(&reserved_tables, (tables *)aligned, memory_order_release);
}

/* Every malloc and free asks: once reserved, one load. */
static tables *get_tables(void) {
  tables *reserved = atomic_load_explicit(&reserved_tables, memory_order_acquire);
  if (__builtin_expect(reserved != NULL, 1))
    return reserved;
  pthread_once(&tables_reserved, reserve_tables);
  return atomic_load_explicit(&reserved_tables, memory_order_acquire);
}

/* ---- small blocks: one word per record ---- */

static bool small_key(uintptr_t start, size_t size) {
  return size < OM_ALLOCATIONS_SMALL_BYTES && start < START_LIMIT;
}

/* The home is the start's own position, not a mix: neighbouring blocks
 * share cache lines and pages of the table, which random homes would not
 * (a cache miss on every call), and two live blocks meet in a home only
 * when they lie a multiple of SMALL_SPAN apart. glibc's blocks are at
 * least 32 bytes apart, so 32 bytes per slot. */
#define SMALL_GRAIN_BITS 5
#define SMALL_SPAN ((uintptr_t)OM_ALLOCATIONS_SMALL_SLOTS << SMALL_GRAIN_BITS)

static small_slot *small_home(tables *t, uintptr_t start) {
  return &t->small[(start >> SMALL_GRAIN_BITS) & (OM_ALLOCATIONS_SMALL_SLOTS - 1)];
}

/* The record of start in its home, 0 if the home holds another block. */
static uint64_t small_record(small_slot *home, uintptr_t start) {
  uint64_t record = atomic_load_explicit(home, memory_order_acquire);
  return record >> SIZE_BITS == start ? record : 0;
}

/* ---- large blocks: open addressing ---- */

/* Blocks are at least 16-byte aligned: drop those bits, then mix (the
 * product's top bits are the home). */
static size_t large_home(uintptr_t start) {
  return (size_t)(((uint64_t)(start >> 4) * 0x9e3779b97f4a7c15u) >>
                  (64 - __builtin_ctz(OM_ALLOCATIONS_SLOTS)));
}

static large_slot *large_find(tables *t, uintptr_t key) {
  size_t home = large_home(key);
  for (size_t probe = 0; probe < OM_ALLOCATIONS_PROBES; probe++) {
    large_slot *s = &t->large[(home + probe) & (OM_ALLOCATIONS_SLOTS - 1)];
    uintptr_t seen = atomic_load_explicit(&s->start, memory_order_acquire);
    if (seen == key)
      return s;
    if (seen == EMPTY)
      return NULL;
  }
  return NULL;
}

/* Spans every block ever recorded in the large table; never shrinks. */
static _Atomic uintptr_t large_low = UINTPTR_MAX, large_high;

static void widen_large_span(uintptr_t begin, uintptr_t end) {
  uintptr_t low = atomic_load_explicit(&large_low, memory_order_relaxed);
  while (begin < low && !atomic_compare_exchange_weak_explicit(&large_low, &low, begin,
                                                               memory_order_release,
                                                               memory_order_relaxed))
    ;
  uintptr_t high = atomic_load_explicit(&large_high, memory_order_relaxed);
  while (end > high && !atomic_compare_exchange_weak_explicit(&large_high, &high, end,
                                                              memory_order_release,
                                                              memory_order_relaxed))
    ;
}

bool om_allocations_large_may_overlap(uintptr_t begin, uintptr_t end) {
  return begin < atomic_load_explicit(&large_high, memory_order_acquire) &&
         atomic_load_explicit(&large_low, memory_order_acquire) < end;
}

static bool large_add(tables *t, uintptr_t key, size_t size) {
  widen_large_span(key, key + size);
  large_slot *stale = large_find(t, key);
  if (stale != NULL) { /* freed without our knowing: the block is new */
    atomic_store_explicit(&stale->size, size, memory_order_relaxed);
    return true;
  }
  size_t home = large_home(key);
  for (size_t probe = 0; probe < OM_ALLOCATIONS_PROBES; probe++) {
    large_slot *s = &t->large[(home + probe) & (OM_ALLOCATIONS_SLOTS - 1)];
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

/* ---- both ---- */

_Atomic size_t om_allocations_min_bytes;

/* On a cache line of its own: the malloc family bumps it. */
_Alignas(64) _Atomic uint64_t om_allocations_generation;

static void changed(void) {
  atomic_fetch_add_explicit(&om_allocations_generation, 1, memory_order_release);
}

void om_allocations_set_min(size_t bytes) {
  atomic_store_explicit(&om_allocations_min_bytes, bytes, memory_order_relaxed);
}

bool om_allocation_add(const void *start, size_t size) {
  tables *t = get_tables();
  uintptr_t key = (uintptr_t)start;
  if (t == NULL || key <= CLAIMED || !om_allocation_recorded_size(size))
    return false;
  small_slot *home = small_home(t, key);
  if (small_key(key, size)) {
    atomic_store_explicit(home, (uint64_t)key << SIZE_BITS | size, memory_order_release);
    changed();
    return true;
  }
  /* A small block freed unseen at this start is looked up first: drop it. */
  uint64_t stale = small_record(home, key);
  if (stale != 0)
    atomic_compare_exchange_strong_explicit(home, &stale, 0, memory_order_relaxed,
                                            memory_order_relaxed);
  bool added = large_add(t, key, size);
  changed();
  return added;
}

bool om_allocation_take(const void *start, size_t *size) {
  tables *t = get_tables();
  uintptr_t key = (uintptr_t)start;
  if (t == NULL || key <= CLAIMED)
    return false;
  small_slot *home = small_home(t, key);
  uint64_t record = small_record(home, key);
  if (record != 0) {
    /* The block is live until its free, so no other record of its start
     * can be stored meanwhile; one of another start, SMALL_SPAN away, that
     * is stored at this very moment may be lost (that block is then
     * unrecorded, never mixed): a plain store, not a compare-and-swap,
     * which would cost more than the rest of the call. */
    atomic_store_explicit(home, 0, memory_order_relaxed);
    changed();
    *size = (size_t)(record & (OM_ALLOCATIONS_SMALL_BYTES - 1));
    return true;
  }
  large_slot *s = large_find(t, key);
  if (s == NULL)
    return false;
  *size = atomic_load_explicit(&s->size, memory_order_relaxed);
  atomic_store_explicit(&s->start, FREED, memory_order_release);
  changed();
  return true;
}

bool om_allocation_size(const void *start, size_t *size) {
  tables *t = get_tables();
  uintptr_t key = (uintptr_t)start;
  if (t == NULL || key <= CLAIMED)
    return false;
  uint64_t record = small_record(small_home(t, key), key);
  if (record != 0) {
    *size = (size_t)(record & (OM_ALLOCATIONS_SMALL_BYTES - 1));
    return om_allocation_recorded_size(*size);
  }
  large_slot *s = large_find(t, key);
  if (s == NULL)
    return false;
  *size = atomic_load_explicit(&s->size, memory_order_relaxed);
  return om_allocation_recorded_size(*size);
}
