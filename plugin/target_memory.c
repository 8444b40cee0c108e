/* target_memory.c - the omp_target_* memory API, forwarded unchanged.
 *
 * Sections that transfer elision holds (residency.h) are the plugin's, not
 * the program's: omp_target_is_present and omp_get_mapped_ptr answer for
 * them as the runtime would without the plugin, and host memory that
 * omp_target_memcpy or omp_target_associate_ptr uses is given its
 * complete host copy first.
 *
 * omp_target_associate_ptr and omp_target_disassociate_ptr change the
 * runtime's mapping table, so the shadow follows them (associated memory
 * has an infinite reference count: maps never release it and it is never
 * reported as leaked). While the runtime allocates, frees or copies device
 * memory for the program, the thread counts as inside an offload call, so
 * that the host device's "device" blocks are not recorded as the program's
 * heap blocks.
 */
#include "checks.h"
#include "plugin.h"
#include "state.h"
#include "residency.h"
#include "stale.h"

#include <stddef.h>

#define OM_EXPORT __attribute__((visibility("default")))

/* Marks the thread as inside the runtime; returns what to restore. */
static om_runtime_entry enter_runtime(void) {
  om_plugin_init();
  return om_runtime_enter();
}

OM_EXPORT void *omp_target_alloc(size_t size, int device) {
  om_runtime_entry entry = enter_runtime();
  void *block = OM_REAL(omp_target_alloc)(size, device);
  om_runtime_leave(entry);
  return block;
}

OM_EXPORT void omp_target_free(void *block, int device) {
  om_runtime_entry entry = enter_runtime();
  OM_REAL(omp_target_free)(block, device);
  om_runtime_leave(entry);
}

/* Host memory a copy of the program's reads (write false) or writes. */
static void host_side(const void *host, size_t offset, size_t length, int device, bool write) {
  if (!om_residency_holding())
    return;
  int initial = OM_REAL(omp_get_initial_device)();
  if (device == initial) {
    uintptr_t begin = (uintptr_t)host + offset;
    om_residency_host_access(begin, begin + length, write);
  }
}

/* The stale check (OWNMAP_CHECKS=full): a copy from a device into a host
 * buffer brings its data back; any other use of a stale host buffer is an
 * access by the host. */
static void stale_host_side(void *dst, const void *src, size_t length, size_t dst_offset,
                            size_t src_offset, int dst_device, int src_device) {
  if (!om_stale_enabled())
    return;
  int initial = OM_REAL(omp_get_initial_device)();
  uintptr_t to = (uintptr_t)dst + dst_offset, from = (uintptr_t)src + src_offset;
  if (dst_device == initial)
    om_stale_release(to, to + length,
                     src_device == initial ? "written by omp_target_memcpy()" : NULL);
  if (src_device == initial)
    om_stale_release(from, from + length, "read by omp_target_memcpy()");
}

OM_EXPORT int omp_target_memcpy(void *dst, const void *src, size_t length, size_t dst_offset,
                                size_t src_offset, int dst_device, int src_device) {
  om_plugin_init();
  host_side(src, src_offset, length, src_device, false);
  host_side(dst, dst_offset, length, dst_device, true);
  stale_host_side(dst, src, length, dst_offset, src_offset, dst_device, src_device);
  om_runtime_entry entry = enter_runtime();
  int result = OM_REAL(omp_target_memcpy)(dst, src, length, dst_offset, src_offset, dst_device,
                                          src_device);
  om_runtime_leave(entry);
  return result;
}

OM_EXPORT int omp_target_associate_ptr(const void *host, const void *device_ptr, size_t size,
                                       size_t device_offset, int device) {
  om_residency_share_range((uintptr_t)host, (uintptr_t)host + size);
  om_runtime_entry entry = enter_runtime();
  int result =
      OM_REAL(omp_target_associate_ptr)(host, device_ptr, size, device_offset, device);
  om_runtime_leave(entry);
  if (result == 0 && om_runtime_entered_from_program(entry) && om_checks_enabled())
    om_checks_associated(host, size, device, __builtin_return_address(0));
  if (result == 0 && om_runtime_entered_from_program(entry) && om_stale_enabled())
    om_stale_learn_device_address(device, (uintptr_t)host, (uintptr_t)device_ptr + device_offset);
  return result;
}

OM_EXPORT int omp_target_disassociate_ptr(const void *host, int device) {
  om_runtime_entry entry = enter_runtime();
  int result = OM_REAL(omp_target_disassociate_ptr)(host, device);
  om_runtime_leave(entry);
  if (result == 0 && om_runtime_entered_from_program(entry) && om_checks_enabled())
    om_checks_disassociated(host, device);
  return result;
}

OM_EXPORT int omp_target_is_present(const void *host, int device) {
  if (om_residency_hides(host, 0, device))
    return 0;
  return OM_REAL(omp_target_is_present)(host, device);
}

OM_EXPORT void *omp_get_mapped_ptr(const void *host, int device) {
  if (om_residency_hides(host, 0, device))
    return NULL;
  /* The program may write the device copy through the pointer: a section
   * it maps through the engine goes to the runtime first. */
  om_residency_share_range((uintptr_t)host, (uintptr_t)host + 1);
  void *mapped = OM_REAL(omp_get_mapped_ptr)(host, device);
  if (mapped != NULL && om_stale_enabled())
    om_stale_learn_device_address(device, (uintptr_t)host, (uintptr_t)mapped);
  return mapped;
}
