/* pinning.c - cuMemHostRegister for held blocks (pinning.h). */
#include "pinning.h"

#include "message.h"
#include "options.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <sys/mman.h>
#include <time.h>

typedef int (*register_fn)(void *, size_t, unsigned);
typedef int (*unregister_fn)(void *);
typedef int (*context_fn)(void **);
typedef int (*push_fn)(void *);

#define CU_MEMHOSTREGISTER_PORTABLE 0x01u

static struct {
  register_fn host_register;
  unregister_fn host_unregister;
  context_fn get_current, pop_current;
  push_fn push_current;
} cuda;

static atomic_bool driver_seen;
static void *driver;
static pthread_once_t functions_resolved = PTHREAD_ONCE_INIT;

static void resolve_functions(void) {
  cuda.host_register = (register_fn)dlsym(driver, "cuMemHostRegister_v2");
  cuda.host_unregister = (unregister_fn)dlsym(driver, "cuMemHostUnregister");
  cuda.get_current = (context_fn)dlsym(driver, "cuCtxGetCurrent");
  cuda.push_current = (push_fn)dlsym(driver, "cuCtxPushCurrent_v2");
  cuda.pop_current = (context_fn)dlsym(driver, "cuCtxPopCurrent_v2");
  if (!cuda.host_register || !cuda.host_unregister || !cuda.get_current ||
      !cuda.push_current || !cuda.pop_current)
    cuda.host_register = NULL;
}

/* Whether a CUDA driver with the functions pinning needs is loaded. Only
 * one the runtime already loaded counts (RTLD_NOLOAD): without it the
 * device is not a CUDA device and there is nothing to pin for. Until it is
 * seen every call looks again, since the runtime may load it after the
 * program's first allocations. */
static bool cuda_driver(void) {
  if (!atomic_load_explicit(&driver_seen, memory_order_acquire)) {
    void *library = dlopen("libcuda.so.1", RTLD_NOW | RTLD_NOLOAD);
    if (library == NULL)
      return false;
    driver = library; /* a racing thread stores the same handle */
    atomic_store_explicit(&driver_seen, true, memory_order_release);
  }
  pthread_once(&functions_resolved, resolve_functions);
  return cuda.host_register != NULL;
}

#define HUGE_PAGE_BYTES ((uintptr_t)2 << 20)

static atomic_bool pin_wanted;

void om_pin_configure(void) { atomic_store(&pin_wanted, om_option_flag(OM_OPTION_PIN)); }

void om_pin_prepare(void *block, size_t bytes) {
  if (bytes < OM_PIN_HUGE_MIN_BYTES || !atomic_load_explicit(&pin_wanted, memory_order_relaxed) ||
      !cuda_driver())
    return;
  uintptr_t low = ((uintptr_t)block + HUGE_PAGE_BYTES - 1) & ~(HUGE_PAGE_BYTES - 1);
  uintptr_t high = ((uintptr_t)block + bytes) & ~(HUGE_PAGE_BYTES - 1);
  if (low < high)
    madvise((void *)low, high - low, MADV_HUGEPAGE); /* a hint: failure changes nothing */
}

static double seconds_now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

bool om_pin_range(void *begin, size_t bytes, om_pin *pin) {
  pin->context = NULL;
  if (!om_option_flag(OM_OPTION_PIN))
    return false;
  void *context = NULL;
  if (!cuda_driver() || cuda.get_current(&context) != 0 || context == NULL)
    return false;
  double start = seconds_now();
  int result = cuda.host_register(begin, bytes, CU_MEMHOSTREGISTER_PORTABLE);
  if (om_option_flag(OM_OPTION_VERBOSE))
    om_message("pinning %zu bytes at %p: %s in %.3f ms", bytes, begin,
               result == 0 ? "done" : "refused", 1e3 * (seconds_now() - start));
  if (result != 0)
    return false;
  pin->context = context;
  return true;
}

void om_unpin_range(void *begin, om_pin *pin) {
  if (!om_pinned(pin))
    return;
  cuda.push_current(pin->context);
  cuda.host_unregister(begin);
  void *popped;
  cuda.pop_current(&popped);
  pin->context = NULL;
}
