/* give_back.c - held sections given back to the runtime (HELD -> FREE):
 * early, when the program needs its block back; when freed or
 * reallocated; evicted to make room under OWNMAP_CACHE_MB; at exit and
 * around fork (engine.h). */
#include "engine.h"

#include "chunks.h"
#include "host_pages.h"

#include "offload_abi.h"
#include "pinning.h"
#include "real.h"

#include <sys/mman.h>

void om_reference_block(uintptr_t begin, uintptr_t end, int device, bool take) {
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
    om_reference_block(section->chunks.begin, section->chunks.end, section->device, true);
  section->program_refs = 0;
  section->device_diverged = false;
  om_engine.mapped_sections--;
}

void om_give_back(om_held_section *section, bool keep_data, om_give_back_kind kind) {
  om_held_settle(section);
  if (kind == OM_GIVE_BACK_EARLY)
    om_held_mark_unsteady(&om_engine.table, section->chunks.begin);
  if (keep_data)
    om_section_fetch(section, 0, section->chunks.count);
  else
    om_held_count_elided(section, OM_FROM_DEVICE,
                         om_chunks_bytes_in(&section->chunks, OM_CHUNK_DEVICE_NEWER),
                         OM_ELIDED_NOT_NEEDED);
  om_pages_protect(section->chunks.guard_low,
                   section->chunks.guard_high - section->chunks.guard_low, PROT_READ | PROT_WRITE);
  om_unpin(&section->pin);
  if (section->program_refs > 0)
    hand_program_mapping_over(section);
  om_reference_block(section->chunks.begin, section->chunks.end, section->device, false);
  if (section->snapshot != NULL)
    OM_REAL(omp_target_free)(section->snapshot, section->device);
  om_engine.device_bytes -= om_held_footprint(section);
  munmap(section->bookkeeping, section->bookkeeping_bytes);
  om_held_retire(&om_engine.table, section);
  pthread_cond_broadcast(&om_engine.section_idle); /* a waiter may now hold its block */
}

om_held_section *om_give_back_idle_overlapping(uintptr_t begin, uintptr_t end, bool keep_data,
                                               om_give_back_kind kind) {
  om_held_table *table = &om_engine.table;
  om_held_section *busy = NULL;
  if (!om_held_maybe_near(table, begin, end)) /* every call plans through here */
    return NULL;
  for (int i = 0, bound = om_held_slots_bound(table); i < bound; i++)
    if (om_held_overlaps(&table->slots[i], begin, end)) {
      if (table->slots[i].in_use)
        busy = &table->slots[i];
      else
        om_give_back(&table->slots[i], keep_data, kind);
    }
  return busy;
}

void om_give_back_overlapping(uintptr_t begin, uintptr_t end, bool keep_data,
                              om_give_back_kind kind) {
  while (om_give_back_idle_overlapping(begin, end, keep_data, kind) != NULL)
    om_engine_wait_for_idle_section();
}

bool om_make_room(size_t bytes) {
  while (om_engine.device_bytes + bytes > om_engine.cache_bytes) {
    om_held_section *oldest = om_held_least_recent_idle(&om_engine.table);
    if (oldest == NULL)
      return false;
    om_give_back(oldest, true, OM_GIVE_BACK_DONE);
  }
  return true;
}

/* Gives everything back (waiting for running kernels); with stop, holds
 * nothing more from then on. */
static void give_back_all(bool stop) {
  om_engine_entry entry = om_engine_lock();
  if (stop)
    om_engine.stopped = true;
  om_give_back_overlapping(1, UINTPTR_MAX, true, OM_GIVE_BACK_DONE);
  om_engine_unlock(entry);
}

void om_stop_at_exit(void) { give_back_all(true); }

void om_residency_give_back_range(uintptr_t begin, uintptr_t end, bool keep_data) {
  if (!om_held_any_overlap(&om_engine.table, begin, end))
    return;
  om_engine_entry entry = om_engine_lock();
  om_give_back_overlapping(begin, end, keep_data, OM_GIVE_BACK_DONE);
  om_held_forget_unsteady(&om_engine.table, begin, end);
  om_engine_unlock(entry);
}

void om_residency_share_range(uintptr_t begin, uintptr_t end) {
  if (!om_held_any_overlap(&om_engine.table, begin, end))
    return;
  om_engine_entry entry = om_engine_lock();
  om_give_back_overlapping(begin, end, true, OM_GIVE_BACK_EARLY);
  om_engine_unlock(entry);
}

/* ---- fork ---- */

void om_residency_fork_prepare(void) {
  if (om_residency_holding())
    give_back_all(false);
  pthread_mutex_lock(&om_engine.lock);
}

void om_residency_fork_parent(void) { pthread_mutex_unlock(&om_engine.lock); }

void om_residency_fork_child(void) {
  om_engine.claims.first = NULL; /* the calls of threads the child does not have */
  atomic_store(&om_engine.exposures.used, 0); /* and the parent's operations in flight */
  pthread_mutex_init(&om_engine.lock, NULL);
  pthread_cond_init(&om_engine.section_idle, NULL);
}
