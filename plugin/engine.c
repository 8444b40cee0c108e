/* engine.c - the transfer-elision engine's state, its lock, and the moves
 * of a held section's data between host and device that every part of the
 * engine makes: chunk states, page protection, copies back and up, the
 * snapshot (engine.h; the concurrency model is stated there). */
#include "engine.h"

#include "chunks.h"
#include "host_pages.h"

#include "checks.h"
#include "message.h"
#include "options.h"

#include <stdatomic.h>
#include <sys/mman.h>

om_engine_state om_engine = {.lock = PTHREAD_MUTEX_INITIALIZER,
                             .section_idle = PTHREAD_COND_INITIALIZER};
const om_held_table *const om_residency_held = &om_engine.table;

/* Set while this thread runs engine code under the lock. */
static _Thread_local bool in_engine __attribute__((tls_model("initial-exec")));

void om_residency_configure(void) {
  om_engine.policy = (om_elide_policy)om_option_choice(OM_OPTION_ELIDE);
  om_engine.cache_bytes = (size_t)om_option_number(OM_OPTION_CACHE_MB) << 20;
  if (om_engine.policy != OM_ELIDE_OFF && !om_checks_enabled()) {
    if (om_options()->values[OM_OPTION_ELIDE].given)
      om_warning("OWNMAP_ELIDE needs the mapping shadow of OWNMAP_CHECKS=fast or full; "
               "transfer elision is off");
    om_engine.policy = OM_ELIDE_OFF;
  }
}

bool om_residency_enabled(void) { return om_engine.policy != OM_ELIDE_OFF; }

bool om_residency_holding(void) {
  return atomic_load_explicit(&om_engine.table.count, memory_order_relaxed) > 0;
}

/* ---- the engine lock; calls into the runtime count as its own ---- */

om_engine_entry om_engine_lock(void) {
  pthread_mutex_lock(&om_engine.lock);
  om_engine_entry entry = {om_runtime_enter()};
  in_engine = true;
  return entry;
}

/* Copies in flight never outlive a hold of the lock (held.h). */
void om_engine_unlock(om_engine_entry entry) {
  om_held_settle_all(&om_engine.table);
  in_engine = false;
  om_runtime_leave(entry.runtime);
  pthread_mutex_unlock(&om_engine.lock);
}

bool om_engine_locked_here(void) { return in_engine; }

void om_engine_wait_for_idle_section(void) {
  om_held_settle_all(&om_engine.table); /* the wait lets go of the lock */
  pthread_cond_wait(&om_engine.section_idle, &om_engine.lock);
}

/* ---- copies back ---- */

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

void om_section_fetch(om_held_section *section, size_t from, size_t to) {
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

/* ---- host writes and copies up ---- */

/* Whether an exposure (exposures.h; for writing only, if writes_only)
 * meets chunk i. */
static bool chunk_exposed(const om_held_section *section, size_t i, bool writes_only) {
  return om_exposures_any(&om_engine.exposures) &&
         om_exposures_meet(&om_engine.exposures, om_chunk_low(&section->chunks, i),
                           om_chunk_high(&section->chunks, i), writes_only);
}

/* The end of the run of chunks from first on (before last) that are all
 * exposed for writing, or all not; which in *exposed. */
static size_t same_write_exposure(const om_held_section *section, size_t first, size_t last,
                                  bool *exposed) {
  *exposed = chunk_exposed(section, first, true);
  if (!om_exposures_any(&om_engine.exposures))
    return last;
  size_t end = first + 1;
  while (end < last && chunk_exposed(section, end, true) == *exposed)
    end++;
  return end;
}

/* Protects the section's pages [low, high) against writes (PROT_READ or
 * PROT_NONE), the pieces of its pin that hold them locked first: the
 * driver locks only writable pages (pinning.h). */
static void protect_section_pages(om_held_section *section, uintptr_t low, uintptr_t high,
                                  int protection) {
  while (section->pin.locked_end < high && om_pin_next_piece(&section->pin))
    ;
  om_pages_protect(low, high - low, protection);
}

bool om_section_next_host_newer_run(om_held_section *section, size_t from, size_t to,
                                    size_t *first, size_t *last) {
  if (from >= to ||
      !om_chunks_next_run(&section->chunks, OM_CHUNK_HOST_NEWER, from, first, last) ||
      *first >= to)
    return false;
  bool exposed;
  *last = same_write_exposure(section, *first, *last < to ? *last : to, &exposed);
  if (!exposed) {
    uintptr_t low = om_chunk_low(&section->chunks, *first),
              high = om_chunk_high(&section->chunks, *last - 1);
    protect_section_pages(section, low, high, PROT_READ);
    om_chunks_set(&section->chunks, *first, *last, OM_CHUNK_IN_STEP);
  }
  return true;
}

_Static_assert(OM_PIN_PIECE_ALIGN % OM_CHUNK_BYTES == 0, "a piece holds whole chunks");

/* While the section's pages are still to be locked, the end of the piece
 * chunk `from` is in: the upload then goes piece by piece, each piece's
 * copy in flight while the next one is locked (pinning.h). Else `to`. */
static size_t upload_stop(const om_held_section *section, size_t from, size_t to) {
  if (!om_pin_planned(&section->pin) || om_pinned(&section->pin))
    return to;
  size_t chunks_per_piece = section->pin.piece_bytes / OM_CHUNK_BYTES;
  size_t stop = (from / chunks_per_piece + 1) * chunks_per_piece;
  return stop < to ? stop : to;
}

size_t om_section_upload_host_newer(om_held_section *section, size_t from, size_t to) {
  size_t first, last, bytes = 0;
  while (from < to) {
    size_t stop = upload_stop(section, from, to);
    if (!om_section_next_host_newer_run(section, from, stop, &first, &last)) {
      from = stop;
      continue;
    }
    uintptr_t data_begin = om_chunk_data_low(&section->chunks, first),
              data_end = om_chunk_data_high(&section->chunks, last - 1);
    if (!om_held_send_to_device(section, data_begin, data_end - data_begin))
      om_held_copy_to_device(section, data_begin, data_end - data_begin);
    bytes += data_end - data_begin;
    from = last;
  }
  om_pin_rest(&section->pin); /* the pages this upload left, while its copies are in flight */
  return bytes; /* they arrive before the lock is let go, or when the section is next copied */
}

/* Chunks [first, last), complete on the host, become writable and newer
 * on the host. */
static void hand_to_host(om_held_section *section, size_t first, size_t last) {
  om_held_settle(section); /* no host write while its copies up may read the pages */
  uintptr_t low = om_chunk_low(&section->chunks, first),
            high = om_chunk_high(&section->chunks, last - 1);
  om_pages_protect(low, high - low, PROT_READ | PROT_WRITE);
  om_chunks_set(&section->chunks, first, last, OM_CHUNK_HOST_NEWER);
}

void om_section_let_host_write(om_held_section *section, size_t first, size_t last) {
  const uint8_t *states = section->chunks.states;
  while (first < last) { /* chunks newer on the host are writable already: no system call */
    for (; first < last && states[first] == OM_CHUNK_HOST_NEWER; first++)
      ;
    size_t end = first;
    for (; end < last && states[end] != OM_CHUNK_HOST_NEWER; end++)
      ;
    if (first == end)
      return;
    om_section_fetch(section, first, end);
    hand_to_host(section, first, end);
    first = end;
  }
}

void om_section_hand_in_step_to_host(om_held_section *section) {
  size_t first, last, from = 0;
  while (om_chunks_next_run(&section->chunks, OM_CHUNK_IN_STEP, from, &first, &last)) {
    hand_to_host(section, first, last);
    from = last;
  }
}

/* ---- before a kernel: the device copy current ---- */

void om_section_restore_snapshot(om_held_section *section, bool keep_snapshot) {
  om_held_copy_on_device(section, section->device_copy, section->snapshot, om_held_bytes(section));
  section->snapshot_is_newest = keep_snapshot;
}

void om_section_keep_snapshot(om_held_section *section) {
  if (section->snapshot_is_newest)
    return;
  om_held_copy_on_device(section, section->snapshot, section->device_copy, om_held_bytes(section));
  section->snapshot_is_newest = true;
}

void om_section_make_device_current(om_held_section *section, uintptr_t begin, uintptr_t end,
                                    bool keep_snapshot) {
  bool restored = section->snapshot_is_newest;
  if (restored)
    om_section_restore_snapshot(section, keep_snapshot);
  size_t first, last, copied = om_held_copy_edges(section, begin, end, OM_TO_DEVICE);
  if (om_chunks_meeting(&section->chunks, begin, end, &first, &last))
    copied += om_section_upload_host_newer(section, first, last);
  size_t wanted = end - begin;
  om_held_count_elided(section, OM_TO_DEVICE, wanted > copied ? wanted - copied : 0,
               restored ? OM_ELIDED_RESTORED_ON_DEVICE : OM_ELIDED_UNCHANGED);
}

void om_section_forget_edges(om_held_section *section) {
  for (int i = 0; i < 2; i++)
    section->edges[i].known_low = section->edges[i].known_high = 0;
}

/* ---- after a kernel: its results ---- */

/* A kernel wrote [begin, end) of a chunk that a transport may touch
 * unseen (exposures.h): its results come back at once, into pages that are
 * never protected meanwhile, and it stays writable and newer on the host. */
static void results_into_exposed(om_held_section *section, size_t chunk, uintptr_t begin,
                                 uintptr_t end) {
  om_section_let_host_write(section, chunk, chunk + 1);
  uintptr_t from = om_chunk_data_low(&section->chunks, chunk),
            to = om_chunk_data_high(&section->chunks, chunk);
  if (om_clip(&from, &to, begin, end))
    om_held_copy_from_device(section, (void *)from, from, to - from);
}

/* A chunk that [begin, end) covers only in part: the kernel's results in
 * it come back at once unless the device holds the newest of all of it. A
 * chunk in step before stays in step (the kernel changed only its part in
 * the section, now copied back), so the next kernel does not copy it up
 * again; one the host wrote stays newer on the host. */
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
  protect_section_pages(section, low, high, PROT_NONE);
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
      protect_section_pages(section, low, high, PROT_NONE);
      om_chunks_set(&section->chunks, first, last, OM_CHUNK_DEVICE_NEWER);
    }
    from = last;
  }
}

void om_section_results_on_device(om_held_section *section, uintptr_t begin, uintptr_t end) {
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
  for (size_t i = whole_first; om_exposures_any(&om_engine.exposures) && i < whole_last; i++)
    if (chunk_exposed(section, i, false))
      results_into_exposed(section, i, begin, end);
  hide_from_host(section, whole_first, whole_last);
  if (om_engine.policy == OM_ELIDE_SAFE) /* back now, as without the plugin */
    om_section_fetch(section, whole_first, whole_last);
}
