/* ledger.h - the transfer ledger: bytes and copies each way, per variable
 * and source site; bytes elided (copies skipped) and why; time spent in
 * copies; and a bounded timeline of the first copies.
 *
 * The table has a fixed capacity and lives in static storage, so recording
 * never allocates: a malloc interposer that offloads cannot deadlock on the
 * ledger's lock. Sites beyond the capacity are added to one "other" row, and
 * the overflow is reported once. One mutex guards each ledger; it is the only
 * lock in the runtime, so there is no lock order to keep.
 */
#ifndef OWNMAP_RTL_LEDGER_H
#define OWNMAP_RTL_LEDGER_H

#include "srcloc.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#define OM_LEDGER_CAPACITY 512
#define OM_SITE_NAME_MAX 96  /* longer names are cut short */
#define OM_SITE_FILE_MAX 128
/* Devices 0..OM_LEDGER_DEVICES-1 get totals of their own; the copies of
 * higher-numbered devices are added up in one more slot. */
#define OM_LEDGER_DEVICES 64

/* What a row is keyed by: a variable (or argument) and where it was seen.
 * line 0 means the location has no line (e.g. "prog+0x1234"). */
typedef struct {
  char name[OM_SITE_NAME_MAX];
  char file[OM_SITE_FILE_MAX];
  unsigned line;
} om_site;

typedef struct {
  uint64_t bytes;
  uint64_t transfers;
} om_flow;

typedef enum { OM_TO_DEVICE, OM_FROM_DEVICE, OM_DIRECTION_COUNT } om_direction;

/* Why a copy was skipped. */
typedef enum {
  OM_ELIDED_UNCHANGED,          /* the destination already held these bytes */
  OM_ELIDED_RESTORED_ON_DEVICE, /* put back from a copy kept in device memory */
  OM_ELIDED_NOT_NEEDED,         /* nothing reads the copy before it is overwritten */
  OM_ELISION_REASON_COUNT
} om_elision_reason;

/* Copies skipped: how many, their bytes, and the bytes per reason. */
typedef struct {
  uint64_t bytes;
  uint64_t copies;
  uint64_t reason_bytes[OM_ELISION_REASON_COUNT];
} om_elided;

/* Everything counted for one site or one device, each way. Updated
 * atomically without the lock. */
typedef struct {
  om_flow flow[OM_DIRECTION_COUNT];
  om_elided elided[OM_DIRECTION_COUNT];
  uint64_t time_ns[OM_DIRECTION_COUNT]; /* time spent in the copies of flow */
} om_tally;

typedef struct {
  om_site site;
  om_flow flow[OM_DIRECTION_COUNT];
  om_elided elided[OM_DIRECTION_COUNT];
  uint64_t time_ns[OM_DIRECTION_COUNT];
} om_ledger_row;

/* One copy made or skipped. `row` names the variable and site (rows never
 * move); t_ns is relative to the ledger's epoch. */
typedef struct {
  const om_ledger_row *row;
  uint64_t t_ns;
  uint64_t duration_ns;
  uint64_t bytes;
  int32_t device;
  uint8_t direction; /* om_direction */
  uint8_t elided;
  uint8_t reason; /* om_elision_reason, when elided */
  atomic_bool ready; /* set last: a reader skips events still being written */
} om_timeline_event;

/* The timeline keeps the first OM_TIMELINE_CAPACITY events and counts the
 * rest. */
#define OM_TIMELINE_CAPACITY 4096

/* Open addressing with twice the slots the table may fill keeps probes
 * short. */
#define OM_LEDGER_SLOTS (2 * OM_LEDGER_CAPACITY)

/* One thread's counts of copies, in a ledger that counts per thread
 * (ledger_threads.h). */
typedef struct om_thread_counts om_thread_counts;

typedef struct {
  pthread_mutex_t lock;
  size_t used;
  om_ledger_row other; /* everything that did not fit */
  /* Per device, updated atomically without the lock. */
  om_flow device_totals[OM_LEDGER_DEVICES + 1][OM_DIRECTION_COUNT];
  om_elided device_elided[OM_LEDGER_DEVICES + 1][OM_DIRECTION_COUNT];
  uint64_t device_time_ns[OM_LEDGER_DEVICES + 1][OM_DIRECTION_COUNT];
  atomic_bool overflow_said;
  bool slot_used[OM_LEDGER_SLOTS];
  om_ledger_row slots[OM_LEDGER_SLOTS];
  /* Whether each thread counts the copies it makes in a block of its own
   * (OM_LEDGER_PER_THREAD_INIT); the blocks made, and those no thread
   * owns, under the lock (ledger_threads.c). */
  bool per_thread;
  om_thread_counts *thread_counts, *unowned_counts;
  /* om_now_ns() when the plugin started; timeline times are relative to it. */
  uint64_t epoch_ns;
  atomic_uint_fast64_t timeline_claimed; /* events recorded, kept or not */
  om_timeline_event timeline[OM_TIMELINE_CAPACITY];
} om_ledger;

#define OM_LEDGER_INIT {.lock = PTHREAD_MUTEX_INITIALIZER}
/* A ledger whose copies (om_ledger_count_copy) each thread counts in a
 * block of its own, without atomic read-modify-writes, which its readers
 * add up; for a ledger that lives as long as the program (a block's
 * thread gives it back at exit). */
#define OM_LEDGER_PER_THREAD_INIT {.lock = PTHREAD_MUTEX_INITIALIZER, .per_thread = true}

/* Builds a site key, cutting name and file to fit. */
void om_site_set(om_site *site, om_span name, om_span file, unsigned line);

void om_ledger_record(om_ledger *ledger, const om_site *site, om_direction direction,
                      uint64_t bytes);

/* The row of site (claimed if new, the overflow row when full). Rows never
 * move, so a caller may keep the pointer and add to it without the lock. */
om_ledger_row *om_ledger_row_of(om_ledger *ledger, const om_site *site);
/* Adds one copy of `bytes` to a row (atomically; no lock). */
void om_ledger_add(om_ledger_row *row, om_direction direction, uint64_t bytes);

/* Adds one copy of `bytes` made for device to `row` of `ledger` and to the
 * device's totals: in the calling thread's own counts where the ledger
 * counts per thread, else atomically; no lock once the thread counts. */
void om_ledger_count_copy(om_ledger *ledger, om_ledger_row *row, int device,
                          om_direction direction, uint64_t bytes);

/* The totals of device, or of all devices numbered OM_LEDGER_DEVICES and
 * above when device is OM_LEDGER_DEVICES. */
void om_ledger_device_totals(om_ledger *ledger, int device, om_flow out[OM_DIRECTION_COUNT]);

/* Adds one skipped copy of `bytes` to a row, under `reason` (atomically; no
 * lock). */
void om_ledger_add_elided(om_ledger_row *row, om_direction direction, uint64_t bytes,
                          om_elision_reason reason);
/* Adds one skipped copy of `bytes` to the totals of device. The device's
 * bytes per reason come from om_timeline_record, which has the reason. */
void om_ledger_add_elided_to_device(om_ledger *ledger, int device, om_direction direction,
                                    uint64_t bytes);
/* Adds time spent copying to a row (atomically; no lock). */
void om_ledger_add_time(om_ledger_row *row, om_direction direction, uint64_t nanoseconds);

/* Records one copy made (elided false) or skipped (elided true, for
 * `reason`) on the timeline, if it has room, else counts it as not kept.
 * Whether kept or not, it also adds the event's duration (and, when
 * elided, its bytes under reason) to the device's totals: the per-device
 * time and reasons come from here. start_ns is an om_now_ns() reading;
 * duration_ns 0 means not timed. Lock-free, never allocates. */
void om_timeline_record(om_ledger *ledger, const om_ledger_row *row, int device,
                        om_direction direction, uint64_t bytes, bool elided,
                        om_elision_reason reason, uint64_t start_ns, uint64_t duration_ns);

/* One copy made: om_ledger_count_copy, om_ledger_add_time and
 * om_timeline_record of it in one call. */
void om_ledger_record_copy(om_ledger *ledger, om_ledger_row *row, int device,
                           om_direction direction, uint64_t bytes, uint64_t start_ns,
                           uint64_t duration_ns);

/* Whether the timeline still keeps events. Once it is full it stays full
 * (events are only counted from then on; a forked child starts a new
 * one), so a caller that reads the clock only to stamp an event (a copy
 * that is not timed) may skip the read when this is false: the event's
 * time is never read. */
static inline bool om_timeline_has_room(const om_ledger *ledger) {
  return atomic_load_explicit(&ledger->timeline_claimed, memory_order_relaxed) <
         OM_TIMELINE_CAPACITY;
}

/* CLOCK_MONOTONIC in nanoseconds. */
uint64_t om_now_ns(void);

/* Starts the ledger's clock: timeline times are relative to this call. */
void om_ledger_set_epoch(om_ledger *ledger, uint64_t now_ns);

/* Everything counted for device (as om_ledger_device_totals picks it). */
void om_ledger_device_tally(om_ledger *ledger, int device, om_tally *out);

/* The kept timeline events (timeline[0, returned count), some possibly not
 * ready) and, in *not_kept, how many were recorded beyond them. */
size_t om_timeline_kept(om_ledger *ledger, uint64_t *not_kept);

/* The JSON name of an elision reason ("unchanged", "restored-on-device",
 * "not-needed"). */
const char *om_elision_reason_name(om_elision_reason reason);

/* Copies the rows (in no particular order) into rows[0, max) and returns how
 * many there are; *other receives the overflow row. */
size_t om_ledger_snapshot(om_ledger *ledger, om_ledger_row *rows, size_t max,
                          om_ledger_row *other);

/* pthread_atfork handlers: keep the lock consistent across fork(). The
 * child's handler also sets every count and the timeline back to zero, so
 * that a forked child reports its own copies, not its parent's. */
void om_ledger_fork_prepare(om_ledger *ledger);
void om_ledger_fork_parent(om_ledger *ledger);
void om_ledger_fork_child(om_ledger *ledger);

#endif
