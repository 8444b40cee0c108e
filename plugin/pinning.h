/* pinning.h - page-locking the host memory of held blocks (OWNMAP_PIN), so
 * that the copies transfer elision still makes run at the pinned rate.
 *
 * LLVM 19's CUDA plugin does not pin (llvm_omp_target_lock_mem and
 * LIBOMPTARGET_LOCK_MAPPED_HOST_BUFFERS leave memory pageable), so the
 * plugin registers the memory with the CUDA driver itself
 * (cuMemHostRegister, portable to every context), found in the libcuda the
 * runtime has already loaded: on other devices (the host device) nothing is
 * pinned. A registration keeps the context current at the time, and the
 * release makes it current again, so any thread may release.
 */
#ifndef OWNMAP_PLUGIN_PINNING_H
#define OWNMAP_PLUGIN_PINNING_H

#include <stdbool.h>
#include <stddef.h>

/* Blocks at least this large get transparent huge pages when allocated
 * (om_pin_prepare). */
#define OM_PIN_HUGE_MIN_BYTES ((size_t)4 << 20)

/* Reads OWNMAP_PIN; called once at initialisation, before which
 * om_pin_prepare does nothing. */
void om_pin_configure(void);

/* A heap block of `bytes` was just allocated, untouched yet. While a CUDA
 * driver is loaded, asks for transparent huge pages for its whole huge
 * pages: registering them later takes about half as long, and protecting
 * them is cheaper too (docs/results/2026-12-02.md, test/bench/pin-cost). Cheap and
 * allocation-free unless the block is large. */
void om_pin_prepare(void *block, size_t bytes);

typedef struct {
  void *context; /* the CUDA context current when pinned; NULL: not pinned */
} om_pin;

/* Page-locks [begin, begin + bytes) (whole pages); false when it cannot
 * (no CUDA driver loaded, no current context, or the driver refused). */
bool om_pin_range(void *begin, size_t bytes, om_pin *pin);

/* Releases what om_pin_range locked (nothing if it did not). */
void om_unpin_range(void *begin, om_pin *pin);

static inline bool om_pinned(const om_pin *pin) { return pin->context != NULL; }

#endif
