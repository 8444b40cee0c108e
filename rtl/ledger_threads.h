/* ledger_threads.h - the copies a ledger counts per thread (ledger.h,
 * OM_LEDGER_PER_THREAD_INIT), for ledger.c alone.
 *
 * A ledger that counts per thread gives each thread that counts copies a
 * block of counts of its own: for each row and each device, the copies
 * and bytes each way, and the timeline's events not kept. The thread adds
 * to its block with plain loads and stores; no other thread writes it
 * while it owns it. The ledger's readers add every block to the shared
 * counts, so a report sees each copy once, whichever thread made it.
 * Ordinary counting then makes no atomic read-modify-write, each of which
 * costs about as much as the rest of a small region's accounting.
 */
#ifndef OWNMAP_RTL_LEDGER_THREADS_H
#define OWNMAP_RTL_LEDGER_THREADS_H

#include "ledger.h"

/* The calling thread's block of counts in `ledger`, adopted on its first
 * call; NULL when the ledger does not count per thread, the thread counts
 * in another ledger already, or no block could be made (the caller then
 * counts atomically in the shared counts). */
om_thread_counts *om_thread_counts_own(om_ledger *ledger);

/* Adds one copy of `bytes` to row `row_index` (OM_LEDGER_SLOTS for the
 * overflow row) and to device slot `device_slot`; only the owner calls it. */
void om_thread_counts_add_copy(om_thread_counts *own, size_t row_index, int device_slot,
                               om_direction direction, uint64_t bytes);

/* Counts one timeline event not kept; only the owner calls it. */
void om_thread_counts_add_not_kept(om_thread_counts *own);

/* The readers, called with the ledger's lock held: add every block's
 * counts of slot `row_index` to `row`, of device slot `device_slot` to
 * `out`, or return their events not kept. */
void om_thread_counts_fold_row(const om_ledger *ledger, size_t row_index, om_ledger_row *row);
void om_thread_counts_fold_device(const om_ledger *ledger, int device_slot,
                                  om_flow out[OM_DIRECTION_COUNT]);
uint64_t om_thread_counts_not_kept(const om_ledger *ledger);

/* In a forked child (its lock made anew): every block back to zero; the
 * blocks of the threads that did not come along are owned by none. */
void om_thread_counts_fork_child(om_ledger *ledger);

/* How many blocks the ledger has made (they are reused, never freed). */
size_t om_thread_counts_made(om_ledger *ledger);

#endif
