/* interpose.c - libomptarget entry points, observed and forwarded unchanged.
 *
 * Each hook probes which map entries are present on the device, calls the
 * runtime's function (real.h) with the same arguments, probes again and
 * records the copies that happened. The call counts as inside the runtime
 * (state.h), so that calls the runtime makes into these entry points are
 * not counted twice.
 */
#include "accounting.h"
#include "call_memo.h"
#include "check_report.h"
#include "checks.h"
#include "facts.h"
#include "hot_path.h"
#include "message.h"
#include "offload_abi.h"
#include "plugin.h"
#include "requires.h"
#include "residency.h"
#include "self_time.h"
#include "stale.h"
#include "unload.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define OM_EXPORT __attribute__((visibility("default")))

/* The devices a call can reach: none with OMP_TARGET_OFFLOAD=DISABLED (the
 * runtime then runs every region on the host and maps nothing, so there is
 * nothing to count or check), else the runtime's devices. */
static atomic_int reachable_count = -1;

static __attribute__((noinline)) int count_reachable_devices(void) {
  const char *offload = getenv("OMP_TARGET_OFFLOAD");
  bool disabled = offload != NULL && strcasecmp(offload, "disabled") == 0;
  int count = disabled ? 0 : OM_REAL(omp_get_num_devices)();
  atomic_store_explicit(&reachable_count, count, memory_order_relaxed);
  return count;
}

static int reachable_devices(void) {
  int count = atomic_load_explicit(&reachable_count, memory_order_relaxed);
  return __builtin_expect(count >= 0, 1) ? count : count_reachable_devices();
}

/* Whether a call for `device` reaches a device: not for the initial device
 * or a device that does not exist (the runtime then falls back to the host
 * and maps nothing). */
static bool reaches_device(int device) { return device >= 0 && device < reachable_devices(); }

/* Whether calls go through the checks' shadow of the mapping table (and
 * elision, which stands on it): not when checks are off, nor when the
 * program requires unified shared memory, where the runtime maps nothing
 * and the plugin only counts (requires.h). */
static bool shadowing(void) { return om_checks_enabled() && !om_requires_unified_memory(); }

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
  om_runtime_entry runtime; /* what om_runtime_enter found */
  om_call_site site;        /* a kernel's, for its memo */
  uint64_t start_ns;   /* when the real call was made; 0 if not read (clock_wanted) */
  /* A kernel's memo (call_memo.h): its slot, NULL unless the decisions
   * were recalled from it or stored in it; their stamp; whether recalled,
   * and then the decisions. */
  om_call_memo *memo;
  om_decision_stamp stamp;
  bool recalled;
  om_call_decisions decisions;
  uint32_t created; /* the entries whose maps created a mapping in the shadow */
} observed_call;

static om_checked_call checked(const observed_call *call) {
  return (om_checked_call){call->device, &call->entries, call->bases, &call->origin,
                           &call->before, call->kind == OM_CALL_KERNEL};
}

/* A recalled kernel's entries that copy to the device (accounting.h). */
static uint32_t recalled_copies_to_device(const observed_call *call) {
  const om_call_decisions *d = &call->decisions;
  return d->counted & d->to & (d->always | ~(uint32_t)call->before.bits[0]);
}

/* ... and back, given its presence after the call. */
static uint32_t recalled_copies_from_device(const observed_call *call, const om_presence *after) {
  const om_call_decisions *d = &call->decisions;
  return d->counted & d->from & (d->always | ~(uint32_t)after->bits[0]);
}

/* A recalled kernel's presence after the call: from the shadow where it
 * knows, else probed. */
static void recalled_presence_after(const observed_call *call, const om_presence *still_mapped,
                                    om_presence *after) {
  uint32_t counted = call->decisions.counted, tracked = (uint32_t)call->tracked.bits[0];
  uint32_t present = (uint32_t)still_mapped->bits[0] & counted & tracked;
  for (uint32_t left = counted & ~tracked; left != 0; left &= left - 1) {
    int32_t i = __builtin_ctz(left);
    if (OM_REAL(omp_target_is_present)(call->entries.begins[i], call->device) != 0)
      present |= UINT32_C(1) << i;
  }
  after->bits[0] = present;
}

/* A kernel's steps before it is forwarded, its decisions recalled from its
 * memo when they are current (call_memo.h); false when they are not: the
 * caller then decides in full. */
OM_HOT static bool kernel_recalled(observed_call *call, const om_checked_call *view,
                                   om_is_present_fn is_present) {
  if (!om_call_memo_recall(call->memo, view, &call->site, &call->stamp, &call->decisions) ||
      !om_residency_plan_kernel_none_taken(view, call->decisions.touches_holdable,
                                           &call->residency))
    return false;
  call->recalled = true;
  om_checks_presence_recalled(view, is_present, &call->decisions, &call->before, &call->tracked);
  om_checks_map_recalled(view, &call->decisions, &call->created);
  return true;
}

/* Whether a call reads the clock when forwarded. A data call's copies
 * share its time; a kernel's are not timed (its time is the kernel's), so
 * the clock only stamps their events on the timeline, which keeps the
 * first OM_TIMELINE_CAPACITY of them: a kernel reads it while the timeline
 * has room and, when recalled, only if it copies to the device (its copies
 * back read the clock when the call returns). A time loop of small
 * copying regions then reads no clock once the timeline is full: on a
 * virtual machine a read may cost more than the rest of the plugin's work
 * per region (issue 16). */
static bool clock_wanted(const observed_call *call) {
  if (call->kind != OM_CALL_KERNEL)
    return true;
  return (!call->recalled || recalled_copies_to_device(call) != 0) &&
         om_timeline_has_room(&om_plugin_transfers);
}

/* A kernel's or data call's steps before it is forwarded, decided in full;
 * a kernel's decisions are stored in its memo slot if it has one. Out of
 * line, away from a recalled kernel's code (hot_path.h). */
static __attribute__((noinline)) void decide_in_full(observed_call *call,
                                                     const om_checked_call *view,
                                                     om_call_kind kind, bool nowait,
                                                     om_is_present_fn is_present) {
  om_call_decisions decisions, *kept = NULL;
  if (call->memo != NULL && om_call_memo_wanted(view, &call->site))
    kept = &decisions;
  else
    call->memo = NULL;
  /* Held sections go back to the runtime before it is asked what is present. */
  if (kind == OM_CALL_KERNEL)
    om_residency_plan_kernel(view, nowait, &call->residency);
  else
    om_residency_plan_data(view, kind, nowait, &call->residency);
  om_checks_presence_before(view, is_present, &call->before, &call->tracked, kept);
  if (kind != OM_CALL_KERNEL)
    om_residency_presence_without_engine(&call->residency, &call->before);
  if (kept != NULL)
    kept->bounds_clean = false;
  if (kind == OM_CALL_DATA_BEGIN || kind == OM_CALL_KERNEL)
    om_checks_before_map(view, kept, &call->created);
  if (kind == OM_CALL_KERNEL)
    om_residency_enter_kernel(view, &call->residency, &call->before, &call->tracked);
  else
    om_residency_enter_data(view, &call->residency);
  if (kept != NULL) {
    kept->touches_holdable = om_residency_kernel_touches_holdable(view);
    om_call_memo_store(call->memo, view, &call->site, &call->stamp, kept);
  }
}

OM_HOT static void begin_observing(observed_call *call, om_call_kind kind, bool nowait,
                                   om_ident *loc, int64_t device_id, om_map_entries entries,
                                   void **bases, const void *return_address, const void *host_ptr) {
  uint64_t entered = om_self_time_stamp(), since = entered;
  om_plugin_init();
  call->counted = !om_in_runtime();
  if (!call->counted) {
    om_checks_unseen_call(); /* the runtime mapping on its own behalf */
    return;
  }
  call->device =
      device_id == OM_DEVICE_DEFAULT ? OM_REAL(omp_get_default_device)() : (int)device_id;
  call->counted = reaches_device(call->device);
  if (!call->counted)
    return;
  call->runtime = om_runtime_enter();
  om_self_time_mark(OM_PART_ENTER, &since);
  call->kind = kind;
  call->entries = entries;
  call->bases = bases;
  call->origin = (om_call_origin){loc != NULL ? loc->psource : NULL, return_address};
  om_is_present_fn is_present = OM_REAL(omp_target_is_present);
  call->residency.any = call->residency.claimed = false;
  call->memo = NULL;
  call->recalled = false;
  call->created = 0;
  if (!shadowing()) {
    om_probe_presence(&call->entries, call->device, is_present, &call->before);
    memset(&call->tracked, 0, sizeof call->tracked);
  } else {
    om_checked_call view = checked(call);
    if (kind == OM_CALL_KERNEL) {
      call->site = (om_call_site){call->origin.psource, return_address, host_ptr, nowait};
      call->memo = om_call_memo_slot(&call->site);
      /* Read before anything is decided (call_memo.h). */
      call->stamp = om_decision_stamp_now(call->device);
    }
    if (call->memo == NULL || !kernel_recalled(call, &view, is_present))
      decide_in_full(call, &view, kind, nowait, is_present);
  }
  om_self_time_mark(OM_PART_DECIDE, &since);
  call->start_ns = clock_wanted(call) ? om_now_ns() : 0;
  om_self_time_forwarding(entered);
}

/* Whether a call's copies depend on presence after the call (ends and
 * kernels copy back when the last reference goes). */
static bool copies_depend_on_after(om_call_kind kind) {
  return kind == OM_CALL_DATA_END || kind == OM_CALL_KERNEL;
}

/* A recalled kernel's steps after the runtime returns: everything known
 * is in the first word of its presence. */
static void finish_recalled(observed_call *call, const om_checked_call *view, uint64_t *since,
                            uint32_t *removed) {
  om_presence still_mapped, after;
  om_checks_unmap_recalled(view, &call->decisions, &still_mapped, removed);
  recalled_presence_after(call, &still_mapped, &after);
  uint32_t to = recalled_copies_to_device(call), from = recalled_copies_from_device(call, &after);
  om_self_time_mark(OM_PART_UNMAP, since);
  if (to != 0 || from != 0)
    om_account_kernel_copies(&om_plugin_transfers, call->device, &call->entries, to, from,
                             &call->origin, call->start_ns,
                             om_timeline_has_room(&om_plugin_transfers) ? om_now_ns() : 0);
  om_self_time_mark(OM_PART_ACCOUNT, since);
}

/* Any other call's steps after the runtime returns. A kernel whose start
 * was not read has copies that are not stamped. Out of line, away from a
 * recalled kernel's code (hot_path.h). */
static __attribute__((noinline)) void finish_in_full(observed_call *call,
                                                     const om_checked_call *view,
                                                     uint64_t *since, uint32_t *removed) {
  om_presence still_mapped, after;
  uint64_t duration_ns = call->start_ns != 0 ? om_now_ns() - call->start_ns : 0;
  after = call->before; /* unused unless copies depend on it */
  memset(&still_mapped, 0, sizeof still_mapped);
  if (copies_depend_on_after(call->kind)) {
    if (shadowing())
      om_checks_after_unmap(view, &still_mapped, removed);
    om_probe_presence_unknown(&call->entries, call->device, OM_REAL(omp_target_is_present),
                              &call->tracked, &still_mapped, &after);
  }
  if (shadowing() && om_stale_enabled())
    om_checks_stale_after(view, call->kind, &still_mapped);
  om_self_time_mark(OM_PART_UNMAP, since);
  /* A data call's served entries copied nothing through the runtime; the
   * engine counted its own copies. */
  bool served = call->kind != OM_CALL_KERNEL && call->residency.any;
  om_account_call(&om_plugin_transfers, call->kind, call->device, &call->entries,
                  &call->before, &after, served ? &call->residency.taken : NULL,
                  &call->origin, call->start_ns, duration_ns);
  om_self_time_mark(OM_PART_ACCOUNT, since);
}

OM_HOT static void finish_observing(observed_call *call) {
  if (!call->counted)
    return;
  om_report_call_returned(); /* errors the runtime reported too stop only now */
  uint64_t returned = om_self_time_stamp(), since = returned;
  om_checked_call view = checked(call);
  uint32_t removed = 0;
  if (call->recalled)
    finish_recalled(call, &view, &since, &removed);
  else
    finish_in_full(call, &view, &since, &removed);
  om_residency_finish_call(&view, &call->residency);
  if (call->memo != NULL) {
    om_decision_stamp after_call = om_decision_stamp_now(call->device);
    om_call_memo_restamp(call->memo, &call->stamp, &after_call, call->created, removed);
  }
  om_self_time_returned(returned);
  om_runtime_leave(call->runtime);
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

OM_HOT OM_EXPORT int __tgt_target_kernel(om_ident *loc, int64_t device_id, int32_t num_teams,
                                         int32_t thread_limit, void *host_ptr,
                                         om_kernel_args *args) {
  __typeof__(&__tgt_target_kernel) forward = OM_REAL(__tgt_target_kernel);
  /* The facts stated for the program's next kernel (facts.h) hold for this
   * call only, whatever becomes of it; a call the runtime makes while in
   * another is not that kernel. */
  bool program_kernel = !om_in_runtime();
  int result;
  if (!kernel_args_understood(args)) {
    om_checks_unseen_call();
    if (program_kernel)
      om_residency_unplanned_kernel(device_id == OM_DEVICE_DEFAULT ? -1 : (int)device_id);
    result = forward(loc, device_id, num_teams, thread_limit, host_ptr, args);
  } else {
    observed_call call;
    begin_observing(&call, OM_CALL_KERNEL, (args->flags & OM_KERNEL_FLAG_NOWAIT) != 0, loc,
                    device_id,
                    data_entries((int32_t)args->num_args, args->arg_ptrs, args->arg_sizes,
                                 args->arg_types, args->arg_names, args->arg_mappers),
                    args->arg_base_ptrs, __builtin_return_address(0), host_ptr);
    result = forward(loc, device_id, num_teams, thread_limit, host_ptr, args);
    finish_observing(&call);
  }
  if (program_kernel)
    om_facts_clear();
  return result;
}

/* The six data entry points differ only in the call kind and whether they
 * carry dependences (target tasks, which the engine never serves); each
 * forwards its arguments unchanged, less the entries the engine serves
 * (residency.h). */
#define OM_DATA_ARGS loc, device_id, count, bases, begins, sizes, types, names, mappers
#define OM_DEP_ARGS dep_count, deps, noalias_count, noalias_deps

typedef void (*data_call_fn)(OM_REAL_DATA_PARAMS);
typedef void (*nowait_data_call_fn)(OM_REAL_DATA_PARAMS, OM_REAL_DEP_PARAMS);

/* Forwards a data call without the entries the engine serves. The runtime
 * gets arrays of its own, so no entry may name another by index (struct
 * members, which the engine never serves with). */
static void forward_unserved(const observed_call *call, data_call_fn forward,
                             OM_REAL_DATA_PARAMS) {
  if (!call->counted || !call->residency.any) {
    forward(OM_DATA_ARGS);
    return;
  }
  enum { MAX = OM_RESIDENCY_SERVED_ENTRIES };
  void *kept_bases[MAX], *kept_begins[MAX], *kept_names[MAX], *kept_mappers[MAX];
  int64_t kept_sizes[MAX], kept_types[MAX];
  int32_t kept = 0;
  for (int32_t i = 0; i < count && i < MAX; i++) {
    if (om_presence_bit(&call->residency.taken, i))
      continue;
    kept_bases[kept] = bases[i];
    kept_begins[kept] = begins[i];
    kept_sizes[kept] = sizes[i];
    kept_types[kept] = types[i];
    kept_names[kept] = names != NULL ? names[i] : NULL;
    kept_mappers[kept] = mappers != NULL ? mappers[i] : NULL;
    kept++;
  }
  forward(loc, device_id, kept, kept_bases, kept_begins, kept_sizes, kept_types,
          names != NULL ? kept_names : NULL, mappers != NULL ? kept_mappers : NULL);
}

/* One data call, observed: the blocking form (`nowait_forward` NULL) goes
 * to `forward` less the entries the engine serves, the nowait form to
 * `nowait_forward` unchanged, dependences and all. */
static void observe_data_call(om_call_kind kind, data_call_fn forward,
                              nowait_data_call_fn nowait_forward, OM_REAL_DATA_PARAMS,
                              OM_REAL_DEP_PARAMS, const void *return_address) {
  observed_call call;
  begin_observing(&call, kind, nowait_forward != NULL, loc, device_id,
                  data_entries(count, begins, sizes, types, names, mappers), bases,
                  return_address, NULL);
  if (nowait_forward != NULL)
    nowait_forward(OM_DATA_ARGS, OM_DEP_ARGS);
  else
    forward_unserved(&call, forward, OM_DATA_ARGS);
  finish_observing(&call);
}

/* The dependences of a blocking call: none. */
#define OM_NO_DEPS 0, NULL, 0, NULL

OM_EXPORT void __tgt_target_data_begin_mapper(OM_REAL_DATA_PARAMS) {
  observe_data_call(OM_CALL_DATA_BEGIN, OM_REAL(__tgt_target_data_begin_mapper), NULL,
                    OM_DATA_ARGS, OM_NO_DEPS, __builtin_return_address(0));
}

OM_EXPORT void __tgt_target_data_end_mapper(OM_REAL_DATA_PARAMS) {
  observe_data_call(OM_CALL_DATA_END, OM_REAL(__tgt_target_data_end_mapper), NULL,
                    OM_DATA_ARGS, OM_NO_DEPS, __builtin_return_address(0));
}

OM_EXPORT void __tgt_target_data_update_mapper(OM_REAL_DATA_PARAMS) {
  observe_data_call(OM_CALL_DATA_UPDATE, OM_REAL(__tgt_target_data_update_mapper), NULL,
                    OM_DATA_ARGS, OM_NO_DEPS, __builtin_return_address(0));
}

OM_EXPORT void __tgt_target_data_begin_nowait_mapper(OM_REAL_DATA_PARAMS, OM_REAL_DEP_PARAMS) {
  observe_data_call(OM_CALL_DATA_BEGIN, NULL, OM_REAL(__tgt_target_data_begin_nowait_mapper),
                    OM_DATA_ARGS, OM_DEP_ARGS, __builtin_return_address(0));
}

OM_EXPORT void __tgt_target_data_end_nowait_mapper(OM_REAL_DATA_PARAMS, OM_REAL_DEP_PARAMS) {
  observe_data_call(OM_CALL_DATA_END, NULL, OM_REAL(__tgt_target_data_end_nowait_mapper),
                    OM_DATA_ARGS, OM_DEP_ARGS, __builtin_return_address(0));
}

OM_EXPORT void __tgt_target_data_update_nowait_mapper(OM_REAL_DATA_PARAMS, OM_REAL_DEP_PARAMS) {
  observe_data_call(OM_CALL_DATA_UPDATE, NULL, OM_REAL(__tgt_target_data_update_nowait_mapper),
                    OM_DATA_ARGS, OM_DEP_ARGS, __builtin_return_address(0));
}

/* The program's images are registered (from its constructors, or a
 * library's on dlopen): the plugin notes what they require of the runtime
 * (requires.h). */
OM_EXPORT void __tgt_register_lib(om_bin_desc *desc) {
  om_requires_note(desc);
  OM_REAL(__tgt_register_lib)(desc);
}

/* A library's device images are unregistered when it is unloaded (dlclose)
 * or the program exits, and the runtime shuts down with the last of them,
 * device memory and all. The sections transfer elision holds go back to
 * the runtime before that, the host's copy complete, as at exit; the
 * checks keep what they will report of the library's maps (unload.h), and
 * the accounting's cached rows, keyed by the library's addresses, go. */
OM_EXPORT void __tgt_unregister_lib(om_bin_desc *desc) {
  om_unload_keep_origins(desc);
  om_entry_rows_forget();
  om_residency_give_back_range(0, UINTPTR_MAX, true);
  OM_REAL(__tgt_unregister_lib)(desc);
}
