/* claims.h - the offload calls in flight whose entries the runtime maps
 * itself: every entry of a data call, and the entries of a kernel that
 * transfer elision does not take over. While such a call runs the engine
 * holds no heap block that one of its entries touches (residency.h): the
 * runtime would find the engine's device copy present and use it as it is,
 * perhaps before the engine has made it current.
 * (A kernel that touches no block the engine could hold enters none:
 * engine.h.)
 *
 * A claim lives in the call's own frame and is linked into the engine's
 * list; every function here runs under the engine lock. */
#ifndef OWNMAP_PLUGIN_CLAIMS_H
#define OWNMAP_PLUGIN_CLAIMS_H

#include "accounting.h"

#include <stdbool.h>
#include <stdint.h>

typedef struct om_claim {
  const om_map_entries *entries;
  const om_presence *taken; /* entries the engine serves (not claimed); NULL: none */
  struct om_claim *previous, *next;
} om_claim;

typedef struct {
  om_claim *first;
} om_claims;

/* Whether entry i maps host memory through the runtime (so claims it),
 * given the entries the engine serves (taken may be NULL). */
bool om_entry_claims(const om_map_entries *entries, const om_presence *taken, int32_t i);

void om_claims_add(om_claims *claims, om_claim *claim);
void om_claims_remove(om_claims *claims, om_claim *claim);

/* Whether a claimed entry of any call in the list touches [begin, end). */
bool om_claims_touch(const om_claims *claims, uintptr_t begin, uintptr_t end);

#endif
