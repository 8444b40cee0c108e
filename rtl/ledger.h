/* ledger.h - the transfer ledger: bytes and copies each way, per variable
 * and source site.
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

typedef struct {
  om_site site;
  om_flow flow[OM_DIRECTION_COUNT];
} om_ledger_row;

typedef struct {
  pthread_mutex_t lock;
  size_t used;
  om_ledger_row other; /* everything that did not fit */
  /* Per device, updated atomically without the lock. */
  om_flow device_totals[OM_LEDGER_DEVICES + 1][OM_DIRECTION_COUNT];
  atomic_bool overflow_said;
  /* Open addressing with twice the slots it may fill keeps probes short. */
  bool slot_used[2 * OM_LEDGER_CAPACITY];
  om_ledger_row slots[2 * OM_LEDGER_CAPACITY];
} om_ledger;

#define OM_LEDGER_INIT {.lock = PTHREAD_MUTEX_INITIALIZER}

/* Builds a site key, cutting name and file to fit. */
void om_site_set(om_site *site, om_span name, om_span file, unsigned line);

void om_ledger_record(om_ledger *ledger, const om_site *site, om_direction direction,
                      uint64_t bytes);

/* The row of site (claimed if new, the overflow row when full). Rows never
 * move, so a caller may keep the pointer and add to it without the lock. */
om_ledger_row *om_ledger_row_of(om_ledger *ledger, const om_site *site);
/* Adds one copy of `bytes` to a row (atomically; no lock). */
void om_ledger_add(om_ledger_row *row, om_direction direction, uint64_t bytes);

/* Adds one copy of `bytes` to the totals of device (atomically; no lock). */
void om_ledger_add_to_device(om_ledger *ledger, int device, om_direction direction,
                             uint64_t bytes);

/* The totals of device, or of all devices numbered OM_LEDGER_DEVICES and
 * above when device is OM_LEDGER_DEVICES. */
void om_ledger_device_totals(om_ledger *ledger, int device, om_flow out[OM_DIRECTION_COUNT]);

/* Copies the rows (in no particular order) into rows[0, max) and returns how
 * many there are; *other receives the overflow row. */
size_t om_ledger_snapshot(om_ledger *ledger, om_ledger_row *rows, size_t max,
                          om_ledger_row *other);

/* pthread_atfork handlers: keep the lock consistent across fork(). */
void om_ledger_fork_prepare(om_ledger *ledger);
void om_ledger_fork_parent(om_ledger *ledger);
void om_ledger_fork_child(om_ledger *ledger);

#endif
