/* call_memo.h - what a kernel call decided before it was forwarded,
 * remembered per thread and call site, so that the same call made again
 * against the same state skips the lookups that decided it (a time loop of
 * small target regions: issue 16).
 *
 * What is remembered (om_call_decisions, checks.h) is a pure function of
 *  - the call: its site (the region's location and the caller's address),
 *    the kernel, the device, nowait, and the contents of its begin, size,
 *    type and base pointer arrays; and
 *  - the state stamped (om_decision_stamp): the device's shadow (its
 *    generation and the absence epoch, shadow.h: every mapping created or
 *    removed, every absence learned or forgotten changes them, counts do
 *    not) and the allocation record (its generation, allocations.h: every
 *    block recorded or forgotten).
 * Only calls whose other steps need nothing remembered are memoised: a
 * kernel of at most OM_DECIDED_ENTRIES entries, none with a user-defined
 * mapper or PTR_AND_OBJ (their maps make the shadow forget), none that
 * transfer elision could take over (takeover.h: the plan then takes none,
 * and only gives back held sections near an entry, which the engine checks
 * under its lock every time, residency.h), while OWNMAP_CHECKS=full's
 * stale guards are off. Everything else (the engine's claim, the shadow's
 * counts, the probes of what the shadow cannot answer, the accounting) is
 * done for every call as before.
 *
 * Why a stale memo is never used. A stamp is read before the decisions it
 * stamps are made, and every change of the state stamped bumps its
 * generation after (or, under the shadow's lock, with) the change; so
 * decisions made during a change carry the older stamp and are not
 * recalled once the change is complete. A change that happened before a
 * call (in the order of the program's synchronisation) bumped the
 * generation before that, so the call reads the new stamp and decides
 * again. A call recalls only an equal stamp.
 *
 * A call's own maps: a kernel that maps an absent section creates a
 * mapping and removes it when it returns, two bumps of the shadow's
 * generation that leave the shadow as it was. When the stamp after the
 * call differs from the one before by exactly the call's own creations
 * and removals, of the same entries, and nothing else changed, the memo
 * is stamped anew (om_call_memo_restamp): the next call at the site finds
 * the same shadow.
 *
 * Concurrency: the memo is the calling thread's own (thread-local, read and
 * written only by that thread, never under a lock); the stamps are atomic
 * generations that the owners of the state bump (shadow: under the
 * device's lock; allocation record and absence epoch: atomic adds). */
#ifndef OWNMAP_PLUGIN_CALL_MEMO_H
#define OWNMAP_PLUGIN_CALL_MEMO_H

#include "checks.h"

#include <stdbool.h>
#include <stdint.h>

/* The state the decisions depend on, as of one moment. */
typedef struct {
  uint64_t shadow_generation, absence_epoch, allocations;
} om_decision_stamp;

om_decision_stamp om_decision_stamp_now(int device);

/* What identifies a kernel call beyond its entries. */
typedef struct {
  const void *psource; /* the region's location (ident psource), may be NULL */
  const void *return_address;
  const void *host_ptr; /* the kernel */
  bool nowait;
} om_call_site;

typedef struct om_call_memo om_call_memo;

/* The thread's memo slot for calls from the site (it may remember another
 * call, or none). */
om_call_memo *om_call_memo_slot(const om_call_site *site);

/* Whether the call is one that is memoised (above). */
bool om_call_memo_wanted(const om_checked_call *call, const om_call_site *site);

/* The decisions the slot remembers for this very call, if stamped `now`. */
bool om_call_memo_recall(const om_call_memo *memo, const om_checked_call *call,
                         const om_call_site *site, const om_decision_stamp *now,
                         om_call_decisions *decisions);

/* Remembers the call's decisions (a call om_call_memo_wanted), made
 * against the state stamped `stamp`. */
void om_call_memo_store(om_call_memo *memo, const om_checked_call *call,
                        const om_call_site *site, const om_decision_stamp *stamp,
                        const om_call_decisions *decisions);

/* The call, recalled or stored with `before`, has returned: its maps
 * created the mappings `created` and its unmaps removed `removed` (bit i:
 * entry i). Stamps the memo `after` when that is all that changed. */
void om_call_memo_restamp(om_call_memo *memo, const om_decision_stamp *before,
                          const om_decision_stamp *after, uint32_t created, uint32_t removed);

#endif
