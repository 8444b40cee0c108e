/* unit-checks-learned-absence: the checks ask the runtime whether a map
 * section is present only when the shadow cannot tell. A heap block or a
 * stack array found absent once is not probed again while nothing maps
 * behind the shadow's back; static storage (where the runtime maps declare
 * target globals itself) is probed every time; a user-defined mapper, a
 * PTR_AND_OBJ pointer slot over the address, or a call passed through
 * unobserved make the checks probe again; an address the runtime holds is
 * never learned absent. */
#include "allocations.h"
#include "check.h"
#include "checks.h"
#include "offload_abi.h"

#include <stdlib.h>

/* A fake runtime: [held_begin, held_end) is mapped; probes are counted. */
static uintptr_t held_begin, held_end;
static int probes;

static int fake_is_present(const void *ptr, int device) {
  (void)device;
  probes++;
  return (uintptr_t)ptr >= held_begin && (uintptr_t)ptr < held_end;
}

typedef struct {
  void *begin;
  int64_t size;
  int64_t type;
  void *base;   /* NULL: the begin */
  void *mapper; /* NULL: none */
} entry;

enum { TOFROM = OM_MAP_TO | OM_MAP_FROM };

/* A tofrom section without a base pointer of its own or a mapper. */
static entry section(void *begin, int64_t size) {
  return (entry){.begin = begin, .size = size, .type = TOFROM, .base = NULL, .mapper = NULL};
}

/* One target region of a single entry as the plugin drives the checks:
 * presence, maps, unmaps. Returns whether the entry counted as present. */
static bool region(entry e) {
  void *begins[] = {e.begin};
  int64_t sizes[] = {e.size};
  int64_t types[] = {e.type};
  void *bases[] = {e.base != NULL ? e.base : e.begin};
  void *mappers[] = {e.mapper};
  om_map_entries entries = {1, begins, sizes, types, NULL, e.mapper != NULL ? mappers : NULL};
  om_call_origin origin = {";t.c;main;1;1;;", NULL};
  om_presence before, tracked, still_mapped;
  om_checked_call call = {0, &entries, bases, &origin, &before, false};
  om_checks_presence_before(&call, fake_is_present, &before, &tracked, NULL);
  om_checks_before_map(&call, NULL, NULL);
  om_checks_after_unmap(&call, &still_mapped, NULL);
  return om_presence_bit(&before, 0);
}

static double global_array[16];

/* Probes made by `regions` regions mapping e, which the runtime lacks. */
static int probes_for(entry e, int regions) {
  int before = probes;
  for (int i = 0; i < regions; i++)
    CHECK(!region(e));
  return probes - before;
}

/* A recorded heap block of 16 doubles, with nothing learned about it. */
static double *heap_block(void) {
  om_shadow_forget_absent_all(&om_plugin_shadow);
  double *block = malloc(16 * sizeof *block);
  CHECK(om_allocation_add(block, 16 * sizeof *block));
  return block;
}

static void free_heap_block(double *block) {
  size_t size;
  CHECK(om_allocation_take(block, &size));
  free(block);
}

static void test_heap_stack_and_static(void) {
  double *heap = heap_block();
  double stack[16];
  CHECK_EQ_U64(probes_for(section(heap, 16 * sizeof *heap), 5), 1);
  CHECK_EQ_U64(probes_for(section(heap, 16 * sizeof *heap), 5), 0);
  CHECK_EQ_U64(probes_for(section(stack, sizeof stack), 5), 1);
  CHECK_EQ_U64(probes_for(section(global_array, sizeof global_array), 5), 5);
  /* A section inside the block, found through its base pointer. */
  entry inner = section(heap + 4, 4 * sizeof *heap);
  inner.base = heap;
  CHECK_EQ_U64(probes_for(inner, 3), 1);
  free_heap_block(heap);
}

static void test_forgetting(void) {
  double *heap = heap_block();
  entry whole = section(heap, 16 * sizeof *heap);
  CHECK_EQ_U64(probes_for(whole, 2), 1);
  /* The runtime maps the pointer slot of a PTR_AND_OBJ entry itself: here
   * the block holds the pointer. */
  static double pointee[4];
  entry member = section(pointee, sizeof pointee);
  member.type |= OM_MAP_PTR_AND_OBJ;
  member.base = heap;
  region(member);
  CHECK_EQ_U64(probes_for(whole, 2), 1);
  /* A slot elsewhere leaves the block's absence alone. */
  static void *slot;
  member.base = &slot;
  region(member);
  CHECK_EQ_U64(probes_for(whole, 2), 0);
  /* A user-defined mapper may map anything. */
  static int mapper_marker;
  entry mapped = section(pointee, sizeof pointee);
  mapped.mapper = &mapper_marker;
  region(mapped);
  CHECK_EQ_U64(probes_for(whole, 2), 1);
  /* So may a call the plugin passed through. */
  om_checks_unseen_call();
  CHECK_EQ_U64(probes_for(whole, 2), 1);
  free_heap_block(heap);
}

static void test_present_is_not_learned(void) {
  double *heap = heap_block();
  held_begin = (uintptr_t)heap, held_end = (uintptr_t)(heap + 16);
  int before = probes;
  for (int i = 0; i < 3; i++)
    CHECK(region(section(heap, 16 * sizeof *heap)));
  CHECK_EQ_U64(probes - before, 3);
  held_begin = held_end = 0;
  free_heap_block(heap);
}

int main(void) {
  om_shadow_init(&om_plugin_shadow);
  test_heap_stack_and_static();
  test_forgetting();
  test_present_is_not_learned();
  return check_report("unit-checks-learned-absence");
}
