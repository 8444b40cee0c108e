/* accounting.h - which map entries of an offload call really copied data,
 * and under which site they are recorded.
 *
 * Whether a copy happens is decided from presence on the device before and
 * after the call (omp_target_is_present), following libomptarget's rules:
 *  - begin/kernel entries with TO copy host->device iff ALWAYS or the section
 *    was not present before the call;
 *  - end entries with FROM copy device->host iff present before and ALWAYS or
 *    no longer present after; kernel entries with FROM iff ALWAYS or not
 *    present after the call;
 *  - update entries copy (TO and/or FROM) iff present.
 * PRIVATE, LITERAL, zero-size and NULL entries move nothing the program
 * mapped; entries with a user-defined mapper are not counted.
 *
 * Approximations: presence is a property of the whole device, so another
 * host thread mapping the same data at the same moment can shift a count
 * between the two; with nowait, the deferred end of a region may not have
 * happened yet when the call returns, so its device->host copy is counted
 * only if the runtime finished it before returning.
 */
#ifndef OWNMAP_PLUGIN_ACCOUNTING_H
#define OWNMAP_PLUGIN_ACCOUNTING_H

#include "ledger.h"

#include <stdbool.h>
#include <stdint.h>

typedef enum {
  OM_CALL_DATA_BEGIN,
  OM_CALL_DATA_END,
  OM_CALL_DATA_UPDATE,
  OM_CALL_KERNEL,
} om_call_kind;

/* The map arrays of one call; names and mappers may be NULL. */
typedef struct {
  int32_t count;
  void **begins;
  int64_t *sizes;
  int64_t *types;
  void **names;
  void **mappers;
} om_map_entries;

/* Where the call came from, for entries without a map name. */
typedef struct {
  const char *psource; /* ident_t psource, may be NULL */
  const void *return_address;
} om_call_origin;

/* Presence of each counted entry; entries past OM_PRESENCE_MAX are not
 * counted (said once when verbose). */
#define OM_PRESENCE_MAX 1024
typedef struct {
  uint64_t bits[OM_PRESENCE_MAX / 64];
} om_presence;

typedef int (*om_is_present_fn)(const void *ptr, int device);

/* Whether entry i's copies are counted: not PRIVATE, LITERAL, empty, NULL,
 * with a user-defined mapper or past OM_PRESENCE_MAX (the others move
 * nothing the program mapped, or are beyond what the plugin understands). */
bool om_entry_counted(const om_map_entries *entries, int32_t i);

/* Bit (1 << OM_TO_DEVICE) and/or (1 << OM_FROM_DEVICE): the copies one entry
 * of map type `type` makes in a call of `kind`. */
unsigned om_entry_copies(om_call_kind kind, int64_t type, bool present_before,
                         bool present_after);

void om_probe_presence(const om_map_entries *entries, int device,
                       om_is_present_fn is_present, om_presence *out);

/* Like om_probe_presence, but entries in `known` take their presence from
 * `shadow_presence` instead of a probe. */
void om_probe_presence_unknown(const om_map_entries *entries, int device,
                               om_is_present_fn is_present, const om_presence *known,
                               const om_presence *shadow_presence, om_presence *out);

static inline bool om_presence_bit(const om_presence *presence, int32_t i) {
  return (presence->bits[i / 64] >> (i % 64)) & 1;
}

static inline void om_presence_set(om_presence *presence, int32_t i, bool on) {
  uint64_t bit = UINT64_C(1) << (i % 64);
  presence->bits[i / 64] = on ? presence->bits[i / 64] | bit : presence->bits[i / 64] & ~bit;
}

/* The ledger key of entry i: its map name, else the region's location and
 * the argument index, else the caller's address (module+offset). */
void om_entry_site(const om_map_entries *entries, int32_t i, const om_call_origin *origin,
                   om_site *site);

/* The ledger row of entry i (keyed as om_entry_site says). Rows are cached
 * per thread by ledger address and the strings and addresses the site
 * comes from, so a ledger must stay alive (and not be reinitialised) while
 * threads that use it run. */
om_ledger_row *om_entry_row(om_ledger *ledger, const om_map_entries *entries, int32_t i,
                            const om_call_origin *origin);

/* A library is being unloaded: its strings' and code's addresses may come
 * back with another library's, so no cached row is used again. */
void om_entry_rows_forget(void);

/* Records in ledger every copy the call made, under its site and in the
 * totals of device, and puts each on the timeline. The call ran for
 * duration_ns from start_ns (om_now_ns()): a data call's copies share that
 * time in proportion to their bytes, one after the other from start_ns (an
 * approximation: the call also looks up and allocates, and the runtime may
 * copy in another order); a kernel call's copies are not timed (its
 * duration includes the kernel): they add no time and have duration 0 on
 * the timeline, at the call's start (to the device) or end (back).
 * Entries in `skipped` (may be NULL) are not recorded: the runtime did not
 * see them (transfer elision served them, and counts its own copies). */
void om_account_call(om_ledger *ledger, om_call_kind kind, int device,
                     const om_map_entries *entries,
                     const om_presence *before, const om_presence *after,
                     const om_presence *skipped, const om_call_origin *origin,
                     uint64_t start_ns, uint64_t duration_ns);

/* om_account_call for a kernel whose copies are known, bit i for entry i
 * (counted entries among the first 32): those to the device happened at
 * start_ns, those back at end_ns. */
void om_account_kernel_copies(om_ledger *ledger, int device, const om_map_entries *entries,
                              uint32_t to_device, uint32_t from_device,
                              const om_call_origin *origin, uint64_t start_ns, uint64_t end_ns);

#endif
