/* heap.h - control of the interposed malloc family (heap.c). */
#ifndef OWNMAP_PLUGIN_HEAP_H
#define OWNMAP_PLUGIN_HEAP_H

#include <stdbool.h>

/* Whether heap blocks are recorded and checked on release (OWNMAP_CHECKS
 * other than off); on until the plugin is initialised. Also resolves the
 * real functions, which the runtime's calls then take without asking. */
void om_heap_set_recording(bool on);

#endif
