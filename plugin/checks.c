/* checks.c - bounds, overlap, free-while-mapped and leak checks. */
#include "checks.h"

#include "allocations.h"
#include "message.h"
#include "offload_abi.h"
#include "options.h"
#include "srcloc.h"
#include "stale.h"

#include <dlfcn.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

om_shadow om_plugin_shadow;

/* Asked several times per offload call: the level is read once. */
bool om_checks_enabled(void) {
  static _Atomic int level = -1;
  int seen = atomic_load_explicit(&level, memory_order_relaxed);
  if (__builtin_expect(seen < 0, 0)) {
    seen = om_option_choice(OM_OPTION_CHECKS);
    atomic_store_explicit(&level, seen, memory_order_relaxed);
  }
  return seen != OM_CHECKS_OFF;
}

/* ---- reporting once per site ---- */

typedef enum {
  CHECK_BOUNDS = 1,
  CHECK_OVERLAP,
  CHECK_HEAP_RELEASE,
  CHECK_LEAK,
  CHECK_STALE
} check_id;

/* The names findings carry in the run report, by check. */
static const char *const check_kinds[] = {
    [CHECK_BOUNDS] = "bounds",
    [CHECK_OVERLAP] = "overlap",
    [CHECK_HEAP_RELEASE] = "free-while-mapped",
    [CHECK_LEAK] = "leak",
    [CHECK_STALE] = "stale",
};

om_findings om_plugin_findings;

#define REPORTED_SLOTS 4096
static _Atomic uint64_t reported[REPORTED_SLOTS];

/* True the first time (check, a, b) is seen. a and b identify the site:
 * pointers to the program's static location strings, or code addresses.
 * When the table is full, sites are reported again rather than dropped. */
static bool first_report(check_id check, const void *a, const void *b) {
  uint64_t key = ((uint64_t)(uintptr_t)a * 0x9e3779b97f4a7c15u) ^
                 ((uint64_t)(uintptr_t)b * 0xc2b2ae3d27d4eb4fu) ^ (uint64_t)check;
  key |= 1; /* 0 marks a free slot */
  for (size_t probe = 0, i = key % REPORTED_SLOTS; probe < REPORTED_SLOTS;
       probe++, i = (i + 1) % REPORTED_SLOTS) {
    uint64_t seen = 0;
    if (atomic_compare_exchange_strong(&reported[i], &seen, key))
      return true;
    if (seen == key)
      return false;
  }
  return true;
}

/* After an error: OWNMAP_ON_ERROR=abort stops here. */
static void error_reported(void) {
  if (om_option_choice(OM_OPTION_ON_ERROR) == OM_ON_ERROR_ABORT) {
    om_message("stopping the program (OWNMAP_ON_ERROR=abort; set OWNMAP_ON_ERROR=warn to "
               "go on)");
    abort();
  }
}

/* Prints a finding and keeps it for the run report; an error then stops
 * the program under OWNMAP_ON_ERROR=abort. */
__attribute__((format(printf, 4, 5))) static void
report_finding(check_id check, om_severity severity, const om_finding_subject *subject,
               const char *fmt, ...) {
  char message[OM_MESSAGE_MAX];
  va_list args;
  va_start(args, fmt);
  vsnprintf(message, sizeof message, fmt, args);
  va_end(args);
  om_findings_record(&om_plugin_findings, check_kinds[check], severity, subject, message);
  if (severity == OM_SEVERITY_ERROR) {
    om_error("%s", message);
    error_reported();
  } else {
    om_warning("%s", message);
  }
}

/* ---- naming a map site ---- */

enum { DESCRIPTION_MAX = 384 };

/* "where" of a call: "FILE:LINE in FUNCTION", else the caller's module+offset. */
static void describe_place(const char *psource, const void *return_address, char *out,
                           size_t size) {
  om_psource region;
  if (om_psource_parse(psource, &region)) {
    om_span file = om_span_basename(region.file);
    snprintf(out, size, "%.*s:%u in %.*s", (int)file.len, file.text, region.line,
             (int)region.function.len, region.function.text);
    return;
  }
  Dl_info module;
  if (return_address != NULL && dladdr(return_address, &module) && module.dli_fname != NULL) {
    const char *slash = strrchr(module.dli_fname, '/');
    snprintf(out, size, "%s+%#tx", slash ? slash + 1 : module.dli_fname,
             (const char *)return_address - (const char *)module.dli_fbase);
    return;
  }
  snprintf(out, size, "%p", return_address);
}

/* "x[0:n] (declared at FILE:LINE) mapped at FILE:LINE in FUNCTION", or
 * "argument #I mapped at ..." without map names. index < 0: no index known. */
static void describe_map(const char *map_name, int index, const char *psource,
                         const void *return_address, char *out, size_t size) {
  char place[192];
  describe_place(psource, return_address, place, sizeof place);
  om_mapname name;
  if (map_name != NULL && om_mapname_parse(map_name, &name)) {
    om_span file = om_span_basename(name.file);
    snprintf(out, size, "%.*s (declared at %.*s:%u) mapped at %s", (int)name.name.len,
             name.name.text, (int)file.len, file.text, name.line, place);
  } else if (index >= 0) {
    snprintf(out, size, "argument #%d mapped at %s", index, place);
  } else {
    snprintf(out, size, "a section mapped at %s", place);
  }
}

static void describe_entry(const om_checked_call *call, int32_t i, char *out, size_t size) {
  const om_map_entries *entries = call->entries;
  describe_map(entries->names != NULL ? entries->names[i] : NULL, (int)i,
               call->origin->psource, call->origin->return_address, out, size);
}

static void describe_mapping(const om_mapping *mapping, char *out, size_t size) {
  if (mapping->infinite) {
    char place[192];
    describe_place(NULL, mapping->origin.return_address, place, sizeof place);
    snprintf(out, size, "memory associated by omp_target_associate_ptr called from %s", place);
    return;
  }
  describe_map(mapping->origin.map_name, -1, mapping->origin.psource,
               mapping->origin.return_address, out, size);
}

/* The variable and where it was mapped, for the run report: the
 * construct's file and line, else where the variable was declared, else the
 * caller's module+offset. index < 0: no index known. */
static void subject_of(const char *map_name, int index, const char *psource,
                       const void *return_address, om_finding_subject *out) {
  om_mapname name;
  bool named = map_name != NULL && om_mapname_parse(map_name, &name);
  if (named)
    snprintf(out->variable, sizeof out->variable, "%.*s", (int)name.name.len, name.name.text);
  else if (index >= 0)
    snprintf(out->variable, sizeof out->variable, "arg#%d", index);
  else
    out->variable[0] = '\0';
  om_psource region;
  om_span file;
  if (om_psource_parse(psource, &region)) {
    file = om_span_basename(region.file);
    out->line = region.line;
  } else if (named) {
    file = om_span_basename(name.file);
    out->line = name.line;
  } else {
    describe_place(NULL, return_address, out->file, sizeof out->file);
    out->line = 0;
    return;
  }
  snprintf(out->file, sizeof out->file, "%.*s", (int)file.len, file.text);
}

static void entry_subject(const om_checked_call *call, int32_t i, om_finding_subject *out) {
  const om_map_entries *entries = call->entries;
  subject_of(entries->names != NULL ? entries->names[i] : NULL, (int)i, call->origin->psource,
             call->origin->return_address, out);
}

static void mapping_subject(const om_mapping *mapping, om_finding_subject *out) {
  subject_of(mapping->infinite ? NULL : mapping->origin.map_name, -1,
             mapping->infinite ? NULL : mapping->origin.psource, mapping->origin.return_address,
             out);
}

/* The key of an entry's site for first_report. */
static const void *entry_site(const om_checked_call *call, int32_t i) {
  if (call->entries->names != NULL && call->entries->names[i] != NULL)
    return call->entries->names[i];
  return call->origin->psource != NULL ? (const void *)call->origin->psource
                                       : call->origin->return_address;
}

static const void *call_site(const om_checked_call *call) {
  return call->origin->psource != NULL ? (const void *)call->origin->psource
                                       : call->origin->return_address;
}

/* ---- which entries the shadow follows ---- */

static bool entry_checked(const om_checked_call *call, int32_t i) {
  const om_map_entries *entries = call->entries;
  int64_t type = entries->types[i];
  return i < OM_PRESENCE_MAX && !(type & (OM_MAP_PRIVATE | OM_MAP_LITERAL)) &&
         entries->sizes[i] >= 0 && entries->begins[i] != NULL &&
         (entries->mappers == NULL || entries->mappers[i] == NULL);
}

static bool was_present(const om_checked_call *call, int32_t i) {
  return om_presence_bit(call->present_before, i);
}

/* The runtime is about to copy between the host buffers of a call and the
 * device: they must be accessible, and this access is no finding. */
static void suspend_guards(const om_checked_call *call) {
  const om_map_entries *entries = call->entries;
  for (int32_t i = 0; i < entries->count; i++)
    if (entry_checked(call, i)) {
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

void om_checks_presence_before(const om_checked_call *call, om_is_present_fn is_present,
                               om_presence *before, om_presence *tracked) {
  const om_map_entries *entries = call->entries;
  if (om_stale_enabled())
    suspend_guards(call);
  om_absence_ticket ticket = om_shadow_absence_ticket(&om_plugin_shadow, call->device);
  om_presence known = {{0}}, held = {{0}};
  for (int32_t i = 0; i < entries->count; i++) {
    if (!entry_checked(call, i))
      continue;
    switch (om_shadow_lookup(&om_plugin_shadow, call->device, (uintptr_t)entries->begins[i],
                             (size_t)entries->sizes[i])) {
    case OM_SHADOW_PRESENT:
      om_presence_set(&held, i, true);
      om_presence_set(&known, i, true);
      break;
    case OM_SHADOW_ABSENT:
      om_presence_set(&known, i, true);
      break;
    case OM_SHADOW_UNKNOWN:
      break;
    }
  }
  om_probe_presence_unknown(entries, call->device, is_present, &known, &held, before);
  for (int32_t i = 0; i < entries->count; i++)
    if (entry_checked(call, i) && entries->sizes[i] > 0 && !om_presence_bit(&known, i) &&
        !om_presence_bit(before, i) && absence_learnable(call, i))
      om_shadow_learn_absent(&om_plugin_shadow, call->device, (uintptr_t)entries->begins[i],
                             ticket);
  /* Only the words of the entries are read back. */
  int32_t used = entries->count < 0                 ? 0
                 : entries->count < OM_PRESENCE_MAX ? entries->count
                                                    : OM_PRESENCE_MAX;
  for (size_t w = 0; w < ((size_t)used + 63) / 64; w++)
    tracked->bits[w] = held.bits[w] | ~before->bits[w];
}

/* ---- check: section outside its heap block ---- */

static void check_bounds(const om_checked_call *call, int32_t i) {
  uintptr_t begin = (uintptr_t)call->entries->begins[i];
  uintptr_t end = begin + (uintptr_t)call->entries->sizes[i];
  uintptr_t start;
  size_t size;
  if (begin == end || !om_checks_heap_block_of(call, i, &start, &size) || end <= start + size)
    return;
  if (!first_report(CHECK_BOUNDS, entry_site(call, i), call_site(call)))
    return;
  char what[DESCRIPTION_MAX];
  describe_entry(call, i, what, sizeof what);
  om_finding_subject subject;
  entry_subject(call, i, &subject);
  report_finding(CHECK_BOUNDS, OM_SEVERITY_ERROR, &subject,
                 "%s covers bytes [%zu, %zu) of a heap block of %zu bytes at %p: %zu bytes lie "
                 "outside the allocation (nothing was copied yet). Fix: shorten the section to the "
                 "allocation, or allocate the whole section",
                 what, (size_t)(begin - start), (size_t)(end - start), size, (void *)start,
                 (size_t)(end - start - size));
}

/* ---- check: overlapping maps with conflicting extents ---- */

static void report_overlap(const om_checked_call *call, int32_t i, const om_mapping *existing) {
  if (!first_report(CHECK_OVERLAP, entry_site(call, i), call_site(call)))
    return;
  char what[DESCRIPTION_MAX], other[DESCRIPTION_MAX];
  describe_entry(call, i, what, sizeof what);
  describe_mapping(existing, other, sizeof other);
  uintptr_t begin = (uintptr_t)call->entries->begins[i];
  om_finding_subject subject;
  entry_subject(call, i, &subject);
  report_finding(CHECK_OVERLAP, OM_SEVERITY_ERROR, &subject,
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

static om_map_request map_request(int64_t type) {
  return (om_map_request){.implicit = (type & OM_MAP_IMPLICIT) != 0,
                          .hold = (type & OM_MAP_OMPX_HOLD) != 0,
                          .update_count = counts_reference(type)};
}

static om_unmap_request unmap_request(int64_t type) {
  return (om_unmap_request){.implicit = (type & OM_MAP_IMPLICIT) != 0,
                            .hold = (type & OM_MAP_OMPX_HOLD) != 0,
                            .delete_all = (type & OM_MAP_DELETE) != 0,
                            .update_count = counts_reference(type)};
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

void om_checks_before_map(const om_checked_call *call) {
  const om_map_entries *entries = call->entries;
  for (int32_t i = 0; i < entries->count; i++) {
    forget_absence_behind(call, i);
    if (!entry_checked(call, i))
      continue;
    check_bounds(call, i);
    int64_t type = entries->types[i];
    om_map_origin origin = {entries->names != NULL ? entries->names[i] : NULL,
                            call->origin->psource, call->origin->return_address};
    om_mapping found;
    uintptr_t begin = (uintptr_t)entries->begins[i];
    size_t size = (size_t)entries->sizes[i];
    om_map_outcome outcome = om_shadow_map(&om_plugin_shadow, call->device, begin, size,
                                           map_request(type), &origin, &found);
    if (outcome == OM_MAP_CONFLICT) {
      report_overlap(call, i, &found);
    } else if (outcome == OM_MAP_NO_ROOM) {
      om_shadow_forget_absent_all(&om_plugin_shadow); /* mapped, but not followed */
    } else if (outcome == OM_MAP_CREATED && was_present(call, i)) {
      /* The runtime had it already (declare target, or mapped where the
       * plugin could not see): not the shadow's to follow. */
      om_unmap_request forget = {.hold = map_request(type).hold, .delete_all = true,
                                 .update_count = true};
      om_shadow_unmap(&om_plugin_shadow, call->device, begin, size, forget);
    }
  }
}

void om_checks_after_unmap(const om_checked_call *call, om_presence *still_mapped) {
  const om_map_entries *entries = call->entries;
  memset(still_mapped, 0, sizeof *still_mapped);
  for (int32_t i = entries->count - 1; i >= 0; i--) {
    if (!entry_checked(call, i))
      continue;
    om_unmap_outcome outcome = om_shadow_unmap(&om_plugin_shadow, call->device,
                                               (uintptr_t)entries->begins[i],
                                               (size_t)entries->sizes[i],
                                               unmap_request(entries->types[i]));
    om_presence_set(still_mapped, i, outcome == OM_UNMAP_KEPT);
  }
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
static void guard_present_part(const om_checked_call *call, int32_t i, uintptr_t begin,
                               uintptr_t end) {
  om_mapping mapping;
  if (!om_shadow_mapping_of(&om_plugin_shadow, call->device, begin, end - begin, &mapping))
    return;
  const om_map_entries *entries = call->entries;
  om_map_origin origin = {entries->names != NULL ? entries->names[i] : NULL,
                          call->origin->psource, call->origin->return_address};
  om_stale_guard(begin > mapping.begin ? begin : mapping.begin,
                 end < mapping.end ? end : mapping.end, call->device, &origin);
}

void om_checks_stale_after(const om_checked_call *call, om_call_kind kind,
                           const om_presence *still_mapped) {
  const om_map_entries *entries = call->entries;
  for (int32_t i = 0; i < entries->count; i++) {
    if (!entry_checked(call, i))
      continue;
    uintptr_t begin = (uintptr_t)entries->begins[i];
    uintptr_t end = begin + (uintptr_t)entries->sizes[i];
    switch (stale_after_call(kind, entries->types[i], om_presence_bit(still_mapped, i))) {
    case STALE_DROP:
      om_stale_release(begin, end, NULL);
      break;
    case STALE_RESUME:
      om_stale_resume(begin, end);
      break;
    case STALE_NEW:
      guard_present_part(call, i, begin, end);
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
  if (!first_report(CHECK_HEAP_RELEASE, return_address,
                    mapping.origin.map_name != NULL ? (const void *)mapping.origin.map_name
                                                    : mapping.origin.psource))
    return;
  char mapped[DESCRIPTION_MAX], caller[192];
  describe_mapping(&mapping, mapped, sizeof mapped);
  describe_place(NULL, return_address, caller, sizeof caller);
  om_finding_subject subject;
  mapping_subject(&mapping, &subject);
  report_finding(CHECK_HEAP_RELEASE, OM_SEVERITY_ERROR, &subject,
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
  om_map_origin origin = {NULL, NULL, return_address};
  if (!om_shadow_associate(&om_plugin_shadow, device, (uintptr_t)host, size, &origin))
    om_shadow_forget_absent_range(&om_plugin_shadow, device, (uintptr_t)host,
                                  (uintptr_t)host + size);
}

void om_checks_disassociated(const void *host, int device) {
  om_shadow_disassociate(&om_plugin_shadow, device, (uintptr_t)host);
}

/* ---- check: stale host data ---- */

void om_checks_report_stale(const om_map_origin *origin, int device, const char *access,
                            const void *address) {
  if (!first_report(CHECK_STALE,
                    origin->map_name != NULL ? (const void *)origin->map_name
                                             : origin->return_address,
                    origin->psource))
    return;
  char what[DESCRIPTION_MAX];
  describe_map(origin->map_name, -1, origin->psource, origin->return_address, what,
               sizeof what);
  om_finding_subject subject;
  subject_of(origin->map_name, -1, origin->psource, origin->return_address, &subject);
  report_finding(CHECK_STALE, OM_SEVERITY_WARNING, &subject,
                 "%s is %s (at %p) while the kernel there may have changed its copy on device %d "
             "and before the copy came back: the host sees stale data. Fix: add target update "
             "from(...) (or unmap with map(from: ...)) before the host uses it",
             what, access, address, device);
}

/* ---- check: mappings left at exit ---- */

static void report_leak(int device, const om_mapping *mapping, void *context) {
  (void)context;
  if (mapping->infinite)
    return; /* associated memory is the program's to manage */
  if (!first_report(CHECK_LEAK,
                    mapping->origin.map_name != NULL ? (const void *)mapping->origin.map_name
                                                     : mapping->origin.return_address,
                    mapping->origin.psource))
    return;
  char what[DESCRIPTION_MAX];
  describe_mapping(mapping, what, sizeof what);
  om_finding_subject subject;
  mapping_subject(mapping, &subject);
  report_finding(CHECK_LEAK, OM_SEVERITY_WARNING, &subject,
                 "%s is still mapped on device %d at exit ([%p, +%zu bytes), reference count %u): "
             "its device memory leaks. Fix: end it with target exit data map(release: ...) "
             "(or map(from: ...) to get the data back) once it is no longer needed",
             what, device, (void *)mapping->begin, (size_t)(mapping->end - mapping->begin),
             mapping->dynamic_count + mapping->hold_count);
}

void om_checks_report_leaks(void) { om_shadow_for_each(&om_plugin_shadow, report_leak, NULL); }
