/* plugin.h - the start of libownmap-plugin.so (plugin.c). The hooks use
 * the ground floor under every part of the plugin: the real functions
 * (real.h) and the shared state (state.h). */
#ifndef OWNMAP_PLUGIN_PLUGIN_H
#define OWNMAP_PLUGIN_PLUGIN_H

#include "real.h"
#include "state.h"

/* Reads the options, says hello when verbose, arranges the summary at exit
 * and the fork handlers; runs once, at load or at the first offload call. */
void om_plugin_init(void);

#endif
