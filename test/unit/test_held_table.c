/* The table of held blocks (plugin/held_table.c): lookups by containment
 * and device, overlaps, free slots, the least recently used idle section,
 * and the blocks left to the runtime until freed. */
#include "check.h"
#include "held.h"

static om_held_table table;

static om_held_section *hold(uintptr_t begin, uintptr_t end, int device, uint64_t used) {
  om_held_section *slot = om_held_free_slot(&table);
  slot->chunks.begin = begin, slot->chunks.end = end;
  slot->device = device, slot->last_used = used, slot->in_use = false;
  atomic_store(&slot->begin, begin);
  atomic_fetch_add(&table.count, 1);
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

  CHECK(om_held_least_recent_idle(&table) == b);
  b->in_use = true; /* a kernel runs with it: never evicted */
  CHECK(om_held_least_recent_idle(&table) == a);
  a->in_use = true, c->in_use = true;
  CHECK(om_held_least_recent_idle(&table) == NULL);

  atomic_store(&b->begin, 0); /* given back: its slot is free again */
  CHECK(om_held_find(&table, 0x30000, 0x30008, 1) == NULL);
  CHECK(om_held_free_slot(&table) == b);

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
