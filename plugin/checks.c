/* checks.c - bounds, overlap, free-while-mapped and stale checks, and the
 * shadow kept in step with each call (the presence before a call is
 * checks_presence.c's). */
#include "checks_entries.h"

#include "allocations.h"
#include "check_report.h"
#include "hot_path.h"
#include "offload_abi.h"
#include "options.h"
#include "stale.h"
#include "thread_id.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

/* Asked several times per offload call: the level is read once. */
OM_HOT bool om_checks_enabled(void) {
  static _Atomic int level = -1;
  int seen = atomic_load_explicit(&level, memory_order_relaxed);
  if (__builtin_expect(seen < 0, 0)) {
    seen = om_option_choice(OM_OPTION_CHECKS);
    atomic_store_explicit(&level, seen, memory_order_relaxed);
  }
  return seen != OM_CHECKS_OFF;
}

static bool was_present(const om_checked_call *call, int32_t i) {
  return om_presence_bit(call->present_before, i);
}

/* ---- check: section outside its heap block ---- */

/* Heap blocks start at multiples of this; a section that starts before its
 * base pointer is looked up at most this far back from the pointer. */
enum { HEAP_ALIGNMENT = 16, BLOCK_SEARCH_BYTES = 1 << 20 };

/* The heap block that holds entry i's base pointer and starts after the
 * section's begin (`v + 10` of `p[-20:n]`): the section starts before it.
 * The record is keyed by start, so the start is searched downwards from the
 * pointer, in steps of the heap's alignment, no further than the begin. */
static bool block_after_begin(const om_checked_call *call, int32_t i, uintptr_t *start,
                              size_t *size) {
  if (call->bases == NULL || (call->entries->types[i] & OM_MAP_PTR_AND_OBJ))
    return false; /* the base is the pointer's own address, not the block */
  uintptr_t begin = (uintptr_t)call->entries->begins[i];
  uintptr_t base = (uintptr_t)call->bases[i];
  if (base <= begin)
    return false;
  uintptr_t floor = base - begin > BLOCK_SEARCH_BYTES ? base - BLOCK_SEARCH_BYTES : begin;
  for (uintptr_t c = base & ~(uintptr_t)(HEAP_ALIGNMENT - 1); c > floor; c -= HEAP_ALIGNMENT) {
    if (om_allocation_size((const void *)c, size)) {
      *start = c;
      return base <= c + *size; /* else the pointer lies past the block found */
    }
  }
  return false;
}

/* Reports entry i if it lies outside its heap block (once per site);
 * returns whether it does. */
static bool check_bounds(const om_checked_call *call, int32_t i) {
  uintptr_t begin = (uintptr_t)call->entries->begins[i];
  uintptr_t end = begin + (uintptr_t)call->entries->sizes[i];
  uintptr_t start;
  size_t size;
  if (begin == end)
    return false;
  if (om_checks_heap_block_of(call, i, &start, &size) ? end <= start + size
                                                      : !block_after_begin(call, i, &start, &size))
    return false;
  if (!om_first_report(OM_CHECK_BOUNDS, om_checked_site(call, i), om_checked_call_key(call)))
    return true;
  char what[OM_DESCRIPTION_MAX], before[64] = "";
  om_checked_describe(call, i, what, sizeof what);
  size_t outside = end > start + size ? (size_t)(end - start - size) : 0;
  if (begin < start) {
    snprintf(before, sizeof before, ", starting %zu bytes before it", (size_t)(start - begin));
    outside += (size_t)(start - begin);
  }
  om_finding_subject subject;
  om_checked_subject(call, i, &subject);
  om_report_error(OM_CHECK_BOUNDS, OM_STOP_NOW, &subject,
                  "%s covers bytes [%td, %td) of a heap block of %zu bytes at %p%s: %zu bytes "
                  "lie outside the allocation (nothing was copied yet). Fix: shorten the section "
                  "to the allocation, or allocate the whole section",
                  what, (ptrdiff_t)(begin - start), (ptrdiff_t)(end - start), size,
                  (void *)start, before, outside);
  return true;
}

/* ---- check: overlapping maps with conflicting extents ---- */

static void report_overlap(const om_checked_call *call, int32_t i, const om_mapping *existing) {
  if (!om_first_report(OM_CHECK_OVERLAP, om_checked_site(call, i), om_checked_call_key(call)))
    return;
  char what[OM_DESCRIPTION_MAX], other[OM_DESCRIPTION_MAX];
  om_checked_describe(call, i, what, sizeof what);
  om_describe_mapping(existing, other, sizeof other);
  uintptr_t begin = (uintptr_t)call->entries->begins[i];
  om_finding_subject subject;
  om_checked_subject(call, i, &subject);
  om_report_error(OM_CHECK_OVERLAP, OM_STOP_AFTER_CALL, &subject,
                 "%s ([%p, +%" PRId64 " bytes)) overlaps %s ([%p, +%zu bytes), present on device "
                 "%d) without being contained in it: the runtime cannot extend a mapping and fails "
                 "the construct. Fix: map the larger section first (e.g. in an enclosing target "
                 "data or enter data), or give both maps the same extent",
                 what, (void *)begin, call->entries->sizes[i], other, (void *)existing->begin,
                 (size_t)(existing->end - existing->begin), call->device);
}

/* The runtime counts struct members (MEMBER_OF) on their parent only, but
 * the pointee of a pointer member (MEMBER_OF with PTR_AND_OBJ) is a mapping
 * of its own and is counted, on begin and on end. */
static bool counts_reference(int64_t type) {
  return (type & OM_MAP_MEMBER_OF) == 0 || (type & OM_MAP_PTR_AND_OBJ) != 0;
}

/* A kernel's maps are in flight until it returns: the leak check at exit
 * leaves them alone while another thread is inside the kernel. */
static om_map_request map_request(int64_t type, bool kernel) {
  return (om_map_request){.implicit = (type & OM_MAP_IMPLICIT) != 0,
                          .hold = (type & OM_MAP_OMPX_HOLD) != 0,
                          .update_count = counts_reference(type),
                          .in_flight = kernel,
                          .thread = om_thread_id()};
}

static om_unmap_request unmap_request(int64_t type, bool kernel) {
  return (om_unmap_request){.implicit = (type & OM_MAP_IMPLICIT) != 0,
                            .hold = (type & OM_MAP_OMPX_HOLD) != 0,
                            .delete_all = (type & OM_MAP_DELETE) != 0,
                            .update_count = counts_reference(type),
                            .in_flight = kernel};
}

/* Mappings the runtime makes for entry i that the shadow does not follow:
 * those of a user-defined mapper or past the entries followed (anything),
 * and the pointer slot of a PTR_AND_OBJ entry (at its base). */
static void forget_absence_behind(const om_checked_call *call, int32_t i) {
  const om_map_entries *entries = call->entries;
  int64_t type = entries->types[i];
  if (type & (OM_MAP_PRIVATE | OM_MAP_LITERAL))
    return;
  if ((entries->mappers != NULL && entries->mappers[i] != NULL) || i >= OM_PRESENCE_MAX) {
    om_shadow_forget_absent_all(&om_plugin_shadow);
  } else if (type & OM_MAP_PTR_AND_OBJ) {
    uintptr_t slot = call->bases != NULL ? (uintptr_t)call->bases[i] : 0;
    if (slot == 0)
      om_shadow_forget_absent_all(&om_plugin_shadow);
    else
      om_shadow_forget_absent_range(&om_plugin_shadow, call->device, slot,
                                    slot + sizeof(void *));
  }
}

void om_checks_unseen_call(void) { om_shadow_forget_absent_all(&om_plugin_shadow); }

typedef enum { OVERLAP_CONFIRMED, OVERLAP_STALE, OVERLAP_UNSURE } overlap_verdict;

/* What the runtime says of the shadow's conflict between entry i and
 * `existing`: it rejects the map when it holds the byte where they overlap
 * and not one of the section's ends (confirmed); the shadow lost step when
 * it does not hold that byte (stale); else it may hold the whole section
 * in one mapping (unsure). */
static overlap_verdict verify_overlap(const om_checked_call *call, int32_t i,
                                      const om_mapping *existing) {
  if (om_checks_runtime_query() == NULL)
    return OVERLAP_CONFIRMED;
  uintptr_t begin = (uintptr_t)call->entries->begins[i];
  uintptr_t end = begin + (uintptr_t)call->entries->sizes[i];
  uintptr_t shared = begin > existing->begin ? begin : existing->begin;
  if (!om_checks_runtime_holds(call->device, shared))
    return OVERLAP_STALE;
  if (!om_checks_runtime_holds(call->device, begin) ||
      !om_checks_runtime_holds(call->device, end - 1))
    return OVERLAP_CONFIRMED;
  return OVERLAP_UNSURE;
}

enum { STALE_DROPS_MAX = 4 };

/* The shadow's conflict between entry i and the mapping `conflicting`: reported
 * only when the runtime confirms it; a mapping the runtime does not have is
 * dropped and the map tried again. Returns the outcome of the last map.
 * Out of line: a recalled kernel never conflicts, and its code stays dense. */
static __attribute__((noinline)) om_map_outcome
settle_conflict(const om_checked_call *call, int32_t i, const om_map_origin *origin,
                om_mapping *conflicting) {
  uintptr_t begin = (uintptr_t)call->entries->begins[i];
  size_t size = (size_t)call->entries->sizes[i];
  overlap_verdict verdict;
  for (int drops = 0;; drops++) {
    verdict = verify_overlap(call, i, conflicting);
    if (verdict != OVERLAP_STALE)
      break;
    om_shadow_drop(&om_plugin_shadow, call->device, conflicting->begin);
    if (drops == STALE_DROPS_MAX)
      break;
    om_map_outcome outcome = om_shadow_map(&om_plugin_shadow, call->device, begin, size,
                                           map_request(call->entries->types[i], call->kernel),
                                           origin, conflicting);
    if (outcome != OM_MAP_CONFLICT)
      return outcome;
  }
  if (verdict == OVERLAP_CONFIRMED)
    report_overlap(call, i, conflicting);
  else /* the runtime may map it: not followed */
    om_shadow_forget_absent_range(&om_plugin_shadow, call->device, begin, begin + size);
  return OM_MAP_CONFLICT;
}

/* Counts entry i up in the shadow (a conflict: settle_conflict). Returns
 * whether it created a mapping (and kept it). */
OM_HOT static bool map_entry(const om_checked_call *call, int32_t i) {
  const om_map_entries *entries = call->entries;
  int64_t type = entries->types[i];
  om_map_origin origin = om_checked_origin(call, i);
  uintptr_t begin = (uintptr_t)entries->begins[i];
  size_t size = (size_t)entries->sizes[i];
  om_mapping conflicting;
  om_map_outcome outcome = om_shadow_map(&om_plugin_shadow, call->device, begin, size,
                                         map_request(type, call->kernel), &origin, &conflicting);
  if (outcome == OM_MAP_CONFLICT)
    outcome = settle_conflict(call, i, &origin, &conflicting);
  if (outcome == OM_MAP_NO_ROOM) {
    om_shadow_forget_absent_all(&om_plugin_shadow); /* mapped, but not followed */
  } else if (outcome == OM_MAP_CREATED && was_present(call, i)) {
    /* The runtime had it already (declare target, or mapped where the
     * plugin could not see): not the shadow's to follow. */
    om_unmap_request forget = {.hold = (type & OM_MAP_OMPX_HOLD) != 0, .delete_all = true,
                               .update_count = true};
    om_shadow_unmap(&om_plugin_shadow, call->device, begin, size, forget);
    return false;
  }
  return outcome == OM_MAP_CREATED;
}

void om_checks_before_map(const om_checked_call *call, om_call_decisions *decisions,
                          uint32_t *created) {
  bool recalled_clean = decisions != NULL && decisions->bounds_clean;
  bool outside = false;
  uint32_t made = 0;
  for (int32_t i = 0; i < call->entries->count; i++) {
    forget_absence_behind(call, i);
    if (!om_checked_follows(call, i))
      continue;
    if (!recalled_clean && check_bounds(call, i))
      outside = true;
    /* The runtime makes no mapping for a present map of absent data. */
    if (!was_present(call, i) && om_checks_present_missing(call, i))
      continue;
    if (map_entry(call, i) && i < OM_DECIDED_ENTRIES)
      made |= UINT32_C(1) << i;
  }
  if (decisions != NULL && !recalled_clean)
    decisions->bounds_clean = !outside;
  if (created != NULL)
    *created = made;
}

OM_HOT void om_checks_map_recalled(const om_checked_call *call, const om_call_decisions *recalled,
                                   uint32_t *created) {
  uint32_t made = 0;
  for (uint32_t left = recalled->checked; left != 0; left &= left - 1) {
    int32_t i = __builtin_ctz(left);
    if (((recalled->present_modifier >> i) & 1) && !was_present(call, i) &&
        om_checks_present_missing(call, i))
      continue;
    if (map_entry(call, i))
      made |= UINT32_C(1) << i;
  }
  *created = made;
}

OM_HOT void om_checks_unmap_recalled(const om_checked_call *call, const om_call_decisions *recalled,
                                     om_presence *still_mapped, uint32_t *removed) {
  const om_map_entries *entries = call->entries;
  uint32_t kept = 0, gone = 0;
  for (uint32_t left = recalled->checked; left != 0;) {
    int32_t i = 31 - __builtin_clz(left); /* last first, as the runtime does */
    left &= ~(UINT32_C(1) << i);
    switch (om_shadow_unmap(&om_plugin_shadow, call->device, (uintptr_t)entries->begins[i],
                            (size_t)entries->sizes[i],
                            unmap_request(entries->types[i], call->kernel))) {
    case OM_UNMAP_KEPT:
      kept |= UINT32_C(1) << i;
      break;
    case OM_UNMAP_REMOVED:
      gone |= UINT32_C(1) << i;
      break;
    case OM_UNMAP_ABSENT:
      break;
    }
  }
  memset(still_mapped, 0, sizeof *still_mapped);
  still_mapped->bits[0] = kept;
  *removed = gone;
}

void om_checks_after_unmap(const om_checked_call *call, om_presence *still_mapped,
                           uint32_t *removed) {
  const om_map_entries *entries = call->entries;
  memset(still_mapped, 0, sizeof *still_mapped);
  uint32_t gone = 0;
  for (int32_t i = entries->count - 1; i >= 0; i--) {
    if (!om_checked_follows(call, i))
      continue;
    om_unmap_outcome outcome = om_shadow_unmap(&om_plugin_shadow, call->device,
                                               (uintptr_t)entries->begins[i],
                                               (size_t)entries->sizes[i],
                                               unmap_request(entries->types[i], call->kernel));
    om_presence_set(still_mapped, i, outcome == OM_UNMAP_KEPT);
    if (outcome == OM_UNMAP_REMOVED && i < OM_DECIDED_ENTRIES)
      gone |= UINT32_C(1) << i;
  }
  if (removed != NULL)
    *removed = gone;
}

/* Whether the host copy of entry i is stale after the call: a kernel that
 * may write it (FROM) left it mapped, or an earlier kernel did and this call
 * did not bring the data back nor overwrite the device copy. */
typedef enum { STALE_DROP, STALE_RESUME, STALE_NEW } stale_after;

static stale_after stale_after_call(om_call_kind kind, int64_t type, bool still_mapped) {
  bool always = type & OM_MAP_ALWAYS;
  switch (kind) {
  case OM_CALL_KERNEL:
    if (!still_mapped)
      return STALE_DROP;
    return (type & OM_MAP_FROM) ? STALE_NEW : STALE_RESUME;
  case OM_CALL_DATA_END:
    return still_mapped && !(always && (type & OM_MAP_FROM)) ? STALE_RESUME : STALE_DROP;
  case OM_CALL_DATA_BEGIN:
    return always && (type & OM_MAP_TO) ? STALE_DROP : STALE_RESUME;
  case OM_CALL_DATA_UPDATE:
    break;
  }
  return STALE_DROP;
}

/* Only the part of entry i's section [begin, end) that is on the device
 * can be stale: an implicit map of a partly present array reuses the
 * mapping of its present part. */
static void guard_present_part(const om_checked_call *call, uintptr_t begin, uintptr_t end,
                               const om_map_origin *origin) {
  om_mapping mapping;
  if (!om_shadow_mapping_of(&om_plugin_shadow, call->device, begin, end - begin, &mapping))
    return;
  om_stale_guard(begin > mapping.begin ? begin : mapping.begin,
                 end < mapping.end ? end : mapping.end, call->device, origin);
}

void om_checks_stale_after(const om_checked_call *call, om_call_kind kind,
                           const om_presence *still_mapped) {
  const om_map_entries *entries = call->entries;
  for (int32_t i = 0; i < entries->count; i++) {
    om_mapping buffer;
    om_map_origin origin = om_checked_origin(call, i);
    if (kind == OM_CALL_KERNEL &&
        om_stale_buffer_behind_pointer(call->device, (uintptr_t)entries->begins[i],
                                       entries->sizes[i], entries->types[i], &buffer,
                                       &origin.map_name)) {
      om_stale_guard(buffer.begin, buffer.end, call->device, &origin);
      continue;
    }
    if (!om_checked_follows(call, i))
      continue;
    uintptr_t begin = (uintptr_t)entries->begins[i];
    uintptr_t end = begin + (uintptr_t)entries->sizes[i];
    if (kind == OM_CALL_DATA_BEGIN && (entries->types[i] & OM_MAP_RETURN_PARAM))
      om_stale_learn_device_address(call->device, begin, 0); /* use_device_ptr/addr */
    switch (stale_after_call(kind, entries->types[i], om_presence_bit(still_mapped, i))) {
    case STALE_DROP:
      om_stale_release(begin, end, NULL);
      break;
    case STALE_RESUME:
      om_stale_resume(begin, end);
      break;
    case STALE_NEW:
      guard_present_part(call, begin, end, &origin);
      break;
    }
  }
}

/* ---- check: free/realloc of mapped memory ---- */

void om_checks_heap_release(const void *start, size_t size, const char *what,
                            const void *return_address) {
  om_mapping mapping;
  int device;
  uintptr_t begin = (uintptr_t)start;
  if (!om_shadow_find_overlap(&om_plugin_shadow, begin, begin + size, &device, &mapping) ||
      mapping.infinite)
    return;
  if (!om_first_report(OM_CHECK_HEAP_RELEASE, return_address,
                    mapping.origin.map_name != NULL ? (const void *)mapping.origin.map_name
                                                    : mapping.origin.psource))
    return;
  char mapped[OM_DESCRIPTION_MAX], caller[192];
  om_describe_mapping(&mapping, mapped, sizeof mapped);
  om_describe_caller(return_address, caller, sizeof caller);
  om_finding_subject subject;
  om_mapping_subject(&mapping, &subject);
  om_report_error(OM_CHECK_HEAP_RELEASE, OM_STOP_NOW, &subject,
                 "%s() of the heap block at %p (%zu bytes) called from %s while %s is still mapped "
                 "on device %d (reference count %u): a later allocation at this address would be "
                 "taken as present and never copied. Fix: unmap it first (target exit data "
                 "map(from: ...) or map(release: ...)), then %s it",
                 what, start, size, caller, mapped, device,
                 mapping.dynamic_count + mapping.hold_count, what);
}

/* ---- memory the program associates itself ---- */

void om_checks_associated(const void *host, size_t size, int device,
                          const void *return_address) {
  om_map_origin origin = {NULL, NULL, return_address, NULL};
  if (!om_shadow_associate(&om_plugin_shadow, device, (uintptr_t)host, size, &origin))
    om_shadow_forget_absent_range(&om_plugin_shadow, device, (uintptr_t)host,
                                  (uintptr_t)host + size);
}

void om_checks_disassociated(const void *host, int device) {
  om_shadow_disassociate(&om_plugin_shadow, device, (uintptr_t)host);
}

/* ---- check: stale host data ---- */
