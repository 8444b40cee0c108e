/* state.c - what every part of the plugin shares (state.h). */
#include "state.h"

_Thread_local unsigned char om_thread_inside;

static _Thread_local uint64_t heap_calls __attribute__((tls_model("initial-exec")));

void om_runtime_count_heap_calls(void) {
  heap_calls = 0;
  om_thread_inside = OM_IN_RUNTIME_COUNTED;
}

void om_runtime_heap_call(void) {
  if (om_thread_inside == OM_IN_RUNTIME_COUNTED)
    heap_calls++;
}

uint64_t om_runtime_heap_calls(void) { return heap_calls; }

om_ledger om_plugin_transfers = OM_LEDGER_INIT;
om_shadow om_plugin_shadow;
om_findings om_plugin_findings;
