/* program_mappings.c - the program's own mappings of whole held blocks
 * (engine.h; residency.h says which): `target data`, `enter data` and
 * `exit data` served by the engine, which counts the program's references
 * and makes the copies they require, and `target update` of a section
 * inside such a mapping. */
#include "engine.h"

#include "chunks.h"
#include "host_pages.h"

#include "checks.h"
#include "offload_abi.h"
#include "stale.h"


/* ---- the plan ---- */

/* Whether the engine may serve some entries of a data call: few entries
 * (those served are left out of a copy of the call's arrays), none of
 * them a struct member (whose parent is named by its index), and not
 * while the stale checks guard the program's mapped buffers. */
static bool call_servable(const om_map_entries *entries, bool nowait) {
  if (nowait || entries->count > OM_RESIDENCY_SERVED_ENTRIES || om_stale_enabled())
    return false;
  for (int32_t i = 0; i < entries->count; i++)
    if (entries->types[i] & OM_MAP_MEMBER_OF)
      return false;
  return true;
}

/* A data begin's entry i that maps a whole heap block: the section that
 * serves it (held now if it was not), or NULL when the runtime maps it. */
static om_held_section *plan_mapping_begin(const om_checked_call *call, int32_t i, bool *busy) {
  const om_map_entries *entries = call->entries;
  om_takeover_entry entry = om_plan_takeover_entry(entries, i, false);
  /* alloc too: the engine's copy is the program's device data from now on */
  om_takeover_entry as_copy = entry;
  as_copy.type |= OM_MAP_TO;
  uintptr_t start;
  size_t size;
  if (!om_takeover_entry_eligible(&as_copy) || !om_checks_heap_block_of(call, i, &start, &size) ||
      (uintptr_t)entry.begin != start || (size_t)entry.size != size ||
      om_plan_others_map(entries, i, start, start + size))
    return NULL;
  om_held_section *section = om_held_find(&om_engine.table, start, start + size, call->device);
  if (section == NULL || section->program_refs == 0) { /* the program's first reference */
    om_takeover_block block = om_plan_block(entries, i, start, size);
    if (!om_takeover_block_eligible(&entry, &block, om_page_size()) ||
        om_plan_held_elsewhere(section, start, start + size))
      return NULL;
  }
  if (section == NULL)
    return om_plan_hold(start, start + size, call->device, size);
  if (section->in_use)
    *busy = true;
  return *busy ? NULL : section;
}

/* A data end's or update's entry i inside a section the program maps
 * through the engine: that section, or NULL when the call is left to the
 * runtime (the section then goes back to it). An end must name the whole
 * block, as the begin did. */
static om_held_section *plan_mapping_use(const om_checked_call *call, om_call_kind kind,
                                         int32_t i, bool *busy) {
  const om_map_entries *entries = call->entries;
  uintptr_t begin = (uintptr_t)entries->begins[i], end = begin + (uintptr_t)entries->sizes[i];
  int64_t type = entries->types[i];
  int64_t allowed = kind == OM_CALL_DATA_END
                        ? OM_MAP_TO | OM_MAP_FROM | OM_MAP_DELETE | OM_MAP_IMPLICIT
                        : OM_MAP_TO | OM_MAP_FROM;
  if (begin == 0 || entries->sizes[i] <= 0 || (type & ~allowed) != 0 ||
      (entries->mappers != NULL && entries->mappers[i] != NULL))
    return NULL;
  om_held_section *section = om_plan_program_section(begin, end, call->device);
  if (section == NULL ||
      om_plan_others_map(entries, i, section->chunks.begin, section->chunks.end) ||
      (kind == OM_CALL_DATA_END &&
       (begin != section->chunks.begin || end != section->chunks.end)) ||
      (kind == OM_CALL_DATA_UPDATE && !(type & (OM_MAP_TO | OM_MAP_FROM))))
    return NULL;
  if (section->in_use)
    *busy = true;
  return *busy ? NULL : section;
}

/* An entry the runtime gets: the held sections it overlaps go back, and so
 * does the one whose device address it asks for (use_device_ptr or
 * use_device_addr: without the plugin the runtime would not find a block
 * the engine holds for itself, and the program must not write a device
 * copy the engine keeps in step). True when one is in use meanwhile. */
static bool give_back_for_runtime(const om_map_entries *entries, int32_t i) {
  uintptr_t begin = (uintptr_t)entries->begins[i];
  if (entries->types[i] & OM_MAP_RETURN_PARAM)
    return begin != 0 &&
           om_give_back_idle_overlapping(begin, begin + 1, true, OM_GIVE_BACK_EARLY) != NULL;
  return om_entry_claims(entries, NULL, i) &&
         om_give_back_idle_overlapping(begin, begin + (uintptr_t)entries->sizes[i], true,
                                       OM_GIVE_BACK_EARLY) != NULL;
}

/* Entry i (om_entry_planner; context: whether the call is servable): the
 * section that serves it, or NULL when the runtime gets it. */
static om_held_section *plan_entry(const om_checked_call *call, om_residency_plan *plan,
                                   int32_t i, void *context, bool *busy) {
  bool servable = *(const bool *)context;
  om_held_section *section = NULL;
  if (servable)
    section = plan->kind == OM_CALL_DATA_BEGIN ? plan_mapping_begin(call, i, busy)
                                               : plan_mapping_use(call, plan->kind, i, busy);
  if (section != NULL)
    om_presence_set(&plan->first_references, i,
                    plan->kind == OM_CALL_DATA_BEGIN && section->program_refs == 0);
  else if (!*busy)
    *busy = give_back_for_runtime(call->entries, i);
  return section;
}

void om_residency_plan_data(const om_checked_call *call, om_call_kind kind, bool nowait,
                            om_residency_plan *plan) {
  plan->kind = kind;
  plan->any = plan->claimed = false;
  if (!om_residency_enabled())
    return;
  bool servable = call_servable(call->entries, nowait);
  om_engine_entry entry = om_engine_lock();
  om_plan_entries(call, plan, plan_entry, &servable);
  om_plan_claim(plan, call->entries, &plan->taken);
  om_engine_unlock(entry);
}

void om_residency_presence_without_engine(const om_residency_plan *plan, om_presence *before) {
  if (!plan->any)
    return;
  for (size_t w = 0; w < OM_PRESENCE_MAX / 64; w++)
    before->bits[w] &= ~plan->first_references.bits[w];
}

/* ---- begin and end ---- */

/* The program's first reference copies the host's data to the device
 * (with TO); later ones find it present and copy nothing. */
static void begin_program_mapping(om_held_section *section, int64_t type) {
  if (section->program_refs++ > 0) {
    section->program_copies_back |= (type & OM_MAP_FROM) != 0;
    return;
  }
  om_engine.mapped_sections++;
  section->program_copies_back = (type & OM_MAP_FROM) != 0;
  if (type & OM_MAP_TO) {
    /* A mapping that is likely to end without FROM keeps the snapshot the
     * newest (it is restored, not copied again, at the next step). */
    om_section_make_device_current(section, section->chunks.begin, section->chunks.end,
                                   !section->program_copies_back);
    section->device_diverged = false;
  } else { /* the device copy is the program's now, whatever it holds */
    section->device_diverged = section->snapshot_is_newest;
  }
  om_pin_rest(&section->pin); /* locked by now unless nothing was copied up (pinning.h) */
}

/* The program's device data goes without FROM: the device must hold the
 * host's data again wherever the chunks say it does. The snapshot, if it
 * was kept before the first kernel, holds it: it stays the newest, as
 * after a kernel that maps a section TO only, and is restored before the
 * device copy is used again. Else the chunks in step count as changed on
 * the host. */
static void discard_program_device_data(om_held_section *section) {
  if (section->snapshot_is_newest)
    return;
  if (!section->device_diverged)
    return;
  om_section_hand_in_step_to_host(section);
  om_section_forget_edges(section);
}

/* A reference ends (all of them with DELETE); the last one brings the
 * device's data back (with FROM, lazily) or discards it. */
static void end_program_mapping(om_held_section *section, int64_t type) {
  section->program_refs = (type & OM_MAP_DELETE) ? 0 : section->program_refs - 1;
  if (section->program_refs > 0)
    return;
  om_engine.mapped_sections--;
  if (type & OM_MAP_FROM) {
    section->snapshot_is_newest = false; /* the device copy is the newest of it all */
    om_section_results_on_device(section, section->chunks.begin, section->chunks.end);
  } else {
    discard_program_device_data(section);
  }
  section->device_diverged = false;
}

/* ---- target update ---- */

/* `target update to` of the part [begin, end) of a chunk that the range
 * does not cover whole: exactly those bytes, unless the device holds them. */
static size_t update_device_part(om_held_section *section, size_t chunk, uintptr_t begin,
                                 uintptr_t end) {
  uintptr_t from = om_chunk_data_low(&section->chunks, chunk),
            to = om_chunk_data_high(&section->chunks, chunk);
  if (!om_clip(&from, &to, begin, end) ||
      (!section->device_diverged &&
       section->chunks.states[chunk] != OM_CHUNK_HOST_NEWER))
    return 0;
  om_held_copy_to_device(section, from, to - from);
  return to - from;
}

/* `target update to` of [begin, end): the device gets the host's bytes of
 * exactly that range (the rest of its copy is the program's device data),
 * copying only what it does not hold already. */
static void update_program_device(om_held_section *section, uintptr_t begin, uintptr_t end) {
  size_t copied = om_held_copy_edges(section, begin, end, OM_TO_DEVICE);
  size_t first, last;
  if (om_chunks_meeting(&section->chunks, begin, end, &first, &last)) {
    om_section_fetch(section, first, last); /* the host's data first, where the device has it */
    size_t whole_first = om_chunk_data_low(&section->chunks, first) >= begin ? first : first + 1;
    size_t whole_last = om_chunk_data_high(&section->chunks, last - 1) <= end ? last : last - 1;
    if (whole_first < whole_last && !section->device_diverged) {
      copied += om_section_upload_host_newer(section, whole_first, whole_last);
    } else if (whole_first < whole_last) {
      for (size_t from = whole_first, run_first, run_last;
           om_section_next_host_newer_run(section, from, whole_last, &run_first, &run_last);
           from = run_last)
        ; /* in step once the copy below is made */
      uintptr_t low = om_chunk_data_low(&section->chunks, whole_first),
                high = om_chunk_data_high(&section->chunks, whole_last - 1);
      om_held_copy_to_device(section, low, high - low);
      copied += high - low;
    }
    /* The chunks the range covers in part: the first, the last, or one
     * that is both. */
    bool first_partial = whole_first != first;
    if (first_partial)
      copied += update_device_part(section, first, begin, end);
    if (whole_last != last && !(first_partial && last - 1 == first))
      copied += update_device_part(section, last - 1, begin, end);
  }
  om_held_count_elided(section, OM_TO_DEVICE, end - begin > copied ? end - begin - copied : 0,
                       OM_ELIDED_UNCHANGED);
}

/* `target update from` of [begin, end): the host gets the device's bytes
 * now (the program asks because it is about to read them; left on the
 * device, they would need a snapshot before the next kernel). Where the
 * snapshot keeps the host's data, this range joins it there. */
static void update_program_host(om_held_section *section, uintptr_t begin, uintptr_t end) {
  if (section->snapshot_is_newest) {
    size_t offset = begin - section->chunks.begin;
    om_held_copy_on_device(section, section->snapshot + offset, section->device_copy + offset,
                           end - begin);
  }
  om_section_results_on_device(section, begin, end);
  size_t first, last;
  if (om_chunks_meeting(&section->chunks, begin, end, &first, &last))
    om_section_fetch(section, first, last);
}

static void enter_entry(const om_taken_entry *taken, void *unused) {
  (void)unused;
  const om_map_entries *entries = taken->call->entries;
  om_held_section *section = taken->section;
  int64_t type = entries->types[taken->i];
  section->row = om_entry_row(&om_plugin_transfers, entries, taken->i, taken->call->origin);
  section->last_used = ++om_engine.use_clock;
  if (taken->plan->kind == OM_CALL_DATA_BEGIN) {
    begin_program_mapping(section, type);
  } else if (taken->plan->kind == OM_CALL_DATA_END) {
    end_program_mapping(section, type);
  } else {
    if (type & OM_MAP_TO)
      update_program_device(section, taken->begin, taken->end);
    if (type & OM_MAP_FROM)
      update_program_host(section, taken->begin, taken->end);
  }
}

void om_residency_enter_data(const om_checked_call *call, om_residency_plan *plan) {
  om_plan_each_taken(call, plan, enter_entry, NULL);
}
