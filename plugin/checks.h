/* checks.h - mapping safety checks of the plugin (OWNMAP_CHECKS).
 *
 * The checks keep the shadow of the mapping table (rtl/shadow.h) in step
 * with the calls the program makes and report, once per site:
 *  - a map section that extends outside its heap block (error, reported
 *    before the call is forwarded, so before any byte moves);
 *  - an explicit map that overlaps a mapping without being contained in it,
 *    and a present modifier on data not present (errors, confirmed with the
 *    runtime's presence query; the call is still forwarded, so that the
 *    runtime reports and fails it as it would, and OWNMAP_ON_ERROR=abort
 *    stops the program only once it returned);
 *  - free/realloc of a heap block that is still mapped (error);
 *  - a host access to data a kernel may have changed, before the copy came
 *    back (warning; OWNMAP_CHECKS=full guards such buffers, stale.h);
 *  - mappings still present at exit (warning, leak_check.c; a note for
 *    those of threads still running then).
 * After another error, OWNMAP_ON_ERROR=abort stops the program at once.
 */
#ifndef OWNMAP_PLUGIN_CHECKS_H
#define OWNMAP_PLUGIN_CHECKS_H

#include "accounting.h"
#include "state.h" /* the shadow the checks keep, the findings */

#include <stdbool.h>

/* One offload call as the checks see it. */
typedef struct {
  int device;
  const om_map_entries *entries;
  void **bases;                   /* ArgBasePtrs, for finding heap blocks */
  const om_call_origin *origin;
  const om_presence *present_before; /* what the runtime had before the call */
  bool kernel; /* __tgt_target_kernel: its maps last as long as the call */
} om_checked_call;

/* What the checks decide of a kernel before it is forwarded that depends
 * only on the call and on state that a stamp covers (call_memo.h), for
 * calls of at most OM_DECIDED_ENTRIES entries, bit i for entry i: the
 * shadow's answers (known and held: present; known alone: absent; neither:
 * probed), which of the entries it cannot answer may have an absence
 * learned, and whether no section lies outside its heap block; and what
 * the call's map types say of each entry (pure functions of the call). */
#define OM_DECIDED_ENTRIES 16
typedef struct {
  uint32_t known, held, learnable;
  bool bounds_clean;
  uint32_t checked;  /* the shadow follows it */
  uint32_t counted;  /* its copies are counted (om_entry_counted) */
  uint32_t present_modifier, to, from, always; /* its map type's bits */
  bool touches_holdable; /* an entry it claims may touch a block elision could hold */
} om_call_decisions;

/* True unless OWNMAP_CHECKS=off. */
bool om_checks_enabled(void);

/* Before forwarding any call: the presence of each counted entry. Entries
 * the shadow holds are present, and those whose start it knows absent are
 * absent, without asking the runtime; the others are probed, and a heap or
 * stack address found absent is learned (om_shadow_learn_absent).
 * *tracked receives the entries whose presence after the call the shadow
 * will know: those it holds, and those absent from both. When decisions
 * is not NULL, it receives the answers and the learnable entries. */
void om_checks_presence_before(const om_checked_call *call, om_is_present_fn is_present,
                               om_presence *before, om_presence *tracked,
                               om_call_decisions *decisions);

/* The same from the answers recalled (decisions made for the same call
 * against the same shadow): only the entries the shadow could not answer
 * are probed. */
void om_checks_presence_recalled(const om_checked_call *call, om_is_present_fn is_present,
                                 const om_call_decisions *recalled, om_presence *before,
                                 om_presence *tracked);

/* The heap block that entry i's section starts in (at its begin, or the
 * block at its base pointer when the begin lies within it). */
bool om_checks_heap_block_of(const om_checked_call *call, int32_t i, uintptr_t *start,
                             size_t *size);

/* Before forwarding a data begin or a kernel: bounds and overlap checks,
 * then the shadow counts the maps up. Mappings the shadow will not follow
 * (user-defined mappers, PTR_AND_OBJ pointer slots) forget the absences
 * learned where they may lie. decisions (may be NULL): when its
 * bounds_clean is set (recalled), the bounds are not checked again, else
 * it is set to whether none lies outside. *created (may be NULL): the
 * entries whose maps created a mapping in the shadow. */
void om_checks_before_map(const om_checked_call *call, om_call_decisions *decisions,
                          uint32_t *created);

/* om_checks_before_map for a kernel whose decisions were recalled: its
 * bounds were found inside their blocks, and nothing it maps is left to
 * mappings the shadow does not follow. */
void om_checks_map_recalled(const om_checked_call *call, const om_call_decisions *recalled,
                            uint32_t *created);

/* A call passed through unobserved: it may map anything, so no learned
 * absence holds any longer. */
void om_checks_unseen_call(void);

/* After forwarding a data end or a kernel: the shadow counts the maps down,
 * last entry first as the runtime does; *still_mapped receives the entries
 * that remain mapped, *removed (may be NULL) those whose mapping went. */
void om_checks_after_unmap(const om_checked_call *call, om_presence *still_mapped,
                           uint32_t *removed);

/* The same for a kernel whose decisions were recalled. */
void om_checks_unmap_recalled(const om_checked_call *call, const om_call_decisions *recalled,
                              om_presence *still_mapped, uint32_t *removed);

/* False when no mapping can overlap [begin, end): a free of that block
 * needs no check. */
static inline bool om_checks_may_be_mapped(uintptr_t begin, uintptr_t end) {
  return om_shadow_may_overlap(&om_plugin_shadow, begin, end);
}

/* After forwarding any call (OWNMAP_CHECKS=full): guard the buffers whose
 * host copy is now stale, put back or drop the guards the call lifted.
 * still_mapped: from om_checks_after_unmap (ends and kernels). */
void om_checks_stale_after(const om_checked_call *call, om_call_kind kind,
                           const om_presence *still_mapped);

/* free/realloc (`what`) of the heap block at start, called from
 * return_address: an error if the block is still mapped anywhere. */
void om_checks_heap_release(const void *start, size_t size, const char *what,
                            const void *return_address);

/* omp_target_associate_ptr / disassociate_ptr succeeded. */
void om_checks_associated(const void *host, size_t size, int device,
                          const void *return_address);
void om_checks_disassociated(const void *host, int device);

/* Warns about every mapping the program left at exit. */
void om_checks_report_leaks(void);

#endif
