/* pinning.c - cuMemHostRegister for held blocks, piece by piece (pinning.h). */
#include "pinning.h"

#include "message.h"
#include "options.h"
#include "real.h"

#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <time.h>

/* The CUDA driver's functions that pinning needs (CUresult is an int,
 * CUcontext a pointer). */
int cuMemHostRegister_v2(void *begin, size_t bytes, unsigned flags);
int cuMemHostUnregister(void *begin);
int cuCtxGetCurrent(void **context);
int cuCtxPushCurrent_v2(void *context);
int cuCtxPopCurrent_v2(void **context);
int cuMemcpyHtoDAsync_v2(unsigned long long device, const void *host, size_t bytes, void *stream);
int cuMemcpyDtoDAsync_v2(unsigned long long to, unsigned long long from, size_t bytes,
                         void *stream);
int cuStreamSynchronize(void *stream);

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

uintptr_t om_pin_piece_bytes(size_t bytes) {
  uintptr_t quarter = (bytes + OM_PIN_PIECES - 1) / OM_PIN_PIECES;
  uintptr_t piece = (quarter + OM_PIN_PIECE_ALIGN - 1) & ~(OM_PIN_PIECE_ALIGN - 1);
  return piece > OM_PIN_PIECE_MIN_BYTES ? piece : OM_PIN_PIECE_MIN_BYTES;
}

bool om_pin_plan(void *begin, size_t bytes, om_pin *pin) {
  *pin = (om_pin){0};
  void *context = NULL;
  if (!om_option_flag(OM_OPTION_PIN) || !cuda_driver() ||
      OM_REAL(cuCtxGetCurrent)(&context) != 0 || context == NULL)
    return false;
  uintptr_t low = (uintptr_t)begin;
  *pin = (om_pin){.context = context, .begin = low, .end = low + bytes, .locked_end = low,
                  .piece_bytes = om_pin_piece_bytes(bytes)};
  return true;
}

/* The pin's context made current for a call into the driver, and the one
 * current before put back after it. */
static void enter_context(const om_pin *pin) { OM_REAL(cuCtxPushCurrent_v2)(pin->context); }
static void leave_context(void) {
  void *popped;
  OM_REAL(cuCtxPopCurrent_v2)(&popped);
}

static uintptr_t piece_end(const om_pin *pin, uintptr_t address) {
  uintptr_t pieces_before = (address - pin->begin) / pin->piece_bytes;
  uintptr_t end = pin->begin + (pieces_before + 1) * pin->piece_bytes;
  return end < pin->end ? end : pin->end;
}

static void say_locked(const om_pin *pin, const char *outcome) {
  if (om_option_flag(OM_OPTION_VERBOSE))
    om_message("pinning %zu bytes at %p in pieces of %zu MiB: %s in %.3f ms",
               (size_t)(pin->end - pin->begin), (void *)pin->begin,
               (size_t)(pin->piece_bytes >> 20), outcome, 1e3 * pin->seconds);
}

bool om_pin_next_piece(om_pin *pin) {
  if (!om_pin_planned(pin) || pin->locked_end == pin->end)
    return false;
  uintptr_t low = pin->locked_end, high = piece_end(pin, low);
  double start = seconds_now();
  enter_context(pin);
  int result = OM_REAL(cuMemHostRegister_v2)((void *)low, high - low, CU_MEMHOSTREGISTER_PORTABLE);
  leave_context();
  pin->seconds += seconds_now() - start;
  if (result != 0) {
    say_locked(pin, "refused");
    om_unpin(pin);
    return false;
  }
  pin->locked_end = high;
  if (high == pin->end)
    say_locked(pin, "done");
  return true;
}

void om_pin_rest(om_pin *pin) {
  while (om_pin_next_piece(pin))
    ;
}

/* Whether the driver took a copy (its result); it is then in flight. */
static bool started(om_pin *pin, int result) {
  pin->in_flight |= result == 0;
  return result == 0;
}

bool om_pin_copy_async(om_pin *pin, uintptr_t device, const void *host, size_t bytes) {
  if (OM_REAL_IF_LOADED(cuMemcpyHtoDAsync_v2) == NULL ||
      OM_REAL_IF_LOADED(cuStreamSynchronize) == NULL)
    return false;
  enter_context(pin);
  int result = OM_REAL(cuMemcpyHtoDAsync_v2)(device, host, bytes, NULL);
  leave_context();
  return started(pin, result);
}

bool om_pin_copy_on_device_async(om_pin *pin, uintptr_t to, uintptr_t from, size_t bytes) {
  if (!om_pin_planned(pin) || OM_REAL_IF_LOADED(cuMemcpyDtoDAsync_v2) == NULL ||
      OM_REAL_IF_LOADED(cuStreamSynchronize) == NULL)
    return false;
  enter_context(pin);
  int result = OM_REAL(cuMemcpyDtoDAsync_v2)(to, from, bytes, NULL);
  leave_context();
  return started(pin, result);
}

void om_pin_wait(om_pin *pin) {
  if (!pin->in_flight)
    return;
  enter_context(pin);
  int result = OM_REAL(cuStreamSynchronize)(NULL);
  leave_context();
  pin->in_flight = false;
  if (result == 0)
    return;
  om_error("copying page-locked memory at %p to the device failed (CUDA error %d); the "
           "program's data can no longer be trusted",
           (void *)pin->begin, result);
  abort();
}

bool om_pin_in_one_piece(const om_pin *pin, uintptr_t low, uintptr_t high) {
  return pin->begin <= low && low < high && high <= pin->locked_end && high <= piece_end(pin, low);
}

uintptr_t om_pin_split(const om_pin *pin, uintptr_t low, uintptr_t high) {
  uintptr_t end;
  if (low < pin->begin || pin->locked_end <= low)
    end = low < pin->begin ? pin->begin : UINTPTR_MAX; /* outside: up to the locked pages */
  else
    end = piece_end(pin, low);
  return end < high && low < end ? end : high;
}

void om_unpin(om_pin *pin) {
  om_pin_wait(pin);
  if (om_pin_planned(pin) && pin->begin < pin->locked_end) {
    enter_context(pin);
    for (uintptr_t piece = pin->begin; piece < pin->locked_end; piece = piece_end(pin, piece))
      OM_REAL(cuMemHostUnregister)((void *)piece);
    leave_context();
  }
  *pin = (om_pin){0};
}
