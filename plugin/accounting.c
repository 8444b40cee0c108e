/* accounting.c - decide which map entries copied data and record them. */
#include "accounting.h"

#include "hot_path.h"
#include "message.h"
#include "offload_abi.h"
#include "options.h"
#include "srcloc.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

static atomic_bool said_mapper_skipped;
static atomic_bool said_too_many_entries;

static void note_uncounted(atomic_bool *said, const char *what) {
  if (om_option_flag(OM_OPTION_VERBOSE) && om_first_time(said))
    om_message("passing through uncounted: %s", what);
}

bool om_entry_counted(const om_map_entries *entries, int32_t i) {
  int64_t type = entries->types[i];
  if ((type & (OM_MAP_PRIVATE | OM_MAP_LITERAL)) || entries->sizes[i] <= 0 ||
      entries->begins[i] == NULL)
    return false;
  if (entries->mappers != NULL && entries->mappers[i] != NULL) {
    note_uncounted(&said_mapper_skipped, "map entries with a user-defined mapper");
    return false;
  }
  if (i >= OM_PRESENCE_MAX) {
    note_uncounted(&said_too_many_entries, "map entries past the first 1024 of a call");
    return false;
  }
  return true;
}

unsigned om_entry_copies(om_call_kind kind, int64_t type, bool present_before,
                         bool present_after) {
  bool always = type & OM_MAP_ALWAYS;
  bool to = false, from = false;
  switch (kind) {
  case OM_CALL_DATA_BEGIN:
    to = (type & OM_MAP_TO) && (always || !present_before);
    break;
  case OM_CALL_DATA_END:
    from = (type & OM_MAP_FROM) && present_before && (always || !present_after);
    break;
  case OM_CALL_DATA_UPDATE:
    to = (type & OM_MAP_TO) && present_before;
    from = (type & OM_MAP_FROM) && present_before;
    break;
  case OM_CALL_KERNEL:
    to = (type & OM_MAP_TO) && (always || !present_before);
    from = (type & OM_MAP_FROM) && (always || !present_after);
    break;
  }
  return (to ? 1u << OM_TO_DEVICE : 0) | (from ? 1u << OM_FROM_DEVICE : 0);
}

void om_probe_presence(const om_map_entries *entries, int device,
                       om_is_present_fn is_present, om_presence *out) {
  static const om_presence none;
  om_probe_presence_unknown(entries, device, is_present, &none, &none, out);
}

void om_probe_presence_unknown(const om_map_entries *entries, int device,
                               om_is_present_fn is_present, const om_presence *known,
                               const om_presence *shadow_presence, om_presence *out) {
  memset(out, 0, sizeof *out);
  for (int32_t i = 0; i < entries->count; i++) {
    if (!om_entry_counted(entries, i))
      continue;
    bool present = om_presence_bit(known, i) ? om_presence_bit(shadow_presence, i)
                                             : is_present(entries->begins[i], device) != 0;
    om_presence_set(out, i, present);
  }
}

static om_span span_of(const char *text) { return (om_span){text, strlen(text)}; }

void om_entry_site(const om_map_entries *entries, int32_t i, const om_call_origin *origin,
                   om_site *site) {
  om_mapname mapname;
  if (entries->names != NULL && om_mapname_parse(entries->names[i], &mapname)) {
    om_site_set(site, mapname.name, om_span_basename(mapname.file), mapname.line);
    return;
  }
  char argument[32];
  snprintf(argument, sizeof argument, "arg#%d", (int)i);
  om_psource region;
  if (om_psource_parse(origin->psource, &region)) {
    om_site_set(site, span_of(argument), om_span_basename(region.file), region.line);
    return;
  }
  char where[OM_SITE_FILE_MAX];
  Dl_info module;
  if (dladdr(origin->return_address, &module) && module.dli_fname != NULL) {
    om_span file = om_span_basename(span_of(module.dli_fname));
    snprintf(where, sizeof where, "%.*s+%#tx", (int)file.len, file.text,
             (const char *)origin->return_address - (const char *)module.dli_fbase);
  } else {
    snprintf(where, sizeof where, "%p", origin->return_address);
  }
  om_site_set(site, span_of(argument), span_of(where), 0);
}

/* Per-thread cache of ledger rows by what keys the entry's site: its
 * map-name string, else the region's location string, the caller's
 * address and the argument index. These are the program's constant data,
 * so a key finds the same site every time, without parsing a string or
 * taking the ledger's lock; until a library is unloaded, whose addresses
 * another may reuse: a generation then makes every cached row stale. */
enum { ROW_CACHE_SLOTS = 64 };
typedef struct {
  const om_ledger *ledger;
  const void *map_name;
  const char *psource;
  const void *return_address;
  int32_t index;
  unsigned generation;
  om_ledger_row *row;
} cached_row;
static _Thread_local cached_row row_cache[ROW_CACHE_SLOTS]
    __attribute__((tls_model("initial-exec")));
static atomic_uint row_generation = 1; /* never 0: a zeroed slot is empty */

void om_entry_rows_forget(void) { atomic_fetch_add(&row_generation, 1); }

OM_HOT om_ledger_row *om_entry_row(om_ledger *ledger, const om_map_entries *entries, int32_t i,
                                   const om_call_origin *origin) {
  cached_row key = {ledger, entries->names != NULL ? entries->names[i] : NULL, NULL, NULL, -1,
                    atomic_load_explicit(&row_generation, memory_order_relaxed), NULL};
  if (key.map_name == NULL) { /* keyed as om_entry_site falls back */
    key.psource = origin->psource;
    key.return_address = origin->return_address;
    key.index = i;
  }
  uintptr_t hash = ((uintptr_t)key.map_name ^ (uintptr_t)key.psource ^
                    ((uintptr_t)key.return_address >> 4) ^ ((uintptr_t)(uint32_t)i * 0x9e37u)) >>
                   3;
  cached_row *slot = &row_cache[hash % ROW_CACHE_SLOTS];
  if (slot->generation == key.generation && slot->ledger == ledger &&
      slot->map_name == key.map_name && slot->psource == key.psource &&
      slot->return_address == key.return_address && slot->index == key.index)
    return slot->row;
  om_site site;
  om_entry_site(entries, i, origin, &site);
  key.row = om_ledger_row_of(ledger, &site);
  *slot = key;
  return key.row;
}

/* The copies entry i made in the call, as direction bits; 0 when it is
 * not counted. */
static unsigned entry_copies(om_call_kind kind, const om_map_entries *entries, int32_t i,
                             const om_presence *before, const om_presence *after,
                             const om_presence *skipped) {
  if (!om_entry_counted(entries, i) || (skipped != NULL && om_presence_bit(skipped, i)))
    return 0;
  return om_entry_copies(kind, entries->types[i], om_presence_bit(before, i),
                         om_presence_bit(after, i));
}

static unsigned copy_count(unsigned copies) { return (copies & 1u) + ((copies >> 1) & 1u); }

void om_account_call(om_ledger *ledger, om_call_kind kind, int device,
                     const om_map_entries *entries,
                     const om_presence *before, const om_presence *after,
                     const om_presence *skipped, const om_call_origin *origin,
                     uint64_t start_ns, uint64_t duration_ns) {
  /* A kernel call's duration includes the kernel: its copies are not timed.
   * A data call's duration is shared by its copies in proportion to bytes. */
  uint64_t call_bytes = 0;
  if (kind != OM_CALL_KERNEL)
    for (int32_t i = 0; i < entries->count && i < OM_PRESENCE_MAX; i++)
      call_bytes += copy_count(entry_copies(kind, entries, i, before, after, skipped)) *
                    (uint64_t)entries->sizes[i];
  uint64_t at_ns = start_ns;
  for (int32_t i = 0; i < entries->count && i < OM_PRESENCE_MAX; i++) {
    unsigned copies = entry_copies(kind, entries, i, before, after, skipped);
    if (copies == 0)
      continue;
    om_ledger_row *row = om_entry_row(ledger, entries, i, origin);
    uint64_t bytes = (uint64_t)entries->sizes[i];
    uint64_t share_ns =
        call_bytes > 0 ? (uint64_t)((double)duration_ns * (double)bytes / (double)call_bytes) : 0;
    for (int direction = 0; direction < OM_DIRECTION_COUNT; direction++) {
      if (!(copies & (1u << direction)))
        continue;
      /* A kernel copies to the device before it runs and back after. */
      uint64_t event_ns = kind == OM_CALL_KERNEL && direction == OM_FROM_DEVICE
                              ? start_ns + duration_ns
                              : at_ns;
      om_ledger_record_copy(ledger, row, device, (om_direction)direction, bytes, event_ns,
                            share_ns);
      at_ns += share_ns;
    }
  }
}

OM_HOT void om_account_kernel_copies(om_ledger *ledger, int device,
                                     const om_map_entries *entries, uint32_t to_device,
                                     uint32_t from_device, const om_call_origin *origin,
                                     uint64_t start_ns, uint64_t end_ns) {
  for (uint32_t left = to_device | from_device; left != 0; left &= left - 1) {
    int32_t i = __builtin_ctz(left);
    om_ledger_row *row = om_entry_row(ledger, entries, i, origin);
    uint64_t bytes = (uint64_t)entries->sizes[i];
    if ((to_device >> i) & 1)
      om_ledger_record_copy(ledger, row, device, OM_TO_DEVICE, bytes, start_ns, 0);
    if ((from_device >> i) & 1)
      om_ledger_record_copy(ledger, row, device, OM_FROM_DEVICE, bytes, end_ns, 0);
  }
}
