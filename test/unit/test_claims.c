/* The claims of the offload calls in flight (plugin/claims.c): which
 * entries a call maps through the runtime, and whether any claim touches a
 * range, as the engine asks before it holds a heap block. */
#include "check.h"
#include "claims.h"
#include "offload_abi.h"

enum { TARGET_PARAM = 0x20 };

static char block[4096], other[4096];

static om_map_entries entries_of(void **begins, int64_t *sizes, int64_t *types, int32_t count) {
  return (om_map_entries){.count = count, .begins = begins, .sizes = sizes, .types = types};
}

static void which_entries_claim(void) {
  void *begins[] = {block, block, block, block, NULL};
  int64_t sizes[] = {8, 8, 0, 8, 8};
  int64_t types[] = {OM_MAP_TO, OM_MAP_LITERAL | TARGET_PARAM, OM_MAP_TO,
                     OM_MAP_PRIVATE | TARGET_PARAM, OM_MAP_TO};
  om_map_entries e = entries_of(begins, sizes, types, 5);
  CHECK(om_entry_claims(&e, NULL, 0));
  CHECK(!om_entry_claims(&e, NULL, 1)); /* a value, not an address */
  CHECK(!om_entry_claims(&e, NULL, 2)); /* nothing mapped */
  CHECK(om_entry_claims(&e, NULL, 3));  /* firstprivate: read from the host */
  CHECK(!om_entry_claims(&e, NULL, 4));
  om_presence taken = {{0}};
  om_presence_set(&taken, 0, true);
  CHECK(!om_entry_claims(&e, &taken, 0)); /* the engine serves it */
  CHECK(om_entry_claims(&e, &taken, 3));
}

static void claims_touch_ranges(void) {
  om_claims claims = {0};
  uintptr_t low = (uintptr_t)block;
  CHECK(!om_claims_touch(&claims, low, low + sizeof block));

  void *begins_a[] = {block + 100, other};
  int64_t sizes_a[] = {50, 16};
  int64_t types_a[] = {OM_MAP_TO, OM_MAP_FROM};
  om_map_entries a = entries_of(begins_a, sizes_a, types_a, 2);
  om_presence a_taken = {{0}};
  om_claim claim_a = {.entries = &a, .taken = &a_taken};
  om_claims_add(&claims, &claim_a);
  CHECK(om_claims_touch(&claims, low, low + sizeof block));
  CHECK(om_claims_touch(&claims, low + 149, low + 150));
  CHECK(!om_claims_touch(&claims, low + 150, low + 200)); /* half-open */
  CHECK(!om_claims_touch(&claims, low, low + 100));

  /* An entry the engine takes over claims nothing. */
  om_presence_set(&a_taken, 0, true);
  CHECK(!om_claims_touch(&claims, low, low + sizeof block));
  CHECK(om_claims_touch(&claims, (uintptr_t)other, (uintptr_t)other + 1));

  void *begins_b[] = {block};
  int64_t sizes_b[] = {sizeof block};
  int64_t types_b[] = {OM_MAP_TO | OM_MAP_FROM};
  om_map_entries b = entries_of(begins_b, sizes_b, types_b, 1);
  om_claim claim_b = {.entries = &b, .taken = NULL};
  om_claims_add(&claims, &claim_b);
  CHECK(om_claims_touch(&claims, low + 4000, low + 4001));

  om_claims_remove(&claims, &claim_a); /* from behind the first */
  CHECK(!om_claims_touch(&claims, (uintptr_t)other, (uintptr_t)other + 1));
  CHECK(om_claims_touch(&claims, low, low + 1));
  om_claims_remove(&claims, &claim_b);
  CHECK(claims.first == NULL);
  CHECK(!om_claims_touch(&claims, low, low + sizeof block));
}

int main(void) {
  which_entries_claim();
  claims_touch_ranges();
  return check_failures != 0;
}
