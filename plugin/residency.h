/* residency.h - transfer elision (OWNMAP_ELIDE): device copies of large
 * heap blocks stay resident across target regions, so that a copy whose
 * destination already holds the same bytes is skipped.
 *
 * A kernel's map entry is taken over when it maps at least
 * OM_TAKEOVER_MIN_BYTES of a heap block that holds a whole page, that no
 * other entry of the call and no mapping of the program (the checks'
 * shadow) touches, with TO and/or FROM and without ALWAYS, DELETE, PRESENT,
 * ompx_hold, a mapper or struct-member bits; nowait kernels are never taken
 * over. The plugin then keeps one extra reference on the whole block (the
 * runtime's own begin call with a map type of 0), so the runtime copies
 * nothing for any section of it, and does every copy the program's maps
 * require itself:
 *  - before a kernel that reads a section (TO), only what the device lacks:
 *    chunks the host wrote since they were last in step (found by write
 *    faults on read-only pages), plus the parts of the block's partial
 *    first and last pages in the section, which cannot be protected without
 *    touching other data;
 *  - after a kernel that writes a section (FROM), the chunks it covers
 *    whole are protected (PROT_NONE) and copied back, chunk by chunk, when
 *    the host first touches them (OWNMAP_ELIDE=lazy), or at once (safe);
 *    partly covered chunks and edge pages come back at once. A copy back
 *    lands in the protected pages moved aside (MREMAP_DONTUNMAP), which
 *    replace the protected range in one mremap, or, when the block is
 *    page-locked (pinning.h), by DMA into the protected pages themselves,
 *    so no other host thread ever sees half of it;
 *  - a kernel that maps a section TO only may change the device copy, which
 *    the program then expects to be discarded: the plugin keeps a snapshot
 *    on the device (device-to-device copy) and restores from it.
 * The program's own mappings of a whole held block (`target data`, `enter
 * data`: the entry maps the block from its start to its end, TO, FROM or
 * neither (alloc), without the bits above, in a call without struct members,
 * of at most OM_RESIDENCY_SERVED_ENTRIES entries, not nowait, while
 * OWNMAP_CHECKS=full's stale checks are off) are served the same way: the
 * entry is left out of the call the runtime gets, the engine counts the
 * program's references itself and makes the copies they require (the device
 * copy made current at the first reference with TO; the results back,
 * lazily, at the last one with FROM). Kernels inside find the block present
 * through the engine's reference and copy nothing, as they would without the
 * plugin. `target update` of a section inside it moves exactly that section:
 * to the device only what is not there already (nothing when no kernel has
 * run since the host's data was last in step), back at once (the program is
 * about to read it). While the program maps a block, its host copy and its
 * device copy may legitimately differ: host writes stay on the host (chunks
 * newer on the host are not copied until the program asks), and chunks newer
 * on the device hold the host's data of before the region; before the first
 * kernel of the mapping runs, those are kept in the snapshot (with the rest,
 * when the mapping is likely to end without FROM; or fetched, when it does
 * not fit), so that a host read inside the region sees them and not the
 * kernel's results. At the last reference without FROM the device copy is
 * made to hold the host's data again wherever the chunks say so (restored
 * from the snapshot, or the chunks in step count as changed on the host). A
 * program-mapped block is never evicted; given back, it is handed over: the
 * runtime gets the program's references on the same device memory, so later
 * maps, ends and updates find what they would have found without the plugin.
 * Anything else that touches a held block first gives it back to the
 * runtime with the host's copy complete: another map of it (data begin,
 * end, update, a map that is not taken over or served, a map with
 * `always` inside the program's mapping), a request for its device address
 * (use_device_ptr or use_device_addr, omp_get_mapped_ptr), free (without
 * copying), realloc, the omp_target_* API, fork and exit. The system calls
 * interposed in stale_syscalls.c only complete the host's copy of their
 * buffers (om_residency_host_access) and leave the block held. MPI's
 * calls (mpi.c) expose their buffers for as long as the operation lasts:
 * no chunk they meet is protected meanwhile (exposures.h). Held device memory is capped by
 * OWNMAP_CACHE_MB; the least recently used blocks the program does not map
 * are given back first.
 *
 * Parts: the take-over policy (takeover.h), the calls in flight that map
 * through the runtime (claims.h), the chunk bookkeeping (chunks.h), the
 * page mechanics (host_pages.h) and the held blocks with their copies
 * (held.h) are each testable alone; the engine drives them under one lock
 * in the files that engine.h lists, and engine.h states its concurrency
 * model (states, lock order, who waits on whom).
 */
#ifndef OWNMAP_PLUGIN_RESIDENCY_H
#define OWNMAP_PLUGIN_RESIDENCY_H

#include "accounting.h"
#include "checks.h"
#include "claims.h"
#include "held.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Reads OWNMAP_ELIDE and OWNMAP_CACHE_MB; called once at initialisation. */
void om_residency_configure(void);

/* Data calls with more entries are left to the runtime (the entries the
 * engine serves are left out of the call forwarded, on the stack). */
#define OM_RESIDENCY_SERVED_ENTRIES 32

/* One offload call's dealings with the engine: the entries it takes over
 * (a kernel's) or serves (a data call's), and the claim of the entries the
 * runtime maps (claims.h). */
typedef struct {
  om_call_kind kind;
  om_presence taken;
  om_presence first_references; /* served data begins the program makes first */
  bool any;     /* some entry is taken */
  bool claimed; /* the claim is entered: om_residency_finish_call must follow */
  om_claim claim;
} om_residency_plan;

/* Before a kernel's presence probe: decides which entries to take over and
 * holds their sections (in use until the call finishes), gives back the
 * held sections that the other entries overlap, and claims those entries;
 * all at once, waiting holding nothing when another kernel uses a section
 * it needs. */
void om_residency_plan_kernel(const om_checked_call *call, bool nowait, om_residency_plan *plan);

/* Whether an entry the kernel claims may touch a heap block that the engine
 * holds or could hold during the call. The engine holds only recorded
 * blocks of OM_TAKEOVER_MIN_BYTES or more (the allocation record's large
 * blocks, allocations.h), and memory outside every such block cannot
 * become part of one while the program maps it (it is the stack, static
 * storage or a live smaller block); without one, the call needs no claim.
 * Depends only on the entries and the allocation record (its generation
 * covers it). */
bool om_residency_kernel_touches_holdable(const om_checked_call *call);

/* om_residency_plan_kernel for a kernel none of whose entries may be taken
 * over (om_takeover_entry_eligible): claims its entries, unless a held
 * section may lie near one of them; then it returns false having done
 * nothing, and the kernel is to be planned in full. A kernel that touches
 * no holdable block (om_residency_kernel_touches_holdable) needs no claim
 * and takes no lock here, unless the program maps a section through the
 * engine. */
bool om_residency_plan_kernel_none_taken(const om_checked_call *call, bool touches_holdable,
                                         om_residency_plan *plan);

/* The same before a data call (begin, end or update; nowait when it is a
 * target task): decides which entries the engine serves (above) and marks
 * their sections in use until the call finishes; gives back the held
 * sections that the other entries overlap (or whose device address they
 * ask for) and claims those entries. The entries served must be left out
 * of the call forwarded. */
void om_residency_plan_data(const om_checked_call *call, om_call_kind kind, bool nowait,
                            om_residency_plan *plan);

/* After the presence probe of a data call planned above: the runtime finds
 * the blocks of served entries present (the engine's reference), but
 * without the plugin a first reference finds its block absent, and the
 * checks' shadow must follow that mapping: *before says so. */
void om_residency_presence_without_engine(const om_residency_plan *plan, om_presence *before);

/* After the checks, before forwarding a data call planned above: the
 * served entries' references and copies. */
void om_residency_enter_data(const om_checked_call *call, om_residency_plan *plan);

/* A kernel is forwarded unplanned (its arguments are not understood) to
 * device (-1: any): it may write the device copies the program maps. */
void om_residency_unplanned_kernel(int device);

/* After the checks, before forwarding a kernel: makes the taken entries'
 * device copies current. Entries it could not serve (no room for a
 * snapshot) are given back and dropped from the plan; for the others,
 * *before says present (the runtime copies nothing) and *tracked is
 * cleared (their presence after is probed). */
void om_residency_enter_kernel(const om_checked_call *call, om_residency_plan *plan,
                               om_presence *before, om_presence *tracked);

/* After forwarding any call planned above: the device copies of the taken
 * FROM entries are now the newest, and the claim ends. */
void om_residency_finish_call(const om_checked_call *call, om_residency_plan *plan);

/* False when no section is held (one atomic load). */
bool om_residency_holding(void);
/* Whether a held section may lie in [begin, end): false is certain for
 * that moment (no lock, no scan of the sections). */
extern const om_held_table *const om_residency_held;
static inline bool om_residency_may_hold(uintptr_t begin, uintptr_t end) {
  return om_held_maybe_near(om_residency_held, begin, end);
}

/* [begin, end) of host memory is about to be freed (keep_data false: its
 * contents no longer matter) or reallocated (true). */
void om_residency_give_back_range(uintptr_t begin, uintptr_t end, bool keep_data);

/* [begin, end) of host memory is handed to the runtime in a way the engine
 * does not follow (omp_target_associate_ptr): given back, host copy
 * complete, and its heap block is not held again until freed. */
void om_residency_share_range(uintptr_t begin, uintptr_t end);

/* A system call or copy is about to read (write false) or write
 * [begin, end) on the host: the host's copy is made complete first. */
void om_residency_host_access(uintptr_t begin, uintptr_t end, bool write);

/* Whether transfer elision is on (OWNMAP_ELIDE safe or lazy). */
bool om_residency_enabled(void);

/* [begin, end) is handed to an MPI transport (mpi.c), which may read it
 * (write false) or write it from another process or a device, unseen by
 * the fault handler, until om_residency_unexpose(key): the host's copy is
 * made complete (and writable, for a write) now and stays so meanwhile
 * (exposures.h). Beyond the table's capacity nothing is held any more. */
void om_residency_expose(uintptr_t begin, uintptr_t end, uintptr_t key, bool write);
/* The exposures with key from now belong to key to. */
void om_residency_rekey_exposure(uintptr_t from, uintptr_t to);
void om_residency_unexpose(uintptr_t key);

/* True when [begin, begin + size) lies in a section the engine holds but
 * the program has not mapped (omp_target_is_present must then say no):
 * not in use by a kernel, nor mapped by the program through the engine. */
bool om_residency_hides(const void *begin, size_t size, int device);

/* pthread_atfork: the parent gives everything back before forking, so the
 * child inherits complete, unprotected host memory. */
void om_residency_fork_prepare(void);
void om_residency_fork_parent(void);
void om_residency_fork_child(void);

#endif
