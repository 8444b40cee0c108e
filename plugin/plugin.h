/* plugin.h - process-wide state of libownmap-plugin.so. */
#ifndef OWNMAP_PLUGIN_PLUGIN_H
#define OWNMAP_PLUGIN_PLUGIN_H

#include "ledger.h"

/* Every copy the interposed calls observed. */
extern om_ledger om_plugin_transfers;

/* Reads the options, says hello when verbose, arranges the summary at exit
 * and the fork handlers; runs once, at load or at the first offload call. */
void om_plugin_init(void);

#endif
