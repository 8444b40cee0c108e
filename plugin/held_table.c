/* held_table.c - the table of held blocks (held.h). */
#include "held.h"

bool om_held_overlaps(const om_held_section *section, uintptr_t begin, uintptr_t end) {
  uintptr_t low = atomic_load_explicit(&section->begin, memory_order_relaxed);
  return low != 0 && begin < section->chunks.end && low < end;
}

bool om_held_any_overlap(const om_held_table *table, uintptr_t begin, uintptr_t end) {
  if (atomic_load_explicit(&table->count, memory_order_relaxed) == 0)
    return false;
  for (int i = 0; i < OM_HELD_SLOTS; i++)
    if (om_held_overlaps(&table->slots[i], begin, end))
      return true;
  return false;
}

om_held_section *om_held_find(om_held_table *table, uintptr_t begin, uintptr_t end, int device) {
  for (int i = 0; i < OM_HELD_SLOTS; i++) {
    om_held_section *section = &table->slots[i];
    uintptr_t low = atomic_load_explicit(&section->begin, memory_order_relaxed);
    if (low != 0 && low <= begin && end <= section->chunks.end && section->device == device)
      return section;
  }
  return NULL;
}

om_held_section *om_held_free_slot(om_held_table *table) {
  for (int i = 0; i < OM_HELD_SLOTS; i++)
    if (atomic_load_explicit(&table->slots[i].begin, memory_order_relaxed) == 0)
      return &table->slots[i];
  return NULL;
}

om_held_section *om_held_least_recent_idle(om_held_table *table) {
  om_held_section *oldest = NULL;
  for (int i = 0; i < OM_HELD_SLOTS; i++) {
    om_held_section *section = &table->slots[i];
    if (atomic_load_explicit(&section->begin, memory_order_relaxed) != 0 && !section->in_use &&
        (oldest == NULL || section->last_used < oldest->last_used))
      oldest = section;
  }
  return oldest;
}

bool om_held_unsteady(const om_held_table *table, uintptr_t block) {
  for (int i = 0; i < OM_UNSTEADY_SLOTS; i++)
    if (table->unsteady[i] == block)
      return true;
  return false;
}

void om_held_mark_unsteady(om_held_table *table, uintptr_t block) {
  if (!om_held_unsteady(table, block))
    table->unsteady[table->unsteady_next++ % OM_UNSTEADY_SLOTS] = block;
}

void om_held_forget_unsteady(om_held_table *table, uintptr_t begin, uintptr_t end) {
  for (int i = 0; i < OM_UNSTEADY_SLOTS; i++)
    if (table->unsteady[i] >= begin && table->unsteady[i] < end)
      table->unsteady[i] = 0;
}
