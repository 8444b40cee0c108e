/* plugin.h - process-wide state of libownmap-plugin.so. */
#ifndef OWNMAP_PLUGIN_PLUGIN_H
#define OWNMAP_PLUGIN_PLUGIN_H

#include "ledger.h"
#include "real.h" /* the runtime's functions, which every hook forwards to */

#include <stdbool.h>

/* Nonzero on a thread while it is inside an interposed offload call: calls
 * the runtime makes into the entry points are then not counted again, and
 * its own heap blocks are neither recorded nor checked. OM_INSIDE_CALL
 * (true) normally, OM_INSIDE_CALL_COUNTED while self-timing counts the
 * malloc-family calls of the runtime. Initial-exec, so that reading it never
 * allocates (it is read in malloc). */
enum { OM_INSIDE_CALL = 1, OM_INSIDE_CALL_COUNTED = 2 };
extern _Thread_local unsigned char om_inside_offload_call
    __attribute__((tls_model("initial-exec")));

/* Every copy the interposed calls observed. */
extern om_ledger om_plugin_transfers;

/* Reads the options, says hello when verbose, arranges the summary at exit
 * and the fork handlers; runs once, at load or at the first offload call. */
void om_plugin_init(void);

#endif
