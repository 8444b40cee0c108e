/* self_time.c - OWNMAP_SELF_TIME: the plugin's own time per offload call. */
#include "self_time.h"

#include "hot_path.h"
#include "message.h"
#include "real.h"
#include "state.h"

#include <stdatomic.h>
#include <stdlib.h>

bool om_self_timing;

/* Per thread: the call in flight. */
static _Thread_local struct {
  uint64_t hook_before; /* ticks spent before forwarding */
  uint64_t forwarded_at;
  uint64_t parts[OM_SELF_TIME_PARTS];
} in_flight __attribute__((tls_model("initial-exec")));

/* Totals over all threads. */
static atomic_uint_fast64_t calls, hook_ticks, hook_before_ticks, runtime_ticks, heap_calls;
static atomic_uint_fast64_t part_ticks[OM_SELF_TIME_PARTS];

/* The clock at configuration, to convert ticks into nanoseconds at exit. */
static uint64_t start_ticks;
static struct timespec start_time;

static double seconds_since(const struct timespec *then) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (double)(now.tv_sec - then->tv_sec) + (double)(now.tv_nsec - then->tv_nsec) * 1e-9;
}

/* Ticks per nanosecond, from the run so far (at least 10 ms of it). */
static double ticks_per_ns(void) {
  double seconds;
  while ((seconds = seconds_since(&start_time)) < 0.01)
    ;
  return (double)(om_self_time_ticks() - start_ticks) / (seconds * 1e9);
}

/* ---- the malloc wrappers' cost inside an offload call ---- */

enum { CALIBRATION_PAIRS = 20000, CALIBRATION_TRIALS = 7 };

/* Ticks for CALIBRATION_PAIRS malloc/free pairs through allocate and release. */
static uint64_t time_pairs(void *(*allocate)(size_t), void (*release)(void *)) {
  uint64_t start = om_self_time_ticks();
  for (int i = 0; i < CALIBRATION_PAIRS; i++)
    release(allocate(64));
  return om_self_time_ticks() - start;
}

/* The ticks one malloc-family call of the runtime during an offload call
 * costs more through the wrappers (heap.c) than through the real
 * functions, measured now on this thread. */
static double heap_wrapper_ticks(void) {
  /* Called through volatile pointers, so that the compiler cannot pair and
   * drop the calls; `malloc` and `free` are the plugin's wrappers. */
  void *(*volatile wrapped_malloc)(size_t) = malloc;
  void (*volatile wrapped_free)(void *) = free;
  void *(*volatile real_malloc)(size_t) = OM_REAL(malloc);
  void (*volatile real_free)(void *) = OM_REAL(free);
  om_runtime_entry entry = om_runtime_enter(); /* the path the runtime's calls take */
  uint64_t wrapped = UINT64_MAX, direct = UINT64_MAX;
  for (int trial = 0; trial < CALIBRATION_TRIALS; trial++) {
    uint64_t w = time_pairs(wrapped_malloc, wrapped_free);
    uint64_t d = time_pairs(real_malloc, real_free);
    wrapped = w < wrapped ? w : wrapped;
    direct = d < direct ? d : direct;
  }
  om_runtime_leave(entry);
  double extra = (double)wrapped - (double)direct;
  return extra > 0 ? extra / (2.0 * CALIBRATION_PAIRS) : 0;
}

static void print_self_time(void) {
  uint64_t n = atomic_load(&calls);
  if (n == 0) {
    om_message("self-time: no offload call was observed");
    return;
  }
  double per_ns = ticks_per_ns();
  double wrapper_ns = heap_wrapper_ticks() / per_ns;
  double heap_per_call = (double)atomic_load(&heap_calls) / (double)n;
  double hooks_us = (double)atomic_load(&hook_ticks) / (double)n / per_ns * 1e-3;
  double before_us = (double)atomic_load(&hook_before_ticks) / (double)n / per_ns * 1e-3;
  double part_us[OM_SELF_TIME_PARTS];
  for (int part = 0; part < OM_SELF_TIME_PARTS; part++)
    part_us[part] = (double)atomic_load(&part_ticks[part]) / (double)n / per_ns * 1e-3;
  double after_us = hooks_us - before_us;
  double wrappers_us = heap_per_call * wrapper_ns * 1e-3;
  double runtime_us = (double)atomic_load(&runtime_ticks) / (double)n / per_ns * 1e-3 - wrappers_us;
  om_message("self-time: %llu offload calls; plugin code per call %.3f us = hooks %.3f us + "
             "malloc-family wrappers %.3f us (%.1f calls at %.1f ns); runtime per call %.3f us; "
             "hooks before forwarding %.3f us, after the return %.3f us; parts: enter %.3f, "
             "decide %.3f, prepare %.3f | unmap %.3f, account %.3f, finish %.3f us",
             (unsigned long long)n, hooks_us + wrappers_us, hooks_us, wrappers_us, heap_per_call,
             wrapper_ns, runtime_us, before_us, after_us, part_us[OM_PART_ENTER],
             part_us[OM_PART_DECIDE], before_us - part_us[OM_PART_ENTER] - part_us[OM_PART_DECIDE],
             part_us[OM_PART_UNMAP], part_us[OM_PART_ACCOUNT],
             after_us - part_us[OM_PART_UNMAP] - part_us[OM_PART_ACCOUNT]);
}

void om_self_time_configure(bool on) {
  if (!on)
    return;
  clock_gettime(CLOCK_MONOTONIC, &start_time);
  start_ticks = om_self_time_ticks();
  if (atexit(print_self_time) != 0) {
    om_warning("cannot register the self-time report at exit; OWNMAP_SELF_TIME is ignored");
    return;
  }
  om_self_timing = true;
}

OM_HOT void om_self_time_add_part(om_self_time_part part, uint64_t *since) {
  uint64_t now = om_self_time_ticks();
  in_flight.parts[part] += now - *since;
  *since = now;
}

OM_HOT void om_self_time_forwarding(uint64_t entered) {
  if (!om_self_timing)
    return;
  uint64_t now = om_self_time_ticks();
  in_flight.hook_before = now - entered;
  in_flight.forwarded_at = now;
  om_runtime_count_heap_calls();
}

OM_HOT void om_self_time_returned(uint64_t returned) {
  if (!om_self_timing)
    return;
  uint64_t now = om_self_time_ticks();
  atomic_fetch_add_explicit(&calls, 1, memory_order_relaxed);
  atomic_fetch_add_explicit(&hook_ticks, in_flight.hook_before + (now - returned),
                            memory_order_relaxed);
  atomic_fetch_add_explicit(&hook_before_ticks, in_flight.hook_before, memory_order_relaxed);
  for (int part = 0; part < OM_SELF_TIME_PARTS; part++) {
    if (in_flight.parts[part] != 0)
      atomic_fetch_add_explicit(&part_ticks[part], in_flight.parts[part], memory_order_relaxed);
    in_flight.parts[part] = 0;
  }
  atomic_fetch_add_explicit(&runtime_ticks, returned - in_flight.forwarded_at,
                            memory_order_relaxed);
  atomic_fetch_add_explicit(&heap_calls, om_runtime_heap_calls(), memory_order_relaxed);
}
