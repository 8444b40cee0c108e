/* heap.h - control of the interposed malloc family (heap.c). */
#ifndef OWNMAP_PLUGIN_HEAP_H
#define OWNMAP_PLUGIN_HEAP_H

#include <stdbool.h>

#include <stddef.h>

/* The smallest block recorded with OWNMAP_CHECKS=fast (full records every
 * block): host code that allocates a lot allocates objects smaller than
 * this, and recording each of them would cost it more than its malloc. */
#define OM_HEAP_RECORD_MIN_BYTES ((size_t)1024)

/* Whether heap blocks are recorded (those of at least min_bytes) and
 * checked on release (OWNMAP_CHECKS other than off); every block until the
 * plugin is initialised. Also resolves the real functions, which the
 * runtime's calls then take without asking. */
void om_heap_set_recording(bool on, size_t min_bytes);

#endif
