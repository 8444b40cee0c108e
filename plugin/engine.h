/* engine.h - the transfer-elision engine's own header (residency.h is its
 * interface to the rest of the plugin): the state that the engine lock
 * guards, the lock, and what the engine's files share, each under the file
 * that defines it:
 *  - engine.c: the state, the lock, and the moves of a held section's data
 *    between host and device (chunk states, page protection, copies, the
 *    snapshot);
 *  - give_back.c: sections given back to the runtime (HELD -> FREE: early,
 *    freed, evicted for room, at exit, around fork);
 *  - host_access.c: the host's accesses to held memory: faults, system
 *    calls, MPI's exposures, and what omp_target_is_present sees;
 *  - plans.c: what every offload call's dealings with the engine share:
 *    its entries as the engine sees them, blocks held for them (FREE ->
 *    HELD), its claim, and its finish;
 *  - kernels.c: a kernel's entries taken over and their device copies made
 *    current;
 *  - program_mappings.c: the program's own data regions (target data,
 *    enter and exit data, target update) served by the engine.
 * Each file calls only files listed before it (and the parts testable
 * alone that residency.h lists).
 *
 * Concurrency model.
 *  - States of a slot of the held-block table: FREE (begin == 0), HELD
 *    (idle) and IN USE (exactly one call is forwarded with it: a kernel
 *    that takes it over, or a data call the engine serves for it). A HELD
 *    or IN USE section is also MAPPED BY THE PROGRAM while program_refs >
 *    0; that changes only under the lock, by a served data call, and
 *    giving the section back hands the references to the runtime. Its
 *    chunks are each IN_STEP (read-only), HOST_NEWER (writable) or
 *    DEVICE_NEWER (PROT_NONE).
 *  - One mutex, the engine lock, guards every transition, all chunk states
 *    and the claims. Lock order: engine lock, then the shadow's device
 *    locks, then the ledger's lock; never the other way. Calls into the
 *    runtime are made under it.
 *  - A held block and a runtime mapping of any of it by a call in flight
 *    never exist at once, so the runtime never meets a held block's device
 *    copy or its protected pages. Every offload call is planned under the
 *    lock before it is forwarded, in one step: its kernel entries that are
 *    taken over get their sections (held now if need be) marked in use; the
 *    sections its other entries overlap are given back; and those entries
 *    are entered as the call's claim (claims.h), which lasts until the call
 *    returns. A block is held only when no claim and no mapping of the
 *    program (the shadow) touches it. (Before, a thread could decide alone
 *    to leave an entry to the runtime while another held its block: the
 *    runtime then found the new device copy present and the kernel read it
 *    before the engine had filled it.)
 *  - Exception: a kernel whose decisions were recalled (call_memo.h), none
 *    of whose entries touches a recorded heap block of
 *    OM_TAKEOVER_MIN_BYTES or more (the only blocks ever held), is not
 *    planned under the lock and enters no claim while no section is mapped
 *    by the program through the engine: no block it touches can be held
 *    during the call (its memory is the stack, static storage or a live
 *    smaller block, which no large block can come to contain).
 *  - FREE -> HELD -> IN USE: a kernel's plan. IN USE -> HELD: its thread
 *    when the call returns. HELD -> FREE: any thread (give back, eviction,
 *    free, exit, fork), only when idle.
 *  - Waiting: a thread waits (on one condition variable, broadcast whenever
 *    a section becomes idle or free) only while it holds no section in use
 *    and before its claim is entered. A plan that needs a section in use
 *    by another kernel releases what it took, waits, and decides again from
 *    the start: the slot may hold another block by then. A kernel that is
 *    forwarded never waits for the engine except through the lock, so
 *    every waiter is eventually woken and no two threads wait for each
 *    other.
 *  - The driver's copies that a section started, up and within the
 *    device (held.h, "Copies in flight"), never outlive the hold of the
 *    lock that started them: the unlock, and a wait on the condition,
 *    wait for them first. Until then the section's other copies wait for
 *    them or queue behind them, and its pages stay write-protected, so
 *    neither the runtime, nor a kernel, nor a host thread meets a copy
 *    half done.
 *  - The fault handler takes the engine lock and never waits on the
 *    condition: it completes the faulting chunk (copy back, or make it
 *    writable) whatever the section's state, and the access is retried.
 *    The thread that holds the lock never touches a protected page (a fault
 *    there is the engine's own bug and is not waited for).
 *  - A fault on pages being copied back waits for that copy: the copy lands
 *    in the pages moved aside (the range stays mapped PROT_NONE), so the
 *    faulting thread blocks on the engine lock until the pages are back,
 *    complete; or, by DMA into page-locked memory, in the protected pages
 *    themselves. No host thread can see part of a copy.
 *  - Exposures (exposures.h) are added and removed under the engine lock;
 *    the engine consults them wherever it would protect a chunk. An MPI
 *    call exposes its buffers before the transport may touch them and
 *    ends them when the operation is complete, so the transport never
 *    meets a protected page of them, whichever process copies.
 *  - From the first exit handler on nothing is held again and every
 *    section is given back (after running kernels return), so threads that
 *    still offload while the runtime tears down meet plain memory.
 */
#ifndef OWNMAP_PLUGIN_ENGINE_H
#define OWNMAP_PLUGIN_ENGINE_H

#include "claims.h"
#include "exposures.h"
#include "held.h"
#include "residency.h"
#include "state.h"
#include "takeover.h"

#include "options.h"

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* ---- the state and the lock (engine.c) ---- */

/* Everything here is under the engine lock, except what held.h and
 * exposures.h say may be read without it. */
typedef struct {
  om_held_table table;
  om_claims claims;       /* the calls in flight that map through the runtime */
  om_exposures exposures; /* buffers MPI transports may touch unseen */
  pthread_mutex_t lock;
  pthread_cond_t section_idle; /* broadcast whenever a section becomes idle or free */
  uint64_t use_clock;
  size_t device_bytes; /* device copies and snapshots held */
  size_t cache_bytes;
  om_elide_policy policy;
  bool stopped;             /* set at exit (or too many exposures): nothing is held again */
  unsigned mapped_sections; /* held sections the program maps through the engine */
} om_engine_state;

extern om_engine_state om_engine;

/* The lock; calls into the runtime made under it count as its own. */
typedef struct {
  om_runtime_entry runtime;
} om_engine_entry;

om_engine_entry om_engine_lock(void);
void om_engine_unlock(om_engine_entry entry);

/* Whether this thread runs engine code under the lock: a fault then is the
 * engine's own bug, not the program's access, and must not wait for the
 * lock. May run without the lock (in the fault handler). */
bool om_engine_locked_here(void);

/* Waits for some section to become idle or be given back. The caller
 * holds no section (in_use) and, on waking, looks its sections up again:
 * while it waited any slot may have been given back and held again for
 * another block. */
void om_engine_wait_for_idle_section(void);

/* ---- the moves of a held section's data (engine.c) ---- */

/* Brings the chunks in [from, to) that are newer on the device back. */
void om_section_fetch(om_held_section *section, size_t from, size_t to);

/* The next run [*first, *last) of chunks the host wrote, from `from` on
 * and before `to`, or false: read-only and in step from now on, before the
 * copy that puts them in step, so that a host write during it faults and
 * is seen. A run exposed for writing stays writable and newer on the
 * host: a transport may write it without a fault. */
bool om_section_next_host_newer_run(om_held_section *section, size_t from, size_t to,
                                    size_t *first, size_t *last);

/* Copies the chunks in [from, to) that the host wrote to the device (see
 * om_section_next_host_newer_run). Returns the bytes. */
size_t om_section_upload_host_newer(om_held_section *section, size_t from, size_t to);

/* The host is about to write chunks [first, last): complete and writable. */
void om_section_let_host_write(om_held_section *section, size_t first, size_t last);

/* Every chunk in step becomes writable and newer on the host (its host
 * copy is complete already). */
void om_section_hand_in_step_to_host(om_held_section *section);

/* The device copy's data comes from the snapshot again (a device-to-device
 * copy); the snapshot stays the newest if keep_snapshot. */
void om_section_restore_snapshot(om_held_section *section, bool keep_snapshot);

/* A kernel that maps the section TO only may change the device copy; the
 * snapshot (allocated) keeps the program's data. */
void om_section_keep_snapshot(om_held_section *section);

/* Makes the device copy of [begin, end) hold the program's data (before a
 * kernel reads it), copying from the host only what the device lacks. */
void om_section_make_device_current(om_held_section *section, uintptr_t begin, uintptr_t end,
                                    bool keep_snapshot);

/* After a kernel that wrote [begin, end) of the section (FROM): its
 * results are the newest, kept on the device or back at once as
 * residency.h says. */
void om_section_results_on_device(om_held_section *section, uintptr_t begin, uintptr_t end);

/* The device no longer holds what the edges' copies say it holds. */
void om_section_forget_edges(om_held_section *section);

/* ---- giving back (give_back.c) ---- */

typedef enum {
  OM_GIVE_BACK_EARLY, /* the program needs it back: do not hold its block again */
  OM_GIVE_BACK_DONE,  /* freed, evicted, exit or fork */
} om_give_back_kind;

/* Takes (or drops) one reference on the whole block through the runtime:
 * a map entry of type 0, which copies nothing. */
void om_reference_block(uintptr_t begin, uintptr_t end, int device, bool take);

/* Gives an idle section back to the runtime: the host's copy complete
 * (unless keep_data is false), writable, and the extra reference dropped. */
void om_give_back(om_held_section *section, bool keep_data, om_give_back_kind kind);

/* Gives back the idle sections that overlap [begin, end); returns one that
 * is in use (a kernel runs with it), or NULL when none is left. */
om_held_section *om_give_back_idle_overlapping(uintptr_t begin, uintptr_t end, bool keep_data,
                                               om_give_back_kind kind);

/* Gives back every section that overlaps [begin, end), waiting for the
 * kernels that use them; the caller holds no section. */
void om_give_back_overlapping(uintptr_t begin, uintptr_t end, bool keep_data,
                              om_give_back_kind kind);

/* Makes room for `bytes` more device memory, giving back the least
 * recently used idle sections; false if that is not enough. */
bool om_make_room(size_t bytes);

/* The exit handler: from the first one on, other threads may still
 * offload while the runtime tears itself down after the last one: the
 * engine holds and protects nothing more, so they only ever meet plain
 * memory. Takes the lock. */
void om_stop_at_exit(void);

/* ---- host access (host_access.c) ---- */

/* The fault handler's owner (faults.h): a host access to a protected
 * chunk of a held section. */
bool om_engine_owns_fault(uintptr_t address);

/* ---- what every call's plan shares (plans.c) ---- */

/* What the take-over policy (takeover.h) needs of entry i of a call. */
om_takeover_entry om_plan_takeover_entry(const om_map_entries *entries, int32_t i, bool nowait);

/* Whether another entry of the call than i maps any of [start, end). */
bool om_plan_others_map(const om_map_entries *entries, int32_t i, uintptr_t start,
                        uintptr_t end);

/* What the policy needs of entry i's heap block [start, start + size):
 * the program maps the block when the checks' shadow says so or a call in
 * flight claims it (claims.h). */
om_takeover_block om_plan_block(const om_map_entries *entries, int32_t i, uintptr_t start,
                                size_t size);

/* Whether a section other than `own` (the one holding the block on the
 * call's device, or NULL) overlaps the block [start, end): held on another
 * device. */
bool om_plan_held_elsewhere(const om_held_section *own, uintptr_t start, uintptr_t end);

/* The section of device that holds [begin, end) (at least one byte) and
 * that the program maps through the engine, or NULL. */
om_held_section *om_plan_program_section(uintptr_t begin, uintptr_t end, int device);

/* Takes an extra reference on the heap block [begin, end) of device; every
 * chunk starts newer on the host (the device copy is fresh). NULL when it
 * cannot (no room for `need` bytes, or no slot). */
om_held_section *om_plan_hold(uintptr_t begin, uintptr_t end, int device, size_t need);

/* Decides under the lock which entries of the call the engine takes: for
 * each entry in order, plan_entry returns the section that serves it (held
 * now if need be; marked in use here) or NULL when the runtime maps it,
 * and sets *busy when a section it needs is in use by another call. All or
 * none: then the sections taken so far are marked idle again, the thread
 * waits holding nothing, and everything is decided again from the start. */
typedef om_held_section *om_entry_planner(const om_checked_call *call, om_residency_plan *plan,
                                          int32_t i, void *context, bool *busy);
void om_plan_entries(const om_checked_call *call, om_residency_plan *plan,
                     om_entry_planner *plan_entry, void *context);

/* Enters the call's claim (its entries the runtime maps) into the list, so
 * that no other thread holds what they touch until the call returns. */
void om_plan_claim(om_residency_plan *plan, const om_map_entries *entries,
                   const om_presence *taken);

/* An entry that the plan takes, with the section that serves it. */
typedef struct {
  const om_checked_call *call;
  om_residency_plan *plan;
  int32_t i;            /* the entry */
  uintptr_t begin, end; /* its range */
  om_held_section *section;
} om_taken_entry;

typedef void om_taken_visitor(const om_taken_entry *taken, void *context);

/* Under the lock (taken and left here), visit(taken, context) for each
 * entry the plan takes whose section is still held, in order; nothing when
 * the plan takes none. */
void om_plan_each_taken(const om_checked_call *call, om_residency_plan *plan,
                        om_taken_visitor *visit, void *context);

#endif
