/* pinning.c - cuMemHostRegister for held blocks (pinning.h). */
#include "pinning.h"

#include "message.h"
#include "options.h"
#include "real.h"

#include <stdatomic.h>
#include <stdint.h>
#include <sys/mman.h>
#include <time.h>

/* The CUDA driver's functions that pinning needs (CUresult is an int,
 * CUcontext a pointer). */
int cuMemHostRegister_v2(void *begin, size_t bytes, unsigned flags);
int cuMemHostUnregister(void *begin);
int cuCtxGetCurrent(void **context);
int cuCtxPushCurrent_v2(void *context);
int cuCtxPopCurrent_v2(void **context);

#define CU_MEMHOSTREGISTER_PORTABLE 0x01u

/* Whether a CUDA driver with the functions pinning needs is loaded. Only
 * one the runtime already loaded counts (real.h): without it the device
 * is not a CUDA device and there is nothing to pin for. Until it is seen
 * every call looks again, since the runtime may load it after the
 * program's first allocations. */
static bool cuda_driver(void) {
  return OM_REAL_IF_LOADED(cuMemHostRegister_v2) != NULL &&
         OM_REAL_IF_LOADED(cuMemHostUnregister) != NULL &&
         OM_REAL_IF_LOADED(cuCtxGetCurrent) != NULL &&
         OM_REAL_IF_LOADED(cuCtxPushCurrent_v2) != NULL &&
         OM_REAL_IF_LOADED(cuCtxPopCurrent_v2) != NULL;
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
  if (!cuda_driver() || OM_REAL(cuCtxGetCurrent)(&context) != 0 || context == NULL)
    return false;
  double start = seconds_now();
  int result = OM_REAL(cuMemHostRegister_v2)(begin, bytes, CU_MEMHOSTREGISTER_PORTABLE);
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
  OM_REAL(cuCtxPushCurrent_v2)(pin->context);
  OM_REAL(cuMemHostUnregister)(begin);
  void *popped;
  OM_REAL(cuCtxPopCurrent_v2)(&popped);
  pin->context = NULL;
}
