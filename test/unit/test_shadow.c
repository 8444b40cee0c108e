/* unit-shadow-refcounts: the mapping shadow follows the runtime's reference
 * counting (enter/exit, nesting, delete, ompx_hold, struct members, zero
 * length, associate, implicit maps that extend a mapping), rejects explicit
 * overlaps, keeps ranges sorted and
 * disjoint under many insertions, finds overlaps on any device and the
 * mapping at an address on one; a free's lock-free test tells blocks that
 * no mapping overlaps, also once a device has had mappings and has none
 * left; learned
 * absences answer lookups until a mapping holds the address or they are
 * forgotten, and a probe older than a forget is not learned; the counts of
 * kernels still running are told apart (in flight) and never outnumber the
 * counts left. */
#include "check.h"
#include "shadow.h"

static om_shadow shadow;
static const om_map_origin origin = {";a[0:n];t.c;3;1;;", NULL, NULL, NULL};
static const om_map_request explicit_map = {.update_count = true};
static const om_unmap_request release = {.update_count = true};

static om_map_outcome map(int device, uintptr_t begin, size_t size, om_map_request request) {
  om_mapping found;
  return om_shadow_map(&shadow, device, begin, size, request, &origin, &found);
}

static void test_enter_exit_nesting(void) {
  CHECK(map(0, 0x1000, 0x100, explicit_map) == OM_MAP_CREATED);
  CHECK(map(0, 0x1000, 0x100, explicit_map) == OM_MAP_REUSED);
  CHECK(map(0, 0x1010, 0x10, explicit_map) == OM_MAP_REUSED); /* contained */
  CHECK(om_shadow_contains(&shadow, 0, 0x1010, 0x10));
  CHECK(om_shadow_contains(&shadow, 0, 0x1000, 0x100));
  CHECK(!om_shadow_contains(&shadow, 0, 0x1000, 0x101));
  CHECK(!om_shadow_contains(&shadow, 1, 0x1010, 0x10));
  om_mapping m;
  int device = -1;
  CHECK(om_shadow_find_overlap(&shadow, 0x10ff, 0x1100, &device, &m));
  CHECK(device == 0 && m.begin == 0x1000 && m.end == 0x1100);
  CHECK_EQ_U64(m.dynamic_count, 3);
  CHECK_STR(m.origin.map_name, origin.map_name);
  CHECK(om_shadow_unmap(&shadow, 0, 0x1010, 0x10, release) == OM_UNMAP_KEPT);
  CHECK(om_shadow_unmap(&shadow, 0, 0x1000, 0x100, release) == OM_UNMAP_KEPT);
  CHECK(om_shadow_unmap(&shadow, 0, 0x1000, 0x100, release) == OM_UNMAP_REMOVED);
  CHECK(om_shadow_unmap(&shadow, 0, 0x1000, 0x100, release) == OM_UNMAP_ABSENT);
  CHECK(!om_shadow_find_overlap(&shadow, 0x1000, 0x1100, &device, &m));
  CHECK(!om_shadow_may_overlap(&shadow, 0, UINTPTR_MAX)); /* no mapping left on any device */
}

/* What a free asks before it is checked (om_shadow_may_overlap): only the
 * published spans of the devices used, before and after their last mapping
 * goes. */
static void test_free_needs_no_check(void) {
  CHECK(!om_shadow_may_overlap(&shadow, 0, UINTPTR_MAX));
  CHECK(map(3, 0x5000, 0x100, explicit_map) == OM_MAP_CREATED);
  CHECK(map(3, 0x7000, 0x100, explicit_map) == OM_MAP_CREATED);
  CHECK(om_shadow_may_overlap(&shadow, 0x50f0, 0x5200));
  CHECK(om_shadow_may_overlap(&shadow, 0x4000, 0x5001));
  CHECK(!om_shadow_may_overlap(&shadow, 0x4000, 0x5000)); /* ends where the span begins */
  CHECK(!om_shadow_may_overlap(&shadow, 0x7100, 0x8000));
  CHECK(!om_shadow_may_overlap(&shadow, 0x100, 0x200));
  CHECK(om_shadow_unmap(&shadow, 3, 0x5000, 0x100, release) == OM_UNMAP_REMOVED);
  CHECK(!om_shadow_may_overlap(&shadow, 0x5000, 0x5100)); /* the span shrank */
  CHECK(om_shadow_may_overlap(&shadow, 0x7000, 0x7001));
  CHECK(om_shadow_unmap(&shadow, 3, 0x7000, 0x100, release) == OM_UNMAP_REMOVED);
  CHECK(!om_shadow_may_overlap(&shadow, 0, UINTPTR_MAX)); /* device 3: used, but empty */
  om_mapping m;
  CHECK(!om_shadow_mapping_of(&shadow, 3, 0x7000, 0x10, &m));
  CHECK(map(3, 0x6000, 0x10, explicit_map) == OM_MAP_CREATED); /* and used again */
  CHECK(om_shadow_may_overlap(&shadow, 0x6008, 0x6009));
  CHECK(om_shadow_mapping_of(&shadow, 3, 0x6000, 0x10, &m) && m.begin == 0x6000);
  CHECK(om_shadow_unmap(&shadow, 3, 0x6000, 0x10, release) == OM_UNMAP_REMOVED);
  CHECK(!om_shadow_may_overlap(&shadow, 0, UINTPTR_MAX));
}

static void test_delete_and_hold(void) {
  om_map_request hold = {.hold = true, .update_count = true};
  CHECK(map(1, 0x2000, 64, explicit_map) == OM_MAP_CREATED);
  CHECK(map(1, 0x2000, 64, explicit_map) == OM_MAP_REUSED);
  CHECK(map(1, 0x2000, 64, hold) == OM_MAP_REUSED);
  /* delete zeroes the dynamic count; the hold keeps the mapping. */
  om_unmap_request delete_all = {.delete_all = true, .update_count = true};
  CHECK(om_shadow_unmap(&shadow, 1, 0x2000, 64, delete_all) == OM_UNMAP_KEPT);
  om_unmap_request unhold = {.hold = true, .update_count = true};
  CHECK(om_shadow_unmap(&shadow, 1, 0x2000, 64, unhold) == OM_UNMAP_REMOVED);
  /* delete of a mapping entered twice removes it at once. */
  CHECK(map(1, 0x2000, 64, explicit_map) == OM_MAP_CREATED);
  CHECK(map(1, 0x2000, 64, explicit_map) == OM_MAP_REUSED);
  CHECK(om_shadow_unmap(&shadow, 1, 0x2000, 64, delete_all) == OM_UNMAP_REMOVED);
}

static om_mapping mapping_at(int device, uintptr_t address) {
  om_mapping m = {0};
  CHECK(om_shadow_mapping_of(&shadow, device, address, 1, &m));
  return m;
}

static void test_in_flight(void) {
  om_map_request kernel_map = {.update_count = true, .in_flight = true};
  om_unmap_request kernel_unmap = {.update_count = true, .in_flight = true};
  CHECK(map(2, 0x3000, 64, explicit_map) == OM_MAP_CREATED); /* enter data */
  CHECK(map(2, 0x3000, 64, kernel_map) == OM_MAP_REUSED);
  CHECK(map(2, 0x5000, 64, kernel_map) == OM_MAP_CREATED);
  CHECK_EQ_U64(mapping_at(2, 0x3000).dynamic_count, 2);
  CHECK_EQ_U64(mapping_at(2, 0x3000).in_flight_count, 1);
  CHECK_EQ_U64(mapping_at(2, 0x5000).in_flight_count, 1);
  CHECK(om_shadow_unmap(&shadow, 2, 0x5000, 64, kernel_unmap) == OM_UNMAP_REMOVED);
  CHECK(om_shadow_unmap(&shadow, 2, 0x3000, 64, kernel_unmap) == OM_UNMAP_KEPT);
  CHECK_EQ_U64(mapping_at(2, 0x3000).in_flight_count, 0); /* the enter data's is left */
  /* A delete while a kernel runs takes its counts too: none stay in flight
   * beyond what is counted. */
  om_map_request hold_kernel = {.hold = true, .update_count = true, .in_flight = true};
  CHECK(map(2, 0x3000, 64, kernel_map) == OM_MAP_REUSED);
  CHECK(map(2, 0x3000, 64, hold_kernel) == OM_MAP_REUSED);
  om_unmap_request delete_all = {.delete_all = true, .update_count = true};
  CHECK(om_shadow_unmap(&shadow, 2, 0x3000, 64, delete_all) == OM_UNMAP_KEPT);
  CHECK_EQ_U64(mapping_at(2, 0x3000).hold_count, 1);
  CHECK_EQ_U64(mapping_at(2, 0x3000).in_flight_count, 1);
  om_unmap_request hold_end = {.hold = true, .update_count = true, .in_flight = true};
  CHECK(om_shadow_unmap(&shadow, 2, 0x3000, 64, hold_end) == OM_UNMAP_REMOVED);
}

static void test_conflicts(void) {
  CHECK(map(0, 0x3000, 0x100, explicit_map) == OM_MAP_CREATED);
  om_mapping found;
  /* Extends after, extends before, encloses: explicit maps conflict. */
  CHECK(om_shadow_map(&shadow, 0, 0x3080, 0x100, explicit_map, &origin, &found) ==
        OM_MAP_CONFLICT);
  CHECK(found.begin == 0x3000 && found.end == 0x3100 && found.dynamic_count == 1);
  CHECK(map(0, 0x2f80, 0x100, explicit_map) == OM_MAP_CONFLICT);
  CHECK(map(0, 0x2f00, 0x300, explicit_map) == OM_MAP_CONFLICT);
  /* An implicit map that extends it reuses the mapping. */
  om_map_request implicit = {.implicit = true, .update_count = true};
  CHECK(map(0, 0x3080, 0x100, implicit) == OM_MAP_REUSED);
  /* Adjacent ranges are disjoint (half-open). */
  CHECK(map(0, 0x3100, 0x10, explicit_map) == OM_MAP_CREATED);
  CHECK(map(0, 0x2ff0, 0x10, explicit_map) == OM_MAP_CREATED);
  /* The same range on another device is another mapping. */
  CHECK(map(2, 0x3080, 0x100, explicit_map) == OM_MAP_CREATED);
  om_mapping m;
  int device;
  CHECK(om_shadow_find_overlap(&shadow, 0x3000, 0x3001, &device, &m) && device == 0);
  CHECK_EQ_U64(m.dynamic_count, 2);
  CHECK(om_shadow_unmap(&shadow, 0, 0x3000, 0x100, release) == OM_UNMAP_KEPT);
  CHECK(om_shadow_unmap(&shadow, 0, 0x3000, 0x100, release) == OM_UNMAP_REMOVED);
  CHECK(om_shadow_unmap(&shadow, 0, 0x3100, 0x10, release) == OM_UNMAP_REMOVED);
  CHECK(om_shadow_unmap(&shadow, 0, 0x2ff0, 0x10, release) == OM_UNMAP_REMOVED);
  /* Unmapping a section that is not contained finds nothing. */
  CHECK(om_shadow_unmap(&shadow, 2, 0x3000, 0x100, release) == OM_UNMAP_ABSENT);
  CHECK(om_shadow_unmap(&shadow, 2, 0x3080, 0x100, release) == OM_UNMAP_REMOVED);
  /* Beyond the shadowed devices nothing is tracked. */
  CHECK(map(OM_SHADOW_DEVICES, 0x3000, 8, explicit_map) == OM_MAP_UNTRACKED);
  CHECK(map(-1, 0x3000, 8, explicit_map) == OM_MAP_UNTRACKED);
  CHECK(!om_shadow_may_overlap(&shadow, 0, UINTPTR_MAX)); /* no mapping left on any device */
}

/* A kernel's implicit map of a whole array of which a section is mapped
 * counts on the section's mapping, and its end counts that mapping down
 * again (the runtime does not require containment for implicit entries),
 * so the mapping goes with the region that made it. An explicit end of
 * the same extent finds nothing. */
static void test_implicit_extension(void) {
  om_map_request implicit = {.implicit = true, .update_count = true};
  om_unmap_request implicit_end = {.implicit = true, .update_count = true};
  CHECK(map(0, 0x6080, 0x10, explicit_map) == OM_MAP_CREATED);
  CHECK(map(0, 0x6000, 0x100, implicit) == OM_MAP_REUSED);
  om_mapping m;
  CHECK(om_shadow_mapping_of(&shadow, 0, 0x6000, 0x100, &m));
  CHECK(m.begin == 0x6080 && m.end == 0x6090 && m.dynamic_count == 2);
  CHECK(om_shadow_unmap(&shadow, 0, 0x6000, 0x100, release) == OM_UNMAP_ABSENT);
  CHECK(om_shadow_unmap(&shadow, 0, 0x6000, 0x100, implicit_end) == OM_UNMAP_KEPT);
  CHECK(om_shadow_unmap(&shadow, 0, 0x6080, 0x10, release) == OM_UNMAP_REMOVED);
  CHECK(!om_shadow_mapping_of(&shadow, 0, 0x6000, 0x100, &m));
  /* An implicit end that overlaps nothing finds nothing. */
  CHECK(om_shadow_unmap(&shadow, 0, 0x6000, 0x100, implicit_end) == OM_UNMAP_ABSENT);
  /* A mapping the runtime was found not to have is dropped whole. */
  CHECK(map(0, 0x6080, 0x10, explicit_map) == OM_MAP_CREATED);
  CHECK(map(0, 0x6080, 0x10, explicit_map) == OM_MAP_REUSED);
  CHECK(!om_shadow_drop(&shadow, 0, 0x6088));
  CHECK(om_shadow_drop(&shadow, 0, 0x6080));
  CHECK(!om_shadow_may_overlap(&shadow, 0, UINTPTR_MAX)); /* no mapping left on any device */
}

static void test_zero_length_and_members(void) {
  CHECK(map(0, 0x4000, 0, explicit_map) == OM_MAP_UNTRACKED);
  CHECK(map(0, 0x4000, 32, explicit_map) == OM_MAP_CREATED);
  CHECK(map(0, 0x4010, 0, explicit_map) == OM_MAP_REUSED);
  CHECK(map(0, 0x4020, 0, explicit_map) == OM_MAP_UNTRACKED); /* one past the end */
  om_map_request member = {.update_count = false};
  CHECK(map(0, 0x4008, 8, member) == OM_MAP_REUSED);
  om_mapping m;
  int device;
  CHECK(om_shadow_find_overlap(&shadow, 0x4000, 0x4001, &device, &m));
  CHECK_EQ_U64(m.dynamic_count, 2);
  /* The mapping a zero-length section lies in, on its own device only. */
  CHECK(om_shadow_mapping_of(&shadow, 0, 0x401f, 0, &m) && m.begin == 0x4000 && m.end == 0x4020);
  CHECK(!om_shadow_mapping_of(&shadow, 0, 0x4020, 0, &m));
  CHECK(!om_shadow_mapping_of(&shadow, 1, 0x4010, 0, &m));
  om_unmap_request member_end = {.update_count = false};
  CHECK(om_shadow_unmap(&shadow, 0, 0x4008, 8, member_end) == OM_UNMAP_KEPT);
  CHECK(om_shadow_unmap(&shadow, 0, 0x4010, 0, release) == OM_UNMAP_KEPT);
  CHECK(om_shadow_unmap(&shadow, 0, 0x4000, 32, release) == OM_UNMAP_REMOVED);
}

static void test_associate(void) {
  CHECK(om_shadow_associate(&shadow, 3, 0x5000, 0x40, &origin));
  CHECK(!om_shadow_associate(&shadow, 3, 0x5020, 0x40, &origin)); /* overlaps */
  /* Maps of associated memory never release it. */
  CHECK(map(3, 0x5000, 0x40, explicit_map) == OM_MAP_REUSED);
  CHECK(om_shadow_unmap(&shadow, 3, 0x5000, 0x40, release) == OM_UNMAP_KEPT);
  om_unmap_request delete_all = {.delete_all = true, .update_count = true};
  CHECK(om_shadow_unmap(&shadow, 3, 0x5000, 0x40, delete_all) == OM_UNMAP_KEPT);
  CHECK(!om_shadow_disassociate(&shadow, 3, 0x5008));
  CHECK(om_shadow_disassociate(&shadow, 3, 0x5000));
  CHECK(!om_shadow_may_overlap(&shadow, 0, UINTPTR_MAX)); /* no mapping left on any device */
}

static void count_visit(int device, const om_mapping *mapping, void *context) {
  uintptr_t *last = context;
  CHECK(device == 0 && mapping->begin >= *last);
  *last = mapping->end;
}

/* Thousands of mappings inserted out of order stay sorted and findable; the
 * array grows past its first page. */
static void test_many(void) {
  enum { MANY = 5000 };
  for (int i = 0; i < MANY; i++) {
    uintptr_t slot = (uintptr_t)((i * 7919) % MANY);
    CHECK(map(0, 0x100000 + slot * 0x20, 0x10, explicit_map) == OM_MAP_CREATED);
  }
  uintptr_t last = 0;
  om_shadow_for_each(&shadow, count_visit, &last);
  om_mapping m;
  int device;
  CHECK(om_shadow_find_overlap(&shadow, 0x100000 + 1234 * 0x20 + 0xf, 0x100000 + 1234 * 0x20 + 0x14,
                               &device, &m));
  CHECK(m.begin == 0x100000 + 1234 * 0x20);
  CHECK(!om_shadow_find_overlap(&shadow, 0x100000 + 1234 * 0x20 + 0x10,
                                0x100000 + 1234 * 0x20 + 0x20, &device, &m));
  for (int i = 0; i < MANY; i++)
    CHECK(om_shadow_unmap(&shadow, 0, 0x100000 + (uintptr_t)i * 0x20, 0x10, release) ==
          OM_UNMAP_REMOVED);
  CHECK(!om_shadow_may_overlap(&shadow, 0, UINTPTR_MAX)); /* no mapping left on any device */
}

static om_shadow_presence lookup(int device, uintptr_t begin, size_t size) {
  return om_shadow_lookup(&shadow, device, begin, size);
}

static void test_learned_absence(void) {
  CHECK(lookup(2, 0x5000, 0x10) == OM_SHADOW_UNKNOWN);
  om_absence_ticket ticket = om_shadow_absence_ticket(&shadow, 2);
  om_shadow_learn_absent(&shadow, 2, 0x5000, ticket);
  CHECK(lookup(2, 0x5000, 0x10) == OM_SHADOW_ABSENT);
  CHECK(lookup(2, 0x5000, 0) == OM_SHADOW_ABSENT);
  CHECK(lookup(2, 0x5008, 0x10) == OM_SHADOW_UNKNOWN); /* only the address learned */
  CHECK(lookup(3, 0x5000, 0x10) == OM_SHADOW_UNKNOWN); /* only on that device */
  /* A mapping answers while it lasts; the absence holds again after it. */
  CHECK(map(2, 0x5000, 0x10, explicit_map) == OM_MAP_CREATED);
  CHECK(lookup(2, 0x5000, 0x10) == OM_SHADOW_PRESENT);
  CHECK(lookup(2, 0x5000, 0x20) == OM_SHADOW_UNKNOWN); /* start held, end not */
  CHECK(om_shadow_unmap(&shadow, 2, 0x5000, 0x10, release) == OM_UNMAP_REMOVED);
  CHECK(lookup(2, 0x5000, 0x10) == OM_SHADOW_ABSENT);
  /* A mapping the shadow does not follow may now lie there. */
  om_shadow_forget_absent_range(&shadow, 2, 0x4ff8, 0x5000);
  CHECK(lookup(2, 0x5000, 0x10) == OM_SHADOW_ABSENT); /* half-open: not in it */
  om_shadow_forget_absent_range(&shadow, 2, 0x4ff8, 0x5001);
  CHECK(lookup(2, 0x5000, 0x10) == OM_SHADOW_UNKNOWN);
  /* A probe that began before a forget is not learned. */
  ticket = om_shadow_absence_ticket(&shadow, 2);
  om_shadow_forget_absent_range(&shadow, 2, 0x9000, 0x9008);
  om_shadow_learn_absent(&shadow, 2, 0x5000, ticket);
  CHECK(lookup(2, 0x5000, 0x10) == OM_SHADOW_UNKNOWN);
  ticket = om_shadow_absence_ticket(&shadow, 2);
  om_shadow_forget_absent_all(&shadow);
  om_shadow_learn_absent(&shadow, 2, 0x5000, ticket);
  CHECK(lookup(2, 0x5000, 0x10) == OM_SHADOW_UNKNOWN);
  /* Forgetting everything reaches every device. */
  om_shadow_learn_absent(&shadow, 2, 0x5000, om_shadow_absence_ticket(&shadow, 2));
  om_shadow_learn_absent(&shadow, 3, 0x7000, om_shadow_absence_ticket(&shadow, 3));
  CHECK(lookup(2, 0x5000, 0x10) == OM_SHADOW_ABSENT);
  CHECK(lookup(3, 0x7000, 0x10) == OM_SHADOW_ABSENT);
  om_shadow_forget_absent_all(&shadow);
  CHECK(lookup(2, 0x5000, 0x10) == OM_SHADOW_UNKNOWN);
  CHECK(lookup(3, 0x7000, 0x10) == OM_SHADOW_UNKNOWN);
}

int main(void) {
  om_shadow_init(&shadow);
  test_enter_exit_nesting();
  test_free_needs_no_check();
  test_delete_and_hold();
  test_in_flight();
  test_conflicts();
  test_implicit_extension();
  test_zero_length_and_members();
  test_associate();
  test_many();
  test_learned_absence();
  return check_report("unit-shadow-refcounts");
}
