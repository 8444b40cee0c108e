/* facts.c - ownership facts stated by rewritten code (facts.h). */
#include "facts.h"

#include "message.h"
#include "options.h"

#include <stdatomic.h>
#include <stddef.h>

#define OM_EXPORT __attribute__((visibility("default")))

typedef struct {
  uintptr_t begin, end;
} byte_range;

/* Initial-exec like the plugin's other thread-locals: never allocates. */
static _Thread_local struct {
  unsigned count;
  byte_range reads_only[OM_FACTS_MAX];
} facts __attribute__((tls_model("initial-exec")));

static atomic_bool said_dropped;

OM_EXPORT void ownmap_plugin_fact_reads_only(const void *begin, size_t bytes) {
  uintptr_t low = (uintptr_t)begin, high = low + bytes;
  if (begin == NULL || bytes == 0 || high < low)
    return; /* nothing to say, or no such range */
  if (facts.count == OM_FACTS_MAX) {
    if (om_option_flag(OM_OPTION_VERBOSE) && om_first_time(&said_dropped))
      om_message("more than %d reads-only facts for one kernel; the others are ignored "
                 "(their sections keep a device snapshot)",
                 OM_FACTS_MAX);
    return;
  }
  facts.reads_only[facts.count++] = (byte_range){low, high};
}

OM_EXPORT void ownmap_plugin_facts_done(void) { om_facts_clear(); }

bool om_facts_reads_only(uintptr_t begin, uintptr_t end) {
  for (unsigned i = 0; i < facts.count; i++)
    if (facts.reads_only[i].begin <= begin && end <= facts.reads_only[i].end)
      return true;
  return false;
}

void om_facts_clear(void) { facts.count = 0; }
