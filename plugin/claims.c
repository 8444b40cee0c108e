/* claims.c - the offload calls in flight that map through the runtime
 * (claims.h). */
#include "claims.h"

#include "offload_abi.h"

bool om_entry_claims(const om_map_entries *entries, const om_presence *taken, int32_t i) {
  if (entries->begins[i] == NULL || entries->sizes[i] <= 0 ||
      (entries->types[i] & OM_MAP_LITERAL))
    return false;
  return taken == NULL || i >= OM_PRESENCE_MAX || !om_presence_bit(taken, i);
}

void om_claims_add(om_claims *claims, om_claim *claim) {
  claim->previous = NULL;
  claim->next = claims->first;
  if (claims->first != NULL)
    claims->first->previous = claim;
  claims->first = claim;
}

void om_claims_remove(om_claims *claims, om_claim *claim) {
  if (claim->previous != NULL)
    claim->previous->next = claim->next;
  else
    claims->first = claim->next;
  if (claim->next != NULL)
    claim->next->previous = claim->previous;
  claim->previous = claim->next = NULL;
}

static bool claim_touches(const om_claim *claim, uintptr_t begin, uintptr_t end) {
  const om_map_entries *entries = claim->entries;
  for (int32_t i = 0; i < entries->count; i++) {
    if (!om_entry_claims(entries, claim->taken, i))
      continue;
    uintptr_t low = (uintptr_t)entries->begins[i], high = low + (uintptr_t)entries->sizes[i];
    if (low < end && begin < high)
      return true;
  }
  return false;
}

bool om_claims_touch(const om_claims *claims, uintptr_t begin, uintptr_t end) {
  for (const om_claim *claim = claims->first; claim != NULL; claim = claim->next)
    if (claim_touches(claim, begin, end))
      return true;
  return false;
}
