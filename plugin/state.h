/* state.h - the ground floor, second part: what every part of the plugin
 * shares. Whether this thread is inside the offload runtime (and so which
 * calls are the runtime's own), and the process-wide records: the ledger
 * of copies, the shadow of the mapping table, the findings.
 *
 * Inside the runtime: while a thread is in an offload call the plugin
 * observes, or in a call the plugin makes into the runtime itself, the
 * calls the runtime makes into the entry points are not counted again,
 * and its heap blocks are neither recorded nor checked. Every such stretch
 * is one om_runtime_enter / om_runtime_leave pair, which restores what was
 * before, so that stretches nest. */
#ifndef OWNMAP_PLUGIN_STATE_H
#define OWNMAP_PLUGIN_STATE_H

#include "findings.h"
#include "ledger.h"
#include "shadow.h"

#include <stdbool.h>
#include <stdint.h>

/* This thread's state: OM_IN_PROGRAM, OM_IN_RUNTIME, or
 * OM_IN_RUNTIME_COUNTED while self-timing counts the runtime's
 * malloc-family calls. Initial-exec, so that reading it never allocates
 * (the malloc wrappers read it); read through the functions below. */
enum { OM_IN_PROGRAM = 0, OM_IN_RUNTIME = 1, OM_IN_RUNTIME_COUNTED = 2 };
extern _Thread_local unsigned char om_thread_inside
    __attribute__((tls_model("initial-exec")));

/* What om_runtime_enter found, for om_runtime_leave to restore. */
typedef struct {
  unsigned char was;
} om_runtime_entry;

static inline om_runtime_entry om_runtime_enter(void) {
  om_runtime_entry entry = {om_thread_inside};
  om_thread_inside = OM_IN_RUNTIME;
  return entry;
}

static inline void om_runtime_leave(om_runtime_entry entry) { om_thread_inside = entry.was; }

/* Whether the stretch entered was the program's call, not one the runtime
 * or the plugin made while inside. */
static inline bool om_runtime_entered_from_program(om_runtime_entry entry) {
  return entry.was == OM_IN_PROGRAM;
}

/* Whether this thread is inside the runtime (counted or not). */
static inline bool om_in_runtime(void) { return om_thread_inside != OM_IN_PROGRAM; }

/* Inside and not counted: the malloc wrappers' fast path. */
static inline bool om_in_runtime_uncounted(void) {
  return __builtin_expect(om_thread_inside == OM_IN_RUNTIME, 1);
}

/* Self-timing: from now until om_runtime_leave, this thread counts the
 * malloc-family calls it makes (the runtime's, during a forwarded call). */
void om_runtime_count_heap_calls(void);

/* The calls this thread counted since om_runtime_count_heap_calls. */
extern _Thread_local uint64_t om_thread_heap_calls __attribute__((tls_model("initial-exec")));

/* Counts one call if this thread is counting (the malloc wrappers: inline). */
static inline void om_runtime_heap_call(void) {
  if (om_thread_inside == OM_IN_RUNTIME_COUNTED)
    om_thread_heap_calls++;
}

static inline uint64_t om_runtime_heap_calls(void) { return om_thread_heap_calls; }

/* Every copy the interposed calls observed. */
extern om_ledger om_plugin_transfers;

/* The shadow of the runtime's mapping table that the checks keep. */
extern om_shadow om_plugin_shadow;

/* Every finding reported, for the run report. */
extern om_findings om_plugin_findings;

#endif
