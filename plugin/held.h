/* held.h - the heap blocks transfer elision holds (residency.h): what is
 * known of each, the table of them, and the copies made for them.
 *
 * The concurrency rules are engine.h's: every function here runs under
 * the engine lock, except those that say they may run without it. */
#ifndef OWNMAP_PLUGIN_HELD_H
#define OWNMAP_PLUGIN_HELD_H

#include "chunks.h"
#include "ledger.h"
#include "pinning.h"

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A section's copies started and not yet waited for: up
 * (om_held_send_to_device, counted) and within the device. */
typedef struct {
  bool any;                 /* some copy is in flight */
  size_t bytes;             /* of the copies up; 0: none */
  uint64_t start_ns;        /* when the first started */
  uintptr_t last_host;      /* the last one */
  size_t last_bytes;
} om_held_sending;

/* A partial first or last page of a block that shares it with other heap
 * data: never protected, so host writes to it are found by comparing it
 * with a copy of the bytes the device's copy holds, which costs far less
 * than copying it again. */
typedef struct {
  uintptr_t low, high;             /* the block's bytes on that page; empty if none */
  uintptr_t known_low, known_high; /* the part whose device bytes `known` holds */
  unsigned char *known;            /* page-sized, indexed from low */
} om_shared_edge;

typedef struct {
  /* Read without the lock by the fault handler and by free: 0 when free;
   * set last when held, cleared first when given back. */
  _Atomic uintptr_t begin;
  /* The block and the pages protected and tracked: those inside [begin,
   * end), or all it touches when the block owns them (om_heap_owns_pages).
   * Fixed while held, so also read without the lock after begin. */
  om_chunk_map chunks;
  /* The rest under the engine lock. */
  int device;
  char *device_copy;         /* device address of begin */
  char *snapshot;            /* device memory, or NULL */
  om_pin pin;                /* the guarded pages, page-locked when it could */
  om_held_sending sending;   /* its copies in flight (held_copies.c) */
  bool snapshot_is_newest;   /* the program's data is in the snapshot, not device_copy */
  bool in_use;               /* a call is forwarded with it right now */
  /* The program's references to its own mapping of the whole block, which
   * the engine serves (data regions, enter/exit data; residency.h); 0 when
   * the program does not map it. */
  unsigned program_refs;
  /* While the program maps it: a kernel may have written the device copy
   * since the host's and the device's data were last in step, so in-step
   * chunks say nothing of the device's bytes. */
  bool device_diverged;
  /* Some reference of the program's mapping asked for the results back
   * (FROM): its device data is likely wanted, not discarded. */
  bool program_copies_back;
  uint64_t last_used;
  unsigned faults;           /* since the last kernel */
  void *bookkeeping;         /* mmap'd: the chunk states, then the edges' copies */
  size_t bookkeeping_bytes;
  om_shared_edge edges[2];
  om_ledger_row *row;        /* where its copies are counted */
} om_held_section;

enum { OM_HELD_SLOTS = 256, OM_UNSTEADY_SLOTS = 64 };

typedef struct {
  om_held_section slots[OM_HELD_SLOTS];
  atomic_int count; /* slots in use; read without the lock */
  /* Read without the lock, so that free and the fault handler skip the
   * slots' scan for memory no section is near: every held section lies in
   * slots [0, slots_bound) and every held section's bytes and guarded
   * pages lie inside [low, high). Both are widened before a section is
   * published and narrowed after one is retired (om_held_publish,
   * om_held_retire), so a reader that sees a section's begin sees bounds
   * that cover it; stale wider bounds only cost a scan. */
  atomic_int slots_bound;
  _Atomic uintptr_t low, high;
  /* Heap blocks whose section had to be given back early (the program
   * mapped the data again with another extent, or used it otherwise):
   * holding them again would copy back and forth on every step, so they
   * are left to the runtime until freed. */
  uintptr_t unsteady[OM_UNSTEADY_SLOTS];
  unsigned unsteady_next;
} om_held_table;

/* ---- the table (held_table.c) ---- */
/* Makes a section filled in at slot visible as held from begin (its
 * chunks and guards set), and takes it out again. */
void om_held_publish(om_held_table *table, om_held_section *slot, uintptr_t begin);
void om_held_retire(om_held_table *table, om_held_section *slot);
/* One past the last slot that may be held; may run without the lock. */
int om_held_slots_bound(const om_held_table *table);
/* Whether some held section's bytes or guarded pages may meet [begin,
 * end); may run without the lock (false is then final only for that
 * moment). */
static inline bool om_held_maybe_near(const om_held_table *table, uintptr_t begin,
                                      uintptr_t end) {
  return atomic_load_explicit(&table->count, memory_order_acquire) != 0 &&
         begin < atomic_load_explicit(&table->high, memory_order_acquire) &&
         atomic_load_explicit(&table->low, memory_order_acquire) < end;
}

/* Whether the section is held and overlaps [begin, end); without the lock,
 * an answer that may be out of date. */
bool om_held_overlaps(const om_held_section *section, uintptr_t begin, uintptr_t end);
bool om_held_any_overlap(const om_held_table *table, uintptr_t begin, uintptr_t end);

/* The section of device that contains [begin, end), or NULL. */
om_held_section *om_held_find(om_held_table *table, uintptr_t begin, uintptr_t end, int device);

/* A free slot, or NULL. */
om_held_section *om_held_free_slot(om_held_table *table);

/* The least recently used section no call is using and the program does
 * not map, or NULL. */
om_held_section *om_held_least_recent_idle(om_held_table *table);

bool om_held_unsteady(const om_held_table *table, uintptr_t block);
void om_held_mark_unsteady(om_held_table *table, uintptr_t block);
/* Blocks in [begin, end) were freed: they may be held again. */
void om_held_forget_unsteady(om_held_table *table, uintptr_t begin, uintptr_t end);

/* ---- copies (held_copies.c) ---- */

size_t om_held_bytes(const om_held_section *section);

/* Device memory the section takes: its copy, and its snapshot if any. */
size_t om_held_footprint(const om_held_section *section);

void om_held_count_elided(const om_held_section *section, om_direction direction,
                          uint64_t bytes, om_elision_reason reason);

/* Host [host, host + bytes) to the device copy (and to the snapshot when it
 * holds the program's data). */
void om_held_copy_to_device(om_held_section *section, uintptr_t host, size_t bytes);

/* Starts copying host [host, host + bytes), inside one locked piece of the
 * section's pages (pinning.h), to the device copy, by DMA while the caller
 * goes on; false when it cannot (the caller copies with
 * om_held_copy_to_device).
 *
 * Copies in flight (these, and the driver's copies within the device,
 * om_held_copy_on_device). They may stay in flight until the engine lock
 * is released (om_held_settle_all from om_engine_unlock), so that the next
 * section's pages are locked while they travel. Until then: every other
 * copy of the section's (om_held_copy_*) waits for them first, or, for a
 * copy within the device, is queued behind them; its pages stay
 * write-protected (the engine makes them writable only after
 * om_held_settle); giving it back waits for them first. */
bool om_held_send_to_device(om_held_section *section, uintptr_t host, size_t bytes);

/* Waits for the section's copies in flight and counts those up as one
 * copy. */
void om_held_settle(om_held_section *section);

/* The same for every section of the table: no call on the lock's path
 * when none has any. */
extern unsigned om_held_sections_sending; /* with copies in flight; under the engine lock */
void om_held_settle_each(om_held_table *table);
static inline void om_held_settle_all(om_held_table *table) {
  if (om_held_sections_sending != 0)
    om_held_settle_each(table);
}

/* The device's newest bytes of host [host, host + bytes) into target. */
void om_held_copy_from_device(om_held_section *section, void *target, uintptr_t host,
                              size_t bytes);

/* A copy within the memory of the section's device. When the section's
 * pages are page-locked for the device's driver (its pin is planned) the
 * driver makes it, in flight until om_held_settle, behind the section's
 * copies up: the runtime's own work per copy is left out. */
void om_held_copy_on_device(om_held_section *section, char *to, const char *from, size_t bytes);

/* The parts of the shared edges in [begin, end): to the device unless it
 * holds them already, back from it always (the host may read them any
 * time unseen). Returns the bytes copied. */
size_t om_held_copy_edges(om_held_section *section, uintptr_t begin, uintptr_t end,
                          om_direction direction);

/* Whether copies back reach the section's pages by DMA (page-locked memory
 * of a device the host cannot address), whatever their protection; locks
 * the pieces of its pages not locked yet first. */
bool om_held_copies_by_dma(om_held_section *section);

#endif
