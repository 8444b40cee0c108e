/* heap.c - the malloc family, interposed to keep the allocation record
 * (rtl/allocations.h), to check free/realloc of mapped memory, and to give
 * back the device copy of a held block (residency.h) before the block is
 * freed or moved.
 *
 * The real functions are resolved with dlsym(RTLD_NEXT) on first use. dlsym
 * may itself allocate: while a thread resolves, its allocations come from a
 * small static arena, which free and realloc recognise. With
 * OWNMAP_CHECKS=off every call is forwarded and nothing is recorded.
 */
#include "allocations.h"
#include "checks.h"
#include "heap.h"
#include "message.h"
#include "pinning.h"
#include "plugin.h"
#include "residency.h"
#include "self_time.h"
#include "stale.h"

#include <dlfcn.h>
#include <errno.h>
#include <malloc.h>
#include <pthread.h>
#include <stdalign.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define OM_EXPORT __attribute__((visibility("default")))

typedef void *(*malloc_fn)(size_t);
typedef void *(*calloc_fn)(size_t, size_t);
typedef void *(*realloc_fn)(void *, size_t);
typedef void (*free_fn)(void *);
typedef void *(*aligned_alloc_fn)(size_t, size_t);
typedef int (*posix_memalign_fn)(void **, size_t, size_t);

static struct {
  malloc_fn malloc;
  calloc_fn calloc;
  realloc_fn realloc;
  free_fn free;
  aligned_alloc_fn aligned_alloc;
  aligned_alloc_fn memalign;
  posix_memalign_fn posix_memalign;
} real;
static atomic_bool resolved;

/* On until the plugin's initialisation has read OWNMAP_CHECKS: the malloc
 * path must not read the options itself (that may allocate). */
static atomic_bool heap_recording = true;

static bool ready(void);

void om_heap_set_recording(bool on) {
  ready();
  atomic_store(&heap_recording, on);
}

/* ---- bootstrap arena for allocations made while resolving ---- */

static alignas(16) char arena[16384];
static atomic_size_t arena_used;
static _Thread_local bool resolving __attribute__((tls_model("initial-exec")));

/* Each arena block is preceded by 16 bytes holding its size. */
static void *arena_alloc(size_t size) {
  size_t need = 16 + ((size + 15) & ~(size_t)15);
  size_t offset = atomic_fetch_add(&arena_used, need);
  if (offset + need > sizeof arena)
    return NULL;
  memcpy(arena + offset, &size, sizeof size);
  return arena + offset + 16;
}

static bool in_arena(const void *ptr) {
  return (uintptr_t)ptr - (uintptr_t)arena < sizeof arena;
}

static size_t arena_size(const void *ptr) {
  size_t size;
  memcpy(&size, (const char *)ptr - 16, sizeof size);
  return size;
}

static void *lookup(const char *name) {
  void *function = dlsym(RTLD_NEXT, name);
  if (function == NULL) {
    om_error("cannot find the real %s after the plugin", name);
    abort();
  }
  return function;
}

/* Resolves the real functions; false while this thread is already at it
 * (the caller then uses the arena). */
__attribute__((noinline)) static bool resolve(void) {
  if (resolving)
    return false;
  resolving = true;
  real.malloc = (malloc_fn)lookup("malloc");
  real.calloc = (calloc_fn)lookup("calloc");
  real.realloc = (realloc_fn)lookup("realloc");
  real.free = (free_fn)lookup("free");
  real.aligned_alloc = (aligned_alloc_fn)lookup("aligned_alloc");
  real.memalign = (aligned_alloc_fn)lookup("memalign");
  real.posix_memalign = (posix_memalign_fn)lookup("posix_memalign");
  resolving = false;
  atomic_store_explicit(&resolved, true, memory_order_release);
  return true;
}

static bool ready(void) {
  return atomic_load_explicit(&resolved, memory_order_acquire) || resolve();
}

/* Blocks the runtime allocates during an offload call are its own: never
 * mapped by the program, so not worth recording. */
static bool recording(void) {
  return atomic_load_explicit(&heap_recording, memory_order_relaxed) &&
         !om_inside_offload_call;
}

/* The runtime calls the malloc family dozens of times per offload call, so
 * its calls take the shortest path: one thread-local test, then the real
 * function, before any register is saved (the rest of each wrapper is a
 * separate function). The real functions are resolved by then
 * (om_heap_set_recording resolves them during the plugin's
 * initialisation, which every offload call waits for). */
static inline bool runtime_call(void) {
  return __builtin_expect(om_inside_offload_call == OM_INSIDE_CALL, 1);
}

/* realloc of the runtime's blocks, also: not an arena block, no guarded
 * buffers or held sections to drop. */
static inline bool runtime_release(const void *block) {
  return runtime_call() && !in_arena(block) && !om_stale_enabled() && !om_residency_holding();
}

/* The runtime's calls while self-timing counts them (and any other call
 * made inside an offload call): true if the call is the runtime's. */
static bool counted_runtime_call(void) {
  if (om_inside_offload_call == OM_INSIDE_CALL_COUNTED)
    om_self_time_count_heap_call();
  return om_inside_offload_call;
}

static void *recorded(void *block, size_t size) {
  if (block != NULL && recording()) {
    om_allocation_add(block, size);
    if (size >= OM_PIN_HUGE_MIN_BYTES)
      om_pin_prepare(block, size);
  }
  return block;
}

/* Checks and forgets a block that is about to be released. The runtime's
 * own frees during an offload call are left alone; should one of them be a
 * recorded block, its stale record is replaced when the address comes back
 * from malloc (om_allocation_add). */
static void releasing(void *block, const char *what, const void *caller) {
  if (!recording())
    return;
  size_t size;
  bool known = om_allocation_take(block, &size);
  if (!om_checks_may_be_mapped())
    return;
  if (!known)
    size = malloc_usable_size(block);
  om_checks_heap_release(block, size, what, caller);
}

__attribute__((noinline)) static void *malloc_slow(size_t size) {
  if (!ready())
    return arena_alloc(size);
  if (counted_runtime_call())
    return real.malloc(size);
  return recorded(real.malloc(size), size);
}

OM_EXPORT void *malloc(size_t size) {
  if (runtime_call())
    return real.malloc(size);
  return malloc_slow(size);
}

__attribute__((noinline)) static void *calloc_slow(size_t count, size_t size) {
  if (!ready()) {
    size_t bytes;
    if (__builtin_mul_overflow(count, size, &bytes))
      return NULL;
    return arena_alloc(bytes); /* static storage: already zero */
  }
  if (counted_runtime_call())
    return real.calloc(count, size);
  return recorded(real.calloc(count, size), count * size);
}

OM_EXPORT void *calloc(size_t count, size_t size) {
  if (runtime_call())
    return real.calloc(count, size);
  return calloc_slow(count, size);
}

__attribute__((noinline)) static void free_slow(void *block, const void *caller) {
  if (block == NULL || in_arena(block) || !ready())
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
  real.free(block);
}

/* A block of the runtime's while OWNMAP_CHECKS=full guards buffers: free
 * writes into the block, so its guard goes first. (Elision never holds a
 * block freed inside an offload call: it holds sections the program maps,
 * and only the runtime, and device code on the host device, run there.) */
__attribute__((noinline)) static void free_unguarded(void *block) {
  om_stale_release((uintptr_t)block, (uintptr_t)block + malloc_usable_size(block), NULL);
  real.free(block);
}

OM_EXPORT void free(void *block) {
  if (runtime_call() && !in_arena(block)) {
    if (om_stale_enabled())
      free_unguarded(block);
    else
      real.free(block);
    return;
  }
  free_slow(block, __builtin_return_address(0));
}

__attribute__((noinline)) static void *realloc_slow(void *block, size_t size,
                                                    const void *caller) {
  if (!ready())
    return arena_alloc(size);
  if (block != NULL && in_arena(block)) {
    void *moved = real.malloc(size);
    if (moved != NULL) {
      size_t old = arena_size(block);
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
  void *moved = real.realloc(block, size);
  return runtime ? moved : recorded(moved, size);
}

OM_EXPORT void *realloc(void *block, size_t size) {
  if (runtime_release(block))
    return real.realloc(block, size);
  return realloc_slow(block, size, __builtin_return_address(0));
}

/* allocate: &real.aligned_alloc or &real.memalign, read once resolved. */
__attribute__((noinline)) static void *aligned_slow(const aligned_alloc_fn *allocate,
                                                    size_t alignment, size_t size) {
  ready();
  if (counted_runtime_call())
    return (*allocate)(alignment, size);
  return recorded((*allocate)(alignment, size), size);
}

OM_EXPORT void *aligned_alloc(size_t alignment, size_t size) {
  if (runtime_call())
    return real.aligned_alloc(alignment, size);
  return aligned_slow(&real.aligned_alloc, alignment, size);
}

OM_EXPORT void *memalign(size_t alignment, size_t size) {
  if (runtime_call())
    return real.memalign(alignment, size);
  return aligned_slow(&real.memalign, alignment, size);
}

__attribute__((noinline)) static int posix_memalign_slow(void **out, size_t alignment,
                                                         size_t size) {
  ready();
  int result = real.posix_memalign(out, alignment, size);
  if (!counted_runtime_call() && result == 0)
    recorded(*out, size);
  return result;
}

OM_EXPORT int posix_memalign(void **out, size_t alignment, size_t size) {
  if (runtime_call())
    return real.posix_memalign(out, alignment, size);
  return posix_memalign_slow(out, alignment, size);
}

/* ---- pages of large blocks ---- */

/* glibc's chunk header: the two words before the block, the second holding
 * the chunk's size with flag bits, the first, for a chunk mapped on its
 * own, its offset from the start of the mapping. */
#define GLIBC_CHUNK_MMAPPED ((size_t)0x2)
#define GLIBC_CHUNK_NON_MAIN_ARENA ((size_t)0x4)
#define GLIBC_CHUNK_FLAGS ((size_t)0x7)

static bool malloc_is_glibc;
static pthread_once_t malloc_identified = PTHREAD_ONCE_INIT;

static void identify_malloc(void) {
  Dl_info info;
  ready();
  malloc_is_glibc = dladdr((void *)real.malloc, &info) != 0 && info.dli_fname != NULL &&
                    strstr(info.dli_fname, "/libc.so") != NULL;
}

bool om_heap_owns_pages(uintptr_t block, size_t size, uintptr_t *low, uintptr_t *high) {
  pthread_once(&malloc_identified, identify_malloc);
  uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
  if (!malloc_is_glibc || block == 0 || in_arena((void *)block) || block % (2 * sizeof(size_t)))
    return false;
  const size_t *header = (const size_t *)block - 2;
  size_t offset = header[0], size_field = header[1];
  size_t chunk_bytes = size_field & ~GLIBC_CHUNK_FLAGS;
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

/* ---- self-timing ---- */

enum { CALIBRATION_PAIRS = 20000, CALIBRATION_TRIALS = 7 };

/* Ticks for CALIBRATION_PAIRS malloc/free pairs through allocate and release. */
static uint64_t time_pairs(void *(*allocate)(size_t), void (*release)(void *),
                           uint64_t (*ticks)(void)) {
  uint64_t start = ticks();
  for (int i = 0; i < CALIBRATION_PAIRS; i++)
    release(allocate(64));
  return ticks() - start;
}

double om_heap_inside_call_overhead(uint64_t (*ticks)(void)) {
  ready();
  /* Called through volatile pointers, so that the compiler cannot pair and
   * drop the calls. */
  void *(*volatile wrapped_malloc)(size_t) = malloc;
  void (*volatile wrapped_free)(void *) = free;
  unsigned char was_inside = om_inside_offload_call;
  om_inside_offload_call = OM_INSIDE_CALL; /* the path the runtime's calls take */
  uint64_t wrapped = UINT64_MAX, direct = UINT64_MAX;
  for (int trial = 0; trial < CALIBRATION_TRIALS; trial++) {
    uint64_t w = time_pairs(wrapped_malloc, wrapped_free, ticks);
    uint64_t d = time_pairs(real.malloc, real.free, ticks);
    wrapped = w < wrapped ? w : wrapped;
    direct = d < direct ? d : direct;
  }
  om_inside_offload_call = was_inside;
  double extra = (double)wrapped - (double)direct;
  return extra > 0 ? extra / (2.0 * CALIBRATION_PAIRS) : 0;
}
