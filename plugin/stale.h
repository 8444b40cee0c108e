/* stale.h - stale host data (OWNMAP_CHECKS=full), tracked per buffer.
 *
 * After a kernel that maps a buffer with FROM and leaves it mapped, or
 * that reaches a present buffer through a pointer (zero-length section,
 * is_device_ptr), the device copy may be newer than the host's until
 * `target update from` or the unmap. The pages that lie wholly inside the buffer are protected; the
 * first host access faults once, is reported (warning, once per site) and
 * unprotects the whole buffer, so each buffer costs at most one fault per
 * such epoch. Every offload call lifts the guards of the buffers it maps
 * while the runtime copies, and puts them back unless the call brought the
 * data back; free/realloc drop them, and so do the system calls that read
 * or write user memory (stale_syscalls.c), which therefore never fail.
 *
 * Faults reach the check through the plugin's SIGSEGV handler (faults.h).
 * Buffers smaller than a page or beyond the table's capacity are
 * not tracked.
 */
#ifndef OWNMAP_PLUGIN_STALE_H
#define OWNMAP_PLUGIN_STALE_H

#include "shadow.h"

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* True when OWNMAP_CHECKS=full (set once at initialisation); inline, as
 * free asks on every call. */
extern bool om_stale_tracking;
static inline bool om_stale_enabled(void) { return om_stale_tracking; }
void om_stale_configure(bool enabled);

/* Protects [begin, end) after a kernel on `device` at origin. */
void om_stale_guard(uintptr_t begin, uintptr_t end, int device, const om_map_origin *origin);

/* Calls rewrite on the origin of each guarded buffer (unload.h). A
 * fault reading an origin meanwhile sees each field old or new, and both
 * are valid while the library being unloaded is still there. */
void om_stale_rewrite_origins(void (*rewrite)(om_map_origin *origin, void *context),
                              void *context);

/* Unprotects every guarded buffer that overlaps [begin, end); `access`
 * names the host access for the report (NULL: the runtime's own, silent). */
void om_stale_release(uintptr_t begin, uintptr_t end, const char *access);

/* Around an offload call: the guards of its buffers are lifted while the
 * runtime copies (suspend), then either put back (resume: the host copy is
 * still stale) or dropped (om_stale_release: the data came back, or the
 * host's copy is now the newest). */
void om_stale_suspend(uintptr_t begin, uintptr_t end);
void om_stale_resume(uintptr_t begin, uintptr_t end);

/* A kernel given a device address (is_device_ptr) rather than a map may
 * write the buffer the address belongs to. The runtime translates host
 * addresses to device ones, not back, so the device addresses the program
 * is handed (omp_get_mapped_ptr, use_device_ptr/use_device_addr,
 * omp_target_associate_ptr) are remembered with the mapping they lie in.
 *
 * learn: device_address is host's on device (0: ask the runtime). */
void om_stale_learn_device_address(int device, uintptr_t host, uintptr_t device_address);

/* The present buffer on device that a kernel's map entry (begin, size,
 * type) hands it a pointer into, instead of a section of its own: a
 * zero-length section (also the implicit map of a pointer) or a device
 * address (is_device_ptr). The kernel may write all of it. For a device
 * address *name becomes the buffer's map name, if it has one. */
bool om_stale_buffer_behind_pointer(int device, uintptr_t begin, int64_t size, int64_t type,
                                    om_mapping *buffer, const char **name);

#endif
