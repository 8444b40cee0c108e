/* shadow.h - a shadow of libomptarget's mapping table, per device.
 *
 * Each device has a sorted array of disjoint half-open host ranges
 * [begin, end) with the reference counts the runtime keeps for them: a
 * dynamic count (map clauses, enter/exit data) and a hold count (ompx_hold),
 * or an infinite count (omp_target_associate_ptr). Lookups are binary
 * searches. The rules follow LLVM 19's runtime:
 *  - a section contained in a mapping reuses it (count + 1); an implicit
 *    section that overlaps one also reuses it; an explicit section that
 *    overlaps one without being contained is a conflict and changes nothing;
 *  - a zero-length section creates nothing, but counts on a mapping that
 *    contains its address;
 *  - an unmap counts down the mapping that contains its section; an
 *    implicit one also the mapping its section overlaps (the one an implicit
 *    map reused), as the runtime does at the end of a kernel;
 *  - release decrements, delete zeroes the dynamic count; a mapping goes
 *    when both counts are zero;
 *  - of the counts, those a kernel holds while it runs are also counted as
 *    in flight, so that what is left at exit can tell a leak from a
 *    construct another thread is still inside.
 * Besides the mappings, each device keeps a few host addresses known to be
 * absent from the runtime's table (learned absence): addresses a presence
 * probe found absent, where no mapping can appear behind the shadow's back
 * unless a mapping the shadow does not follow is made, which the caller
 * reports (om_shadow_forget_absent*). A section whose start is known absent
 * and held by no mapping needs no probe.
 * Storage comes from mmap, never malloc: the plugin interposes malloc and
 * free, and free looks the shadow up. One lock per device (lock.h); no other
 * lock is taken while it is held.
 */
#ifndef OWNMAP_RTL_SHADOW_H
#define OWNMAP_RTL_SHADOW_H

#include "lock.h"

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Devices beyond this are not shadowed (nothing is checked there). */
#define OM_SHADOW_DEVICES 64

/* Where a mapping was created: the map name (";NAME;FILE;LINE;COL;;" or
 * NULL), the region's psource and the caller's address. They point to
 * static strings and code of the program or of a library; before a library
 * is unloaded, the plugin replaces those that point into it with copies of
 * its own, and names the caller in `caller` ("MODULE+OFFSET"), as its
 * address can no longer be looked up (NULL until then). */
typedef struct {
  const char *map_name;
  const char *psource;
  const void *return_address;
  const char *caller;
} om_map_origin;

typedef struct {
  uintptr_t begin, end;
  uint32_t dynamic_count;
  uint32_t hold_count;
  /* Of these counts, the ones held by constructs still running (a
   * kernel's own maps, until it returns): at exit they are no leak. */
  uint32_t in_flight_count;
  bool infinite; /* associated by the program: never released by maps */
  int creator;   /* the thread whose call created it (om_map_request.thread) */
  om_map_origin origin;
} om_mapping;

/* Learned absences kept per device (a power of two), indexed by address. */
#define OM_SHADOW_ABSENT_SLOTS 64

typedef struct {
  uintptr_t begin; /* 0: empty */
  uint64_t epoch;  /* om_shadow.absence_epoch when learned */
} om_absent_slot;

typedef struct {
  /* What every map and unmap reads or writes, in the struct's first cache
   * line: after the runtime's own work (the CUDA driver's, on a GPU) few
   * of the plugin's lines are still cached, and a region of a time loop
   * maps and unmaps here once each. */
  om_lock lock;
  om_mapping *mappings; /* sorted by begin, disjoint */
  size_t count;
  /* Bumped under the lock by every change of what om_shadow_lookup may
   * answer for the device: a mapping created or removed, an absence learned
   * or forgotten (not by a change of counts). Read without the lock. */
  _Atomic uint64_t generation;
  size_t capacity;
  /* [low, high) spans every mapping of the device, empty (low > high) when
   * it has none; read without the lock so that lookups of unmapped memory
   * (every free) take no lock. */
  _Atomic uintptr_t low, high;
  om_absent_slot absent[OM_SHADOW_ABSENT_SLOTS];
  _Atomic uint64_t absent_forgets; /* counts om_shadow_forget_absent_range */
} __attribute__((aligned(64))) om_device_shadow;

typedef struct {
  om_device_shadow devices[OM_SHADOW_DEVICES];
  /* Bit d: device d has had a mapping. Never cleared (its span is empty
   * when it has none): a time loop that maps and unmaps its only array
   * would otherwise pay two atomic read-modify-writes per region here. */
  _Atomic uint64_t used_devices;
  _Atomic uint64_t absence_epoch; /* a new epoch forgets every learned absence */
} om_shadow;

void om_shadow_init(om_shadow *shadow);

typedef enum {
  OM_MAP_CREATED,   /* a new mapping */
  OM_MAP_REUSED,    /* counted on an existing mapping */
  OM_MAP_UNTRACKED, /* zero length and not inside a mapping; or device not shadowed */
  OM_MAP_CONFLICT,  /* explicit overlap without containment: nothing changed */
  OM_MAP_NO_ROOM,   /* out of memory for the table: nothing changed */
} om_map_outcome;

typedef struct {
  bool implicit;     /* IMPLICIT map type: may extend an existing mapping */
  bool hold;         /* ompx_hold: counts on the hold count */
  bool update_count; /* false for struct members (MEMBER_OF) */
  bool in_flight;    /* a kernel's map: counted down again when it returns */
  int thread;        /* the calling thread's id, kept by a mapping it creates */
} om_map_request;

/* Maps [begin, begin + size) on device; on a conflict, *conflicting
 * receives the mapping in conflict (it is not written otherwise). */
om_map_outcome om_shadow_map(om_shadow *shadow, int device, uintptr_t begin, size_t size,
                             om_map_request request, const om_map_origin *origin,
                             om_mapping *conflicting);

typedef enum {
  OM_UNMAP_ABSENT,  /* no mapping contains the section */
  OM_UNMAP_KEPT,    /* counted down, still mapped */
  OM_UNMAP_REMOVED, /* counted down to zero and removed */
} om_unmap_outcome;

typedef struct {
  bool implicit;     /* IMPLICIT map type: may count down an overlapping mapping */
  bool hold;         /* ompx_hold */
  bool delete_all;   /* DELETE map type: the dynamic count drops to zero */
  bool update_count; /* false for struct members */
  bool in_flight;    /* the end of a kernel's map (om_map_request.in_flight) */
} om_unmap_request;

om_unmap_outcome om_shadow_unmap(om_shadow *shadow, int device, uintptr_t begin, size_t size,
                                 om_unmap_request request);

/* True if one mapping of device contains [begin, begin + size). */
bool om_shadow_contains(om_shadow *shadow, int device, uintptr_t begin, size_t size);

/* The mapping of device that the runtime looks [begin, begin + size) up
 * in: the lowest one it overlaps (for an empty section, the one containing
 * begin); false if none. */
bool om_shadow_mapping_of(om_shadow *shadow, int device, uintptr_t begin, size_t size,
                          om_mapping *found);

/* Removes the mapping of device that starts at begin, whatever its counts:
 * the runtime was found not to have it. False if there is none. */
bool om_shadow_drop(om_shadow *shadow, int device, uintptr_t begin);

typedef enum {
  OM_SHADOW_PRESENT, /* one mapping contains the section */
  OM_SHADOW_ABSENT,  /* no mapping holds its start, which is known absent */
  OM_SHADOW_UNKNOWN, /* ask the runtime */
} om_shadow_presence;

/* What the shadow knows of the presence of [begin, begin + size) on
 * device, as omp_target_is_present(begin) would answer it. */
om_shadow_presence om_shadow_lookup(om_shadow *shadow, int device, uintptr_t begin,
                                    size_t size);

/* Taken before a presence probe, so that what the probe found is learned
 * only if no forget happened since. */
typedef struct {
  uint64_t epoch, forgets;
} om_absence_ticket;

om_absence_ticket om_shadow_absence_ticket(om_shadow *shadow, int device);

/* A probe (after ticket was taken) found begin absent on device. */
void om_shadow_learn_absent(om_shadow *shadow, int device, uintptr_t begin,
                            om_absence_ticket ticket);

/* A mapping the shadow does not follow may now hold [begin, end) on
 * device: forget the learned absences in it. */
void om_shadow_forget_absent_range(om_shadow *shadow, int device, uintptr_t begin,
                                   uintptr_t end);

/* ... may now hold anything, on any device: forget every learned absence
 * (lock-free). */
void om_shadow_forget_absent_all(om_shadow *shadow);

/* omp_target_associate_ptr: an infinite mapping; false on a conflict or
 * when out of room. disassociate removes it again (false if there is none). */
bool om_shadow_associate(om_shadow *shadow, int device, uintptr_t begin, size_t size,
                         const om_map_origin *origin);
bool om_shadow_disassociate(om_shadow *shadow, int device, uintptr_t begin);

/* What om_shadow_lookup answers on a device is the same as long as both
 * of these are: its generation and the absence epoch. */
typedef struct {
  uint64_t generation, absence_epoch;
} om_shadow_stamp;

/* The stamp now (lock-free). Taken before asking the shadow, so that an
 * answer given during a change is stamped older than the change. */
static inline om_shadow_stamp om_shadow_stamp_of(om_shadow *shadow, int device) {
  om_shadow_stamp stamp = {0, atomic_load_explicit(&shadow->absence_epoch, memory_order_acquire)};
  if (device >= 0 && device < OM_SHADOW_DEVICES)
    stamp.generation =
        atomic_load_explicit(&shadow->devices[device].generation, memory_order_acquire);
  return stamp;
}

/* Whether a mapping of device may overlap [begin, end), from its published
 * span alone (lock-free). */
static inline bool om_device_span_may_overlap(const om_device_shadow *dev, uintptr_t begin,
                                              uintptr_t end) {
  uintptr_t low = atomic_load_explicit(&dev->low, memory_order_relaxed);
  uintptr_t high = atomic_load_explicit(&dev->high, memory_order_relaxed);
  return begin < high && (end > low || (begin == end && begin >= low));
}

/* False when no mapping of any device can overlap [begin, end): a free of
 * that block needs no check (lock-free, two loads per device used). */
static inline bool om_shadow_may_overlap(om_shadow *shadow, uintptr_t begin, uintptr_t end) {
  uint64_t used = atomic_load_explicit(&shadow->used_devices, memory_order_acquire);
  for (; used != 0; used &= used - 1)
    if (om_device_span_may_overlap(&shadow->devices[__builtin_ctzll(used)], begin, end))
      return true;
  return false;
}

/* The first mapping (lowest device, then lowest address) that overlaps
 * [begin, end) on any device; false if none. */
bool om_shadow_find_overlap(om_shadow *shadow, uintptr_t begin, uintptr_t end, int *device,
                            om_mapping *found);

/* Calls visit for each mapping of each device, lowest device and address
 * first, with that device's lock held: visit must not use the shadow. */
void om_shadow_for_each(om_shadow *shadow,
                        void (*visit)(int device, const om_mapping *mapping, void *context),
                        void *context);

/* Calls rewrite on the origin of each mapping of each device, with that
 * device's lock held: rewrite must not use the shadow. */
void om_shadow_rewrite_origins(om_shadow *shadow,
                               void (*rewrite)(om_map_origin *origin, void *context),
                               void *context);

/* pthread_atfork handlers. Lock order in prepare: device 0 upwards. */
void om_shadow_fork_prepare(om_shadow *shadow);
void om_shadow_fork_parent(om_shadow *shadow);
void om_shadow_fork_child(om_shadow *shadow);

#endif
