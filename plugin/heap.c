/* heap.c - the malloc family, interposed to keep the allocation record
 * (rtl/allocations.h), to check free/realloc of mapped memory, and to give
 * back the device copy of a held block (residency.h) before the block is
 * freed or moved.
 *
 * The real functions come from the ground floor (real.h), which looks
 * them up on first use; dlsym may itself allocate: while a thread looks
 * them up, its allocations come from the bootstrap arena there, which free
 * and realloc recognise. With OWNMAP_CHECKS=off every call is forwarded
 * and nothing is recorded.
 *
 * Every call the program makes runs through here, so the calls that need
 * nothing of the plugin (small blocks, below) take a short path that costs
 * about what any interposed malloc costs: test/bench/heap-overhead.
 */
#include "heap.h"

#include "allocations.h"
#include "checks.h"
#include "heap_pages.h"
#include "hot_path.h"
#include "pinning.h"
#include "real.h"
#include "residency.h"
#include "stale.h"
#include "state.h"

#include <malloc.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define OM_EXPORT __attribute__((visibility("default")))

/* On until the plugin's initialisation has read OWNMAP_CHECKS: the malloc
 * path must not read the options itself (that may allocate). */
static atomic_bool heap_recording = true;

/* ---- the program's small blocks: the hot path ----
 * Host code that allocates a lot allocates small objects, which are never
 * recorded (below the record's minimum) and never held (elision takes
 * blocks of OM_TAKEOVER_MIN_BYTES and more). So a program thread's malloc
 * of fewer bytes than the minimum goes straight to the real function, and
 * so does its free of a block whose glibc chunk is that small, unless a
 * check needs the call: a mapping that may contain the block (the free
 * check), or a held section that may (the block's header may then lie on a
 * protected page, and the engine must give the block back first). With
 * OWNMAP_CHECKS=full every block is recorded, so no call passes, and the
 * stale guards see every free. */
static _Atomic size_t malloc_pass_below; /* 0 until initialised: no call passes */
static _Atomic size_t free_pass_below;   /* also 0 unless the chunk sizes can be read */

void om_heap_set_recording(bool on, size_t min_bytes) {
  om_real_heap_ready();
  om_allocations_set_min(min_bytes);
  atomic_store(&heap_recording, on);
  size_t pass_below = on ? min_bytes : SIZE_MAX;
  atomic_store_explicit(&malloc_pass_below, pass_below, memory_order_release);
  atomic_store_explicit(&free_pass_below, om_heap_malloc_is_glibc() ? pass_below : 0,
                        memory_order_release);
}

static inline bool malloc_passes(size_t size) {
  return size < atomic_load_explicit(&malloc_pass_below, memory_order_acquire) &&
         !om_in_runtime();
}

static inline bool free_passes(const void *block) {
  size_t below = atomic_load_explicit(&free_pass_below, memory_order_acquire);
  if (below == 0 || block == NULL || om_in_runtime() || om_in_bootstrap_arena(block))
    return false;
  uintptr_t header = (uintptr_t)block - sizeof(size_t);
  size_t chunk = om_glibc_chunk_size(block); /* covers the block */
  return chunk < below && !om_checks_may_be_mapped((uintptr_t)block, (uintptr_t)block + chunk) &&
         !om_residency_may_hold(header, (uintptr_t)block);
}

static bool ready(void) { return om_real_heap_ready(); }

/* Blocks the runtime allocates during an offload call are its own: never
 * mapped by the program, so not worth recording. */
static bool recording(void) {
  return atomic_load_explicit(&heap_recording, memory_order_relaxed) && !om_in_runtime();
}

/* The runtime calls the malloc family dozens of times per offload call, so
 * its calls take the shortest path: one thread-local test, then the real
 * function, before any register is saved (the rest of each wrapper is a
 * separate function). The real functions are resolved by then
 * (om_heap_set_recording resolves them during the plugin's
 * initialisation, which every offload call waits for). */
static inline bool runtime_call(void) { return om_in_runtime_uncounted(); }

/* realloc of the runtime's blocks, also: not an arena block, no guarded
 * buffers or held sections to drop. */
static inline bool runtime_release(const void *block) {
  return runtime_call() && !om_in_bootstrap_arena(block) && !om_stale_enabled() &&
         !om_residency_holding();
}

/* The runtime's calls while self-timing counts them (and any other call
 * made inside an offload call): true if the call is the runtime's. */
static bool counted_runtime_call(void) {
  om_runtime_heap_call();
  return om_in_runtime();
}

static void *recorded(void *block, size_t size) {
  if (om_allocation_recorded_size(size) && block != NULL && recording()) {
    om_allocation_add(block, size);
    if (size >= OM_PIN_HUGE_MIN_BYTES)
      om_pin_prepare(block, size);
  }
  return block;
}

/* Checks and forgets a block that is about to be released. The runtime's
 * own frees during an offload call are left alone; should one of them be a
 * recorded block, its stale record is replaced when the address comes back
 * from malloc (om_allocation_add). The allocator's own size of the block
 * tells whether it can have been recorded: a block too small to be
 * recorded costs no lookup. */
static void releasing(void *block, const char *what, const void *caller) {
  if (!recording())
    return;
  size_t size = malloc_usable_size(block);
  if (om_allocation_recorded_size(size))
    om_allocation_take(block, &size); /* the recorded size, if it was recorded */
  om_checks_heap_release(block, size, what, caller); /* lock-free unless a span overlaps */
}

__attribute__((noinline)) static void *malloc_slow(size_t size) {
  if (!ready())
    return om_bootstrap_alloc(size);
  if (counted_runtime_call())
    return OM_REAL_FOUND(malloc)(size);
  return recorded(OM_REAL_FOUND(malloc)(size), size);
}

OM_HOT OM_EXPORT void *malloc(size_t size) {
  if (runtime_call() || malloc_passes(size))
    return OM_REAL_FOUND(malloc)(size);
  return malloc_slow(size);
}

__attribute__((noinline)) static void *calloc_slow(size_t count, size_t size) {
  if (!ready()) {
    size_t bytes;
    if (__builtin_mul_overflow(count, size, &bytes))
      return NULL;
    return om_bootstrap_alloc(bytes); /* static storage: already zero */
  }
  if (counted_runtime_call())
    return OM_REAL_FOUND(calloc)(count, size);
  return recorded(OM_REAL_FOUND(calloc)(count, size), count * size);
}

OM_EXPORT void *calloc(size_t count, size_t size) {
  size_t bytes;
  if (runtime_call() || (!__builtin_mul_overflow(count, size, &bytes) && malloc_passes(bytes)))
    return OM_REAL_FOUND(calloc)(count, size);
  return calloc_slow(count, size);
}

__attribute__((noinline)) static void free_slow(void *block, const void *caller) {
  if (block == NULL || om_in_bootstrap_arena(block) || !ready())
    return; /* a block freed while resolving is left alone */
  /* Held blocks first: a held block's heap header may be on a protected
   * page (om_heap_owns_pages), and a held section is a whole block, so
   * its first byte finds it. */
  if (om_residency_holding())
    om_residency_give_back_range((uintptr_t)block, (uintptr_t)block + 1, false);
  if (!counted_runtime_call()) /* the runtime's own blocks go straight back */
    releasing(block, "free", caller);
  if (om_stale_enabled()) /* free writes into the block */
    om_stale_release((uintptr_t)block, (uintptr_t)block + malloc_usable_size(block), NULL);
  OM_REAL_FOUND(free)(block);
}

/* A block of the runtime's while OWNMAP_CHECKS=full guards buffers: free
 * writes into the block, so its guard goes first. (Elision never holds a
 * block freed inside an offload call: it holds sections the program maps,
 * and only the runtime, and device code on the host device, run there.) */
__attribute__((noinline)) static void free_unguarded(void *block) {
  om_stale_release((uintptr_t)block, (uintptr_t)block + malloc_usable_size(block), NULL);
  OM_REAL_FOUND(free)(block);
}

OM_HOT OM_EXPORT void free(void *block) {
  if (runtime_call() && !om_in_bootstrap_arena(block)) {
    if (om_stale_enabled())
      free_unguarded(block);
    else
      OM_REAL_FOUND(free)(block);
    return;
  }
  if (free_passes(block)) {
    OM_REAL_FOUND(free)(block);
    return;
  }
  free_slow(block, __builtin_return_address(0));
}

__attribute__((noinline)) static void *realloc_slow(void *block, size_t size,
                                                    const void *caller) {
  if (!ready())
    return om_bootstrap_alloc(size);
  if (block != NULL && om_in_bootstrap_arena(block)) {
    void *moved = OM_REAL_FOUND(malloc)(size);
    if (moved != NULL) {
      size_t old = om_bootstrap_size(block);
      memcpy(moved, block, old < size ? old : size);
    }
    return recorded(moved, size);
  }
  bool runtime = counted_runtime_call();
  if (block != NULL) {
    if (om_residency_holding()) /* first, as in free_slow */
      om_residency_give_back_range((uintptr_t)block, (uintptr_t)block + 1, true);
    if (!runtime)
      releasing(block, "realloc", caller);
    if (om_stale_enabled())
      om_stale_release((uintptr_t)block, (uintptr_t)block + malloc_usable_size(block), NULL);
  }
  void *moved = OM_REAL_FOUND(realloc)(block, size);
  return runtime ? moved : recorded(moved, size);
}

OM_EXPORT void *realloc(void *block, size_t size) {
  if (runtime_release(block))
    return OM_REAL_FOUND(realloc)(block, size);
  return realloc_slow(block, size, __builtin_return_address(0));
}

/* allocate: aligned_alloc or memalign, which have the same type. */
__attribute__((noinline)) static void *aligned_slow(om_real_id allocate, size_t alignment,
                                                    size_t size) {
  ready();
  void *block = ((__typeof__(&aligned_alloc))atomic_load_explicit(
      &om_real_found[allocate], memory_order_relaxed))(alignment, size);
  return counted_runtime_call() ? block : recorded(block, size);
}

OM_EXPORT void *aligned_alloc(size_t alignment, size_t size) {
  if (runtime_call())
    return OM_REAL_FOUND(aligned_alloc)(alignment, size);
  return aligned_slow(OM_REAL_ID_aligned_alloc, alignment, size);
}

OM_EXPORT void *memalign(size_t alignment, size_t size) {
  if (runtime_call())
    return OM_REAL_FOUND(memalign)(alignment, size);
  return aligned_slow(OM_REAL_ID_memalign, alignment, size);
}

__attribute__((noinline)) static int posix_memalign_slow(void **out, size_t alignment,
                                                         size_t size) {
  ready();
  int result = OM_REAL_FOUND(posix_memalign)(out, alignment, size);
  if (!counted_runtime_call() && result == 0)
    recorded(*out, size);
  return result;
}

OM_EXPORT int posix_memalign(void **out, size_t alignment, size_t size) {
  if (runtime_call())
    return OM_REAL_FOUND(posix_memalign)(out, alignment, size);
  return posix_memalign_slow(out, alignment, size);
}
