/* staging.h - large copies between pageable host memory and a CUDA device,
 * made by a pool of worker threads through page-locked buffers of their
 * own (OWNMAP_COPY_THREADS), for held blocks that are not page-locked
 * themselves (pinning.h).
 *
 * Why: the CUDA driver copies pageable memory at about 7 GB/s. Page-locking
 * a 256 MiB block first costs 6-11 ms, and 4.8 ms more to release it, for
 * a 4.9 ms copy; 16 threads staging it through 2 MiB buffers moved it in
 * 6.7 ms without locking it (test/bench/pin-cost, docs/results/2026-12-03.md,
 * run 23). So a held block's copies are staged, and only a block that
 * keeps moving is page-locked (held_copies.c).
 *
 * The workers start at the first staged copy, in the CUDA context it names,
 * each with two page-locked buffers and a stream per buffer; they block
 * every signal and never touch a held block's protected pages (the host
 * side of a copy is readable, or writable, as the caller guarantees). Any
 * failure of the driver makes om_staged_copy return false, and the caller
 * copies through the runtime instead: a copy can always be made again.
 *
 * Concurrency model: one copy at a time (callers queue on the pool's
 * lock). A copy is cut into pieces of OM_STAGE_PIECE_BYTES; the caller
 * publishes it (a new generation) and waits until every worker has
 * finished it; each worker claims pieces from an atomic counter until none
 * is left. Lock order: the engine lock (held by callers), then the pool's
 * lock. Workers take only the pool's lock, never while calling the driver,
 * and wait only for a new copy; the caller waits only for the workers. */
#ifndef OWNMAP_PLUGIN_STAGING_H
#define OWNMAP_PLUGIN_STAGING_H

#include "ledger.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A piece of a staged copy: the size of each worker's two buffers. */
#define OM_STAGE_PIECE_BYTES ((size_t)2 << 20)
/* Smaller copies go through the runtime: waking the workers costs more
 * than it saves. */
#define OM_STAGE_MIN_BYTES ((size_t)2 * OM_STAGE_PIECE_BYTES)

/* Reads OWNMAP_COPY_THREADS; called once at initialisation. */
void om_staging_configure(void);

/* The CUDA context current on this thread while staging is possible (some
 * workers wanted, a CUDA driver loaded, and the pool not found unusable),
 * else NULL. */
void *om_staging_context(void);

/* Copies bytes between host memory and device address `device` (a CUDA
 * device pointer of `context`): to the device, or from it into host.
 * False when it could not (nothing to stage with, or the driver failed);
 * the destination's contents are then unspecified. */
bool om_staged_copy(void *context, void *host, uintptr_t device, size_t bytes,
                    om_direction direction);

/* In a child forked by a process with a pool: the workers did not come
 * along, and the driver's state cannot be used; staging stays off. */
void om_staging_fork_child(void);

#endif
