/* unit-checks-overlap-confirmed-or-dropped: an explicit map that overlaps a
 * mapping of the shadow without being contained in it is reported only when
 * the runtime holds the overlapping byte and not both ends of the section.
 * A shadow mapping the runtime does not have (the shadow lost step) is
 * dropped and the section mapped anew, with no report; so is each of a
 * chain of such mappings, up to a bound, after which the section is left
 * unfollowed. */
#include "check.h"
#include "checks.h"
#include "offload_abi.h"
#include "capture.h"

#include <string.h>

/* A fake runtime: [held_begin, held_end) is mapped. */
static uintptr_t held_begin, held_end;

static int fake_is_present(const void *ptr, int device) {
  (void)device;
  return (uintptr_t)ptr >= held_begin && (uintptr_t)ptr < held_end;
}

static char arena[4096];

/* One target data begin mapping [begin, begin + size) tofrom at the site
 * `where`: each call names its own, as a finding is reported once per site. */
static void map_section(uintptr_t begin, int64_t size, const char *where) {
  void *begins[] = {(void *)begin};
  int64_t sizes[] = {size};
  int64_t types[] = {OM_MAP_TO | OM_MAP_FROM};
  void *bases[] = {(void *)begin};
  om_map_entries entries = {1, begins, sizes, types, NULL, NULL};
  om_call_origin origin = {where, NULL};
  om_presence before, tracked;
  om_checked_call call = {0, &entries, bases, &origin, &before, false};
  om_checks_presence_before(&call, fake_is_present, &before, &tracked, NULL);
  om_checks_before_map(&call, NULL, NULL);
}

/* The begin of the mapping that holds address, or 0. */
static uintptr_t mapping_at(uintptr_t address) {
  om_mapping found;
  return om_shadow_mapping_of(&om_plugin_shadow, 0, address, 1, &found) ? found.begin : 0;
}

static void test_confirmed_overlap_is_reported(void) {
  uintptr_t a = (uintptr_t)arena;
  map_section(a, 100, ";t.c;confirmed;1;1;;");
  held_begin = a, held_end = a + 100; /* the runtime has it too */
  capture_begin();
  map_section(a + 50, 100, ";t.c;confirmed;2;1;;");
  const char *said = capture_end();
  CHECK(strstr(said, "overlaps") != NULL);
  CHECK_EQ_U64(mapping_at(a), a);           /* nothing changed */
  CHECK_EQ_U64(mapping_at(a + 120), 0);
  held_begin = held_end = 0;
  om_shadow_drop(&om_plugin_shadow, 0, a);
}

static void test_lost_mapping_is_dropped(void) {
  uintptr_t a = (uintptr_t)arena + 1024;
  map_section(a, 100, ";t.c;lost;1;1;;"); /* the runtime never had it (as far as it says) */
  capture_begin();
  map_section(a + 50, 100, ";t.c;lost;2;1;;");
  CHECK_STR(capture_end(), "");
  CHECK_EQ_U64(mapping_at(a + 60), a + 50); /* the new section is followed */
  CHECK_EQ_U64(mapping_at(a + 10), 0);      /* the lost one is gone */
  om_shadow_drop(&om_plugin_shadow, 0, a + 50);
}

/* Lost mappings [a + 10k, a + 10k + 10) for k in [0, count): a section over
 * all of them overlaps each in turn. */
static void lose_mappings(uintptr_t a, int count) {
  for (int k = 0; k < count; k++)
    map_section(a + 10 * (uintptr_t)k, 10, ";t.c;chain;1;1;;");
}

static void test_chain_of_lost_mappings(void) {
  uintptr_t a = (uintptr_t)arena + 2048;
  /* Four are dropped and the section mapped on the fifth try. */
  lose_mappings(a + 5, 4);
  capture_begin();
  map_section(a, 100, ";t.c;chain;2;1;;");
  CHECK_STR(capture_end(), "");
  CHECK_EQ_U64(mapping_at(a + 50), a);
  om_shadow_drop(&om_plugin_shadow, 0, a);
  /* Beyond the bound, the section is not followed; nothing is reported. */
  lose_mappings(a + 5, 6);
  capture_begin();
  map_section(a, 100, ";t.c;chain;3;1;;");
  CHECK_STR(capture_end(), "");
  CHECK_EQ_U64(mapping_at(a + 1), 0);
  CHECK_EQ_U64(mapping_at(a + 55), a + 55); /* the sixth is left as it was */
  om_shadow_drop(&om_plugin_shadow, 0, a + 55);
}

int main(void) {
  om_shadow_init(&om_plugin_shadow);
  test_confirmed_overlap_is_reported();
  test_lost_mapping_is_dropped();
  test_chain_of_lost_mappings();
  return check_report("unit-checks-overlap-confirmed-or-dropped");
}
