/* held_table.c - the table of held blocks (held.h). */
#include "held.h"

bool om_held_overlaps(const om_held_section *section, uintptr_t begin, uintptr_t end) {
  uintptr_t low = atomic_load_explicit(&section->begin, memory_order_relaxed);
  return low != 0 && begin < section->chunks.end && low < end;
}

static uintptr_t section_low(const om_held_section *section) {
  uintptr_t begin = section->chunks.begin, guard = section->chunks.guard_low;
  return guard < begin ? guard : begin;
}

static uintptr_t section_high(const om_held_section *section) {
  uintptr_t end = section->chunks.end, guard = section->chunks.guard_high;
  return guard > end ? guard : end;
}

void om_held_publish(om_held_table *table, om_held_section *slot, uintptr_t begin) {
  int index = (int)(slot - table->slots);
  if (index >= atomic_load(&table->slots_bound))
    atomic_store(&table->slots_bound, index + 1);
  bool first = atomic_load(&table->count) == 0;
  if (first || section_low(slot) < atomic_load(&table->low))
    atomic_store(&table->low, section_low(slot));
  if (first || section_high(slot) > atomic_load(&table->high))
    atomic_store(&table->high, section_high(slot));
  atomic_fetch_add(&table->count, 1);
  atomic_store(&slot->begin, begin);
}

void om_held_retire(om_held_table *table, om_held_section *slot) {
  atomic_store(&slot->begin, 0);
  atomic_fetch_sub(&table->count, 1);
  int bound = 0;
  uintptr_t low = UINTPTR_MAX, high = 0;
  for (int i = 0; i < atomic_load(&table->slots_bound); i++) {
    const om_held_section *section = &table->slots[i];
    if (atomic_load_explicit(&section->begin, memory_order_relaxed) == 0)
      continue;
    bound = i + 1;
    low = section_low(section) < low ? section_low(section) : low;
    high = section_high(section) > high ? section_high(section) : high;
  }
  atomic_store(&table->slots_bound, bound);
  atomic_store(&table->low, low);
  atomic_store(&table->high, high);
}

int om_held_slots_bound(const om_held_table *table) {
  return atomic_load_explicit(&table->slots_bound, memory_order_acquire);
}

bool om_held_any_overlap(const om_held_table *table, uintptr_t begin, uintptr_t end) {
  if (!om_held_maybe_near(table, begin, end))
    return false;
  for (int i = 0, bound = om_held_slots_bound(table); i < bound; i++)
    if (om_held_overlaps(&table->slots[i], begin, end))
      return true;
  return false;
}

om_held_section *om_held_find(om_held_table *table, uintptr_t begin, uintptr_t end, int device) {
  for (int i = 0, bound = om_held_slots_bound(table); i < bound; i++) {
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
  for (int i = 0, bound = om_held_slots_bound(table); i < bound; i++) {
    om_held_section *section = &table->slots[i];
    if (atomic_load_explicit(&section->begin, memory_order_relaxed) != 0 && !section->in_use &&
        section->program_refs == 0 && (oldest == NULL || section->last_used < oldest->last_used))
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
