/* interpose.c - libomptarget entry points, observed and forwarded unchanged.
 *
 * Each hook resolves the real function once (dlsym RTLD_NEXT), probes which
 * map entries are present on the device, calls the real function with the
 * same arguments, probes again and records the copies that happened. A
 * thread-local guard keeps calls the runtime makes into these entry points
 * from being counted twice.
 */
#include "accounting.h"
#include "check_report.h"
#include "checks.h"
#include "facts.h"
#include "message.h"
#include "offload_abi.h"
#include "plugin.h"
#include "residency.h"
#include "self_time.h"
#include "stale.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define OM_EXPORT __attribute__((visibility("default")))

typedef void (*data_fn)(om_ident *, int64_t, int32_t, void **, void **, int64_t *,
                        int64_t *, void **, void **);
typedef void (*data_nowait_fn)(om_ident *, int64_t, int32_t, void **, void **, int64_t *,
                               int64_t *, void **, void **, int32_t, void *, int32_t,
                               void *);
typedef int (*kernel_fn)(om_ident *, int64_t, int32_t, int32_t, void *, om_kernel_args *);
typedef int (*is_present_fn)(const void *, int);
typedef int (*default_device_fn)(void);

static struct {
  kernel_fn target_kernel;
  data_fn data_begin, data_end, data_update;
  data_nowait_fn data_begin_nowait, data_end_nowait, data_update_nowait;
  is_present_fn is_present;
  default_device_fn default_device;
  default_device_fn num_devices;
} real;

/* OMP_TARGET_OFFLOAD=DISABLED: the runtime runs every region on the host
 * and maps nothing, so there is nothing to count or check. */
static bool offload_disabled;

static pthread_once_t real_resolved = PTHREAD_ONCE_INIT;

static void resolve_real_functions(void) {
  real.target_kernel = (kernel_fn)dlsym(RTLD_NEXT, "__tgt_target_kernel");
  real.data_begin = (data_fn)dlsym(RTLD_NEXT, "__tgt_target_data_begin_mapper");
  real.data_end = (data_fn)dlsym(RTLD_NEXT, "__tgt_target_data_end_mapper");
  real.data_update = (data_fn)dlsym(RTLD_NEXT, "__tgt_target_data_update_mapper");
  real.data_begin_nowait =
      (data_nowait_fn)dlsym(RTLD_NEXT, "__tgt_target_data_begin_nowait_mapper");
  real.data_end_nowait =
      (data_nowait_fn)dlsym(RTLD_NEXT, "__tgt_target_data_end_nowait_mapper");
  real.data_update_nowait =
      (data_nowait_fn)dlsym(RTLD_NEXT, "__tgt_target_data_update_nowait_mapper");
  real.is_present = (is_present_fn)dlsym(RTLD_NEXT, "omp_target_is_present");
  real.default_device = (default_device_fn)dlsym(RTLD_NEXT, "omp_get_default_device");
  real.num_devices = (default_device_fn)dlsym(RTLD_NEXT, "omp_get_num_devices");
  const char *offload = getenv("OMP_TARGET_OFFLOAD");
  offload_disabled = offload != NULL && strcasecmp(offload, "disabled") == 0;
}

/* Whether a call for `device` reaches a device: not when offloading is
 * disabled, nor for the initial device or a device that does not exist
 * (the runtime then falls back to the host and maps nothing). */
static bool reaches_device(int device) {
  static atomic_int devices = -1;
  int count = atomic_load_explicit(&devices, memory_order_relaxed);
  if (count < 0) {
    count = ((default_device_fn)om_require_real((void *)real.num_devices,
                                                "omp_get_num_devices"))();
    atomic_store_explicit(&devices, count, memory_order_relaxed);
  }
  return !offload_disabled && device >= 0 && device < count;
}

void *om_require_real(void *function, const char *name) {
  if (function == NULL) {
    om_error("cannot find the real %s after the plugin (for an offload entry point: is "
             "libomptarget loaded?)", name);
    abort();
  }
  return function;
}


/* One call being observed; `counted` is false when it is passed through. */
typedef struct {
  bool counted;
  om_call_kind kind;
  int device;
  om_map_entries entries;
  void **bases;
  om_call_origin origin;
  om_presence before;
  om_presence tracked; /* entries whose presence after the call the shadow knows */
  om_residency_plan residency;
  uint64_t start_ns;   /* when the real call was made */
} observed_call;

static om_checked_call checked(const observed_call *call) {
  return (om_checked_call){call->device, &call->entries, call->bases, &call->origin,
                           &call->before};
}

static void begin_observing(observed_call *call, om_call_kind kind, bool nowait,
                            om_ident *loc, int64_t device_id, om_map_entries entries,
                            void **bases, const void *return_address) {
  uint64_t entered = om_self_time_stamp();
  om_plugin_init();
  pthread_once(&real_resolved, resolve_real_functions);
  call->counted = !om_inside_offload_call;
  if (!call->counted) {
    om_checks_unseen_call(); /* the runtime mapping on its own behalf */
    return;
  }
  call->device = device_id == OM_DEVICE_DEFAULT
                     ? ((default_device_fn)om_require_real((void *)real.default_device,
                                                   "omp_get_default_device"))()
                     : (int)device_id;
  call->counted = reaches_device(call->device);
  if (!call->counted)
    return;
  om_inside_offload_call = true;
  call->kind = kind;
  call->entries = entries;
  call->bases = bases;
  call->origin = (om_call_origin){loc != NULL ? loc->psource : NULL, return_address};
  om_is_present_fn is_present =
      (om_is_present_fn)om_require_real((void *)real.is_present, "omp_target_is_present");
  call->residency.any = false;
  if (!om_checks_enabled()) {
    om_probe_presence(&call->entries, call->device, is_present, &call->before);
    memset(&call->tracked, 0, sizeof call->tracked);
  } else {
    om_checked_call view = checked(call);
    /* Held sections go back to the runtime before it is asked what is present. */
    if (kind == OM_CALL_KERNEL)
      om_residency_plan_kernel(&view, nowait, &call->residency);
    else
      om_residency_give_back_entries(&call->entries);
    om_checks_presence_before(&view, is_present, &call->before, &call->tracked);
    if (kind == OM_CALL_DATA_BEGIN || kind == OM_CALL_KERNEL)
      om_checks_before_map(&view);
    if (kind == OM_CALL_KERNEL)
      om_residency_enter_kernel(&view, &call->residency, &call->before, &call->tracked);
  }
  call->start_ns = om_now_ns();
  om_self_time_forwarding(entered);
}

/* Whether a call's copies depend on presence after the call (ends and
 * kernels copy back when the last reference goes). */
static bool copies_depend_on_after(om_call_kind kind) {
  return kind == OM_CALL_DATA_END || kind == OM_CALL_KERNEL;
}

static void finish_observing(observed_call *call) {
  if (!call->counted)
    return;
  om_report_call_returned(); /* errors the runtime reported too stop only now */
  uint64_t returned = om_self_time_stamp();
  uint64_t duration_ns = om_now_ns() - call->start_ns;
  om_presence after = call->before; /* unused unless copies depend on it */
  om_presence still_mapped = {{0}};
  om_checked_call view = checked(call);
  if (copies_depend_on_after(call->kind)) {
    if (om_checks_enabled())
      om_checks_after_unmap(&view, &still_mapped);
    om_probe_presence_unknown(&call->entries, call->device, real.is_present, &call->tracked,
                              &still_mapped, &after);
  }
  if (om_stale_enabled())
    om_checks_stale_after(&view, call->kind, &still_mapped);
  om_account_call(&om_plugin_transfers, call->kind, call->device, &call->entries,
                  &call->before, &after, &call->origin, call->start_ns, duration_ns);
  om_residency_leave_kernel(&view, &call->residency);
  om_self_time_returned(returned);
  om_inside_offload_call = false;
}

static om_map_entries data_entries(int32_t count, void **begins, int64_t *sizes,
                                   int64_t *types, void **names, void **mappers) {
  return (om_map_entries){count, begins, sizes, types, names, mappers};
}

static atomic_bool said_kernel_args_version;

static bool kernel_args_understood(const om_kernel_args *args) {
  if (args != NULL && args->version == OM_KERNEL_ARGS_VERSION)
    return true;
  if (om_first_time(&said_kernel_args_version))
    om_warning("__tgt_target_kernel called with KernelArgs version %d (expected %d); "
               "passing kernels through uncounted",
               args != NULL ? (int)args->version : -1, OM_KERNEL_ARGS_VERSION);
  return false;
}

OM_EXPORT int __tgt_target_kernel(om_ident *loc, int64_t device_id, int32_t num_teams,
                                  int32_t thread_limit, void *host_ptr,
                                  om_kernel_args *args) {
  pthread_once(&real_resolved, resolve_real_functions);
  kernel_fn forward = (kernel_fn)om_require_real((void *)real.target_kernel, "__tgt_target_kernel");
  /* The facts stated for the program's next kernel (facts.h) hold for this
   * call only, whatever becomes of it; a call the runtime makes while in
   * another is not that kernel. */
  bool program_kernel = !om_inside_offload_call;
  int result;
  if (!kernel_args_understood(args)) {
    om_checks_unseen_call();
    result = forward(loc, device_id, num_teams, thread_limit, host_ptr, args);
  } else {
    observed_call call;
    begin_observing(&call, OM_CALL_KERNEL, (args->flags & OM_KERNEL_FLAG_NOWAIT) != 0, loc,
                    device_id,
                    data_entries((int32_t)args->num_args, args->arg_ptrs, args->arg_sizes,
                                 args->arg_types, args->arg_names, args->arg_mappers),
                    args->arg_base_ptrs, __builtin_return_address(0));
    result = forward(loc, device_id, num_teams, thread_limit, host_ptr, args);
    finish_observing(&call);
  }
  if (program_kernel)
    om_facts_clear();
  return result;
}

/* The six data entry points differ only in the call kind and whether they
 * carry dependences; each forwards its arguments unchanged. */
#define OM_DATA_PARAMS                                                                  \
  om_ident *loc, int64_t device_id, int32_t count, void **bases, void **begins,        \
      int64_t *sizes, int64_t *types, void **names, void **mappers
#define OM_DATA_ARGS loc, device_id, count, bases, begins, sizes, types, names, mappers
#define OM_DEP_PARAMS int32_t dep_count, void *deps, int32_t noalias_count, void *noalias_deps
#define OM_DEP_ARGS dep_count, deps, noalias_count, noalias_deps

static void observe_data_call(observed_call *call, om_call_kind kind, OM_DATA_PARAMS,
                              const void *return_address) {
  begin_observing(call, kind, false, loc, device_id,
                  data_entries(count, begins, sizes, types, names, mappers), bases,
                  return_address);
}

OM_EXPORT void __tgt_target_data_begin_mapper(OM_DATA_PARAMS) {
  observed_call call;
  observe_data_call(&call, OM_CALL_DATA_BEGIN, OM_DATA_ARGS, __builtin_return_address(0));
  ((data_fn)om_require_real((void *)real.data_begin, "__tgt_target_data_begin_mapper"))(OM_DATA_ARGS);
  finish_observing(&call);
}

OM_EXPORT void __tgt_target_data_end_mapper(OM_DATA_PARAMS) {
  observed_call call;
  observe_data_call(&call, OM_CALL_DATA_END, OM_DATA_ARGS, __builtin_return_address(0));
  ((data_fn)om_require_real((void *)real.data_end, "__tgt_target_data_end_mapper"))(OM_DATA_ARGS);
  finish_observing(&call);
}

OM_EXPORT void __tgt_target_data_update_mapper(OM_DATA_PARAMS) {
  observed_call call;
  observe_data_call(&call, OM_CALL_DATA_UPDATE, OM_DATA_ARGS, __builtin_return_address(0));
  ((data_fn)om_require_real((void *)real.data_update, "__tgt_target_data_update_mapper"))(
      OM_DATA_ARGS);
  finish_observing(&call);
}

OM_EXPORT void __tgt_target_data_begin_nowait_mapper(OM_DATA_PARAMS, OM_DEP_PARAMS) {
  observed_call call;
  observe_data_call(&call, OM_CALL_DATA_BEGIN, OM_DATA_ARGS, __builtin_return_address(0));
  ((data_nowait_fn)om_require_real((void *)real.data_begin_nowait,
                           "__tgt_target_data_begin_nowait_mapper"))(OM_DATA_ARGS,
                                                                     OM_DEP_ARGS);
  finish_observing(&call);
}

OM_EXPORT void __tgt_target_data_end_nowait_mapper(OM_DATA_PARAMS, OM_DEP_PARAMS) {
  observed_call call;
  observe_data_call(&call, OM_CALL_DATA_END, OM_DATA_ARGS, __builtin_return_address(0));
  ((data_nowait_fn)om_require_real((void *)real.data_end_nowait,
                           "__tgt_target_data_end_nowait_mapper"))(OM_DATA_ARGS,
                                                                   OM_DEP_ARGS);
  finish_observing(&call);
}

OM_EXPORT void __tgt_target_data_update_nowait_mapper(OM_DATA_PARAMS, OM_DEP_PARAMS) {
  observed_call call;
  observe_data_call(&call, OM_CALL_DATA_UPDATE, OM_DATA_ARGS, __builtin_return_address(0));
  ((data_nowait_fn)om_require_real((void *)real.data_update_nowait,
                           "__tgt_target_data_update_nowait_mapper"))(OM_DATA_ARGS,
                                                                      OM_DEP_ARGS);
  finish_observing(&call);
}
