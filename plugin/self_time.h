/* self_time.h - the plugin times its own code per offload call
 * (OWNMAP_SELF_TIME=1), so that its cost can be told apart from the
 * runtime's on a device where the runtime's own time varies by more than
 * the plugin adds.
 *
 * Each observed offload call reads the clock four times: on entering the
 * hook, just before forwarding, when the runtime returns, and on leaving.
 * The plugin's share is the time before forwarding plus the time after the
 * return. The malloc-family calls the runtime makes inside the forwarded
 * part are counted, not timed (two clock reads would cost more than the
 * wrapper's few instructions; state.h keeps the count); at exit the
 * wrapper's cost per call is measured and multiplied by the count. The
 * means per offload call are printed at exit, with the hooks' time split
 * into parts (om_self_time_part; one more clock read per part). The
 * clock is the time stamp counter on x86-64, converted to time by
 * comparing it with CLOCK_MONOTONIC over the run; elsewhere
 * CLOCK_MONOTONIC itself. Off, a
 * stamp is one predictable branch.
 */
#ifndef OWNMAP_PLUGIN_SELF_TIME_H
#define OWNMAP_PLUGIN_SELF_TIME_H

#include <stdbool.h>
#include <stdint.h>
#include <time.h>
#if defined(__x86_64__)
#include <x86intrin.h>
#endif

/* Set once at initialisation. */
extern bool om_self_timing;

static inline uint64_t om_self_time_ticks(void) {
#if defined(__x86_64__)
  return __rdtsc();
#else
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
#endif
}

/* A clock reading when self-timing, else 0. */
static inline uint64_t om_self_time_stamp(void) {
  return om_self_timing ? om_self_time_ticks() : 0;
}

/* The parts of a hook that are timed apart (om_self_time_mark): before
 * forwarding, finding the device and entering the runtime's state, then
 * deciding (memo or full decisions, the shadow's maps, the plan); after
 * the return, the shadow's unmaps and presence after the call, then the
 * accounting of copies. What is left of each side is its last part. */
typedef enum {
  OM_PART_ENTER,
  OM_PART_DECIDE,
  OM_PART_UNMAP,
  OM_PART_ACCOUNT,
  OM_SELF_TIME_PARTS
} om_self_time_part;

void om_self_time_add_part(om_self_time_part part, uint64_t *since);

/* Adds the ticks from *since to now to `part` of the call in flight and
 * moves *since to now; nothing when self-timing is off. */
static inline void om_self_time_mark(om_self_time_part part, uint64_t *since) {
  if (om_self_timing)
    om_self_time_add_part(part, since);
}

/* Turns self-timing on (prints the means at exit) or leaves it off. */
void om_self_time_configure(bool on);

/* An observed call is about to be forwarded; its hook began at `entered`
 * (a stamp). Starts counting the runtime's malloc-family calls. */
void om_self_time_forwarding(uint64_t entered);

/* The observed call's hook ends now; the runtime returned at `returned`. */
void om_self_time_returned(uint64_t returned);

#endif
