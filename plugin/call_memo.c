/* call_memo.c - a kernel call's decisions, remembered per thread and call
 * site (call_memo.h). */
#include "call_memo.h"

#include "allocations.h"
#include "hot_path.h"
#include "offload_abi.h"
#include "stale.h"
#include "takeover.h"

/* One entry as the call passed it. */
typedef struct {
  void *begin;
  int64_t size, type;
  void *base;
} memo_entry;

/* What a recall reads comes first and each entry's fields lie together, so
 * that a call of one or two entries reads three or four cache lines: after
 * the runtime's own work (the CUDA driver's, on a GPU) few of them are
 * still cached, and each line read costs more than the comparisons. */
struct om_call_memo {
  bool valid;
  bool has_bases;
  int device;
  int32_t count;
  om_decision_stamp stamp;
  om_call_site site;
  om_call_decisions decisions;
  memo_entry entries[OM_DECIDED_ENTRIES];
};

/* A few sites per thread, direct-mapped: a time loop has one or a few
 * kernels. Initial-exec, as the rest of the plugin's thread state. */
enum { MEMO_SLOTS = 4 };
static _Thread_local om_call_memo memos[MEMO_SLOTS] __attribute__((tls_model("initial-exec")));

OM_HOT om_decision_stamp om_decision_stamp_now(int device) {
  om_shadow_stamp shadow = om_shadow_stamp_of(&om_plugin_shadow, device);
  return (om_decision_stamp){shadow.generation, shadow.absence_epoch, om_allocations_stamp()};
}

bool om_call_memo_wanted(const om_checked_call *call, const om_call_site *site) {
  const om_map_entries *entries = call->entries;
  if (!call->kernel || entries->count < 0 || entries->count > OM_DECIDED_ENTRIES ||
      om_stale_enabled())
    return false;
  for (int32_t i = 0; i < entries->count; i++) {
    bool mapper = entries->mappers != NULL && entries->mappers[i] != NULL;
    om_takeover_entry entry = {entries->begins[i], entries->sizes[i], entries->types[i], mapper,
                               site->nowait};
    if (mapper || (entries->types[i] & OM_MAP_PTR_AND_OBJ) || om_takeover_entry_eligible(&entry))
      return false;
  }
  return true;
}

OM_HOT om_call_memo *om_call_memo_slot(const om_call_site *site) {
  uintptr_t hash = ((uintptr_t)site->return_address >> 4) ^ ((uintptr_t)site->host_ptr >> 4) ^
                   (uintptr_t)site->psource;
  return &memos[(hash ^ (hash >> 7)) % MEMO_SLOTS];
}

static bool same_site(const om_call_site *a, const om_call_site *b) {
  return a->psource == b->psource && a->return_address == b->return_address &&
         a->host_ptr == b->host_ptr && a->nowait == b->nowait;
}

static bool same_stamp(const om_decision_stamp *a, const om_decision_stamp *b) {
  return a->shadow_generation == b->shadow_generation && a->absence_epoch == b->absence_epoch &&
         a->allocations == b->allocations;
}

/* Whether the memo is of this call: same site, device and entries. An
 * entry passed by value (LITERAL: a scalar firstprivate, whose begin is
 * the value) maps nothing, so only its type counts. */
static bool same_call(const om_call_memo *memo, const om_checked_call *call,
                      const om_call_site *site) {
  const om_map_entries *entries = call->entries;
  if (!memo->valid || !same_site(&memo->site, site) || memo->device != call->device ||
      memo->count != entries->count || memo->has_bases != (call->bases != NULL))
    return false;
  for (int32_t i = 0; i < entries->count; i++) {
    const memo_entry *kept = &memo->entries[i];
    if (kept->type != entries->types[i])
      return false;
    if (entries->types[i] & OM_MAP_LITERAL)
      continue;
    if (kept->begin != entries->begins[i] || kept->size != entries->sizes[i] ||
        (call->bases != NULL && kept->base != call->bases[i]))
      return false;
  }
  return true;
}

OM_HOT bool om_call_memo_recall(const om_call_memo *memo, const om_checked_call *call,
                                const om_call_site *site, const om_decision_stamp *now,
                                om_call_decisions *decisions) {
  if (!same_stamp(&memo->stamp, now) || !same_call(memo, call, site))
    return false;
  *decisions = memo->decisions;
  return true;
}

void om_call_memo_store(om_call_memo *memo, const om_checked_call *call,
                        const om_call_site *site, const om_decision_stamp *stamp,
                        const om_call_decisions *decisions) {
  const om_map_entries *entries = call->entries;
  memo->valid = true;
  memo->site = *site;
  memo->device = call->device;
  memo->count = entries->count;
  memo->has_bases = call->bases != NULL;
  for (int32_t i = 0; i < entries->count; i++)
    memo->entries[i] = (memo_entry){entries->begins[i], entries->sizes[i], entries->types[i],
                                    call->bases != NULL ? call->bases[i] : NULL};
  memo->stamp = *stamp;
  memo->decisions = *decisions;
}

OM_HOT void om_call_memo_restamp(om_call_memo *memo, const om_decision_stamp *before,
                                 const om_decision_stamp *after, uint32_t created,
                                 uint32_t removed) {
  if (!memo->valid || !same_stamp(&memo->stamp, before) || created != removed ||
      after->absence_epoch != before->absence_epoch || after->allocations != before->allocations ||
      after->shadow_generation !=
          before->shadow_generation + 2 * (uint64_t)__builtin_popcount(created))
    return;
  memo->stamp = *after;
}
