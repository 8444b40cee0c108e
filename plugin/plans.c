/* plans.c - what every offload call's dealings with the engine share
 * (engine.h): its entries as the engine sees them, the blocks held for them
 * (FREE -> HELD), the sections it marks in use and its claim, from its plan
 * to its finish (om_residency_finish_call). Which entries are planned how
 * is kernels.c's and program_mappings.c's. */
#include "engine.h"

#include "chunks.h"
#include "host_pages.h"

#include "checks.h"
#include "faults.h"
#include "heap_pages.h"
#include "hot_path.h"
#include "message.h"
#include "offload_abi.h"
#include "pinning.h"
#include "real.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

/* Smaller blocks are left pageable: registering costs more than it saves. */
#define PIN_MIN_BYTES ((uintptr_t)1 << 20)

/* ---- the entries as the engine sees them ---- */

om_takeover_entry om_plan_takeover_entry(const om_map_entries *entries, int32_t i, bool nowait) {
  return (om_takeover_entry){entries->begins[i], entries->sizes[i], entries->types[i],
                             entries->mappers != NULL && entries->mappers[i] != NULL, nowait};
}

bool om_plan_others_map(const om_map_entries *entries, int32_t i, uintptr_t start,
                        uintptr_t end) {
  for (int32_t j = 0; j < entries->count; j++) {
    uintptr_t other = (uintptr_t)entries->begins[j];
    if (j != i && other != 0 && other < end &&
        start < other + (uintptr_t)(entries->sizes[j] > 0 ? entries->sizes[j] : 1))
      return true;
  }
  return false;
}

/* Whether the program has any of [start, end) mapped on some device, or a
 * call in flight maps it through the runtime. */
static bool program_maps(uintptr_t start, uintptr_t end) {
  int device;
  om_mapping mapping;
  return om_shadow_find_overlap(&om_plugin_shadow, start, end, &device, &mapping) ||
         om_claims_touch(&om_engine.claims, start, end);
}

om_takeover_block om_plan_block(const om_map_entries *entries, int32_t i, uintptr_t start,
                                size_t size) {
  return (om_takeover_block){.start = start, .size = size,
                             .unsteady = om_held_unsteady(&om_engine.table, start),
                             .others_map = om_plan_others_map(entries, i, start, start + size),
                             .program_maps = program_maps(start, start + size)};
}

bool om_plan_held_elsewhere(const om_held_section *own, uintptr_t start, uintptr_t end) {
  om_held_table *table = &om_engine.table;
  for (int slot = 0, bound = om_held_slots_bound(table); slot < bound; slot++)
    if (&table->slots[slot] != own && om_held_overlaps(&table->slots[slot], start, end))
      return true;
  return false;
}

om_held_section *om_plan_program_section(uintptr_t begin, uintptr_t end, int device) {
  if (om_engine.mapped_sections == 0)
    return NULL;
  om_held_section *section =
      om_held_find(&om_engine.table, begin, end > begin ? end : begin + 1, device);
  return section != NULL && section->program_refs > 0 ? section : NULL;
}

/* ---- holding a block ---- */

/* The first hold installs the fault handler and the exit handler. */
static void watch_faults_and_exit(void) {
  static bool registered;
  if (registered)
    return;
  registered = true;
  om_faults_install(om_engine_owns_fault);
  if (atexit(om_stop_at_exit) != 0)
    om_warning("cannot register the exit handler of transfer elision");
}

om_held_section *om_plan_hold(uintptr_t begin, uintptr_t end, int device, size_t need) {
  om_held_table *table = &om_engine.table;
  if (om_engine.stopped || !om_make_room(need))
    return NULL;
  om_held_section *slot = om_held_free_slot(table);
  if (slot == NULL)
    return NULL;
  uintptr_t page = om_page_size(), guard_low, guard_high;
  if (!om_heap_owns_pages(begin, end - begin, &guard_low, &guard_high)) {
    guard_low = (begin + page - 1) & ~(page - 1);
    guard_high = end & ~(page - 1);
  }
  if (!om_pages_protectable(guard_low)) {
    om_held_mark_unsteady(table, begin); /* left to the runtime until freed */
    return NULL;
  }
  size_t chunk_count = om_chunk_count(guard_low, guard_high);
  size_t bookkeeping = chunk_count + 2 * page;
  uint8_t *states = mmap(NULL, bookkeeping, PROT_READ | PROT_WRITE,
                         MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (states == MAP_FAILED)
    return NULL;
  om_reference_block(begin, end, device, true);
  char *device_copy = OM_REAL(omp_get_mapped_ptr)((void *)begin, device);
  if (device_copy == NULL) {
    om_reference_block(begin, end, device, false);
    munmap(states, bookkeeping);
    return NULL;
  }
  watch_faults_and_exit();
  *slot = (om_held_section){.chunks = {.begin = begin, .end = end, .guard_low = guard_low,
                                    .guard_high = guard_high, .states = states,
                                    .count = chunk_count},
                         .device = device, .device_copy = device_copy,
                         .bookkeeping = states, .bookkeeping_bytes = bookkeeping};
  uintptr_t edge_bounds[2][2] = {{begin, guard_low}, {guard_high, end}};
  for (int i = 0; i < 2; i++)
    if (edge_bounds[i][0] < edge_bounds[i][1])
      slot->edges[i] = (om_shared_edge){.low = edge_bounds[i][0], .high = edge_bounds[i][1],
                                     .known = states + chunk_count + (size_t)i * page};
  om_chunks_set(&slot->chunks, 0, chunk_count, OM_CHUNK_HOST_NEWER);
  if (guard_high - guard_low >= PIN_MIN_BYTES)
    om_pin_plan((void *)guard_low, guard_high - guard_low, &slot->pin);
  om_engine.device_bytes += end - begin;
  om_held_publish(table, slot, begin);
  return slot;
}

/* ---- the call's sections and claim ---- */

/* Marks the taken entries among the first `count` idle again (the call
 * waits). */
static void release_sections(const om_checked_call *call, const om_presence *taken,
                             int32_t count) {
  for (int32_t i = 0; i < count; i++) {
    if (!om_presence_bit(taken, i))
      continue;
    uintptr_t begin = (uintptr_t)call->entries->begins[i];
    om_held_section *section = om_held_find(
        &om_engine.table, begin, begin + (uintptr_t)call->entries->sizes[i], call->device);
    if (section != NULL)
      section->in_use = false;
  }
  pthread_cond_broadcast(&om_engine.section_idle);
}

void om_plan_entries(const om_checked_call *call, om_residency_plan *plan,
                     om_entry_planner *plan_entry, void *context) {
  const om_map_entries *entries = call->entries;
  for (;;) {
    memset(&plan->taken, 0, sizeof plan->taken);
    memset(&plan->first_references, 0, sizeof plan->first_references);
    plan->any = false;
    bool busy = false;
    int32_t i;
    for (i = 0; i < entries->count && !busy; i++) {
      om_held_section *section = plan_entry(call, plan, i, context, &busy);
      if (section != NULL) {
        section->in_use = true;
        om_presence_set(&plan->taken, i, true);
        plan->any = true;
      }
    }
    if (!busy)
      return;
    release_sections(call, &plan->taken, i < OM_PRESENCE_MAX ? i : OM_PRESENCE_MAX);
    om_engine_wait_for_idle_section();
  }
}

void om_plan_claim(om_residency_plan *plan, const om_map_entries *entries,
                   const om_presence *taken) {
  plan->claim = (om_claim){.entries = entries, .taken = taken};
  om_claims_add(&om_engine.claims, &plan->claim);
  plan->claimed = true;
}

/* om_plan_each_taken's walk, under the lock. */
static void visit_taken(const om_checked_call *call, om_residency_plan *plan,
                        om_taken_visitor *visit, void *context) {
  const om_map_entries *entries = call->entries;
  for (int32_t i = 0; plan->any && i < entries->count && i < OM_PRESENCE_MAX; i++) {
    if (!om_presence_bit(&plan->taken, i))
      continue;
    om_taken_entry taken = {.call = call, .plan = plan, .i = i};
    taken.begin = (uintptr_t)entries->begins[i];
    taken.end = taken.begin + (uintptr_t)entries->sizes[i];
    taken.section = om_held_find(&om_engine.table, taken.begin, taken.end, call->device);
    if (taken.section != NULL)
      visit(&taken, context);
  }
}

void om_plan_each_taken(const om_checked_call *call, om_residency_plan *plan,
                        om_taken_visitor *visit, void *context) {
  if (!plan->any)
    return;
  om_engine_entry entry = om_engine_lock();
  visit_taken(call, plan, visit, context);
  om_engine_unlock(entry);
}

/* ---- the call's finish ---- */

/* The call is done with a taken entry's section (a data call's work was
 * done before it); what a kernel wrote (FROM) is the newest from now on. */
static void finish_entry(const om_taken_entry *taken, void *unused) {
  (void)unused;
  om_held_section *section = taken->section;
  section->in_use = false;
  if (taken->plan->kind != OM_CALL_KERNEL)
    return;
  section->faults = 0;
  if (taken->call->entries->types[taken->i] & OM_MAP_FROM) {
    section->snapshot_is_newest = false; /* restored before the kernel */
    om_section_results_on_device(section, taken->begin, taken->end);
  }
}

OM_HOT void om_residency_finish_call(const om_checked_call *call, om_residency_plan *plan) {
  if (!plan->claimed)
    return;
  om_engine_entry entry = om_engine_lock();
  visit_taken(call, plan, finish_entry, NULL);
  om_claims_remove(&om_engine.claims, &plan->claim);
  plan->claimed = false;
  pthread_cond_broadcast(&om_engine.section_idle);
  om_engine_unlock(entry);
}
