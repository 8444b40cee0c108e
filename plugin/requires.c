/* requires.c - the program's requirements from its offload entries
 * (requires.h). */
#include "requires.h"

#include "hot_path.h"

#include <stdatomic.h>
#include <stddef.h>

/* The requires clause travels as a host entry flagged REGISTER_REQUIRES
 * whose data holds the requirement bits. */
enum { REGISTER_REQUIRES = 0x10, REQUIRES_UNIFIED_SHARED_MEMORY = 0x008 };

static atomic_bool unified_memory;

void om_requires_note(const om_bin_desc *desc) {
  if (desc == NULL)
    return;
  for (const om_offload_entry *entry = desc->entries_begin; entry < desc->entries_end; entry++)
    if ((entry->flags & REGISTER_REQUIRES) && (entry->data & REQUIRES_UNIFIED_SHARED_MEMORY))
      atomic_store(&unified_memory, true);
}

OM_HOT bool om_requires_unified_memory(void) {
  return atomic_load_explicit(&unified_memory, memory_order_relaxed);
}
