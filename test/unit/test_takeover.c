/* The take-over policy of transfer elision (plugin/takeover.c): which map
 * entries and heap blocks the plugin may hold. */
#include "check.h"
#include "offload_abi.h"
#include "takeover.h"

enum { PAGE = 4096, TARGET_PARAM = 0x20, PRESENT = 0x1000, RETURN_PARAM = 0x40 };

static char memory[1];

static om_takeover_entry entry(int64_t size, int64_t type) {
  return (om_takeover_entry){.begin = memory, .size = size, .type = type};
}

static void entries(void) {
  int64_t tofrom = OM_MAP_TO | OM_MAP_FROM | TARGET_PARAM;
  om_takeover_entry e = entry(OM_TAKEOVER_MIN_BYTES, tofrom);
  CHECK(om_takeover_entry_eligible(&e));
  e = entry(OM_TAKEOVER_MIN_BYTES, OM_MAP_TO | OM_MAP_IMPLICIT);
  CHECK(om_takeover_entry_eligible(&e));
  e = entry(OM_TAKEOVER_MIN_BYTES - 1, tofrom);
  CHECK(!om_takeover_entry_eligible(&e)); /* too small */
  e = entry(OM_TAKEOVER_MIN_BYTES, TARGET_PARAM);
  CHECK(!om_takeover_entry_eligible(&e)); /* alloc: nothing to copy */
  int64_t refused[] = {OM_MAP_ALWAYS, OM_MAP_DELETE, OM_MAP_PTR_AND_OBJ, OM_MAP_PRIVATE,
                       OM_MAP_LITERAL, OM_MAP_OMPX_HOLD, OM_MAP_MEMBER_OF & (INT64_C(1) << 48),
                       PRESENT, RETURN_PARAM};
  for (unsigned i = 0; i < sizeof refused / sizeof *refused; i++) {
    e = entry(OM_TAKEOVER_MIN_BYTES, tofrom | refused[i]);
    CHECK(!om_takeover_entry_eligible(&e));
  }
  e = entry(OM_TAKEOVER_MIN_BYTES, tofrom);
  e.has_mapper = true;
  CHECK(!om_takeover_entry_eligible(&e));
  e = entry(OM_TAKEOVER_MIN_BYTES, tofrom);
  e.nowait = true;
  CHECK(!om_takeover_entry_eligible(&e));
  e = entry(OM_TAKEOVER_MIN_BYTES, tofrom);
  e.begin = NULL;
  CHECK(!om_takeover_entry_eligible(&e));
}

static void blocks(void) {
  uintptr_t start = 0x100010; /* a heap block 16 bytes into a page */
  om_takeover_entry e = {.begin = (void *)(start + 64), .size = 100000,
                         .type = OM_MAP_TO | OM_MAP_FROM};
  om_takeover_block b = {.start = start, .size = 200000};
  CHECK(om_takeover_block_eligible(&e, &b, PAGE));
  b.size = 100000; /* the section ends past the block */
  CHECK(!om_takeover_block_eligible(&e, &b, PAGE));
  e.begin = (void *)(start - 8); /* starts before it */
  b.size = 200000;
  CHECK(!om_takeover_block_eligible(&e, &b, PAGE));
  e.begin = (void *)start;
  e.size = 2 * PAGE - 16 - 1; /* no whole page in the block */
  b.size = (size_t)e.size;
  CHECK(!om_takeover_block_eligible(&e, &b, PAGE));
  b.size = 2 * PAGE - 16; /* exactly one whole page */
  CHECK(om_takeover_block_eligible(&e, &b, PAGE));
  b.unsteady = true;
  CHECK(!om_takeover_block_eligible(&e, &b, PAGE));
  b.unsteady = false, b.others_map = true;
  CHECK(!om_takeover_block_eligible(&e, &b, PAGE));
  b.others_map = false, b.program_maps = true;
  CHECK(!om_takeover_block_eligible(&e, &b, PAGE));
}

int main(void) {
  entries();
  blocks();
  return check_report("unit-takeover-policy");
}
