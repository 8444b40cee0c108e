/* host_access.c - the host's accesses to held memory (engine.h): a fault on
 * a protected chunk, a system call or copy on a buffer
 * (om_residency_host_access), an MPI transport's access to its buffers
 * (exposures), and what omp_target_is_present says of a held block. */
#include "engine.h"

#include "chunks.h"
#include "exposures.h"

#include "message.h"

#include <stdatomic.h>

/* After this many faults on one section since its last kernel, the next
 * fault copies (or releases) the whole section: the host is scanning it. */
#define FAULTS_BEFORE_WHOLE 2

/* The host is about to read (write false) or write [begin, end): its copy
 * made complete, and writable for a write. */
static void complete_for_host(uintptr_t begin, uintptr_t end, bool write) {
  om_held_table *table = &om_engine.table;
  for (int i = 0, bound = om_held_slots_bound(table); i < bound; i++) {
    om_held_section *section = &table->slots[i];
    size_t first, last;
    if (!om_held_overlaps(section, begin, end) ||
        !om_chunks_meeting(&section->chunks, begin, end, &first, &last))
      continue;
    if (write)
      om_section_let_host_write(section, first, last);
    else
      om_section_fetch(section, first, last);
  }
}

void om_residency_host_access(uintptr_t begin, uintptr_t end, bool write) {
  if (!om_held_any_overlap(&om_engine.table, begin, end))
    return;
  om_engine_entry entry = om_engine_lock();
  complete_for_host(begin, end, write);
  om_engine_unlock(entry);
}

/* ---- exposures ---- */

/* More buffers in flight than the table holds: rather than protect one a
 * transport may touch, nothing is held from now on (copies as without
 * elision). Under the lock. */
static void stop_for_exposures(void) {
  om_warning("more than %d MPI buffers in flight at once; transfer elision stops for the rest "
             "of the run",
             OM_EXPOSURE_SLOTS);
  om_engine.stopped = true;
  om_give_back_overlapping(1, UINTPTR_MAX, true, OM_GIVE_BACK_DONE);
}

void om_residency_expose(uintptr_t begin, uintptr_t end, uintptr_t key, bool write) {
  if (!om_residency_enabled() || begin >= end)
    return;
  om_engine_entry entry = om_engine_lock();
  if (!om_engine.stopped && !om_exposures_add(&om_engine.exposures, begin, end, key, write))
    stop_for_exposures();
  if (om_held_any_overlap(&om_engine.table, begin, end))
    complete_for_host(begin, end, write);
  om_engine_unlock(entry);
}

void om_residency_rekey_exposure(uintptr_t from, uintptr_t to) {
  if (!om_exposures_any(&om_engine.exposures))
    return;
  om_engine_entry entry = om_engine_lock();
  om_exposures_rekey(&om_engine.exposures, from, to);
  om_engine_unlock(entry);
}

void om_residency_unexpose(uintptr_t key) {
  if (!om_exposures_any(&om_engine.exposures))
    return;
  om_engine_entry entry = om_engine_lock();
  om_exposures_remove(&om_engine.exposures, key);
  om_engine_unlock(entry);
}

/* ---- faults ---- */

/* The fault handler's part: a host access to a protected chunk. */
static void host_touched(om_held_section *section, uintptr_t address) {
  size_t chunk = om_chunk_of(&section->chunks, address);
  bool whole = ++section->faults > FAULTS_BEFORE_WHOLE;
  switch ((om_chunk_state)section->chunks.states[chunk]) {
  case OM_CHUNK_DEVICE_NEWER: /* any access: bring the data back */
    if (whole)
      om_section_fetch(section, 0, section->chunks.count);
    else
      om_section_fetch(section, chunk, chunk + 1);
    break;
  case OM_CHUNK_IN_STEP: /* a write to a read-only chunk */
    if (whole)
      om_section_hand_in_step_to_host(section);
    else
      om_section_let_host_write(section, chunk, chunk + 1);
    break;
  case OM_CHUNK_HOST_NEWER: /* another thread made it writable meanwhile */
    break;
  }
}

bool om_engine_owns_fault(uintptr_t address) {
  om_held_table *table = &om_engine.table;
  if (om_engine_locked_here() || !om_held_maybe_near(table, address, address + 1))
    return false;
  for (int i = 0, bound = om_held_slots_bound(table); i < bound; i++) {
    om_held_section *section = &table->slots[i];
    if (atomic_load_explicit(&section->begin, memory_order_acquire) == 0 ||
        address < section->chunks.guard_low || address >= section->chunks.guard_high)
      continue;
    om_engine_entry entry = om_engine_lock();
    bool still = atomic_load_explicit(&section->begin, memory_order_relaxed) != 0 &&
                 address >= section->chunks.guard_low && address < section->chunks.guard_high;
    if (still)
      host_touched(section, address);
    om_engine_unlock(entry);
    return true; /* retried; if it was given back meanwhile, it is writable */
  }
  return false;
}

/* ---- omp_target_is_present ---- */

bool om_residency_hides(const void *begin, size_t size, int device) {
  om_held_table *table = &om_engine.table;
  uintptr_t low = (uintptr_t)begin;
  if (!om_held_any_overlap(table, low, low + (size ? size : 1)))
    return false;
  om_engine_entry entry = om_engine_lock();
  bool hidden = false;
  for (int i = 0, bound = om_held_slots_bound(table); i < bound && !hidden; i++)
    hidden = om_held_overlaps(&table->slots[i], low, low + (size ? size : 1)) &&
             table->slots[i].device == device && !table->slots[i].in_use &&
             table->slots[i].program_refs == 0;
  om_engine_unlock(entry);
  return hidden;
}
