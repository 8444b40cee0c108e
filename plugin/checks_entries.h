/* checks_entries.h - the checks' view of one map entry, shared by checks.c
 * and checks_presence.c (internal to the checks). */
#ifndef OWNMAP_PLUGIN_CHECKS_ENTRIES_H
#define OWNMAP_PLUGIN_CHECKS_ENTRIES_H

#include "check_report.h"
#include "checks.h"
#include "offload_abi.h"

/* ---- naming an entry ---- */

static inline om_map_origin om_checked_origin(const om_checked_call *call, int32_t i) {
  const om_map_entries *entries = call->entries;
  return (om_map_origin){entries->names != NULL ? entries->names[i] : NULL,
                         call->origin->psource, call->origin->return_address, NULL};
}

static inline void om_checked_describe(const om_checked_call *call, int32_t i, char *out,
                                       size_t size) {
  om_map_origin origin = om_checked_origin(call, i);
  om_describe_map(&origin, (int)i, out, size);
}

static inline void om_checked_subject(const om_checked_call *call, int32_t i,
                                      om_finding_subject *out) {
  om_map_origin origin = om_checked_origin(call, i);
  om_subject_of(&origin, (int)i, out);
}

/* The key of an entry's site for om_first_report. */
static inline const void *om_checked_site(const om_checked_call *call, int32_t i) {
  if (call->entries->names != NULL && call->entries->names[i] != NULL)
    return call->entries->names[i];
  return call->origin->psource != NULL ? (const void *)call->origin->psource
                                       : call->origin->return_address;
}

static inline const void *om_checked_call_key(const om_checked_call *call) {
  return call->origin->psource != NULL ? (const void *)call->origin->psource
                                       : call->origin->return_address;
}

/* ---- which entries the shadow follows ---- */

static inline bool om_checked_follows(const om_checked_call *call, int32_t i) {
  const om_map_entries *entries = call->entries;
  int64_t type = entries->types[i];
  return i < OM_PRESENCE_MAX && !(type & (OM_MAP_PRIVATE | OM_MAP_LITERAL)) &&
         entries->sizes[i] >= 0 && entries->begins[i] != NULL &&
         (entries->mappers == NULL || entries->mappers[i] == NULL);
}

/* ---- asking the runtime (checks_presence.c) ---- */

/* The runtime's presence query as the latest offload call handed it over,
 * or NULL when it cannot be asked (the shadow's view stands). */
om_is_present_fn om_checks_runtime_query(void);

/* Whether the runtime holds address on device; true when it cannot be asked. */
bool om_checks_runtime_holds(int device, uintptr_t address);

/* Whether the runtime fails entry i for its present modifier. */
bool om_checks_present_missing(const om_checked_call *call, int32_t i);

#endif
