/* state.c - what every part of the plugin shares (state.h). */
#include "state.h"

_Thread_local unsigned char om_thread_inside;

_Thread_local uint64_t om_thread_heap_calls;

void om_runtime_count_heap_calls(void) {
  om_thread_heap_calls = 0;
  om_thread_inside = OM_IN_RUNTIME_COUNTED;
}

om_ledger om_plugin_transfers = OM_LEDGER_PER_THREAD_INIT;
om_shadow om_plugin_shadow;
om_findings om_plugin_findings;
