/* residency.c - device copies kept resident across regions (residency.h).
 *
 * The engine: every change of a held block's state, and so everything that
 * must run under the engine lock (kernels, give-backs, faults, system calls,
 * fork and exit), is here, over 600 lines, so that the concurrency model in
 * residency.h can be checked against one file. What can be tested alone is
 * in takeover.c, chunks.c, host_pages.c, held_table.c and held_copies.c. */
#include "residency.h"

#include "chunks.h"
#include "claims.h"
#include "exposures.h"
#include "held.h"
#include "host_pages.h"
#include "takeover.h"

#include "facts.h"
#include "faults.h"
#include "heap_pages.h"
#include "message.h"
#include "offload_abi.h"
#include "options.h"
#include "pinning.h"
#include "real.h"
#include "stale.h"
#include "state.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

/* After this many faults on one section since its last kernel, the next
 * fault copies (or releases) the whole section: the host is scanning it. */
#define FAULTS_BEFORE_WHOLE 2
/* Smaller blocks are left pageable: registering costs more than it saves. */
#define PIN_MIN_BYTES ((uintptr_t)1 << 20)

static om_held_table table;
const om_held_table *const om_residency_held = &table;
static om_claims claims; /* the calls in flight that map through the runtime */
static om_exposures exposures; /* buffers MPI transports may touch unseen */
static pthread_mutex_t engine_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t section_idle = PTHREAD_COND_INITIALIZER;
static uint64_t use_clock;
static size_t device_bytes; /* device copies and snapshots held */
static size_t cache_bytes;
static om_elide_policy policy;
static bool exit_handler_registered;
/* Set at exit: nothing is held from then on. Under the engine lock. */
static bool stopped;
/* Held sections the program maps through the engine (program_refs > 0). */
static unsigned mapped_sections;

/* Set while this thread runs engine code under the lock: a fault then is
 * the engine's own bug, not the program's access, and must not wait for
 * the lock. */
static _Thread_local bool in_engine __attribute__((tls_model("initial-exec")));

void om_residency_configure(void) {
  policy = (om_elide_policy)om_option_choice(OM_OPTION_ELIDE);
  cache_bytes = (size_t)om_option_number(OM_OPTION_CACHE_MB) << 20;
  if (policy != OM_ELIDE_OFF && !om_checks_enabled()) {
    if (om_options()->values[OM_OPTION_ELIDE].given)
      om_warning("OWNMAP_ELIDE needs the mapping shadow of OWNMAP_CHECKS=fast or full; "
               "transfer elision is off");
    policy = OM_ELIDE_OFF;
  }
}

static bool active(void) { return policy != OM_ELIDE_OFF; }

/* ---- the engine lock; calls into the runtime count as its own ---- */

typedef struct {
  om_runtime_entry runtime;
} engine_entry;

static engine_entry lock_engine(void) {
  pthread_mutex_lock(&engine_lock);
  engine_entry entry = {om_runtime_enter()};
  in_engine = true;
  return entry;
}

static void unlock_engine(engine_entry entry) {
  in_engine = false;
  om_runtime_leave(entry.runtime);
  pthread_mutex_unlock(&engine_lock);
}

/* Fills pages aside from the device's newest copy (om_pages_fill). */
static void fill_from_device(void *section, void *target, uintptr_t host, size_t bytes) {
  om_held_copy_from_device(section, target, host, bytes);
}

/* Copies the device's bytes [from, to) into the pages of chunks [first,
 * last), which are protected (PROT_NONE, so that no host thread sees half
 * a copy), and leaves them read-only: by DMA in place when the block is
 * page-locked for a device whose copies are DMA (host threads still fault
 * meanwhile), else into the pages moved aside. Bytes of the pages outside
 * [from, to) keep their contents. */
static void copy_back_protected(om_held_section *section, size_t first, size_t last, uintptr_t from,
                                uintptr_t to) {
  uintptr_t low = om_chunk_low(&section->chunks, first),
            high = om_chunk_high(&section->chunks, last - 1);
  if (om_held_copies_by_dma(section)) {
    om_held_copy_from_device(section, (void *)from, from, to - from);
    om_pages_protect(low, high - low, PROT_READ);
    return;
  }
  om_pages_fill_protected(low, high, from, to, fill_from_device, section);
}

/* Brings chunks [first, last) (all newer on the device) back. */
static void fetch_run(om_held_section *section, size_t first, size_t last) {
  copy_back_protected(section, first, last, om_chunk_data_low(&section->chunks, first),
                      om_chunk_data_high(&section->chunks, last - 1));
  om_chunks_set(&section->chunks, first, last, OM_CHUNK_IN_STEP);
}

static void fetch_chunks(om_held_section *section, size_t from, size_t to) {
  size_t first, last;
  while (from < to &&
         om_chunks_next_run(&section->chunks, OM_CHUNK_DEVICE_NEWER, from, &first, &last) &&
         first < to) {
    if (last > to)
      last = to;
    fetch_run(section, first, last);
    from = last;
  }
}

/* Whether an exposure (exposures.h; for writing only, if writes_only)
 * meets chunk i. */
static bool chunk_exposed(const om_held_section *section, size_t i, bool writes_only) {
  return om_exposures_any(&exposures) &&
         om_exposures_meet(&exposures, om_chunk_low(&section->chunks, i),
                           om_chunk_high(&section->chunks, i), writes_only);
}

/* The end of the run of chunks from first on (before last) that are all
 * exposed for writing, or all not; which in *exposed. */
static size_t same_write_exposure(const om_held_section *section, size_t first, size_t last,
                                  bool *exposed) {
  *exposed = chunk_exposed(section, first, true);
  if (!om_exposures_any(&exposures))
    return last;
  size_t end = first + 1;
  while (end < last && chunk_exposed(section, end, true) == *exposed)
    end++;
  return end;
}

/* The next run [*first, *last) of chunks the host wrote, from `from` on
 * and before `to`, or false: read-only and in step from now on, before the
 * copy that puts them in step, so that a host write during it faults and
 * is seen. A run exposed for writing stays writable and newer on the
 * host: a transport may write it without a fault. */
static bool next_host_newer_run(om_held_section *section, size_t from, size_t to, size_t *first,
                                size_t *last) {
  if (from >= to ||
      !om_chunks_next_run(&section->chunks, OM_CHUNK_HOST_NEWER, from, first, last) ||
      *first >= to)
    return false;
  bool exposed;
  *last = same_write_exposure(section, *first, *last < to ? *last : to, &exposed);
  if (!exposed) {
    uintptr_t low = om_chunk_low(&section->chunks, *first),
              high = om_chunk_high(&section->chunks, *last - 1);
    om_pages_protect(low, high - low, PROT_READ);
    om_chunks_set(&section->chunks, *first, *last, OM_CHUNK_IN_STEP);
  }
  return true;
}

/* Copies the chunks in [from, to) that the host wrote to the device (see
 * next_host_newer_run). Returns the bytes. */
static size_t upload_host_newer(om_held_section *section, size_t from, size_t to) {
  size_t first, last, bytes = 0;
  for (; next_host_newer_run(section, from, to, &first, &last); from = last) {
    uintptr_t data_begin = om_chunk_data_low(&section->chunks, first),
              data_end = om_chunk_data_high(&section->chunks, last - 1);
    om_held_copy_to_device(section, data_begin, data_end - data_begin);
    bytes += data_end - data_begin;
  }
  return bytes;
}

static bool owns_fault(uintptr_t address);
static bool room_for_snapshot(om_held_section *section);
static void keep_snapshot(om_held_section *section);
static void give_back_early(uintptr_t begin, uintptr_t end);
static void let_host_write(om_held_section *section, size_t first, size_t last);

/* ---- the table ---- */

/* Waits for some section to become idle or be given back. The caller
 * holds no section (in_use) and, on waking, looks its sections up again:
 * while it waited any slot may have been given back and held again for
 * another block. */
static void wait_for_idle_section(void) { pthread_cond_wait(&section_idle, &engine_lock); }

/* Takes (or drops) one reference on the whole block through the runtime:
 * a map entry of type 0, which copies nothing. */
static void reference_block(uintptr_t begin, uintptr_t end, int device, bool take) {
  void *base = (void *)begin;
  int64_t size = (int64_t)(end - begin), type = 0;
  if (take)
    OM_REAL(__tgt_target_data_begin_mapper)(NULL, device, 1, &base, &base, &size, &type, NULL, NULL);
  else
    OM_REAL(__tgt_target_data_end_mapper)(NULL, device, 1, &base, &base, &size, &type, NULL, NULL);
}

/* The program's references to its mapping of the section go to the
 * runtime, on the same device memory (which holds the program's device
 * data), so that its later maps, ends and updates find what they would
 * have found without the plugin. */
static void hand_program_mapping_over(om_held_section *section) {
  for (unsigned i = 0; i < section->program_refs; i++)
    reference_block(section->chunks.begin, section->chunks.end, section->device, true);
  section->program_refs = 0;
  section->device_diverged = false;
  mapped_sections--;
}

typedef enum {
  GIVE_BACK_EARLY, /* the program needs it back: do not hold its block again */
  GIVE_BACK_DONE,  /* freed, evicted, exit or fork */
} give_back_kind;

/* Gives an idle section back to the runtime: the host's copy complete
 * (unless keep_data is false), writable, and the extra reference dropped. */
static void give_back(om_held_section *section, bool keep_data, give_back_kind kind) {
  if (kind == GIVE_BACK_EARLY)
    om_held_mark_unsteady(&table, section->chunks.begin);
  if (keep_data)
    fetch_chunks(section, 0, section->chunks.count);
  else
    om_held_count_elided(section, OM_FROM_DEVICE,
                         om_chunks_bytes_in(&section->chunks, OM_CHUNK_DEVICE_NEWER),
                         OM_ELIDED_NOT_NEEDED);
  om_pages_protect(section->chunks.guard_low,
                   section->chunks.guard_high - section->chunks.guard_low, PROT_READ | PROT_WRITE);
  om_unpin_range((void *)section->chunks.guard_low, &section->pin);
  if (section->program_refs > 0)
    hand_program_mapping_over(section);
  reference_block(section->chunks.begin, section->chunks.end, section->device, false);
  if (section->snapshot != NULL)
    OM_REAL(omp_target_free)(section->snapshot, section->device);
  device_bytes -= om_held_footprint(section);
  munmap(section->bookkeeping, section->bookkeeping_bytes);
  om_held_retire(&table, section);
  pthread_cond_broadcast(&section_idle); /* a waiter may now hold its block */
}

/* Gives back the idle sections that overlap [begin, end); returns one that
 * is in use (a kernel runs with it), or NULL when none is left. */
static om_held_section *give_back_idle_overlapping(uintptr_t begin, uintptr_t end, bool keep_data,
                                                give_back_kind kind) {
  om_held_section *busy = NULL;
  if (!om_held_maybe_near(&table, begin, end)) /* every call plans through here */
    return NULL;
  for (int i = 0, bound = om_held_slots_bound(&table); i < bound; i++)
    if (om_held_overlaps(&table.slots[i], begin, end)) {
      if (table.slots[i].in_use)
        busy = &table.slots[i];
      else
        give_back(&table.slots[i], keep_data, kind);
    }
  return busy;
}

/* Gives back every section that overlaps [begin, end), waiting for the
 * kernels that use them; the caller holds no section. */
static void give_back_overlapping(uintptr_t begin, uintptr_t end, bool keep_data,
                                  give_back_kind kind) {
  while (give_back_idle_overlapping(begin, end, keep_data, kind) != NULL)
    wait_for_idle_section();
}

/* Makes room for `bytes` more device memory, giving back the least
 * recently used idle sections; false if that is not enough. */
static bool make_room(size_t bytes) {
  while (device_bytes + bytes > cache_bytes) {
    om_held_section *oldest = om_held_least_recent_idle(&table);
    if (oldest == NULL)
      return false;
    give_back(oldest, true, GIVE_BACK_DONE);
  }
  return true;
}

/* Gives everything back (waiting for running kernels); with stop, holds
 * nothing more from then on. */
static void give_back_all(bool stop) {
  engine_entry entry = lock_engine();
  if (stop)
    stopped = true;
  give_back_overlapping(1, UINTPTR_MAX, true, GIVE_BACK_DONE);
  unlock_engine(entry);
}

/* From the first exit handler on, other threads may still offload while
 * the runtime tears itself down after the last one: the engine holds and
 * protects nothing more, so they only ever meet plain memory. */
static void stop_at_exit(void) { give_back_all(true); }

/* Takes an extra reference on the heap block [begin, end) of device; every
 * chunk starts newer on the host (the device copy is fresh). NULL when it
 * cannot. */
static om_held_section *hold(uintptr_t begin, uintptr_t end, int device, size_t need) {
  if (stopped || !make_room(need))
    return NULL;
  om_held_section *slot = om_held_free_slot(&table);
  if (slot == NULL)
    return NULL;
  uintptr_t page = om_page_size(), guard_low, guard_high;
  if (!om_heap_owns_pages(begin, end - begin, &guard_low, &guard_high)) {
    guard_low = (begin + page - 1) & ~(page - 1);
    guard_high = end & ~(page - 1);
  }
  if (!om_pages_protectable(guard_low)) {
    om_held_mark_unsteady(&table, begin); /* left to the runtime until freed */
    return NULL;
  }
  size_t chunk_count = om_chunk_count(guard_low, guard_high);
  size_t bookkeeping = chunk_count + 2 * page;
  uint8_t *states = mmap(NULL, bookkeeping, PROT_READ | PROT_WRITE,
                         MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (states == MAP_FAILED)
    return NULL;
  reference_block(begin, end, device, true);
  char *device_copy = OM_REAL(omp_get_mapped_ptr)((void *)begin, device);
  if (device_copy == NULL) {
    reference_block(begin, end, device, false);
    munmap(states, bookkeeping);
    return NULL;
  }
  if (!exit_handler_registered) {
    exit_handler_registered = true;
    om_faults_install(owns_fault);
    if (atexit(stop_at_exit) != 0)
      om_warning("cannot register the exit handler of transfer elision");
  }
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
    om_pin_range((void *)guard_low, guard_high - guard_low, &slot->pin);
  device_bytes += end - begin;
  om_held_publish(&table, slot, begin);
  return slot;
}

/* ---- kernels ---- */

static om_takeover_entry takeover_entry(const om_map_entries *entries, int32_t i, bool nowait) {
  return (om_takeover_entry){entries->begins[i], entries->sizes[i], entries->types[i],
                             entries->mappers != NULL && entries->mappers[i] != NULL, nowait};
}

/* Whether another entry of the call maps any of [start, end). */
static bool others_map(const om_map_entries *entries, int32_t i, uintptr_t start,
                       uintptr_t end) {
  for (int32_t j = 0; j < entries->count; j++) {
    uintptr_t other = (uintptr_t)entries->begins[j];
    if (j != i && other != 0 && other < end &&
        start < other + (uintptr_t)(entries->sizes[j] > 0 ? entries->sizes[j] : 1))
      return true;
  }
  return false;
}

/* Whether the program has any of [start, end) mapped on some device. */
static bool program_maps(uintptr_t start, uintptr_t end) {
  int device;
  om_mapping mapping;
  return om_shadow_find_overlap(&om_plugin_shadow, start, end, &device, &mapping);
}

/* Whether entry i, mapped TO only, expects the kernel's writes to its
 * device copy to be discarded: so unless the rewriter proved that the
 * kernel only reads the section. */
static bool entry_discards(const om_map_entries *entries, int32_t i) {
  uintptr_t begin = (uintptr_t)entries->begins[i], end = begin + (uintptr_t)entries->sizes[i];
  int64_t type = entries->types[i];
  return (type & OM_MAP_TO) && !(type & OM_MAP_FROM) && !om_facts_reads_only(begin, end);
}

/* Gathers what the policy (takeover.h) needs to know about entry i's heap
 * block [*start, *start + *size), when the entry itself is eligible. The
 * program maps the block when the checks' shadow says so or a call in
 * flight claims it (claims.h). */
static bool can_take_over(const om_checked_call *call, int32_t i, bool nowait, uintptr_t *start,
                          size_t *size) {
  if (i >= OM_PRESENCE_MAX)
    return false;
  om_takeover_entry entry = takeover_entry(call->entries, i, nowait);
  om_takeover_block block;
  if (!om_takeover_entry_eligible(&entry) ||
      !om_checks_heap_block_of(call, i, &block.start, &block.size))
    return false;
  uintptr_t end = block.start + block.size;
  block.unsteady = om_held_unsteady(&table, block.start);
  block.others_map = others_map(call->entries, i, block.start, end);
  block.program_maps =
      program_maps(block.start, end) || om_claims_touch(&claims, block.start, end);
  *start = block.start;
  *size = block.size;
  return om_takeover_block_eligible(&entry, &block, om_page_size());
}

/* Whether a section other than `own` (the one holding the block on the
 * call's device, or NULL) overlaps the block [start, end): held on another
 * device. */
static bool held_elsewhere(const om_held_section *own, uintptr_t start, uintptr_t end) {
  for (int slot = 0, bound = om_held_slots_bound(&table); slot < bound; slot++)
    if (&table.slots[slot] != own && om_held_overlaps(&table.slots[slot], start, end))
      return true;
  return false;
}

/* The section of device that holds [begin, end) (at least one byte) and
 * that the program maps through the engine, or NULL. */
static om_held_section *program_section(uintptr_t begin, uintptr_t end, int device) {
  if (mapped_sections == 0)
    return NULL;
  om_held_section *section = om_held_find(&table, begin, end > begin ? end : begin + 1, device);
  return section != NULL && section->program_refs > 0 ? section : NULL;
}

/* The device no longer holds what the edges' copies say it holds. */
static void forget_edges(om_held_section *section) {
  for (int i = 0; i < 2; i++)
    section->edges[i].known_low = section->edges[i].known_high = 0;
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
  for (int i = 0, bound = om_held_slots_bound(&table); mapped_sections > 0 && i < bound; i++) {
    om_held_section *section = &table.slots[i];
    if (section->program_refs == 0 || (device >= 0 && section->device != device))
      continue;
    forget_edges(section);
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
      keep_snapshot(section);
    else if (device_newer)
      fetch_chunks(section, 0, section->chunks.count);
  }
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
         program_section(begin, begin + (uintptr_t)size, call->device) != NULL;
}

/* Entry i, decided under the lock: the section that serves it, held now
 * if it was not, and marked in use; or NULL when the runtime maps the
 * entry, after the sections it overlaps were given back. *busy when a
 * section it needs is in use by another kernel. */
static om_held_section *plan_entry(const om_checked_call *call, int32_t i, bool nowait,
                                   bool *busy) {
  const om_map_entries *entries = call->entries;
  uintptr_t begin = (uintptr_t)entries->begins[i], end = begin + (uintptr_t)entries->sizes[i];
  uintptr_t start;
  size_t size;
  if (can_take_over(call, i, nowait, &start, &size)) {
    om_held_section *section = om_held_find(&table, begin, end, call->device);
    if (!held_elsewhere(section, start, start + size)) {
      if (section == NULL)
        section = hold(start, start + size, call->device,
                       entry_discards(entries, i) ? 2 * size : size);
      else if (section->in_use)
        *busy = true;
      if (section == NULL || *busy)
        return NULL; /* not held: nothing overlaps it */
      section->in_use = true;
      return section;
    }
  }
  if (present_in_program_section(call, i))
    return NULL;
  if (om_entry_claims(entries, NULL, i) &&
      give_back_idle_overlapping(begin, end, true, GIVE_BACK_EARLY) != NULL)
    *busy = true;
  return NULL;
}

/* Marks the taken entries' sections idle again (the kernel waits or is
 * done with them). */
static void release_sections(const om_checked_call *call, const om_presence *taken,
                             int32_t count) {
  for (int32_t i = 0; i < count; i++) {
    if (!om_presence_bit(taken, i))
      continue;
    uintptr_t begin = (uintptr_t)call->entries->begins[i];
    om_held_section *section = om_held_find(
        &table, begin, begin + (uintptr_t)call->entries->sizes[i], call->device);
    if (section != NULL)
      section->in_use = false;
  }
  pthread_cond_broadcast(&section_idle);
}

/* Enters the call's claim (its entries the runtime maps) into the list, so
 * that no other thread holds what they touch until the call returns. */
static void claim(om_residency_plan *plan, const om_map_entries *entries,
                  const om_presence *taken) {
  plan->claim = (om_claim){.entries = entries, .taken = taken};
  om_claims_add(&claims, &plan->claim);
  plan->claimed = true;
}

void om_residency_plan_kernel(const om_checked_call *call, bool nowait, om_residency_plan *plan) {
  plan->kind = OM_CALL_KERNEL;
  plan->any = plan->claimed = false;
  if (!active())
    return;
  const om_map_entries *entries = call->entries;
  int32_t takeable = entries->count < OM_PRESENCE_MAX ? entries->count : OM_PRESENCE_MAX;
  engine_entry entry = lock_engine();
  for (;;) {
    memset(&plan->taken, 0, sizeof plan->taken);
    plan->any = false;
    bool busy = false;
    int32_t i;
    for (i = 0; i < entries->count && !busy; i++)
      if (plan_entry(call, i, nowait, &busy) != NULL) {
        om_presence_set(&plan->taken, i, true);
        plan->any = true;
      }
    if (!busy)
      break;
    /* All or none: wait holding nothing, then decide everything again. */
    release_sections(call, &plan->taken, i < takeable ? i : takeable);
    wait_for_idle_section();
  }
  device_may_write_program_sections(call->device);
  claim(plan, entries, &plan->taken);
  unlock_engine(entry);
}

/* The device copy's data comes from the snapshot again (a device-to-device
 * copy); the snapshot stays the newest if keep_snapshot. */
static void restore_snapshot(om_held_section *section, bool keep_snapshot) {
  om_held_copy_on_device(section, section->device_copy, section->snapshot, om_held_bytes(section));
  section->snapshot_is_newest = keep_snapshot;
}

/* Makes the device copy of [begin, end) hold the program's data (before a
 * kernel reads it), copying from the host only what the device lacks. */
static void make_device_current(om_held_section *section, uintptr_t begin, uintptr_t end,
                                bool keep_snapshot) {
  bool restored = section->snapshot_is_newest;
  if (restored)
    restore_snapshot(section, keep_snapshot);
  size_t first, last, copied = om_held_copy_edges(section, begin, end, OM_TO_DEVICE);
  if (om_chunks_meeting(&section->chunks, begin, end, &first, &last))
    copied += upload_host_newer(section, first, last);
  size_t wanted = end - begin;
  om_held_count_elided(section, OM_TO_DEVICE, wanted > copied ? wanted - copied : 0,
               restored ? OM_ELIDED_RESTORED_ON_DEVICE : OM_ELIDED_UNCHANGED);
}

/* Device memory for the snapshot of a section mapped TO only, counted
 * against the cache before anything is copied; false when there is no room
 * (the section, which this kernel uses, is never evicted for it). */
static bool room_for_snapshot(om_held_section *section) {
  if (section->snapshot != NULL)
    return true;
  size_t bytes = om_held_bytes(section);
  if (!make_room(bytes))
    return false;
  section->snapshot = OM_REAL(omp_target_alloc)(bytes, section->device);
  if (section->snapshot == NULL)
    return false;
  device_bytes += bytes;
  return true;
}

/* A kernel that maps the section TO only may change the device copy; the
 * snapshot keeps the program's data. */
static void keep_snapshot(om_held_section *section) {
  if (section->snapshot_is_newest)
    return;
  om_held_copy_on_device(section, section->snapshot, section->device_copy, om_held_bytes(section));
  section->snapshot_is_newest = true;
}


/* Makes the device copy of entry i's section ready for the kernel; false
 * (the section given back) when its snapshot does not fit. */
static bool prepare_entry(const om_checked_call *call, int32_t i, om_held_section *section) {
  const om_map_entries *entries = call->entries;
  uintptr_t begin = (uintptr_t)entries->begins[i], end = begin + (uintptr_t)entries->sizes[i];
  bool discards = entry_discards(entries, i);
  if (discards && !room_for_snapshot(section)) {
    section->in_use = false;
    give_back(section, true, GIVE_BACK_DONE);
    return false;
  }
  section->row = om_entry_row(&om_plugin_transfers, entries, i, call->origin);
  if (entries->types[i] & OM_MAP_TO)
    make_device_current(section, begin, end, discards);
  else if (section->snapshot_is_newest) /* the kernel's results go into the device copy */
    restore_snapshot(section, false);
  if (discards)
    keep_snapshot(section);
  section->last_used = ++use_clock;
  return true;
}

/* The section that serves taken entry i of the call, with the entry's
 * range; NULL when the entry is not taken (or its section went back). */
static om_held_section *taken_section(const om_checked_call *call, const om_residency_plan *plan,
                                      int32_t i, uintptr_t *begin, uintptr_t *end) {
  if (!om_presence_bit(&plan->taken, i))
    return NULL;
  *begin = (uintptr_t)call->entries->begins[i];
  *end = *begin + (uintptr_t)call->entries->sizes[i];
  return om_held_find(&table, *begin, *end, call->device);
}

void om_residency_enter_kernel(const om_checked_call *call, om_residency_plan *plan,
                               om_presence *before, om_presence *tracked) {
  if (!plan->any)
    return;
  engine_entry entry = lock_engine();
  const om_map_entries *entries = call->entries;
  for (int32_t i = 0; i < entries->count && i < OM_PRESENCE_MAX; i++) {
    uintptr_t begin, end;
    om_held_section *section = taken_section(call, plan, i, &begin, &end);
    if (section == NULL)
      continue;
    bool ready = prepare_entry(call, i, section);
    /* Given back when not ready: the runtime maps it, copying, and its
     * presence after the call is probed. */
    om_presence_set(&plan->taken, i, ready);
    om_presence_set(before, i, ready);
    om_presence_set(tracked, i, false);
  }
  unlock_engine(entry);
}

/* A chunk that [begin, end) covers only in part: the kernel's results in
 * it come back at once unless the device holds the newest of all of it. A
 * chunk in step before stays in step (the kernel changed only its part in
 * the section, now copied back), so the next kernel does not copy it up
 * again; one the host wrote stays newer on the host. */
/* A kernel wrote [begin, end) of a chunk that a transport may touch
 * unseen (exposures.h): its results come back at once, into pages that are
 * never protected meanwhile, and it stays writable and newer on the host. */
static void results_into_exposed(om_held_section *section, size_t chunk, uintptr_t begin,
                                 uintptr_t end) {
  let_host_write(section, chunk, chunk + 1);
  uintptr_t from = om_chunk_data_low(&section->chunks, chunk),
            to = om_chunk_data_high(&section->chunks, chunk);
  if (om_clip(&from, &to, begin, end))
    om_held_copy_from_device(section, (void *)from, from, to - from);
}

static void settle_partial_chunk(om_held_section *section, size_t chunk, uintptr_t begin,
                                 uintptr_t end) {
  om_chunk_state state = (om_chunk_state)section->chunks.states[chunk];
  if (begin <= om_chunk_data_low(&section->chunks, chunk) &&
      om_chunk_data_high(&section->chunks, chunk) <= end)
    return;
  if (chunk_exposed(section, chunk, false)) {
    results_into_exposed(section, chunk, begin, end);
    return;
  }
  if (state == OM_CHUNK_DEVICE_NEWER)
    return;
  uintptr_t low = om_chunk_low(&section->chunks, chunk),
            high = om_chunk_high(&section->chunks, chunk);
  uintptr_t from = low, to = high;
  om_clip(&from, &to, begin, end);
  if (state == OM_CHUNK_HOST_NEWER) { /* writable already */
    om_held_copy_from_device(section, (void *)from, from, to - from);
    return;
  }
  om_pages_protect(low, high - low, PROT_NONE);
  copy_back_protected(section, chunk, chunk + 1, from, to);
}

/* Whether chunk i, which a kernel wrote whole, is to be protected now:
 * not when newer on the device already (that state implies PROT_NONE, so a
 * block a loop keeps on the device costs no page-table walk per step), nor
 * when exposed (its results came back at once). */
static bool to_hide(const om_held_section *section, size_t i) {
  return section->chunks.states[i] != OM_CHUNK_DEVICE_NEWER && !chunk_exposed(section, i, false);
}

/* Chunks [from, to) now hold results the host has not seen: a host access
 * must fault. */
static void hide_from_host(om_held_section *section, size_t from, size_t to) {
  size_t first, last;
  while (from < to) {
    for (first = from; first < to && !to_hide(section, first); first++)
      ;
    for (last = first; last < to && to_hide(section, last); last++)
      ;
    if (first < last) {
      uintptr_t low = om_chunk_low(&section->chunks, first),
                high = om_chunk_high(&section->chunks, last - 1);
      om_pages_protect(low, high - low, PROT_NONE);
      om_chunks_set(&section->chunks, first, last, OM_CHUNK_DEVICE_NEWER);
    }
    from = last;
  }
}

/* After a kernel that wrote [begin, end) of the section (FROM). */
static void results_on_device(om_held_section *section, uintptr_t begin, uintptr_t end) {
  om_held_copy_edges(section, begin, end, OM_FROM_DEVICE);
  size_t first, last;
  if (!om_chunks_meeting(&section->chunks, begin, end, &first, &last))
    return;
  settle_partial_chunk(section, first, begin, end);
  if (last - 1 != first)
    settle_partial_chunk(section, last - 1, begin, end);
  /* The chunks it covers whole: newest on the device from now on. */
  size_t whole_first = om_chunk_data_low(&section->chunks, first) >= begin ? first : first + 1;
  size_t whole_last = om_chunk_data_high(&section->chunks, last - 1) <= end ? last : last - 1;
  if (whole_first >= whole_last)
    return;
  size_t unread = 0; /* results of earlier kernels never fetched */
  for (size_t i = whole_first; i < whole_last; i++)
    if (section->chunks.states[i] == OM_CHUNK_DEVICE_NEWER)
      unread += om_chunk_data_high(&section->chunks, i) - om_chunk_data_low(&section->chunks, i);
  om_held_count_elided(section, OM_FROM_DEVICE, unread, OM_ELIDED_NOT_NEEDED);
  for (size_t i = whole_first; om_exposures_any(&exposures) && i < whole_last; i++)
    if (chunk_exposed(section, i, false))
      results_into_exposed(section, i, begin, end);
  hide_from_host(section, whole_first, whole_last);
  if (policy == OM_ELIDE_SAFE) /* back now, as without the plugin */
    fetch_chunks(section, whole_first, whole_last);
}

static void leave_entry(om_held_section *section, uintptr_t begin, uintptr_t end, int64_t type) {
  section->in_use = false;
  section->faults = 0;
  if (type & OM_MAP_FROM) {
    section->snapshot_is_newest = false; /* restored before the kernel */
    results_on_device(section, begin, end);
  }
}

void om_residency_finish_call(const om_checked_call *call, om_residency_plan *plan) {
  if (!plan->claimed)
    return;
  engine_entry entry = lock_engine();
  const om_map_entries *entries = call->entries;
  for (int32_t i = 0; plan->any && i < entries->count && i < OM_PRESENCE_MAX; i++) {
    uintptr_t begin, end;
    om_held_section *section = taken_section(call, plan, i, &begin, &end);
    if (section == NULL)
      continue;
    if (plan->kind == OM_CALL_KERNEL)
      leave_entry(section, begin, end, entries->types[i]);
    else
      section->in_use = false; /* the data call's work was done before it */
  }
  om_claims_remove(&claims, &plan->claim);
  plan->claimed = false;
  pthread_cond_broadcast(&section_idle);
  unlock_engine(entry);
}

/* ---- the program's own mappings of held blocks ---- */

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
  om_takeover_entry entry = takeover_entry(entries, i, false);
  /* alloc too: the engine's copy is the program's device data from now on */
  om_takeover_entry as_copy = entry;
  as_copy.type |= OM_MAP_TO;
  uintptr_t start;
  size_t size;
  if (!om_takeover_entry_eligible(&as_copy) || !om_checks_heap_block_of(call, i, &start, &size) ||
      (uintptr_t)entry.begin != start || (size_t)entry.size != size ||
      others_map(entries, i, start, start + size))
    return NULL;
  om_held_section *section = om_held_find(&table, start, start + size, call->device);
  if (section == NULL || section->program_refs == 0) { /* the program's first reference */
    om_takeover_block block = {.start = start, .size = size,
                               .unsteady = om_held_unsteady(&table, start),
                               .program_maps = program_maps(start, start + size) ||
                                               om_claims_touch(&claims, start, start + size)};
    if (!om_takeover_block_eligible(&entry, &block, om_page_size()) ||
        held_elsewhere(section, start, start + size))
      return NULL;
  }
  if (section == NULL)
    return hold(start, start + size, call->device, size);
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
  om_held_section *section = program_section(begin, end, call->device);
  if (section == NULL ||
      others_map(entries, i, section->chunks.begin, section->chunks.end) ||
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
           give_back_idle_overlapping(begin, begin + 1, true, GIVE_BACK_EARLY) != NULL;
  return om_entry_claims(entries, NULL, i) &&
         give_back_idle_overlapping(begin, begin + (uintptr_t)entries->sizes[i], true,
                                    GIVE_BACK_EARLY) != NULL;
}

void om_residency_plan_data(const om_checked_call *call, om_call_kind kind, bool nowait,
                            om_residency_plan *plan) {
  plan->kind = kind;
  plan->any = plan->claimed = false;
  if (!active())
    return;
  const om_map_entries *entries = call->entries;
  bool servable = call_servable(entries, nowait);
  engine_entry entry = lock_engine();
  for (;;) {
    memset(&plan->taken, 0, sizeof plan->taken);
    memset(&plan->first_references, 0, sizeof plan->first_references);
    plan->any = false;
    bool busy = false;
    int32_t i;
    for (i = 0; i < entries->count && !busy; i++) {
      om_held_section *section = NULL;
      if (servable)
        section = kind == OM_CALL_DATA_BEGIN ? plan_mapping_begin(call, i, &busy)
                                             : plan_mapping_use(call, kind, i, &busy);
      if (section != NULL) {
        section->in_use = true;
        om_presence_set(&plan->taken, i, true);
        om_presence_set(&plan->first_references, i,
                        kind == OM_CALL_DATA_BEGIN && section->program_refs == 0);
        plan->any = true;
      } else if (!busy) {
        busy = give_back_for_runtime(entries, i);
      }
    }
    if (!busy)
      break;
    release_sections(call, &plan->taken, i); /* at most OM_RESIDENCY_SERVED_ENTRIES */
    wait_for_idle_section();
  }
  claim(plan, entries, &plan->taken);
  unlock_engine(entry);
}

void om_residency_presence_without_engine(const om_residency_plan *plan, om_presence *before) {
  if (!plan->any)
    return;
  for (size_t w = 0; w < OM_PRESENCE_MAX / 64; w++)
    before->bits[w] &= ~plan->first_references.bits[w];
}

/* The program's first reference copies the host's data to the device
 * (with TO); later ones find it present and copy nothing. */
static void begin_program_mapping(om_held_section *section, int64_t type) {
  if (section->program_refs++ > 0) {
    section->program_copies_back |= (type & OM_MAP_FROM) != 0;
    return;
  }
  mapped_sections++;
  section->program_copies_back = (type & OM_MAP_FROM) != 0;
  if (type & OM_MAP_TO) {
    /* A mapping that is likely to end without FROM keeps the snapshot the
     * newest (it is restored, not copied again, at the next step). */
    make_device_current(section, section->chunks.begin, section->chunks.end,
                        !section->program_copies_back);
    section->device_diverged = false;
  } else { /* the device copy is the program's now, whatever it holds */
    section->device_diverged = section->snapshot_is_newest;
  }
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
  size_t first, last, from = 0;
  while (om_chunks_next_run(&section->chunks, OM_CHUNK_IN_STEP, from, &first, &last)) {
    uintptr_t low = om_chunk_low(&section->chunks, first),
              high = om_chunk_high(&section->chunks, last - 1);
    om_pages_protect(low, high - low, PROT_READ | PROT_WRITE);
    om_chunks_set(&section->chunks, first, last, OM_CHUNK_HOST_NEWER);
    from = last;
  }
  forget_edges(section);
}

/* A reference ends (all of them with DELETE); the last one brings the
 * device's data back (with FROM, lazily) or discards it. */
static void end_program_mapping(om_held_section *section, int64_t type) {
  section->program_refs = (type & OM_MAP_DELETE) ? 0 : section->program_refs - 1;
  if (section->program_refs > 0)
    return;
  mapped_sections--;
  if (type & OM_MAP_FROM) {
    section->snapshot_is_newest = false; /* the device copy is the newest of it all */
    results_on_device(section, section->chunks.begin, section->chunks.end);
  } else {
    discard_program_device_data(section);
  }
  section->device_diverged = false;
}

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
    fetch_chunks(section, first, last); /* the host's data first, where the device has it */
    size_t whole_first = om_chunk_data_low(&section->chunks, first) >= begin ? first : first + 1;
    size_t whole_last = om_chunk_data_high(&section->chunks, last - 1) <= end ? last : last - 1;
    if (whole_first < whole_last && !section->device_diverged) {
      copied += upload_host_newer(section, whole_first, whole_last);
    } else if (whole_first < whole_last) {
      for (size_t from = whole_first, run_first, run_last;
           next_host_newer_run(section, from, whole_last, &run_first, &run_last); from = run_last)
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
  results_on_device(section, begin, end);
  size_t first, last;
  if (om_chunks_meeting(&section->chunks, begin, end, &first, &last))
    fetch_chunks(section, first, last);
}

void om_residency_enter_data(const om_checked_call *call, om_residency_plan *plan) {
  if (!plan->any)
    return;
  engine_entry entry = lock_engine();
  const om_map_entries *entries = call->entries;
  for (int32_t i = 0; i < entries->count && i < OM_PRESENCE_MAX; i++) {
    uintptr_t begin, end;
    om_held_section *section = taken_section(call, plan, i, &begin, &end);
    if (section == NULL)
      continue;
    int64_t type = entries->types[i];
    section->row = om_entry_row(&om_plugin_transfers, entries, i, call->origin);
    section->last_used = ++use_clock;
    if (plan->kind == OM_CALL_DATA_BEGIN) {
      begin_program_mapping(section, type);
    } else if (plan->kind == OM_CALL_DATA_END) {
      end_program_mapping(section, type);
    } else {
      if (type & OM_MAP_TO)
        update_program_device(section, begin, end);
      if (type & OM_MAP_FROM)
        update_program_host(section, begin, end);
    }
  }
  unlock_engine(entry);
}

void om_residency_unplanned_kernel(int device) {
  if (!active())
    return;
  engine_entry entry = lock_engine();
  device_may_write_program_sections(device);
  unlock_engine(entry);
}

bool om_residency_holding(void) {
  return atomic_load_explicit(&table.count, memory_order_relaxed) > 0;
}


static void give_back_early(uintptr_t begin, uintptr_t end) {
  if (!om_held_any_overlap(&table, begin, end))
    return;
  engine_entry entry = lock_engine();
  give_back_overlapping(begin, end, true, GIVE_BACK_EARLY);
  unlock_engine(entry);
}

void om_residency_give_back_range(uintptr_t begin, uintptr_t end, bool keep_data) {
  if (!om_held_any_overlap(&table, begin, end))
    return;
  engine_entry entry = lock_engine();
  give_back_overlapping(begin, end, keep_data, GIVE_BACK_DONE);
  om_held_forget_unsteady(&table, begin, end);
  unlock_engine(entry);
}

void om_residency_share_range(uintptr_t begin, uintptr_t end) { give_back_early(begin, end); }

/* The host is about to write chunks [first, last): complete and writable. */
static void let_host_write(om_held_section *section, size_t first, size_t last) {
  const uint8_t *states = section->chunks.states;
  while (first < last) { /* chunks newer on the host are writable already: no system call */
    for (; first < last && states[first] == OM_CHUNK_HOST_NEWER; first++)
      ;
    size_t end = first;
    for (; end < last && states[end] != OM_CHUNK_HOST_NEWER; end++)
      ;
    if (first == end)
      return;
    fetch_chunks(section, first, end);
    uintptr_t low = om_chunk_low(&section->chunks, first),
              high = om_chunk_high(&section->chunks, end - 1);
    om_pages_protect(low, high - low, PROT_READ | PROT_WRITE);
    om_chunks_set(&section->chunks, first, end, OM_CHUNK_HOST_NEWER);
    first = end;
  }
}

/* The host is about to read (write false) or write [begin, end): its copy
 * made complete, and writable for a write. */
static void complete_for_host(uintptr_t begin, uintptr_t end, bool write) {
  for (int i = 0, bound = om_held_slots_bound(&table); i < bound; i++) {
    om_held_section *section = &table.slots[i];
    size_t first, last;
    if (!om_held_overlaps(section, begin, end) ||
        !om_chunks_meeting(&section->chunks, begin, end, &first, &last))
      continue;
    if (write)
      let_host_write(section, first, last);
    else
      fetch_chunks(section, first, last);
  }
}

void om_residency_host_access(uintptr_t begin, uintptr_t end, bool write) {
  if (!om_held_any_overlap(&table, begin, end))
    return;
  engine_entry entry = lock_engine();
  complete_for_host(begin, end, write);
  unlock_engine(entry);
}

bool om_residency_enabled(void) { return active(); }

/* More buffers in flight than the table holds: rather than protect one a
 * transport may touch, nothing is held from now on (copies as without
 * elision). Under the lock. */
static void stop_for_exposures(void) {
  om_warning("more than %d MPI buffers in flight at once; transfer elision stops for the rest "
             "of the run",
             OM_EXPOSURE_SLOTS);
  stopped = true;
  give_back_overlapping(1, UINTPTR_MAX, true, GIVE_BACK_DONE);
}

void om_residency_expose(uintptr_t begin, uintptr_t end, uintptr_t key, bool write) {
  if (!active() || begin >= end)
    return;
  engine_entry entry = lock_engine();
  if (!stopped && !om_exposures_add(&exposures, begin, end, key, write))
    stop_for_exposures();
  if (om_held_any_overlap(&table, begin, end))
    complete_for_host(begin, end, write);
  unlock_engine(entry);
}

void om_residency_rekey_exposure(uintptr_t from, uintptr_t to) {
  if (!om_exposures_any(&exposures))
    return;
  engine_entry entry = lock_engine();
  om_exposures_rekey(&exposures, from, to);
  unlock_engine(entry);
}

void om_residency_unexpose(uintptr_t key) {
  if (!om_exposures_any(&exposures))
    return;
  engine_entry entry = lock_engine();
  om_exposures_remove(&exposures, key);
  unlock_engine(entry);
}

/* The fault handler's part: a host access to a protected chunk. */
static void host_touched(om_held_section *section, uintptr_t address) {
  size_t chunk = om_chunk_of(&section->chunks, address);
  bool whole = ++section->faults > FAULTS_BEFORE_WHOLE;
  switch ((om_chunk_state)section->chunks.states[chunk]) {
  case OM_CHUNK_DEVICE_NEWER: /* any access: bring the data back */
    if (whole)
      fetch_chunks(section, 0, section->chunks.count);
    else
      fetch_chunks(section, chunk, chunk + 1);
    break;
  case OM_CHUNK_IN_STEP: /* a write to a read-only chunk */
    if (whole) {
      size_t first, last, from = 0;
      while (om_chunks_next_run(&section->chunks, OM_CHUNK_IN_STEP, from, &first, &last)) {
        let_host_write(section, first, last);
        from = last;
      }
    } else {
      let_host_write(section, chunk, chunk + 1);
    }
    break;
  case OM_CHUNK_HOST_NEWER: /* another thread made it writable meanwhile */
    break;
  }
}

static bool owns_fault(uintptr_t address) {
  if (in_engine || !om_held_maybe_near(&table, address, address + 1))
    return false;
  for (int i = 0, bound = om_held_slots_bound(&table); i < bound; i++) {
    om_held_section *section = &table.slots[i];
    if (atomic_load_explicit(&section->begin, memory_order_acquire) == 0 ||
        address < section->chunks.guard_low || address >= section->chunks.guard_high)
      continue;
    engine_entry entry = lock_engine();
    bool still = atomic_load_explicit(&section->begin, memory_order_relaxed) != 0 &&
                 address >= section->chunks.guard_low && address < section->chunks.guard_high;
    if (still)
      host_touched(section, address);
    unlock_engine(entry);
    return true; /* retried; if it was given back meanwhile, it is writable */
  }
  return false;
}

bool om_residency_hides(const void *begin, size_t size, int device) {
  uintptr_t low = (uintptr_t)begin;
  if (!om_held_any_overlap(&table, low, low + (size ? size : 1)))
    return false;
  engine_entry entry = lock_engine();
  bool hidden = false;
  for (int i = 0, bound = om_held_slots_bound(&table); i < bound && !hidden; i++)
    hidden = om_held_overlaps(&table.slots[i], low, low + (size ? size : 1)) &&
             table.slots[i].device == device && !table.slots[i].in_use &&
             table.slots[i].program_refs == 0;
  unlock_engine(entry);
  return hidden;
}

/* ---- fork ---- */

void om_residency_fork_prepare(void) {
  if (om_residency_holding())
    give_back_all(false);
  pthread_mutex_lock(&engine_lock);
}

void om_residency_fork_parent(void) { pthread_mutex_unlock(&engine_lock); }

void om_residency_fork_child(void) {
  claims.first = NULL; /* the calls of threads the child does not have */
  atomic_store(&exposures.used, 0); /* and the parent's operations in flight */
  pthread_mutex_init(&engine_lock, NULL);
  pthread_cond_init(&section_idle, NULL);
}
