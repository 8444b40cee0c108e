/* checks_presence.c - what the runtime holds before a call: the shadow's
 * answers, probes of the runtime for the rest, learned absences, and the
 * present-modifier check (checks.h). */
#include "checks_entries.h"

#include "allocations.h"
#include "hot_path.h"
#include "stale.h"

#include <inttypes.h>
#include <pthread.h>
#include <string.h>

/* The runtime is about to copy between the host buffers of a call and the
 * device: they must be accessible, and this access is no finding. */
static void suspend_guards(const om_checked_call *call) {
  const om_map_entries *entries = call->entries;
  for (int32_t i = 0; i < entries->count; i++)
    if (om_checked_follows(call, i)) {
      uintptr_t begin = (uintptr_t)entries->begins[i];
      om_stale_suspend(begin, begin + (uintptr_t)entries->sizes[i]);
    }
}

/* The calling thread's stack, found once per thread. */
static _Thread_local struct {
  bool looked;
  uintptr_t low, high; /* empty when unknown */
} this_stack __attribute__((tls_model("initial-exec")));

static bool on_this_thread_stack(uintptr_t begin) {
  if (!this_stack.looked) {
    this_stack.looked = true;
    pthread_attr_t attributes;
    if (pthread_getattr_np(pthread_self(), &attributes) == 0) {
      void *low;
      size_t size;
      if (pthread_attr_getstack(&attributes, &low, &size) == 0) {
        this_stack.low = (uintptr_t)low;
        this_stack.high = (uintptr_t)low + size;
      }
      pthread_attr_destroy(&attributes);
    }
  }
  return begin >= this_stack.low && begin < this_stack.high;
}

bool om_checks_heap_block_of(const om_checked_call *call, int32_t i, uintptr_t *start,
                             size_t *size) {
  uintptr_t begin = (uintptr_t)call->entries->begins[i];
  if (om_allocation_size((const void *)begin, size)) {
    *start = begin;
    return true;
  }
  if (call->bases == NULL || (call->entries->types[i] & OM_MAP_PTR_AND_OBJ))
    return false; /* the base is the pointer's own address, not the block */
  uintptr_t base = (uintptr_t)call->bases[i];
  if (!om_allocation_size((const void *)base, size) || begin < base || begin > base + *size)
    return false;
  *start = base;
  return true;
}

/* ---- asking the runtime ---- */

/* The runtime's own presence query (the real omp_target_is_present), as the
 * calls hand it over; NULL until the first call. An error that only the
 * shadow's view supports is confirmed with it first, during the call: the
 * shadow may have lost step with the runtime, and the plugin must not
 * report what the runtime would not. Only asked during offload calls: the
 * runtime may be gone outside them (at exit, before the plugin's handlers). */
static _Atomic(om_is_present_fn) runtime_presence;

/* The query, or NULL when it cannot be asked (the shadow's view stands). */
om_is_present_fn om_checks_runtime_query(void) {
  return atomic_load_explicit(&runtime_presence, memory_order_relaxed);
}

/* Whether the runtime holds address on device; true when it cannot be asked. */
bool om_checks_runtime_holds(int device, uintptr_t address) {
  om_is_present_fn is_present = om_checks_runtime_query();
  return is_present == NULL || is_present((const void *)address, device) != 0;
}

/* Whether an absence the runtime reports for entry i's start may be
 * learned: the runtime maps static storage itself (declare target
 * globals, possibly only when the device is first used), so only heap
 * blocks and the stack qualify. */
static bool absence_learnable(const om_checked_call *call, int32_t i) {
  uintptr_t start;
  size_t size;
  return on_this_thread_stack((uintptr_t)call->entries->begins[i]) ||
         om_checks_heap_block_of(call, i, &start, &size);
}

/* ---- check: present modifier on data not present ---- */

/* Whether the runtime fails entry i for its present modifier: an explicit
 * map (or motion) whose start no mapping holds. (One that starts in a
 * mapping and extends past it is an overlap.) */
bool om_checks_present_missing(const om_checked_call *call, int32_t i) {
  int64_t type = call->entries->types[i];
  return (type & OM_MAP_PRESENT) && !(type & OM_MAP_IMPLICIT) &&
         !om_checks_runtime_holds(call->device, (uintptr_t)call->entries->begins[i]);
}

/* Entry i's start was found absent before the call. */
static void check_present(const om_checked_call *call, int32_t i) {
  if (!om_checks_present_missing(call, i) ||
      !om_first_report(OM_CHECK_PRESENT, om_checked_site(call, i), om_checked_call_key(call)))
    return;
  char what[OM_DESCRIPTION_MAX];
  om_checked_describe(call, i, what, sizeof what);
  om_finding_subject subject;
  om_checked_subject(call, i, &subject);
  om_report_error(OM_CHECK_PRESENT, OM_STOP_AFTER_CALL, &subject,
                  "%s ([%p, +%" PRId64 " bytes)) has the present modifier but is not present on "
                  "device %d: the runtime fails the construct. Fix: map it first (target enter "
                  "data, or an enclosing target data), or drop the present modifier",
                  what, call->entries->begins[i], call->entries->sizes[i], call->device);
}

/* The shadow's answers for the entries: known and held (present), known
 * alone (absent), or neither (to be probed). */
static void shadow_answers(const om_checked_call *call, om_presence *known, om_presence *held) {
  const om_map_entries *entries = call->entries;
  memset(known, 0, sizeof *known);
  memset(held, 0, sizeof *held);
  for (int32_t i = 0; i < entries->count; i++) {
    if (!om_checked_follows(call, i))
      continue;
    switch (om_shadow_lookup(&om_plugin_shadow, call->device, (uintptr_t)entries->begins[i],
                             (size_t)entries->sizes[i])) {
    case OM_SHADOW_PRESENT:
      om_presence_set(held, i, true);
      om_presence_set(known, i, true);
      break;
    case OM_SHADOW_ABSENT:
      om_presence_set(known, i, true);
      break;
    case OM_SHADOW_UNKNOWN:
      break;
    }
  }
}

/* om_checks_presence_before from the shadow's answers. */
static void presence_from_answers(const om_checked_call *call, om_is_present_fn is_present,
                                  om_absence_ticket ticket, const om_presence *known,
                                  const om_presence *held, om_presence *before,
                                  om_presence *tracked) {
  const om_map_entries *entries = call->entries;
  om_probe_presence_unknown(entries, call->device, is_present, known, held, before);
  for (int32_t i = 0; i < entries->count; i++)
    if (om_checked_follows(call, i) && entries->sizes[i] > 0 && !om_presence_bit(known, i) &&
        !om_presence_bit(before, i) && absence_learnable(call, i))
      om_shadow_learn_absent(&om_plugin_shadow, call->device, (uintptr_t)entries->begins[i],
                             ticket);
  for (int32_t i = 0; i < entries->count; i++)
    if (om_checked_follows(call, i) && !om_presence_bit(before, i))
      check_present(call, i);
  /* Only the words of the entries are read back. */
  int32_t used = entries->count < 0                 ? 0
                 : entries->count < OM_PRESENCE_MAX ? entries->count
                                                    : OM_PRESENCE_MAX;
  for (size_t w = 0; w < ((size_t)used + 63) / 64; w++)
    tracked->bits[w] = held->bits[w] | ~before->bits[w];
}

/* The decisions a memo keeps of the shadow's answers and of the entries'
 * types (entries past OM_DECIDED_ENTRIES are never memoised). */
static void keep_answers(const om_checked_call *call, const om_presence *known,
                         const om_presence *held, om_call_decisions *decisions) {
  const om_map_entries *entries = call->entries;
  *decisions = (om_call_decisions){.known = (uint32_t)known->bits[0],
                                   .held = (uint32_t)held->bits[0]};
  for (int32_t i = 0; i < entries->count && i < OM_DECIDED_ENTRIES; i++) {
    uint32_t bit = UINT32_C(1) << i;
    int64_t type = entries->types[i];
    if (om_checked_follows(call, i)) {
      decisions->checked |= bit;
      if (!om_presence_bit(known, i) && absence_learnable(call, i))
        decisions->learnable |= bit;
    }
    if (om_entry_counted(entries, i))
      decisions->counted |= bit;
    decisions->present_modifier |= (type & OM_MAP_PRESENT) ? bit : 0;
    decisions->to |= (type & OM_MAP_TO) ? bit : 0;
    decisions->from |= (type & OM_MAP_FROM) ? bit : 0;
    decisions->always |= (type & OM_MAP_ALWAYS) ? bit : 0;
  }
}

void om_checks_presence_before(const om_checked_call *call, om_is_present_fn is_present,
                               om_presence *before, om_presence *tracked,
                               om_call_decisions *decisions) {
  if (om_stale_enabled())
    suspend_guards(call);
  atomic_store_explicit(&runtime_presence, is_present, memory_order_relaxed);
  om_absence_ticket ticket = om_shadow_absence_ticket(&om_plugin_shadow, call->device);
  om_presence known, held;
  shadow_answers(call, &known, &held);
  if (decisions != NULL)
    keep_answers(call, &known, &held, decisions);
  presence_from_answers(call, is_present, ticket, &known, &held, before, tracked);
}

OM_HOT void om_checks_presence_recalled(const om_checked_call *call, om_is_present_fn is_present,
                                        const om_call_decisions *recalled, om_presence *before,
                                        om_presence *tracked) {
  const om_map_entries *entries = call->entries;
  atomic_store_explicit(&runtime_presence, is_present, memory_order_relaxed);
  memset(before, 0, sizeof *before);
  uint32_t present = recalled->held & recalled->counted;
  uint32_t unknown = recalled->counted & ~recalled->known;
  if (unknown != 0) { /* as presence_from_answers does, for these entries */
    om_absence_ticket ticket = om_shadow_absence_ticket(&om_plugin_shadow, call->device);
    for (uint32_t left = unknown; left != 0; left &= left - 1) {
      int32_t i = __builtin_ctz(left);
      if (is_present(entries->begins[i], call->device) != 0)
        present |= UINT32_C(1) << i;
      else if ((recalled->learnable >> i) & 1)
        om_shadow_learn_absent(&om_plugin_shadow, call->device, (uintptr_t)entries->begins[i],
                               ticket);
    }
  }
  for (uint32_t left = recalled->checked & recalled->present_modifier & ~present; left != 0;
       left &= left - 1)
    check_present(call, __builtin_ctz(left));
  before->bits[0] = present;
  tracked->bits[0] = recalled->held | ~(uint64_t)present;
}
