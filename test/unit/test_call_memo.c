/* unit-call-memo-never-stale: a kernel's decisions remembered per call site
 * (call_memo.h) are recalled only for the very same call against the very
 * same state. Each change that could alter a decision makes the memo miss:
 * a mapping created or removed on the device, an absence learned or
 * forgotten, a heap block recorded or forgotten (freed, or a new one at
 * the same address with another size), another begin, size, type, base
 * pointer, device or site. A scalar passed by value (LITERAL, whose begin
 * is the value) does not. A call's own mapping, created and removed again,
 * restamps the memo; anything more does not. Calls whose other steps
 * depend on more are never memoised. */
#include "allocations.h"
#include "call_memo.h"
#include "check.h"
#include "offload_abi.h"

#include <stdlib.h>

enum { TOFROM = OM_MAP_TO | OM_MAP_FROM };

static int fake_is_present(const void *ptr, int device) {
  (void)ptr, (void)device;
  return 0;
}

/* A kernel of two entries: a section and a scalar by value. */
typedef struct {
  void *begins[2], *bases[2];
  int64_t sizes[2], types[2];
  om_map_entries entries;
  om_call_origin origin;
  om_presence before, tracked;
  om_checked_call call;
} kernel;

static void make_kernel(kernel *k, void *begin, int64_t size, long scalar) {
  *k = (kernel){.begins = {begin, (void *)scalar},
                .bases = {begin, (void *)scalar},
                .sizes = {size, 4},
                .types = {TOFROM, OM_MAP_LITERAL | OM_MAP_TARGET_PARAM},
                .origin = {";t.c;main;1;1;;", NULL}};
  k->entries = (om_map_entries){2, k->begins, k->sizes, k->types, NULL, NULL};
  k->call = (om_checked_call){0, &k->entries, k->bases, &k->origin, &k->before, true};
}

static const om_call_site site = {";t.c;main;1;1;;", (void *)0x1234, (void *)0x5678, false};

/* Decides the kernel in full as the plugin does, remembers it, maps and
 * unmaps its entries, and restamps the memo. */
static void decide_and_store(kernel *k) {
  om_decision_stamp stamp = om_decision_stamp_now(0);
  om_call_decisions decisions = {0};
  om_checks_presence_before(&k->call, fake_is_present, &k->before, &k->tracked, &decisions);
  uint32_t created, removed;
  om_checks_before_map(&k->call, &decisions, &created);
  om_call_memo_store(om_call_memo_slot(&site), &k->call, &site, &stamp, &decisions);
  om_presence still;
  om_checks_after_unmap(&k->call, &still, &removed);
  om_decision_stamp after = om_decision_stamp_now(0);
  om_call_memo_restamp(om_call_memo_slot(&site), &stamp, &after, created, removed);
}

static const om_map_request map_one = {.update_count = true};
static const om_unmap_request unmap_one = {.update_count = true};

static bool recalled(const kernel *k, const om_call_site *at) {
  om_decision_stamp now = om_decision_stamp_now(0);
  om_call_decisions decisions;
  return om_call_memo_recall(om_call_memo_slot(at), &k->call, at, &now, &decisions);
}

/* Decided in full until the shadow's answers settle (an absence learned
 * the first time), then recalled. */
static void settle(kernel *k) {
  decide_and_store(k);
  decide_and_store(k);
  CHECK(recalled(k, &site));
}

static void test_same_call_same_state(void) {
  static float x[64];
  kernel k;
  make_kernel(&k, x, sizeof x, 1);
  CHECK(om_call_memo_wanted(&k.call, &site));
  settle(&k);
  kernel by_value = k;
  make_kernel(&by_value, x, sizeof x, 2); /* another scalar value */
  CHECK(recalled(&by_value, &site));
  kernel other = k;
  make_kernel(&other, x, sizeof x - 4, 1);
  CHECK(!recalled(&other, &site));
  make_kernel(&other, x + 1, sizeof x - 4, 1);
  CHECK(!recalled(&other, &site));
  make_kernel(&other, x, sizeof x, 1);
  other.types[0] = OM_MAP_TO;
  CHECK(!recalled(&other, &site));
  other.types[0] = TOFROM;
  other.bases[0] = x + 2;
  CHECK(!recalled(&other, &site));
  other.bases[0] = x;
  other.call.device = 1;
  CHECK(!recalled(&other, &site));
  om_call_site elsewhere = site;
  elsewhere.return_address = (void *)0x1235;
  CHECK(!recalled(&k, &elsewhere));
  CHECK(recalled(&k, &site));
}

static void test_state_changes(void) {
  static float x[64], y[64];
  kernel k;
  make_kernel(&k, x, sizeof x, 1);
  settle(&k);
  /* A mapping of other data on the device. */
  om_map_origin origin = {NULL, NULL, NULL, NULL};
  om_mapping found;
  om_shadow_map(&om_plugin_shadow, 0, (uintptr_t)y, sizeof y, map_one, &origin,
                &found);
  CHECK(!recalled(&k, &site));
  settle(&k);
  om_shadow_unmap(&om_plugin_shadow, 0, (uintptr_t)y, sizeof y, unmap_one);
  CHECK(!recalled(&k, &site));
  settle(&k);
  /* A mapping on another device leaves device 0's memo alone. */
  om_shadow_map(&om_plugin_shadow, 1, (uintptr_t)y, sizeof y, map_one, &origin,
                &found);
  CHECK(recalled(&k, &site));
  /* Every learned absence forgotten (a call passed through). */
  om_checks_unseen_call();
  CHECK(!recalled(&k, &site));
  settle(&k);
  om_shadow_forget_absent_range(&om_plugin_shadow, 0, (uintptr_t)x, (uintptr_t)(x + 1));
  CHECK(!recalled(&k, &site));
  settle(&k);
}

static void test_heap_block_replaced(void) {
  om_allocations_set_min(1024);
  char *block = malloc(1032);
  CHECK(om_allocation_add(block, 1032));
  kernel k;
  make_kernel(&k, block, 1032, 1);
  settle(&k);
  /* Freed, and a smaller block recorded at the same address: the section
   * now lies outside it, so the bounds must be checked again. */
  size_t size;
  CHECK(om_allocation_take(block, &size));
  CHECK(!recalled(&k, &site));
  settle(&k);
  CHECK(om_allocation_add(block, 1024));
  CHECK(!recalled(&k, &site));
  CHECK(om_allocation_take(block, &size));
  free(block);
  om_allocations_set_min(0);
}

static void test_restamp(void) {
  static float z[64];
  kernel k;
  make_kernel(&k, z, sizeof z, 1);
  settle(&k);
  om_call_memo *memo = om_call_memo_slot(&site);
  om_decision_stamp before = om_decision_stamp_now(0);
  /* The kernel's own map and unmap of an absent section. */
  om_map_origin origin = {NULL, NULL, NULL, NULL};
  om_mapping found;
  CHECK(om_shadow_map(&om_plugin_shadow, 0, (uintptr_t)z, sizeof z, map_one,
                      &origin, &found) == OM_MAP_CREATED);
  CHECK(om_shadow_unmap(&om_plugin_shadow, 0, (uintptr_t)z, sizeof z, unmap_one) ==
        OM_UNMAP_REMOVED);
  om_decision_stamp after = om_decision_stamp_now(0);
  CHECK(!recalled(&k, &site));
  om_call_memo_restamp(memo, &before, &after, 1, 0); /* created but not removed: no */
  CHECK(!recalled(&k, &site));
  om_call_memo_restamp(memo, &before, &after, 1, 1);
  CHECK(recalled(&k, &site));
  /* Another thread's change during the call: not restamped. */
  before = om_decision_stamp_now(0);
  om_shadow_map(&om_plugin_shadow, 0, (uintptr_t)z, sizeof z, map_one, &origin,
                &found);
  om_shadow_unmap(&om_plugin_shadow, 0, (uintptr_t)z, sizeof z, unmap_one);
  om_checks_unseen_call();
  after = om_decision_stamp_now(0);
  om_call_memo_restamp(memo, &before, &after, 1, 1);
  CHECK(!recalled(&k, &site));
}

static void test_not_wanted(void) {
  static float x[64];
  kernel k;
  make_kernel(&k, x, sizeof x, 1);
  k.types[0] |= OM_MAP_PTR_AND_OBJ;
  CHECK(!om_call_memo_wanted(&k.call, &site));
  make_kernel(&k, x, sizeof x, 1);
  void *mappers[2] = {(void *)0x1, NULL};
  k.entries.mappers = mappers;
  CHECK(!om_call_memo_wanted(&k.call, &site));
  /* A section transfer elision could take over. */
  make_kernel(&k, x, 1 << 20, 1);
  CHECK(!om_call_memo_wanted(&k.call, &site));
  /* Too many entries. */
  make_kernel(&k, x, sizeof x, 1);
  k.entries.count = OM_DECIDED_ENTRIES + 1;
  CHECK(!om_call_memo_wanted(&k.call, &site));
}

int main(void) {
  om_shadow_init(&om_plugin_shadow);
  test_same_call_same_state();
  test_state_changes();
  test_heap_block_replaced();
  test_restamp();
  test_not_wanted();
  return check_report("unit-call-memo-never-stale");
}
