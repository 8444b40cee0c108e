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
