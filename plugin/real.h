/* real.h - the offload runtime's functions that the plugin forwards to or
 * asks: their one declaration, and where the plugin gets them (real.c).
 *
 * OM_REAL(symbol) is the runtime's definition of `symbol`, typed as the
 * runtime declares it, e.g.
 *
 *   OM_REAL(__tgt_target_data_begin_mapper)(loc, device, 1, &base, ...);
 *   int host = OM_REAL(omp_get_initial_device)();
 *
 * It is found wherever the process loaded the runtime, also when an offload
 * library brought it in with dlopen, and it is never the plugin's own
 * interposer. When the runtime lacks it, the call reports what was searched
 * and aborts (there is no correct way on with a call that cannot be
 * forwarded); a valid program never gets there, because only code that
 * depends on the runtime calls its entry points. */
#ifndef OWNMAP_PLUGIN_REAL_H
#define OWNMAP_PLUGIN_REAL_H

#include "offload_abi.h"

#include <stddef.h>
#include <stdint.h>

/* The parameters of the data entry points; the nowait forms add the
 * dependences. */
#define OM_REAL_DATA_PARAMS                                                              \
  om_ident *loc, int64_t device_id, int32_t count, void **bases, void **begins,         \
      int64_t *sizes, int64_t *types, void **names, void **mappers
#define OM_REAL_DEP_PARAMS                                                               \
  int32_t dep_count, void *deps, int32_t noalias_count, void *noalias_deps

/* X(where, symbol, return type, parameters) for every function of
 * libomptarget (LLVM 19) and libomp that the plugin calls. `where` says
 * which definition the plugin wants:
 *   NEXT     the one the caller would have bound without the plugin: the
 *            next after the plugin in the global scope (dlsym RTLD_NEXT),
 *            else the runtime's (the entry points the plugin forwards);
 *   RUNTIME  the loaded libomptarget's own, else the next: the runtime's
 *            view of its devices. libomp defines these too, and its forms
 *            answer 0 devices when libomptarget is not in the global scope
 *            (a program that is not linked to it loaded an offload library
 *            with dlopen), although the runtime offloads to its devices. */
#define OM_REAL_FUNCTIONS(X)                                                             \
  X(NEXT, __tgt_target_kernel, int,                                                    \
    (om_ident *loc, int64_t device_id, int32_t num_teams, int32_t thread_limit,        \
     void *host_ptr, om_kernel_args *args))                                             \
  X(NEXT, __tgt_target_data_begin_mapper, void, (OM_REAL_DATA_PARAMS))                  \
  X(NEXT, __tgt_target_data_end_mapper, void, (OM_REAL_DATA_PARAMS))                    \
  X(NEXT, __tgt_target_data_update_mapper, void, (OM_REAL_DATA_PARAMS))                 \
  X(NEXT, __tgt_target_data_begin_nowait_mapper, void,                                  \
    (OM_REAL_DATA_PARAMS, OM_REAL_DEP_PARAMS))                                           \
  X(NEXT, __tgt_target_data_end_nowait_mapper, void,                                    \
    (OM_REAL_DATA_PARAMS, OM_REAL_DEP_PARAMS))                                           \
  X(NEXT, __tgt_target_data_update_nowait_mapper, void,                                 \
    (OM_REAL_DATA_PARAMS, OM_REAL_DEP_PARAMS))                                           \
  X(NEXT, __tgt_register_lib, void, (om_bin_desc *desc))                               \
  X(NEXT, __tgt_unregister_lib, void, (om_bin_desc *desc))                             \
  X(NEXT, omp_target_alloc, void *, (size_t size, int device))                          \
  X(NEXT, omp_target_free, void, (void *block, int device))                             \
  X(NEXT, omp_target_memcpy, int,                                                       \
    (void *dst, const void *src, size_t length, size_t dst_offset, size_t src_offset,   \
     int dst_device, int src_device))                                                   \
  X(NEXT, omp_target_associate_ptr, int,                                                \
    (const void *host, const void *device_ptr, size_t size, size_t device_offset,       \
     int device))                                                                       \
  X(NEXT, omp_target_disassociate_ptr, int, (const void *host, int device))             \
  X(NEXT, omp_target_is_present, int, (const void *host, int device))                   \
  X(NEXT, omp_get_mapped_ptr, void *, (const void *host, int device))                   \
  X(NEXT, omp_get_default_device, int, (void))                                          \
  X(RUNTIME, omp_get_initial_device, int, (void))                                       \
  X(RUNTIME, omp_get_num_devices, int, (void))

/* Each function's declaration: the plugin's interposers of the same name
 * are checked against it by the compiler. (The plugin links no runtime, so
 * a direct call to one it does not define fails to link: use OM_REAL.) */
#define OM_REAL_DECLARE(where, symbol, type, params) type symbol params;
OM_REAL_FUNCTIONS(OM_REAL_DECLARE)
#undef OM_REAL_DECLARE

#define OM_REAL_ID(where, symbol, type, params) OM_REAL_ID_##symbol,
typedef enum { OM_REAL_FUNCTIONS(OM_REAL_ID) OM_REAL_COUNT } om_real_id;
#undef OM_REAL_ID

/* The runtime's function `id`, looked up on first use; aborts with a
 * message when it cannot be found. */
void *om_real_function(om_real_id id);

#define OM_REAL(symbol) ((__typeof__(&symbol))om_real_function(OM_REAL_ID_##symbol))

/* `function` (the caller's own dlsym(RTLD_NEXT, name)) if not NULL, else
 * the runtime's `name` found as NEXT above, else a loud abort. */
void *om_require_real(void *function, const char *name);

/* The next definition of `name` after the plugin's (dlsym RTLD_NEXT, else
 * as om_require_real), cached in *slot; a race resolves it twice, alike. */
void *om_next_function(void *_Atomic *slot, const char *name);

/* The function that the plugin's wrapper `name` (of another library than
 * the runtime: the C library's, MPI's) forwards to, typed as the wrapper. */
#define OM_NEXT(name)                                                                    \
  ({                                                                                     \
    static void *_Atomic om_next_slot;                                                   \
    (__typeof__(&name))om_next_function(&om_next_slot, #name);                           \
  })

#endif
