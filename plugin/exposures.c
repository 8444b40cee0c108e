/* exposures.c - host memory exposed to transports (exposures.h). */
#include "exposures.h"

bool om_exposures_add(om_exposures *exposures, uintptr_t begin, uintptr_t end, uintptr_t key,
                      bool write) {
  size_t used = atomic_load_explicit(&exposures->used, memory_order_relaxed);
  if (used == OM_EXPOSURE_SLOTS)
    return false;
  exposures->slots[used] = (om_exposure){begin, end, key, write};
  atomic_store_explicit(&exposures->used, used + 1, memory_order_relaxed);
  return true;
}

void om_exposures_rekey(om_exposures *exposures, uintptr_t from, uintptr_t to) {
  size_t used = atomic_load_explicit(&exposures->used, memory_order_relaxed);
  for (size_t i = 0; i < used; i++)
    if (exposures->slots[i].key == from)
      exposures->slots[i].key = to;
}

void om_exposures_remove(om_exposures *exposures, uintptr_t key) {
  size_t used = atomic_load_explicit(&exposures->used, memory_order_relaxed);
  for (size_t i = 0; i < used;)
    if (exposures->slots[i].key == key)
      exposures->slots[i] = exposures->slots[--used]; /* the last one moves here */
    else
      i++;
  atomic_store_explicit(&exposures->used, used, memory_order_relaxed);
}

bool om_exposures_meet(const om_exposures *exposures, uintptr_t begin, uintptr_t end,
                       bool writes_only) {
  size_t used = atomic_load_explicit(&exposures->used, memory_order_relaxed);
  for (size_t i = 0; i < used; i++) {
    const om_exposure *exposure = &exposures->slots[i];
    if (exposure->begin < end && begin < exposure->end && (exposure->write || !writes_only))
      return true;
  }
  return false;
}

bool om_exposures_any(const om_exposures *exposures) {
  return atomic_load_explicit(&exposures->used, memory_order_relaxed) > 0;
}
