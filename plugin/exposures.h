/* exposures.h - host memory that something other than the host's threads
 * may read or write at any moment, unseen by the fault handler: the buffers
 * of MPI operations in progress (mpi.c). A transport copies them with
 * process_vm_readv or process_vm_writev from another process (Open MPI's
 * shared-memory single copy), or a network card by DMA; the kernel fails
 * such copies with EFAULT on a protected page instead of faulting, and a
 * DMA write into a read-only page is never seen.
 *
 * Transfer elision (residency.h) consults them wherever it would protect
 * a chunk: a chunk that an exposure for writing meets stays newer on the
 * host and writable (so it is copied to the device before every kernel
 * that reads it while the exposure lasts); a chunk that any exposure meets
 * gets a kernel's results back at once, into pages that stay accessible.
 *
 * Each exposure carries a key: the operation it belongs to (an MPI request
 * handle, or the frame of a blocking call), so that it ends with it. The
 * table is fixed, so that nothing allocates under the engine lock; every
 * function runs under that lock, except om_exposures_any. */
#ifndef OWNMAP_PLUGIN_EXPOSURES_H
#define OWNMAP_PLUGIN_EXPOSURES_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { OM_EXPOSURE_SLOTS = 1024 };

typedef struct {
  uintptr_t begin, end; /* [begin, end) of host memory */
  uintptr_t key;
  bool write; /* may be written, not only read */
} om_exposure;

typedef struct {
  om_exposure slots[OM_EXPOSURE_SLOTS]; /* [0, used) in use, in no order */
  _Atomic size_t used;
} om_exposures;

/* Adds one; false (nothing added) when the table is full. */
bool om_exposures_add(om_exposures *exposures, uintptr_t begin, uintptr_t end, uintptr_t key,
                      bool write);

/* The exposures with key from now belong to key to (an operation that
 * started under a provisional key learned its request handle). */
void om_exposures_rekey(om_exposures *exposures, uintptr_t from, uintptr_t to);

/* Ends every exposure with key. */
void om_exposures_remove(om_exposures *exposures, uintptr_t key);

/* Whether an exposure (only those for writing, if writes_only) meets
 * [begin, end). */
bool om_exposures_meet(const om_exposures *exposures, uintptr_t begin, uintptr_t end,
                       bool writes_only);

/* Whether any exposure exists; without the lock, possibly out of date. */
bool om_exposures_any(const om_exposures *exposures);

#endif
