/* kernels.c - a kernel's entries and the engine (engine.h): which are taken
 * over (their blocks held and marked in use by its plan), their device
 * copies made current before it runs, and the sections the program maps
 * through the engine kept for the host before any kernel may write them.
 * The kernel's finish is plans.c's. */
#include "engine.h"

#include "chunks.h"
#include "host_pages.h"

#include "allocations.h"
#include "checks.h"
#include "facts.h"
#include "hot_path.h"
#include "offload_abi.h"
#include "real.h"


/* Whether entry i, mapped TO only, expects the kernel's writes to its
 * device copy to be discarded: so unless the rewriter proved that the
 * kernel only reads the section. */
static bool entry_discards(const om_map_entries *entries, int32_t i) {
  uintptr_t begin = (uintptr_t)entries->begins[i], end = begin + (uintptr_t)entries->sizes[i];
  int64_t type = entries->types[i];
  return (type & OM_MAP_TO) && !(type & OM_MAP_FROM) && !om_facts_reads_only(begin, end);
}

/* Whether entry i may be taken over, by the policy (takeover.h), with its
 * heap block [*start, *start + *size). */
static bool can_take_over(const om_checked_call *call, int32_t i, bool nowait, uintptr_t *start,
                          size_t *size) {
  if (i >= OM_PRESENCE_MAX)
    return false;
  om_takeover_entry entry = om_plan_takeover_entry(call->entries, i, nowait);
  if (!om_takeover_entry_eligible(&entry) || !om_checks_heap_block_of(call, i, start, size))
    return false;
  om_takeover_block block = om_plan_block(call->entries, i, *start, *size);
  return om_takeover_block_eligible(&entry, &block, om_page_size());
}

/* Whether kernel entry i lies in a section the program maps through the
 * engine, so that the runtime finds it present and copies nothing, as it
 * would without the plugin: not with `always` or a mapper, which copy. */
static bool present_in_program_section(const om_checked_call *call, int32_t i) {
  const om_map_entries *entries = call->entries;
  uintptr_t begin = (uintptr_t)entries->begins[i];
  int64_t size = entries->sizes[i];
  return begin != 0 && size >= 0 && !(entries->types[i] & OM_MAP_ALWAYS) &&
         (entries->mappers == NULL || entries->mappers[i] == NULL) &&
         om_plan_program_section(begin, begin + (uintptr_t)size, call->device) != NULL;
}

/* Entry i (om_entry_planner): the section that serves it, held now if it
 * was not; or NULL when the runtime maps the entry, after the sections it
 * overlaps were given back. *busy when a section it needs is in use by
 * another kernel. */
static om_held_section *plan_entry(const om_checked_call *call, om_residency_plan *plan,
                                   int32_t i, void *context, bool *busy) {
  (void)plan;
  bool nowait = *(const bool *)context;
  const om_map_entries *entries = call->entries;
  uintptr_t begin = (uintptr_t)entries->begins[i], end = begin + (uintptr_t)entries->sizes[i];
  uintptr_t start;
  size_t size;
  if (can_take_over(call, i, nowait, &start, &size)) {
    om_held_section *section = om_held_find(&om_engine.table, begin, end, call->device);
    if (!om_plan_held_elsewhere(section, start, start + size)) {
      if (section == NULL)
        section = om_plan_hold(start, start + size, call->device,
                               entry_discards(entries, i) ? 2 * size : size);
      else if (section->in_use)
        *busy = true;
      if (section == NULL || *busy)
        return NULL; /* not held: nothing overlaps it */
      return section;
    }
  }
  if (present_in_program_section(call, i))
    return NULL;
  if (om_entry_claims(entries, NULL, i) &&
      om_give_back_idle_overlapping(begin, end, true, OM_GIVE_BACK_EARLY) != NULL)
    *busy = true;
  return NULL;
}

/* Device memory for the snapshot of a section mapped TO only, counted
 * against the cache before anything is copied; false when there is no room
 * (the section, which this kernel uses, is never evicted for it). */
static bool room_for_snapshot(om_held_section *section) {
  if (section->snapshot != NULL)
    return true;
  size_t bytes = om_held_bytes(section);
  if (!om_make_room(bytes))
    return false;
  section->snapshot = OM_REAL(omp_target_alloc)(bytes, section->device);
  if (section->snapshot == NULL)
    return false;
  om_engine.device_bytes += bytes;
  return true;
}

/* Something other than the engine may now write the device copies of the
 * sections the program maps on device (-1: any): a kernel is about to run.
 * The snapshot then keeps the host's data of every chunk not newer on the
 * host: that of chunks newer on the device (the program has not seen the
 * copy back yet; a host read inside the region must find it), and, when
 * the mapping is likely to end without FROM, of those in step, so that
 * its end restores the device copy instead of copying them all again.
 * When the snapshot does not fit, the chunks newer on the device come back
 * to the host instead, and the end treats the chunks in step as changed. */
static void device_may_write_program_sections(int device) {
  om_held_table *table = &om_engine.table;
  for (int i = 0, bound = om_held_slots_bound(table); om_engine.mapped_sections > 0 && i < bound;
       i++) {
    om_held_section *section = &table->slots[i];
    if (section->program_refs == 0 || (device >= 0 && section->device != device))
      continue;
    om_section_forget_edges(section);
    /* Once diverged, no chunk becomes newer on the device until the
     * mapping ends (updates from the device come back at once). */
    if (section->device_diverged)
      continue;
    section->device_diverged = true;
    size_t first, last;
    bool device_newer =
        om_chunks_next_run(&section->chunks, OM_CHUNK_DEVICE_NEWER, 0, &first, &last);
    if (section->snapshot_is_newest || (!device_newer && section->program_copies_back))
      continue;
    if (room_for_snapshot(section))
      om_section_keep_snapshot(section);
    else if (device_newer)
      om_section_fetch(section, 0, section->chunks.count);
  }
}

void om_residency_plan_kernel(const om_checked_call *call, bool nowait, om_residency_plan *plan) {
  plan->kind = OM_CALL_KERNEL;
  plan->any = plan->claimed = false;
  if (!om_residency_enabled())
    return;
  om_engine_entry entry = om_engine_lock();
  om_plan_entries(call, plan, plan_entry, &nowait);
  device_may_write_program_sections(call->device);
  om_plan_claim(plan, call->entries, &plan->taken);
  om_engine_unlock(entry);
}

bool om_residency_kernel_touches_holdable(const om_checked_call *call) {
  _Static_assert(OM_TAKEOVER_MIN_BYTES >= OM_ALLOCATIONS_SMALL_BYTES,
                 "held blocks are all in the allocation record's large table");
  const om_map_entries *entries = call->entries;
  for (int32_t i = 0; i < entries->count; i++) {
    uintptr_t begin = (uintptr_t)entries->begins[i];
    if (om_entry_claims(entries, NULL, i) &&
        om_allocations_large_may_overlap(begin, begin + (uintptr_t)entries->sizes[i]))
      return true;
  }
  return false;
}

OM_HOT bool om_residency_plan_kernel_none_taken(const om_checked_call *call, bool touches_holdable,
                                                om_residency_plan *plan) {
  plan->kind = OM_CALL_KERNEL;
  plan->any = plan->claimed = false;
  if (!om_residency_enabled())
    return true;
  const om_map_entries *entries = call->entries;
  /* Sections the program maps through the engine need a look before any
   * kernel runs on their device (device_may_write_program_sections); a data
   * call that maps one happens before a kernel that may use it. */
  if (__atomic_load_n(&om_engine.mapped_sections, __ATOMIC_ACQUIRE) == 0 && !touches_holdable)
    return true;
  om_engine_entry entry = om_engine_lock();
  for (int32_t i = 0; i < entries->count; i++) {
    uintptr_t begin = (uintptr_t)entries->begins[i];
    if (om_entry_claims(entries, NULL, i) &&
        om_held_maybe_near(&om_engine.table, begin, begin + (uintptr_t)entries->sizes[i])) {
      om_engine_unlock(entry);
      return false;
    }
  }
  device_may_write_program_sections(call->device);
  om_plan_claim(plan, entries, NULL);
  om_engine_unlock(entry);
  return true;
}

void om_residency_unplanned_kernel(int device) {
  if (!om_residency_enabled())
    return;
  om_engine_entry entry = om_engine_lock();
  device_may_write_program_sections(device);
  om_engine_unlock(entry);
}

/* Makes the device copy of entry i's section ready for the kernel; false
 * (the section given back) when its snapshot does not fit. */
static bool prepare_entry(const om_checked_call *call, int32_t i, om_held_section *section) {
  const om_map_entries *entries = call->entries;
  uintptr_t begin = (uintptr_t)entries->begins[i], end = begin + (uintptr_t)entries->sizes[i];
  bool discards = entry_discards(entries, i);
  if (discards && !room_for_snapshot(section)) {
    section->in_use = false;
    om_give_back(section, true, OM_GIVE_BACK_DONE);
    return false;
  }
  section->row = om_entry_row(&om_plugin_transfers, entries, i, call->origin);
  if (entries->types[i] & OM_MAP_TO)
    om_section_make_device_current(section, begin, end, discards);
  else if (section->snapshot_is_newest) /* the kernel's results go into the device copy */
    om_section_restore_snapshot(section, false);
  if (discards)
    om_section_keep_snapshot(section);
  om_pin_rest(&section->pin); /* locked by now unless nothing was copied up (pinning.h) */
  section->last_used = ++om_engine.use_clock;
  return true;
}

/* What the checks learn of the kernel's presence (om_residency_enter_kernel). */
typedef struct {
  om_presence *before, *tracked;
} kernel_presence;

static void enter_entry(const om_taken_entry *taken, void *context) {
  kernel_presence *presence = context;
  bool ready = prepare_entry(taken->call, taken->i, taken->section);
  /* Given back when not ready: the runtime maps it, copying, and its
   * presence after the call is probed. */
  om_presence_set(&taken->plan->taken, taken->i, ready);
  om_presence_set(presence->before, taken->i, ready);
  om_presence_set(presence->tracked, taken->i, false);
}

void om_residency_enter_kernel(const om_checked_call *call, om_residency_plan *plan,
                               om_presence *before, om_presence *tracked) {
  kernel_presence presence = {before, tracked};
  om_plan_each_taken(call, plan, enter_entry, &presence);
}
