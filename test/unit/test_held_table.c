/* The table of held blocks (plugin/held_table.c): lookups by containment
 * and device, overlaps, free slots, the least recently used idle section,
 * the blocks left to the runtime until freed, and the bounds that let free
 * and the fault handler skip the scan (slots and addresses). */
#include "check.h"
#include "held.h"

static om_held_table table;

static om_held_section *hold(uintptr_t begin, uintptr_t end, int device, uint64_t used) {
  om_held_section *slot = om_held_free_slot(&table);
  slot->chunks.begin = slot->chunks.guard_low = begin;
  slot->chunks.end = slot->chunks.guard_high = end;
  slot->device = device, slot->last_used = used, slot->in_use = false;
  om_held_publish(&table, slot, begin);
  return slot;
}

int main(void) {
  CHECK(!om_held_any_overlap(&table, 0, UINTPTR_MAX));
  om_held_section *a = hold(0x10000, 0x20000, 0, 5);
  om_held_section *b = hold(0x30000, 0x40000, 1, 3);
  om_held_section *c = hold(0x50000, 0x60000, 0, 9);
  CHECK(a != b && b != c && a != c);

  CHECK(om_held_find(&table, 0x10000, 0x20000, 0) == a);
  CHECK(om_held_find(&table, 0x18000, 0x18008, 0) == a);
  CHECK(om_held_find(&table, 0x18000, 0x20001, 0) == NULL); /* not contained */
  CHECK(om_held_find(&table, 0x30000, 0x30008, 0) == NULL); /* another device */
  CHECK(om_held_find(&table, 0x30000, 0x30008, 1) == b);

  CHECK(om_held_overlaps(a, 0x1ffff, 0x30000));
  CHECK(!om_held_overlaps(a, 0x20000, 0x30000)); /* half-open */
  CHECK(om_held_any_overlap(&table, 0x5ffff, 0x70000));
  CHECK(!om_held_any_overlap(&table, 0x60000, 0x70000));
  CHECK(om_held_slots_bound(&table) == 3);
  CHECK(!om_held_maybe_near(&table, 0x1000, 0x10000)); /* below every section */
  CHECK(om_held_maybe_near(&table, 0x20000, 0x30000)); /* between: a scan says no */
  CHECK(!om_held_maybe_near(&table, 0x60000, 0x70000));

  CHECK(om_held_least_recent_idle(&table) == b);
  b->in_use = true; /* a kernel runs with it: never evicted */
  CHECK(om_held_least_recent_idle(&table) == a);
  a->in_use = true, c->in_use = true;
  CHECK(om_held_least_recent_idle(&table) == NULL);

  om_held_retire(&table, b); /* given back: its slot is free again */
  CHECK(om_held_find(&table, 0x30000, 0x30008, 1) == NULL);
  CHECK(om_held_free_slot(&table) == b);
  CHECK(om_held_slots_bound(&table) == 3);
  om_held_retire(&table, c); /* the last slot: the bounds shrink to a alone */
  CHECK(om_held_slots_bound(&table) == 1);
  CHECK(!om_held_maybe_near(&table, 0x20000, 0x60000));
  CHECK(om_held_maybe_near(&table, 0x1ffff, 0x20000));
  CHECK(om_held_least_recent_idle(&table) == NULL); /* a is in use */
  om_held_retire(&table, a);
  CHECK(om_held_slots_bound(&table) == 0);
  CHECK(!om_held_any_overlap(&table, 0, UINTPTR_MAX));
  CHECK(hold(0x80000, 0x90000, 0, 1) == a); /* the lowest free slot again */
  CHECK(om_held_maybe_near(&table, 0x8ffff, 0x90000) && !om_held_maybe_near(&table, 0x10000, 0x20000));

  CHECK(!om_held_unsteady(&table, 0x70000));
  om_held_mark_unsteady(&table, 0x70000);
  om_held_mark_unsteady(&table, 0x70000);
  CHECK(om_held_unsteady(&table, 0x70000));
  om_held_forget_unsteady(&table, 0x70000, 0x70001);
  CHECK(!om_held_unsteady(&table, 0x70000));
  for (uintptr_t i = 1; i <= OM_UNSTEADY_SLOTS + 1; i++) /* the oldest make room */
    om_held_mark_unsteady(&table, i * 0x1000);
  CHECK(!om_held_unsteady(&table, 0x1000));
  CHECK(om_held_unsteady(&table, (OM_UNSTEADY_SLOTS + 1) * 0x1000));
  return check_report("unit-held-table");
}
